// The 3UP 3DOWN table: draws one seat's view (or the public table) and turns the viewer's
// taps into actions. Holds no rule: which card may be played, and why not, is the engine's
// (view.hand[i].why, view.my_up, view.my_down, view.actions, explain()); this module only
// keeps the viewer's current selection (the cards of a multiple, the three picks, a trade
// or a swap), which is never saved.
//
// The flow (curtain, computer pace, undo, save) stays in app.js.

import { $, el } from "./dom.js";
import { choiceButton, closingButtons, focusKey, showMessage } from "./table-kit.js";
import { clearTable as clearShared } from "./table.js";
import { showSummary } from "./dialogs.js";
import { drawThreeUpCard as drawCard, miniThreeUpCard as miniCard } from "./cards.js";

// The viewer's selection: [{zone: "hand"|"up"|"other", code, seat}] in tap order.
const sel = { key: null, picked: [], token: 0 };
let current = null; // {view, ctx}

// ------------------------------------------------------------------ cards
function cardBack(label) {
  return el("span", { class: "card back-face mini tu-back", role: "img", "aria-label": label });
}

// ------------------------------------------------------------------ helpers
function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : `Seat ${seat + 1}`;
}

const mine = (view) => view.seat != null && !view.over && (view.waiting_for || []).includes(view.seat);
const has = (view, type) => (view.actions || []).filter((a) => a.type === type);
const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;

function listWords(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function labelOf(view, code) {
  const all = [...(view.hand || []), ...(view.my_up || []), ...view.players.flatMap((p) => p.up), ...view.pile.cards];
  const line = all.find((c) => c.card === code);
  return line ? line.label : code;
}

function selKey(view) {
  return JSON.stringify([view.seat, view.round, view.phase, view.turn, view.owed, view.pile.count,
    (view.hand || []).map((c) => c.card), (view.my_up || []).map((c) => c.card)]);
}

/** Some legal play from the active zone uses `code` together with another card (a multiple). */
function takesCompanions(view, code) {
  return (view.actions || []).some((a) => a.type === "play" && a.cards.length > 1 && a.cards.includes(code));
}

// ------------------------------------------------------------------ board
function renderPlayers(view, ctx) {
  const list = $("players");
  list.replaceChildren();
  const n = view.players.length;
  list.style.setProperty("--cols", String(n <= 4 ? n : Math.ceil(n / 2)));
  const trading = view.phase === "trade" && mine(view);
  for (const p of view.players) {
    const li = el("li", { class: "player tu-player" });
    li.dataset.seat = String(p.seat);
    const acting = (view.waiting_for || []).includes(p.seat) && !view.over;
    if (acting && view.phase !== "pick") li.classList.add("turn", "to-act");
    if (p.seat === view.seat) li.classList.add("me");
    if (p.out) li.classList.add("tu-out");
    const facts = [`${p.hand_count} in hand`, `${p.down_count} face down`];
    if (view.phase === "pick") facts.push(p.picked ? "has chosen" : "choosing…");
    if (p.cards_from != null) {
      facts.push(p.cards_from === p.seat ? "kept own table cards" : `has ${playerName(view, p.cards_from)}'s table cards`);
    }
    if (p.out) facts.push(p.out === 1 ? "went out first" : `out ${ordinal(p.out)}`);
    if (p.score != null) facts.push(`${p.score} ${p.score === 1 ? "point" : "points"}`);
    const table = el("div", { class: "tu-table", role: "group", "aria-label": `${p.name}'s table cards` });
    for (const c of p.up) {
      if (trading && p.seat !== view.seat) {
        const b = el("button", { type: "button", class: "tu-take", "aria-label": `Take ${p.name}'s face-up ${c.label}` });
        b.setAttribute("aria-pressed", isPicked("other", c.card, p.seat) ? "true" : "false");
        drawCard(b, c.card);
        b.addEventListener("click", () => toggle({ zone: "other", code: c.card, seat: p.seat },
          isPicked("other", c.card, p.seat), b));
        table.append(b);
      } else {
        table.append(miniCard(c.card, `${p.name}'s face-up ${c.label}`));
      }
    }
    if (p.down_count) table.append(el("span", { class: "tu-downs", "aria-label": `${p.down_count} face down`, role: "img" },
      ...Array.from({ length: p.down_count }, () => el("span", { class: "back", "aria-hidden": "true" }))));
    li.append(
      el("div", { class: "player-name" },
        el("span", { class: "name", text: p.name }),
        p.seat === view.seat ? el("span", { class: "tag you", text: "you" }) : null,
        p.kind === "bot" ? el("span", { class: "tag bot", text: "bot" }) : null,
        p.dealer ? el("span", { class: "tag", text: "dealer" }) : null),
      el("div", { class: "player-status", text: facts.join(" · ") }),
      table);
    if (acting && view.phase !== "pick") li.append(el("span", { class: "turn-badge", text: badge(view) }));
    list.append(li);
  }
}

function badge(view) {
  return { trade: "Trading", follow: "Follow-up", swap: "Swap", refill: "Drawing" }[view.phase] || "Turn";
}

function renderCenter(view, ctx) {
  const draw = $("draw-pile");
  const count = view.draw_count;
  draw.replaceChildren(
    count ? el("div", { class: "card back-face", role: "img", "aria-label": `Draw pile: ${count} ${count === 1 ? "card" : "cards"}` })
      : el("div", { class: "card empty-slot", role: "img", "aria-label": "The draw pile is empty" }),
    el("span", { class: "pile-count", id: "tu-draw-count", text: `Draw pile: ${count}` }));

  const pile = $("discard-pile");
  const p = view.pile;
  const run = p.run.map((c) => c.label);
  const words = p.count ? `Pile: ${p.count} ${p.count === 1 ? "card" : "cards"}, on top ${listWords(run)}` : "The pile is empty";
  const stack = el("div", { class: "tu-pile", role: "img", "aria-label": words });
  stack.style.setProperty("--run", String(Math.max(1, p.run.length)));
  if (!p.count) stack.append(el("span", { class: "card empty-slot" }));
  p.run.forEach((c, i) => {
    const face = el("span", { class: "tu-run-card" });
    face.style.setProperty("--i", String(i));
    drawCard(face, c.card);
    stack.append(face);
  });
  pile.replaceChildren(stack, el("span", { class: "pile-count", text: p.count ? `Pile: ${p.count}` : "Empty pile" }));

  const cw = view.direction === "clockwise";
  $("direction").replaceChildren(
    el("span", { class: `arrow ${cw ? "cw" : "ccw"}`, "aria-hidden": "true", text: cw ? "↻" : "↺" }),
    el("span", { text: cw ? "Clockwise" : "Counterclockwise" }));
  $("tu-removed").textContent = `Out of the game: ${view.removed_count}`;
  $("tu-round").textContent = view.rounds > 1 ? `Round ${view.round} of ${view.rounds}` : "";
}

// ------------------------------------------------------------------ turn line
export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : "The game is over.";
  const waiting = view.waiting_for || [];
  const me = view.seat != null && waiting.includes(view.seat);
  if (view.phase === "pick") {
    if (me) return "Choose three cards to lie face up";
    const names = waiting.map((s) => playerName(view, s));
    return `Waiting for ${listWords(names)} to choose face-up cards`;
  }
  const act = view.to_act;
  const name = playerName(view, act);
  if (view.phase === "trade") {
    return me ? `Your turn to trade (${view.trades_left} left): a hand card for another player's face-up card` : `${name} is trading`;
  }
  if (view.phase === "swap") return me ? "Four of a colour! Swap a hand card for one of your face-up cards, or keep them" : `${name} may swap a card`;
  if (view.phase === "refill") {
    const n = view.owed_draw.count;
    return me ? `Draw ${n === 1 ? "a card" : `${n} cards`} to end your turn` : `${name} is drawing`;
  }
  if (view.phase === "follow") return me ? view.owed_text : `${name} owes ${view.owed} more ${view.owed === 1 ? "play" : "plays"}`;
  if (me) return "Your turn";
  const kind = view.players.find((p) => p.seat === act);
  return kind && kind.kind === "bot" ? `${name} is thinking…` : `${name}'s turn`;
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
  box.replaceChildren();
  const seen = {};
  const selecting = view.phase === "pick" || view.phase === "swap" || view.phase === "trade";
  lines.forEach((c, i) => {
    const nth = seen[c.card] = (seen[c.card] || 0) + 1;
    const name = zone === "up" ? `Face-up ${c.label}` : c.label;
    const b = el("button", { type: "button", class: "hand-card", "aria-label": name });
    b.dataset.index = String(i);
    b.dataset.focusKey = `${zone}:${i}`;
    const usable = selecting ? selectable(view, zone) : c.playable && mine(view);
    b.dataset.playable = usable ? "true" : "false";
    if (!usable) {
      b.classList.add("unplayable");
      b.setAttribute("aria-describedby", "tu-unplayable-note");
    }
    b.setAttribute("aria-pressed", pickedIndex(zone, c.card, nth - 1) ? "true" : "false");
    drawCard(b, c.card);
    b.addEventListener("click", () => tapCard(view, ctx, zone, c, b, nth - 1));
    box.append(b);
  });
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
    if (!selectable(view, zone)) { showMessage(c.why || "Not now."); return; }
    toggle({ zone, code: c.card }, pickedIndex(zone, c.card, index), button);
    return;
  }
  if (!c.playable || !mine(view)) {
    showMessage(c.why || "That card cannot be played now.");
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
    const i = sel.picked.map((s) => s.zone === item.zone && s.code === item.code && s.seat === item.seat).lastIndexOf(true);
    if (i >= 0) sel.picked.splice(i, 1);
  } else {
    if (view.phase === "trade" || view.phase === "swap") {
      // One card from each side: a new tap replaces the card of its side.
      sel.picked = sel.picked.filter((s) => (s.zone === "hand") !== (item.zone === "hand"));
    }
    sel.picked.push(item);
  }
  performance.mark("tu-select-tap");
  showMessage("");
  redraw(button && button.dataset.focusKey).then(() => {
    // Read by bench/three_up_speed.py: tap a card → the choices it allows are drawn.
    performance.mark("tu-select-redrawn");
    performance.measure("tap-to-redraw", { start: "tu-select-tap", end: "tu-select-redrawn", detail: { action: "select" } });
    performance.clearMarks("tu-select-tap");
    performance.clearMarks("tu-select-redrawn");
  });
}

function renderDowns(view, ctx, box) {
  box.replaceChildren();
  for (const d of view.my_down || []) {
    const name = d.label ? `Face-down card ${d.slot + 1} (you know it: ${d.label})` : `Face-down card ${d.slot + 1}`;
    const b = el("button", { type: "button", class: "card back-face hand-card tu-down", "aria-label": name });
    b.dataset.focusKey = `down:${d.slot}`;
    const usable = d.playable && mine(view);
    b.dataset.playable = usable ? "true" : "false";
    if (!usable) b.classList.add("unplayable");
    if (d.card) drawCard(b, d.card);
    b.append(el("span", { class: "tu-slot", "aria-hidden": "true", text: String(d.slot + 1) }));
    b.addEventListener("click", () => {
      if (!usable) { showMessage(d.why || "Not now."); return; }
      ctx.onAction({ type: "flip", slot: d.slot }, b);
    });
    box.append(b);
  }
}

// ------------------------------------------------------------------ choices
function choices(view) {
  const out = [];
  if (!mine(view)) return out;
  const picked = sel.picked;
  const codes = picked.map((s) => s.code);
  const names = () => listWords(picked.map((s) => labelOf(view, s.code)));
  if (view.phase === "pick") {
    const ok = picked.length === 3;
    out.push({ label: ok ? `Put ${names()} face up` : "Put three cards face up", key: "pick",
      action: ok ? { type: "pick", cards: codes } : null, why: ok ? null : "Choose three of your six cards to lie face up.", check: ok });
    return out;
  }
  if (view.phase === "trade") {
    const give = picked.find((s) => s.zone === "hand");
    const take = picked.find((s) => s.zone === "other");
    if (give && take) {
      out.push({ label: `Trade your ${labelOf(view, give.code)} for ${playerName(view, take.seat)}'s ${labelOf(view, take.code)}`,
        key: "trade", action: { type: "trade", give: give.code, seat: take.seat, take: take.code }, check: true });
    } else {
      out.push({ label: "Trade", key: "trade", why: "Choose one of your hand cards and another player's face-up card." });
    }
    out.push({ label: "Done trading", key: "done", action: { type: "done" }, secondary: true });
    return out;
  }
  if (view.phase === "swap") {
    const give = picked.find((s) => s.zone === "hand");
    const take = picked.find((s) => s.zone === "up");
    if (give && take) {
      out.push({ label: `Swap your ${labelOf(view, give.code)} for your face-up ${labelOf(view, take.code)}`, key: "swap",
        action: { type: "swap", give: give.code, take: take.code }, check: true });
    } else {
      out.push({ label: "Swap", key: "swap", why: "Choose one of your hand cards and one of your face-up cards." });
    }
    out.push({ label: "Keep my cards", key: "no_swap", action: { type: "no_swap" }, secondary: true });
    return out;
  }
  for (const a of has(view, "refill")) {
    const n = view.owed_draw.count;
    out.push({ label: `Draw ${n === 1 ? "a card" : `${n} cards`}`, key: "refill", action: a });
  }
  if (picked.length) {
    out.push({ label: `Play ${names()}`, key: "play", action: { type: "play", cards: codes }, check: true });
    out.push({ label: "Clear selection", key: "clear", local: "clear", secondary: true });
  }
  for (const a of has(view, "pickup")) out.push({ label: `Pick up the pile (${view.pile.count} ${view.pile.count === 1 ? "card" : "cards"})`, key: "pickup", action: a });
  for (const a of has(view, "draw")) {
    const label = view.phase === "follow" ? (view.hand.length ? "Draw a card first" : "Draw a card") : "Draw instead of playing";
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
    const [b, check] = choiceButton(c, ctx, () => token === sel.token, () => { sel.picked = []; redraw(); });
    if (check) checks.push(check);
    box.append(b);
  }
  box.append(...closingButtons(view, ctx));
  const done = Promise.all(checks);
  done.then(() => { if (token === sel.token) box.dataset.checked = String(token); });
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
  $("hand-title").textContent = `${me ? me.name : "Your"}'s hand · ${n} ${n === 1 ? "card" : "cards"}`;
  area.classList.toggle("my-turn", mine(view));
  renderCards(view, ctx, "hand", view.hand, $("hand"));
  $("tu-mine").hidden = false;
  $("tu-up-title").textContent = !view.my_up.length ? ""
    : view.phase === "pick" ? "Your face-up picks (nobody else sees them until everyone has chosen)" : "Your face-up cards";
  renderCards(view, ctx, "up", view.my_up, $("tu-up"));
  renderDowns(view, ctx, $("tu-down"));
  const note = $("tu-note");
  note.textContent = view.note || "";
  note.hidden = !view.note;
  if (!document.getElementById("tu-unplayable-note")) {
    document.body.append(el("span", { id: "tu-unplayable-note", class: "visually-hidden", text: "Cannot be played now; tap to hear why." }));
  }
  return renderActions(view, ctx);
}

/** Redraw the viewer's cards and choices after a selection change (no engine call but explain). */
function redraw(focus) {
  if (!current) return Promise.resolve();
  const { view, ctx } = current;
  const done = renderMine(view, ctx);
  if (view.phase === "trade") renderPlayers(view, ctx);
  const key = focus || (document.activeElement && document.activeElement.dataset.focusKey);
  const target = key && $("table").querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (target) target.focus({ preventScroll: true });
  return done;
}

// ------------------------------------------------------------------ the renderer
function ensureBoard() {
  if ($("tu-mine")) return;
  $("table").querySelector(".total-box").append(
    el("div", { id: "tu-removed", class: "tu-removed" }),
    el("div", { id: "tu-round", class: "tu-round" }));
  $("hand").before(el("p", { id: "tu-note", class: "tu-note", role: "status", hidden: true }));
  $("hand").after(el("div", { id: "tu-mine", class: "tu-mine" },
    el("h3", { id: "tu-up-title", class: "tu-zone-title" }),
    el("div", { id: "tu-up", class: "hand tu-up", role: "group", "aria-labelledby": "tu-up-title" }),
    el("h3", { id: "tu-down-title", class: "tu-zone-title", text: "Your face-down cards" }),
    el("div", { id: "tu-down", class: "hand tu-down-row", role: "group", "aria-labelledby": "tu-down-title" })));
}


export function render(view, ctx) {
  ensureBoard();
  const key = focusKey();
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
  renderPlayers(view, ctx);
  renderCenter(view, ctx);
  $("turn-line").textContent = turnLine(view);
  renderMine(view, ctx);
  $("log").replaceChildren(...(view.events || []).slice(-4).reverse().map((e) => el("li", { text: e.text })));
  if (key) {
    const target = (key !== "table" && table.querySelector(`[data-focus-key="${CSS.escape(key)}"]`))
      || table.querySelector('#hand button[data-playable="true"]') || table.querySelector("#actions button");
    if (target) target.focus({ preventScroll: true });
  }
}

export function clear() {
  current = null;
  sel.key = null;
  sel.picked = [];
  for (const id of ["tu-up", "tu-down"]) if ($(id)) $(id).replaceChildren();
  for (const id of ["tu-note", "tu-removed", "tu-round"]) if ($(id)) $(id).textContent = "";
  if ($("tu-note")) $("tu-note").hidden = true;
  clearShared();
}

// ------------------------------------------------------------------ score sheet (O4)
export function sheetTable(view) {
  const table = el("table", { class: "score-sheet tu-sheet" });
  table.append(el("caption", { class: "visually-hidden", text: "Score sheet" }));
  const head = el("tr", {}, el("th", { scope: "col", text: "Round" }));
  for (const p of view.players) head.append(el("th", { scope: "col", text: p.name }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const s of view.sheets) {
    const row = el("tr", {}, el("th", { scope: "row", text: `Round ${s.round}${s.drawn ? " (drawn)" : ""}` }));
    s.points.forEach((pts) => row.append(el("td", { text: String(pts) })));
    body.append(row);
  }
  const totals = el("tr", { class: "row-score" }, el("th", { scope: "row", text: "Total" }));
  const last = view.sheets[view.sheets.length - 1];
  (last ? last.totals : view.scores).forEach((t) => totals.append(el("td", { text: String(t) })));
  body.append(totals);
  table.append(body);
  return table;
}

/** The round's score sheet that app.js shows once, before the next round (scoring only). */
export function summary(view) {
  const sheet = view.last_round;
  if (!sheet || sheet.points == null) return null;
  return {
    no: sheet.round,
    show: () => showSummary(`Round ${sheet.round} score sheet`, [el("p", { class: "muted", text: sheet.text }), sheetTable(view)]),
  };
}

export function result(view) {
  const nodes = [];
  if (view.sheets && view.sheets.length && view.sheets[0].points != null) nodes.push(sheetTable(view));
  const drawn = view.result && view.result.drawn;
  return { title: drawn ? "A drawn game" : null, nodes };
}

export function title(view) {
  return `${mine(view) ? "Your turn · " : ""}3UP 3DOWN · pygames`;
}

export const threeUpTable = { render, clear, summary, result, title, turnLine };
