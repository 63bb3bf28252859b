// @ts-check
// Starts the engine worker the moment the page begins, before the app's modules have loaded
// (app/controller.js waits for twenty of them, and for the page's words), so that Python loads
// meanwhile. The worker's first messages (its progress, "ready") are held here until the page's
// engine client (engine/client.js) takes the worker over. index.html runs this first, as an async
// module; anything that imports it gets the same worker.

/** The worker's URL; `?snapshot=off` on the page passes on (no start-up snapshot is made). */
export function workerURL() {
  const url = new URL("./worker.js", import.meta.url);
  if (new URLSearchParams(location.search).get("snapshot") === "off") url.searchParams.set("snapshot", "off");
  return url;
}

/** A guest's page (a link with `#join=`, see web/net/guest.js) shows what the host's engine sends:
 *  it loads no Python at all. */
export const joining = location.hash.startsWith("#join=");

/** @type {{worker: Worker, held: MessageEvent[], failure: ErrorEvent | null} | null} */
let started = null;
if (!joining)
  try {
    const worker = new Worker(workerURL(), { type: "module" });
    const held = /** @type {MessageEvent[]} */ ([]);
    started = { worker, held, failure: null };
    worker.onmessage = (event) => held.push(event);
    worker.onerror = (event) => {
      if (started) started.failure = event;
    };
  } catch (e) {
    console.warn("The engine worker could not start early; the page starts it:", e);
  }

/** The worker started here, with the messages it sent so far, once (null when taken, or none). */
export function takeStartedWorker() {
  const taken = started;
  started = null;
  return taken;
}
