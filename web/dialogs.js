// Dialogs: rules summary, end-of-round summary (1980), game result, leave-game confirmation.

import { $, el } from "./dom.js";
import { miniCard } from "./cards.js";

function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

/** The rules of `game`; `optionsText` (the engine's lines for the game in play) lists the options chosen. */
export function showRules(game, optionsText = null) {
  const body = $("rules-body");
  body.replaceChildren();
  if (!game) {
    body.append(el("p", { text: "The rules will be here as soon as the game engine has loaded." }));
  } else {
    $("rules-title").textContent = `How to play ${game.title}`;
    for (const para of game.rules_summary || []) body.append(el("p", { text: para }));
    if (optionsText && optionsText.length) {
      body.append(el("h3", { text: "This game's options" }));
      const list = el("ul", { class: "options-chosen" });
      for (const line of optionsText) list.append(el("li", { text: line }));
      body.append(list);
    }
  }
  open($("rules-dialog"));
}

function roundLines(lastRound) {
  const list = el("ol", { class: "summary-lines" });
  for (const line of lastRound.lines || []) {
    const cards = el("div", { class: "summary-cards" });
    for (const c of line.hand || []) cards.append(miniCard(typeof c === "string" ? c : c.card, c && c.label));
    list.append(el("li", { class: "summary-line" },
      el("div", { class: "summary-head" },
        el("span", { class: "name", text: line.name }),
        el("span", { class: "points", text: lineScore(line) })),
      cards,
      line.detail ? el("p", { class: "detail", text: line.detail }) : null));
  }
  return list;
}

/** Show the round summary; resolves when the player taps Continue. */
export function showRound(lastRound) {
  const dialog = $("round-dialog");
  $("round-title").textContent = `End of round ${lastRound.round}`;
  const body = $("round-body");
  body.replaceChildren();
  if (lastRound.text) body.append(el("p", { class: "muted", text: lastRound.text }));
  body.append(roundLines(lastRound));
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(), { once: true });
    open(dialog);
  });
}

/** A summary with any body (a Canasta score sheet); resolves when the player taps Continue. */
export function showSummary(title, nodes) {
  const dialog = $("round-dialog");
  $("round-title").textContent = title;
  $("round-body").replaceChildren(...nodes.filter(Boolean));
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(), { once: true });
    open(dialog);
  });
}

/** `parts` (optional, from the game's table): {title, nodes} shown instead of the generic ones. */
export function showResult(view, { onPlayAgain, onNewGame }, parts = null) {
  const dialog = $("result-dialog");
  const result = view.result || { winners: [], text: "The game is over.", standings: [] };
  const names = result.winners.map((s) => (view.players.find((p) => p.seat === s) || {}).name).filter(Boolean);
  $("result-title").textContent = parts && parts.title ? parts.title
    : names.length === 1 ? `${names[0]} wins!` : names.length ? `${names.join(" and ")} win!` : "Game over";
  const body = $("result-body");
  body.replaceChildren();
  if (result.text && result.text !== $("result-title").textContent) body.append(el("p", { class: "lead", text: result.text }));
  if (result.standings && result.standings.length) {
    const table = el("ol", { class: "standings", "aria-label": "Standings" });
    for (const s of result.standings) {
      table.append(el("li", { class: s.place === 1 ? "winner" : "" },
        el("span", { class: "place", text: ordinal(s.place) }),
        el("span", { class: "name", text: s.name }),
        s.detail ? el("span", { class: "detail", text: s.detail }) : null));
    }
    body.append(table);
  }
  if (parts && parts.nodes) body.append(...parts.nodes.filter(Boolean));
  if (view.last_round) {
    const d = el("details", { class: "last-round" }, el("summary", { text: `Show the last round (round ${view.last_round.round})` }), roundLines(view.last_round));
    body.append(d);
  }
  $("play-again").onclick = () => { dialog.close(); onPlayAgain(); };
  $("new-game").onclick = () => { dialog.close(); onNewGame(); };
  // The result stays until the player chooses: Escape must not strand them.
  dialog.oncancel = (e) => e.preventDefault();
  open(dialog);
}

export function closeAll() {
  for (const id of ["rules-dialog", "round-dialog", "result-dialog", "confirm-dialog"]) {
    const d = $(id);
    if (d.open) d.close();
  }
}

export function confirmLeave() {
  const dialog = $("confirm-dialog");
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
    dialog.returnValue = "";
    open(dialog);
  });
}

function lineScore(line) {
  const parts = [];
  if (line.points != null) parts.push(`+${line.points}`);
  if (line.total_points != null) parts.push(`${line.total_points} points`);
  if (line.tokens != null) parts.push(`${line.tokens} ${line.tokens === 1 ? "token" : "tokens"} left`);
  return parts.join(" · ");
}

function ordinal(n) {
  if (n == null) return "";
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}
