// Watching a finished game again, and the other things a finished game offers: the recent games
// (the last 20 finished on this device), a game exported as a file and opened again, and the same
// deal dealt again. The engine replays the record in the worker (open_replay, replay_view: see
// docs/api.md); this module only draws what it gives, with the game's own table.

import { $, el } from "./dom.js";
import { onLangChange, t } from "./i18n.js";
import { isRecord } from "./shapes.js";
import { download } from "./stats.js";
import { fitTable } from "../tables/layout.js";
import { remember, resetHistory } from "../tables/history.js";

export const GAME_FILE_FORMAT = "pygames-game";
const STEP_MS = 800; // a move a step while the replay plays

/**
 * @param {{client: {call: (method: string, params?: object, key?: string) => Promise<any>},
 *   renderers: Record<string, {render: Function, clear: Function}>, titleOf: (game: string) => string,
 *   dealAgain: (source: object, rotate: number, game: string) => Promise<void>}} deps
 */
export function setUpReplays({ client, renderers, titleOf, dealAgain }) {
  const bar = $("replay-bar");
  const slider = $("replay-slider");
  const replay = { handle: null, info: null, moves: 0, move: 0, seat: null, open: false, timer: null, onClose: null };

  async function draw() {
    const r = await client.call("replay_view", {
      handle: replay.handle,
      move: replay.move,
      seat: replay.seat,
      open: replay.open,
    });
    // Only to look at: nothing on the table can be played.
    const view = { ...r.view, actions: [], can_undo: false };
    const noop = () => {};
    // The table's lines of what each player did last are read from the history: this move's.
    resetHistory();
    remember(view);
    renderers[replay.info.game].render(view, {
      onCard: noop,
      onAction: noop,
      onUndo: noop,
      explain: () => Promise.resolve({ legal: false, why: null }),
      extraButtons: [],
    });
    fitTable();
    $("replay-title").textContent = t("Watching {game} again", { game: titleOf(replay.info.game) });
    slider.value = String(replay.move);
    $("replay-count").textContent = t("Move {move} of {moves}", { move: replay.move, moves: replay.moves });
    $("replay-back").disabled = replay.move === 0;
    $("replay-forward").disabled = replay.move === replay.moves;
    $("replay-log").replaceChildren(
      ...(view.events || [])
        .slice()
        .reverse()
        .map((e) => el("li", { text: e.text })),
    );
    const hands = $("replay-hands");
    hands.hidden = !r.hands;
    hands.replaceChildren(
      ...(r.hands || []).map((h) =>
        el(
          "li",
          {},
          el("strong", { text: `${h.name}: ` }),
          el("span", { text: h.cards.map((c) => c.label).join(", ") || t("no cards") }),
          h.down?.length ? el("span", { text: " · " }) : null,
          h.down?.length
            ? el("span", { text: t("face down: {cards}", { cards: h.down.map((c) => c.label).join(", ") }) })
            : null,
        ),
      ),
    );
  }

  function go(move) {
    replay.move = Math.max(0, Math.min(replay.moves, move));
    return draw();
  }

  function pause() {
    clearInterval(replay.timer);
    replay.timer = null;
    $("replay-play").textContent = t("Play");
  }

  /** Open a finished game (`source`: {handle} of the open one, {id} of a recent one, or {record}
   *  from a file) on the table; `seat`: whose view first (null: the table's). */
  async function open(source, { seat = null, onClose } = {}) {
    const r = await client.call("watch", source);
    await close(false);
    Object.assign(replay, { handle: r.handle, info: r.info, moves: r.moves, move: 0, seat, open: false, onClose });
    $("lobby").hidden = true;
    $("table").hidden = false;
    $("table").classList.add("replaying");
    $("history").hidden = true;
    $("history-button").hidden = true;
    bar.hidden = false;
    slider.max = String(r.moves);
    const who = $("replay-seat");
    who.replaceChildren(
      el("option", { value: "", text: t("The table (no hand)") }),
      ...r.info.seats.map((s, i) => el("option", { value: String(i), text: s.name })),
    );
    who.value = seat == null ? "" : String(seat);
    $("replay-open").checked = false;
    await draw();
    $("replay-title").focus();
  }

  /** Close the replay; `back`: then go back where it was opened from. */
  async function close(back = true) {
    pause();
    if (!replay.handle) return;
    const handle = replay.handle;
    replay.handle = null;
    bar.hidden = true;
    $("table").classList.remove("replaying");
    $("history").hidden = false;
    $("history-button").hidden = false;
    renderers[replay.info.game].clear();
    resetHistory(); // the game on the table (if any) takes its history again from its view
    await client.call("close_replay", { handle }).catch(() => {});
    if (back && replay.onClose) replay.onClose();
  }

  $("replay-back").onclick = () => go(replay.move - 1);
  $("replay-forward").onclick = () => go(replay.move + 1);
  slider.oninput = () => go(Number(slider.value));
  $("replay-play").onclick = () => {
    if (replay.timer) return pause();
    if (replay.move === replay.moves) replay.move = 0;
    $("replay-play").textContent = t("Pause");
    replay.timer = setInterval(() => {
      if (replay.move >= replay.moves) pause();
      else go(replay.move + 1);
    }, STEP_MS);
  };
  $("replay-seat").onchange = () => {
    const value = $("replay-seat").value;
    replay.seat = value === "" ? null : Number(value);
    draw();
  };
  $("replay-open").onchange = () => {
    replay.open = $("replay-open").checked;
    draw();
  };
  $("replay-close").onclick = () => close(true);
  // Another language: the view, its history and the bar's words again.
  onLangChange(() => {
    if (!replay.handle) return;
    $("replay-play").textContent = replay.timer ? t("Pause") : t("Play");
    draw();
  });

  // --- the recent games ---------------------------------------------------------------------------
  const recentDialog = $("recent-dialog");
  const recentNote = $("recent-note");

  /** "You won", "You lost" or "Drawn", for the people at this device. */
  function outcomeWords(result) {
    const people = (result?.seats || []).filter((s) => s.kind === "human");
    if (!people.length) return t("Computers only");
    if (people.some((s) => s.outcome === "won")) return t("Won");
    return people.every((s) => s.outcome === "drawn") ? t("Drawn") : t("Lost");
  }

  async function showRecent(onClose) {
    recentNote.textContent = "";
    const { games } = await client.call("recent", {});
    const list = $("recent-list");
    list.replaceChildren();
    if (!games.length) list.append(el("li", { class: "muted", text: t("No finished games yet.") }));
    for (const g of games) {
      const when = g.finishedAt ? new Date(g.finishedAt).toLocaleString() : "";
      const names = (g.result?.seats || []).map((s) => s.name).join(", ");
      const title = titleOf(g.game);
      const watch = el("button", { type: "button", class: "secondary", text: t("Watch again") });
      watch.setAttribute("aria-label", t("Watch again: {game} of {when}", { game: title, when }));
      watch.onclick = () => {
        recentDialog.close();
        open({ id: g.id }, { seat: firstPerson(g.result), onClose });
      };
      const again = el("button", { type: "button", class: "secondary", text: t("Play this deal again") });
      again.setAttribute("aria-label", t("Play this deal again: {game} of {when}", { game: title, when }));
      again.onclick = () => {
        recentDialog.close();
        dealAgain({ id: g.id }, 0, g.game);
      };
      const save = el("button", { type: "button", class: "secondary", text: t("Export") });
      save.setAttribute("aria-label", t("Export: {game} of {when}", { game: title, when }));
      save.onclick = () => exportGame({ id: g.id });
      list.append(
        el(
          "li",
          { class: "recent-game" },
          el("span", { class: "recent-title", text: `${title} · ${outcomeWords(g.result)}` }),
          el("span", { class: "muted", text: `${when} · ${names}` }),
          el("span", { class: "recent-actions" }, watch, again, save),
        ),
      );
    }
    if (!recentDialog.open) recentDialog.showModal();
  }

  $("recent-file").onchange = async (e) => {
    const input = e.target;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let data = null;
    try {
      data = JSON.parse(await file.text());
    } catch {
      /* said below */
    }
    const record = isRecord(data) && data.format === GAME_FILE_FORMAT ? data.record : null;
    if (!isRecord(record)) {
      recentNote.textContent = t("This file is not a game saved by this app, or it is damaged.");
      return;
    }
    try {
      await open({ record }, { onClose: () => showRecent() });
      recentDialog.close();
    } catch (err) {
      recentNote.textContent = err.message;
    }
  };

  async function exportGame(source) {
    const { record } = await client.call("export_game", source);
    download(`pygames-${record.game}-${record.id}.json`, { format: GAME_FILE_FORMAT, version: 1, record });
  }

  // --- the result dialog's part ---------------------------------------------------------------------

  /** What the result dialog adds for the finished open game `handle`: whether it was counted, the
   *  first result of the same deal, and the buttons to watch it again, deal it again, export it.
   *  `onClose`: back to the result after watching. */
  function resultPart(handle, onClose) {
    const box = el("div", { class: "between-result" });
    client.call("finish", { handle }).then(
      ({ result, previous }) => {
        const persons = result.seats.filter((s) => s.kind === "human");
        box.append(
          el("p", {
            class: "muted",
            text: !persons.length
              ? t("A game of computers only is not counted in the statistics.")
              : result.assisted
                ? t("Counted in your statistics, marked as played with hints or undos.")
                : t("Counted in your statistics."),
          }),
        );
        if (previous) box.append(comparison(previous, result));
        const watch = el("button", { type: "button", class: "secondary", text: t("Watch again") });
        watch.onclick = () => {
          $("result-dialog").close();
          open({ handle }, { seat: firstPerson(result), onClose });
        };
        const rotate = el("input", { type: "checkbox", id: "again-rotate" });
        const again = el("button", { type: "button", class: "secondary", text: t("Play this deal again") });
        again.onclick = () => {
          $("result-dialog").close();
          dealAgain({ handle }, rotate.checked ? 1 : 0, result.game);
        };
        const save = el("button", { type: "button", class: "secondary", text: t("Export this game") });
        save.onclick = () => exportGame({ handle });
        box.append(
          el("div", { class: "between-actions" }, watch, again, save),
          el(
            "label",
            { class: "inline-label", for: "again-rotate" },
            rotate,
            el("span", { text: t("Deal it again with everyone one seat on") }),
          ),
        );
      },
      (e) => box.append(el("p", { class: "muted", text: e.message })),
    );
    return box;
  }

  /** Both results of one deal: the first time and this time, player by player. */
  function comparison(previous, result) {
    const words = { won: t("won"), lost: t("lost"), drawn: t("drawn") };
    const line = (r) => r.seats.map((s) => `${s.name}: ${words[s.outcome]}`).join(", ");
    return el(
      "div",
      { class: "deal-comparison" },
      el("h3", { text: t("The same deal, both times") }),
      el(
        "ul",
        {},
        el("li", { text: t("First time: {line}", { line: line(previous) }) }),
        el("li", { text: t("This time: {line}", { line: line(result) }) }),
      ),
    );
  }

  return { open, close, showRecent, resultPart, isOpen: () => !!replay.handle };
}

/** The first person's seat of a finished game's result (their view is shown first), else null. */
function firstPerson(result) {
  const person = (result?.seats || []).find((s) => s.kind === "human");
  return person ? person.seat : null;
}
