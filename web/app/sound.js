// Short sounds, synthesized with Web Audio (no files): a card played, drawn, a pile picked up, a
// canasta, a burn (a pile out of the game), your turn, a win. The engine says what each event is
// (its `sound`: docs/api.md); this module only maps those kinds to tones. Settings: Sound off, quiet
// or normal ("auto": quiet on phones, off in an embedded table), and a buzz on "your turn" where the
// device can vibrate. No AudioContext is made before the player's first tap or key (the browsers'
// autoplay rules): until then nothing sounds.

import { EMBED } from "./embed-mode.js";
import { getSetting } from "./settings.js";

const VOLUME = { quiet: 0.05, normal: 0.16 };
// Each sound: notes [frequency in Hz, start in s, length in s], and the wave they are played with.
const SOUNDS = {
  play: { wave: "triangle", notes: [[660, 0, 0.07]] },
  draw: { wave: "sine", notes: [[520, 0, 0.05]] },
  pickup: {
    wave: "triangle",
    notes: [
      [392, 0, 0.07],
      [330, 0.07, 0.07],
      [262, 0.14, 0.1],
    ],
  },
  canasta: {
    wave: "square",
    notes: [
      [523, 0, 0.08],
      [659, 0.08, 0.08],
      [784, 0.16, 0.18],
    ],
  },
  burn: {
    wave: "sawtooth",
    notes: [
      [220, 0, 0.12],
      [110, 0.08, 0.16],
    ],
  },
  turn: {
    wave: "sine",
    notes: [
      [880, 0, 0.06],
      [1175, 0.07, 0.09],
    ],
  },
  win: {
    wave: "triangle",
    notes: [
      [523, 0, 0.1],
      [659, 0.1, 0.1],
      [784, 0.2, 0.1],
      [1047, 0.3, 0.3],
    ],
  },
};
export const SOUND_KINDS = Object.keys(SOUNDS);

let gestured = false; // the player has tapped or pressed a key: sound may start
let audio = null; // the one AudioContext, made on the first sound after that
for (const type of ["pointerdown", "keydown"])
  window.addEventListener(
    type,
    () => {
      gestured = true;
    },
    { capture: true, once: true },
  );

/** The loudness in force: the setting, or for "auto" what suits the device. */
export function soundLevel() {
  const chosen = getSetting("sound");
  if (chosen !== "auto") return chosen;
  if (EMBED) return "off";
  return window.matchMedia?.("(pointer: coarse)").matches ? "quiet" : "normal";
}

/** Play the sound of `kind` (one of SOUND_KINDS; another kind, or none, is silent). */
export function playSound(kind) {
  const sound = Object.hasOwn(SOUNDS, kind) ? SOUNDS[kind] : null;
  const level = soundLevel();
  if (!sound || level === "off" || !gestured) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [frequency, start, length] of sound.notes) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = sound.wave;
      tone.frequency.value = frequency;
      // A quick rise and an exponential fall: a soft click, not a beep with edges.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME[level], now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + start);
      tone.stop(now + start + length + 0.02);
    }
  } catch (e) {
    console.warn("No sound:", e);
  }
}

// When one move makes several events, the one sound that says most.
const PRIORITY = ["win", "canasta", "burn", "pickup", "play", "draw"];

/** The sound of the events just seen (the engine's `sound` of each): one, the one that says most. */
export function soundEvents(events) {
  const kinds = new Set(events.map((e) => e.sound));
  const kind = PRIORITY.find((k) => kinds.has(k));
  if (kind) playSound(kind);
}

/** It is the player's turn now: its sound, and a short buzz where the device can (a setting). */
export function yourTurn() {
  playSound("turn");
  if (getSetting("vibrate") && gestured && typeof navigator.vibrate === "function") navigator.vibrate(60);
}
