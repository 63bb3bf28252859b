// What a player chooses for this device, remembered in localStorage: how big the cards are, how
// fast moves animate, a four-colour deck, how long the Hard computer thinks, the language, sound. Presentation only:
// no setting changes a rule (rules are game options, chosen in the lobby and kept in the record).

import { kept } from "./shapes.js";
import { readStored, writeStored } from "./stored.js";

const KEY = "pygames:settings";
const EVENT = "pygames:settings";

/** Every setting with its default and the values it may take. */
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
};

const ALLOWED = Object.fromEntries(
  Object.entries(SETTINGS).map(([name, spec]) => [name, (value) => spec.values.includes(value)]),
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
  if (!SETTINGS[name]?.values.includes(value)) throw new Error(`No setting ${name}=${value}`);
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
