// The Own Trumps table: draws one seat's view (or the public view, seat null) and
// turns the viewer's taps into actions. Holds no rule: which card can beat the top
// card, why one cannot, and how many cards a pick-up takes all come from the view.
//
// A beat is collected as two taps: the beating card (it stays raised and can be
// tapped again to take it back), then the card to add on top. That selection is
// the only state kept here, and it is never saved.

import { $, el } from "../app/dom.js";
import {
  byFocusKey,
  cardRow,
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
import { drawPlayingCard, miniPlayingCard, playingCardLabel } from "./cards.js";
import { ordinal, showSummary } from "../app/dialogs.js";
import { listWords, t, tn } from "../app/i18n.js";

const SUITS = [
  ["S", "♠"],
  ["H", "♥"],
  ["D", "♦"],
  ["C", "♣"],
];
// The suits' names are the engine's msgids (core/cards.py), translated with the card names.
const suitName = (code) => ({ S: t("spades"), H: t("hearts"), D: t("diamonds"), C: t("clubs") })[code];
const SUIT = Object.fromEntries(
  SUITS.map(([code, symbol]) => [
    code,
    {
      get name() {
        return suitName(code);
      },
      symbol,
    },
  ]),
);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const sel = { key: null, beater: null };
let current = null; // {view, ctx}

function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : t("Seat {number}", { number: seat + 1 });
}

const myTurn = (view) => view.seat != null && !view.over && (view.waiting_for || []).includes(view.seat);
const handCard = (view, code) => (view.hand || []).find((c) => c.card === code);
const cards = (n) => tn("{n} card", "{n} cards", n);

function pickupAction(view) {
  return (view.actions || []).find((a) => a.type === "pick_up");
}

function pickupLabel(view, action) {
  const n = action.count;
  return view.pile.length === n && n > 1
    ? tn("Pick up {n} card (the whole pile)", "Pick up {n} cards (the whole pile)", n)
    : tn("Pick up {n} card", "Pick up {n} cards", n);
}

function selectionKey(view) {
  return JSON.stringify([view.seat, view.game_no, view.phase, view.turns, (view.hand || []).map((c) => c.card)]);
}

// ------------------------------------------------------------------ players
function tallyText(view, p) {
  if (view.players.length === 2)
    return t("Won {wins} · Lost {losses} · Drawn {draws}", { wins: p.wins, losses: p.losses, draws: p.draws });
  return t("Lost {losses} · First out {wins} · Drawn {draws}", { wins: p.wins, losses: p.losses, draws: p.draws });
}

function trumpBadge(p) {
  if (!p.trump) {
    return el("span", { class: "ot-trump none", text: t("No trumps yet") });
  }
  const s = SUIT[p.trump];
  return el(
    "span",
    { class: `ot-trump suit-${p.trump}`, role: "img", "aria-label": t("Trumps: {suit}", { suit: s.name }) },
    el("span", { class: "ot-trump-symbol", "aria-hidden": "true", text: s.symbol }),
    el("span", { class: "ot-trump-name", "aria-hidden": "true", text: cap(s.name) }),
  );
}

function renderPlayers(view) {
  const seats = seatList($("players"));
  for (const p of view.players) {
    const acting = (view.waiting_for || []).includes(p.seat) && !view.over;
    const tally = tallyText(view, p);
    seats.seat(p.seat, [p, acting, view.seat, view.phase, tally], (li) => {
      li.classList.add("player", `status-${p.status === "out" ? "out" : "in"}`);
      if (acting) li.classList.add("turn", "to-act");
      if (p.seat === view.seat) li.classList.add("me");
      const playing = view.phase === "play";
      const facts = [];
      if (playing)
        facts.push(
          p.status === "out" ? t("Out of cards: safe ({place})", { place: ordinal(p.place) }) : cards(p.hand_count),
        );
      if (p.dealer) facts.push([t("dealer"), "extra"]);
      const backs = el("div", { class: "backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(p.hand_count, 12); i++) backs.append(el("span", { class: "back" }));
      li.append(seatName(p, view.seat), trumpBadge(p), seatFacts(facts), el("div", { class: "player-row" }, backs));
      if (p.known?.length && p.seat !== view.seat) {
        const known = el(
          "div",
          {
            class: "ot-known",
            role: "group",
            "aria-label": t("{name} is known to hold: {cards}", {
              name: p.name,
              cards: p.known.map((c) => playingCardLabel(c)).join(t(", ")),
            }),
          },
          el("span", { class: "ot-known-label", "aria-hidden": "true", text: t("Known:") }),
        );
        for (const c of p.known) known.append(miniPlayingCard(c));
        li.append(known);
      }
      li.append(el("div", { class: "ot-tally", text: tally }));
      if (acting)
        li.append(el("span", { class: "turn-badge", text: view.phase === "trumps" ? t("Choosing") : t("Turn") }));
    });
  }
  seats.done();
  placeSeats(view);
}

// ------------------------------------------------------------------ the pile
function renderCenter(view) {
  const spot = $("discard-pile");
  spot.replaceChildren();
  const top = view.top;
  if (top) {
    const card = el("div", {
      role: "img",
      class: "ot-top",
      "aria-label": t("Top card: {card}, played by {name}", { card: top.label, name: playerName(view, top.by) }),
    });
    drawPlayingCard(card, top.card);
    spot.append(card);
  } else {
    const what = view.phase === "trumps" ? t("No cards yet: the trumps are chosen first") : t("The pile is empty");
    spot.append(el("div", { class: "card empty-slot", role: "img", "aria-label": what }));
  }
  // Who played the top card is said where there is room (the card's name says it too).
  const count = el("span", { class: "pile-count", id: "ot-pile-count" });
  count.append(el("span", { class: "fact", text: tn("Pile: {n} card", "Pile: {n} cards", view.pile.length) }));
  if (top)
    count.append(
      el("span", {
        class: "fact extra",
        text: t("{card} by {name}", { card: top.short, name: playerName(view, top.by) }),
      }),
    );
  spot.append(count);
}

function renderBoard(view, ctx) {
  renderTrumpChoice(view, ctx);
  $("ot-trumps").setAttribute("aria-label", t("Trump suits"));
  const strip = $("ot-pile");
  strip.setAttribute("aria-label", t("The whole pile"));
  strip.replaceChildren();
  if (view.pile.length) {
    strip.append(el("h3", { class: "ot-heading", id: "ot-pile-title", text: t("The pile, bottom to top") }));
    const list = el("ol", { class: "ot-pile-list", "aria-labelledby": "ot-pile-title" });
    view.pile.forEach((c, i) => {
      const item = el("li", {
        class: i === view.pile.length - 1 ? "top" : "",
        "aria-label":
          i === view.pile.length - 1
            ? t("{card} ({name}), on top", { card: c.label, name: playerName(view, c.by) })
            : t("{card} ({name})", { card: c.label, name: playerName(view, c.by) }),
      });
      item.append(miniPlayingCard(c.card));
      list.append(item);
    });
    strip.append(list);
  }
  const sixes = $("ot-sixes");
  sixes.replaceChildren();
  if (view.sixes?.length && view.phase === "play") {
    sixes.append(el("span", { class: "ot-heading", text: t("Sixes handed over:") }));
    for (const s of view.sixes) {
      sixes.append(
        el("span", {
          class: "ot-six",
          text: `${playerName(view, s.from)} → ${playerName(view, s.to)} ${shortOf(s.card)}`,
        }),
      );
    }
  }
  const match = $("ot-match");
  match.textContent =
    view.match_games > 1 ? t("Game {game} of {games}", { game: view.game_no, games: view.match_games }) : "";
  if (view.phase === "play" && view.repeats >= 2 && view.options.repetition_draw) {
    const repeated =
      view.repeats === 2
        ? t("This position has come up twice: once more and the game is drawn")
        : t("This position has come up {n} times: once more and the game is drawn", { n: view.repeats });
    match.textContent += `${match.textContent ? " · " : ""}${repeated}`;
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
  if (!choice) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const mine = myTurn(view);
  box.append(
    el("h3", {
      class: "ot-heading",
      text: mine
        ? t("Choose your trump suit")
        : t("{name} is choosing trumps", { name: playerName(view, choice.chooser) }),
    }),
  );
  const row = el("div", { class: "ot-suits" });
  for (const [code, symbol] of SUITS) {
    const name = suitName(code);
    const owners = view.players.filter((p) => p.trump === code).map((p) => p.name);
    const free = choice.free.includes(code);
    const note = owners.length ? t("{names}'s", { names: listWords(owners) }) : t("free");
    if (mine) {
      const b = el(
        "button",
        {
          type: "button",
          class: `ot-suit suit-${code}${free ? "" : " unavailable"}`,
          "aria-label": free
            ? t("Choose {suit}", { suit: name })
            : t("Choose {suit} ({owner} trump)", { suit: name, owner: note }),
        },
        el("span", { class: "ot-suit-symbol", "aria-hidden": "true", "data-text": symbol }),
        el("span", { class: "ot-suit-name", "aria-hidden": "true", text: cap(name) }),
        el("span", { class: "ot-suit-note", "aria-hidden": "true", "data-text": note }),
      ); // CSS text: not in the name
      if (!free) b.setAttribute("aria-disabled", "true");
      b.dataset.focusKey = `suit:${code}`;
      const action = { type: "trump", suit: code };
      b.addEventListener("click", () => {
        if (free) {
          ctx.onAction(action, b);
          return;
        }
        // Taken: the engine says why (and which suits are left).
        if (ctx.explain) ctx.explain(action).then((r) => showMessage(r?.why || t("That suit is taken.")));
      });
      row.append(b);
    } else {
      row.append(
        el(
          "span",
          {
            class: `ot-suit chip suit-${code}${free ? "" : " taken"}`,
            role: "img",
            "aria-label": `${cap(name)}: ${note}`,
          },
          el("span", { class: "ot-suit-symbol", "aria-hidden": "true", text: symbol }),
          el("span", { class: "ot-suit-name", "aria-hidden": "true", text: cap(name) }),
          el("span", { class: "ot-suit-note", "aria-hidden": "true", text: note }),
        ),
      );
    }
  }
  box.append(row);
}

// ------------------------------------------------------------------ turn line
export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : t("The match is over.");
  const act = view.to_act;
  if (act == null) return "";
  const name = playerName(view, act);
  const kind = view.players.find((p) => p.seat === act);
  const thinking = kind && kind.kind === "bot";
  if (view.phase === "trumps") {
    if (act === view.seat) return t("Your turn: choose your trump suit");
    return thinking ? t("{name} is choosing trumps…", { name }) : t("{name} is choosing trumps", { name });
  }
  if (act !== view.seat) return thinking ? t("{name} is thinking…", { name }) : t("{name}'s turn", { name });
  if (!view.top) return t("Your turn: lead any card");
  const pick = pickupAction(view);
  const beats = (view.hand || []).some((c) => c.playable);
  const count = pick ? cards(pick.count) : "";
  if (sel.beater)
    return t("Beat with the {card}: now tap the card to add on top", { card: handCard(view, sel.beater).short });
  if (!beats) return t("Your turn: nothing beats the {card}, pick up {count}", { card: view.top.short, count });
  return pick
    ? t("Your turn: beat the {card} and add a card, or pick up {count}", { card: view.top.short, count })
    : t("Your turn: beat the {card} and add a card", { card: view.top.short });
}

// ------------------------------------------------------------------ hand and actions
function tapCard(c, button) {
  if (!current) return;
  const { view, ctx } = current;
  if (!myTurn(view) || view.phase !== "play") {
    showMessage(c.why || t("It is not your turn."));
    return;
  }
  if (!view.top) {
    ctx.onAction({ type: "lead", card: c.card }, button);
    return;
  }
  if (sel.beater) {
    if (sel.beater === c.card) {
      select(null, c.card);
      return;
    } // the first tap taken back
    ctx.onAction({ type: "beat", card: sel.beater, add: c.card }, button);
    return;
  }
  if (!c.playable) {
    showMessage(c.why);
    return;
  }
  if (view.hand.length === 1) {
    ctx.onAction({ type: "beat", card: c.card }, button);
    return;
  }
  select(c.card, c.card);
}

/** Raise (or lower) the beating card: a redraw of the hand, no engine call. */
function select(card, focusCard) {
  const redrawn = timeTap("select"); // (bench/own_trumps_speed.py: a beating card's tap → the cards to add)
  sel.beater = card;
  showMessage("");
  redraw(`card:${focusCard}`);
  redrawn();
}

function renderHand(view, ctx) {
  const area = $("hand-area");
  const hand = $("hand");
  const actions = $("actions");
  actions.replaceChildren();
  if (!view.hand || view.phase !== "play") {
    hand.replaceChildren();
    area.hidden = !(ctx.extraButtons || []).length && !(view.seat != null && view.can_undo);
    area.classList.remove("my-turn");
    $("hand-title").textContent = "";
  } else {
    area.hidden = false;
    const me = view.players.find((p) => p.seat === view.seat);
    const trump = me?.trump ? t(", trumps {suit}", { suit: `${SUIT[me.trump].symbol} ${SUIT[me.trump].name}` }) : "";
    $("hand-title").textContent =
      (me
        ? tn("{name}'s hand · {n} card", "{name}'s hand · {n} cards", view.hand.length, { name: me.name })
        : tn("Your hand · {n} card", "Your hand · {n} cards", view.hand.length)) + trump;
    const turn = myTurn(view);
    area.classList.toggle("my-turn", turn);
    const cards = cardRow(hand);
    for (const c of view.hand) {
      const raised = sel.beater === c.card;
      // During a beat every other card can be added; otherwise the engine's `playable` says.
      const usable = turn && (sel.beater ? true : c.playable);
      const b = cards.button(c.card, (face) => drawPlayingCard(face, c.card), {
        attrs: {
          "aria-label": c.label,
          "aria-pressed": raised ? "true" : "false",
          "data-playable": usable ? "true" : "false",
          "data-focus-key": `card:${c.card}`,
          "aria-describedby": !usable && "unplayable-note",
        },
        classes: [
          c.own_trump && "own-trump",
          turn && view.top && c.playable && !sel.beater && "can-beat",
          !usable && "unplayable",
        ],
      });
      b.onclick = () => tapCard(c, b);
    }
    cards.done();
    finishHand(hand);
    rove(hand);
    // The same choices while a beating card is raised (tapped again, it goes back down): the hand keeps
    // its width, and the card to add on top is still where it was.
    if (turn && view.top) {
      const pick = pickupAction(view);
      if (pick) {
        const b = el("button", { type: "button", class: "action action-pick_up", text: pickupLabel(view, pick) });
        b.dataset.focusKey = "action:pick_up";
        b.addEventListener("click", () => ctx.onAction(pick, b));
        actions.append(b);
      }
    }
  }
  actions.append(...closingButtons(view, ctx));
}

function redraw(focus) {
  if (!current) return;
  const { view, ctx } = current;
  renderHand(view, ctx);
  $("turn-line").textContent = turnLine(view);
  refitTable();
  byFocusKey(focus)?.focus({ preventScroll: true });
}

// ------------------------------------------------------------------ the renderer
function ensureBoard() {
  if ($("otboard")) return;
  const board = el(
    "div",
    { id: "otboard", class: "otboard" },
    el("p", { id: "ot-match", class: "ot-match" }),
    el("section", { id: "ot-trumps", class: "ot-trumps", hidden: true, "data-remade": "" }),
    el("section", { id: "ot-pile", class: "ot-pile" }),
    el("p", { id: "ot-sixes", class: "ot-sixes" }),
  );
  $("table").querySelector(".center").after(board);
}

export function render(view, ctx) {
  ensureBoard();
  const key = focusKey(view);
  const k = selectionKey(view);
  if (k !== sel.key) {
    sel.key = k;
    sel.beater = null;
  }
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
  refocus(key, ['#hand button[data-playable="true"]', "#actions button", ".ot-suit:not([aria-disabled])"]);
}

export function clear() {
  current = null;
  sel.key = null;
  sel.beater = null;
  for (const id of ["ot-trumps", "ot-pile", "ot-sixes"]) if ($(id)) $(id).replaceChildren();
  if ($("ot-match")) $("ot-match").textContent = "";
  delete $("table").dataset.phase;
  clearTable();
}

// ------------------------------------------------------------------ game summaries
function tallyTable(game, view) {
  const tbl = el("table", { class: "score-sheet ot-sheet" });
  tbl.append(el("caption", { class: "visually-hidden", text: t("The match so far") }));
  const two = view.players.length === 2;
  tbl.append(
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { scope: "col", text: t("Player") }),
        el("th", { scope: "col", text: t("Trumps") }),
        el("th", { scope: "col", text: t("Cards left") }),
        el("th", { scope: "col", text: two ? t("Won") : t("First out") }),
        el("th", { scope: "col", text: t("Lost") }),
        el("th", { scope: "col", text: t("Drawn") }),
      ),
    ),
  );
  const body = el("tbody");
  for (const line of game.tally) {
    const trump = game.trumps[line.seat];
    body.append(
      el(
        "tr",
        {},
        el("th", { scope: "row", text: line.name }),
        el("td", { text: trump ? `${SUIT[trump].symbol} ${SUIT[trump].name}` : "" }),
        el("td", { text: String(game.cards_left[line.seat]) }),
        el("td", { text: String(line.wins) }),
        el("td", { text: String(line.losses) }),
        el("td", { text: String(line.draws) }),
      ),
    );
  }
  tbl.append(body);
  return tbl;
}

/** After each game but the last: what happened and the running tally, shown once. */
export function summary(view) {
  const game = view.last_game;
  if (!game || view.over) return null;
  return {
    no: game.game,
    show: () =>
      showSummary(
        view.match_games > 1
          ? t("Game {game} of {games}", { game: game.game, games: view.match_games })
          : t("Game {game}", { game: game.game }),
        [
          el("p", { class: "muted", text: game.text }),
          tallyTable(game, view),
          el("p", { class: "muted", text: t("{name} deals the next game.", { name: playerName(view, view.dealer) }) }),
        ],
      ),
  };
}

export function result(view) {
  const game = view.last_game;
  const nodes = [];
  if (game)
    nodes.push(
      el("h3", { text: t("Game {game}", { game: game.game }) }),
      el("p", { class: "muted", text: game.text }),
      tallyTable(game, view),
    );
  return { title: null, nodes };
}

export function title(view) {
  const game =
    view.match_games > 1
      ? t("Game {game} of {games}", { game: view.game_no, games: view.match_games })
      : t("Game {game}", { game: view.game_no });
  const name = t("Own Trumps"); // the engine's title (games/own_trumps.py)
  return t("{game} · {title} · pygames", { game, title: name });
}

export const ownTrumpsTable = { render, clear, summary, result, title, turnLine };
