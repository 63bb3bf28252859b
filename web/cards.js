// How cards look. Presentation only: which card may be played is always the
// engine's answer (view.hand[i].playable / why), never decided here.
//
// Every face is built once per card code and cloned afterwards (a redraw after a tap
// must stay cheap); the faces are decorative (aria-hidden), the caller names the card.
// Sizes inside a face are in container units of the card (cards.css), so a face
// follows whatever width the table gives the card, and the card-size setting.

import { getSetting, onSettingChange } from "./settings.js";

const SVG = "http://www.w3.org/2000/svg";

function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  if (text != null) s.textContent = text;
  return s;
}

/** Fill `el` with a cached face for `code`: `build(frag)` makes it the first time. */
const faces = new Map();
function fillFace(el, key, classes, build) {
  let face = faces.get(key);
  if (!face) {
    face = document.createDocumentFragment();
    build(face);
    for (const child of face.children) child.setAttribute("aria-hidden", "true");
    faces.set(key, face);
  }
  el.classList.add("card", ...classes);
  el.append(face.cloneNode(true));
  return el;
}

// ------------------------------------------------------------------ device settings
/** The card-size and four-colour settings live on <html>, so every card follows at once. */
function applyDeviceLook() {
  const root = document.documentElement;
  root.dataset.cardSize = getSetting("cardSize");
  root.classList.toggle("four-colour", getSetting("fourColour") === true);
}
applyDeviceLook();
onSettingChange((name) => { if (name === "cardSize" || name === "fourColour") applyDeviceLook(); });

// ------------------------------------------------------------------ ONO 99 cards
// Fallback names for cards the engine shows only by code (laid-down hands, round
// summaries). The engine's own `label` wins whenever a view carries one.
const NAMES = {
  "0": "Zero", "1": "One", "2": "Two", "3": "Three", "4": "Four", "5": "Five",
  "6": "Six", "7": "Seven", "8": "Eight", "9": "Nine", "10": "Ten",
  "-10": "Minus ten", REV: "Reverse", P2: "Play 2", DP: "Double Play", HOLD: "Hold", ONO: "ONO 99",
};

const FACES = {
  "-10": { glyph: "−10", caption: "Minus", kind: "minus" },
  REV: { glyph: "⇄", caption: "Reverse", kind: "reverse" },
  P2: { glyph: "×2", caption: "Play 2", kind: "play2" },
  DP: { glyph: "×2", caption: "Double", kind: "play2" },
  HOLD: { glyph: "❚❚", caption: "Hold", kind: "hold" },
  ONO: { glyph: "99", caption: "ONO", kind: "ono" },
};

export function cardLabel(card, label) {
  if (label) return label;
  return NAMES[card] || String(card);
}

export function cardFace(card) {
  if (FACES[card]) return FACES[card];
  const n = Number(card);
  const tier = n === 0 ? "zero" : n <= 3 ? "low" : n <= 6 ? "mid" : n <= 9 ? "high" : "ten";
  return { glyph: String(card), caption: "", kind: `num num-${tier}` };
}

/** A game card of its own style (ONO 99, 3UP 3DOWN): corner indices, a big sign on a
 * tilted oval, a caption for the special cards. A 6 and a 9 are underlined, as on real cards. */
function buildGameFace(frag, glyph, caption, compact) {
  const mark = glyph === "6" || glyph === "9" ? " turnable" : "";
  if (compact) { frag.append(span(`sign${mark}`, glyph)); return; }
  frag.append(span(`idx tl${mark}`, glyph), span("oval"), span(`sign${mark}`, glyph));
  if (caption) frag.append(span("caption", caption));
  else frag.append(span(`idx br${mark}`, glyph));
}

/** Fill `el` with an ONO 99 card face (decorative; the accessible name is set by the caller).
 * `compact`: only the sign, for a mini card. */
export function drawFace(el, card, compact = false) {
  const face = cardFace(card);
  el.dataset.card = card;
  return fillFace(el, `ono:${card}:${compact}`, ["ono-card", ...face.kind.split(" "), ...(compact ? ["mini"] : [])],
    (frag) => buildGameFace(frag, face.glyph, face.caption, compact));
}

/** A small face-up card for laid-down hands and summaries, named for assistive tech. */
export function miniCard(card, label) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardLabel(card, label));
  return drawFace(el, card, true);
}

// ------------------------------------------------------------------ 3UP 3DOWN cards
// Codes are colour + kind: "R7", "B10", "GC" (Clear), "GC+2" (Clear +2).
const TU_COLOURS = { R: "red", B: "blue", G: "green" };
const TU_CLEAR = { C: ["C", "Clear"], "C+1": ["+1", "Clear +1"], "C+2": ["+2", "Clear +2"] };

/** Fill `el` with a 3UP 3DOWN card face (decorative: the caller names it); `compact`: a mini card. */
export function drawThreeUpCard(el, code, compact = false) {
  const kind = code.slice(1);
  const clear = TU_CLEAR[kind];
  el.dataset.card = code;
  const classes = ["tu-card", `tu-${TU_COLOURS[code[0]]}`, ...(clear ? ["tu-clear"] : []), ...(compact ? ["mini"] : [])];
  return fillFace(el, `tu:${code}:${compact}`, classes,
    (frag) => buildGameFace(frag, clear ? clear[0] : kind, clear ? clear[1] : "", compact));
}

export function miniThreeUpCard(code, label) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  return drawThreeUpCard(el, code, true);
}

// ------------------------------------------------------------------ playing cards (Canasta, Own Trumps)
// Codes are rank + suit ("7H", "10S", "QD", "2C") or "JK" (joker).
const RANKS = {
  A: ["Ace", "Aces"], K: ["King", "Kings"], Q: ["Queen", "Queens"], J: ["Jack", "Jacks"],
  10: ["Ten", "Tens"], 9: ["Nine", "Nines"], 8: ["Eight", "Eights"], 7: ["Seven", "Sevens"],
  6: ["Six", "Sixes"], 5: ["Five", "Fives"], 4: ["Four", "Fours"], 3: ["Three", "Threes"], 2: ["Two", "Twos"],
};
const SUITS = { S: ["spades", "♠"], H: ["hearts", "♥"], D: ["diamonds", "♦"], C: ["clubs", "♣"] };

export const rankOf = (code) => (code === "JK" ? "JK" : code.slice(0, -1));
export const suitOf = (code) => (code === "JK" ? null : code.slice(-1));

/** "Kings", "Sevens"; the black-threes meld is "3". */
export function rankPlural(rank) {
  if (rank === "3") return "Black threes";
  return (RANKS[rank] || [rank, rank])[1];
}

export function playingCardLabel(code, label) {
  if (label) return label;
  if (code === "JK") return "Joker";
  const r = RANKS[rankOf(code)];
  const s = SUITS[suitOf(code)];
  return r && s ? `${r[0]} of ${s[0]}` : String(code);
}

// The standard pip arrangements: columns l/c/r, rows in sixths of the pip field (0 top,
// 6 bottom). Pips below the middle are printed upside down, as on a real deck.
const PIPS = {
  2: ["c0", "c6"],
  3: ["c0", "c3", "c6"],
  4: ["l0", "r0", "l6", "r6"],
  5: ["l0", "r0", "c3", "l6", "r6"],
  6: ["l0", "r0", "l3", "r3", "l6", "r6"],
  7: ["l0", "r0", "c1.5", "l3", "r3", "l6", "r6"],
  8: ["l0", "r0", "c1.5", "l3", "r3", "c4.5", "l6", "r6"],
  9: ["l0", "r0", "l2", "r2", "c3", "l4", "r4", "l6", "r6"],
  10: ["l0", "r0", "c1", "l2", "r2", "l4", "r4", "c5", "l6", "r6"],
};

// Court figures: a crown for the king, a tiara for the queen, a plumed cap for the jack.
const COURT_ART = {
  K: "M2 15 L2 5 L7 10 L12 2 L17 10 L22 5 L22 15 Z",
  Q: "M2 15 Q1 7 6 9 Q8 3 12 7 Q16 3 18 9 Q23 7 22 15 Z",
  J: "M3 15 Q3 7 11 7 Q19 7 20 15 Z M11 7 Q15 1 23 2 Q18 4 14 8 Z",
};

function courtArt(rank) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 16");
  svg.setAttribute("class", "court-art");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", COURT_ART[rank]);
  svg.append(path);
  return svg;
}

function index(cls, rank, suit) {
  const box = span(`idx ${cls}`);
  box.append(span(`r${rank === "6" || rank === "9" ? " turnable" : ""}${rank === "10" ? " ten" : ""}`, rank), span("s", suit));
  return box;
}

function buildPlayingFace(frag, code, compact) {
  if (compact) {  // a mini card: the index alone, rank over suit
    frag.append(code === "JK" ? index("tl", "★", "") : index("tl", rankOf(code), SUITS[suitOf(code)][1]));
    return;
  }
  if (code === "JK") {
    for (const cls of ["tl", "br"]) {
      const box = span(`idx ${cls} joker-idx`);
      box.append(span("r", "★"), span("s jk", "JOKER"));
      frag.append(box);
    }
    const art = span("joker-art");
    art.append(span("star", "★"), span("word", "Joker"));
    frag.append(art);
    return;
  }
  const rank = rankOf(code);
  const suit = SUITS[suitOf(code)][1];
  frag.append(index("tl", rank, suit), index("br", rank, suit));
  if (PIPS[rank]) {
    const field = span(`pips n${rank}`);
    for (const at of PIPS[rank]) {
      const row = Number(at.slice(1));
      field.append(span(`pip x-${at[0]} y-${String(row).replace(".", "_")}${row > 3 ? " flip" : ""}`, suit));
    }
    frag.append(field);
  } else if (rank === "A") {
    frag.append(span("ace-pip", suit));
  } else {
    const court = span(`court court-${rank}`);
    court.append(courtArt(rank), span("court-letter", rank), span("court-suit", suit));
    frag.append(court);
  }
}

/** Fill `el` with a playing-card face (decorative; the caller names it); `compact`: a mini card,
 * built with its index only (melds and summaries hold many). */
export function drawPlayingCard(el, code, compact = false) {
  const joker = code === "JK";
  const suit = suitOf(code);
  const rank = rankOf(code);
  const red = joker || suit === "H" || suit === "D";
  const classes = ["pcard", red ? "red" : "black", joker ? "joker" : `suit-${suit}`];
  if (joker || rank === "2") classes.push("wild");
  if (rank === "J" || rank === "Q" || rank === "K") classes.push("court-card");
  if (compact) classes.push("mini");
  el.dataset.card = code;
  return fillFace(el, `p:${code}:${compact}`, classes, (frag) => buildPlayingFace(frag, code, compact));
}

export function miniPlayingCard(code) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", playingCardLabel(code));
  return drawPlayingCard(el, code, true);
}
