// The history of the round (ONO 99 round, Canasta hand, 3UP 3DOWN round, Own Trumps game): every
// public event the page has seen since the round began, kept here as views come in. A view
// carries only its last 30 events (numbered `n`), and the page sees a view after every single move,
// so keeping them as they come holds the whole round. After a reload the history starts with what
// the resumed view carries.

import { $, el } from "../app/dom.js";
import { t } from "../app/i18n.js";

const store = { round: undefined, events: [] };

/** What names a round in a view: every game numbers its rounds, hands or games under one of these. */
function roundOf(view) {
  return view.round ?? view.hand_no ?? view.game_no ?? null;
}

/** Forget everything: a new game or another saved game. */
export function resetHistory() {
  store.round = undefined;
  store.events = [];
}

/** Take in the events of `view`. Returns the events that are new to the page. */
export function remember(view) {
  const events = view.events || [];
  const last = store.events.length ? store.events[store.events.length - 1].n : 0;
  const fresh = events.filter((e) => e.n > last);
  const round = roundOf(view);
  if (round !== store.round) {
    // A new round starts a new history: from what the page had not seen yet (all of the view's
    // events when the page has seen none, as after a reload).
    const first = store.round === undefined;
    store.round = round;
    store.events = first ? events.slice() : fresh;
    return fresh;
  }
  if (!events.length) return fresh;
  // Keep what came before the view's oldest event; the view's own copy wins from there on (after an
  // undo the engine numbers events again from the undone point, so a tail may be replaced).
  const from = events[0].n;
  let k = store.events.length;
  while (k && store.events[k - 1].n >= from) k--;
  store.events = store.events.slice(0, k).concat(events);
  return fresh;
}

/** The same events in other words (the engine's `events`, after a change of language). */
export function replaceHistory(events) {
  const byN = new Map((events || []).map((e) => [e.n, e]));
  store.events = store.events.map((e) => byN.get(e.n) || e);
  $("log").replaceChildren();
  renderHistory();
}

/** The round's events, oldest first. */
export function roundEvents() {
  return store.events;
}

/** What `seat` did last this round (the text of its last event), or "". */
export function lastMoveOf(seat) {
  for (let i = store.events.length - 1; i >= 0; i--) {
    if (store.events[i].seat === seat) return store.events[i].text;
  }
  return "";
}

/** The seat that made the latest move (the last event that names a seat), or null. */
export function lastActor() {
  for (let i = store.events.length - 1; i >= 0; i--) {
    if (store.events[i].seat != null) return store.events[i].seat;
  }
  return null;
}

/**
 * Draw the history into #log, the newest move first (it is what a player looks for). Only the
 * lines that changed are touched, so a long round costs a redraw nothing.
 */
export function renderHistory() {
  const log = $("log");
  const want = store.events;
  const shown = log.children;
  // Lines are kept newest first: the last child is the oldest event.
  const oldestShown = shown.length ? Number(shown[shown.length - 1].dataset.n) : null;
  const newestShown = shown.length ? Number(shown[0].dataset.n) : null;
  const fits =
    shown.length &&
    want.length &&
    oldestShown === want[0].n &&
    want.some((e) => e.n === newestShown && e.text === shown[0].textContent);
  if (!fits) {
    log.replaceChildren(...want.map(line).reverse());
  } else {
    // Drop lines an undo took back, then add the new ones on top.
    while (log.firstElementChild && Number(log.firstElementChild.dataset.n) > want[want.length - 1].n) {
      log.firstElementChild.remove();
    }
    const top = log.firstElementChild ? Number(log.firstElementChild.dataset.n) : 0;
    const add = want.filter((e) => e.n > top);
    if (add.length) log.prepend(...add.map(line).reverse());
  }
  $("history-button").textContent = t("Moves ({n})", { n: want.length });
}

function line(e) {
  const li = el("li", { text: e.text });
  li.dataset.n = String(e.n);
  if (e.seat != null) li.dataset.seat = String(e.seat);
  return li;
}

// Where the history is not a column of its own (phones, tablets), the Moves button opens it over the
// felt; Escape or the button closes it.
function openHistory(open) {
  $("history").classList.toggle("open", open);
  $("history-button").setAttribute("aria-expanded", String(open));
}
$("history-button").addEventListener("click", () => openHistory(!$("history").classList.contains("open")));
$("history").addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  openHistory(false);
  $("history-button").focus();
});
