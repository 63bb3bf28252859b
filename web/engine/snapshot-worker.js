// @ts-check
// Made once per build, after a first visit's engine is up (engine/worker.js starts this worker a
// little later, so the first game never waits for it): start Python with the engine, take a memory
// snapshot of it, keep it in Cache Storage for the next visit, and end. See engine/python-boot.js.
//
// Tables of one site opened together (a blog with three embedded games, two tabs) each start this
// worker. One of them makes the snapshot, under a lock; the others end at once: each would start a
// second Python and write the same 31 MB again.
import { buildInfo, keepSnapshot, SITE, snapshotWanted, startEngine } from "./python-boot.js";

const LOCK = "pygames-snapshot-making";

/** What became of this build's snapshot: "made", or why this worker did not make it. */
async function makeSnapshot() {
  const info = await buildInfo();
  if (!(await snapshotWanted(info))) return "made by another page";
  const wheel = new Uint8Array(await (await fetch(new URL(info.wheel, SITE))).arrayBuffer());
  const pyodide = await startEngine({ wheel, makeSnapshot: true });
  await keepSnapshot(info, pyodide.makeMemorySnapshot());
  return "made";
}

/** `makeSnapshot` while no other page of the site runs it (without Web Locks: at once). */
function makeSnapshotAlone() {
  if (!navigator.locks) return makeSnapshot();
  return navigator.locks.request(LOCK, { ifAvailable: true }, (lock) =>
    lock ? makeSnapshot() : "being made by another page",
  );
}

try {
  self.postMessage({ outcome: await makeSnapshotAlone() });
} catch (e) {
  console.warn("No start-up snapshot was made:", e); // the next visit starts normally
  self.postMessage({ outcome: `failed: ${e?.message || e}` });
}
self.close();
