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

/** Fill `el` with a card face (decorative; the accessible name is set by the caller). */
export function drawFace(el, card) {
  const face = cardFace(card);
  el.classList.add("card", ...face.kind.split(" "));
  el.dataset.card = card;
  const corner = document.createElement("span");
  corner.className = "corner tl";
  corner.textContent = face.glyph;
  const corner2 = corner.cloneNode(true);
  corner2.className = "corner br";
  const glyph = document.createElement("span");
  glyph.className = "glyph";
  glyph.textContent = face.glyph;
  el.append(corner, glyph, corner2);
  if (face.caption) {
    const cap = document.createElement("span");
    cap.className = "caption";
    cap.textContent = face.caption;
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
