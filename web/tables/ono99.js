// Draw the table from one view. Holds no rule: every sentence about what may be
// played comes from the engine (view.hand[i].why, view.actions, view.undo_why).

import { $, el } from "../app/dom.js";
import {
  cardRow,
  clearTable,
  closingButtons,
  finishHand,
  focusKey,
  focusWhenDrawn,
  refocus,
  seatFacts,
  seatList,
  seatName,
} from "./kit.js";
import { placeSeats } from "./layout.js";
import { rove } from "../app/keyboard.js";
import { cardLabel, drawFace, miniCard } from "./cards.js";
import { showRound } from "../app/dialogs.js";
import { t, tn } from "../app/i18n.js";

const STATUS = () => ({ in: t("In"), out_of_round: t("Out of the round"), eliminated: t("Eliminated") });

export function actionLabel(action, view) {
  const label = (card) => {
    const h = (view.hand || []).find((c) => c.card === card);
    return cardLabel(card, h?.label);
  };
  switch (action.type) {
    case "draw": {
      const n = view.owed_draw?.count || 1;
      return n === 1 ? t("Draw a card") : tn("Draw {n} card", "Draw {n} cards", n);
    }
    case "lay_down":
      return t("Lay down your hand");
    case "discard4":
      return t("Discard four ONO 99 cards");
    case "bust":
      return t("Play {card} and go out of the round", { card: label(action.card) });
    case "play":
      return t("Play {card}", { card: label(action.card) });
    default:
      return action.type;
  }
}

function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : t("Seat {number}", { number: seat + 1 });
}

/** The sentence under the total: whose turn, and what they owe. */
export function turnLine(view) {
  if (view.over) return view.result ? view.result.text : t("The game is over.");
  const act = view.to_act;
  const parts = [];
  if (view.owed_draw && view.owed_draw.seat === act) {
    const n = view.owed_draw.count;
    parts.push(
      act === view.seat
        ? tn("You must draw {n} card", "You must draw {n} cards", n)
        : tn("{name} must draw {n} card", "{name} must draw {n} cards", n, { name: playerName(view, act) }),
    );
  } else if (act != null) {
    const kind = view.players.find((p) => p.seat === act);
    if (act === view.seat) parts.push(t("Your turn"));
    else if (kind && kind.kind === "bot") parts.push(t("{name} is thinking…", { name: playerName(view, act) }));
    else parts.push(t("{name}'s turn", { name: playerName(view, act) }));
  }
  if (view.play2) {
    const left = view.play2.plays_left;
    parts.push(
      view.play2.seat === view.seat
        ? t("You must play 2 cards — {left} left", { left })
        : t("{name} must play 2 cards — {left} left", { name: playerName(view, view.play2.seat), left }),
    );
  }
  return parts.join(" · ");
}

function renderPlayers(view) {
  const seats = seatList($("players"));
  for (const p of view.players) {
    const drawing = !!view.owed_draw && view.owed_draw.seat === p.seat;
    seats.seat(p.seat, [p, view.seat, view.to_act, view.over, drawing], (li) => {
      li.classList.add("player", `status-${p.status}`);
      if (p.seat === view.to_act && !view.over) li.classList.add("turn");
      if (p.seat === view.to_act) li.classList.add("to-act");
      if (p.seat === view.seat) li.classList.add("me");
      const who = seatName(p, view.seat);
      // Still in: said in words only where there is room; out of the round or of the game: always.
      const status = seatFacts([
        p.status === "in" ? null : STATUS()[p.status] || p.status,
        tn("{n} card", "{n} cards", p.hand_count),
        p.score != null ? tn("{n} point", "{n} points", p.score) : null,
        p.missing_cards ? t("{n} missing", { n: p.missing_cards }) : null,
        p.status === "in" ? [STATUS().in, "extra"] : null,
        p.tokens != null ? [tn("{n} token", "{n} tokens", p.tokens), "extra"] : null,
      ]);
      const backs = el("div", { class: "backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(p.hand_count, 8); i++) backs.append(el("span", { class: "back" }));
      const row = el("div", { class: "player-row" }, backs);
      if (p.tokens != null) {
        const tokens = el("div", { class: "tokens", "aria-hidden": "true" });
        for (let i = 0; i < p.tokens; i++) tokens.append(el("span", { class: "token" }));
        row.append(tokens);
      }
      li.append(who, status, row);
      if (p.laid_down?.length) {
        const laid = el("div", {
          class: "laid",
          role: "group",
          "aria-label": t("{name}'s laid-down cards", { name: p.name }),
        });
        for (const c of p.laid_down) laid.append(miniCard(c));
        li.append(laid);
      }
      if (p.seat === view.to_act && !view.over)
        li.append(el("span", { class: "turn-badge", text: drawing ? t("Drawing") : t("Turn") }));
    });
  }
  seats.done();
  placeSeats(view);
}

function renderCenter(view, ctx) {
  const total = $("total");
  const previous = total.textContent;
  total.textContent = String(view.total);
  if (previous !== String(view.total)) {
    total.classList.remove("bump");
    void total.offsetWidth;
    total.classList.add("bump");
  }
  total.classList.toggle("danger", view.total >= 90);
  total.classList.toggle("warm", view.total >= 75 && view.total < 90);
  const cw = view.direction === "clockwise";
  $("direction").replaceChildren(
    el("span", { class: `arrow ${cw ? "cw" : "ccw"}`, "aria-hidden": "true", text: cw ? "↻" : "↺" }),
    el("span", { text: cw ? t("Clockwise") : t("Counterclockwise") }),
  );

  // Draw pile: a button exactly when this seat owes a draw.
  const pile = $("draw-pile");
  pile.replaceChildren();
  const drawAction = (view.actions || []).find((a) => a.type === "draw");
  const count = el("span", {
    class: "pile-count",
    id: "draw-count",
    text: tn("{n} card", "{n} cards", view.draw_count),
  });
  if (drawAction) {
    const b = el(
      "button",
      { type: "button", class: "card back-face draw-button", "aria-describedby": "draw-count" },
      el("span", { class: "draw-text", "aria-hidden": "true", text: t("Draw") }),
    );
    b.setAttribute("aria-label", actionLabel(drawAction, view));
    b.dataset.focusKey = "draw";
    b.addEventListener("click", () => ctx.onAction(drawAction, b));
    pile.append(b, count);
  } else {
    pile.append(el("div", { class: "card back-face", role: "img", "aria-label": t("Draw pile") }), count);
  }

  const discard = $("discard-pile");
  discard.replaceChildren();
  if (view.discard_top) {
    const top = el("div", { role: "img" });
    top.setAttribute(
      "aria-label",
      t("Top of the discard pile: {card}", { card: cardLabel(view.discard_top.card, view.discard_top.label) }),
    );
    drawFace(top, view.discard_top.card);
    discard.append(top);
  } else {
    discard.append(el("div", { class: "card empty-slot", role: "img", "aria-label": t("The discard pile is empty") }));
  }
  discard.append(el("span", { class: "pile-count", text: t("{n} discarded", { n: view.discard_count }) }));
}

function renderHand(view, ctx) {
  const area = $("hand-area");
  const hand = $("hand");
  const actions = $("actions");
  actions.replaceChildren();
  if (!view.hand) {
    hand.replaceChildren();
    // Watching only (the public table): no hand, but maybe a button or two.
    area.hidden = !(ctx.extraButtons || []).length;
    area.classList.remove("my-turn");
    $("hand-title").textContent = "";
    actions.append(...closingButtons(view, ctx));
    return;
  }
  area.hidden = false;
  const me = view.players.find((p) => p.seat === view.seat);
  $("hand-title").textContent = !me
    ? t("Your hand")
    : me.status === "eliminated" && view.hand.length === 0
      ? t("{name} is out of the game", { name: me.name })
      : t("{name}'s hand", { name: me.name });
  const myTurn = view.to_act === view.seat && !view.over;
  area.classList.toggle("my-turn", myTurn);
  const cards = cardRow(hand);
  view.hand.forEach((c, i) => {
    const b = cards.button(c.card, (face) => drawFace(face, c.card), {
      attrs: {
        "aria-label": cardLabel(c.card, c.label),
        "data-playable": c.playable ? "true" : "false",
        "data-index": i,
        "data-focus-key": `card:${i}`,
        "aria-describedby": !c.playable && "unplayable-note",
      },
      classes: [!c.playable && "unplayable"],
    });
    b.onclick = () => ctx.onCard(c, b);
  });
  cards.done();
  finishHand(hand);
  rove(hand);
  // Every other legal action, by its clear name.
  for (const a of view.actions || []) {
    if (a.type === "play" || a.type === "draw") continue;
    const b = el("button", { type: "button", class: `action action-${a.type}`, text: actionLabel(a, view) });
    b.dataset.focusKey = `action:${a.type}:${a.card || ""}`;
    b.addEventListener("click", () => ctx.onAction(a, b));
    actions.append(b);
  }
  actions.append(...closingButtons(view, ctx));
}

function restoreFocus(key) {
  // After a card is played the next thing to do is usually to draw.
  const draw = key?.startsWith("card:") && $("table").querySelector(".draw-button");
  if (draw) focusWhenDrawn(draw);
  else refocus(key, [".draw-button", '#hand button[data-playable="true"]', "#actions button", "#hand button"]);
}

/** Draw the whole table for `view`. */
export function renderTable(view, ctx) {
  const key = focusKey(view);
  const table = $("table");
  table.hidden = false;
  table.dataset.version = view.version || "";
  table.dataset.game = "ono99";
  table.classList.toggle("spectating", !view.hand);
  renderPlayers(view);
  renderCenter(view, ctx);
  $("turn-line").textContent = turnLine(view);
  renderHand(view, ctx);
  restoreFocus(key);
}

/** The ONO 99 table, as app/controller.js's registry of tables by game id wants it. */
export const ono99Table = {
  render: renderTable,
  clear: clearTable, // ONO 99 draws nothing beyond what every table has
  turnLine,
  title: (view) => `${view.total} · ONO 99 · pygames`,
  // The round summary (1980 rules), shown once before the next round.
  summary: (view) => (view.last_round ? { no: view.last_round.round, show: () => showRound(view.last_round) } : null),
  result: () => null,
};
