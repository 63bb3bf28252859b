// How cards look. Presentation only: which card may be played is always the
// engine's answer (view.hand[i].playable / why), never decided here.

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

/** Fill `el` with a card face (decorative; the accessible name is set by the caller). A face's
 *  writing is CSS content (`data-text`, style.css), so a card button's name ("Seven") need not
 *  contain it ("7") to pass the "label in name" check. */
export function drawFace(el, card) {
  const face = cardFace(card);
  el.classList.add("card", ...face.kind.split(" "));
  el.dataset.card = card;
  const corner = document.createElement("span");
  corner.className = "corner tl";
  corner.dataset.text = face.glyph;
  const corner2 = corner.cloneNode(true);
  corner2.className = "corner br";
  const glyph = document.createElement("span");
  glyph.className = "glyph";
  glyph.dataset.text = face.glyph;
  el.append(corner, glyph, corner2);
  if (face.caption) {
    const cap = document.createElement("span");
    cap.className = "caption";
    cap.dataset.text = face.caption;
    el.append(cap);
  }
  for (const child of el.children) child.setAttribute("aria-hidden", "true");
  return el;
}

/** A small face-up card for laid-down hands and summaries, named for assistive tech. */
export function miniCard(card, label) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardLabel(card, label));
  drawFace(el, card);
  el.classList.add("mini");
  return el;
}

// ------------------------------------------------------------------ playing cards (Canasta)
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

/** Fill `el` with a playing-card face (decorative; the caller names it). */
export function drawPlayingCard(el, code) {
  const joker = code === "JK";
  const suit = SUITS[suitOf(code)];
  const rank = rankOf(code);
  const red = joker || code.endsWith("H") || code.endsWith("D");
  el.classList.add("card", "pcard", red ? "red" : "black");
  if (joker || rank === "2") el.classList.add("wild");
  el.dataset.card = code;
  const corner = document.createElement("span");
  corner.className = "corner tl";
  corner.dataset.text = joker ? "★" : `${rank}${suit ? suit[1] : ""}`;
  const glyph = document.createElement("span");
  glyph.className = "glyph";
  glyph.dataset.text = joker ? "★" : suit ? suit[1] : rank;
  el.append(corner, glyph);
  if (joker) {
    const cap = document.createElement("span");
    cap.className = "caption";
    cap.dataset.text = "Joker";
    el.append(cap);
  }
  for (const child of el.children) child.setAttribute("aria-hidden", "true");
  return el;
}

export function miniPlayingCard(code) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", playingCardLabel(code));
  drawPlayingCard(el, code);
  el.classList.add("mini");
  return el;
}
