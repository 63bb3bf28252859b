// What every game's table draws the same way.

import { $, el } from "../app/dom.js";
import { t } from "../app/i18n.js";
import { lastMoveOf } from "./history.js";
import { markNew } from "./motion.js";
import { EMBED } from "../app/embed-mode.js";

/** Empty what every table draws (the seats, the hand, the piles, the lines): nothing of any hand
 * stays in the DOM, nor in the view kept for a redraw on resize. */
export function clearTable() {
  placed = null;
  for (const id of ["players", "hand", "actions", "draw-pile", "discard-pile", "log"]) $(id).replaceChildren();
  $("hand-title").textContent = "";
  $("hand-area").classList.remove("my-turn");
  $("hand-area").hidden = true;
  $("turn-line").textContent = "";
  $("message").textContent = "";
  $("total").textContent = "";
  $("direction").replaceChildren();
  $("table").hidden = true;
}

/**
 * The buttons every table ends its actions with: Undo (when the engine allows it, and `undo` is
 * not turned off by a table that is midway through composing a move) and the page's own buttons
 * (pass the device, fast-forward).
 */
export function closingButtons(view, ctx, { undo = true } = {}) {
  const out = [];
  if (undo && view.can_undo && view.seat != null) {
    const b = el("button", { type: "button", class: "action undo secondary", text: t("Undo") });
    b.dataset.focusKey = "undo";
    b.addEventListener("click", () => ctx.onUndo(b));
    out.push(b);
  }
  for (const extra of ctx.extraButtons || []) {
    const b = el("button", { type: "button", class: "action secondary", text: extra.label });
    b.addEventListener("click", extra.onClick);
    out.push(b);
  }
  return out;
}

/** Where the keyboard focus is on the table (its focus key), so a redraw can put it back. */
export function focusKey() {
  const a = document.activeElement;
  if (!a || !$("table").contains(a)) return null;
  return a.dataset.focusKey || "table";
}

/**
 * The button of one of a table's choices, `c` = {label, key, action?, why?, check?, secondary?,
 * local?}. A refused choice stays tappable and shows why; with `check` the engine is asked first
 * (explain) and the button is refused if the engine would refuse it. A `local` choice (the page's
 * own, such as clearing a selection) goes to `onLocal`. `current()` says whether the table is still
 * the one the button was made for when the engine answers. Returns [button, the check or null].
 */
export function choiceButton(c, ctx, current, onLocal) {
  const b = el("button", { type: "button", class: `action${c.secondary ? " secondary" : ""}`, text: c.label });
  b.dataset.focusKey = `action:${c.key}`;
  if (c.action) b.dataset.action = c.action.type;
  const refuse = (why) => {
    b.setAttribute("aria-disabled", "true");
    b.classList.add("unavailable");
    b.dataset.why = why;
  };
  if (c.why) refuse(c.why);
  b.addEventListener("click", () => {
    if (b.dataset.why) {
      showMessage(b.dataset.why);
      return;
    }
    if (c.local) {
      onLocal(c.local);
      return;
    }
    if (c.action) ctx.onAction(c.action, b);
  });
  let check = null;
  if (c.check && ctx.explain) {
    b.classList.add("checking");
    check = ctx.explain(c.action).then(
      (r) => {
        if (!current()) return;
        b.classList.remove("checking");
        if (r && !r.legal) refuse(r.why || t("That is not possible now."));
      },
      () => b.classList.remove("checking"),
    );
  }
  return [b, check];
}

/** The message line under the table: a refusal's reason, a problem, or nothing. */
export function showMessage(text) {
  const box = $("message");
  box.textContent = "";
  // Re-setting the text makes screen readers announce a repeated message again.
  requestAnimationFrame(() => {
    box.textContent = text || "";
  });
  box.classList.toggle("visible", !!text);
}

// The felt scrolls inside itself when its board is long (Canasta's melds, Own Trumps' pile): then,
// and only then, it is a tab stop, so that it can be scrolled from the keyboard too. Its own size and
// that of what it holds are watched: a redraw of the hand (a selection) or of a board changes either.
const feltWatch = new ResizeObserver(() => {
  const felt = $("felt");
  if (felt.scrollHeight > felt.clientHeight || felt.scrollWidth > felt.clientWidth) felt.tabIndex = 0;
  else felt.removeAttribute("tabindex");
});

/** Watch the felt and what it holds now (a board drawn into it for the first time too). */
export function watchFelt() {
  const felt = $("felt");
  feltWatch.observe(felt);
  for (const part of felt.children) feltWatch.observe(part);
}

/** After a hand's cards are drawn into `box`: mark the card just drawn, and give the CSS the card
 * count, so that a long hand overlaps to fit its row (styles/style.css, .hand). */
export function finishHand(box) {
  box.style.setProperty("--n", String(box.childElementCount));
  markNew(box);
}

// ------------------------------------------------------------------ seats round the table
let placed = null; // the last placement's arguments, for a redraw on resize or turn

/** How the table is laid out at this window size: "wide" (room for the history at the side),
 * "landscape" (seats at the sides) or "portrait" (every other seat across the top). */
function layoutNow() {
  const w = window.innerWidth;
  // An embedded table grows its frame to its content: its height must not choose the layout, or
  // the frame and the layout would chase each other.
  const h = EMBED ? w : window.innerHeight;
  if (w >= 1100 && h >= 640) return "wide";
  return w >= 640 && w >= h ? "landscape" : "portrait";
}

/** Split the other seats (clockwise from the bottom seat's left) into left, top and right. */
function sides(others, layout) {
  const k = others.length;
  // Two seats a side only where the window is tall enough for them to stand one above the other.
  const tall = !EMBED && window.innerHeight >= 1000;
  // Seats at the sides need the width of two seats beside the piles: not on a phone held upright.
  const narrow = layout === "portrait" && window.innerWidth < 700;
  const side = narrow || k <= 2 ? 0 : k <= 4 || !tall ? 1 : 2;
  // Left goes up from the bottom, top goes left to right, right comes down.
  const left = others.slice(0, side);
  const top = others.slice(side, k - side);
  const right = others.slice(k - side);
  return { left, top, right };
}

/**
 * Seat the players round the table: the viewer (or the first seat, when nobody's hand is shown)
 * at the bottom by the hand, the others clockwise (in `order`) up the left, across the top and
 * down the right; the felt (piles, melds) in the middle. Each seat shows its last move of the
 * round. The seats stay one list in the DOM (for assistive tech and tests); only their grid places
 * change, so a resize or a turn of the device re-seats them without redrawing.
 */
export function placeSeats(view, order = view.players.map((p) => p.seat)) {
  placed = { view, order };
  const table = $("table");
  const layout = layoutNow();
  const bottom = view.seat != null && order.includes(view.seat) ? view.seat : order[0];
  const at = order.indexOf(bottom);
  const ring = order.slice(at).concat(order.slice(0, at));
  const { left, top, right } = sides(ring.slice(1), layout);
  // The top seats in rows of up to four on a narrow screen (8 seats: two rows of four), six else.
  const perRow = layout === "portrait" ? 4 : 6;
  const rows = Math.ceil(top.length / perRow);
  const cols = Math.max(1, rows ? Math.ceil(top.length / rows) : 1);
  const middle = Math.max(1, left.length, right.length);
  const place = new Map();
  for (const [j, s] of top.entries()) place.set(s, [`${Math.floor(j / cols) + 1}`, `${(j % cols) + 2}`, "top"]);
  for (const [i, s] of left.entries()) place.set(s, [`${rows + middle - i}`, "1", "left"]);
  for (const [i, s] of right.entries()) place.set(s, [`${rows + 1 + i}`, `${cols + 2}`, "right"]);
  // Portrait: your seat and the Moves button in a row above the hand. Else (height is scarce) in
  // the corner left of the hand, one above the other.
  const tall = layout === "portrait";
  const handRow = rows + middle + (tall ? 2 : 1);
  place.set(bottom, tall ? [`${rows + middle + 1}`, `2 / span ${cols}`, "bottom"] : [`${handRow}`, "1", "corner"]);

  table.dataset.layout = layout;
  table.style.gridTemplateColumns = `minmax(0, auto) repeat(${cols}, minmax(0, 1fr)) minmax(0, auto)${layout === "wide" ? " minmax(240px, 22vw)" : ""}`;
  table.style.gridTemplateRows = `${"auto ".repeat(rows)}repeat(${middle}, minmax(0, 1fr)) auto${tall ? " auto" : ""}`;
  const felt = `${rows + 1} / 2 / span ${middle} / span ${cols}`;
  $("felt").style.gridArea = felt;
  $("message").style.gridArea = felt;
  $("hand-area").style.gridArea = tall
    ? `${handRow} / 1 / auto / span ${cols + 2}`
    : `${handRow} / 2 / auto / span ${cols + 1}`;
  // The Moves button: by your seat in portrait; else in the top left corner, which no seat takes.
  $("history-button").style.gridArea = tall ? `${handRow - 1} / 2 / auto / span ${cols}` : "1 / 1";
  $("history").style.gridArea = layout === "wide" ? `1 / ${cols + 3} / span ${handRow} / auto` : "";
  for (const li of $("players").children) {
    const seat = Number(li.dataset.seat);
    const [row, col, side] = place.get(seat) || ["1", "2", "top"];
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

window.addEventListener("resize", () => {
  if (placed && !$("table").hidden) placeSeats(placed.view, placed.order);
});
