// The Canasta table: draws one seat's view and turns the viewer's taps into
// proposed actions. Holds no rule: whether a selection can be melded, added,
// discarded or take the pile is asked of the engine (`explain`), and its
// sentence is what the player reads.
//
// The flow (curtain, computer pace, undo, save) stays in app/controller.js; this module
// only keeps the viewer's current selection, which is never saved.

import { $, el } from "../app/dom.js";
import {
  byFocusKey,
  cardRow,
  choiceButton,
  clearTable,
  closingButtons,
  finishHand,
  focusKey,
  redrawIf,
  refocus,
  refuse,
  seatFacts,
  seatList,
  seatName,
  showMessage,
  timeTap,
} from "./kit.js";
import { placeSeats, refitTable } from "./layout.js";
import { rove } from "../app/keyboard.js";
import { drawPlayingCard, miniPlayingCard, playingCardLabel, rankOf } from "./cards.js";
import { meldList, meldName } from "./melds.js";
import { choose, showSummary } from "../app/dialogs.js";
import { t, tn } from "../app/i18n.js";

// The viewer's selection: hand indices picked now, and groups put aside as melds.
const sel = { key: null, picked: new Set(), staged: [], token: 0 };
let current = null; // {view, ctx}

const isWild = (code) => code === "JK" || rankOf(code) === "2";

function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : t("Seat {number}", { number: seat + 1 });
}

function teamOf(view, team) {
  return view.teams.find((tm) => tm.team === team);
}

function handKey(view) {
  return JSON.stringify([view.seat, view.hand_no, view.turn, view.phase, (view.hand || []).map((c) => c.card)]);
}

const codesOf = (view, indices) => [...indices].map((i) => view.hand[i].card);
/** A card of the hand by the engine's name for it (the page's own name only when the view has none). */
const handName = (view, code) => playingCardLabel(code, (view.hand || []).find((c) => c.card === code)?.label);

// ------------------------------------------------------------------ board
function renderPlayers(view) {
  const seats = seatList($("players"));
  // Round the table clockwise, so partners (who sit opposite) are two tiles apart.
  const bySeat = new Map(view.players.map((p) => [p.seat, p]));
  for (const p of (view.order || []).map((s) => bySeat.get(s))) {
    const acting = (view.waiting_for || []).includes(p.seat) && !view.over;
    const team = teamOf(view, p.team);
    const partner = playerName(view, p.partner);
    const answering = view.phase === "answer";
    seats.seat(p.seat, [p, acting, view.seat, team?.name, partner, answering], (li) => {
      li.classList.add("player");
      if (acting) li.classList.add("turn", "to-act");
      if (p.seat === view.seat) li.classList.add("me");
      li.append(
        seatName(p, view.seat),
        seatFacts([
          tn("{n} card", "{n} cards", p.hand_count),
          team ? [team.name, "extra"] : null,
          [p.partner === view.seat ? t("partner you") : t("partner {name}", { name: partner }), "extra"],
          p.dealer ? [t("dealer"), "extra"] : null,
        ]),
      );
      if (acting) li.append(el("span", { class: "turn-badge", text: answering ? t("Answering") : t("Turn") }));
    });
  }
  seats.done();
  placeSeats(view, view.order);
}

function renderCenter(view, ctx) {
  const stock = $("draw-pile");
  stock.replaceChildren();
  const draw = myTurn(view) && (view.actions || []).find((a) => a.type === "draw");
  const count = el("span", {
    class: "pile-count",
    id: "stock-count",
    text: tn("Stock: {n} card", "Stock: {n} cards", view.stock_count),
  });
  if (draw) {
    const b = el(
      "button",
      {
        type: "button",
        class: "card back-face draw-button",
        "aria-label": t("Draw from the stock"),
        "aria-describedby": "stock-count",
      },
      el("span", { class: "draw-text", "aria-hidden": "true", text: t("Draw") }),
    );
    b.dataset.focusKey = "draw";
    b.addEventListener("click", () => ctx.onAction(draw, b));
    stock.append(b, count);
  } else {
    stock.append(el("div", { class: "card back-face", role: "img", "aria-label": t("The stock") }), count);
  }

  const pile = $("discard-pile");
  redrawIf(pile, view.pile, () => drawPile(view.pile, pile));
  renderAsked(view);
  const note = $("pile-note");
  const p = view.pile;
  const why = [p.frozen ? p.why : null, myTurn(view) && view.phase === "draw" && p.take_why ? p.take_why : null].filter(
    Boolean,
  );
  note.textContent = why.join(" ");
  note.hidden = !why.length;
}

/** The discard pile `p` (the view's `pile`) in `pile`: its top card over the card that froze it. */
function drawPile(p, pile) {
  pile.replaceChildren();
  const words = [tn("Discard pile: {n} card", "Discard pile: {n} cards", p.count)];
  if (p.top) words.push(t("top card {card}", { card: playingCardLabel(p.top, p.top_label) }));
  if (p.frozen) words.push(t("frozen"));
  const box = el("div", {
    class: `pile-stack${p.frozen ? " frozen" : ""}`,
    role: "img",
    "aria-label": words.join(t(", ")),
  });
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
  pile.append(box, el("span", { class: "pile-count", text: t("Pile: {n}", { n: p.count }) }));
  if (p.frozen) pile.append(el("span", { class: "frozen-badge", text: t("FROZEN") }));
}

/** "Partner, may I go out?": the question while it waits, then the answer, for the whole turn. */
function renderAsked(view) {
  const note = $("ask-note");
  const a = view.asked;
  if (!a || view.over) {
    note.textContent = "";
    note.hidden = true;
    return;
  }
  const mine = a.seat === view.seat;
  const partnerSeat = view.players.find((q) => q.seat === a.seat).partner;
  const partnerMe = partnerSeat === view.seat;
  const asker = playerName(view, a.seat);
  const partner = playerName(view, partnerSeat);
  if (a.answer == null) {
    note.textContent = mine
      ? t("You asked {partner}: “Partner, may I go out?”", { partner })
      : partnerMe
        ? t("{asker} asked you: “Partner, may I go out?”", { asker })
        : t("{asker} asked {partner}: “Partner, may I go out?”", { asker, partner });
  } else if (a.answer) {
    note.textContent = partnerMe
      ? t("You answered yes: {asker} must go out this turn.", { asker })
      : mine
        ? t("{partner} answered yes: you must go out this turn.", { partner })
        : t("{partner} answered yes: {asker} must go out this turn.", { partner, asker });
  } else {
    note.textContent = partnerMe
      ? t("You answered no: {asker} may not go out this turn.", { asker })
      : mine
        ? t("{partner} answered no: you may not go out this turn.", { partner })
        : t("{partner} answered no: {asker} may not go out this turn.", { partner, asker });
  }
  note.hidden = false;
}

function renderTeams(view) {
  const box = $("teams");
  const names = view.players.map((p) => p.name);
  redrawIf(box, [view.teams, view.team, view.seat, names], () => drawTeams(view, box));
}

function drawTeams(view, box) {
  box.replaceChildren();
  const mine = view.team;
  const order = [...view.teams].sort((a, b) => (a.team === mine ? -1 : b.team === mine ? 1 : a.team - b.team));
  for (const tm of order) {
    const ours = tm.team === mine;
    const names = tm.seats.map((s) => playerName(view, s)).join(" & ");
    const sec = el("section", {
      class: `team${ours ? " ours" : ""}`,
      "aria-label": t("{team} ({players})", { team: tm.name, players: names }),
    });
    sec.dataset.team = String(tm.team);
    sec.append(
      el(
        "div",
        { class: "team-head" },
        el("h3", { text: ours && view.seat != null ? t("{team} (your team)", { team: tm.name }) : tm.name }),
        el("span", { class: "team-score", text: tn("{n} point", "{n} points", tm.score) }),
      ),
    );
    const facts = [names];
    if (tm.canastas) facts.push(tn("{n} canasta", "{n} canastas", tm.canastas));
    sec.append(el("p", { class: "team-facts", text: facts.join(" · ") }));
    if (!tm.initial_met) {
      sec.append(
        el("p", {
          class: "initial-line",
          text:
            ours && view.seat != null
              ? t("Your team's first meld needs {n} points", { n: tm.initial_needed })
              : t("Their first meld needs {n} points", { n: tm.initial_needed }),
        }),
      );
    }
    if (tm.red_threes.length) {
      const r = el(
        "div",
        {
          class: "red-threes",
          role: "group",
          "aria-label": t("Red threes: {count}, {points} points", {
            count: tm.red_threes.length,
            points: tm.red_three_value,
          }),
        },
        el("span", {
          class: "label",
          text: t("Red threes {points}", { points: `${tm.red_three_value >= 0 ? "+" : ""}${tm.red_three_value}` }),
          "aria-hidden": "true",
        }),
      );
      for (const c of tm.red_threes) r.append(miniPlayingCard(c));
      sec.append(r);
    }
    sec.append(meldList(tm.melds, t("{team} melds", { team: tm.name })));
    box.append(sec);
  }
}

// ------------------------------------------------------------------ turn line
function myTurn(view) {
  return view.seat != null && !view.over && (view.waiting_for || []).includes(view.seat);
}

export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : t("The game is over.");
  const act = view.to_act;
  if (act == null) return "";
  const name = playerName(view, act);
  const me = act === view.seat;
  if (view.phase === "answer") {
    const asker = playerName(view, view.turn);
    return me
      ? t("{asker} asks: “Partner, may I go out?”", { asker })
      : t("{asker} asks {name}: may I go out?", { asker, name });
  }
  if (me) {
    return view.phase === "draw"
      ? t("Your turn: draw from the stock or take the pile")
      : t("Your turn: meld or add to melds, then discard");
  }
  const kind = view.players.find((p) => p.seat === act);
  return kind && kind.kind === "bot" ? t("{name} is thinking…", { name }) : t("{name}'s turn", { name });
}

// ------------------------------------------------------------------ hand + actions
function renderHand(view, ctx) {
  const area = $("hand-area");
  const hand = $("hand");
  if (!view.hand) {
    hand.replaceChildren();
    area.hidden = !(ctx.extraButtons || []).length;
    area.classList.remove("my-turn");
    $("hand-title").textContent = "";
    $("staged").replaceChildren();
    return renderActions(view, ctx);
  }
  area.hidden = false;
  const me = view.players.find((p) => p.seat === view.seat);
  $("hand-title").textContent = me
    ? tn("{name}'s hand · {n} card", "{name}'s hand · {n} cards", view.hand.length, { name: me.name })
    : tn("Your hand · {n} card", "Your hand · {n} cards", view.hand.length);
  const turn = myTurn(view);
  area.classList.toggle("my-turn", turn);
  const staged = new Set(sel.staged.flat());
  const cards = cardRow(hand);
  view.hand.forEach((c, i) => {
    if (staged.has(i)) return;
    const b = cards.button(c.card, (face) => drawPlayingCard(face, c.card), {
      attrs: {
        "aria-label": playingCardLabel(c.card, c.label),
        "aria-pressed": sel.picked.has(i) ? "true" : "false",
        "data-index": i,
        "data-focus-key": `card:${i}`,
        "data-playable": turn && view.phase !== "answer" ? "true" : "false",
      },
    });
    b.onclick = () => toggle(i);
  });
  cards.done();
  finishHand(hand);
  rove(hand);
  renderStaged(view);
  return renderActions(view, ctx);
}

function renderStaged(view) {
  const box = $("staged");
  box.replaceChildren();
  if (!sel.staged.length) return;
  box.append(el("p", { class: "staged-title", text: t("Put aside to meld together:") }));
  sel.staged.forEach((group, gi) => {
    const codes = codesOf(view, group);
    const row = el("div", {
      class: "staged-meld",
      role: "group",
      "aria-label": t("Put aside: {cards}", { cards: codes.map((c) => handName(view, c)).join(t(", ")) }),
    });
    for (const c of codes) row.append(miniPlayingCard(c));
    const back = el("button", { type: "button", class: "action secondary small", text: t("Back to the hand") });
    back.setAttribute(
      "aria-label",
      t("Put back {cards}", { cards: codes.map((c) => handName(view, c)).join(t(", ")) }),
    );
    back.addEventListener("click", () => {
      sel.staged.splice(gi, 1);
      redraw();
    });
    row.append(back);
    box.append(row);
  });
}

/** The choices of the turn, usable as the selection allows: [{label, action | local, why, name}] */
function candidates(view) {
  const out = [];
  if (!myTurn(view)) return out;
  const S = codesOf(view, sel.picked);
  const M = sel.staged.map((g) => codesOf(view, g));
  const has = (type) => (view.actions || []).find((a) => a.type === type);
  const team = teamOf(view, view.team);
  if (view.phase === "answer") {
    for (const a of view.actions || []) {
      if (a.type === "answer")
        out.push({ label: a.yes ? t("Yes, go out") : t("No, do not go out"), action: a, key: `answer:${a.yes}` });
    }
    return out;
  }
  if (view.phase === "draw") {
    // Drawing is the stock itself (the "Draw" card button above): one control, not two.
    if (view.pile.count > 0) {
      out.push({
        label: S.length || M.length ? t("Take the pile with these") : t("Take the pile"),
        action: { type: "take_pile", cards: S, melds: M },
        key: "take",
        check: true,
      });
    }
  } else if (view.phase === "play") {
    out.push(meldChoice(S, M), ...addChoices(S, team), discardChoice(view, S));
    if (has("ask_go_out"))
      out.push({ label: t("Ask partner: may I go out?"), action: has("ask_go_out"), key: "ask", legal: true });
  }
  if (has("end_hand"))
    out.push({ label: t("End the hand (the stock is empty)"), action: has("end_hand"), key: "end", legal: true });
  if (view.phase === "play" || view.phase === "draw") {
    out.push(
      S.length
        ? { label: t("Put aside as a meld"), local: "stage", key: "stage", secondary: true }
        : {
            label: t("Put aside as a meld"),
            key: "stage",
            secondary: true,
            why: t("Select the cards to put aside as a meld."),
            waits: true,
          },
      S.length || M.length
        ? { label: t("Clear selection"), local: "clear", key: "clear", secondary: true }
        : { label: t("Clear selection"), key: "clear", secondary: true, why: t("No card is selected."), waits: true },
    );
  }
  return out;
}

// The choices of a turn are the same whatever is selected: a selection only makes them usable (or
// names a card), so the choices' row keeps its size and the hand's cards stay under the finger.
// Those that wait for a selection (`waits`) are left out at the tightest step of the smallest screens,
// where there is no room for them (styles/table.css).

function meldChoice(S, M) {
  if (M.length) {
    const count = M.length + (S.length ? 1 : 0);
    return {
      label: tn("Meld all ({n} meld)", "Meld all ({n} melds)", count),
      action: { type: "meld", melds: S.length ? [...M, S] : M },
      key: "meldall",
      check: true,
    };
  }
  if (S.length) return { label: t("Meld these"), action: { type: "meld", melds: [S] }, key: "meld", check: true };
  return { label: t("Meld these"), key: "meld", why: t("Select the cards to meld."), waits: true };
}

/** One choice while the team has melds: add the selection to the meld of its rank (its name says
 *  which; wild cards alone, to the meld the player is then asked for), else a reminder of what can
 *  be added. */
function addChoices(S, team) {
  const melds = team?.melds || [];
  if (!melds.length) return [];
  const ranks = new Set(S.filter((c) => !isWild(c)).map(rankOf));
  const fitting = S.length ? melds.filter((m) => !ranks.size || ranks.has(m.rank)) : [];
  if (!ranks.size && fitting.length >= 2) {
    // Only wild cards: they fit any meld, so the one button asks which (a button per meld, or a
    // list beside it, would change the choices' row under the hand).
    const melds = fitting.map((m) => ({ label: meldName(m), action: { type: "add", meld: m.rank, cards: S } }));
    return [{ label: t("Add to meld"), key: "add", local: "add-wild", melds }];
  }
  if (!fitting.length)
    return [
      {
        label: t("Add to meld"),
        key: "add",
        why: t("Select cards of a rank your team has melded, or wild cards."),
        waits: true,
      },
    ];
  return fitting.map((m) => ({
    label: t("Add to meld"),
    name: t("Add to meld: {meld}", { meld: meldName(m) }),
    action: { type: "add", meld: m.rank, cards: S },
    key: `add:${m.rank}`,
    check: true,
  }));
}

/** "Discard" says which card to assistive tech only: its width stays that of the word. */
function discardChoice(view, S) {
  if (S.length !== 1) return { label: t("Discard"), key: "discard", why: t("Select one card to discard.") };
  return {
    label: t("Discard"),
    name: t("Discard {card}", { card: handName(view, S[0]) }),
    action: { type: "discard", card: S[0] },
    key: "discard",
    check: true,
  };
}

function renderActions(view, ctx) {
  const actions = $("actions");
  actions.replaceChildren();
  const token = ++sel.token;
  const checks = [];
  const current = () => token === sel.token;
  for (const c of candidates(view)) {
    const [b, check] = choiceButton(c, ctx, current, (local) => {
      if (local === "add-wild") {
        addWild(c, ctx, b);
        return;
      }
      if (local === "stage") sel.staged.push([...sel.picked]);
      else sel.staged = []; // "clear"
      sel.picked.clear();
      redraw();
    });
    if (check) checks.push(check);
    if (c.melds) checks.push(checkWild(c, ctx, b, current));
    actions.append(b);
  }
  actions.append(...closingButtons(view, ctx));
  const done = Promise.all(checks);
  done.then(() => {
    if (token === sel.token) $("actions").dataset.checked = String(token);
  });
  return done;
}

/** Wild cards alone: the melds that would take them, asked of the engine (`c.open`); none, and the
 *  button is refused with the engine's reason. */
function checkWild(c, ctx, b, current) {
  c.open = c.melds;
  if (!ctx.explain) return Promise.resolve();
  b.classList.add("checking");
  return Promise.all(c.melds.map((m) => ctx.explain(m.action))).then(
    (replies) => {
      if (!current()) return;
      b.classList.remove("checking");
      c.open = c.melds.filter((_, i) => !replies[i] || replies[i].legal);
      if (!c.open.length) refuse(b, replies[0]?.why || t("That is not possible now."));
    },
    () => b.classList.remove("checking"),
  );
}

/** Add the wild cards to the one meld that takes them, or to the one the player chooses. */
async function addWild(c, ctx, b) {
  const action =
    c.open.length === 1
      ? c.open[0].action
      : await choose({
          title: t("Meld to add the wild cards to"),
          answers: c.open.map((m) => ({ label: m.label, value: m.action })),
          cancel: t("Cancel"),
        });
  if (action) ctx.onAction(action, b);
}

function toggle(i) {
  if (!current) return;
  const { view } = current;
  if (!myTurn(view) || view.phase === "answer") {
    showMessage(view.phase === "answer" ? t("Answer your partner first.") : t("It is not your turn."));
    return;
  }
  const redrawn = timeTap("select"); // (bench/canasta_speed.py: a card's tap → what the selection allows)
  if (sel.picked.has(i)) sel.picked.delete(i);
  else sel.picked.add(i);
  showMessage("");
  redraw(`card:${i}`).then(redrawn);
}

/** Redraw the hand and the choices after a selection change (no engine call but explain). */
function redraw(focus) {
  if (!current) return Promise.resolve();
  const { view, ctx } = current;
  const key = focus || focusKey(); // read before the choices are made anew
  const done = renderHand(view, ctx);
  refitTable();
  const found = byFocusKey(key);
  // A choice left out where the table is tightest (a `waits` one) hands the focus to the hand.
  const target = found?.getClientRects().length ? found : found && $("table").querySelector("#hand button");
  if (target) target.focus({ preventScroll: true });
  return done;
}

// ------------------------------------------------------------------ the renderer

function ensureBoard() {
  if ($("cboard")) return;
  const board = el(
    "div",
    { id: "cboard", class: "cboard" },
    el("p", { id: "pile-note", class: "pile-note", hidden: true }),
    el("p", { id: "ask-note", class: "ask-note", role: "status", hidden: true }),
    el("div", { id: "teams", class: "teams" }),
  );
  $("table").querySelector(".center").after(board);
  $("hand").after(el("div", { id: "staged", class: "staged" }));
}

export function render(view, ctx) {
  ensureBoard();
  const key = focusKey(view);
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
  refocus(key, [".draw-button", "#hand button", "#actions button"]);
}

export function clear() {
  current = null;
  sel.key = null;
  sel.picked.clear();
  sel.staged = [];
  for (const id of ["teams", "staged"]) if ($(id)) $(id).replaceChildren();
  for (const id of ["pile-note", "ask-note"])
    if ($(id)) {
      $(id).textContent = "";
      $(id).hidden = true;
    }
  clearTable();
}

// ------------------------------------------------------------------ score sheets
const PARTS = () => [
  ["melds", t("Melds")],
  ["canastas", t("Canasta bonuses")],
  ["red_threes", t("Red threes")],
  ["going_out", t("Going out")],
  ["hands", t("Cards left in hand")],
  ["total", t("This hand")],
  ["score", t("Running total")],
];

export function sheetTable(sheet, view) {
  const table = el("table", { class: "score-sheet" });
  table.append(el("caption", { class: "visually-hidden", text: t("Score sheet, hand {hand}", { hand: sheet.hand }) }));
  const head = el("tr", {}, el("td")); // the corner: no header for an empty cell
  for (const tm of sheet.teams) head.append(el("th", { scope: "col", text: tm.name }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const [key, label] of PARTS()) {
    const row = el("tr", { class: `row-${key}` }, el("th", { scope: "row", text: label }));
    for (const tm of sheet.teams) {
      let text = String(tm[key]);
      if (key === "canastas" && (tm.natural_canastas || tm.mixed_canastas)) {
        const kinds = t("({natural} natural, {mixed} mixed)", {
          natural: tm.natural_canastas,
          mixed: tm.mixed_canastas,
        });
        text += ` ${kinds}`;
      }
      if (key === "red_threes" && tm.red_three_count) text += ` (${tm.red_three_count})`;
      row.append(el("td", { text }));
    }
    body.append(row);
  }
  table.append(body);
  const left = el("div", { class: "cards-left" });
  for (const tm of sheet.teams) {
    for (const [seat, cards] of Object.entries(tm.cards_left || {})) {
      if (!cards.length) continue;
      const name = view ? playerName(view, Number(seat)) : t("Seat {number}", { number: Number(seat) + 1 });
      const row = el(
        "div",
        { class: "summary-cards", role: "group", "aria-label": t("{name} held", { name }) },
        el("span", { class: "name", text: t("{name}:", { name }) }),
      );
      for (const c of cards) row.append(miniPlayingCard(c));
      left.append(row);
    }
  }
  return [
    table,
    left.childElementCount ? el("details", {}, el("summary", { text: t("Cards left in hands") }), left) : null,
  ];
}

/** The hand summary that app/controller.js shows once, before the next hand. */
export function summary(view) {
  const sheet = view.last_hand;
  if (!sheet) return null;
  return {
    no: sheet.hand,
    show: () =>
      showSummary(t("Hand {hand} score sheet", { hand: sheet.hand }), [
        el("p", { class: "muted", text: sheet.text }),
        ...sheetTable(sheet, view),
      ]),
  };
}

/** Every hand of the game, a row each: what each team made in it, and the final totals. */
function handsTable(sheets) {
  const table = el("table", { class: "score-sheet hands-sheet" });
  table.append(el("caption", { class: "visually-hidden", text: t("Score sheet") }));
  const head = el("tr", {}, el("td"));
  for (const tm of sheets[0].teams) head.append(el("th", { scope: "col", text: tm.name }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const sheet of sheets) {
    const row = el("tr", {}, el("th", { scope: "row", text: t("Hand {hand}", { hand: sheet.hand }) }));
    for (const tm of sheet.teams) row.append(el("td", { text: String(tm.total) }));
    body.append(row);
  }
  const totals = el("tr", { class: "row-score" }, el("th", { scope: "row", text: t("Total") }));
  for (const tm of sheets[sheets.length - 1].teams) totals.append(el("td", { text: String(tm.score) }));
  body.append(totals);
  table.append(body);
  return table;
}

export function result(view) {
  const r = view.result || {};
  const team = r.team != null ? teamOf(view, r.team) : null;
  const nodes = [];
  if (r.sheets?.length > 1) nodes.push(handsTable(r.sheets)); // one hand: its sheet below says it all
  if (view.last_hand)
    nodes.push(
      el("h3", { text: t("Hand {hand}", { hand: view.last_hand.hand }) }),
      ...sheetTable(view.last_hand, view),
    );
  return { title: team ? t("{name} wins!", { name: team.name }) : null, nodes };
}

export function title(view) {
  const tm = teamOf(view, view.team == null ? 0 : view.team);
  const name = t("Canasta"); // the engine's title (games/canasta.py)
  return `${tm ? tm.score : 0} · ${name} · pygames`;
}

export const canastaTable = { render, clear, summary, result, title, turnLine };
