// @ts-check
// Made once per build, after a first visit's engine is up (engine/worker.js starts this worker a
// little later, so the first game never waits for it): start Python with the engine, take a memory
// snapshot of it, keep it in Cache Storage for the next visit, and end. See engine/python-boot.js.
import { buildInfo, keepSnapshot, SITE, startEngine } from "./python-boot.js";

try {
  const info = await buildInfo();
  const wheel = new Uint8Array(await (await fetch(new URL(info.wheel, SITE))).arrayBuffer());
  const pyodide = await startEngine({ wheel, makeSnapshot: true });
  await keepSnapshot(info, pyodide.makeMemorySnapshot());
  self.postMessage({ done: true });
} catch (e) {
  console.warn("No start-up snapshot was made:", e); // the next visit starts normally
  self.postMessage({ done: false, error: String(e?.message || e) });
}
self.close();
