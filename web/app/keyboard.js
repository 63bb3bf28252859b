// Keyboard play, the same for every table: a row of cards is one tab stop (roving tabindex) whose
// arrow keys move between the cards, and the focus never falls to <body> when what held it is
// redrawn, hidden or closed. Enter and Space on a card are a tap: the cards are real buttons.

import { $ } from "./dom.js";

const NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The buttons of a row that take part (hidden ones do not). */
const itemsOf = (row) => [...row.querySelectorAll("button")].filter((b) => !b.hidden);

function makeStop(row, stop) {
  for (const b of itemsOf(row)) b.tabIndex = b === stop ? 0 : -1;
}

function onKey(e) {
  const row = e.currentTarget;
  const items = itemsOf(row);
  const at = items.indexOf(document.activeElement);
  if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  let to;
  if (e.key in NEXT) to = (at + NEXT[e.key] + items.length) % items.length;
  else if (e.key === "Home") to = 0;
  else if (e.key === "End") to = items.length - 1;
  else return;
  e.preventDefault();
  makeStop(row, items[to]);
  items[to].focus();
}

/**
 * Make `row` (a hand, a row of face-up cards) one tab stop: call it after every drawing of the row.
 * The stop is the card that has the focus, else the first card the player may use, else the first.
 */
export function rove(row) {
  if (!row) return;
  if (!row.dataset.roving) {
    row.dataset.roving = "true";
    row.addEventListener("keydown", onKey);
    // A tap or a programmatic focus moves the stop too, so Tab comes back to the last card used.
    row.addEventListener("focusin", (e) => {
      if (e.target.matches("button")) makeStop(row, e.target);
    });
  }
  const items = itemsOf(row);
  const stop =
    items.find((b) => b === document.activeElement) || items.find((b) => b.dataset.playable === "true") || items[0];
  if (stop) makeStop(row, stop);
}

// ------------------------------------------------------------------ the focus never lost
// The element that last had the focus, held weakly: a card button the table removed is not kept
// alive by this (nor, with it, the hand it was drawn for).
let last = null;

const gone = (node) => !node?.isConnected || node.closest("[hidden]") || node.getClientRects().length === 0;
const overlay = () => !$("curtain").hidden || document.querySelector("dialog[open]");

/** Where the focus goes when what held it went away: the player's cards, else what they may do. */
function bestTarget() {
  if (!$("lobby").hidden) return document.querySelector("#games input:checked") || $("start-button");
  const table = $("table");
  if (table.hidden) return null;
  return (
    [...table.querySelectorAll('.hand button[tabindex="0"]')].find((b) => !gone(b)) ||
    table.querySelector(".draw-button") ||
    table.querySelector("#actions button:not([aria-disabled])") ||
    [...table.querySelectorAll("button")].find((b) => !gone(b)) ||
    table
  );
}

function rescue() {
  const active = document.activeElement;
  // A focused element just hidden still counts as active until the browser's next style pass, which
  // then drops the focus to <body> without an event: treat it as lost now.
  if (active && active !== document.body && !gone(active)) return;
  if (overlay() || !gone(last?.deref())) return;
  const target = bestTarget();
  if (!target) return;
  if (target === $("table")) target.tabIndex = -1; // focusable by script only: it names the table
  target.focus({ preventScroll: true });
}

/** Watch the page once: whenever the focused element is removed or hidden, or a dialog closes, the
 *  focus moves to the best place on the screen instead of <body>. */
export function keepFocus() {
  document.addEventListener("focusin", (e) => {
    last = new WeakRef(e.target);
  });
  // A redraw replaces the focused button; showing a screen hides the one that had the focus. A hidden
  // element keeps the focus until the next style pass drops it to <body>, without a mutation: if
  // the screen that takes its place is drawn before that pass, this is the last chance to move it.
  new MutationObserver(() => {
    const active = document.activeElement;
    if (active === document.body || !active?.isConnected || active.closest("[hidden]")) rescue();
  }).observe($("app"), { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  // A closed dialog gives the focus back to the element that opened it, if that is still there.
  document.addEventListener("close", () => requestAnimationFrame(rescue), true);
}
