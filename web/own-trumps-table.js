// The Own Trumps table: draws one seat's view (or the public view, seat null) and
// turns the viewer's taps into actions. Holds no rule: which card can beat the top
// card, why one cannot, and how many cards a pick-up takes all come from the view.
//
// A beat is collected as two taps: the beating card (it stays raised and can be
// tapped again to take it back), then the card to add on top. That selection is
// the only state kept here, and it is never saved.

import { $, el } from "./dom.js";
import { closingButtons, focusKey, finishHand, placeSeats, showMessage } from "./table-kit.js";
import { rove } from "./keyboard.js";
import { clearTable as clearShared } from "./table.js";
import { drawPlayingCard, miniPlayingCard, playingCardLabel } from "./cards.js";
import { showSummary } from "./dialogs.js";

const SUITS = [["S", "spades", "♠"], ["H", "hearts", "♥"], ["D", "diamonds", "♦"], ["C", "clubs", "♣"]];
const SUIT = Object.fromEntries(SUITS.map(([code, name, symbol]) => [code, { name, symbol }]));
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const sel = { key: null, beater: null };
let current = null;  // {view, ctx}

function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : `Seat ${seat + 1}`;
}

const myTurn = (view) => view.seat != null && !view.over && (view.waiting_for || []).includes(view.seat);
const handCard = (view, code) => (view.hand || []).find((c) => c.card === code);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function pickupAction(view) {
  return (view.actions || []).find((a) => a.type === "pick_up");
}

function pickupLabel(view, action) {
  const n = action.count;
  const whole = view.pile.length === n && n > 1 ? " (the whole pile)" : "";
  return `Pick up ${plural(n, "card")}${whole}`;
}

function selectionKey(view) {
  return JSON.stringify([view.seat, view.game_no, view.phase, view.turns, (view.hand || []).map((c) => c.card)]);
}

// ------------------------------------------------------------------ players
function tallyText(view, p) {
  if (view.players.length === 2) return `Won ${p.wins} · Lost ${p.losses} · Drawn ${p.draws}`;
  return `Lost ${p.losses} · First out ${p.wins} · Drawn ${p.draws}`;
}

function trumpBadge(p) {
  if (!p.trump) {
    return el("span", { class: "ot-trump none", text: "No trumps yet" });
  }
  const s = SUIT[p.trump];
  return el("span", { class: `ot-trump suit-${p.trump}`, role: "img", "aria-label": `Trumps: ${s.name}` },
    el("span", { class: "ot-trump-symbol", "aria-hidden": "true", text: s.symbol }),
    el("span", { class: "ot-trump-name", "aria-hidden": "true", text: cap(s.name) }));
}

function renderPlayers(view) {
  const list = $("players");
  list.replaceChildren();
  for (const p of view.players) {
    const li = el("li", { class: `player status-${p.status === "out" ? "out" : "in"}` });
    li.dataset.seat = String(p.seat);
    const acting = (view.waiting_for || []).includes(p.seat) && !view.over;
    if (acting) li.classList.add("turn", "to-act");
    if (p.seat === view.seat) li.classList.add("me");
    const playing = view.phase === "play";
    const facts = [];
    if (playing) facts.push(p.status === "out" ? `Out of cards: safe (${ordinal(p.place)})` : plural(p.hand_count, "card"));
    if (p.dealer) facts.push("dealer");
    const backs = el("div", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.hand_count, 12); i++) backs.append(el("span", { class: "back" }));
    li.append(
      el("div", { class: "player-name" },
        el("span", { class: "name", text: p.name }),
        p.seat === view.seat ? el("span", { class: "tag you", text: "you" }) : null,
        p.kind === "bot" ? el("span", { class: "tag bot", text: "bot" }) : null),
      trumpBadge(p),
      el("div", { class: "player-status", text: facts.join(" · ") }),
      el("div", { class: "player-row" }, backs));
    if (p.known && p.known.length && p.seat !== view.seat) {
      const known = el("div", { class: "ot-known", role: "group",
        "aria-label": `${p.name} is known to hold: ${p.known.map((c) => playingCardLabel(c)).join(", ")}` },
      el("span", { class: "ot-known-label", "aria-hidden": "true", text: "Known:" }));
      for (const c of p.known) known.append(miniPlayingCard(c));
      li.append(known);
    }
    li.append(el("div", { class: "ot-tally", text: tallyText(view, p) }));
    if (acting) li.append(el("span", { class: "turn-badge", text: view.phase === "trumps" ? "Choosing" : "Turn" }));
    list.append(li);
  }
  placeSeats(view);
}

function ordinal(n) {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

// ------------------------------------------------------------------ the pile
function renderCenter(view) {
  const spot = $("discard-pile");
  spot.replaceChildren();
  const top = view.top;
  if (top) {
    const card = el("div", { role: "img", class: "ot-top",
      "aria-label": `Top card: ${top.label}, played by ${playerName(view, top.by)}` });
    drawPlayingCard(card, top.card);
    spot.append(card);
  } else {
    const what = view.phase === "trumps" ? "No cards yet: the trumps are chosen first" : "The pile is empty";
    spot.append(el("div", { class: "card empty-slot", role: "img", "aria-label": what }));
  }
  const facts = [`Pile: ${plural(view.pile.length, "card")}`];
  if (top) facts.push(`${top.short} by ${playerName(view, top.by)}`);
  spot.append(el("span", { class: "pile-count", id: "ot-pile-count", text: facts.join(" · ") }));
}

function renderBoard(view, ctx) {
  renderTrumpChoice(view, ctx);
  const strip = $("ot-pile");
  strip.replaceChildren();
  if (view.pile.length) {
    strip.append(el("h3", { class: "ot-heading", id: "ot-pile-title", text: "The pile, bottom to top" }));
    const list = el("ol", { class: "ot-pile-list", "aria-labelledby": "ot-pile-title" });
    view.pile.forEach((c, i) => {
      const item = el("li", { class: i === view.pile.length - 1 ? "top" : "",
        "aria-label": `${c.label} (${playerName(view, c.by)})${i === view.pile.length - 1 ? ", on top" : ""}` });
      item.append(miniPlayingCard(c.card));
      list.append(item);
    });
    strip.append(list);
  }
  const sixes = $("ot-sixes");
  sixes.replaceChildren();
  if (view.sixes && view.sixes.length && view.phase === "play") {
    sixes.append(el("span", { class: "ot-heading", text: "Sixes handed over:" }));
    for (const s of view.sixes) {
      sixes.append(el("span", { class: "ot-six" , text: `${playerName(view, s.from)} → ${playerName(view, s.to)} ${shortOf(s.card)}` }));
    }
  }
  const match = $("ot-match");
  match.textContent = view.match_games > 1 ? `Game ${view.game_no} of ${view.match_games}` : "";
  if (view.phase === "play" && view.repeats >= 2 && view.options.repetition_draw) {
    match.textContent += `${match.textContent ? " · " : ""}This position has come up ${view.repeats === 2 ? "twice" : `${view.repeats} times`}: once more and the game is drawn`;
  }
}

function shortOf(code) {
  return `${code.slice(0, -1)}${SUIT[code.slice(-1)].symbol}`;
}

/** Before the deal: the four suits, each free or taken (and by whom); the chooser taps one. */
function renderTrumpChoice(view, ctx) {
  const box = $("ot-trumps");
  box.replaceChildren();
  const choice = view.trump_choice;
  if (!choice) { box.hidden = true; return; }
  box.hidden = false;
  const mine = myTurn(view);
  box.append(el("h3", { class: "ot-heading", text: mine ? "Choose your trump suit" : `${playerName(view, choice.chooser)} is choosing trumps` }));
  const row = el("div", { class: "ot-suits" });
  for (const [code, name, symbol] of SUITS) {
    const owners = view.players.filter((p) => p.trump === code).map((p) => p.name);
    const free = choice.free.includes(code);
    const note = owners.length ? `${owners.join(" and ")}'s` : "free";
    if (mine) {
      const b = el("button", { type: "button", class: `ot-suit suit-${code}${free ? "" : " unavailable"}`,
        "aria-label": `Choose ${name}${free ? "" : ` (${note} trump)`}` },
      el("span", { class: "ot-suit-symbol", "aria-hidden": "true", "data-text": symbol }),
      el("span", { class: "ot-suit-name", "aria-hidden": "true", text: cap(name) }),
      el("span", { class: "ot-suit-note", "aria-hidden": "true", "data-text": note }));  // CSS text: not in the name
      if (!free) b.setAttribute("aria-disabled", "true");
      b.dataset.focusKey = `suit:${code}`;
      const action = { type: "trump", suit: code };
      b.addEventListener("click", () => {
        if (free) { ctx.onAction(action, b); return; }
        // Taken: the engine says why (and which suits are left).
        if (ctx.explain) ctx.explain(action).then((r) => showMessage((r && r.why) || "That suit is taken."));
      });
      row.append(b);
    } else {
      row.append(el("span", { class: `ot-suit chip suit-${code}${free ? "" : " taken"}`, role: "img",
        "aria-label": `${cap(name)}: ${note}` },
      el("span", { class: "ot-suit-symbol", "aria-hidden": "true", text: symbol }),
      el("span", { class: "ot-suit-name", "aria-hidden": "true", text: cap(name) }),
      el("span", { class: "ot-suit-note", "aria-hidden": "true", text: note })));
    }
  }
  box.append(row);
}

// ------------------------------------------------------------------ turn line
export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : "The match is over.";
  const act = view.to_act;
  if (act == null) return "";
  const name = playerName(view, act);
  const kind = view.players.find((p) => p.seat === act);
  const thinking = kind && kind.kind === "bot";
  if (view.phase === "trumps") {
    if (act === view.seat) return "Your turn: choose your trump suit";
    return thinking ? `${name} is choosing trumps…` : `${name} is choosing trumps`;
  }
  if (act !== view.seat) return thinking ? `${name} is thinking…` : `${name}'s turn`;
  if (!view.top) return "Your turn: lead any card";
  const pick = pickupAction(view);
  const beats = (view.hand || []).some((c) => c.playable);
  const count = pick ? plural(pick.count, "card") : "";
  if (sel.beater) return `Beat with the ${handCard(view, sel.beater).short}: now tap the card to add on top`;
  if (!beats) return `Your turn: nothing beats the ${view.top.short}, pick up ${count}`;
  return pick ? `Your turn: beat the ${view.top.short} and add a card, or pick up ${count}`
    : `Your turn: beat the ${view.top.short} and add a card`;
}

// ------------------------------------------------------------------ hand and actions
function tapCard(c, button) {
  if (!current) return;
  const { view, ctx } = current;
  if (!myTurn(view) || view.phase !== "play") { showMessage(c.why || "It is not your turn."); return; }
  if (!view.top) { ctx.onAction({ type: "lead", card: c.card }, button); return; }
  if (sel.beater) {
    if (sel.beater === c.card) { select(null, c.card); return; }  // the first tap taken back
    ctx.onAction({ type: "beat", card: sel.beater, add: c.card }, button);
    return;
  }
  if (!c.playable) { showMessage(c.why); return; }
  if (view.hand.length === 1) { ctx.onAction({ type: "beat", card: c.card }, button); return; }
  select(c.card, c.card);
}

/** Raise (or lower) the beating card: a redraw of the hand, no engine call. */
function select(card, focusCard) {
  performance.mark("select-tap");
  sel.beater = card;
  showMessage("");
  redraw(`card:${focusCard}`);
  // Read by bench/own_trumps_speed.py: tap a beating card → the hand shows the cards to add.
  performance.mark("select-redrawn");
  performance.measure("tap-to-redraw", { start: "select-tap", end: "select-redrawn", detail: { action: "select" } });
  performance.clearMarks("select-tap");
  performance.clearMarks("select-redrawn");
}

function renderHand(view, ctx) {
  const area = $("hand-area");
  const hand = $("hand");
  hand.replaceChildren();
  const actions = $("actions");
  actions.replaceChildren();
  if (!view.hand || view.phase !== "play") {
    area.hidden = !(ctx.extraButtons || []).length && !(view.seat != null && view.can_undo);
    area.classList.remove("my-turn");
    $("hand-title").textContent = "";
  } else {
    area.hidden = false;
    const me = view.players.find((p) => p.seat === view.seat);
    const trump = me && me.trump ? `, trumps ${SUIT[me.trump].symbol} ${SUIT[me.trump].name}` : "";
    $("hand-title").textContent = `${me ? me.name : "Your"}'s hand · ${plural(view.hand.length, "card")}${trump}`;
    const turn = myTurn(view);
    area.classList.toggle("my-turn", turn);
    for (const c of view.hand) {
      const b = el("button", { type: "button", class: "hand-card", "aria-label": c.label });
      const raised = sel.beater === c.card;
      // During a beat every other card can be added; otherwise the engine's `playable` says.
      const usable = turn && (sel.beater ? true : c.playable);
      b.setAttribute("aria-pressed", raised ? "true" : "false");
      b.dataset.playable = usable ? "true" : "false";
      b.dataset.focusKey = `card:${c.card}`;
      if (c.own_trump) b.classList.add("own-trump");
      if (turn && view.top && c.playable && !sel.beater) b.classList.add("can-beat");
      if (!usable) {
        b.classList.add("unplayable");
        b.setAttribute("aria-describedby", "unplayable-note");
      }
      drawPlayingCard(b, c.card);
      b.addEventListener("click", () => tapCard(c, b));
      hand.append(b);
    }
    finishHand(hand);
    rove(hand);
    if (turn && view.top && !sel.beater) {
      const pick = pickupAction(view);
      if (pick) {
        const b = el("button", { type: "button", class: "action action-pick_up", text: pickupLabel(view, pick) });
        b.dataset.focusKey = "action:pick_up";
        b.addEventListener("click", () => ctx.onAction(pick, b));
        actions.append(b);
      }
    }
    if (sel.beater) {
      const c = handCard(view, sel.beater);
      const b = el("button", { type: "button", class: "action secondary", text: `Take back the ${c.short}` });
      b.setAttribute("aria-label", `Take back the ${c.label}`);
      b.dataset.focusKey = "action:take-back";
      b.addEventListener("click", () => select(null, sel.beater));
      actions.append(b);
    }
  }
  actions.append(...closingButtons(view, ctx, { undo: !sel.beater }));
}

function redraw(focus) {
  if (!current) return;
  const { view, ctx } = current;
  renderHand(view, ctx);
  $("turn-line").textContent = turnLine(view);
  const target = focus && $("table").querySelector(`[data-focus-key="${CSS.escape(focus)}"]`);
  if (target) target.focus({ preventScroll: true });
}

// ------------------------------------------------------------------ the renderer
function ensureBoard() {
  if ($("otboard")) return;
  const board = el("div", { id: "otboard", class: "otboard" },
    el("p", { id: "ot-match", class: "ot-match" }),
    el("section", { id: "ot-trumps", class: "ot-trumps", "aria-label": "Trump suits", hidden: true }),
    el("section", { id: "ot-pile", class: "ot-pile", "aria-label": "The whole pile" }),
    el("p", { id: "ot-sixes", class: "ot-sixes" }));
  $("table").querySelector(".center").after(board);
}


export function render(view, ctx) {
  ensureBoard();
  const key = focusKey();
  const k = selectionKey(view);
  if (k !== sel.key) { sel.key = k; sel.beater = null; }
  current = { view, ctx };
  const table = $("table");
  table.hidden = false;
  table.dataset.game = "own_trumps";
  table.dataset.phase = view.phase;
  table.classList.toggle("spectating", !view.hand);
  renderPlayers(view);
  renderCenter(view);
  renderBoard(view, ctx);
  $("turn-line").textContent = turnLine(view);
  renderHand(view, ctx);
  if (key) {
    const target = (key !== "table" && table.querySelector(`[data-focus-key="${CSS.escape(key)}"]`))
      || table.querySelector('#hand button[data-playable="true"]') || table.querySelector("#actions button")
      || table.querySelector(".ot-suit:not([aria-disabled])");
    if (target) target.focus({ preventScroll: true });
  }
}

export function clear() {
  current = null;
  sel.key = null;
  sel.beater = null;
  for (const id of ["ot-trumps", "ot-pile", "ot-sixes"]) if ($(id)) $(id).replaceChildren();
  if ($("ot-match")) $("ot-match").textContent = "";
  delete $("table").dataset.phase;
  clearShared();
}

// ------------------------------------------------------------------ game summaries
function tallyTable(game, view) {
  const t = el("table", { class: "score-sheet ot-sheet" });
  t.append(el("caption", { class: "visually-hidden", text: "The match so far" }));
  const two = view.players.length === 2;
  t.append(el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Player" }),
    el("th", { scope: "col", text: "Trumps" }), el("th", { scope: "col", text: "Cards left" }),
    el("th", { scope: "col", text: two ? "Won" : "First out" }), el("th", { scope: "col", text: "Lost" }),
    el("th", { scope: "col", text: "Drawn" }))));
  const body = el("tbody");
  for (const line of game.tally) {
    const trump = game.trumps[line.seat];
    body.append(el("tr", {}, el("th", { scope: "row", text: line.name }),
      el("td", { text: trump ? `${SUIT[trump].symbol} ${SUIT[trump].name}` : "" }),
      el("td", { text: String(game.cards_left[line.seat]) }),
      el("td", { text: String(line.wins) }), el("td", { text: String(line.losses) }), el("td", { text: String(line.draws) })));
  }
  t.append(body);
  return t;
}

/** After each game but the last: what happened and the running tally, shown once. */
export function summary(view) {
  const game = view.last_game;
  if (!game || view.over) return null;
  const of = view.match_games > 1 ? ` of ${view.match_games}` : "";
  return {
    no: game.game,
    show: () => showSummary(`Game ${game.game}${of}`, [
      el("p", { class: "muted", text: game.text }),
      tallyTable(game, view),
      el("p", { class: "muted", text: `${playerName(view, view.dealer)} deals the next game.` }),
    ]),
  };
}

export function result(view) {
  const game = view.last_game;
  const nodes = [];
  if (game) nodes.push(el("h3", { text: `Game ${game.game}` }), el("p", { class: "muted", text: game.text }), tallyTable(game, view));
  return { title: null, nodes };
}

export function title(view) {
  const of = view.match_games > 1 ? ` of ${view.match_games}` : "";
  return `Game ${view.game_no}${of} · Own Trumps · pygames`;
}

export const ownTrumpsTable = { render, clear, summary, result, title, turnLine };
