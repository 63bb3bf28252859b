// The lobby: choose the game, the rule preset, the options (rendered generically
// from the engine's OptionSpecs) and the seats; resume or delete a saved game. It
// shows at once and can be filled in before the engine is ready (from the cached or
// bundled list of games); Start then waits for the engine, with its progress shown.

import { $, el } from "./dom.js";
import { listWords, t, tn } from "./i18n.js";
import { isCount, isName, isRecord, isText, kept, listOf, shaped } from "./shapes.js";

// The names the lobby gives people, in the page's language (a name someone typed is never translated).
const PERSON_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"];
const personNames = () => [
  // Translators: the names the lobby suggests for the people at the table, seats 1 to 8: short first names
  // common in your language, not a translation of the English name.
  t("Ann"),
  t("Bob"),
  t("Cy"),
  t("Dee"),
  t("Eve"),
  t("Fay"),
  t("Gus"),
  t("Hal"),
];
// What a player is told about each computer level (the engine names the levels it offers).
// Titles in order; the one-line help is the engine's (`about`) when its list gives one.
const LEVEL_IDS = ["easy", "normal", "hard"];
function levelWords(level) {
  if (level === "easy") return { title: t("Easy"), help: t("Easy: plays sensibly, but slips now and then.") };
  if (level === "normal") return { title: t("Normal"), help: t("Normal: a steady player that decides at once.") };
  return { title: t("Hard"), help: t("Hard: thinks ahead about the cards it cannot see.") };
}
// The engine's older names for two of the levels.
const OLD_LEVEL_NAMES = { random: "easy", heuristic: "normal" };
const levelOf = (id) => (Object.hasOwn(OLD_LEVEL_NAMES, id) ? OLD_LEVEL_NAMES[id] : id);
const NAME_MAX = 24; // characters in a seat's name (the engine's limit)
// What the engine offered before it listed its computer players.
const ENGINE_BOTS = ["random", "heuristic"];

/** The worker's words for its start-up stages (engine/python-boot.js, engine/worker.js), in the page's language. */
function stageWords(label) {
  switch (label) {
    case "Shuffling the cards":
      return t("Shuffling the cards");
    case "Setting up the table":
      return t("Setting up the table");
    case "Fetching the cards":
      return t("Fetching the cards");
    case "Starting":
      return t("Starting");
    case "Ready":
      return t("Ready");
    case "Getting the cards ready":
    case undefined:
    case null:
    case "":
      return t("Getting the cards ready");
    default:
      return label;
  }
}

function formatMB(bytes) {
  return (bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0);
}

/** "5 minutes ago", from a time in milliseconds. */
export function timeAgo(when, now = Date.now()) {
  const minutes = Math.floor(Math.max(0, now - when) / 60_000);
  if (minutes < 1) return t("just now");
  if (minutes < 60) return tn("{n} minute ago", "{n} minutes ago", minutes);
  if (minutes < 48 * 60) return tn("{n} hour ago", "{n} hours ago", Math.floor(minutes / 60));
  return tn("{n} day ago", "{n} days ago", Math.floor(minutes / (24 * 60)));
}

/** How a damaged save is described in the list of saves: what of its moves can be read, if not all. */
function damageWords(partial) {
  if (!partial) return t("damaged");
  const { readable, stated } = partial;
  if (stated == null) return tn("damaged: {n} move can be read", "damaged: {n} moves can be read", readable);
  return tn(
    "damaged: {readable} of its {n} move can be read",
    "damaged: {readable} of its {n} moves can be read",
    stated,
    { readable },
  );
}

/** The words of a saved game's Resume button (`text`, `aria-label`): back to the open game, the
 *  move a damaged one resumes at, or plain Resume. */
function resumeWords(save, open, title) {
  if (open) return { text: t("Back to the game"), "aria-label": t("Back to the game: {title}", { title }) };
  const partial = save.partial;
  if (!partial) return { text: t("Resume"), "aria-label": t("Resume {title}", { title }) };
  const at = { n: partial.readable, total: partial.stated, title };
  return partial.stated == null
    ? { text: t("Resume at move {n}", at), "aria-label": t("Resume at move {n}: {title}", at) }
    : { text: t("Resume at move {n} of {total}", at), "aria-label": t("Resume at move {n} of {total}: {title}", at) };
}

/** A name as the engine compares names: spaces trimmed and made single, case ignored. */
const nameKey = (name) => name.trim().replace(/\s+/g, " ").toLowerCase();

function defaultName(kind, index, botNumber) {
  return kind === "bot" ? t("Computer {number}", { number: botNumber }) : personNames()[index % PERSON_NAMES.length];
}

function isDefaultName(name) {
  const computer = t("Computer {number}", { number: "#" });
  return (
    PERSON_NAMES.includes(name) ||
    personNames().includes(name) ||
    /^Computer \d+$/.test(name) ||
    (name.startsWith(computer.split("#")[0]) && /^\d+$/.test(name.slice(computer.split("#")[0].length)))
  );
}

// ------------------------------------------------------------------ what storage gives back
// The lobby draws a list of games and a setup that may come from storage (web/app/stored.js): a
// cached list_games, the last setup. Both are checked before they are drawn.

const OPTION_TYPES = ["bool", "choice", "int", "text", "counts"]; // the types of option the lobby knows

/** Whether `value` may be chosen for the option `spec` (as the lobby draws it): a value of its
 *  type, within its limits (for a text, of its length); a deck table (`counts`) only with the cards
 *  of `like`, the table it would replace. A type the lobby does not know takes nothing. */
function fits(spec, value, like = spec.default) {
  const within = (n) =>
    Number.isSafeInteger(n) && (spec.min == null || n >= spec.min) && (spec.max == null || n <= spec.max);
  switch (spec.type) {
    case "bool":
      return typeof value === "boolean";
    case "choice":
      return (spec.choices || []).some((c) => c.value === value);
    case "int":
      return within(value);
    case "text":
      return isText(value) && value.trim().length >= (spec.min ?? 0) && value.length <= (spec.max ?? value.length);
    case "counts":
      return (
        isRecord(value) &&
        isRecord(like) &&
        Object.keys(value).sort().join("\n") === Object.keys(like).sort().join("\n") &&
        Object.values(value).every(within)
      );
    default:
      return false;
  }
}

const isScalar = (value) => ["string", "number", "boolean"].includes(typeof value);
const isOption = shaped(
  { key: isName, label: isText, type: isText },
  {
    help: isText,
    choices: listOf(shaped({ value: isScalar, label: isText })),
    min: Number.isFinite,
    max: Number.isFinite,
    default_words: isText,
    when: (when) => isRecord(when) && Object.values(when).every((v) => isScalar(v) || listOf(isScalar)(v)),
  },
);
const isNote = shaped({ above: isCount, text: isText });
const isPreset = shaped({ id: isText, title: isText, options: isRecord });
const MOST_SEATS = 64; // no game seats more: a list of seat counts stays short
const isPlayers = (p) =>
  shaped({ min: isCount, max: isCount }, { default: isCount })(p) &&
  p.min >= 1 &&
  p.min <= p.max &&
  p.max <= MOST_SEATS;
const isGameShape = shaped(
  { id: isText, title: isText, players: isPlayers },
  {
    presets: listOf(isPreset),
    options: listOf(isOption),
    rules_summary: listOf((part) => isText(part) || shaped({ heading: isText, text: isText })(part)),
    bots: listOf((bot) => isText(bot) || shaped({ id: isText }, { title: isText, about: isText })(bot)),
    teams: listOf(listOf(isCount)),
    teams_drawn_when: (when) => isRecord(when) && Object.values(when).every(Array.isArray),
    player_notes: shaped({ key: isText, values: (v) => isRecord(v) && Object.values(v).every(isNote) }),
  },
);

/** Whether `game` is a GameInfo the lobby can draw (docs/api.md): every field it reads of the type
 *  it has, each option's default and each preset's value one the option may take (a preset sets
 *  only options the game has). */
export function isGameInfo(game) {
  if (!isGameShape(game)) return false;
  const options = game.options || [];
  const optionOf = (key) => options.find((spec) => spec.key === key);
  return (
    options.every((spec) => !OPTION_TYPES.includes(spec.type) || fits(spec, spec.default)) &&
    (game.presets || []).every((p) =>
      Object.entries(p.options).every(([key, value]) => optionOf(key) && fits(optionOf(key), value, value)),
    )
  );
}

/** A seat as setup() gives it: a name the engine takes, and a kind (a computer's level is checked
 *  when the seats are drawn: an unknown one is the default level). */
const isSeat = shaped({
  name: (name) => isText(name) && name.trim().length >= 1 && name.length <= NAME_MAX,
  kind: (kind) => kind === "human" || kind === "remote" || kind === "bot",
});

/** A remembered setup ({game, preset, values, seats}, as setup() gave it), what is right of it:
 *  a seat without a name or a kind is left out (the lobby seats a computer instead, if one is
 *  needed), and so is a value named like what every object inherits; each value is checked against
 *  its option when the game is chosen. Null: nothing of it can be used. */
export function rememberedSetup(value) {
  const setup = kept(value, {
    game: isText,
    preset: (p) => p === null || isText(p),
    values: isRecord,
    seats: Array.isArray,
  });
  if (setup.values) setup.values = Object.fromEntries(Object.entries(setup.values).filter(([key]) => isName(key)));
  if (setup.seats)
    setup.seats = setup.seats
      .filter(isSeat)
      .map(({ name, kind, bot }) => (kind === "bot" && isText(bot) ? { name, kind, bot } : { name, kind }));
  return Object.keys(setup).length ? setup : null;
}

export class Lobby {
  constructor({ onStart, onResume, onDelete, onChoose = () => {} }) {
    this.onStart = onStart;
    this.onChoose = onChoose; // a game was chosen (the first visit's lesson is offered: app/lesson.js)
    this.onResume = onResume;
    this.onDelete = onDelete;
    this.games = [];
    this.game = null; // GameInfo of the chosen game
    this.presetId = null;
    this.values = {}; // option values
    this.seats = []; // [{name, kind: "human"|"bot", bot}]
    this.ready = false;
    this.waiting = false; // Start was pressed before the engine was ready
    $("setup").addEventListener("submit", (e) => {
      e.preventDefault();
      this._start();
    });
    $("seat-count").addEventListener("change", () => this._setSeatCount(Number($("seat-count").value)));
  }

  show() {
    $("lobby").hidden = false;
  }

  /** The lobby's own words again, in the language chosen now (the games' words come with setGames). */
  relabel() {
    if (this.failed) {
      $("loading-label").textContent = t("The game could not start");
    } else if (this.ready) $("loading-label").textContent = t("Ready to play");
    else if (this.stageLabel) $("loading-label").textContent = stageWords(this.stageLabel);
    this.setWaiting(this.waiting);
    if (this.game) {
      // A name the lobby gave ("Computer 2", "Ann") follows the language; a typed one stays.
      let number = 0;
      let person = 0;
      for (const seat of this.seats) {
        if (seat.kind !== "bot") {
          if (seat.auto || PERSON_NAMES[person] === seat.name) {
            seat.name = defaultName("human", person, 0);
            seat.auto = true;
          }
          person++;
          continue;
        }
        number++;
        if (seat.auto || /^Computer \d+$/.test(seat.name)) {
          seat.name = defaultName("bot", 0, number);
          seat.auto = true;
        }
      }
      this._renderSeats();
      this._renderLevels();
    }
    this.showSaves(this.lastSaves || [], this.lastCurrent);
  }
  hide() {
    $("lobby").hidden = true;
  }

  /** While a game left on the table is brought back (at start-up), the form stays out of sight:
   *  only the progress shows, and a line that says the game is coming back. */
  setResuming(resuming) {
    $("setup").hidden = resuming;
    $("resume-note").hidden = !resuming;
  }

  // ------------------------------------------------------------ loading
  progress({ label, loaded, total }) {
    if (this.ready) return;
    this.stageLabel = label;
    $("loading-label").textContent = stageWords(label);
    const bar = $("loading-bar");
    if (total > 0) {
      bar.max = total;
      bar.value = Math.min(loaded, total);
      $("loading-bytes").textContent = t("{loaded} of {total} MB", {
        loaded: formatMB(loaded),
        total: formatMB(total),
      });
    }
  }

  setReady() {
    this.ready = true;
    const box = $("loading");
    box.classList.add("done");
    $("loading-label").textContent = t("Ready to play");
    $("loading-bytes").textContent = "";
    const bar = $("loading-bar");
    bar.max = 1;
    bar.value = 1;
    this._updateStart();
  }

  setFailed(message) {
    $("loading").classList.add("failed");
    this.failed = message;
    $("loading-label").textContent = t("The game could not start");
    $("loading-bytes").textContent = "";
    this.setWaiting(false);
    this.showProblem(t("The game could not start ({reason}). Try reloading the page.", { reason: message }));
  }

  /** Start was pressed before the engine was ready: say that the game starts as soon as it is.
   *  The button keeps the focus (aria-disabled, not disabled), described by the progress. */
  setWaiting(waiting) {
    this.waiting = waiting;
    const start = $("start-button");
    start.textContent = waiting ? t("Starting as soon as the cards are ready…") : t("Start game");
    if (waiting) {
      start.setAttribute("aria-disabled", "true");
      start.setAttribute("aria-describedby", "loading-label");
    } else {
      start.removeAttribute("aria-disabled");
      start.removeAttribute("aria-describedby");
    }
    $("loading").classList.toggle("wanted", waiting);
  }

  showProblem(text) {
    const box = $("lobby-problem");
    box.textContent = text;
    box.hidden = !text;
  }

  /**
   * The saved games, as the worker lists them (checked: see listSaves in engine/worker.js):
   * [{key, game, savedAt, summary: {title, progress, over}, damaged, partial: {readable, stated}}],
   * the open one (`current`, a key) first and marked. Each can be resumed or deleted; a damaged one
   * says so, and one whose moves are not all there is resumed only at the last move it holds.
   */
  showSaves(saves, current = null) {
    this.lastSaves = saves;
    this.lastCurrent = current;
    const list = $("saves");
    list.replaceChildren();
    const ordered = [...saves].sort((a, b) => (b.key === current) - (a.key === current));
    for (const save of ordered) {
      const title = save.summary?.title || this.games.find((g) => g.id === save.game)?.title || t("A game");
      const parts = [title];
      if (save.damaged) parts.push(damageWords(save.partial));
      else if (save.summary?.progress) parts.push(save.summary.progress);
      if (save.savedAt) parts.push(timeAgo(save.savedAt));
      const resume = el("button", {
        type: "button",
        class: save.key === current ? "primary" : "secondary",
        // The visible words begin the name (what a voice-control user says is what they see).
        ...resumeWords(save, save.key === current, title),
      });
      resume.addEventListener("click", () => this.onResume(save.key, save.partial?.readable));
      const remove = el("button", {
        type: "button",
        class: "ghost",
        text: t("Delete"),
        "aria-label": t("Delete the saved {title} game", { title }),
      });
      remove.addEventListener("click", () => this.onDelete(save.key, title));
      list.append(
        el(
          "li",
          { class: save.damaged ? "save-row damaged" : "save-row" },
          el("span", { class: "save-text", text: parts.join(" · ") }),
          el("span", { class: "save-actions" }, resume, remove),
        ),
      );
    }
    $("saves-box").hidden = saves.length === 0;
  }

  // ------------------------------------------------------------ games
  /** Render the games (from list_games, or from a cache before the engine is up). */
  setGames(games, setup) {
    this.games = games;
    const box = $("games");
    box.replaceChildren();
    const wanted = (setup && games.find((g) => g.id === setup.game)) || games[0];
    for (const g of games) {
      const input = el("input", { type: "radio", name: "game", value: g.id });
      input.checked = g === wanted;
      input.addEventListener("change", () => this._chooseGame(g, null));
      box.append(el("label", { class: "choice" }, input, el("span", { text: g.title })));
    }
    if (wanted) this._chooseGame(wanted, setup && setup.game === wanted.id ? setup : null);
  }

  _chooseGame(game, setup) {
    this.game = game;
    this.onChoose(game);
    const presets = game.presets || [];
    const owned = [...this._presetKeys()];
    const matches = (p) =>
      setup?.values &&
      owned.length > 0 &&
      owned.every((k) => JSON.stringify(setup.values[k]) === JSON.stringify(p.options[k]));
    const preset = presets.find(matches) || (setup && presets.find((p) => p.id === setup.preset)) || presets[0] || null;
    this.values = { ...this._defaults(), ...preset?.options };
    // A remembered value is taken if the option may take it (the choices of this version of the
    // game, say); else the preset's or the default stays.
    for (const spec of game.options || []) {
      const value = setup?.values && Object.hasOwn(setup.values, spec.key) ? setup.values[spec.key] : undefined;
      if (!this._presetKeys().has(spec.key) && fits(spec, value, this.values[spec.key])) this.values[spec.key] = value;
    }
    this.presetId = preset ? preset.id : null;
    const before = this.seats;
    this.seats = setup && Array.isArray(setup.seats) ? setup.seats.map((s) => ({ ...s })) : [];
    this.seats.forEach((s, i) => {
      if (before[i]?.auto && before[i].name === s.name) s.auto = true;
    });
    this._renderPresets();
    this._renderOptions();
    this._renderSeats();
    this._updateStart();
  }

  _defaults() {
    const v = {};
    for (const spec of this.game.options || []) v[spec.key] = spec.default;
    return v;
  }

  /**
   * Options that the preset choice owns: a choice whose values are exactly the
   * preset ids (the "Rules" version). Other options the presets set stay editable.
   */
  _presetKeys() {
    const presets = this.game.presets || [];
    const keys = new Set();
    if (presets.length < 2) return keys;
    const ids = presets
      .map((p) => p.id)
      .sort()
      .join("\n");
    for (const spec of this.game.options || []) {
      if (spec.type !== "choice") continue;
      const values = (spec.choices || [])
        .map((c) => String(c.value))
        .sort()
        .join("\n");
      if (values === ids && presets.every((p) => p.options && String(p.options[spec.key]) === p.id)) keys.add(spec.key);
    }
    return keys;
  }

  _preset() {
    return (this.game.presets || []).find((p) => p.id === this.presetId) || null;
  }

  _renderPresets() {
    const presets = this.game.presets || [];
    $("presets-field").hidden = presets.length === 0;
    const box = $("presets");
    box.replaceChildren();
    for (const p of presets) {
      const input = el("input", { type: "radio", name: "preset", value: p.id });
      input.checked = p.id === this.presetId;
      input.addEventListener("change", () => {
        this.presetId = p.id;
        this.values = { ...this._defaults(), ...p.options };
        this._renderOptions();
        this._renderSeats();
      });
      box.append(el("label", { class: "choice" }, input, el("span", { text: p.title })));
    }
  }

  _visible(spec) {
    if (!spec.when) return true;
    return Object.entries(spec.when).every(([k, v]) => (Array.isArray(v) ? v : [v]).includes(this.values[k]));
  }

  _renderOptions() {
    const hidden = this._presetKeys();
    const box = $("options");
    box.replaceChildren();
    let shown = 0;
    for (const spec of this.game.options || []) {
      if (hidden.has(spec.key) || !this._visible(spec)) continue;
      shown++;
      const id = `opt-${spec.key}`;
      const helpId = `${id}-help`;
      let control;
      if (spec.type === "bool") {
        control = el("input", { type: "checkbox", id });
        control.checked = !!this.values[spec.key];
        control.addEventListener("change", () => {
          this.values[spec.key] = control.checked;
          this._optionChanged();
        });
      } else if (spec.type === "choice") {
        control = el("select", { id });
        for (const c of spec.choices || []) {
          const o = el("option", { value: JSON.stringify(c.value), text: c.label });
          o.selected = c.value === this.values[spec.key];
          control.append(o);
        }
        control.addEventListener("change", () => {
          this.values[spec.key] = JSON.parse(control.value);
          this._optionChanged();
        });
      } else if (spec.type === "int") {
        control = el("input", { type: "number", id, inputmode: "numeric", step: "1" });
        if (spec.min != null) control.min = spec.min;
        if (spec.max != null) control.max = spec.max;
        control.value = this.values[spec.key];
        control.addEventListener("change", () => {
          const n = Math.round(Number(control.value));
          if (Number.isFinite(n)) this.values[spec.key] = n;
        });
      } else if (spec.type === "text") {
        // A short name (Canasta's team names); the engine strips it and checks its length.
        control = el("input", { type: "text", id, autocomplete: "off", spellcheck: "false" });
        if (spec.max) control.maxLength = spec.max;
        // The default is shown in the player's words (the engine reads it so while it is sent unchanged).
        const value = this.values[spec.key];
        control.value = value === spec.default && spec.default_words ? spec.default_words : (value ?? "");
        control.addEventListener("input", () => {
          this.values[spec.key] = control.value === spec.default_words ? spec.default : control.value;
          this._renderTeamLabels();
          this._updateStart();
        });
      } else {
        continue;
      }
      if (spec.help) control.setAttribute("aria-describedby", helpId);
      const label = el("label", { for: id, text: spec.label });
      const row = el("div", { class: `option option-${spec.type}` });
      if (spec.type === "bool") row.append(el("div", { class: "option-line" }, control, label));
      else row.append(label, control);
      if (spec.help) row.append(el("p", { class: "help", id: helpId, text: spec.help }));
      box.append(row);
    }
    $("options-box").hidden = shown === 0;
  }

  _optionChanged() {
    // A change can show or hide other options, or change the seat limits.
    const focused = document.activeElement?.id;
    this._renderOptions();
    this._renderSeats();
    if (focused && $(focused)) $(focused).focus();
  }

  // ------------------------------------------------------------ seats
  limits() {
    return { min: this.game.players.min, max: this.game.players.max };
  }

  /** A note the game gives for more players than its box says (ONO 99's 2022 rules past 6), if due. */
  _renderSeatNote() {
    const notes = this.game.player_notes;
    const due = notes?.values[String(this.values[notes.key])];
    const shown = !!due && this.seats.length > due.above;
    const note = $("seat-count-note");
    note.hidden = !shown;
    note.textContent = shown ? due.text : "";
    if (shown) $("seat-count").setAttribute("aria-describedby", note.id);
    else $("seat-count").removeAttribute("aria-describedby");
  }

  /**
   * The computer levels this game offers, easiest first: [{id, level, title, help}]. From the
   * engine's list (ids, or objects with an id); its older names are shown as the level they are
   * now, and when a game lists both names of a level the newer id is used.
   */
  bots() {
    const listed = (this.game.bots || ENGINE_BOTS).map((b) => (typeof b === "string" ? { id: b } : b));
    const byLevel = new Map();
    for (const bot of listed) {
      const level = levelOf(bot.id);
      if (!LEVEL_IDS.includes(level)) continue;
      if (!byLevel.has(level) || bot.id === level) byLevel.set(level, bot);
    }
    return LEVEL_IDS.filter((level) => byLevel.has(level)).map((level) => {
      const bot = byLevel.get(level);
      const words = levelWords(level);
      return {
        id: bot.id,
        level,
        ...words,
        ...(bot.about ? { help: t("{level}: {about}", { level: words.title, about: bot.about }) } : {}),
      };
    });
  }

  /** The level a new computer seat gets: Normal, else the first offered. */
  defaultBot() {
    const bots = this.bots();
    return (bots.find((b) => b.level === "normal") || bots[0]).id;
  }

  /** A seat's bot id as this game offers it (a setup remembered under an older name). */
  _botId(id) {
    const level = levelOf(id);
    const found = this.bots().find((b) => b.level === level);
    return found ? found.id : this.defaultBot();
  }

  _setSeatCount(n) {
    const { min, max } = this.limits();
    n = Math.max(min, Math.min(max, n));
    while (this.seats.length < n) {
      const bots = this.seats.filter((s) => s.kind === "bot").length;
      let number = bots + 1;
      const taken = new Set(this.seats.map((s) => nameKey(s.name)));
      while (taken.has(nameKey(defaultName("bot", 0, number)))) number++;
      this.seats.push({
        name: defaultName("bot", this.seats.length, number),
        kind: "bot",
        bot: this.defaultBot(),
        auto: true,
      });
    }
    this.seats.length = n;
    this._renderSeats();
  }

  _renderSeats() {
    $("seats-field").hidden = false;
    const { min, max } = this.limits();
    if (this.seats.length === 0) {
      // A person and computers: as many seats as the game suggests (`players.default`), else 3.
      const n = this.game.players?.default || 3;
      this.seats = [{ name: defaultName("human", 0, 0), kind: "human", auto: true }];
      for (let i = 1; i < n; i++)
        this.seats.push({ name: defaultName("bot", i, i), kind: "bot", bot: this.defaultBot(), auto: true });
    }
    for (const seat of this.seats) if (seat.kind === "bot") seat.bot = this._botId(seat.bot);
    if (this.seats.length < min || this.seats.length > max) {
      this._setSeatCount(this.seats.length);
      return;
    }
    const count = $("seat-count");
    count.replaceChildren();
    for (let n = min; n <= max; n++) {
      const o = el("option", { value: String(n), text: String(n) });
      o.selected = n === this.seats.length;
      count.append(o);
    }
    // A game for a fixed number of players (Canasta): say it, rather than offer a list of one.
    $("seat-count-label").hidden = min === max;
    $("seat-count-fixed").hidden = min !== max;
    $("seat-count-fixed").textContent = tn("{n} player", "{n} players", min);
    this._renderSeatNote();
    const list = $("seats");
    list.replaceChildren();
    this.seats.forEach((seat, i) => {
      const nameId = `seat-${i}-name`;
      const name = el("input", {
        type: "text",
        id: nameId,
        value: seat.name,
        maxlength: String(NAME_MAX),
        autocomplete: "off",
        "aria-label": t("Seat {number} name", { number: i + 1 }),
        spellcheck: "false",
      });
      name.addEventListener("input", () => {
        seat.name = name.value;
        delete seat.auto; // typed by the player: a change of language leaves it
        this._renderTeams();
        this._checkNames();
        this._updateStart();
      });
      const kind = el("select", { "aria-label": t("Seat {number} player", { number: i + 1 }) });
      kind.append(el("option", { value: "human", text: t("Person") }));
      kind.append(el("option", { value: "remote", text: t("Player on another device") }));
      for (const b of this.bots())
        kind.append(el("option", { value: `bot:${b.id}`, text: t("{level} computer", { level: b.title }) }));
      kind.value = seat.kind === "bot" ? `bot:${seat.bot}` : seat.kind;
      const describe = () => {
        const level = seat.kind === "bot" && this.bots().find((b) => b.id === seat.bot);
        if (level) kind.setAttribute("aria-describedby", `level-${level.level}`);
        else kind.removeAttribute("aria-describedby");
      };
      describe();
      kind.addEventListener("change", () => {
        const wasKind = seat.kind;
        if (kind.value === "human" || kind.value === "remote") {
          seat.kind = kind.value;
          delete seat.bot;
        } else {
          seat.kind = "bot";
          seat.bot = kind.value.slice(4);
        }
        if ((wasKind === "bot") !== (seat.kind === "bot") && isDefaultName(seat.name)) {
          const index =
            seat.kind !== "bot"
              ? this.seats.slice(0, i).filter((s) => s.kind !== "bot").length
              : this.seats.slice(0, i).filter((s) => s.kind === "bot").length + 1;
          let fresh = defaultName(seat.kind, index, index);
          const taken = new Set(this.seats.filter((s) => s !== seat).map((s) => nameKey(s.name)));
          for (let k = index + 1; taken.has(nameKey(fresh)); k++) fresh = defaultName(seat.kind, k, k);
          seat.name = fresh;
          seat.auto = true;
          name.value = fresh;
          this._checkNames();
          this._updateStart();
        }
        row.dataset.kind = seat.kind;
        describe();
        this._renderLevels();
      });
      const problem = el("p", { class: "field-problem", id: `seat-${i}-problem`, hidden: true });
      const row = el(
        "li",
        { class: "seat-row" },
        el("span", { class: "seat-number", "aria-hidden": "true", text: String(i + 1) }),
        name,
        kind,
        problem,
      );
      row.dataset.kind = seat.kind;
      if (this.game.teams && !this._teamsDrawn()) {
        const ti = this.game.teams.findIndex((team) => team.includes(i));
        if (ti >= 0) {
          const tag = el("span", { class: "seat-team", text: this._teamName(ti) });
          tag.dataset.team = String(ti);
          row.append(tag);
        }
      }
      list.append(row);
    });
    this._renderTeams();
    this._renderLevels();
    this._checkNames();
    this._updateStart();
  }

  /** One line about each computer level in play (each computer seat's list points to its line). */
  _renderLevels() {
    const used = new Set(this.seats.filter((s) => s.kind === "bot").map((s) => s.bot));
    const list = $("levels");
    list.replaceChildren(
      ...this.bots()
        .filter((b) => used.has(b.id))
        .map((b) => el("li", { id: `level-${b.level}`, text: b.help })),
    );
    list.hidden = used.size === 0;
  }

  /** Seats whose name an earlier seat already has (case and spaces aside): {index: message}. */
  _nameProblems() {
    const first = new Map();
    const problems = {};
    this.seats.forEach((seat, i) => {
      const key = nameKey(seat.name);
      if (!key) return;
      if (first.has(key)) {
        problems[i] = t("Player {number} is already called {name}: choose another name.", {
          number: first.get(key) + 1,
          name: seat.name.trim(),
        });
      } else {
        first.set(key, i);
      }
    });
    return problems;
  }

  /** Show, next to each name field, why its name cannot be used; keep the focus where it is. */
  _checkNames() {
    const problems = this._nameProblems();
    this.seats.forEach((_, i) => {
      const input = $(`seat-${i}-name`);
      const problem = $(`seat-${i}-problem`);
      if (!input || !problem) return;
      const text = problems[i] || "";
      problem.textContent = text;
      problem.hidden = !text;
      if (text) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", problem.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    });
    return Object.keys(problems).length === 0;
  }

  /** Partnership games (Canasta): who plays with whom. */
  _renderTeams() {
    let note = $("teams-note");
    if (!note) {
      note = el("p", { id: "teams-note", class: "help teams-note" });
      $("seats").after(note);
    }
    const teams = this.game.teams;
    note.hidden = !teams;
    if (!teams) return;
    if (this._teamsDrawn()) {
      note.textContent = t(
        "Partners are drawn when the game starts: everyone draws a card; the highest plays first with the second highest as partner ({team1}), and the other two play together ({team2}). Partners sit opposite.",
        { team1: this._teamName(0), team2: this._teamName(1) },
      );
      return;
    }
    const side = (team, ti) =>
      t("{players} ({team})", {
        players: listWords(team.map((s) => this.seats[s]?.name || t("Seat {number}", { number: s + 1 }))),
        team: this._teamName(ti),
      });
    note.textContent =
      teams.length === 2
        ? t("Partners sit opposite: {team1} against {team2}.", { team1: side(teams[0], 0), team2: side(teams[1], 1) })
        : t("Partners sit opposite: {teams}.", { teams: teams.map(side).join(t(", ")) });
  }

  /** Whether the draw decides the partnerships (the game says under which option values). */
  _teamsDrawn() {
    const when = this.game.teams_drawn_when;
    return !!when && Object.entries(when).every(([k, values]) => values.includes(this.values[k]));
  }

  /** A team's name: the one typed in its option (`team1_name`…), else the engine's default, in the
   *  player's words. */
  _teamName(ti) {
    const key = `team${ti + 1}_name`;
    const spec = (this.game.options || []).find((s) => s.key === key);
    const typed = this.values[key];
    if (typeof typed === "string" && typed.trim() && typed !== spec?.default) return typed.trim().replace(/\s+/g, " ");
    return spec?.default_words || t("Team {number}", { number: ti + 1 });
  }

  /** Update the team names beside the seats and in the note, keeping the focus where it is. */
  _renderTeamLabels() {
    for (const tag of document.querySelectorAll("#seats .seat-team"))
      tag.textContent = this._teamName(Number(tag.dataset.team));
    this._renderTeams();
  }

  _updateStart() {
    const textsOk = (this.game?.options || []).every(
      (spec) =>
        spec.type !== "text" ||
        !this._visible(spec) ||
        String(this.values[spec.key] || "").trim().length >= (spec.min || 0),
    );
    const ok =
      this.game &&
      textsOk &&
      this.seats.every((s) => s.name.trim().length >= 1) &&
      Object.keys(this._nameProblems()).length === 0;
    $("start-button").disabled = !ok;
  }

  /** The setup to remember and to send to new_game. */
  setup() {
    return {
      game: this.game?.id,
      preset: this.presetId,
      values: { ...this.values },
      seats: this.seats.map((s) =>
        s.kind === "bot" ? { name: s.name.trim(), kind: "bot", bot: s.bot } : { name: s.name.trim(), kind: s.kind },
      ),
    };
  }

  /** Options to send: only those that apply (hidden `when` options are left to defaults). */
  options() {
    const preset = this._preset();
    const out = { ...(preset ? preset.options : {}) };
    for (const spec of this.game.options || []) {
      if (this._visible(spec) && spec.key in this.values) out[spec.key] = this.values[spec.key];
    }
    return out;
  }

  _start() {
    if (!this.game || this.waiting || !this._checkNames()) return;
    this.onStart(this.setup(), this.options());
  }
}
