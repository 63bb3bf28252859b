// @ts-check
// The host's side of play between devices. The host's engine is the only one that decides: a
// guest's choices come in over its data channel and are applied here, for the guest's own seat
// only, through the same engine calls a person at this device makes (answers in the guest's
// language). After every change each guest gets its seat's view, which carries the new events.
// For the engine a remote seat is a person's seat; which seats are remote is kept beside the save.

import { LANGUAGES } from "../app/i18n.js";
import { isCount, isRecord, isText } from "../app/shapes.js";
import { readStored, writeStored } from "../app/stored.js";
import { codeIn } from "./invite.js";
import { invite } from "./peer.js";
import { CHANGES, GUEST_METHODS, PROTOCOL } from "./protocol.js";

/** A fresh rejoin ticket: whoever holds it may take its seat again. */
const newTicket = () =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
const isTicket = (value) => isText(value) && /^[0-9a-f]{32}$/.test(value);
const langOf = (value) => (isText(value) && Object.hasOwn(LANGUAGES, value) ? value : null);

/** The match info a guest gets: its own seat a person's, every other seat someone else's. */
function guestInfo(info, seat) {
  return { ...info, seats: info.seats.map((s, i) => (i === seat ? s : { name: s.name, kind: "remote" })) };
}

/**
 * @typedef {{seat: number, ticket: string | null, lang: string,
 *   state: "inviting" | "waiting" | "connected" | "lost" | "failed",
 *   code: string | null, invitation: any, link: import("./peer.js").Link | null, sent: string | null}} Remote
 */

export class Host {
  /** @param {{client: {call: (method: string, params?: object) => Promise<any>}, ns: string,
   *  onchange: () => void, onstatus: () => void}} hooks */
  constructor({ client, ns, onchange, onstatus }) {
    this.client = client;
    this.ns = ns;
    this.onchange = onchange; // a guest changed the game: the host's table moves on
    this.onstatus = onstatus; // a remote seat's state changed: its panel is drawn again
    this.handle = null;
    this.info = null;
    /** @type {Map<number, Remote>} */
    this.remotes = new Map();
    /** @type {number[] | null} the remote seats of the game about to start */
    this.starting = null;
    this.pushing = Promise.resolve();
    // A reload or a closed page closes every channel at once: each guest hears of it now, not when
    // the connection times out.
    addEventListener("pagehide", () => {
      for (const r of this.remotes.values()) r.link?.close();
    });
  }

  _key(info) {
    return `${this.ns}:online:${info.game}`;
  }

  /** The seats to give the engine for a lobby's seats: a remote seat is a person's seat there. */
  engineSeats(seats) {
    this.starting = seats.flatMap((s, i) => (s.kind === "remote" ? [i] : []));
    return seats.map((s) => (s.kind === "remote" ? { name: s.name, kind: "human" } : s));
  }

  /** The remote seats of a game as it opens: a new game's from the lobby (or those of the game
   *  before, for "Play again"), a resumed game's as they were kept with its tickets. A guest still
   *  connected to a seat that stays remote keeps its link and gets the new game. */
  open(handle, info) {
    const kept = readStored(this._key(info), (v) =>
      isRecord(v) && v.id === info.id && isRecord(v.tickets) ? v : null,
    );
    const before = [...this.remotes.keys()];
    const seats = kept
      ? Object.keys(kept.tickets).map(Number)
      : (this.starting ?? before).filter((s) => s < info.seats.length && info.seats[s].kind === "human");
    this.starting = null;
    for (const [seat, r] of this.remotes) if (!seats.includes(seat)) this._drop(r);
    this.handle = handle;
    this.info = info;
    for (const seat of seats) {
      const r = this.remotes.get(seat);
      const ticket = kept && isTicket(kept.tickets[seat]) ? kept.tickets[seat] : (r?.ticket ?? null);
      if (r) {
        r.ticket = ticket;
        r.sent = null;
        if (r.state === "connected") this._welcome(r);
      } else {
        const fresh = {
          seat,
          ticket,
          lang: "en",
          state: "inviting",
          code: null,
          invitation: null,
          link: null,
          sent: null,
        };
        this.remotes.set(seat, /** @type {Remote} */ (fresh));
        this.invite(seat);
      }
    }
    this._keep();
    this.onstatus();
    return new Set(seats);
  }

  /** The table is left: every guest hears so, and every link and invitation closes. */
  close() {
    for (const r of this.remotes.values()) this._drop(r);
    this.remotes.clear();
    this.handle = null;
    this.info = null;
    this.onstatus();
  }

  _drop(r) {
    r.link?.send({ v: PROTOCOL, t: "bye" });
    r.link?.close();
    r.invitation?.close();
    this.remotes.delete(r.seat);
  }

  _keep() {
    if (!this.info) return;
    const tickets = Object.fromEntries([...this.remotes.values()].map((r) => [r.seat, r.ticket]));
    writeStored(this._key(this.info), { id: this.info.id, tickets });
  }

  /** A new invitation for a seat (its old one, or its lost link, is dropped). */
  async invite(seat) {
    const r = this.remotes.get(seat);
    if (!r) return;
    r.invitation?.close();
    r.link?.close();
    Object.assign(r, { state: "inviting", code: null, invitation: null, link: null });
    this.onstatus();
    const invitation = await invite();
    if (this.remotes.get(seat) !== r || r.state !== "inviting") return invitation.close();
    Object.assign(r, { state: "waiting", code: invitation.code, invitation });
    this.onstatus();
    let link;
    try {
      link = await invitation.link;
    } catch {
      if (r.invitation !== invitation) return; // given up after it was replaced
      // The devices never reached each other: the panel says so, and offers a new invitation.
      Object.assign(r, { state: "failed", code: null, invitation: null });
      return this.onstatus();
    }
    if (r.invitation !== invitation) return link.close();
    r.link = link;
    link.onmessage = (message) => this._receive(r, link, message);
    link.onlost = () => {
      if (r.link !== link) return;
      Object.assign(r, { state: "lost", link: null, invitation: null, code: null });
      this.onstatus();
    };
  }

  /** The guest's answer to a seat's invitation, as pasted or scanned (throws a CodeError). */
  async accept(seat, text) {
    const r = this.remotes.get(seat);
    if (!r?.invitation) return;
    await r.invitation.accept(codeIn(text));
  }

  /** Each connected guest's view of the table, sent when it changed (in order, one push at a time). */
  push() {
    this.pushing = this.pushing.then(() => this._pushAll()).catch((e) => console.warn("A guest's view:", e));
    return this.pushing;
  }

  async _pushAll() {
    for (const r of this.remotes.values()) {
      if (r.state !== "connected" || !r.link || !this.handle) continue;
      const { view } = await this.client.call("view", { handle: this.handle, seat: r.seat, lang: r.lang });
      const text = JSON.stringify(view);
      if (text === r.sent) continue;
      r.sent = text;
      r.link.send({ v: PROTOCOL, t: "update", view });
    }
  }

  _welcome(r) {
    r.link?.send({ v: PROTOCOL, t: "welcome", seat: r.seat, ticket: r.ticket, info: guestInfo(this.info, r.seat) });
    this.push();
  }

  /** One message from a guest: its hello, then calls for its own seat, or its goodbye; anything else
   *  is refused. */
  _receive(r, link, m) {
    const refuse = (code, id = null) => link.send({ v: PROTOCOL, t: "error", id, error: { code } });
    if (!isRecord(m)) return refuse("bad_message");
    if (m.v !== PROTOCOL) {
      link.send({ v: PROTOCOL, t: "refused", error: { code: "version" } });
      return link.close();
    }
    if (m.t === "bye") {
      link.onlost(); // the guest closed its page: its seat waits for it to come back
      return link.close();
    }
    if (m.t === "hello") {
      if (r.ticket && m.ticket !== r.ticket) {
        link.send({ v: PROTOCOL, t: "refused", error: { code: "seat_taken" } });
        return link.close();
      }
      r.ticket ??= newTicket();
      r.lang = langOf(m.lang) ?? "en";
      r.state = "connected";
      r.sent = null;
      this._keep();
      this._welcome(r);
      this.onstatus();
      return;
    }
    if (m.t !== "call" || r.state !== "connected") return refuse("bad_message");
    if (!isCount(m.id) || !GUEST_METHODS.includes(m.method) || !isRecord(m.params)) return refuse("bad_message", m.id);
    return this._call(r, link, m.id, m.method, m.params);
  }

  /** A guest's engine call, for its own seat: the params it may give are taken, no others. */
  async _call(r, link, id, method, params) {
    const reply = (body) => link.send({ v: PROTOCOL, t: "reply", id, ...body });
    if ("seat" in params && params.seat !== r.seat) return reply({ error: { code: "not_your_seat" } });
    r.lang = langOf(params.lang) ?? r.lang;
    const call = { handle: this.handle, seat: r.seat, lang: r.lang };
    if ("action" in params) call.action = params.action;
    if ("since" in params) call.since = params.since;
    if ("think_ms" in params) call.think_ms = params.think_ms;
    let result;
    try {
      result = await this.client.call(method, call);
    } catch (e) {
      return reply({ error: { code: e.code || "internal", message: e.message } });
    }
    if (method === "info") result = { info: guestInfo(result.info, r.seat) };
    if (method === "view") r.sent = JSON.stringify(result.view);
    if (CHANGES.includes(method)) await this.push(); // the new table reaches every guest before the reply
    reply({ result });
    if (CHANGES.includes(method)) this.onchange();
  }
}
