// The Canasta table: draws one seat's view and turns the viewer's taps into
// proposed actions. Holds no rule: whether a selection can be melded, added,
// discarded or take the pile is asked of the engine (`explain`), and its
// sentence is what the player reads.
//
// The flow (curtain, computer pace, undo, save) stays in app.js; this module
// only keeps the viewer's current selection, which is never saved.

import { $, el } from "./dom.js";
import { choiceButton, closingButtons, focusKey, showMessage } from "./table-kit.js";
import { clearTable as clearShared } from "./table.js";
import { drawPlayingCard, miniPlayingCard, playingCardLabel, rankOf } from "./cards.js";
import { meldList, meldName } from "./melds.js";
import { showSummary } from "./dialogs.js";

// The viewer's selection: hand indices picked now, and groups put aside as melds.
const sel = { key: null, picked: new Set(), staged: [], token: 0, addTo: null };
let current = null;  // {view, ctx}

const isWild = (code) => code === "JK" || rankOf(code) === "2";

function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : `Seat ${seat + 1}`;
}

function teamOf(view, team) {
  return view.teams.find((t) => t.team === team);
}

function handKey(view) {
  return JSON.stringify([view.seat, view.hand_no, view.turn, view.phase, (view.hand || []).map((c) => c.card)]);
}

const codesOf = (view, indices) => [...indices].map((i) => view.hand[i].card);

// ------------------------------------------------------------------ board
function renderPlayers(view) {
  const list = $("players");
  list.replaceChildren();
  list.style.setProperty("--cols", "4");
  // Round the table clockwise, so partners (who sit opposite) are two tiles apart.
  const bySeat = new Map(view.players.map((p) => [p.seat, p]));
  for (const p of (view.order || []).map((s) => bySeat.get(s))) {
    const li = el("li", { class: "player" });
    li.dataset.seat = String(p.seat);
    const acting = (view.waiting_for || []).includes(p.seat) && !view.over;
    if (acting) li.classList.add("turn", "to-act");
    if (p.seat === view.seat) li.classList.add("me");
    const team = teamOf(view, p.team);
    li.append(
      el("div", { class: "player-name" },
        el("span", { class: "name", text: p.name }),
        p.seat === view.seat ? el("span", { class: "tag you", text: "you" }) : null,
        p.kind === "bot" ? el("span", { class: "tag bot", text: "bot" }) : null),
      el("div", { class: "player-status",
        text: [team ? team.name : "", `partner ${p.partner === view.seat ? "you" : playerName(view, p.partner)}`,
          `${p.hand_count} ${p.hand_count === 1 ? "card" : "cards"}`, p.dealer ? "dealer" : ""]
          .filter(Boolean).join(" · ") }));
    if (acting) li.append(el("span", { class: "turn-badge", text: view.phase === "answer" ? "Answering" : "Turn" }));
    list.append(li);
  }
}

function renderCenter(view, ctx) {
  const stock = $("draw-pile");
  stock.replaceChildren();
  const draw = myTurn(view) && (view.actions || []).find((a) => a.type === "draw");
  const count = el("span", { class: "pile-count", id: "stock-count", text: `Stock: ${view.stock_count} ${view.stock_count === 1 ? "card" : "cards"}` });
  if (draw) {
    const b = el("button", { type: "button", class: "card back-face draw-button", "aria-label": "Draw from the stock", "aria-describedby": "stock-count" },
      el("span", { class: "draw-text", "aria-hidden": "true", text: "Draw" }));
    b.dataset.focusKey = "draw";
    b.addEventListener("click", () => ctx.onAction(draw, b));
    stock.append(b, count);
  } else {
    stock.append(el("div", { class: "card back-face", role: "img", "aria-label": "The stock" }), count);
  }

  const pile = $("discard-pile");
  pile.replaceChildren();
  const p = view.pile;
  const words = [`Discard pile: ${p.count} ${p.count === 1 ? "card" : "cards"}`];
  if (p.top) words.push(`top card ${playingCardLabel(p.top, p.top_label)}`);
  if (p.frozen) words.push("frozen");
  const box = el("div", { class: `pile-stack${p.frozen ? " frozen" : ""}`, role: "img", "aria-label": words.join(", ") });
  if (p.frozen_by) {
    const under = el("span", { class: "under" });
    drawPlayingCard(under, p.frozen_by);
    box.append(under);
  }
  if (p.top) {
    const top = el("span", { class: "top" });
    drawPlayingCard(top, p.top);
    box.append(top);
  } else {
    box.append(el("span", { class: "card empty-slot" }));
  }
  pile.append(box, el("span", { class: "pile-count", text: `Pile: ${p.count}` }));
  if (p.frozen) pile.append(el("span", { class: "frozen-badge", text: "FROZEN" }));
  renderAsked(view);
  const note = $("pile-note");
  const why = [p.frozen ? p.why : null, myTurn(view) && view.phase === "draw" && p.take_why ? p.take_why : null].filter(Boolean);
  note.textContent = why.join(" ");
  note.hidden = !why.length;
}

/** "Partner, may I go out?": the question while it waits, then the answer, for the whole turn. */
function renderAsked(view) {
  const note = $("ask-note");
  const a = view.asked;
  if (!a || view.over) { note.textContent = ""; note.hidden = true; return; }
  const asker = a.seat === view.seat ? "You" : playerName(view, a.seat);
  const partnerSeat = view.players.find((q) => q.seat === a.seat).partner;
  const who = partnerSeat === view.seat ? "you" : playerName(view, partnerSeat);
  if (a.answer == null) {
    note.textContent = `${asker} asked ${who}: “Partner, may I go out?”`;
  } else {
    const whom = a.seat === view.seat ? "you" : playerName(view, a.seat);
    const Who = who === "you" ? "You" : who;
    note.textContent = a.answer
      ? `${Who} answered yes: ${whom} must go out this turn.`
      : `${Who} answered no: ${whom} may not go out this turn.`;
  }
  note.hidden = false;
}

function renderTeams(view) {
  const box = $("teams");
  box.replaceChildren();
  const mine = view.team;
  const order = [...view.teams].sort((a, b) => (a.team === mine ? -1 : b.team === mine ? 1 : a.team - b.team));
  for (const t of order) {
    const ours = t.team === mine;
    const names = t.seats.map((s) => playerName(view, s)).join(" & ");
    const sec = el("section", { class: `team${ours ? " ours" : ""}`, "aria-label": `${t.name} (${names})` });
    sec.dataset.team = String(t.team);
    sec.append(el("div", { class: "team-head" },
      el("h3", { text: `${t.name}${ours && view.seat != null ? " (your team)" : ""}` }),
      el("span", { class: "team-score", text: `${t.score} points` })));
    const facts = [names];
    if (t.canastas) facts.push(`${t.canastas} ${t.canastas === 1 ? "canasta" : "canastas"}`);
    sec.append(el("p", { class: "team-facts", text: facts.join(" · ") }));
    if (!t.initial_met) {
      const who = ours && view.seat != null ? "Your team's" : "Their";
      sec.append(el("p", { class: "initial-line", text: `${who} first meld needs ${t.initial_needed} points` }));
    }
    if (t.red_threes.length) {
      const r = el("div", { class: "red-threes", role: "group", "aria-label": `Red threes: ${t.red_threes.length}, ${t.red_three_value} points` },
        el("span", { class: "label", text: `Red threes ${t.red_three_value >= 0 ? "+" : ""}${t.red_three_value}`, "aria-hidden": "true" }));
      for (const c of t.red_threes) r.append(miniPlayingCard(c));
      sec.append(r);
    }
    sec.append(meldList(t.melds, `${t.name} melds`));
    box.append(sec);
  }
}

// ------------------------------------------------------------------ turn line
function myTurn(view) {
  return view.seat != null && !view.over && (view.waiting_for || []).includes(view.seat);
}

export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : "The game is over.";
  const act = view.to_act;
  if (act == null) return "";
  const name = playerName(view, act);
  const me = act === view.seat;
  if (view.phase === "answer") {
    const asker = playerName(view, view.turn);
    return me ? `${asker} asks: “Partner, may I go out?”` : `${asker} asks ${name}: may I go out?`;
  }
  if (me) {
    return view.phase === "draw"
      ? "Your turn: draw from the stock or take the pile"
      : "Your turn: meld or add to melds, then discard";
  }
  const kind = view.players.find((p) => p.seat === act);
  return kind && kind.kind === "bot" ? `${name} is thinking…` : `${name}'s turn`;
}

// ------------------------------------------------------------------ hand + actions
function renderHand(view, ctx) {
  const area = $("hand-area");
  const hand = $("hand");
  hand.replaceChildren();
  if (!view.hand) {
    area.hidden = !(ctx.extraButtons || []).length;
    area.classList.remove("my-turn");
    $("hand-title").textContent = "";
    $("staged").replaceChildren();
    return renderActions(view, ctx);
  }
  area.hidden = false;
  const me = view.players.find((p) => p.seat === view.seat);
  $("hand-title").textContent = `${me ? me.name : "Your"}'s hand · ${view.hand.length} ${view.hand.length === 1 ? "card" : "cards"}`;
  const turn = myTurn(view);
  area.classList.toggle("my-turn", turn);
  const staged = new Set(sel.staged.flat());
  view.hand.forEach((c, i) => {
    if (staged.has(i)) return;
    const b = el("button", { type: "button", class: "hand-card", "aria-label": playingCardLabel(c.card, c.label) });
    b.setAttribute("aria-pressed", sel.picked.has(i) ? "true" : "false");
    b.dataset.index = String(i);
    b.dataset.focusKey = `card:${i}`;
    b.dataset.playable = turn && view.phase !== "answer" ? "true" : "false";
    drawPlayingCard(b, c.card);
    b.addEventListener("click", () => toggle(i, b));
    hand.append(b);
  });
  renderStaged(view);
  return renderActions(view, ctx);
}

function renderStaged(view) {
  const box = $("staged");
  box.replaceChildren();
  if (!sel.staged.length) return;
  box.append(el("p", { class: "staged-title", text: "Put aside to meld together:" }));
  sel.staged.forEach((group, gi) => {
    const codes = codesOf(view, group);
    const row = el("div", { class: "staged-meld", role: "group", "aria-label": `Put aside: ${codes.map((c) => playingCardLabel(c)).join(", ")}` });
    for (const c of codes) row.append(miniPlayingCard(c));
    const back = el("button", { type: "button", class: "action secondary small", text: "Back to the hand" });
    back.setAttribute("aria-label", `Put back ${codes.map((c) => playingCardLabel(c)).join(", ")}`);
    back.addEventListener("click", () => { sel.staged.splice(gi, 1); redraw(); });
    row.append(back);
    box.append(row);
  });
}

/** The choices the selection allows now: [{label, action | local, why}] */
function candidates(view) {
  const out = [];
  if (!myTurn(view)) return out;
  const S = codesOf(view, sel.picked);
  const M = sel.staged.map((g) => codesOf(view, g));
  const has = (type) => (view.actions || []).find((a) => a.type === type);
  const team = teamOf(view, view.team);
  if (view.phase === "answer") {
    for (const a of view.actions || []) {
      if (a.type === "answer") out.push({ label: a.yes ? "Yes, go out" : "No, do not go out", action: a, key: `answer:${a.yes}` });
    }
    return out;
  }
  if (view.phase === "draw") {
    // Drawing is the stock itself (the "Draw" card button above): one control, not two.
    if (view.pile.count > 0) {
      out.push({ label: S.length || M.length ? "Take the pile with these" : "Take the pile",
        action: { type: "take_pile", cards: S, melds: M }, key: "take", check: true });
    }
  } else if (view.phase === "play") {
    if (M.length) {
      out.push({ label: `Meld all (${M.length + (S.length ? 1 : 0)} melds)`, action: { type: "meld", melds: S.length ? [...M, S] : M }, key: "meldall", check: true });
    } else if (S.length) {
      out.push({ label: "Meld these", action: { type: "meld", melds: [S] }, key: "meld", check: true });
    }
    if (S.length) {
      const ranks = new Set(S.filter((c) => !isWild(c)).map(rankOf));
      const melds = ((team && team.melds) || []).filter((m) => !ranks.size || ranks.has(m.rank));
      if (!ranks.size && melds.length >= 2) {
        // Only wild cards: they fit any meld, so one chooser instead of a button per meld.
        out.push({ chooser: melds.map((m) => ({ value: m.rank, label: meldName(m), action: { type: "add", meld: m.rank, cards: S } })),
          key: "add-wild" });
      } else {
        for (const m of melds) {
          out.push({ label: `Add to ${meldName(m)} meld`, action: { type: "add", meld: m.rank, cards: S }, key: `add:${m.rank}`, check: true });
        }
      }
      out.push(S.length === 1
        ? { label: `Discard ${playingCardLabel(S[0])}`, action: { type: "discard", card: S[0] }, key: "discard", check: true }
        : { label: "Discard", key: "discard", why: "Select one card to discard." });
    } else {
      out.push({ label: "Discard", key: "discard", why: "Select one card to discard." });
    }
    if (has("ask_go_out")) out.push({ label: "Ask partner: may I go out?", action: has("ask_go_out"), key: "ask", legal: true });
  }
  if (has("end_hand")) out.push({ label: "End the hand (the stock is empty)", action: has("end_hand"), key: "end", legal: true });
  if (S.length >= 1 && (view.phase === "play" || view.phase === "draw")) {
    out.push({ label: "Put aside as a meld", local: "stage", key: "stage", secondary: true });
  }
  if (S.length || M.length) out.push({ label: "Clear selection", local: "clear", key: "clear", secondary: true });
  return out;
}

function renderActions(view, ctx) {
  const actions = $("actions");
  actions.replaceChildren();
  const token = ++sel.token;
  const checks = [];
  for (const c of candidates(view)) {
    if (c.chooser) {
      actions.append(addChooser(c, ctx, token, checks));
      continue;
    }
    const [b, check] = choiceButton(c, ctx, () => token === sel.token, (local) => {
      if (local === "stage") sel.staged.push([...sel.picked]);
      else sel.staged = [];  // "clear"
      sel.picked.clear();
      redraw();
    });
    if (check) checks.push(check);
    actions.append(b);
  }
  actions.append(...closingButtons(view, ctx));
  const done = Promise.all(checks);
  done.then(() => {
    if (token === sel.token) $("actions").dataset.checked = String(token);
  });
  return done;
}

/** Wild cards alone: "Add to [meld ▾]" and one Add button, checked with the engine per choice. */
function addChooser(c, ctx, token, checks) {
  const box = el("div", { class: "add-chooser", role: "group", "aria-label": "Add the wild cards to a meld" });
  const pick = el("select", { "aria-label": "Meld to add the wild cards to" });
  pick.dataset.focusKey = "action:add-wild-meld";
  for (const o of c.chooser) pick.append(el("option", { value: o.value, text: o.label }));
  if (sel.addTo && c.chooser.some((o) => o.value === sel.addTo)) pick.value = sel.addTo;
  const b = el("button", { type: "button", class: "action", text: "Add to meld" });
  b.dataset.focusKey = `action:${c.key}`;
  b.dataset.action = "add";
  const chosen = () => c.chooser.find((o) => o.value === pick.value) || c.chooser[0];
  const check = () => {
    b.removeAttribute("aria-disabled");
    b.classList.remove("unavailable");
    delete b.dataset.why;
    b.setAttribute("aria-label", `Add to ${chosen().label} meld`);
    if (!ctx.explain) return Promise.resolve();
    b.classList.add("checking");
    const at = pick.value;
    return ctx.explain(chosen().action).then((r) => {
      if (token !== sel.token || at !== pick.value) return;
      b.classList.remove("checking");
      if (r && !r.legal) {
        b.setAttribute("aria-disabled", "true");
        b.classList.add("unavailable");
        b.dataset.why = r.why || "That is not possible now.";
      }
    }, () => { b.classList.remove("checking"); });
  };
  pick.addEventListener("change", () => { sel.addTo = pick.value; check(); });
  b.addEventListener("click", () => {
    if (b.dataset.why) { showMessage(b.dataset.why); return; }
    ctx.onAction(chosen().action, b);
  });
  checks.push(check());
  box.append(el("span", { class: "add-chooser-label", "aria-hidden": "true", text: "Add to" }), pick, b);
  return box;
}

function toggle(i, button) {
  if (!current) return;
  const { view } = current;
  if (!myTurn(view) || view.phase === "answer") {
    showMessage(view.phase === "answer" ? "Answer your partner first." : "It is not your turn.");
    return;
  }
  performance.mark("select-tap");
  if (sel.picked.has(i)) sel.picked.delete(i); else sel.picked.add(i);
  showMessage("");
  redraw(`card:${i}`).then(() => {
    // Read by bench/canasta_speed.py: tap a card → the table shows what the selection allows.
    performance.mark("select-redrawn");
    performance.measure("tap-to-redraw", { start: "select-tap", end: "select-redrawn", detail: { action: "select" } });
    performance.clearMarks("select-tap");
    performance.clearMarks("select-redrawn");
  });
}

/** Redraw the hand and the choices after a selection change (no engine call but explain). */
function redraw(focus) {
  if (!current) return Promise.resolve();
  const { view, ctx } = current;
  const done = renderHand(view, ctx);
  const key = focus || (document.activeElement && document.activeElement.dataset.focusKey);
  const target = key && $("table").querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (target) target.focus({ preventScroll: true });
  return done;
}

// ------------------------------------------------------------------ the renderer

function ensureBoard() {
  if ($("cboard")) return;
  const board = el("div", { id: "cboard", class: "cboard" },
    el("p", { id: "pile-note", class: "pile-note", hidden: true }),
    el("p", { id: "ask-note", class: "ask-note", role: "status", hidden: true }),
    el("div", { id: "teams", class: "teams" }));
  $("table").querySelector(".center").after(board);
  $("hand").after(el("div", { id: "staged", class: "staged" }));
}

export function render(view, ctx) {
  ensureBoard();
  const key = focusKey();
  const k = handKey(view);
  if (k !== sel.key) {
    sel.key = k;
    sel.picked.clear();
    sel.staged = [];
  }
  current = { view, ctx };
  const table = $("table");
  table.hidden = false;
  table.dataset.game = "canasta";
  table.classList.toggle("spectating", !view.hand);
  renderPlayers(view);
  renderCenter(view, ctx);
  renderTeams(view);
  $("turn-line").textContent = turnLine(view);
  renderHand(view, ctx);
  $("log").replaceChildren(...(view.events || []).slice(-4).reverse().map((e) => el("li", { text: e.text })));
  if (key) {
    const target = (key !== "table" && table.querySelector(`[data-focus-key="${CSS.escape(key)}"]`))
      || table.querySelector(".draw-button") || table.querySelector("#hand button") || table.querySelector("#actions button");
    if (target) target.focus({ preventScroll: true });
  }
}

export function clear() {
  current = null;
  sel.key = null;
  sel.picked.clear();
  sel.staged = [];
  for (const id of ["teams", "staged"]) if ($(id)) $(id).replaceChildren();
  for (const id of ["pile-note", "ask-note"]) if ($(id)) { $(id).textContent = ""; $(id).hidden = true; }
  clearShared();
}

// ------------------------------------------------------------------ score sheets
const PARTS = [
  ["melds", "Melds"],
  ["canastas", "Canasta bonuses"],
  ["red_threes", "Red threes"],
  ["going_out", "Going out"],
  ["hands", "Cards left in hand"],
  ["total", "This hand"],
  ["score", "Running total"],
];

export function sheetTable(sheet, view) {
  const table = el("table", { class: "score-sheet" });
  table.append(el("caption", { class: "visually-hidden", text: `Score sheet, hand ${sheet.hand}` }));
  const head = el("tr", {}, el("th", { scope: "col", text: "" }));
  for (const t of sheet.teams) head.append(el("th", { scope: "col", text: t.name }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const [key, label] of PARTS) {
    const row = el("tr", { class: `row-${key}` }, el("th", { scope: "row", text: label }));
    for (const t of sheet.teams) {
      let text = String(t[key]);
      if (key === "canastas" && (t.natural_canastas || t.mixed_canastas)) {
        text += ` (${t.natural_canastas} natural, ${t.mixed_canastas} mixed)`;
      }
      if (key === "red_threes" && t.red_three_count) text += ` (${t.red_three_count})`;
      row.append(el("td", { text }));
    }
    body.append(row);
  }
  table.append(body);
  const left = el("div", { class: "cards-left" });
  for (const t of sheet.teams) {
    for (const [seat, cards] of Object.entries(t.cards_left || {})) {
      if (!cards.length) continue;
      const name = view ? playerName(view, Number(seat)) : `Seat ${Number(seat) + 1}`;
      const row = el("div", { class: "summary-cards", role: "group", "aria-label": `${name} held` },
        el("span", { class: "name", text: `${name}:` }));
      for (const c of cards) row.append(miniPlayingCard(c));
      left.append(row);
    }
  }
  return [table, left.childElementCount ? el("details", {}, el("summary", { text: "Cards left in hands" }), left) : null];
}

/** The hand summary that app.js shows once, before the next hand. */
export function summary(view) {
  const sheet = view.last_hand;
  if (!sheet) return null;
  return {
    no: sheet.hand,
    show: () => showSummary(`Hand ${sheet.hand} score sheet`, [
      el("p", { class: "muted", text: sheet.text }),
      ...sheetTable(sheet, view),
    ]),
  };
}

export function result(view) {
  const r = view.result || {};
  const team = r.team != null ? teamOf(view, r.team) : null;
  const nodes = [];
  if (view.last_hand) nodes.push(el("h3", { text: `Hand ${view.last_hand.hand}` }), ...sheetTable(view.last_hand, view));
  return { title: team ? `${team.name} wins!` : null, nodes };
}

export function title(view) {
  const t = teamOf(view, view.team == null ? 0 : view.team);
  return `${t ? t.score : 0} · Canasta · pygames`;
}

export const canastaTable = { render, clear, summary, result, title, turnLine };
