// Moves you can follow: every card that changed place between two drawings of the table glides
// from where it was to where it is (FLIP: record the cards' places before a redraw, draw the final
// table at once, then animate each card from its old place with the Web Animations API). The
// animation never delays the final state: the DOM is already final when it starts.
//
// A card is known by where it lies (the nearest element with an id: #hand, #discard-pile, #teams…)
// and its code with its copy number there (`data-card`, set by every card face). A card that is new
// in a place comes from a card of the same code that left another place (hand to pile, pile to hand,
// hand to a meld), else from the stock (into your hand) or from the seat that just moved (onto the
// table). A seat whose hand grew without a card to show gets card backs flying to it.
//
// Also here: which cards in your hand are new since your last look (the card just drawn).

import { $, el } from "../app/dom.js";
import { motionPace, onSettingChange } from "../app/settings.js";
import { lastActor } from "./history.js";

const DURATION = { slow: 700, normal: 380, fast: 180, off: 0 };
// `?speed=fast` (tests, benchmarks): moves still animate, briefly.
const TEST_SPEED = new URLSearchParams(location.search).get("speed") === "fast";
const EASING = "cubic-bezier(0.2, 0.7, 0.2, 1)";
export const ANIMATION_ID = "card-move";

/** How long one card's move lasts now, in ms (0: nothing animates). */
export function moveMs() {
  const ms = DURATION[motionPace()] ?? DURATION.normal;
  return TEST_SPEED ? Math.min(ms, 120) : ms;
}

/** Every card in flight lands now. A moving card's animation keeps its element alive, and with it
 *  the click handler that holds its card and the view: a table cleared for the curtain must let go. */
export function landCards() {
  for (const a of document.getAnimations()) if (a.id === ANIMATION_ID) a.finish();
}

// Motion turned off (or slower, or faster) while cards are moving: they land at once.
onSettingChange((name) => {
  if (name === "motion") landCards();
});

function cardsOnTable(table) {
  const out = [];
  const copies = new Map();
  for (const node of table.querySelectorAll("[data-card]")) {
    if (!node.getClientRects().length) continue; // not drawn (hidden)
    const home = node.parentElement?.closest("[id]") || table;
    const base = `${home.id}:${node.dataset.card}`;
    const nth = copies.get(base) || 0;
    copies.set(base, nth + 1);
    out.push({
      key: `${base}#${nth}`,
      code: node.dataset.card,
      home: home.id,
      node,
      rect: node.getBoundingClientRect(),
    });
  }
  return out;
}

function seatRects(table) {
  const out = new Map();
  for (const li of table.querySelectorAll("#players > li[data-seat]"))
    out.set(Number(li.dataset.seat), li.getBoundingClientRect());
  return out;
}

function stockRect(table) {
  const stock = table.querySelector("#draw-pile .card");
  return stock?.getClientRects().length ? stock.getBoundingClientRect() : null;
}

const counts = (view) => new Map((view.players || []).map((p) => [p.seat, p.hand_count]));

/** From `from` to the node's place `to`: a transform that starts at the old place and size. */
function glide(node, from, to, ms) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2 && Math.abs(sx - 1) < 0.02) return;
  node.classList.add("moving");
  const a = node.animate(
    [
      { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
      { transformOrigin: "0 0", transform: "none" },
    ],
    { duration: ms, easing: EASING, id: ANIMATION_ID },
  );
  a.finished.then(
    () => node.classList.remove("moving"),
    () => node.classList.remove("moving"),
  );
}

/** A card back that flies from `from` to `to` and is gone: a hidden card changing hands. */
function ghost(from, to, ms, delay) {
  const g = el("div", { class: "card back-face motion-ghost", "aria-hidden": "true" });
  const w = Math.min(from.width, 60);
  const h = Math.min(from.height, 84);
  Object.assign(g.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${w}px`, height: `${h}px` });
  document.body.append(g);
  const dx = to.left + to.width / 2 - (from.left + w / 2);
  const dy = to.top + to.height / 2 - (from.top + h / 2);
  const a = g.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0.2 },
    ],
    { duration: ms, delay, easing: EASING, id: ANIMATION_ID, fill: "backwards" },
  );
  a.finished.then(
    () => g.remove(),
    () => g.remove(),
  );
}

/**
 * Record where the table's cards are, before drawing `view` over `previous` (the view shown now).
 * Returns {play()}: call it once the new view is drawn.
 */
export function capture(previous) {
  const table = $("table");
  const ms = moveMs();
  if (!ms || table.hidden || !previous) return { play() {} };
  const before = cardsOnTable(table);
  if (!before.length) return { play() {} };
  const seats = seatRects(table);
  const stock = stockRect(table);
  const had = counts(previous);
  return {
    play(view) {
      if (table.hidden) return;
      const after = cardsOnTable(table);
      const seatsNow = seatRects(table); // read before the glides start: they restyle what they move
      const keys = new Map(before.map((c) => [c.key, c]));
      const now = new Set(after.map((c) => c.key));
      // Cards that left their place, by code: where a card new somewhere else came from.
      const left = new Map();
      for (const c of before) {
        if (now.has(c.key)) continue;
        if (!left.has(c.code)) left.set(c.code, []);
        left.get(c.code).push(c);
      }
      const actor = lastActor();
      const actorSeat = actor != null ? seats.get(actor) : null;
      for (const c of after) {
        const old = keys.get(c.key);
        if (old) {
          glide(c.node, old.rect, c.rect, ms);
          continue;
        }
        const same = left.get(c.code);
        const from = same?.length ? same.shift().rect : c.home === "hand" ? stock || actorSeat : actorSeat || stock;
        if (from) glide(c.node, from, c.rect, ms);
      }
      // Hidden cards changing hands: a seat (not the one whose hand is shown) that holds more.
      const pileLeft = [...left.values()]
        .flat()
        .filter((c) => c.home !== "hand")
        .map((c) => c.rect);
      for (const p of view.players || []) {
        if (p.seat === view.seat) continue;
        const grew = (p.hand_count || 0) - (had.get(p.seat) || 0);
        const to = seatsNow.get(p.seat);
        if (grew <= 0 || !to) continue;
        for (let i = 0; i < Math.min(grew, 4); i++) {
          const from = pileLeft[i] || stock;
          if (from) ghost(from, to, ms, i * Math.round(ms / 6));
        }
      }
    },
  };
}

// ------------------------------------------------------------------ the card just drawn
const fresh = { seat: null, hand: [], codes: [] };

function multiset(codes) {
  const m = new Map();
  for (const c of codes) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

/**
 * Note the hand of `view` (the viewer's): the cards that came into it since the viewer's previous
 * hand are the new ones, marked until the viewer's hand changes again without a new card coming.
 */
export function noteHand(view) {
  const hand = view?.hand ? view.hand.map((c) => c.card) : null;
  if (!hand) return;
  if (view.seat !== fresh.seat) {
    // Another viewer (or the first look): nothing is new to them yet.
    Object.assign(fresh, { seat: view.seat, hand, codes: [] });
    return;
  }
  const old = multiset(fresh.hand);
  const added = [];
  for (const c of hand) {
    const n = old.get(c) || 0;
    if (n) old.set(c, n - 1);
    else added.push(c);
  }
  // The mark finds a card or a few among the others: a new deal (or most of a hand new) has none.
  if (added.length) fresh.codes = added.length * 2 <= hand.length ? added : [];
  else if (hand.length !== fresh.hand.length) fresh.codes = []; // the viewer played: the mark goes
  fresh.hand = hand;
}

/** Forget the viewer's hand (the curtain is up, a new game). */
export function forgetHand() {
  Object.assign(fresh, { seat: null, hand: [], codes: [] });
}

/** Mark the new cards among the buttons of `box` (a hand): a look (styles/table.css) and a description. */
export function markNew(box) {
  const left = multiset(fresh.codes);
  if (!left.size) return;
  for (const b of box.querySelectorAll("[data-card]")) {
    const n = left.get(b.dataset.card) || 0;
    if (!n) continue;
    left.set(b.dataset.card, n - 1);
    b.classList.add("just-drawn");
    const described = (b.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    b.setAttribute("aria-describedby", [...described, "just-drawn-note"].join(" "));
  }
}
