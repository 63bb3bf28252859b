// The Statistics screen: every finished game this device kept (the worker's `results`, one entry per
// game, written once when the game ended: engine/between-store.js), counted per game, per level of
// the computer players and per table size, from the point of view of the people at this device.
// A small SVG chart per game, Reset (asks first), and export/import as a JSON file (checked: a
// damaged file changes nothing).

import { $, el } from "./dom.js";
import { ask } from "./dialogs.js";
import { t, tn } from "./i18n.js";
import { isCount, isName, isRecord, isText, listOf, shaped } from "./shapes.js";

export const EXPORT_FORMAT = "pygames-statistics";
const OUTCOMES = ["won", "lost", "drawn"];
// The older names of two computer players, counted with the levels they are now (docs/api.md, Seats).
const LEVEL_NOW = { heuristic: "normal", random: "easy" };
const SVG = "http://www.w3.org/2000/svg";

// --- what a stored or imported result must be --------------------------------------------------
const isFigures = (value) => isRecord(value) && Object.values(value).every((v) => Number.isFinite(v));
const isSeatLine = shaped(
  { seat: isCount, name: isText, kind: (k) => k === "human" || k === "bot", outcome: (o) => OUTCOMES.includes(o) },
  { bot: isText, figures: isFigures },
);
/** One finished game's result, as the worker keeps it. */
export const isResult = shaped(
  { id: isName, game: isName, seats: (s) => listOf(isSeatLine)(s) && s.length > 0 },
  { finishedAt: (n) => Number.isFinite(n) && n >= 0, assisted: (b) => typeof b === "boolean", moves: isCount },
);

/** The results of an exported file's text, or null if it is not one of ours or is damaged. */
export function readExport(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || data.format !== EXPORT_FORMAT || data.version !== 1) return null;
  return Array.isArray(data.results) && data.results.every(isResult) ? data.results : null;
}

// --- counting -------------------------------------------------------------------------------------

/** The result from this device's side: the people's seats; null for a game of computers only. */
export function fromDevice(result) {
  const people = result.seats.filter((s) => s.kind === "human");
  if (!people.length) return null;
  const outcome = people.some((s) => s.outcome === "won")
    ? "won"
    : people.every((s) => s.outcome === "drawn")
      ? "drawn"
      : "lost";
  const levels = [...new Set(result.seats.filter((s) => s.kind === "bot").map((s) => LEVEL_NOW[s.bot] || s.bot))];
  const level = levels.length === 0 ? "people" : levels.length === 1 ? levels[0] : "mixed";
  return { outcome, level, size: result.seats.length, figures: people[0].figures || {} };
}

/** Counts of a list of games (oldest first): played, won, lost, drawn, win rate, streaks, helped. */
export function tally(games) {
  const out = { played: games.length, won: 0, lost: 0, drawn: 0, current: 0, best: 0, assisted: 0, figures: {} };
  let run = 0;
  for (const g of games) {
    out[g.outcome] += 1;
    run = g.outcome === "won" ? run + 1 : 0;
    out.best = Math.max(out.best, run);
    if (g.assisted) out.assisted += 1;
    for (const [k, v] of Object.entries(g.figures)) out.figures[k] = (out.figures[k] || 0) + v;
  }
  out.current = run;
  out.rate = games.length ? Math.round((100 * out.won) / games.length) : 0;
  for (const k of Object.keys(out.figures)) out.figures[k] = out.figures[k] / (games.length || 1);
  return out;
}

/** The results grouped: game -> [{level, size, tally}], each game's groups in a fixed order. */
export function grouped(results) {
  const games = new Map();
  const sorted = results.slice().sort((a, b) => (a.finishedAt || 0) - (b.finishedAt || 0));
  for (const r of sorted) {
    const mine = fromDevice(r);
    if (!mine) continue;
    const key = `${mine.level}|${mine.size}`;
    if (!games.has(r.game)) games.set(r.game, new Map());
    const groups = games.get(r.game);
    if (!groups.has(key)) groups.set(key, { level: mine.level, size: mine.size, games: [] });
    groups.get(key).games.push({ ...mine, assisted: !!r.assisted });
  }
  const out = new Map();
  for (const [game, groups] of games) {
    const list = [...groups.values()].map((g) => ({ level: g.level, size: g.size, ...tally(g.games) }));
    out.set(
      game,
      list.sort((a, b) => a.size - b.size || a.level.localeCompare(b.level)),
    );
  }
  return out;
}

// --- the screen -----------------------------------------------------------------------------------

const LEVEL_WORDS = () => ({
  easy: t("Easy"),
  normal: t("Normal"),
  hard: t("Hard"),
  mixed: t("Mixed levels"),
  people: t("People only"),
});

/** The game's own figures, in words (averages per game). */
function figureWords(game, f) {
  const one = (n) => (Math.round(n * 10) / 10).toString();
  if (game === "canasta" && "average_hand_score" in f)
    return t("Average hand score {score}; canastas per game {canastas}; went out {out} times per game", {
      score: Math.round(f.average_hand_score),
      canastas: one(f.canastas),
      out: one(f.went_out),
    });
  if (game === "ono99" && "rounds_survived" in f)
    return t("Rounds survived per game: {n}", { n: one(f.rounds_survived) });
  if (game === "three_up" && "place" in f) return t("Average place: {place}", { place: one(f.place) });
  if (game === "own_trumps" && "games_lost" in f) return t("Games lost per match: {n}", { n: one(f.games_lost) });
  return "";
}

/** A small bar chart of one game: per group, the share won, drawn and lost. */
function chart(groups, label) {
  const width = 300;
  const barWidth = 240; // the rest: each bar's win rate, in figures
  const bar = 18;
  const gap = 8;
  const height = groups.length * (bar + gap);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "stats-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  groups.forEach((g, i) => {
    let x = 0;
    for (const [outcome, colour] of [
      ["won", "#3fae6a"],
      ["drawn", "#b8b8b8"],
      ["lost", "#d25c4e"],
    ]) {
      const w = g.played ? (barWidth * g[outcome]) / g.played : 0;
      if (!w) continue;
      const rect = document.createElementNS(SVG, "rect");
      for (const [k, v] of Object.entries({ x, y: i * (bar + gap), width: w, height: bar, fill: colour }))
        rect.setAttribute(k, String(v));
      svg.append(rect);
      x += w;
    }
    const rate = document.createElementNS(SVG, "text");
    for (const [k, v] of Object.entries({
      x: barWidth + 8,
      y: i * (bar + gap) + 14,
      fill: "currentColor",
      "font-size": 13,
    }))
      rate.setAttribute(k, String(v));
    rate.textContent = `${g.rate}%`;
    svg.append(rate);
  });
  return svg;
}

function groupRow(game, g) {
  const cells = [
    `${LEVEL_WORDS()[g.level] || g.level} · ${tn("{n} player", "{n} players", g.size)}`,
    g.played,
    g.won,
    g.lost,
    g.drawn,
    `${g.rate}%`,
    `${g.current} / ${g.best}`,
    g.assisted,
  ];
  const row = el("tr", {}, el("th", { scope: "row", text: String(cells[0]) }));
  for (const c of cells.slice(1)) row.append(el("td", { text: String(c) }));
  const words = figureWords(game, g.figures);
  return words ? [row, el("tr", { class: "stats-figures" }, el("td", { colspan: "8", text: words }))] : [row];
}

/**
 * The Statistics dialog. `client` calls the worker; `titleOf(gameId)` names a game.
 * @param {{call: (method: string, params?: object) => Promise<any>}} client
 */
export function setUpStats(client, titleOf) {
  const dialog = $("stats-dialog");
  const body = $("stats-body");
  const note = $("stats-note");

  async function draw() {
    const { results } = await client.call("results", {});
    const groups = grouped(results.filter(isResult));
    body.replaceChildren();
    if (!groups.size) body.append(el("p", { class: "muted", text: t("No finished games yet.") }));
    for (const [game, list] of groups) {
      const title = titleOf(game);
      const table = el(
        "table",
        { class: "stats-table" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            ...[
              t("Computer level and table"),
              t("Played"),
              t("Won"),
              t("Lost"),
              t("Drawn"),
              t("Win rate"),
              t("Streak now / best"),
              t("With hints or undos"),
            ].map((h) => el("th", { scope: "col", text: h })),
          ),
        ),
        el("tbody", {}, ...list.flatMap((g) => groupRow(game, g))),
      );
      const summary = list.map((g) => t("{played} played, {rate}% won", { played: g.played, rate: g.rate })).join("; ");
      body.append(
        el(
          "section",
          { class: "stats-game", "aria-label": title },
          el("h3", { text: title }),
          chart(list, t("{game}: won, drawn and lost, per level and table: {summary}", { game: title, summary })),
          el("div", { class: "stats-scroll" }, table),
        ),
      );
    }
  }

  async function show() {
    note.textContent = "";
    if (!dialog.open) dialog.showModal();
    await draw();
  }

  $("stats-reset").onclick = async () => {
    const yes = await ask({
      title: t("Reset the statistics?"),
      text: t("Every finished game counted on this device is forgotten. It cannot be brought back."),
      yes: t("Reset"),
      no: t("Keep them"),
    });
    if (!dialog.open) dialog.showModal();
    if (!yes) return;
    await client.call("reset_results", {});
    note.textContent = t("The statistics were reset.");
    await draw();
  };
  $("stats-export").onclick = async () => {
    const { results } = await client.call("results", {});
    const data = { format: EXPORT_FORMAT, version: 1, exportedAt: Date.now(), results };
    download("pygames-statistics.json", data);
  };
  $("stats-import").onchange = async (e) => {
    const input = e.target;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const results = readExport(await file.text());
    if (!results) {
      note.textContent = t("This file is not a statistics file of this app, or it is damaged: nothing was changed.");
      return;
    }
    const { imported } = await client.call("import_results", { results });
    note.textContent = tn("{n} game was added to the statistics.", "{n} games were added to the statistics.", imported);
    await draw();
  };
  return { show };
}

/** Offer `data` as a JSON file named `name`. */
export function download(name, data) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
