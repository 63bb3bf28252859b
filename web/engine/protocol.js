// @ts-check
// The messages between the page (engine/client.js) and the engine worker (engine/worker.js): types
// only, checked by `tsc` on both sides (./build.sh lint).

/**
 * A call from the page: an engine method (api.py) or one of the worker's own (resume, forget, saves,
 * move_save, __stats). `key` names the save slot of a new game.
 * @typedef {{id: number, method: string, params: Record<string, any>, key?: string}} Request
 */

/** @typedef {{code: string, message: string}} ErrorData */

/**
 * The answer to one call: the method's result, or an error (the game is as it was).
 * @typedef {{id: number, result: any} | {id: number, error: ErrorData}} Reply
 */

/**
 * While Python loads: how far (bytes of the big files), at which stage.
 * @typedef {{type: "progress", stage: string, label: string, loaded: number, total: number}} Progress
 */

/**
 * Any message the worker sends: a reply, progress, ready (the engine is up, after `ms`), or fatal
 * (it could not start).
 * @typedef {Reply | Progress | {type: "ready", ms: number} | {type: "fatal", message: string}} WorkerMessage
 */

export {};
