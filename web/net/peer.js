// @ts-check
// One WebRTC data channel between two devices, set up by a code each way (web/net/invite.js):
// the host's invitation (the offer) and the guest's answer. No ICE server: same network only.
// Every candidate is gathered before a code is written (no trickle: there is nobody to pass
// later candidates on), and messages are JSON objects.

import { CodeError, decode, encode, essentials, sdpOf } from "./invite.js";

const CONFIG = { iceServers: [] };
// Gathering ends within a few seconds even on a busy phone; a code is written with what came by then.
const GATHER_MS = 5000;
// Messages bigger than this are not read (a view is a few kilobytes).
export const MAX_MESSAGE = 256 * 1024;

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

/** The channel of `pc`, once open (the offering side made it; the answering side hears of it). */
function opened(pc, channel) {
  return new Promise((resolve) => {
    const ready = (c) => {
      if (c.readyState === "open") resolve(new Link(pc, c));
      else c.addEventListener("open", () => resolve(new Link(pc, c)), { once: true });
    };
    if (channel) ready(channel);
    else pc.addEventListener("datachannel", (event) => ready(event.channel), { once: true });
  });
}

/** The host's side: an invitation code, then `accept(answer)`; `link` resolves when connected. */
export async function invite() {
  const pc = new RTCPeerConnection(CONFIG);
  const channel = pc.createDataChannel("pygames", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  const code = await codeOf(pc, "offer");
  return {
    code,
    /** @type {Promise<Link>} */
    link: opened(pc, channel),
    /** @param {string} answerCode */
    accept: (answerCode) => pc.setRemoteDescription(descriptionOf(answerCode, "answer")),
    close: () => pc.close(),
  };
}

/** The guest's side: the answer to an invitation code; `link` resolves when connected. */
export async function answer(offerCode) {
  const description = descriptionOf(offerCode, "offer"); // a damaged code throws before any work
  const pc = new RTCPeerConnection(CONFIG);
  const link = opened(pc, null);
  await pc.setRemoteDescription(description);
  await pc.setLocalDescription(await pc.createAnswer());
  return { code: await codeOf(pc, "answer"), link };
}
