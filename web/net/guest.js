// @ts-check
// The guest's side of play between devices. A guest's page has no engine: this stands in for the
// engine client (web/engine/client.js) and sends every call to the host, whose engine answers it for
// the guest's seat in the guest's language. The host sends the seat's view after every change; the
// page draws it through the same tables as any other, and is told to look again (`onchange`).

import { currentLang, t } from "../app/i18n.js";
import { isRecord, isText } from "../app/shapes.js";
import { readStored, writeStored } from "../app/stored.js";
import { EngineError } from "../engine/client.js";
import { joining } from "../engine/start.js";
import { codeIn } from "./invite.js";
import { answer } from "./peer.js";
import { GUEST_METHODS, PROTOCOL } from "./protocol.js";

export { joining };

const TICKET_KEY = "pygames:guest:ticket"; // this device's rejoin ticket, from the last host
const USED_KEY = "pygames:guest:used"; // the last invitation this device joined with

/** The invitation in the page's link (`#join=CODE`), or null. */
export const joinCode = () => (joining ? codeIn(location.hash) : null);

/** Has this device joined with this invitation already? (It cannot be answered twice.) */
export const usedBefore = (code) => readStored(USED_KEY, (v) => (isText(v) ? v : null)) === code;

/** Open a page for this invitation (a link or a bare code): a guest's page, with no engine. */
export function openInvitation(text) {
  location.hash = `join=${codeIn(text)}`;
  location.reload();
}

/** The guest's own words for what the host refuses that is not the engine's to say. */
function refusal(error) {
  switch (error?.code) {
    case "not_your_seat":
      return t("You can only play for your own seat.");
    case "bad_message":
      return t("The host could not read that message.");
    case "connection_lost":
      return t("Connection lost.");
    default:
      return error?.message || t("The host refused that.");
  }
}

export class GuestClient {
  constructor() {
    this.ready = Promise.resolve();
    this.onprogress = null;
    this.view = null;
    this.viewLang = null; // the language the host draws this seat's view in
    this.link = null;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (r: any) => void, reject: (e: Error) => void}>} */
    this.pending = new Map();
    /** @type {(welcome: {seat: number, info: any}) => void} */
    this.onwelcome = () => {};
    this.onchange = () => {}; // a new view came: the table looks again
    /** @type {(code: string) => void} the link is lost ("lost"), refused ("version", "seat_taken"), or
     *  never came up ("unreachable") */
    this.onlost = () => {};
    // Closing the page tells the host at once (a dropped network is noticed within seconds anyway).
    addEventListener("pagehide", () => {
      this.link?.send({ v: PROTOCOL, t: "bye" });
      this.link?.close();
    });
  }

  /** The answer to the host's invitation; the game comes when the host has it (`onwelcome`). */
  async answer(code) {
    const { code: reply, link } = await answer(code);
    link.then(
      (l) => this._connected(l, code),
      () => this.onlost("unreachable"),
    );
    return reply;
  }

  _connected(link, code) {
    this.link = link;
    writeStored(USED_KEY, code);
    link.onmessage = (m) => this._receive(m);
    link.onlost = () => this.link === link && this._lost("lost"); // a goodbye may have said why first
    this.viewLang = currentLang();
    const ticket = readStored(TICKET_KEY, (v) => (isText(v) ? v : null));
    link.send({ v: PROTOCOL, t: "hello", lang: this.viewLang, ticket });
  }

  _lost(code) {
    for (const { reject } of this.pending.values())
      reject(new EngineError("connection_lost", refusal({ code: "connection_lost" })));
    this.pending.clear();
    this.link = null;
    this.onlost(code);
  }

  _receive(m) {
    if (!isRecord(m)) return;
    if (m.v !== PROTOCOL || m.t === "refused") {
      const link = this.link;
      this._lost(m.v !== PROTOCOL ? "version" : m.error?.code);
      link?.close();
      return;
    }
    if (m.t === "welcome") {
      writeStored(TICKET_KEY, m.ticket);
      this.onwelcome(m);
    } else if (m.t === "update") {
      this.view = m.view;
      this.onchange();
    } else if (m.t === "reply" || m.t === "error") {
      const waiter = this.pending.get(m.id);
      if (!waiter) return;
      this.pending.delete(m.id);
      if (m.error) waiter.reject(new EngineError(m.error.code, refusal(m.error)));
      else waiter.resolve(m.result);
    } else if (m.t === "bye") this._lost("bye");
  }

  /** What the engine client's `call` gives, from the host (the view: the one it last sent). */
  call(method, params = {}) {
    if (method === "view" && this.view && this.viewLang === currentLang()) return Promise.resolve({ view: this.view });
    if (method === "saves") return Promise.resolve({ saves: [] }); // a guest keeps no game
    if (method === "close" || method === "forget") return Promise.resolve({ ok: true });
    if (!GUEST_METHODS.includes(method)) return Promise.reject(new EngineError("bad_request", method));
    if (!this.link) return Promise.reject(new EngineError("connection_lost", refusal({ code: "connection_lost" })));
    const id = this.nextId++;
    const { handle, ...rest } = params;
    this.viewLang = currentLang();
    return new Promise((resolve, reject) => {
      this.pending.set(id, {
        resolve: (result) => {
          if (method === "view") this.view = result.view;
          resolve(result);
        },
        reject,
      });
      this.link?.send({ v: PROTOCOL, t: "call", id, method, params: { ...rest, lang: this.viewLang } });
    });
  }

  /** Leave the host's game: the page becomes an ordinary one (with its own engine). */
  leave() {
    this.link?.close();
    location.replace(location.pathname);
  }
}
