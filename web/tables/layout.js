// Where everything of a table goes, for every game: the size class of the window, the seats round
// the felt, the cards of the hand, and how compact the middle of the table is drawn.
//
// The table is one CSS grid (styles/table.css says what each size class looks like). The seats stay
// one list in the DOM (for assistive tech and tests); this module gives each seat its cell. Your hand
// is laid out here too: its cards as large as the room allows, in one row, overlapping when they
// must, in more rows when even overlapping would hide a card's corner index. Then the table is fitted:
// its parts are drawn more compactly, step by step (classes fit-1 to fit-FIT_MAX on #table, each step
// keeping those before it; `data-fit` says the step; the seats of side columns have steps of their
// own, seats-1 to seats-4), until the felt holds its board without scrolling and nothing is pushed
// out of the window.

import { $, el } from "../app/dom.js";
import { EMBED } from "../app/embed-mode.js";
import { onLangChange } from "../app/i18n.js";
import { onSettingChange } from "../app/settings.js";
import { lastMoveOf } from "./history.js";

/**
 * The size class of the window: "phone" (upright), "phone-landscape" (a phone on its side: short and
 * wide), "tablet" (upright), "tablet-landscape", or "desktop" (room for the history beside the table).
 */
export function sizeClass() {
  const w = window.innerWidth;
  // An embedded table grows its frame to its content: only its width chooses the layout, or the
  // frame and the layout would chase each other.
  if (EMBED) return w < 600 ? "phone" : "tablet";
  const h = window.innerHeight;
  if (w > h && h < 560) return "phone-landscape";
  if (w < 600) return "phone";
  if (w >= 1200 && h >= 700) return "desktop";
  return w > h ? "tablet-landscape" : "tablet";
}

const UPRIGHT = new Set(["phone", "tablet"]);

// ------------------------------------------------------------------ seats
let placed = null; // the last placement's arguments, for a placement again on a resize or turn
// The cards counted when the table's steps were last searched for, and whether they fitted then
// (refitTable).
let fitted = null;
// The room the hand had when it was last measured (refitTable lays it out early), and its width
// beside each set of things that share its row (your table cards, the choices: they come and go from
// turn to turn). Neither says anything of a card, so both are kept while the device is passed.
let lastRoom = null;
const widthBeside = new Map(); // besideKey -> the hand's width

/** Drop the kept placement: its view may hold a hand the table no longer shows. */
export function forgetPlacement() {
  placed = null;
  fitted = null;
}

/** The other seats, clockwise from the bottom seat's left, split into the left side (going up from
 * the bottom), the top (left to right) and the right side (coming down). */
function sides(others, size) {
  const k = others.length;
  if (UPRIGHT.has(size)) return { left: [], top: others, right: [] };
  if (size === "phone-landscape") {
    // A side column; a second one at the right when there are more than four others.
    const n = k > 4 ? Math.ceil(k / 2) : k;
    return { left: others.slice(0, n), top: [], right: others.slice(n) };
  }
  // Two seats a side only where the window is tall enough for them to stand one above the other.
  const side = k <= 2 ? 0 : k <= 4 || window.innerHeight < 1000 ? 1 : 2;
  return { left: others.slice(0, side), top: others.slice(side, k - side), right: others.slice(k - side) };
}

/** Rows of seats across the top: up to four a row (three on the narrowest phones, where four would
 * leave no room for a name), the rows as even as they can be. */
function topRows(count) {
  const rows = Math.ceil(count / (window.innerWidth < 360 ? 3 : 4));
  const out = [];
  for (let r = 0, at = 0; r < rows; r++) {
    const n = Math.ceil((count - at) / (rows - r));
    out.push(n);
    at += n;
  }
  return out;
}

/**
 * Seat the players round the table: the viewer (or the first seat, when nobody's hand is shown) by
 * the hand, the others clockwise (in `order`): across the top when the screen stands upright, in a
 * side column on a phone on its side, up the left, across the top and down the right on tablets and
 * desktops. Each seat shows its last move of the round. Only the seats' grid cells change, so a
 * resize or a turn of the device places them again without a redraw.
 */
export function placeSeats(view, order = view.players.map((p) => p.seat)) {
  placed = { view, order };
  const table = $("table");
  const size = sizeClass();
  const bottom = view.seat != null && order.includes(view.seat) ? view.seat : order[0];
  const at = order.indexOf(bottom);
  const ring = order.slice(at).concat(order.slice(0, at));
  const { left, top, right } = sides(ring.slice(1), size);
  const place = new Map();
  const area = {};
  table.dataset.layout = size;
  table.dataset.seats = String(order.length);
  if (UPRIGHT.has(size)) {
    // Twelve columns: a row of n seats gives each 12/n of them. Then the felt, your seat (with the
    // Moves button at its end) and your hand.
    const rows = topRows(top.length);
    let j = 0;
    rows.forEach((n, r) => {
      for (let i = 0; i < n; i++, j++) place.set(top[j], [`${r + 1}`, `${(i * 12) / n + 1} / span ${12 / n}`, "top"]);
    });
    const R = rows.length;
    place.set(bottom, [`${R + 2}`, "1 / -1", "bottom"]);
    table.style.gridTemplateColumns = "repeat(12, minmax(0, 1fr))";
    table.style.gridTemplateRows = `${"auto ".repeat(R)}minmax(0, 1fr) auto auto`;
    area.felt = `${R + 1} / 1 / auto / -1`;
    area.moves = `${R + 2} / 1 / auto / -1`;
    area.hand = `${R + 3} / 1 / auto / -1`;
    area.history = "";
  } else if (size === "phone-landscape") {
    // The Moves button over a side column of seats, your seat in the corner by the hand; the felt
    // beside them, and a second column at the right when there are many seats.
    const rows = Math.max(1, left.length, right.length);
    for (const [i, s] of left.entries()) place.set(s, [`${rows + 1 - i}`, "1", "left"]);
    for (const [i, s] of right.entries()) place.set(s, [`${i + 2}`, "3", "right"]);
    place.set(bottom, [`${rows + 2}`, "1", "corner"]);
    table.style.gridTemplateColumns = `minmax(0, auto) minmax(0, 1fr)${right.length ? " minmax(0, auto)" : ""}`;
    table.style.gridTemplateRows = `auto repeat(${rows}, minmax(0, 1fr)) auto`;
    area.felt = `1 / 2 / span ${rows + 1} / span 1`;
    area.moves = "1 / 1";
    area.hand = `${rows + 2} / 2 / auto / -1`;
    area.history = "";
  } else {
    // Round the felt; your seat in the corner left of your hand; the Moves button in the top left
    // corner, which no seat takes (on a desktop the history is a column of its own instead).
    const perRow = 6;
    const R = Math.ceil(top.length / perRow);
    const cols = Math.max(1, R ? Math.ceil(top.length / R) : 1);
    const middle = Math.max(1, left.length, right.length);
    for (const [j, s] of top.entries()) place.set(s, [`${Math.floor(j / cols) + 1}`, `${(j % cols) + 2}`, "top"]);
    for (const [i, s] of left.entries()) place.set(s, [`${R + middle - i}`, "1", "left"]);
    for (const [i, s] of right.entries()) place.set(s, [`${R + 1 + i}`, `${cols + 2}`, "right"]);
    const handRow = R + middle + 1;
    place.set(bottom, [`${handRow}`, "1", "corner"]);
    const wide = size === "desktop";
    table.style.gridTemplateColumns = `minmax(0, auto) repeat(${cols}, minmax(0, 1fr)) minmax(0, auto)${wide ? " minmax(240px, 20vw)" : ""}`;
    table.style.gridTemplateRows = `${"auto ".repeat(R)}repeat(${middle}, minmax(0, 1fr)) auto`;
    area.felt = `${R + 1} / 2 / span ${middle} / span ${cols}`;
    area.moves = "1 / 1";
    area.hand = `${handRow} / 2 / auto / span ${cols + 1}`;
    area.history = wide ? `1 / ${cols + 3} / span ${handRow} / auto` : "";
  }
  $("felt").style.gridArea = area.felt;
  $("message").style.gridArea = area.felt;
  $("hand-area").style.gridArea = area.hand;
  $("history-button").style.gridArea = area.moves;
  $("history").style.gridArea = area.history;
  for (const li of $("players").children) {
    const seat = Number(li.dataset.seat);
    const [row, col, side] = place.get(seat) || ["1", "1", "top"];
    li.style.gridRow = row;
    li.style.gridColumn = col;
    li.dataset.side = side;
    let last = li.querySelector(".last-move");
    const said = lastMoveOf(seat);
    if (!said) {
      if (last) last.remove();
      continue;
    }
    if (!last) {
      last = el("p", { class: "last-move" });
      li.append(last);
    }
    last.textContent = said;
  }
}

// ------------------------------------------------------------------ the hand
const GAP = 6; // between cards that do not overlap
const MIN_CARD = 44; // a card is a button: never narrower than a finger's target
const LIFT = 12; // a picked (or just drawn) card rises this much: room above every row for it

/** A length custom property of `node` in px (0 when unset). */
function px(node, name) {
  return parseFloat(getComputedStyle(node).getPropertyValue(name)) || 0;
}

/** How far the corner index reaches into a card, as fractions of its width and height (the largest
 * of the cards in `box`): a card on top of another must leave that much of it in view. */
function indexReach(cards) {
  let x = 0.24;
  let y = 0.3;
  for (const card of cards) {
    const idx = card.querySelector(".idx.tl");
    if (!idx) continue;
    // Measured on the face, which is the card's inside, scaled or not: a card not yet sized by
    // placeHand shows its face at the size it is laid out at.
    const c = (card.querySelector(":scope > .face") || card).getBoundingClientRect();
    const r = idx.getBoundingClientRect();
    if (!c.width || !r.width) continue;
    x = Math.max(x, (r.right - c.left) / c.width);
    y = Math.max(y, (r.bottom - c.top) / c.height);
  }
  // Up to a thousandth: a card's measured edges vary in the last digits from one layout to the next.
  return { x: Math.ceil(x * 1000) / 1000, y: Math.ceil(y * 1000) / 1000 };
}

/** The rows of a hand of n cards with cards w wide in a row W wide, or null if it cannot be done. */
function handRows(n, w, W, reach, maxRows, budget) {
  const h = Math.round(w * 14) / 10; // as the browser keeps it: the same height is not written again
  const step = Math.ceil(reach.x * w) + 4; // the least a card may show of itself
  const perRow = n * (w + GAP) - GAP <= W ? n : Math.max(1, Math.floor((W - w) / step) + 1);
  const rows = Math.ceil(n / perRow);
  if (rows > maxRows) return null;
  // Rows overlap too, each showing the corner index of the row behind it, clear of a raised card.
  const rowStep = rows > 1 ? Math.min(h + GAP, Math.ceil(reach.y * h) + LIFT + 4) : 0;
  const height = LIFT + (rows - 1) * rowStep + h;
  if (height > budget) return null;
  return { w, h, rows, rowStep, height };
}

/**
 * Lay out the cards of `box` (a hand): as large as the size class allows (--hand-card-max) and the
 * room there is (the box's width; --hand-budget of the table's height, less at a tighter `fit`),
 * overlapping in a row when they must, with every corner index in view.
 */
export function layoutHand(box, fit = 0) {
  placeHand(box, fit, handRoom(box));
}

/** The cards of a hand's box (it may hold other things too). */
const handCards = (box) => [...box.children].filter((c) => c.classList.contains("card"));

/** The room `box` gives its cards, as measured now (a layout, if the table has changed since the
 * last); null when it is hidden. An empty box is measured too (Own Trumps' hand while the trumps are
 * chosen): the hand dealt into it is then drawn at its size in the one layout a move costs. */
function handRoom(box) {
  const cards = handCards(box);
  const table = $("table");
  const W = box.hidden ? 0 : box.clientWidth;
  if (!W) return null; // (the room it had stays the best guess for the next hand)
  lastRoom = {
    W,
    most: Math.max(MIN_CARD, Math.floor(px(table, "--hand-card-max"))),
    height: table.clientHeight * (px(table, "--hand-budget") || 0.3),
    // The corner index is sized in the card's own units (cqw): the share of a card it covers is the
    // same at any width, so it is measured as the cards are, without drawing them all at another size.
    // With no card to measure, the reach measured last stands (or the least any card needs).
    reach: cards.length || !lastRoom ? indexReach(cards) : lastRoom.reach,
    maxRows: table.dataset.layout === "phone-landscape" ? 1 : 3,
  };
  return lastRoom;
}

const sameRoom = (a, b) =>
  !!a &&
  !!b &&
  ["W", "most", "height", "maxRows"].every((k) => a[k] === b[k]) &&
  a.reach.x === b.reach.x &&
  a.reach.y === b.reach.y;

/** Size and place the cards of `box` for `room` (handRoom's), reading nothing of the layout. */
function placeHand(box, fit, room) {
  const cards = handCards(box);
  setStyle(box.style, "--n", String(cards.length));
  if (!cards.length || box.hidden) {
    box.style.height = "";
    return;
  }
  if (!room) return;
  const { W, most, reach, maxRows } = room;
  const budget = room.height * [1, 1, 0.85, 0.72, 0.6, 0.5][fit];
  let shape = null;
  for (let w = most; w >= MIN_CARD && !shape; w -= 2) shape = handRows(cards.length, w, W, reach, maxRows, budget);
  // Too many cards for the room at the least size: more rows, whatever the height.
  for (let rows = maxRows + 1; !shape; rows++) shape = handRows(cards.length, MIN_CARD, W, reach, rows, Infinity);
  const { w, h, rows, rowStep, height } = shape;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    const inRow = Math.ceil((cards.length - i) / (rows - r));
    const step = inRow > 1 ? Math.min(w + GAP, (W - w) / (inRow - 1)) : 0;
    const start = (W - (w + (inRow - 1) * step)) / 2;
    for (let k = 0; k < inRow; k++, i++) {
      const s = cards[i].style;
      setStyle(s, "width", `${w}px`);
      setStyle(s, "height", `${h}px`);
      setStyle(s, "left", `${Math.round(start + k * step)}px`);
      setStyle(s, "top", `${Math.round(LIFT + r * rowStep)}px`);
      const face = cards[i].querySelector(":scope > .face"); // (a card back has none)
      if (face) setStyle(face.style, "transform", faceScale(w, h));
    }
  }
  setStyle(box.style, "height", `${Math.ceil(height)}px`);
}

// A hand card's face is laid out at FACE's size (styles/table.css) and scaled to the card's inside
// (its 1 px border off): a new width changes a transform, never the layout of the face.
const FACE = { w: 100, h: 141, border: 1 };
const faceScale = (w, h) => `scale(${(w - 2 * FACE.border) / FACE.w}, ${(h - 2 * FACE.border) / FACE.h})`;

/** Set a style property only if it changes: the browser lays the table out again after any write. */
function setStyle(style, name, value) {
  if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
}

// ------------------------------------------------------------------ fitting the table
export const FIT_MAX = 5;

/** How much of the table does not fit, in px (0: all of it does): what the felt or a seat would have
 * to scroll or would cut, what the hand's area is too wide, what the table is too tall. */
function overflow(table) {
  const over = (e) => Math.max(0, e.scrollHeight - e.clientHeight - 1) + Math.max(0, e.scrollWidth - e.clientWidth - 1);
  let sum = over($("felt"));
  for (const li of $("players").children) sum += over(li);
  const hand = $("hand-area");
  if (!hand.hidden) sum += Math.max(0, hand.scrollWidth - hand.clientWidth - 1);
  if (!EMBED) sum += Math.max(0, table.scrollHeight - table.clientHeight - 1);
  return sum;
}

/** How much the seats do not fit (in side columns, where each has its share of the height). */
function seatOverflow() {
  let sum = 0;
  for (const li of $("players").children) sum += Math.max(0, li.scrollHeight - li.clientHeight - 1);
  return sum;
}

/** Draw the table at `step` of `name` (classes `${name}-1` to `${name}-${step}`, `data-${name}`). */
function setStep(table, name, max, step) {
  table.dataset[name] = String(step);
  for (let k = 1; k <= max; k++) table.classList.toggle(`${name}-${k}`, k <= step);
}

/**
 * The least compact step (classes `${name}-1` to `${name}-${max}` on #table, `data-${name}` the
 * step) at which `overflow()` is 0, or the one where it is least. It starts from the step the table
 * was drawn at before (a move seldom changes it): a drawing costs two or three layouts, not six.
 * Returns the overflow at that step.
 */
function fitSteps(table, name, max, overflow, draw = () => {}) {
  const set = (step) => {
    setStep(table, name, max, step);
    draw(step);
  };
  const tried = new Map();
  const fits = (step) => {
    if (!tried.has(step)) {
      set(step);
      tried.set(step, overflow());
    }
    return tried.get(step) === 0;
  };
  let step = Math.min(max, Number(table.dataset[name]) || 0);
  if (fits(step)) {
    while (step > 0 && fits(step - 1)) step--;
  } else {
    while (step < max && !fits(step)) step++;
    if (!fits(step)) {
      for (let s = 0; s <= max; s++) fits(s);
      step = [...tried].reduce((best, [s, over]) => (over < tried.get(best) ? s : best), max);
    }
  }
  if (Number(table.dataset[name]) !== step) set(step);
  return tried.get(step);
}

/**
 * Fit the table drawn now into its place: the seats of side columns first (upright, the seats are
 * as tall as they need and the table's steps compact them), then the hand laid out and the least
 * compact drawing of the whole that holds everything; in a window too small for any, the one that
 * leaves out least. Called for a new table, on a resize, for new letters (another language, a font
 * arrived), and by refitTable when the steps the table was drawn at no longer serve.
 */
export function fitTable() {
  const table = $("table");
  if (table.hidden) return;
  measureMovesButton(table);
  // The seats' own step is found with the table drawn at its roomiest (the step it was drawn at
  // stays the fitting's first guess): drawn tight, its compact seats would fit at once, and the whole
  // table would then stay tight for the seats' sake, the hand's cards small.
  for (let k = 1; k <= FIT_MAX; k++) table.classList.remove(`fit-${k}`);
  fitSteps(table, "seats", 4, seatOverflow);
  fitSteps(
    table,
    "fit",
    FIT_MAX,
    () => overflow(table),
    (step) => layoutHand($("hand"), step),
  );
  // Then the seats as roomy as the table so drawn allows: the hand's row may have grown or shrunk,
  // and a seat's compactness is the felt's room too (upright, the seats' rows are over it).
  const over = fitSteps(table, "seats", 4, () => overflow(table));
  fitted = { ...cardCounts(table), fits: over === 0 };
}

/** The Moves button shares a row with your seat when the screen stands upright: the seat keeps clear
 * of it, whatever its words in the page's language. */
function measureMovesButton(table) {
  setStyle(table.style, "--moves-w", `${Math.ceil($("history-button").getBoundingClientRect().width)}px`);
}

/** What shares the hand's row, read without a layout: the hand's width follows it. Only kinds and
 * counts, never words: a choice may name a card of the hand ("Discard the 7♥"), and this is kept
 * while the device is passed. */
function besideKey(table, hand) {
  const others = [...hand.parentElement.children].filter((e) => e !== hand && !e.hidden);
  const kinds = (e) => [...e.children].map((c) => c.dataset.action || c.tagName).join(",");
  return [table.dataset.layout, table.dataset.fit, ...others.map((e) => `${e.id}:${kinds(e)}`)].join("|");
}

/** The cards in the hand and on the whole table, counted without a layout. */
function cardCounts(table) {
  return { hand: $("hand").querySelectorAll(".card").length, all: table.querySelectorAll(".card").length };
}

/**
 * After a move or a pick: the table drawn at the steps it was last fitted at, kept while everything
 * fits and the hand and the table hold no fewer cards than they did then (fewer might fit a roomier
 * drawing); with more than fit, drawn more compact (tighterFits); else fitted again. A move thus
 * costs two layouts rather than the search's six to ten (each restyles and lays out the table
 * again: 2-15 ms on the build machine), and the table does not shrink and grow back from move to
 * move. A new table, a resize and new letters are fitted anew.
 */
export function refitTable() {
  const table = $("table");
  if (table.hidden) return;
  const now = cardCounts(table);
  if (fitted && now.hand >= fitted.hand && now.all >= fitted.all) {
    // The hand is laid out for the room it had last time before anything is measured, so that the
    // new cards are drawn at their size in the one layout a move costs; only a hand whose room has
    // changed (a 10's wider corner, say) is laid out again.
    const hand = $("hand");
    const fit = Number(table.dataset.fit) || 0;
    const beside = besideKey(table, hand);
    const guess = lastRoom && { ...lastRoom, W: widthBeside.get(beside) ?? lastRoom.W };
    placeHand(hand, fit, guess);
    measureMovesButton(table);
    const room = handRoom(hand);
    if (room) {
      if (widthBeside.size >= 64) widthBeside.clear();
      widthBeside.set(beside, room.W);
    }
    if (!sameRoom(room, guess)) placeHand(hand, fit, room);
    // When nothing held the fewer cards there were at the last search, nothing holds these: the
    // table stays at what leaves out least then (the page scrolls), not searched again every move.
    if (overflow(table) === 0 || !fitted.fits || tighterFits(table, hand)) return;
  }
  fitTable();
}

/**
 * More cards than the table holds at its steps (a picked-up pile, say): the next more compact steps
 * of the whole table, the seats' step kept, before a search of every step of both (which restyles
 * the whole table eight times or more, 4 ms each on the build machine). Whether one of them fits.
 */
function tighterFits(table, hand) {
  for (let step = (Number(table.dataset.fit) || 0) + 1; step <= FIT_MAX; step++) {
    setStep(table, "fit", FIT_MAX, step);
    layoutHand(hand, step);
    if (overflow(table) === 0) {
      fitted = { ...cardCounts(table), fits: true };
      return true;
    }
  }
  return false;
}

window.addEventListener("resize", () => {
  if (!placed || $("table").hidden) return;
  placeSeats(placed.view, placed.order);
  fitTable();
});
// The Punjabi and Gujarati letters arrive after the table is first drawn: their words take more room.
document.fonts.addEventListener("loadingdone", () => fitTable());
// Another card size (set while playing): the cards beside the hand (3UP 3DOWN's face-down ones) and
// on the felt take other room. Fitted once every listener has run (cards.js sets the size).
onSettingChange((name) => {
  if (name === "cardSize") queueMicrotask(fitTable);
});
// Another language's words may be shorter: the table drawn next in it is fitted from the start.
onLangChange(() => {
  fitted = null;
});
