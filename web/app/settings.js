// What a player chooses for this device, remembered in localStorage: how big the cards are, how
// fast moves animate, a four-colour deck, how long the Hard computer thinks, the language, sound,
// and a STUN server for play between devices on different networks. Presentation only:
// no setting changes a rule (rules are game options, chosen in the lobby and kept in the record).

import { kept } from "./shapes.js";
import { readStored, writeStored } from "./stored.js";

const KEY = "pygames:settings";
const EVENT = "pygames:settings";

// `stun:host` or `stun:host:port`; the host a name, an IPv4 address or an [IPv6] one.
const STUN = /^stun:(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

/** A STUN server's address as WebRTC takes it, or "" (none). */
export function isStunServer(value) {
  if (value === "") return true;
  const m = typeof value === "string" ? STUN.exec(value) : null;
  return m !== null && (m[1] === undefined || (Number(m[1]) >= 1 && Number(m[1]) <= 65535));
}

/** Every setting with its default and the values it may take (or the test a value must pass). */
export const SETTINGS = {
  cardSize: { default: "normal", values: ["small", "normal", "large"] },
  motion: { default: "auto", values: ["auto", "slow", "normal", "fast", "off"] },
  fourColour: { default: false, values: [false, true] },
  thinkMs: { default: 200, values: [100, 200, 400, 800] },
  // The page's language ("auto": the browser's languages decide; web/app/i18n.js).
  lang: { default: "auto", values: ["auto", "en", "pa", "gu"] },
  // Sounds (app/sound.js): "auto" is quiet on phones and off in an embedded table.
  sound: { default: "auto", values: ["auto", "off", "quiet", "normal"] },
  vibrate: { default: true, values: [false, true] }, // a buzz on "your turn", where the device can
  // Play between devices (web/net/peer.js): none, same network only; else this server finds them.
  stun: { default: "", valid: isStunServer },
};

const ALLOWED = Object.fromEntries(
  Object.entries(SETTINGS).map(([name, spec]) => [name, spec.valid ?? ((value) => spec.values.includes(value))]),
);
/** The settings chosen: those stored with a value still allowed (whatever else is there goes). */
const allowed = (value) => kept(value, ALLOWED);
const stored = () => readStored(KEY, allowed);

/** The value of setting `name`: the stored one if it is still allowed, else the default. */
export function getSetting(name) {
  const spec = SETTINGS[name];
  const chosen = stored();
  return Object.hasOwn(chosen, name) ? chosen[name] : spec.default;
}

/** Store a setting and tell every listener (the tables redraw, the page restyles). */
export function setSetting(name, value) {
  if (!ALLOWED[name]?.(value)) throw new Error(`No setting ${name}=${value}`);
  writeStored(KEY, allowed({ ...stored(), [name]: value }));
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { name, value } }));
}

export function onSettingChange(listener) {
  window.addEventListener(EVENT, (e) => listener(e.detail.name, e.detail.value));
}

/** The animation pace to use now: "auto" follows the system's reduced-motion wish. */
export function motionPace() {
  const chosen = getSetting("motion");
  if (chosen !== "auto") return chosen;
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "off" : "normal";
}
