// @ts-check
// Starting Python with the game engine: shared by the engine worker (engine/worker.js) and the
// worker that makes a memory snapshot of it after a first visit (engine/snapshot-worker.js).
//
// A memory snapshot is the whole Python heap just after the engine was imported. A later visit
// hands it to Pyodide instead of starting Python and importing the engine again (~4x faster).
// It lives in Cache Storage under a key naming the Pyodide version and the build's hash, so a new
// build never uses an old snapshot; only one is kept. `_makeSnapshot` / `_loadSnapshot` are
// private start-up options of the pinned Pyodide (package.json): the e2e tests cover the snapshot
// path, the normal path and the switch between them in every browser engine we test.

export const SITE = new URL("../", import.meta.url);
export const PYODIDE = new URL("pyodide/", SITE);
const SNAPSHOTS = "pygames-snapshot";

export async function fetchJSON(url) {
  const r = await fetch(url, { cache: "no-cache" });
  if (!r.ok) throw new Error(`Could not fetch ${url} (HTTP ${r.status})`);
  return r.json();
}

export const buildInfo = () => fetchJSON(new URL("build-info.json", SITE));

const snapshotKey = (info) => new URL(`snapshot/${info.pyodide}/${info.hash}`, SITE).href;
const failedKey = (info) => new URL(`snapshot-failed/${info.pyodide}/${info.hash}`, SITE).href;

/** Run before a snapshot is taken (here, and by the build's trace: tools/compile_bytecode.mjs):
 *  every language's catalogs read, so that a start from the snapshot needs none of the engine's
 *  files, and a return visit's first move saves the game's summary in each language
 *  (engine/worker.js) without reading them. */
export const BEFORE_SNAPSHOT = `from pygames_wasm.core import i18n
from pygames_wasm.games import GAMES
i18n.read_all((None, *GAMES))
del i18n, GAMES`;

let scripts = null;

/** Pyodide's two scripts: its loader, and the module the loader instantiates (1.2 MB of JavaScript
 *  to fetch and compile). Imported once; the engine worker asks first thing, so that they load
 *  while it looks for a snapshot, instead of after. */
export function pyodideScripts() {
  scripts ??= Promise.all([
    import(new URL("pyodide.mjs", PYODIDE).href),
    import(new URL("pyodide.asm.mjs", PYODIDE).href),
  ]);
  return scripts;
}

/** Python with the engine imported: restored from `snapshot` (its bytes, or a promise of them) if
 *  given, else started. Pyodide fetches its own files, so the WebAssembly compiles as it downloads;
 *  `wheel` (bytes, or a promise of them) is waited for only once Python is up, and only when it was
 *  started (a start from the snapshot does without it).
 *  `stage(name, label)` hears when each step begins (for the progress bar and the benchmarks).
 * @param {{wheel: Uint8Array | Promise<Uint8Array>, snapshot?: Uint8Array | Promise<Uint8Array> | null,
 *          makeSnapshot?: boolean, stage?: (name: string, label: string) => void}} how */
export async function startEngine({ wheel, snapshot = null, makeSnapshot = false, stage = () => {} }) {
  stage("start-python", "Shuffling the cards");
  const [{ loadPyodide }, { default: createPyodideModule }] = await pyodideScripts();
  const options = { indexURL: PYODIDE.href, createPyodideModule };
  if (snapshot) options._loadSnapshot = snapshot; // Pyodide waits for it after starting its downloads
  if (makeSnapshot) options._makeSnapshot = true;
  const pyodide = await loadPyodide(options);
  stage("engine", "Setting up the table");
  // The file system is not part of a snapshot, and a start from one does without the engine's
  // files: every module the page uses was imported, and every catalog read (BEFORE_SNAPSHOT),
  // when it was taken. The build's trace runs every API method on such a start, and fails if one
  // needs a file. Unpacking the wheel took ~100 ms of a return visit; a normal start still does.
  if (!snapshot) {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  }
  // Imported with runPython, not pyimport: a snapshot must be taken before any JS object holds a
  // Python one. A restored heap has its `random` state frozen in: reseed it. (The engine's deal
  // seeds come from os.urandom, which a snapshot does not freeze.)
  pyodide.runPython(`import importlib; importlib.invalidate_caches(); import pygames_wasm.api
${snapshot ? "import random; random.seed()" : ""}`);
  if (makeSnapshot) pyodide.runPython(BEFORE_SNAPSHOT);
  // What is in memory now (the standard library, the engine, its tables and catalogs) lives as long
  // as the page: frozen, Python's collector never walks it again. A resume's first call, which
  // makes thousands of objects, took 15-30% less (bench/page_speed.py --only slow).
  pyodide.runPython("import gc; gc.freeze()");
  return pyodide;
}

async function snapshotCache() {
  try {
    return await caches.open(SNAPSHOTS);
  } catch {
    return null; // storage refused (a private window, a cross-site embed): no snapshots, silently
  }
}

/** This build's snapshot, `{bytes}` (a promise of them: read while Python's files load), or null:
 *  none yet, storage refused, or it failed on this device before.
 * @returns {Promise<{bytes: Promise<Uint8Array>} | null>} */
export async function savedSnapshot(info) {
  const cache = await snapshotCache();
  if (!cache) return null;
  try {
    const hit = await cache.match(snapshotKey(info));
    return hit ? { bytes: hit.arrayBuffer().then((bytes) => new Uint8Array(bytes)) } : null;
  } catch {
    return null;
  }
}

/** Whether to make a snapshot of this build: storage works, none exists, none failed here. */
export async function snapshotWanted(info) {
  const cache = await snapshotCache();
  if (!cache) return false;
  try {
    return !(await cache.match(snapshotKey(info))) && !(await cache.match(failedKey(info)));
  } catch {
    return false;
  }
}

/** Keep `bytes` as this build's snapshot, and nothing else (older builds' snapshots go). */
export async function keepSnapshot(info, bytes) {
  const cache = await snapshotCache();
  if (!cache) return;
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(snapshotKey(info), new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** A snapshot that would not restore: drop it, and never make another of this build here. */
export async function dropSnapshot(info) {
  const cache = await snapshotCache();
  if (!cache) return;
  try {
    await cache.delete(snapshotKey(info));
    await cache.put(failedKey(info), new Response("1"));
  } catch {
    // nothing more to do: the next start is a normal one either way
  }
}
