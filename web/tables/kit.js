// What every game's table draws the same way.

import { $, el } from "../app/dom.js";
import { currentLang, t } from "../app/i18n.js";
import { landCards, markNew } from "./motion.js";
import { forgetPlacement } from "./layout.js";

/** Empty what every table draws (the seats, the hand, the piles, the lines): nothing of any hand
 * stays in the DOM, nor in the view kept for a redraw on resize. */
export function clearTable() {
  landCards();
  forgetPlacement();
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

/** What each section of the table was last drawn from, by its box: see `redrawIf`. */
const drawnFrom = new WeakMap();

/**
 * Draw a section of the table (`draw()` fills `box`) only if what it shows changed: `inputs` (JSON:
 * the parts of the view it shows) or the page's language. A move then rebuilds, restyles and lays out
 * only what it changed (a Canasta draw leaves the melds as they were). A box emptied meanwhile (a
 * table cleared) is drawn again. `draw` must not attach handlers that capture anything else.
 */
export function redrawIf(box, inputs, draw) {
  const from = `${currentLang()} ${JSON.stringify(inputs)}`;
  const last = drawnFrom.get(box);
  if (last && last.from === from && last.first === box.firstChild && box.firstChild) return;
  draw();
  drawnFrom.set(box, { from, first: box.firstChild });
}

/**
 * The seats (`box`: #players), drawn at every move but keeping the element of each seat whose drawing
 * did not change. `seats.seat(seat, inputs, fill)` is that seat's <li> (its `data-seat` set): emptied,
 * its classes cleared, and filled by `fill(li)` only when `inputs` (all it shows, as JSON) or the
 * language changed (see redrawIf). `seats.done()` drops the seats no longer shown and puts the rest in
 * order. (A seat's place on the table and its last-move line are placeSeats's, done after.)
 */
export function seatList(box) {
  const kept = new Map([...box.children].map((li) => [li.dataset.seat, li]));
  const row = [];
  return {
    seat(seat, inputs, fill) {
      let li = kept.get(String(seat));
      if (!li) {
        li = el("li");
        li.dataset.seat = String(seat);
      }
      redrawIf(li, inputs, () => {
        li.replaceChildren();
        li.removeAttribute("class");
        fill(li);
      });
      row.push(li);
    },
    done: () => keepInOrder(box, row),
  };
}

/** `row`'s elements, and nothing else, in `box`, in order, moving none already in its place. */
function keepInOrder(box, row) {
  const shown = new Set(row);
  for (const child of [...box.children]) if (!shown.has(child)) child.remove();
  row.forEach((child, i) => {
    if (box.children[i] !== child) box.insertBefore(child, box.children[i] || null);
  });
}

/**
 * The buttons every table ends its actions with: Undo (when the engine allows it) and the page's own
 * buttons (pass the device, fast-forward).
 */
export function closingButtons(view, ctx) {
  const out = [];
  if (view.can_undo && view.seat != null) {
    const b = el("button", { type: "button", class: "action undo secondary", text: t("Undo") });
    b.dataset.focusKey = "undo";
    b.addEventListener("click", () => ctx.onUndo(b));
    out.push(b);
  }
  for (const extra of ctx.extraButtons || []) {
    // With `short` words too: shown where the table is drawn tightly (fit-4 on); the name keeps the long ones.
    const b = extra.short
      ? el(
          "button",
          { type: "button", class: "action secondary", "aria-label": extra.label },
          el("span", { class: "long-words", text: extra.label }),
          el("span", { class: "short-words", "aria-hidden": "true", text: extra.short }),
        )
      : el("button", { type: "button", class: "action secondary", text: extra.label });
    b.addEventListener("click", extra.onClick);
    out.push(b);
  }
  return out;
}

/** Where the keyboard focus is on the table (its focus key), so a redraw can put it back. A button
 * that every drawing makes anew (the choices, `data-remade` boxes) lets go of the focus now: taken out
 * of the page once the drawing has changed the table, it would make the browser lay the table out
 * then and there. So does a card of the hand that the drawing will not show (`view`'s hand): the card
 * a tap just played holds the focus. */
export function focusKey(view = null) {
  const a = document.activeElement;
  if (!a || !$("table").contains(a)) return null;
  const key = a.dataset.focusKey || "table";
  if (a.closest("[data-remade]") || leavesTheHand(a, view)) a.blur();
  return key;
}

/** The table's element of focus key `key` (`data-focus-key`), if it has one. */
export function byFocusKey(key) {
  return key ? $("table").querySelector(`[data-focus-key="${CSS.escape(key)}"]`) : null;
}

/** After a drawing of the whole table, the focus goes back where it was (`key`, from focusKey before
 * the drawing), else to the first of `fallbacks` (selectors: the game's likely next move) the table
 * holds. A focus that was not on the table stays where it is. */
export function refocus(key, fallbacks) {
  if (!key) return;
  let target = key !== "table" && byFocusKey(key);
  for (const selector of fallbacks) target ||= $("table").querySelector(selector);
  if (target) focusWhenDrawn(target);
}

// The button a drawing of the whole table gives the focus to, once the table is fitted (placeFocus).
let focusDue = null;

/** Give `target` the focus once the whole table is drawn and fitted (app/controller.js calls
 * placeFocus): focused in a table half drawn, it would make the browser lay the table out one more
 * time a move. A drawing the controller does not show (a replay's) gets it when its task is over. */
export function focusWhenDrawn(target) {
  focusDue = target;
  queueMicrotask(placeFocus);
}

/** The focus `focusWhenDrawn` asked for, given now. */
export function placeFocus() {
  const target = focusDue;
  focusDue = null;
  if (target?.isConnected) target.focus({ preventScroll: true });
}

/** Is `button` a card of the hand that `view`'s hand no longer holds? */
function leavesTheHand(button, view) {
  const face = view && button.closest("#hand") && (button.dataset.card ? button : button.querySelector("[data-card]"));
  return !!face && !(view.hand || []).some((line) => line.card === face.dataset.card);
}

/**
 * The button of one of a table's choices, `c` = {label, key, action?, why?, check?, secondary?,
 * local?, name?, waits?} (`name`: its accessible name, when fuller than the label; `waits`: refused
 * until cards are selected, and left out where the table is tightest). A refused choice stays
 * tappable and shows why; with `check` the engine is asked first (explain) and the button is
 * refused if the engine would refuse it. A `local` choice (the page's
 * own, such as clearing a selection) goes to `onLocal`. `current()` says whether the table is still
 * the one the button was made for when the engine answers. Returns [button, the check or null].
 */
export function choiceButton(c, ctx, current, onLocal) {
  const b = el("button", {
    type: "button",
    class: `action${c.secondary ? " secondary" : ""}${c.waits ? " waits" : ""}`,
    text: c.label,
  });
  if (c.name) b.setAttribute("aria-label", c.name); // a fuller name than the words shown (it contains them)
  b.dataset.focusKey = `action:${c.key}`;
  if (c.action) b.dataset.action = c.action.type;
  if (c.why) refuse(b, c.why);
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
        if (r && !r.legal) refuse(b, r.why || t("That is not possible now."));
      },
      () => b.classList.remove("checking"),
    );
  }
  return [b, check];
}

/**
 * Times a tap until the table shows its result, for the benches (a "tap-to-redraw" measure of
 * `action`): call the function it returns once redrawn. Each tap is timed from its own start: named
 * marks were shared, and a second quick tap's measure threw once the first had cleared them.
 */
export function timeTap(action) {
  const tapped = performance.now();
  return () => performance.measure("tap-to-redraw", { start: tapped, detail: { action } });
}

/** A choice's button refused: it stays tappable and says `why`. */
export function refuse(b, why) {
  b.setAttribute("aria-disabled", "true");
  b.classList.add("unavailable");
  b.dataset.why = why;
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

// The felt is drawn compactly enough to hold its board (tables/layout.js fitTable). Should a board
// still be too long for a very small window, the felt scrolls inside itself: then, and only then, it
// is a tab stop, so that it can be scrolled from the keyboard too. Its own size and that of what it
// holds are watched: a redraw of the hand (a selection) or of a board changes either.
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

// Each card button a row made: the face it shows ("lang:code") and the classes that face gave it.
const faceOf = new WeakMap();
// Attributes a row leaves alone when it clears the rest: the button's type, the styles the table's
// layout gives it, its card, its tab stop (keyboard.js rove) and its class (the row sets it itself).
const KEPT_ATTRIBUTES = new Set(["type", "style", "data-card", "tabindex", "class"]);

/**
 * A row of card buttons (a hand, a zone of face-up cards), made again at every drawing but keeping
 * the element of each card still in it. A card's face is a size container (styles/cards.css): a
 * new one costs the browser ~2 ms of layout, a kept one nothing, so that a pick or a move redraws a
 * hand of a dozen cards in a few milliseconds rather than thirty.
 * `row.button(code, draw, {attrs, classes})` is the row's next card, a `hand-card`: a kept element of
 * `code`, or a new button that `draw(button)` gives its face. Either way it ends with exactly the
 * attributes `attrs` names (a null or false value: none) and the face's classes plus `classes`, and no
 * click handler (the caller sets one). Only what differs is written: a class or an attribute taken
 * off and put back would have the browser restyle the card and everything on it.
 * `row.done()` drops the cards no longer shown and puts the rest in order in `box`, moving none that
 * is already in its place.
 */
export function cardRow(box) {
  const spare = new Map();
  for (const b of box.children) {
    const face = faceOf.get(b)?.face;
    if (face) spare.set(face, [...(spare.get(face) || []), b]);
  }
  const row = [];
  return {
    button(code, draw, { attrs = {}, classes = [] } = {}) {
      const face = `${currentLang()}:${code}`;
      let b = (spare.get(face) || []).shift();
      if (!b) {
        b = el("button", { type: "button", class: "hand-card" });
        draw(b);
        faceOf.set(b, { face, classes: b.className });
      }
      const wanted = Object.entries(attrs).filter(([, value]) => value != null && value !== false);
      const names = new Set(wanted.map(([name]) => name));
      for (const name of b.getAttributeNames())
        if (!KEPT_ATTRIBUTES.has(name) && !names.has(name)) b.removeAttribute(name);
      for (const [name, value] of wanted) if (b.getAttribute(name) !== String(value)) b.setAttribute(name, value);
      const className = [faceOf.get(b).classes, ...classes.filter(Boolean)].join(" ");
      if (b.className !== className) b.className = className;
      b.onclick = null;
      row.push(b);
      return b;
    },
    done: () => keepInOrder(box, row),
  };
}

/** After a hand's cards are drawn into `box`: mark the card just drawn. Whoever drew the hand fits
 * the table once it is all drawn (tables/layout.js refitTable): the controller after a move, the
 * table's own redraw after a pick. */
export function finishHand(box) {
  markNew(box);
}

/** A seat's name line: the player's name, "you" on the viewer's seat, "bot" on a computer's, then `more`. */
export function seatName(p, viewerSeat, ...more) {
  return el(
    "div",
    { class: "player-name" },
    el("span", { class: "name", text: p.name }),
    p.seat === viewerSeat ? el("span", { class: "tag you", text: t("you") }) : null,
    p.kind === "bot" ? el("span", { class: "tag bot", text: t("bot") }) : null,
    ...more,
  );
}

/**
 * A seat's facts on one line ("9 cards · North-South · dealer"). Each fact is a text, or [text,
 * "extra"] for one a compact table leaves out (styles/table.css): the kept ones come first, so that
 * what remains still reads as a line.
 */
export function seatFacts(facts) {
  const line = el("div", { class: "player-status" });
  const parts = facts.filter(Boolean).map((f) => (Array.isArray(f) ? f : [f, null]));
  for (const [text, extra] of [...parts.filter((p) => !p[1]), ...parts.filter((p) => p[1])])
    line.append(el("span", { class: extra ? "fact extra" : "fact", text }));
  return line;
}
