// The invitation codec (web/net/invite.js) in Node: run by tests/test_online_invite.py.
import assert from "node:assert/strict";
import { CodeError, codeIn, decode, encode, essentials, sdpOf } from "../../web/net/invite.js";

// An offer as Chromium gathers it with no ICE server: mDNS host candidates, a TCP one, an IPv6 one.
const OFFER = [
  "v=0",
  "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 0.0.0.0",
  "a=candidate:3013953624 1 udp 2122260223 6a3f2b1c-8d4e-4f00-9abc-0123456789ab.local 54321 typ host generation 0 network-id 1",
  "a=candidate:1876313031 1 tcp 1518280447 6a3f2b1c-8d4e-4f00-9abc-0123456789ab.local 9 typ host tcptype active generation 0",
  "a=candidate:1 1 udp 2122262783 2001:db8::1:2 50000 typ host generation 0",
  "a=candidate:2 1 udp 2122194687 192.168.1.20 60001 typ host generation 0",
  "a=candidate:3 1 udp 1686052607 203.0.113.7 60002 typ srflx raddr 192.168.1.20 rport 60001 generation 0",
  "a=ice-ufrag:Xy1/",
  "a=ice-pwd:aB3dE5fG7hI9jK1lM3nO5pQ+",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9",
  "a=setup:actpass",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
  "",
].join("\r\n");

const e = essentials(OFFER, "offer");
assert.equal(e.candidates.length, 4, "the TCP candidate is left out");
const code = encode(e);
assert.match(code, /^[A-Za-z0-9_-]+$/);
assert.ok(code.length < 200, `a code fits a small QR code (${code.length} characters)`);
const back = decode(code);
assert.deepEqual(back, {
  ...e,
  candidates: e.candidates.map((c) => (c.address === "2001:db8::1:2" ? { ...c, address: "2001:db8:0:0:0:0:1:2" } : c)),
});

// The rebuilt SDP carries the same essentials again.
const again = essentials(sdpOf(back), "offer");
assert.deepEqual(again, back);

// An answer keeps its kind and role.
const answer = decode(encode({ ...e, type: "answer", setup: "active", candidates: [] }));
assert.equal(answer.type, "answer");
assert.equal(answer.setup, "active");

// Links and pasted text with spaces or line breaks give the bare code.
assert.equal(codeIn(`https://example.org/games/#join=${code}`), code);
assert.equal(codeIn(` ${code.slice(0, 20)}\n${code.slice(20)} `), code);

// Damaged, cut short, of another format, or not a code at all: a CodeError that says which.
const reason = (c) => {
  try {
    decode(c);
  } catch (err) {
    assert.ok(err instanceof CodeError, String(err));
    return err.reason;
  }
  return "decoded";
};
const flipped = code.slice(0, 30) + (code[30] === "A" ? "B" : "A") + code.slice(31);
assert.equal(reason(flipped), "damaged");
for (let cut = 1; cut < code.length; cut += 7) assert.equal(reason(code.slice(0, cut)), "damaged", `cut at ${cut}`);
assert.equal(reason(""), "damaged");
assert.equal(reason("hello world!"), "damaged");
assert.equal(reason(`${code}AAAA`), "damaged");
console.log(`ok: a code of ${code.length} characters`);
