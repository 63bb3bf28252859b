// @ts-check
// The page's side of the engine worker: promise-based calls and progress events.
// Engine errors ({"error": {code, message}}) reject with an EngineError. Every call carries the
// page's language (`lang`): the engine answers in it.

import { currentLang, t } from "../app/i18n.js";
import { takeStartedWorker, workerURL } from "./start.js";

/** The worker's own sentences (the engine's come translated already) in the page's language. */
export function workerWords(message) {
  const text = String(message || "");
  const storage = /^The browser's storage could not be (used|read) \((.*)\)\.$/.exec(text);
  if (storage) {
    return storage[1] === "used"
      ? t("The browser's storage could not be used ({reason}).", { reason: storage[2] })
      : t("The browser's storage could not be read ({reason}).", { reason: storage[2] });
  }
  switch (text) {
    case "The engine hit a problem; the game is as it was.":
      return t("The engine hit a problem; the game is as it was.");
    case "The game engine could not start.":
      return t("The game engine could not start.");
    case "The game engine stopped.":
      return t("The game engine stopped.");
    case "No save key was given.":
      return t("No save key was given.");
    case "That game has no save to move.":
      return t("That game has no save to move.");
    case "This saved game could not be read: it is damaged.":
      return t("This saved game could not be read: it is damaged.");
    default:
      return text;
  }
}

export class EngineError extends Error {
  constructor(code, message) {
    super(workerWords(message));
    this.code = code;
  }
}

export class EngineClient {
  /** The worker engine/start.js started when the page began, with the messages it sent meanwhile,
   *  or, if there is none (or `url` names another), a new one. */
  constructor(url = undefined) {
    const early = url === undefined ? takeStartedWorker() : null;
    this.worker = early ? early.worker : new Worker(url ?? workerURL(), { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.onprogress = null;
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.worker.onmessage = (event) => this._receive(event.data);
    this.worker.onerror = (event) => this._stopped(event);
    if (early) {
      // After this constructor's caller has set `onprogress`, and before any message still to come.
      queueMicrotask(() => {
        for (const event of early.held) this._receive(event.data);
        if (early.failure) this._stopped(early.failure);
      });
    }
  }

  /** @param {ErrorEvent} event */
  _stopped(event) {
    const message = event.message || "The game engine stopped.";
    this._rejectReady(new EngineError("engine_unavailable", message));
    for (const { reject } of this.pending.values()) reject(new EngineError("engine_unavailable", message));
    this.pending.clear();
  }

  /** @param {import("./protocol.js").WorkerMessage} msg */
  _receive(msg) {
    if (!msg) return;
    if ("type" in msg) {
      if (msg.type === "progress") this.onprogress?.(msg);
      else if (msg.type === "ready") this._resolveReady(msg);
      else this._rejectReady(new EngineError("engine_unavailable", msg.message));
      return;
    }
    const waiter = this.pending.get(msg.id);
    if (!waiter) return;
    this.pending.delete(msg.id);
    if ("error" in msg) waiter.reject(new EngineError(msg.error.code, msg.error.message));
    else waiter.resolve(msg.result);
  }

  /** Call an engine (or worker) method; `key` names the save slot of a new game.
   * @param {string} method
   * @param {Record<string, any>} [params]
   * @param {string} [key]
   * @returns {Promise<any>} */
  call(method, params = {}, key = undefined) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      /** @type {import("./protocol.js").Request} */
      const request = { id, method, params: { lang: currentLang(), ...params }, key };
      this.worker.postMessage(request);
    });
  }
}
