// How cards look. Presentation only: which card may be played is always the
// engine's answer (view.hand[i].playable / why), never decided here.
//
// Every face is built once per card code and cloned afterwards (a redraw after a tap
// must stay cheap); the faces are decorative (aria-hidden), the caller names the card.
// Sizes inside a face are in container units of the card (styles/cards.css), so a face
// follows whatever width the table gives the card, and the card-size setting.

import { getSetting, onSettingChange } from "../app/settings.js";
import { currentLang, t } from "../app/i18n.js";

const SVG = "http://www.w3.org/2000/svg";

/** A part of a face. Its writing is CSS content (`data-text`, drawn by styles/style.css), so that a card
 * button's name ("Seven of hearts") need not contain it ("7♥") to pass the label-in-name check. */
function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  if (text != null) s.dataset.text = text;
  return s;
}

/** Fill `el` with a cached face for `code`: `build(face)` fills it the first time. A face is one
 * element (`.face`, the container its parts are sized in) over the card: a hand's cards scale it
 * from one size (tables/layout.js) instead of laying it out again at every width. */
const faces = new Map();
/** Empty the cache of faces: its keys name every card drawn since, a hand's too (the curtain, a
 *  computer's turn: the table shows no hand, and the page keeps no trace of one). */
export function forgetFaces() {
  faces.clear();
}
function fillFace(el, key, classes, build) {
  key = `${currentLang()}:${key}`; // a face's caption is in the page's language
  let face = faces.get(key);
  if (!face) {
    face = span("face");
    face.setAttribute("aria-hidden", "true");
    build(face);
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
onSettingChange((name) => {
  if (name === "cardSize" || name === "fourColour") applyDeviceLook();
});

// ------------------------------------------------------------------ ONO 99 cards
// Fallback names for cards the engine shows only by code (laid-down hands, round
// summaries). The engine's own `label` wins whenever a view carries one.
// The names are the engine's msgids (games/ono99.py), so its translation names them here too.
const NAMES = () => ({
  0: t("Zero"),
  1: t("One"),
  2: t("Two"),
  3: t("Three"),
  4: t("Four"),
  5: t("Five"),
  6: t("Six"),
  7: t("Seven"),
  8: t("Eight"),
  9: t("Nine"),
  10: t("Ten"),
  "-10": t("Minus ten"),
  REV: t("Reverse"),
  P2: t("Play 2"),
  DP: t("Double Play"),
  HOLD: t("Hold"),
  ONO: t("ONO 99"),
});

const FACES = () => ({
  "-10": { glyph: "−10", caption: t("Minus"), kind: "minus" },
  REV: { glyph: "⇄", caption: t("Reverse"), kind: "reverse" },
  P2: { glyph: "×2", caption: t("Play 2"), kind: "play2" },
  DP: { glyph: "×2", caption: t("Double"), kind: "play2" },
  HOLD: { glyph: "❚❚", caption: t("Hold"), kind: "hold" },
  ONO: { glyph: "99", caption: "ONO", kind: "ono" },
});

export function cardLabel(card, label) {
  if (label) return label;
  return NAMES()[card] || String(card);
}

export function cardFace(card) {
  const special = FACES()[card];
  if (special) return special;
  const n = Number(card);
  const tier = n === 0 ? "zero" : n <= 3 ? "low" : n <= 6 ? "mid" : n <= 9 ? "high" : "ten";
  return { glyph: String(card), caption: "", kind: `num num-${tier}` };
}

/** A game card of its own style (ONO 99, 3UP 3DOWN): corner indices, a big sign on a
 * tilted oval, a caption for the special cards. A 6 and a 9 are underlined, as on real cards. */
function buildGameFace(face, glyph, caption, compact) {
  const mark = glyph === "6" || glyph === "9" ? " turnable" : "";
  if (compact) {
    face.append(span(`sign${mark}`, glyph));
    return;
  }
  face.append(span(`idx tl${mark}`, glyph), span("oval"), span(`sign${mark}`, glyph));
  if (caption) face.append(span("caption", caption));
  else face.append(span(`idx br${mark}`, glyph));
}

/** Fill `el` with an ONO 99 card face (decorative; the accessible name is set by the caller).
 * `compact`: only the sign, for a mini card. */
export function drawFace(el, card, compact = false) {
  const face = cardFace(card);
  el.dataset.card = card;
  return fillFace(
    el,
    `ono:${card}:${compact}`,
    ["ono-card", ...face.kind.split(" "), ...(compact ? ["mini"] : [])],
    (f) => buildGameFace(f, face.glyph, face.caption, compact),
  );
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
const TU_CLEAR = () => ({ C: ["C", t("Clear")], "C+1": ["+1", t("Clear +1")], "C+2": ["+2", t("Clear +2")] });

/** Fill `el` with a 3UP 3DOWN card face (decorative: the caller names it); `compact`: a mini card. */
export function drawThreeUpCard(el, code, compact = false) {
  const kind = code.slice(1);
  const clear = TU_CLEAR()[kind];
  el.dataset.card = code;
  const classes = [
    "tu-card",
    `tu-${TU_COLOURS[code[0]]}`,
    ...(clear ? ["tu-clear"] : []),
    ...(compact ? ["mini"] : []),
  ];
  return fillFace(el, `tu:${code}:${compact}`, classes, (face) =>
    buildGameFace(face, clear ? clear[0] : kind, clear ? clear[1] : "", compact),
  );
}

export function miniThreeUpCard(code, label) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  return drawThreeUpCard(el, code, true);
}

// ------------------------------------------------------------------ playing cards (Canasta, Own Trumps)
// Codes are rank + suit ("7H", "10S", "QD", "2C") or "JK" (joker).
// A card's name is the engine's msgid for its rank (core/cards.py: "Seven of {suit}", "hearts",
// "Joker"), so the engine's translation of it names the card here too.
const OF_SUIT = {
  A: (suit) => t("Ace of {suit}", { suit }),
  K: (suit) => t("King of {suit}", { suit }),
  Q: (suit) => t("Queen of {suit}", { suit }),
  J: (suit) => t("Jack of {suit}", { suit }),
  10: (suit) => t("Ten of {suit}", { suit }),
  9: (suit) => t("Nine of {suit}", { suit }),
  8: (suit) => t("Eight of {suit}", { suit }),
  7: (suit) => t("Seven of {suit}", { suit }),
  6: (suit) => t("Six of {suit}", { suit }),
  5: (suit) => t("Five of {suit}", { suit }),
  4: (suit) => t("Four of {suit}", { suit }),
  3: (suit) => t("Three of {suit}", { suit }),
  2: (suit) => t("Two of {suit}", { suit }),
};
const RANK_PLURALS = () => ({
  A: t("Aces"),
  K: t("Kings"),
  Q: t("Queens"),
  J: t("Jacks"),
  10: t("Tens"),
  9: t("Nines"),
  8: t("Eights"),
  7: t("Sevens"),
  6: t("Sixes"),
  5: t("Fives"),
  4: t("Fours"),
  3: t("Threes"),
  2: t("Twos"),
});
const SUIT_WORDS = () => ({ S: t("spades"), H: t("hearts"), D: t("diamonds"), C: t("clubs") });
const SUITS = { S: ["spades", "♠"], H: ["hearts", "♥"], D: ["diamonds", "♦"], C: ["clubs", "♣"] };

export const rankOf = (code) => (code === "JK" ? "JK" : code.slice(0, -1));
export const suitOf = (code) => (code === "JK" ? null : code.slice(-1));

/** "Kings", "Sevens"; the black-threes meld is "3". */
export function rankPlural(rank) {
  if (rank === "3") return t("Black threes");
  return RANK_PLURALS()[rank] || rank;
}

export function playingCardLabel(code, label) {
  if (label) return label;
  if (code === "JK") return t("Joker");
  const named = OF_SUIT[rankOf(code)];
  const suit = SUIT_WORDS()[suitOf(code)];
  return named && suit ? named(suit) : String(code);
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
  box.append(
    span(`r${rank === "6" || rank === "9" ? " turnable" : ""}${rank === "10" ? " ten" : ""}`, rank),
    span("s", suit),
  );
  return box;
}

function buildPlayingFace(face, code, compact) {
  if (compact) {
    // a mini card: the index alone, rank over suit
    face.append(code === "JK" ? index("tl", "★", "") : index("tl", rankOf(code), SUITS[suitOf(code)][1]));
    return;
  }
  if (code === "JK") {
    for (const cls of ["tl", "br"]) {
      const box = span(`idx ${cls} joker-idx`);
      box.append(span("r", "★"), span("s jk", t("Joker").toUpperCase()));
      face.append(box);
    }
    const art = span("joker-art");
    art.append(span("star", "★"), span("word", t("Joker")));
    face.append(art);
    return;
  }
  const rank = rankOf(code);
  const suit = SUITS[suitOf(code)][1];
  face.append(index("tl", rank, suit), index("br", rank, suit));
  if (PIPS[rank]) {
    const field = span(`pips n${rank}`);
    for (const at of PIPS[rank]) {
      const row = Number(at.slice(1));
      field.append(span(`pip x-${at[0]} y-${String(row).replace(".", "_")}${row > 3 ? " flip" : ""}`, suit));
    }
    face.append(field);
  } else if (rank === "A") {
    face.append(span("ace-pip", suit));
  } else {
    const court = span(`court court-${rank}`);
    court.append(courtArt(rank), span("court-letter", rank), span("court-suit", suit));
    face.append(court);
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
  return fillFace(el, `p:${code}:${compact}`, classes, (face) => buildPlayingFace(face, code, compact));
}

export function miniPlayingCard(code) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", playingCardLabel(code));
  return drawPlayingCard(el, code, true);
}
