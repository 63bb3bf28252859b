// @ts-check
// One WebRTC data channel between two devices, set up by a code each way (web/net/invite.js):
// the host's invitation (the offer) and the guest's answer. No ICE server (same network only),
// unless Settings name a STUN server: it finds the devices' public addresses, across networks.
// Every candidate is gathered before a code is written (no trickle: there is nobody to pass
// later candidates on), and messages are JSON objects.

import { getSetting } from "../app/settings.js";
import { CodeError, decode, encode, essentials, sdpOf } from "./invite.js";

/** The connection's configuration: the STUN server chosen in Settings, if any. */
function config() {
  const stun = getSetting("stun");
  return { iceServers: stun ? [{ urls: stun }] : [] };
}
// How long a connection may take once the host has applied the guest's answer: on one network ICE
// and DTLS are done within a second or two even on a slow phone; 20 s leaves a busy device room and
// still tells a waiting person soon.
const HOST_WAIT_MS = 20_000;
// The guest cannot tell when the host applies its answer (its own checks are answered before
// that): it counts from showing its answer, which a person must first carry to the host (scanned in
// seconds, or sent as a message in a minute or so).
const GUEST_WAIT_MS = 120_000;
// Gathering ends within a few seconds even on a busy phone; a code is written with what came by then.
const GATHER_MS = 5000;
// Messages bigger than this are not read (a view is a few kilobytes).
export const MAX_MESSAGE = 256 * 1024;
// The one data channel, made alike by both sides (negotiated, stream 0) rather than announced by the
// host: on a busy machine Chromium could take the guest's first message (its hello) on an announced
// channel the moment it was announced, and never send it; both sides stayed connected and silent.
const CHANNEL = { negotiated: true, id: 0, ordered: true };

/** @param {RTCPeerConnection} pc */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      resolve(undefined);
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_MS);
  });
}

/** @param {RTCPeerConnection} pc @param {"offer" | "answer"} type */
async function codeOf(pc, type) {
  await gathered(pc);
  return encode(essentials(pc.localDescription?.sdp || "", type));
}

/** @param {string} code @param {"offer" | "answer"} type */
function descriptionOf(code, type) {
  const e = decode(code);
  if (e.type !== type) throw new CodeError("kind");
  return { type, sdp: sdpOf(e) };
}

/** A data channel as the sessions use it: send objects, hear objects, hear when it is lost. */
export class Link {
  /** @param {RTCPeerConnection} pc @param {RTCDataChannel} channel */
  constructor(pc, channel) {
    this.pc = pc;
    this.channel = channel;
    /** @type {(message: any) => void} */
    this.onmessage = () => {};
    /** @type {() => void} */
    this.onlost = () => {};
    this.lost = false;
    channel.onmessage = (event) => {
      const text = typeof event.data === "string" ? event.data : "";
      let message = null;
      try {
        if (text.length <= MAX_MESSAGE) message = JSON.parse(text);
      } catch {
        // not JSON: the session answers it as junk
      }
      this.onmessage(message);
    };
    const lose = () => {
      if (this.lost) return;
      this.lost = true;
      this.onlost();
    };
    channel.onclose = lose;
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "disconnected", "closed"].includes(pc.connectionState)) lose();
    });
  }

  /** @param {object} message */
  send(message) {
    if (this.channel.readyState === "open") this.channel.send(JSON.stringify(message));
  }

  /** Close the channel once what was sent has gone (a goodbye, say), then the connection. */
  close() {
    this.lost = true;
    this.channel.close();
    setTimeout(() => this.pc.close(), 1000);
  }
}

/** `?connect_ms=N` (tests only): give up on a connection after N ms. Read each time: a test sets
 *  it on a page that is already open. */
const waitMs = (ms) => Number(new URLSearchParams(location.search).get("connect_ms")) || ms;

/**
 * `pc`'s channel, once open. `link` rejects, and `pc` is closed, if the connection fails, or is not up
 * `ms` after `giveUpIn(ms)`: devices that cannot reach each other often never fail, they just never
 * connect.
 */
function connecting(pc) {
  const channel = pc.createDataChannel("pygames", CHANNEL);
  let giveUpIn = (_ms) => {};
  /** @type {Promise<Link>} */
  const link = new Promise((resolve, reject) => {
    let timer = 0;
    const stop = () => {
      clearTimeout(timer);
      pc.removeEventListener("connectionstatechange", failed);
      pc.removeEventListener("iceconnectionstatechange", failed);
    };
    const giveUp = () => {
      stop();
      pc.close();
      reject(new Error("no connection"));
    };
    function failed() {
      if (pc.connectionState === "failed" || pc.iceConnectionState === "failed") giveUp();
    }
    pc.addEventListener("connectionstatechange", failed);
    pc.addEventListener("iceconnectionstatechange", failed);
    giveUpIn = (ms) => {
      timer = window.setTimeout(giveUp, waitMs(ms));
    };
    channel.addEventListener(
      "open",
      () => {
        stop();
        resolve(new Link(pc, channel));
      },
      { once: true },
    );
  });
  return { link, giveUpIn };
}

/** The host's side: an invitation code, then `accept(answer)`; `link` resolves when connected, or
 *  rejects when the connection cannot be made. */
export async function invite() {
  const pc = new RTCPeerConnection(config());
  const { link, giveUpIn } = connecting(pc); // (its channel puts a data channel in the offer)
  await pc.setLocalDescription(await pc.createOffer());
  const code = await codeOf(pc, "offer");
  return {
    code,
    link,
    /** @param {string} answerCode */
    accept: async (answerCode) => {
      await pc.setRemoteDescription(descriptionOf(answerCode, "answer"));
      giveUpIn(HOST_WAIT_MS);
    },
    close: () => pc.close(),
  };
}

/** The guest's side: the answer to an invitation code; `link` resolves when connected, or rejects
 *  when the connection cannot be made. */
export async function answer(offerCode) {
  const description = descriptionOf(offerCode, "offer"); // a damaged code throws before any work
  const pc = new RTCPeerConnection(config());
  const { link, giveUpIn } = connecting(pc);
  await pc.setRemoteDescription(description);
  await pc.setLocalDescription(await pc.createAnswer());
  const code = await codeOf(pc, "answer");
  giveUpIn(GUEST_WAIT_MS);
  return { code, link };
}
