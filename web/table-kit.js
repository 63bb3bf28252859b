// What every game's table draws the same way.

import { el } from "./dom.js";

/**
 * The buttons every table ends its actions with: Undo (when the engine allows it, and `undo` is
 * not turned off by a table that is midway through composing a move) and the page's own buttons
 * (pass the device, fast-forward).
 */
export function closingButtons(view, ctx, { undo = true } = {}) {
  const out = [];
  if (undo && view.can_undo && view.seat != null) {
    const b = el("button", { type: "button", class: "action undo secondary", text: "Undo" });
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
