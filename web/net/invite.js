// @ts-check
// Invitations and answers: a WebRTC offer or answer cut down to what the other side needs to
// connect (ICE user fragment and password, DTLS fingerprint and role, the gathered candidates),
// packed into bytes and written as base64url: short enough for a QR code and a URL's #fragment.
// The other side rebuilds a complete data-channel SDP from it. Nothing here touches the network.

/** The code's format; a code of another format is refused by name, not misread. 2: the data channel
 *  is made by both sides (peer.js), so a page of format 1 could connect to one of 2 but never talk. */
export const CODE_VERSION = 2;

export class CodeError extends Error {
  /** @param {"damaged" | "version" | "kind"} reason */
  constructor(reason) {
    super(`invitation code: ${reason}`);
    this.reason = reason;
  }
}

const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
// Chromium's priorities for a UDP candidate of each type (its order of preference is all they say).
const PRIORITY = { host: 2122260223, srflx: 1686052607, prflx: 1845501695, relay: 41885439 };
const ADDRESS = { ipv4: 4, ipv6: 6, mdns: 1, name: 2 };

/**
 * The parts of an SDP that the code carries.
 * @typedef {{type: "offer" | "answer", ufrag: string, pwd: string, fingerprint: string,
 *   setup: string, candidates: {type: string, address: string, port: number}[]}} Essentials
 */

/** @param {string} sdp @param {"offer" | "answer"} type @returns {Essentials} */
export function essentials(sdp, type) {
  const line = (name) => (sdp.match(new RegExp(`^a=${name}:(.*)$`, "m")) || [])[1]?.trim();
  const fingerprint = line("fingerprint") || "";
  const [algorithm, hex] = fingerprint.split(" ");
  if (algorithm !== "sha-256" || !hex) throw new Error("the SDP has no sha-256 fingerprint");
  const candidates = [];
  for (const [, body] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const f = body.trim().split(/\s+/);
    // foundation component protocol priority address port "typ" type …: one UDP path per address
    if (f[1] !== "1" || f[2].toLowerCase() !== "udp" || !TYPES.includes(f[7])) continue;
    candidates.push({ type: f[7], address: f[4], port: Number(f[5]) });
  }
  return {
    type,
    ufrag: line("ice-ufrag") || "",
    pwd: line("ice-pwd") || "",
    fingerprint: hex.toUpperCase(),
    setup: line("setup") || "actpass",
    candidates,
  };
}

/** A data-channel SDP of these essentials, as a browser's setRemoteDescription takes it. */
export function sdpOf(e) {
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...e.candidates.map(
      (c, i) => `a=candidate:${i + 1} 1 udp ${PRIORITY[c.type]} ${c.address} ${c.port} typ ${c.type} generation 0`,
    ),
    "a=end-of-candidates",
    `a=ice-ufrag:${e.ufrag}`,
    `a=ice-pwd:${e.pwd}`,
    `a=fingerprint:sha-256 ${e.fingerprint}`,
    `a=setup:${e.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return `${lines.join("\r\n")}\r\n`;
}

// ------------------------------------------------------------------ bytes
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** @param {Essentials} e @returns {string} the code (base64url) */
export function encode(e) {
  const out = [CODE_VERSION, (e.type === "answer" ? 0x80 : 0) | SETUPS.indexOf(e.setup)];
  const text = (s) => {
    const bytes = new TextEncoder().encode(s);
    if (bytes.length > 255) throw new Error("an ICE field is too long for a code");
    out.push(bytes.length, ...bytes);
  };
  text(e.ufrag);
  text(e.pwd);
  const fp = e.fingerprint.split(":").map((h) => Number.parseInt(h, 16));
  if (fp.length !== 32) throw new Error("a sha-256 fingerprint has 32 bytes");
  out.push(...fp);
  const candidates = e.candidates.slice(0, 15);
  out.push(candidates.length);
  for (const c of candidates) {
    out.push(TYPES.indexOf(c.type), c.port >> 8, c.port & 255);
    const uuid = UUID.exec(c.address);
    if (/^\d+\.\d+\.\d+\.\d+$/.test(c.address)) out.push(ADDRESS.ipv4, ...c.address.split(".").map(Number));
    else if (uuid) out.push(ADDRESS.mdns, ...hexBytes(uuid.slice(1).join("")));
    else if (c.address.includes(":")) out.push(ADDRESS.ipv6, ...ipv6Bytes(c.address));
    else {
      out.push(ADDRESS.name);
      text(c.address);
    }
  }
  out.push(...bigEndian(crc32(out)));
  return base64url(Uint8Array.from(out));
}

/** @param {string} code @returns {Essentials} @throws {CodeError} */
export function decode(code) {
  const bytes = unbase64url(code);
  if (bytes.length < 5) throw new CodeError("damaged");
  const body = bytes.subarray(0, bytes.length - 4);
  const sum = bytes.subarray(bytes.length - 4);
  if (bigEndian(crc32(body)).some((b, i) => b !== sum[i])) throw new CodeError("damaged");
  if (body[0] !== CODE_VERSION) throw new CodeError("version");
  let at = 1;
  const take = (n) => {
    if (at + n > body.length) throw new CodeError("damaged");
    const part = body.subarray(at, at + n);
    at += n;
    return part;
  };
  const text = () => new TextDecoder().decode(take(take(1)[0]));
  const head = take(1)[0];
  const setup = SETUPS[head & 3];
  const ufrag = text();
  const pwd = text();
  const fingerprint = [...take(32)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const candidates = [];
  for (let n = take(1)[0]; n > 0; n--) {
    const [type, hi, lo, kind] = take(4);
    let address;
    if (kind === ADDRESS.ipv4) address = [...take(4)].join(".");
    else if (kind === ADDRESS.ipv6) address = ipv6Text(take(16));
    else if (kind === ADDRESS.mdns) address = `${uuidText(take(16))}.local`;
    else if (kind === ADDRESS.name) address = text();
    else throw new CodeError("damaged");
    if (!TYPES[type]) throw new CodeError("damaged");
    candidates.push({ type: TYPES[type], address, port: (hi << 8) | lo });
  }
  if (at !== body.length || !setup || !ufrag || !pwd) throw new CodeError("damaged");
  return { type: head & 0x80 ? "answer" : "offer", ufrag, pwd, fingerprint, setup, candidates };
}

/** The code in `text`: a bare code, or a link whose #fragment holds one (`#join=CODE`). */
export function codeIn(text) {
  const s = String(text || "").trim();
  const fragment = s.includes("#") ? s.slice(s.lastIndexOf("#") + 1) : s;
  return fragment.replace(/^join=/, "").replace(/\s+/g, "");
}

function hexBytes(hex) {
  return hex.match(/../g).map((h) => Number.parseInt(h, 16));
}

function uuidText(bytes) {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function ipv6Bytes(address) {
  const [head, tail = ""] = address.split("::");
  const groups = (s) => (s ? s.split(":") : []);
  const h = groups(head);
  const t = address.includes("::") ? groups(tail) : [];
  const all = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return all.flatMap((g) => {
    const v = Number.parseInt(g, 16);
    return [v >> 8, v & 255];
  });
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}

function base64url(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(code) {
  if (!/^[A-Za-z0-9_-]*$/.test(code)) throw new CodeError("damaged");
  let bin;
  try {
    bin = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new CodeError("damaged"); // a length no base64 text has: cut short
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const bigEndian = (n) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** CRC-32 (the one of zip and PNG): a damaged or cut code is told apart from a good one. */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
