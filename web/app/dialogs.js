// Dialogs: rules, settings, end-of-round summary (1980), game result, and questions (leave the
// game, replace or delete a saved game, which meld takes the wild cards).

import { $, el } from "./dom.js";
import { miniCard } from "../tables/cards.js";
import { SETTINGS, getSetting, isStunServer, setSetting } from "./settings.js";
import { currentLang, LANGUAGES, listWords, t, tn } from "./i18n.js";

function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

/** Open a dialog at its top, its title focused (read first, and nothing scrolled out of sight). */
function openAtTop(dialog, title) {
  open(dialog);
  dialog.scrollTop = 0;
  title.focus();
}

/** The rules of `game` under their headings; `optionsText` (the engine's lines for the game in
 *  play) lists the options chosen. */
export function showRules(game, optionsText = null) {
  const body = $("rules-body");
  body.replaceChildren();
  if (!game) {
    body.append(el("p", { text: t("The rules will be here in a moment, as soon as the cards are ready.") }));
  } else {
    $("rules-title").textContent = t("How to play {game}", { game: game.title });
    for (const part of game.rules_summary || []) {
      // {heading, text}; a list of games cached by an older version has plain paragraphs.
      if (typeof part === "string") {
        body.append(el("p", { text: part }));
        continue;
      }
      body.append(el("h3", { text: part.heading }), el("p", { text: part.text }));
    }
    if (optionsText?.length) {
      body.append(el("h3", { text: t("This game's options") }));
      const list = el("ul", { class: "options-chosen" });
      for (const line of optionsText) list.append(el("li", { text: line }));
      body.append(list);
    }
  }
  openAtTop($("rules-dialog"), $("rules-title"));
}

// The settings a player sees, in SETTINGS' own values (web/app/settings.js holds them and their defaults).
const SETTING_CHOICES = () => [
  { name: "cardSize", legend: t("Card size"), labels: { small: t("Small"), normal: t("Normal"), large: t("Large") } },
  {
    name: "motion",
    legend: t("Animation speed"),
    labels: {
      auto: t("As the device prefers (normal, or off if it asks for less motion)"),
      slow: t("Slow"),
      normal: t("Normal"),
      fast: t("Fast"),
      off: t("Off: cards jump to their place"),
    },
  },
  {
    name: "thinkMs",
    legend: t("How long the Hard computer thinks"),
    labels: {
      100: t("A tenth of a second"),
      200: t("A fifth of a second"),
      400: t("Almost half a second"),
      800: t("Almost a second (plays best)"),
    },
  },
  {
    name: "sound",
    legend: t("Sound"),
    labels: {
      auto: t("As the device suits (quiet on phones, off in an embedded table)"),
      off: t("Off"),
      quiet: t("Quiet"),
      normal: t("Normal"),
    },
  },
  // Each language in its own words; "auto" (the browser's) is shown as the language it gives now.
  { name: "lang", legend: t("Language"), labels: { auto: t("As the browser prefers"), ...LANGUAGES } },
];

function settingChoices({ name, legend, labels }) {
  const current = getSetting(name) === "auto" && name === "lang" ? currentLang() : getSetting(name);
  const field = el("fieldset", { class: "field setting" }, el("legend", { text: legend }));
  const box = el("div", { class: "choices" });
  for (const value of SETTINGS[name].values) {
    const input = el("input", { type: "radio", name: `setting-${name}`, value: String(value) });
    input.checked = value === current;
    input.addEventListener("change", () => {
      if (input.checked) setSetting(name, value);
    });
    box.append(
      el(
        "label",
        { class: "choice" },
        input,
        el("span", {
          text: labels[value],
          lang: name === "lang" && value !== "auto" ? value : null,
          class: name === "lang" && value !== "auto" ? "lang-name" : null,
        }),
      ),
    );
  }
  field.append(box);
  return field;
}

/** The STUN server for play between devices: kept when it is one (or empty), else refused, saying why. */
function stunField() {
  const input = el("input", {
    type: "text",
    id: "setting-stun",
    inputMode: "url",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "stun:stun.example.org:3478",
  });
  input.value = getSetting("stun");
  const problem = el("p", {
    class: "problem",
    role: "alert",
    hidden: true,
    text: t("Write it as stun:host or stun:host:port, or leave it empty."),
  });
  input.addEventListener("change", () => {
    const value = input.value.trim();
    problem.hidden = isStunServer(value);
    if (problem.hidden) setSetting("stun", value);
  });
  return el(
    "div",
    { class: "option" },
    el("label", { for: "setting-stun", text: t("STUN server for play across networks") }),
    input,
    el("p", {
      class: "help",
      text: t(
        "Empty: devices play on the same network only. When set, they ask this server, run by a third party, to find each other across networks.",
      ),
    }),
    problem,
  );
}

/** The device's settings; each change is kept at once (web/app/settings.js tells the tables). */
export function showSettings() {
  const four = el("input", { type: "checkbox", id: "setting-fourColour" });
  four.checked = getSetting("fourColour");
  four.addEventListener("change", () => setSetting("fourColour", four.checked));
  const [size, motion, think, sound, lang] = SETTING_CHOICES().map(settingChoices);
  const buzz = el("input", { type: "checkbox", id: "setting-vibrate" });
  buzz.checked = getSetting("vibrate");
  buzz.addEventListener("change", () => setSetting("vibrate", buzz.checked));
  // Only where the device can vibrate.
  const vibrate =
    typeof navigator.vibrate === "function"
      ? el(
          "div",
          { class: "option option-bool" },
          el(
            "div",
            { class: "option-line" },
            buzz,
            el("label", { for: "setting-vibrate", text: t("Vibrate when it is your turn") }),
          ),
        )
      : null;
  $("settings-body").replaceChildren(
    ...[
      size,
      el(
        "div",
        { class: "option option-bool" },
        el(
          "div",
          { class: "option-line" },
          four,
          el("label", { for: "setting-fourColour", text: t("Four-colour deck") }),
        ),
        el("p", {
          class: "help",
          text: t("Each suit its own colour, so that hearts and diamonds, or spades and clubs, are never mixed up."),
        }),
      ),
      motion,
      think,
      sound,
      vibrate,
      lang,
      stunField(),
    ].filter(Boolean),
  );
  openAtTop($("settings-dialog"), $("settings-title"));
}

/**
 * A question with two answers: resolves true for `yes`, false for `no`, Escape or Back.
 * ask({title: "Replace your saved Canasta game?", text, yes: "Replace it", no: "Keep it"})
 */
export function ask({ title, text, yes, no }) {
  return choose({ title, text, answers: [{ label: yes, value: true }], cancel: no }).then((v) => v === true);
}

// The question on screen: called with the dialog's returnValue when it closes. One at a time: a
// question asked while another is open answers the first "no change". Closing the dialog and
// opening it again in one moment (Back twice, quickly) must not let the first close, told late,
// answer the second question.
let answerQuestion = null;
$("confirm-dialog").addEventListener("close", (e) => {
  if (e.target.open) return; // a close told after the dialog was opened again: not this question's
  const answer = answerQuestion;
  answerQuestion = null;
  answer?.(e.target.returnValue);
});

/**
 * A question with a button per answer (`answers`: [{label, value}]) and one that changes nothing
 * (`cancel`): resolves the value of the answer chosen, or null for `cancel`, Escape or Back.
 */
export function choose({ title, text = "", answers, cancel }) {
  const dialog = $("confirm-dialog");
  answerQuestion?.(""); // the question it replaces changes nothing
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-text").hidden = !text;
  const buttons = answers.map((a, i) =>
    el("button", { class: "primary", id: i ? null : "confirm-yes", value: String(i), text: a.label }),
  );
  const no = el("button", { class: "secondary", id: "confirm-no", value: "", text: cancel });
  dialog.querySelector("form").replaceChildren(...buttons, no);
  return new Promise((resolve) => {
    answerQuestion = (returnValue) => resolve(answers[returnValue]?.value ?? null);
    dialog.returnValue = "";
    open(dialog);
    no.focus(); // the answer that changes nothing
  });
}

function roundLines(lastRound) {
  const list = el("ol", { class: "summary-lines" });
  for (const line of lastRound.lines || []) {
    const cards = el("div", { class: "summary-cards" });
    for (const c of line.hand || []) cards.append(miniCard(typeof c === "string" ? c : c.card, c?.label));
    list.append(
      el(
        "li",
        { class: "summary-line" },
        el(
          "div",
          { class: "summary-head" },
          el("span", { class: "name", text: line.name }),
          el("span", { class: "points", text: lineScore(line) }),
        ),
        cards,
        line.detail ? el("p", { class: "detail", text: line.detail }) : null,
      ),
    );
  }
  return list;
}

/** Show the round summary; resolves when the player taps Continue. */
export function showRound(lastRound) {
  const dialog = $("round-dialog");
  $("round-title").textContent = t("End of round {round}", { round: lastRound.round });
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
  const result = view.result || { winners: [], text: t("The game is over."), standings: [] };
  const names = result.winners.map((s) => view.players.find((p) => p.seat === s)?.name).filter(Boolean);
  $("result-title").textContent = parts?.title
    ? parts.title
    : names.length === 1
      ? t("{name} wins!", { name: names[0] })
      : names.length
        ? t("{names} win!", { names: listWords(names) })
        : t("Game over");
  const body = $("result-body");
  body.replaceChildren();
  if (result.text && result.text !== $("result-title").textContent)
    body.append(el("p", { class: "lead", text: result.text }));
  if (result.standings?.length) {
    const table = el("ol", { class: "standings", "aria-label": t("Standings") });
    for (const s of result.standings) {
      table.append(
        el(
          "li",
          { class: s.place === 1 ? "winner" : "" },
          el("span", { class: "place", text: ordinal(s.place) }),
          el("span", { class: "name", text: s.name }),
          s.detail ? el("span", { class: "detail", text: s.detail }) : null,
        ),
      );
    }
    body.append(table);
  }
  if (parts?.nodes) body.append(...parts.nodes.filter(Boolean));
  if (view.last_round) {
    const d = el(
      "details",
      { class: "last-round" },
      el("summary", { text: t("Show the last round (round {round})", { round: view.last_round.round }) }),
      roundLines(view.last_round),
    );
    body.append(d);
  }
  $("play-again").onclick = () => {
    dialog.close();
    onPlayAgain();
  };
  $("new-game").onclick = () => {
    dialog.close();
    onNewGame();
  };
  // The result stays until the player chooses: Escape must not strand them.
  dialog.oncancel = (e) => e.preventDefault();
  openAtTop(dialog, $("result-title")); // not at its first button, below a long score sheet
}

export function closeAll() {
  for (const id of ["rules-dialog", "settings-dialog", "round-dialog", "result-dialog", "confirm-dialog"]) {
    const d = $(id);
    if (d.open) d.close();
  }
}

export function confirmLeave() {
  return ask({
    title: t("Leave this game?"),
    yes: t("Leave the game"),
    no: t("Keep playing"),
    text: t("It stays saved on this device: you can go back to it from the list of saved games."),
  });
}

function lineScore(line) {
  const parts = [];
  if (line.points != null) parts.push(`+${line.points}`);
  if (line.total_points != null) parts.push(tn("{n} point", "{n} points", line.total_points));
  if (line.tokens != null) parts.push(tn("{n} token left", "{n} tokens left", line.tokens));
  return parts.join(" · ");
}

/** A place in the standings, "1st" to "8th" (a table seats at most 8): one msgid each, because
 *  languages make ordinals irregularly (Gujarati 1લો, 2જો, 4થો, 5મો, 6ઠ્ઠો). */
export function ordinal(n) {
  if (n == null) return "";
  const places = [t("1st"), t("2nd"), t("3rd"), t("4th"), t("5th"), t("6th"), t("7th"), t("8th")];
  return places[n - 1] || String(n);
}
