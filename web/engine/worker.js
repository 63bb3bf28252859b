// @ts-check
// The engine's home: a module Web Worker that loads Pyodide and the engine wheel,
// then answers {id, method, params} messages with pygames_wasm.api.handle().
//
// The worker also owns saving: after every successful mutating call it stores the
// game's record in IndexedDB under the key the page gave for that game (a header, and
// one entry per move: see saveWhole). The record never leaves this worker (but a finished
// game's, exported as a file: engine/between-store.js), and the page never asks for another
// seat's hand.
//
// Messages in:  {id, method, params, key?}
//   - engine methods: list_games, new_game, view, legal_actions, act, explain, summary,
//     bot_move, bot_act, hint, undo, close (passed straight to api.handle)
//   - worker methods: resume {key, at?}, forget {key}, saves {prefix}, move_save {handle, key}, __stats {},
//     and those of finished games (engine/between-store.js)
//   (save and load are worker-internal and refused from the page)
// Messages out: {id, result} | {id, error: {code, message}} (the worker's own codes besides the
//               engine's: engine_unavailable, and damaged_save: a save that does not hold what its
//               header says, resumed only at the move the list of saves offers)
//               {type: "progress", stage, label, loaded, total}
//               {type: "ready", ms} | {type: "fatal", message}

import { isCount, isRecord, isText } from "../app/shapes.js";
import { betweenStore } from "./between-store.js";
import {
  buildInfo,
  dropSnapshot,
  PYODIDE,
  pyodideScripts,
  SITE,
  savedSnapshot,
  snapshotWanted,
  startEngine,
} from "./python-boot.js";

const MUTATING = new Set(["new_game", "act", "bot_act", "undo"]);
// A first visit's snapshot is made once the engine has had no call for this long (the player is
// reading or thinking): making it costs another start's worth of CPU, which would slow the taps of
// a player who starts to play at once.
const SNAPSHOT_QUIET_MS = 2000;
// ?snapshot=off on the page: never make a snapshot (for measuring the normal start).
const NO_SNAPSHOT = new URL(self.location.href).searchParams.get("snapshot") === "off";
const INTERNAL = new Set(["save", "load"]);
const DB_NAME = "pygames";
const DB_STORE = "saves";

// Rough sizes, used only until the server tells us Content-Length.
const EXPECTED = {
  "pyodide.asm.wasm": 9_600_000,
  "python_stdlib.zip": 1_380_000,
  wheel: 440_000,
};

let api = null; // the pygames_wasm.api PyProxy
const keys = new Map(); // handle -> {key, moves}: where its save is, and how many moves it holds
const timings = {}; // method -> [ms, ...] (engine time only)
const options = { timeBotMove: false };
const started = performance.now();
let lastCall = started; // when the engine was last called (whenQuiet)

/** @param {import("./protocol.js").WorkerMessage} msg */
function post(msg) {
  self.postMessage(msg);
}

// ---------------------------------------------------------------- progress
// Pyodide fetches its own files as soon as the worker starts (engine/python-boot.js), so that the
// WebAssembly compiles while it downloads (and Chrome keeps its compiled-code cache of it). On a
// first visit the worker counts their bytes from a clone of each response, so the bar shows real
// bytes without a second download; later visits have every file on this device and count nothing.
const progress = { files: new Map(), stage: "start", label: "Starting" };

function reportProgress() {
  let loaded = 0,
    total = 0;
  for (const f of progress.files.values()) {
    loaded += f.loaded;
    total += Math.max(f.total, f.loaded);
  }
  post({ type: "progress", stage: progress.stage, label: progress.label, loaded, total });
}

const stages = {}; // stage -> ms since the worker started (for bench/page_speed.py)

function setStage(stage, label) {
  progress.stage = stage;
  progress.label = label;
  stages[stage] = Math.round(performance.now() - started);
  reportProgress();
}

/** Count the bytes of `response` (a clone of it: its body is left to its reader) under `name`. */
async function countBytes(response, name) {
  const file = progress.files.get(name) || { loaded: 0, total: EXPECTED[name] || 0 };
  progress.files.set(name, file);
  const length = Number(response.headers.get("Content-Length"));
  if (length > 0 && !response.headers.get("Content-Encoding")) file.total = length;
  if (!response.body) return;
  const reader = response.body.getReader();
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    file.loaded += value.byteLength;
    const now = performance.now();
    if (now - last > 50) {
      last = now;
      reportProgress();
    }
  }
  file.total = file.loaded;
  reportProgress();
}

/** From now on, Pyodide's fetches of the big files are counted as they arrive; resolves when all
 *  of them have been. */
function countDownloads() {
  const names = new Map(BIG.map((name) => [new URL(name, PYODIDE).href, name]));
  const counted = [];
  const fetchFirst = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const href = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    const name = names.get(href);
    const reply = fetchFirst(input, init);
    if (name) {
      names.delete(href); // once: a later fetch of it is not a download of the first visit's
      counted.push(reply.then((r) => (r.ok ? countBytes(r.clone(), name) : undefined)).catch(() => {}));
    }
    return reply;
  };
  return () => Promise.all(counted);
}

/** The bytes of `url`, counted under `name`. */
async function fetchCounted(url, name) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`Could not fetch ${url} (HTTP ${r.status})`);
  const counting = countBytes(r.clone(), name);
  const bytes = new Uint8Array(await r.arrayBuffer());
  await counting;
  return bytes;
}

// ---------------------------------------------------------------- startup
async function onThisDevice(url) {
  try {
    return !!(self.caches && (await caches.match(url)));
  } catch {
    return false;
  }
}

// The big files Pyodide fetches (pyodide.asm.mjs it imports, which no fetch sees: it is not counted).
const BIG = ["pyodide.asm.wasm", "python_stdlib.zip"];
let startedFrom = "start"; // how Python started: "snapshot", or "start" (and why, if a snapshot failed)
let lastResume = null; // {moves, fromCheckpoint, checkpoint}: the last resume, for the tests and benchmarks
// (checkpoint: "used", "refused", "unused", "stale": another build's, or "none")
// A first visit's snapshot: "no" (none needed), "to be made", "made", "made by another page",
// "being made by another page", "failed: …".
let snapshotMaking = "no";

async function boot() {
  pyodideScripts().catch(() => {}); // awaited (and its failure reported) by startEngine
  for (const [name, bytes] of Object.entries(EXPECTED)) progress.files.set(name, { loaded: 0, total: bytes });
  const infoPromise = buildInfo();
  // On later visits the service worker has every file on this device: nothing to download.
  const local = await onThisDevice(new URL("pyodide.asm.wasm", PYODIDE));
  setStage("fetch", local ? "Getting the cards ready" : "Fetching the cards");
  if (local) for (const name of BIG) progress.files.set(name, { loaded: EXPECTED[name], total: EXPECTED[name] });
  const downloaded = local ? () => Promise.resolve() : countDownloads();
  const wheelPromise = infoPromise.then((info) => fetchCounted(new URL(info.wheel, SITE), "wheel"));
  wheelPromise.catch(() => {}); // awaited (and its failure reported) by startEngine
  const info = await infoPromise;
  buildHash = info.hash;
  // A snapshot's bytes are read while Pyodide's files load: only whether there is one is needed now.
  const saved = await savedSnapshot(info);
  const snapshot = saved?.bytes.then((bytes) => {
    stages["snapshot-read"] = Math.round(performance.now() - started); // for the benchmarks
    return bytes;
  });
  // Python starts at once; the label says "Fetching" until the files are in.
  let fetching = !local;
  const stage = (name, label) => {
    if (name === "start-python" && fetching) stages[name] = Math.round(performance.now() - started);
    else setStage(name, label);
  };
  downloaded().then(() => {
    fetching = false;
    if (progress.stage === "fetch") setStage("start-python", "Shuffling the cards");
  });
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await startEngine({ wheel: wheelPromise, snapshot, stage });
      startedFrom = "snapshot";
    } catch (e) {
      console.warn("The start-up snapshot did not restore; starting normally:", e);
      startedFrom = "start (the snapshot failed)";
      await dropSnapshot(info);
    }
  }
  if (!pyodide) pyodide = await startEngine({ wheel: wheelPromise, stage });
  api = pyodide.pyimport("pygames_wasm.api");
  setStage("ready", "Ready");
  post({ type: "ready", ms: Math.round(performance.now() - started) });
  if (!snapshot && !NO_SNAPSHOT && (await snapshotWanted(info))) {
    // Made by its own worker, a little later: the first game never waits for it.
    snapshotMaking = "to be made";
    whenQuiet(() => {
      const maker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
      maker.onmessage = (e) => {
        snapshotMaking = e.data.outcome;
      };
      maker.onerror = (e) => {
        snapshotMaking = `failed: ${e.message}`;
      };
    });
  }
}

/** `run` once the engine has had no call for SNAPSHOT_QUIET_MS (the page's __stats polls are not engine calls). */
function whenQuiet(run) {
  const wait = lastCall + SNAPSHOT_QUIET_MS - performance.now();
  if (wait > 0) setTimeout(() => whenQuiet(run), wait);
  else run();
}

// ---------------------------------------------------------------- engine calls
function engine(method, params) {
  const t0 = performance.now();
  lastCall = t0;
  const reply = JSON.parse(api.handle(JSON.stringify({ method, params: params || {} })));
  timed(method, t0);
  return reply;
}

/** Keep how long `what` took since `t0` (ms), for the tests and benchmarks (`__stats`). */
function timed(what, t0) {
  timings[what] ??= [];
  const list = timings[what];
  if (list.length < 10_000) list.push(performance.now() - t0);
}

// ---------------------------------------------------------------- IndexedDB
let dbPromise = null;
function db() {
  dbPromise ||= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(DB_STORE)) req.result.createObjectStore(DB_STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return dbPromise;
}

/** Run `fn` on the object store in one transaction; once it is done, the result of the request
 *  `fn` returned (or of each, in order, when it returned a list of them). */
async function store(mode, fn) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(DB_STORE, mode);
    const req = fn(tx.objectStore(DB_STORE));
    tx.oncomplete = () => resolve(Array.isArray(req) ? req.map((r) => r.result) : req?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const idbGet = (key) => store("readonly", (s) => s.get(key));
const forget = (key) =>
  store("readwrite", (s) => {
    s.delete(movesOf(key));
    s.delete(checkpointKey(key));
    return s.delete(key);
  });

// A saved game is its record, kept as a header (everything but the moves) under the game's key,
// and one entry per move under moveKey(key, i): a move writes one small entry, not the whole
// record again, so saving stays as quick on move 2,000 as on move 2.
const moveKey = (key, i) => `${key}|move|${String(i).padStart(7, "0")}`;
const movesOf = (key) => IDBKeyRange.bound(moveKey(key, 0), `${key}|move|~`);
// Every CHECKPOINT_EVERY moves the engine's checkpoint of the game is kept too (for this build
// only), so that a resume replays the moves since it rather than the whole game.
const checkpointKey = (key) => `${key}|checkpoint`;
const CHECKPOINT_EVERY = 50;
let buildHash = null; // from build-info.json: checkpoints are kept only for the build that made them

// The header also holds the engine's summary of the game (title, how far it has got), which the
// lobby lists without opening every saved game.
// It is kept in every language of the page, so that the list reads in whichever one is chosen later.
const LANGS = ["en", "pa", "gu"];
const summaryOf = (handle) => {
  const texts = {};
  for (const lang of LANGS) {
    const s = engine("summary", { handle, lang }).summary;
    if (!s) return null;
    texts[lang] = s;
  }
  const english = texts.en; // the summary itself in English, as saves of the older form have it
  for (const lang of LANGS) texts[lang] = { title: texts[lang].title, progress: texts[lang].progress };
  return { ...english, texts };
};

// ---------------------------------------------------------------- what storage holds
// Whatever is read back from IndexedDB may be damaged: every field is checked before it is used, so
// one damaged save never stops the lobby, and a save that does not hold what its header says is
// never resumed as if it were whole. (The checks are the page's too: web/app/shapes.js.)

/** A saved summary as the page reads it: {title, progress, over}, its words in `lang` (saves of the
 *  older form have English only); null if it is not a summary the engine gave. (Saves of a while
 *  lost the summary's `game` and `over`: they are read as not over.) */
function summaryIn(summary, lang) {
  if (!isRecord(summary)) return null;
  const { title, progress, texts } = summary;
  const over = summary.over ?? false;
  if (!isText(title) || !isText(progress) || typeof over !== "boolean") return null;
  if (summary.game != null && !isText(summary.game)) return null;
  const words = isRecord(texts) && LANGS.includes(lang) && Object.hasOwn(texts, lang) ? texts[lang] : null;
  if (isRecord(words) && isText(words.title) && isText(words.progress))
    return { title: words.title, progress: words.progress, over };
  return { title, progress, over };
}

/** Is every field of the header `stored` (a save's, of either form) one the worker wrote? A summary
 *  and a time are optional (saves of the older form), but when there they must be whole, and the
 *  summary must name the game its record is of. */
function describedWell(stored) {
  if (!isRecord(stored)) return false;
  const { savedAt, summary, record } = stored;
  if (savedAt != null && !(Number.isFinite(savedAt) && savedAt >= 0)) return false;
  if (summary == null) return true;
  return !!summaryIn(summary, "en") && (summary.game == null || !isText(record?.game) || summary.game === record.game);
}

/** The moves the header `stored` says its game holds, against the keys of the move entries found
 *  (in key order): {readable: how many from the first with none missing, stated: the header's count
 *  (null if it is none), whole}. Entries past the count (none are ever written) are not read. */
function movesHeld(key, stored, entryKeys) {
  let readable = 0;
  while (readable < entryKeys.length && entryKeys[readable] === moveKey(key, readable)) readable++;
  const stated = isCount(stored.moves) ? stored.moves : null;
  if (stated !== null) readable = Math.min(readable, stated);
  return { readable, stated, whole: readable === stated };
}

/** Write the whole record of the open game `handle` (a new game, a save of the older form, a save
 *  moved to another key): the header, every move, and no stale move after them. Returns what later
 *  steps need: {key, header, moves}. */
async function saveWhole(key, handle) {
  const whole = engine("save", { handle });
  if (whole.error) throw Object.assign(new Error(whole.error.message), { code: "save_failed" });
  const { actions, ...header } = whole.record;
  const summary = summaryOf(handle);
  await store("readwrite", (s) => {
    s.delete(movesOf(key));
    s.delete(checkpointKey(key));
    for (const [i, entry] of actions.entries()) s.put(entry, moveKey(key, i));
    return s.put({ savedAt: Date.now(), record: header, moves: actions.length, summary }, key);
  });
  return { key, header, moves: actions.length };
}

/** After a move (its recorded entry) or an undo (no entry): one entry, and the header's count;
 *  now and then a checkpoint as well. */
async function saveStep(saved, entry, handle) {
  const checkpoint = entry && saved.moves % CHECKPOINT_EVERY === 0 ? engine("checkpoint", { handle }) : null;
  const header = headerOf(saved, handle);
  await store("readwrite", (s) => {
    if (entry) s.put(entry, moveKey(saved.key, saved.moves - 1));
    else s.delete(moveKey(saved.key, saved.moves));
    if (checkpoint?.checkpoint) s.put({ build: buildHash, ...checkpoint.checkpoint }, checkpointKey(saved.key));
    return s.put(header, saved.key);
  });
}

/** The header of the open game `handle`, saved as `saved` says: its record's header, its count of
 *  moves, and the engine's summary of it now. */
const headerOf = (saved, handle) => ({
  savedAt: Date.now(),
  record: saved.header,
  moves: saved.moves,
  summary: summaryOf(handle),
});

/** Replace the checkpoint kept under `key` by one of the open game `handle` as it is now (none if
 *  the engine gives none). */
async function renewCheckpoint(key, handle) {
  const fresh = engine("checkpoint", { handle }).checkpoint;
  await store("readwrite", (s) =>
    fresh ? s.put({ build: buildHash, ...fresh }, checkpointKey(key)) : s.delete(checkpointKey(key)),
  );
}

/** The saved games whose keys start with `prefix`, newest first: [{key, game, savedAt, summary,
 *  damaged, partial}]. `game`: the record's, else the summary's, else null; `summary`: {title,
 *  progress, over} or null; `damaged`: some field is not what the worker wrote; `partial`:
 *  {readable, stated} when the moves are not what the header says (a resume then needs
 *  `at: readable`), else null. */
async function listSaves(prefix, lang = "en") {
  const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  // A long game has thousands of move entries: their keys are counted, and only each game's
  // header is read.
  const keysFound = await store("readonly", (s) => s.getAllKeys(range));
  const headerKeys = keysFound.filter((key) => isText(key) && !key.includes("|"));
  const values = await store("readonly", (s) => headerKeys.map((key) => s.get(key)));
  const entries = new Map(); // a game's key -> the keys of its move entries, in order
  for (const key of keysFound) {
    const at = isText(key) ? key.indexOf("|move|") : -1;
    if (at < 0) continue;
    const game = key.slice(0, at);
    if (!entries.has(game)) entries.set(game, []);
    entries.get(game).push(key);
  }
  const out = [];
  headerKeys.forEach((key, i) => {
    const value = values[i];
    const record = isRecord(value) && isRecord(value.record) ? value.record : null;
    const summary = summaryIn(value?.summary, lang);
    const held = isRecord(value) && "moves" in value ? movesHeld(key, value, entries.get(key) || []) : null;
    const games = [record?.game, summary && value.summary.game];
    out.push({
      key,
      game: games.find(isText) || null,
      savedAt: Number.isFinite(value?.savedAt) ? value.savedAt : null,
      summary,
      damaged: !describedWell(value) || (!!held && !held.whole),
      partial: held && !held.whole ? { readable: held.readable, stated: held.stated } : null,
    });
  });
  return out.sort((a, b) => (b.savedAt || 0) - (a.savedAt || 0));
}

/** What is saved under `key`: undefined, {perMove, record, held, described, checkpoint,
 *  staleCheckpoint} (`record` with the moves that can be read, `held` as movesHeld says, `described`
 *  as describedWell says) or, for anything else (a save of the older single-object form, or
 *  damage), the stored value itself. */
async function readSave(key) {
  const stored = await idbGet(key);
  if (!(isRecord(stored) && "moves" in stored)) return stored;
  const [entryKeys, actions, checkpoint] = await Promise.all([
    store("readonly", (s) => s.getAllKeys(movesOf(key))),
    store("readonly", (s) => s.getAll(movesOf(key))),
    idbGet(checkpointKey(key)),
  ]);
  const held = movesHeld(key, stored, entryKeys);
  return {
    perMove: true,
    record: { ...stored.record, actions: actions.slice(0, held.readable) },
    held,
    described: describedWell(stored),
    // Another build's checkpoint could describe another engine's state: it is left unused (stale).
    checkpoint: checkpoint && checkpoint.build === buildHash ? checkpoint : null,
    staleCheckpoint: !!checkpoint && checkpoint.build !== buildHash,
  };
}

async function persist(method, handle, reply) {
  const saved = keys.get(handle);
  if (!saved) return;
  if (method === "new_game") {
    Object.assign(saved, await saveWhole(saved.key, handle));
  } else if (method === "undo") {
    saved.moves -= 1;
    await saveStep(saved, null, handle);
  } else {
    saved.moves += 1;
    await saveStep(saved, reply.recorded, handle);
  }
}

// ---------------------------------------------------------------- methods
function fail(code, message) {
  return { error: { code, message } };
}

/** Open the game saved under `key`. A save whose moves are not what its header says is opened only
 *  with `at`: the moves that can be read, as the list of saves offers them (the player chose to
 *  resume there); it is then saved again whole, at that move. */
async function resume({ key, lang, at }) {
  if (!key) return fail("bad_request", "No save key was given.");
  let stored;
  try {
    stored = await readSave(key);
  } catch (e) {
    return fail("bad_save", `The browser's storage could not be read (${e?.message}).`);
  }
  if (stored === undefined) return { found: false };
  const recovered = !!stored?.perMove && !stored.held.whole;
  if (recovered && at !== stored.held.readable)
    return fail("damaged_save", "This saved game could not be read: it is damaged."); // the engine's words
  // Our own saves are {savedAt, record}; anything else is passed to the engine as
  // it is, so the engine gives the reason it cannot be read.
  let record = stored && typeof stored === "object" && "record" in stored ? stored.record : stored;
  if (typeof record === "string") {
    try {
      record = JSON.parse(record);
    } catch {
      /* the engine will say why */
    }
  }
  // (A checkpoint is left out of a recovery: it may be of a later move than the one resumed at.)
  const checkpoint = (!recovered && stored?.checkpoint) || null;
  let loaded = null;
  if (checkpoint) {
    // A checkpoint only saves time: one the engine refuses (damage, a state it cannot read back),
    // or one that cannot even be sent, never costs the game, which the record alone gives back.
    try {
      loaded = engine("load", { record, checkpoint, lang });
    } catch (e) {
      loaded = fail("internal", String(e?.message || e));
    }
    if (loaded.error)
      console.warn("The saved checkpoint was refused; the whole record is replayed:", loaded.error.message);
  }
  const refused = !!loaded?.error;
  if (!loaded || refused) loaded = engine("load", { record, checkpoint: null, lang });
  if (loaded.error) return loaded;
  // Passed over without an error too (another game's, another position's): `checkpoint_used`
  // false, or no moves spared.
  const used = !refused && !!checkpoint && loaded.checkpoint_used !== false && loaded.resumed_at > 0;
  lastResume = {
    moves: record.actions.length,
    fromCheckpoint: loaded.resumed_at,
    checkpoint: used ? "used" : refused ? "refused" : checkpoint ? "unused" : stored.staleCheckpoint ? "stale" : "none",
  };
  if (stored.perMove && !recovered) {
    const { actions, ...header } = record;
    const saved = { key, header, moves: actions.length };
    keys.set(loaded.handle, saved);
    if (!stored.described) {
      // The moves are whole but the header's other fields are not: they are written again.
      try {
        const fresh = headerOf(saved, loaded.handle);
        await store("readwrite", (s) => s.put(fresh, key));
      } catch (e) {
        console.warn("The saved game's header could not be written again:", e);
      }
    }
    if ((checkpoint && !used) || stored.staleCheckpoint) {
      // A fresh one in its place, so that the next resume is quick again.
      try {
        await renewCheckpoint(key, loaded.handle);
      } catch (e) {
        console.warn("The checkpoint could not be renewed:", e);
      }
    }
  } else {
    // a save of the older single-object form, rewritten once in the per-move form; or one that was
    // recovered, rewritten as it now is (its moves past `at`, and its checkpoint, go)
    const saved = { key, header: null, moves: 0 };
    keys.set(loaded.handle, saved);
    try {
      Object.assign(saved, await saveWhole(key, loaded.handle));
    } catch (e) {
      console.warn("save failed", e);
    }
  }
  return { found: true, ...loaded };
}

/** Keep the open game `handle` under `key` from now on (the old key's save is deleted): how a save
 *  of the single slot that came before one slot per game is moved to its game's slot. */
async function moveSave({ handle, key }) {
  const saved = keys.get(handle);
  if (!saved || !key) return fail("bad_request", "That game has no save to move.");
  const old = saved.key;
  Object.assign(saved, await saveWhole(key, handle));
  if (old !== key) await forget(old);
  return { ok: true };
}

// Finished games: their results (the statistics), records to watch again, the same deal again.
const between = betweenStore({
  engine,
  store,
  idbGet,
  adopt: async (handle, key) => {
    keys.set(handle, { key, header: null, moves: 0 });
    await persist("new_game", handle, null);
  },
});

async function dispatch(method, params, key) {
  if (method === "resume") return resume(params || {});
  if (between.has(method)) return between.call(method, params, key);
  // Storage may be refused (a private window, a cross-site embed): the page is told, plainly.
  const refused = (e) => fail("bad_save", `The browser's storage could not be used (${e?.message}).`);
  if (method === "forget") return forget(params?.key).then(() => ({ ok: true }), refused);
  if (method === "saves")
    return listSaves(String(params?.prefix || ""), params?.lang).then((saves) => ({ saves }), refused);
  if (method === "move_save") return moveSave(params || {});
  if (method === "__stats")
    return {
      timings,
      bootMs: readyMs,
      stages,
      startedFrom,
      lastResume,
      snapshotMaking,
      timeOrigin: performance.timeOrigin, // when this worker started (the page's bench compares it with its own)
    };
  if (method === "__options") {
    Object.assign(options, params || {});
    return { options };
  }
  if (INTERNAL.has(method)) return fail("bad_request", `The page may not call ${method}.`);

  if (method === "bot_act" && options.timeBotMove) engine("bot_move", params);
  const reply = engine(method, params);
  if (reply.error) return reply;
  if (method === "new_game" && key) keys.set(reply.handle, { key, header: null, moves: 0 });
  if (method === "close") keys.delete(params?.handle);
  if (method === "hint" || method === "undo") await between.assisted(params.handle).catch(() => {});
  if (MUTATING.has(method)) {
    // The move stands even if the browser refuses to store it; the page is told.
    const t0 = performance.now();
    try {
      await persist(method, method === "new_game" ? reply.handle : params.handle, reply);
      timed("persist", t0); // a move's saving: its summary, sometimes a checkpoint, and the storage
    } catch (e) {
      console.warn("save failed", e);
      reply.save_error = String(e?.message || e);
    }
  }
  return reply;
}

// ---------------------------------------------------------------- message loop
let readyMs = null;
const ready = boot().then(
  () => {
    readyMs = Math.round(performance.now() - started);
  },
  (e) => {
    console.error(e);
    post({ type: "fatal", message: String(e?.message || e) });
    throw e;
  },
);

// Calls run one at a time, in the order they arrive.
let queue = Promise.resolve();
self.onmessage = (event) => {
  /** @type {import("./protocol.js").Request} */
  const { id, method, params, key } = event.data || {};
  queue = queue.then(async () => {
    try {
      await ready;
    } catch {
      post({ id, error: { code: "engine_unavailable", message: "The game engine could not start." } });
      return;
    }
    try {
      const reply = await dispatch(method, params, key);
      if (reply?.error) post({ id, error: reply.error });
      else post({ id, result: reply });
    } catch (e) {
      // The details stay in this worker's console: a Python traceback could name a hidden card.
      console.error(e);
      post({ id, error: { code: "internal", message: "The engine hit a problem; the game is as it was." } });
    }
  });
};
