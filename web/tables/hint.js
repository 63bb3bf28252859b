// "Suggest a move": the Hard player's choice for the seat on the table, asked of the engine (`hint`:
// decided from that seat's view and the public history only), shown by marking the cards of the
// hand it would use and the button of its kind of move, with the engine's one-line reason.
// Presentation only: the player still makes the move (or another one).

import { $ } from "../app/dom.js";
import { showMessage } from "./kit.js";
import { t, tn } from "../app/i18n.js";

/** Every card code an action names (a card, cards, the card to add, melds of cards...). */
export function cardsOf(action) {
  const out = [];
  const walk = (value) => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object")
      Object.entries(value).forEach(([k, v]) => {
        if (k !== "type") walk(v);
      });
  };
  walk(action);
  return out;
}

/** Mark on the table drawn now the cards of the hand that `action` uses and the button of its kind
 *  of move (a draw: the stock; a trump suit: its button) with the class `mark`; the next drawing
 *  clears them. {marked: how many cards, named: the button marked, or null} */
export function markAction(action, mark) {
  const table = $("table");
  const wanted = cardsOf(action);
  let marked = 0;
  for (const button of table.querySelectorAll("button.hand-card")) {
    const face = button.dataset.card ? button : button.querySelector("[data-card]");
    const at = face ? wanted.indexOf(face.dataset.card) : -1;
    if (at < 0) continue;
    wanted.splice(at, 1); // two equal cards: two marked
    button.classList.add(mark);
    marked += 1;
  }
  const named =
    table.querySelector(`button.action[data-action="${CSS.escape(action.type)}"]`) ||
    (action.type === "draw" ? table.querySelector('button[data-focus-key="draw"]') : null) ||
    (action.type === "trump" ? table.querySelector(`button.ot-suit.suit-${CSS.escape(action.suit)}`) : null);
  if (named) named.classList.add(mark);
  return { marked, named };
}

/** Mark the suggestion on the table drawn now (the next drawing clears it) and say it. */
export function showHint(hint) {
  const { marked, named } = markAction(hint.action, "hinted");
  const action = named ? named.textContent.trim() : "";
  const what = named
    ? marked
      ? t("{action} with the marked cards", { action })
      : action
    : marked
      ? tn("the marked card", "the marked cards", marked)
      : null;
  showMessage(
    what
      ? t("Suggestion: {what}. {reason}", { what, reason: hint.reason })
      : t("Suggestion: {reason}", { reason: hint.reason }),
  );
}
