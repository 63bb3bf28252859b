// The 3UP 3DOWN table: draws one seat's view (or the public table) and turns the viewer's
// taps into actions. Holds no rule: which card may be played, and why not, is the engine's
// (view.hand[i].why, view.my_up, view.my_down, view.actions, explain()); this module only
// keeps the viewer's current selection (the cards of a multiple, the three picks, a trade
// or a swap), which is never saved.
//
// The flow (curtain, computer pace, undo, save) stays in app/controller.js.

import { $, el } from "../app/dom.js";
import {
  byFocusKey,
  cardRow,
  choiceButton,
  clearTable,
  closingButtons,
  finishHand,
  focusKey,
  refocus,
  seatFacts,
  seatList,
  seatName,
  showMessage,
  timeTap,
} from "./kit.js";
import { placeSeats, refitTable } from "./layout.js";
import { rove } from "../app/keyboard.js";
import { ordinal, showSummary } from "../app/dialogs.js";
import { listWords, t, tn } from "../app/i18n.js";
import { drawThreeUpCard as drawCard, miniThreeUpCard as miniCard } from "./cards.js";

// The viewer's selection: [{zone: "hand"|"up"|"other", code, seat}] in tap order.
const sel = { key: null, picked: [], token: 0 };
let current = null; // {view, ctx}

// ------------------------------------------------------------------ cards
// ------------------------------------------------------------------ helpers
function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : t("Seat {number}", { number: seat + 1 });
}

const mine = (view) => view.seat != null && !view.over && (view.waiting_for || []).includes(view.seat);
const has = (view, type) => (view.actions || []).filter((a) => a.type === type);

function labelOf(view, code) {
  const all = [...(view.hand || []), ...(view.my_up || []), ...view.players.flatMap((p) => p.up), ...view.pile.cards];
  const line = all.find((c) => c.card === code);
  return line ? line.label : code;
}

function selKey(view) {
  return JSON.stringify([
    view.seat,
    view.round,
    view.phase,
    view.turn,
    view.owed,
    view.pile.count,
    (view.hand || []).map((c) => c.card),
    (view.my_up || []).map((c) => c.card),
  ]);
}

/** Some legal play from the active zone uses `code` together with another card (a multiple). */
/** The plays of several cards together the engine allows now. */
function playsTogether(view) {
  return (view.actions || []).filter((a) => a.type === "play" && a.cards.length > 1);
}

function takesCompanions(view, code) {
  return playsTogether(view).some((a) => a.cards.includes(code));
}

// ------------------------------------------------------------------ board
function renderPlayers(view) {
  const seats = seatList($("players"));
  const trading = view.phase === "trade" && mine(view);
  for (const p of view.players) {
    // Every seat still to act is marked: the one to play, or all those still choosing face-up cards.
    const acting = (view.waiting_for || []).includes(p.seat) && !view.over;
    // While trading, its face-up cards are buttons: pressed as they are picked.
    const picked = trading ? p.up.map((c) => isPicked("other", c.card, p.seat)) : null;
    const from = p.cards_from != null ? playerName(view, p.cards_from) : null;
    seats.seat(p.seat, [p, acting, view.seat, view.phase, trading, picked, from], (li) => {
      li.classList.add("player", "tu-player");
      if (acting) li.classList.add("turn", "to-act");
      if (p.seat === view.seat) li.classList.add("me");
      if (p.out) li.classList.add("tu-out");
      // The face-down count, whose table cards a seat has and whether it is still choosing are shown by
      // its cards and its mark too: said in words only where there is room.
      const facts = [t("{n} in hand", { n: p.hand_count }), [t("{n} face down", { n: p.down_count }), "extra"]];
      if (view.phase === "pick") facts.push([p.picked ? t("has chosen") : t("choosing…"), "extra"]);
      if (p.cards_from != null) {
        facts.push([
          p.cards_from === p.seat ? t("kept own table cards") : t("has {name}'s table cards", { name: from }),
          "extra",
        ]);
      }
      if (p.out) facts.push(p.out === 1 ? t("went out first") : t("out {place}", { place: ordinal(p.out) }));
      if (p.score != null) facts.push(tn("{n} point", "{n} points", p.score));
      const table = el("div", {
        class: "tu-table",
        role: "group",
        "aria-label": t("{name}'s table cards", { name: p.name }),
      });
      for (const c of p.up) {
        if (trading && p.seat !== view.seat) {
          const b = el("button", {
            type: "button",
            class: "tu-take",
            "aria-label": t("Take {name}'s face-up {card}", { name: p.name, card: c.label }),
          });
          b.setAttribute("aria-pressed", isPicked("other", c.card, p.seat) ? "true" : "false");
          drawCard(b, c.card);
          b.addEventListener("click", () =>
            toggle({ zone: "other", code: c.card, seat: p.seat }, isPicked("other", c.card, p.seat), b),
          );
          table.append(b);
        } else {
          table.append(miniCard(c.card, t("{name}'s face-up {card}", { name: p.name, card: c.label })));
        }
      }
      if (p.down_count)
        table.append(
          el(
            "span",
            { class: "tu-downs", "aria-label": t("{n} face down", { n: p.down_count }), role: "img" },
            ...Array.from({ length: p.down_count }, () =>
              el("span", { class: "card back-face mini", "aria-hidden": "true" }),
            ),
          ),
        );
      li.append(
        seatName(p, view.seat, p.dealer ? el("span", { class: "tag", text: t("dealer") }) : null),
        seatFacts(facts),
        table,
      );
      if (acting) li.append(el("span", { class: "turn-badge", text: badge(view) }));
    });
  }
  seats.done();
  placeSeats(view);
}

function badge(view) {
  return (
    { pick: t("Choosing"), trade: t("Trading"), follow: t("Follow-up"), swap: t("Swap"), refill: t("Drawing") }[
      view.phase
    ] || t("Turn")
  );
}

function renderCenter(view) {
  const draw = $("draw-pile");
  const count = view.draw_count;
  draw.replaceChildren(
    count
      ? el("div", {
          class: "card back-face",
          role: "img",
          "aria-label": tn("Draw pile: {n} card", "Draw pile: {n} cards", count),
        })
      : el("div", { class: "card empty-slot", role: "img", "aria-label": t("The draw pile is empty") }),
    el("span", { class: "pile-count", id: "tu-draw-count", text: t("Draw pile: {n}", { n: count }) }),
  );

  const pile = $("discard-pile");
  const p = view.pile;
  const run = p.run.map((c) => c.label);
  const words = p.count
    ? tn("Pile: {n} card, on top {cards}", "Pile: {n} cards, on top {cards}", p.count, { cards: listWords(run) })
    : t("The pile is empty");
  const stack = el("div", { class: "tu-pile", role: "img", "aria-label": words });
  stack.style.setProperty("--run", String(Math.max(1, p.run.length)));
  if (!p.count) stack.append(el("span", { class: "card empty-slot" }));
  p.run.forEach((c, i) => {
    const face = el("span", { class: "tu-run-card" });
    face.style.setProperty("--i", String(i));
    drawCard(face, c.card);
    stack.append(face);
  });
  pile.replaceChildren(
    stack,
    el("span", { class: "pile-count", text: p.count ? t("Pile: {n}", { n: p.count }) : t("Empty pile") }),
  );

  const cw = view.direction === "clockwise";
  $("direction").replaceChildren(
    el("span", { class: `arrow ${cw ? "cw" : "ccw"}`, "aria-hidden": "true", text: cw ? "↻" : "↺" }),
    el("span", { text: cw ? t("Clockwise") : t("Counterclockwise") }),
  );
  $("tu-removed").textContent = t("Out of the game: {n}", { n: view.removed_count });
  $("tu-round").textContent =
    view.rounds > 1 ? t("Round {round} of {rounds}", { round: view.round, rounds: view.rounds }) : "";
}

// ------------------------------------------------------------------ turn line
export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : t("The game is over.");
  const waiting = view.waiting_for || [];
  const me = view.seat != null && waiting.includes(view.seat);
  if (view.phase === "pick") {
    if (me) return t("Choose three cards to lie face up");
    const names = waiting.map((s) => playerName(view, s));
    return t("Waiting for {names} to choose face-up cards", { names: listWords(names) });
  }
  const act = view.to_act;
  const name = playerName(view, act);
  if (view.phase === "trade") {
    if (!me) return t("{name} is trading", { name });
    return view.trades_left == null // no limit: trading ends with "Done trading"
      ? t("Your turn to trade: a hand card for another player's face-up card, as often as you like")
      : t("Your turn to trade ({n} left): a hand card for another player's face-up card", { n: view.trades_left });
  }
  if (view.phase === "swap")
    return me
      ? t("Four of a colour! Swap a hand card for one of your face-up cards, or keep them")
      : t("{name} may swap a card", { name });
  if (view.phase === "refill") {
    const n = view.owed_draw.count;
    return me
      ? n === 1
        ? t("Draw a card to end your turn")
        : tn("Draw {n} card to end your turn", "Draw {n} cards to end your turn", n)
      : t("{name} is drawing", { name });
  }
  if (view.phase === "follow")
    return me ? view.owed_text : tn("{name} owes {n} more play", "{name} owes {n} more plays", view.owed, { name });
  if (me) return t("Your turn");
  const kind = view.players.find((p) => p.seat === act);
  return kind && kind.kind === "bot" ? t("{name} is thinking…", { name }) : t("{name}'s turn", { name });
}

// ------------------------------------------------------------------ the viewer's cards
function isPicked(zone, code, seat) {
  return sel.picked.some((s) => s.zone === zone && s.code === code && (seat == null || s.seat === seat));
}

function pickedIndex(zone, code, index) {
  // Duplicates (two Red 7s): the n-th button of a code is pressed when n copies are picked.
  return sel.picked.filter((s) => s.zone === zone && s.code === code).length > index;
}

function renderCards(view, ctx, zone, lines, box) {
  const cards = cardRow(box);
  const seen = {};
  const selecting = view.phase === "pick" || view.phase === "swap" || view.phase === "trade";
  lines.forEach((c, i) => {
    seen[c.card] = (seen[c.card] || 0) + 1;
    const nth = seen[c.card];
    const name = zone === "up" ? t("Face-up {card}", { card: c.label }) : c.label;
    const usable = selecting ? selectable(view, zone) : c.playable && mine(view);
    const b = cards.button(c.card, (face) => drawCard(face, c.card), {
      attrs: {
        "aria-label": name,
        "data-index": i,
        "data-focus-key": `${zone}:${i}`,
        "data-playable": usable ? "true" : "false",
        "aria-describedby": !usable && "unplayable-note",
        "aria-pressed": pickedIndex(zone, c.card, nth - 1) ? "true" : "false",
      },
      classes: [!usable && "unplayable"],
    });
    b.onclick = () => tapCard(view, ctx, zone, c, b, nth - 1);
  });
  cards.done();
  rove(box);
}

function selectable(view, zone) {
  if (!mine(view)) return false;
  if (view.phase === "pick") return zone === "hand";
  if (view.phase === "trade") return zone === "hand";
  return view.phase === "swap";
}

function tapCard(view, ctx, zone, c, button, index) {
  if (!current || current.view !== view) return;
  const selecting = view.phase === "pick" || view.phase === "swap" || view.phase === "trade";
  if (selecting) {
    if (!selectable(view, zone)) {
      showMessage(c.why || t("Not now."));
      return;
    }
    toggle({ zone, code: c.card }, pickedIndex(zone, c.card, index), button);
    return;
  }
  if (!c.playable || !mine(view)) {
    showMessage(c.why || t("That card cannot be played now."));
    return;
  }
  if (!sel.picked.length && !takesCompanions(view, c.card)) {
    ctx.onAction({ type: "play", cards: [c.card] }, button);
    return;
  }
  toggle({ zone, code: c.card }, pickedIndex(zone, c.card, index), button);
}

/** Add or remove one card of the selection (`on`: it is pressed now), then redraw the choices. */
function toggle(item, on, button) {
  const { view } = current;
  if (on) {
    const i = sel.picked
      .map((s) => s.zone === item.zone && s.code === item.code && s.seat === item.seat)
      .lastIndexOf(true);
    if (i >= 0) sel.picked.splice(i, 1);
  } else {
    if (view.phase === "trade" || view.phase === "swap") {
      // One card from each side: a new tap replaces the card of its side.
      sel.picked = sel.picked.filter((s) => (s.zone === "hand") !== (item.zone === "hand"));
    }
    sel.picked.push(item);
  }
  const redrawn = timeTap("select"); // (bench/three_up_speed.py: a card's tap → the choices it allows)
  showMessage("");
  redraw(button?.dataset.focusKey).then(redrawn);
}

function renderDowns(view, ctx, box) {
  box.replaceChildren();
  for (const d of view.my_down || []) {
    const name = d.label
      ? t("Face-down card {slot} (you know it: {card})", { slot: d.slot + 1, card: d.label })
      : t("Face-down card {slot}", { slot: d.slot + 1 });
    const b = el("button", { type: "button", class: "card back-face hand-card tu-down", "aria-label": name });
    b.dataset.focusKey = `down:${d.slot}`;
    const usable = d.playable && mine(view);
    b.dataset.playable = usable ? "true" : "false";
    if (!usable) b.classList.add("unplayable");
    if (d.card) drawCard(b, d.card);
    b.append(el("span", { class: "tu-slot", "aria-hidden": "true", text: String(d.slot + 1) }));
    b.addEventListener("click", () => {
      if (!usable) {
        showMessage(d.why || t("Not now."));
        return;
      }
      ctx.onAction({ type: "flip", slot: d.slot }, b);
    });
    box.append(b);
  }
  rove(box);
}

// ------------------------------------------------------------------ choices
function choices(view) {
  const out = [];
  if (!mine(view)) return out;
  const picked = sel.picked;
  const codes = picked.map((s) => s.code);
  const names = () => listWords(picked.map((s) => labelOf(view, s.code)));
  // A choice keeps its words while cards are picked for it (they are named to assistive tech only):
  // its width does not change, so neither does the hand's, and the next card is where it was.
  if (view.phase === "pick") {
    const ok = picked.length === 3;
    out.push({
      label: t("Put three cards face up"),
      name: ok ? t("Put three cards face up: {cards}", { cards: names() }) : null,
      key: "pick",
      action: ok ? { type: "pick", cards: codes } : null,
      why: ok ? null : t("Choose three of your six cards to lie face up."),
      check: ok,
    });
    return out;
  }
  if (view.phase === "trade") {
    const give = picked.find((s) => s.zone === "hand");
    const take = picked.find((s) => s.zone === "other");
    if (give && take) {
      out.push({
        label: t("Trade"),
        name: t("Trade your {give} for {name}'s {take}", {
          give: labelOf(view, give.code),
          name: playerName(view, take.seat),
          take: labelOf(view, take.code),
        }),
        key: "trade",
        action: { type: "trade", give: give.code, seat: take.seat, take: take.code },
        check: true,
      });
    } else {
      out.push({
        label: t("Trade"),
        key: "trade",
        why: t("Choose one of your hand cards and another player's face-up card."),
      });
    }
    out.push({ label: t("Done trading"), key: "done", action: { type: "done" }, secondary: true });
    return out;
  }
  if (view.phase === "swap") {
    const give = picked.find((s) => s.zone === "hand");
    const take = picked.find((s) => s.zone === "up");
    if (give && take) {
      out.push({
        label: t("Swap"),
        name: t("Swap your {give} for your face-up {take}", {
          give: labelOf(view, give.code),
          take: labelOf(view, take.code),
        }),
        key: "swap",
        action: { type: "swap", give: give.code, take: take.code },
        check: true,
      });
    } else {
      out.push({
        label: t("Swap"),
        key: "swap",
        why: t("Choose one of your hand cards and one of your face-up cards."),
      });
    }
    out.push({ label: t("Keep my cards"), key: "no_swap", action: { type: "no_swap" }, secondary: true });
    return out;
  }
  for (const a of has(view, "refill")) {
    const n = view.owed_draw.count;
    out.push({
      label: n === 1 ? t("Draw a card") : tn("Draw {n} card", "Draw {n} cards", n),
      key: "refill",
      action: a,
    });
  }
  if (picked.length) {
    out.push({
      label: t("Play selected"),
      name: t("Play selected: {card}", { card: names() }),
      key: "play",
      action: { type: "play", cards: codes },
      check: true,
    });
    out.push({ label: t("Clear selection"), key: "clear", local: "clear", secondary: true });
  } else if (playsTogether(view).length) {
    // Cards that may go together: the choices a selection makes usable are there from the start.
    const why = t("Tap cards of one number to play them together.");
    out.push({ label: t("Play selected"), key: "play", why, waits: true });
    out.push({
      label: t("Clear selection"),
      key: "clear",
      secondary: true,
      why: t("No card is selected."),
      waits: true,
    });
  }
  for (const a of has(view, "pickup"))
    out.push({
      label: tn("Pick up the pile ({n} card)", "Pick up the pile ({n} cards)", view.pile.count),
      key: "pickup",
      action: a,
    });
  for (const a of has(view, "draw")) {
    const label =
      view.phase === "follow"
        ? view.hand.length
          ? t("Draw a card first")
          : t("Draw a card")
        : t("Draw instead of playing");
    out.push({ label, key: "draw", action: a, secondary: view.phase !== "follow" || view.hand.length > 0 });
  }
  return out;
}

function renderActions(view, ctx) {
  const box = $("actions");
  box.replaceChildren();
  const token = ++sel.token;
  const checks = [];
  for (const c of choices(view)) {
    const [b, check] = choiceButton(
      c,
      ctx,
      () => token === sel.token,
      () => {
        sel.picked = [];
        redraw();
      },
    );
    if (check) checks.push(check);
    box.append(b);
  }
  box.append(...closingButtons(view, ctx));
  const done = Promise.all(checks);
  done.then(() => {
    if (token === sel.token) box.dataset.checked = String(token);
  });
  return done;
}

function renderMine(view, ctx) {
  const area = $("hand-area");
  if (!view.hand) {
    // The public table: no hand, but maybe a button or two (pass the device…).
    area.hidden = !(ctx.extraButtons || []).length;
    area.classList.remove("my-turn");
    $("hand-title").textContent = "";
    $("hand").replaceChildren();
    $("tu-up").replaceChildren();
    $("tu-down").replaceChildren();
    $("tu-mine").hidden = true;
    $("tu-note").hidden = true;
    return renderActions(view, ctx);
  }
  area.hidden = false;
  const me = view.players.find((p) => p.seat === view.seat);
  const n = view.hand.length;
  $("hand-title").textContent = me
    ? tn("{name}'s hand · {n} card", "{name}'s hand · {n} cards", n, { name: me.name })
    : tn("Your hand · {n} card", "Your hand · {n} cards", n);
  area.classList.toggle("my-turn", mine(view));
  renderCards(view, ctx, "hand", view.hand, $("hand"));
  finishHand($("hand"));
  $("tu-mine").hidden = false;
  $("tu-up-title").textContent = !view.my_up.length
    ? ""
    : view.phase === "pick"
      ? t("Your face-up picks (nobody else sees them until everyone has chosen)")
      : t("Your face-up cards");
  renderCards(view, ctx, "up", view.my_up, $("tu-up"));
  $("tu-down-title").textContent = t("Your face-down cards");
  renderDowns(view, ctx, $("tu-down"));
  const note = $("tu-note");
  note.textContent = view.note || "";
  note.hidden = !view.note;
  return renderActions(view, ctx);
}

/** Redraw the viewer's cards and choices after a selection change (no engine call but explain). */
function redraw(focus) {
  if (!current) return Promise.resolve();
  const { view, ctx } = current;
  const done = renderMine(view, ctx);
  if (view.phase === "trade") renderPlayers(view);
  refitTable();
  const key = focus || document.activeElement?.dataset.focusKey;
  byFocusKey(key)?.focus({ preventScroll: true });
  return done;
}

// ------------------------------------------------------------------ the renderer
function ensureBoard() {
  if ($("tu-mine")) return;
  $("table")
    .querySelector(".total-box")
    .append(el("div", { id: "tu-removed", class: "tu-removed" }), el("div", { id: "tu-round", class: "tu-round" }));
  $("hand").before(el("p", { id: "tu-note", class: "tu-note", role: "status", hidden: true }));
  $("hand").after(
    el(
      "div",
      { id: "tu-mine", class: "tu-mine" },
      el(
        "div",
        { class: "tu-zone" },
        el("h3", { id: "tu-up-title", class: "tu-zone-title" }),
        el("div", { id: "tu-up", class: "hand tu-up", role: "group", "aria-labelledby": "tu-up-title" }),
      ),
      el(
        "div",
        { class: "tu-zone" },
        el("h3", { id: "tu-down-title", class: "tu-zone-title" }),
        el("div", { id: "tu-down", class: "hand tu-down-row", role: "group", "aria-labelledby": "tu-down-title" }),
      ),
    ),
  );
}

export function render(view, ctx) {
  ensureBoard();
  const key = focusKey(view);
  const k = selKey(view);
  if (k !== sel.key) {
    sel.key = k;
    sel.picked = [];
  }
  current = { view, ctx };
  const table = $("table");
  table.hidden = false;
  table.dataset.game = "three_up";
  table.classList.toggle("spectating", !view.hand);
  renderPlayers(view);
  renderCenter(view);
  $("turn-line").textContent = turnLine(view);
  renderMine(view, ctx);
  refocus(key, ['#hand button[data-playable="true"]', "#actions button"]);
}

export function clear() {
  current = null;
  sel.key = null;
  sel.picked = [];
  for (const id of ["tu-up", "tu-down"]) if ($(id)) $(id).replaceChildren();
  for (const id of ["tu-note", "tu-removed", "tu-round"]) if ($(id)) $(id).textContent = "";
  if ($("tu-note")) $("tu-note").hidden = true;
  clearTable();
}

// ------------------------------------------------------------------ score sheet (O4)
export function sheetTable(view) {
  const table = el("table", { class: "score-sheet tu-sheet" });
  table.append(el("caption", { class: "visually-hidden", text: t("Score sheet") }));
  const head = el("tr", {}, el("th", { scope: "col", text: t("Round") }));
  for (const p of view.players) head.append(el("th", { scope: "col", text: p.name }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const s of view.sheets) {
    const row = el(
      "tr",
      {},
      el("th", {
        scope: "row",
        text: s.drawn ? t("Round {round} (drawn)", { round: s.round }) : t("Round {round}", { round: s.round }),
      }),
    );
    for (const pts of s.points) row.append(el("td", { text: String(pts) }));
    body.append(row);
  }
  const totals = el("tr", { class: "row-score" }, el("th", { scope: "row", text: t("Total") }));
  const last = view.sheets[view.sheets.length - 1];
  for (const n of last ? last.totals : view.scores) totals.append(el("td", { text: String(n) }));
  body.append(totals);
  table.append(body);
  return table;
}

/** The round's score sheet that app/controller.js shows once, before the next round (scoring only). */
export function summary(view) {
  const sheet = view.last_round;
  if (!sheet || sheet.points == null) return null;
  return {
    no: sheet.round,
    show: () =>
      showSummary(t("Round {round} score sheet", { round: sheet.round }), [
        el("p", { class: "muted", text: sheet.text }),
        sheetTable(view),
      ]),
  };
}

export function result(view) {
  const nodes = [];
  if (view.sheets?.length && view.sheets[0].points != null) nodes.push(sheetTable(view));
  const drawn = view.result?.drawn;
  return { title: drawn ? t("A drawn game") : null, nodes };
}

export function title(view) {
  return mine(view) ? t("Your turn · {game} · pygames", { game: "3UP 3DOWN" }) : "3UP 3DOWN · pygames";
}

export const threeUpTable = { render, clear, summary, result, title, turnLine };
