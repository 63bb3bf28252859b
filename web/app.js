// The page's controller: lobby → table → result, pass-the-device curtain,
// computer turns, resume after reload. It never decides a rule: the engine (in the
// worker) says what is legal, what happened, and whose turn it is.

import { EngineClient, EngineError } from "./engine-client.js";
import { Lobby } from "./lobby.js";
import { ono99Table } from "./table.js";
import { showMessage } from "./table-kit.js";
import { canastaTable } from "./canasta-table.js";
import { threeUpTable } from "./three-up-table.js";
import { ownTrumpsTable } from "./own-trumps-table.js";
import { showRules, showResult, closeAll, confirmLeave } from "./dialogs.js";

import { $ } from "./dom.js";
import { EMBED } from "./embed-mode.js";
import { capture, forgetHand, moveMs, noteHand } from "./motion.js";
import { remember, renderHistory, resetHistory } from "./history.js";
import { motionPace } from "./settings.js";
const query = new URLSearchParams(location.search);

// Readable pauses before a computer seat moves; `?speed=fast` shortens them for tests.
// `race`: the 1980 draw-speed penalty, a computer about to play while a person may still draw.
const TEST_SPEED = query.get("speed") === "fast";
export const PAUSE = TEST_SPEED
  ? { play: 20, draw: 5, race: 40, fast: 5 }
  : { play: 700, draw: 250, race: 1500, fast: 60 };
// The pace a player chose for moves stretches or shortens the pauses too ("off": no animation, and
// the computers move briskly), but a computer never moves before its last card has landed.
const PAUSE_SCALE = { slow: 1.6, normal: 1, fast: 0.55, off: 0.55 };

function pauseFor(kind) {
  if (TEST_SPEED || kind === "race") return PAUSE[kind];  // the race is a rule's timing, not a pace
  const scaled = Math.round(PAUSE[kind] * (PAUSE_SCALE[motionPace()] || 1));
  return kind === "fast" ? scaled : Math.max(scaled, moveMs() + 80);
}
const SEED = /^\d+$/.test(query.get("seed") || "") ? Number(query.get("seed")) : undefined;
const NS = EMBED ? EMBED.ns : "pygames:main";  // embed.html: one save slot per embedded table
const SAVE_KEY = `${NS}:current`;      // IndexedDB key of the saved game (worker side)
const UI_KEY = `${NS}:ui`;             // localStorage: viewer + shown round (no cards)
const SETUP_KEY = `${NS}:setup`;       // localStorage: last lobby setup
const GAMES_KEY = `${NS}:games`;       // localStorage: list_games, to draw the lobby at once
// The games this page has a table for (game id -> renderer); the engine may know more.
const RENDERERS = { ono99: ono99Table, canasta: canastaTable, three_up: threeUpTable, own_trumps: ownTrumpsTable };
const TABLES = new Set(Object.keys(RENDERERS));
const renderer = () => RENDERERS[game.info && game.info.game] || ono99Table;
// Empty the table of whatever game it showed: nothing of any hand stays in the DOM.
const clearTable = () => { for (const r of Object.values(RENDERERS)) r.clear(); };
const playable = (list) => (list || []).filter((g) => TABLES.has(g.id) && (!EMBED || g.id === EMBED.game));

const client = new EngineClient();
if (query.get("bench") === "1") client.call("__options", { timeBotMove: true });

const game = {
  handle: null,
  info: null,         // MatchInfo
  persons: [],        // seats of people
  viewer: null,       // the person whose hand is shown (null: nobody's)
  view: null,         // the view being shown (null while the curtain is up)
  gen: 0,             // bumps on every step; stale timers and replies check it
  timer: null,
  busy: false,
  lastEvent: 0,
  roundShown: 0,
  tapMark: null,
};
let games = playable(readJSON(GAMES_KEY));
if (!games.length) games = null;

function readJSON(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch { return null; }
}
function writeJSON(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: fine */ }
}

// ------------------------------------------------------------------ lobby
const lobby = new Lobby({ onStart: startGame, onResume: () => { if (game.handle) showTableScreen(); } });
client.onprogress = (p) => lobby.progress(p);
if (games) lobby.setGames(games, readJSON(SETUP_KEY) || (EMBED && EMBED.setup));

$("rules-button").addEventListener("click", () => {
  const id = (game.info && game.info.game) || (lobby.game && lobby.game.id);
  showRules((games || []).find((g) => g.id === id) || lobby.game, game.info && game.info.options_text);
});
$("leave-button").addEventListener("click", async () => {
  if (game.view && game.view.over) { backToLobby(true); return; }
  if (await confirmLeave()) backToLobby(false);
});

function showLobbyScreen() {
  stopTimers();
  closeAll();
  hideCurtain();
  clearTable();
  game.view = null;
  $("leave-button").hidden = true;
  lobby.showResume(!!game.handle && !game.over);
  lobby.show();
  document.title = "pygames";
}

function showTableScreen() {
  lobby.hide();
  $("leave-button").hidden = false;
  advance();
}

async function backToLobby(finished) {
  if (finished && game.handle) {
    await client.call("forget", { key: SAVE_KEY }).catch(() => {});
    await client.call("close", { handle: game.handle }).catch(() => {});
    game.handle = null;
    localStorage.removeItem(UI_KEY);
  }
  if (game.info) lobby.setGames(games, setupFromInfo(game.info));
  showLobbyScreen();
}

function setupFromInfo(info) {
  const prev = readJSON(SETUP_KEY) || {};
  return { ...prev, game: info.game, values: info.options, seats: info.seats };
}

async function startGame(setup, options) {
  writeJSON(SETUP_KEY, setup);
  lobby.showProblem("");
  const params = { game: setup.game, seats: setup.seats, options };
  if (SEED !== undefined) params.seed = SEED;
  await newGame(params);
}

async function newGame(params) {
  const start = $("start-button");
  start.disabled = true;
  try {
    const old = game.handle;
    const r = await client.call("new_game", params, SAVE_KEY);
    if (old) client.call("close", { handle: old }).catch(() => {});
    enterGame(r.handle, r.info, { viewer: null, roundShown: 0, id: r.info.id });
    if (r.save_error) showMessage(`This game cannot be saved on this device (${r.save_error}); it still plays.`);
  } catch (e) {
    // Back to (or stay in) the lobby and say what the engine said (bad seats, bad option…).
    if ($("lobby").hidden) showLobbyScreen();
    lobby.showProblem(e.message);
  } finally {
    start.disabled = false;
  }
}

function enterGame(handle, info, ui) {
  game.handle = handle;
  game.info = info;
  game.over = false;
  game.fastForward = false;
  game.persons = info.seats.map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
  const sameGame = ui && ui.id === info.id;
  game.viewer = game.persons.length === 1 ? game.persons[0]
    : sameGame && game.persons.includes(ui.viewer) ? ui.viewer : null;
  game.roundShown = sameGame ? ui.roundShown || 0 : 0;
  game.lastEvent = sameGame ? ui.lastEvent || 0 : 0;
  resetHistory();
  forgetHand();
  saveUi();
  closeAll();
  showTableScreen();
}

function saveUi() {
  if (!game.info) return;
  writeJSON(UI_KEY, { viewer: game.viewer, roundShown: game.roundShown, lastEvent: game.lastEvent, id: game.info.id });
}

// ------------------------------------------------------------------ the loop
function stopTimers() {
  game.gen++;
  clearTimeout(game.timer);
  game.timer = null;
}

const isPerson = (seat) => game.persons.includes(seat);
const isBot = (seat) => seat != null && game.info.seats[seat] && game.info.seats[seat].kind === "bot";

/**
 * Look at the game and do the next thing: show the viewer's table, raise the
 * curtain for the next person, schedule a computer move, or show the result.
 */
async function advance(drawn = null) {
  stopTimers();
  const gen = game.gen;
  let view;
  try {
    view = await currentView();
  } catch (e) {
    return engineTrouble(e);
  }
  if (gen !== game.gen) return;
  remember(view);

  // Who may act now: usually one seat; with the 1980 draw-speed penalty both the
  // drawer and the next player (the engine says so in waiting_for).
  const waiting = view.waiting_for || (view.to_act != null ? [view.to_act] : []);
  const over = view.over;
  const viewerWaits = game.viewer != null && waiting.includes(game.viewer);
  const people = waiting.filter(isPerson).filter((s) => s !== game.viewer);
  // The device goes to the person whose turn it is, else to the first person waiting.
  const nextPerson = people.includes(view.turn) ? view.turn : people[0];
  const curtain = !over && game.persons.length >= 2 && !viewerWaits && nextPerson != null;

  // The summary of the last round (ONO 99 1980) or hand (Canasta's score sheet).
  const summary = renderer().summary(view);
  const newRound = !over && summary && summary.no > game.roundShown;
  if (newRound) {
    // The round summary is public: show it before passing the device.
    if (curtain) { game.view = null; clearTable(); } else show(view, []);
    if (drawn) drawn();
    // Shown once: a later redraw (even one that overtakes this) does not show it again.
    game.roundShown = summary.no;
    game.fastForward = false;  // a new round, hand or game: back to the readable pace
    saveUi();
    await summary.show();
    if (gen !== game.gen) return;
    return advance();
  }
  if (curtain) {
    view = null;
    if (drawn) drawn();
    return raiseCurtain(nextPerson);
  }
  // The viewer may still draw while the next person is due to play: let them
  // pass the device when they are done.
  const passTo = !over && game.persons.length >= 2 && viewerWaits && people.includes(view.turn) ? view.turn : null;
  const extra = [];
  if (passTo != null) extra.push({ label: `Pass the device to ${nameOf(passTo)}`, onClick: () => raiseCurtain(passTo) });
  // Every person is out: the computers may finish without the readable pause.
  const peopleOut = game.persons.length > 0 && view.players
    .filter((p) => isPerson(p.seat)).every((p) => p.status === "eliminated" || p.status === "out");
  if (!over && peopleOut && !game.fastForward) {
    extra.push({ label: "Fast-forward to the end", onClick: () => { game.fastForward = true; advance(); } });
  }
  show(view, extra);
  if (drawn) drawn();

  if (over) {
    game.over = true;
    if (summary) { game.roundShown = summary.no; saveUi(); }
    showResult(view, { onPlayAgain: playAgain, onNewGame: () => backToLobby(true) }, renderer().result(view));
    return;
  }
  const bot = waiting.find(isBot);
  if (bot != null) {
    const drawing = view.owed_draw && view.owed_draw.seat === bot;
    // When a person may still draw, the computer waits longer before it plays.
    const racing = waiting.some(isPerson);
    const pause = pauseFor(game.fastForward ? "fast" : drawing ? "draw" : racing ? "race" : "play");
    game.timer = setTimeout(() => botMove(gen, bot), pause);
  }
}

/**
 * The view to show. With two or more people at the table a hand is shown only to its owner while
 * they are to act: once their turn is over the device may be on its way to someone else, so the
 * table shows no hand (the public view) until the curtain hands it to the next person.
 */
async function currentView() {
  const viewOf = async (seat) => (await client.call("view", { handle: game.handle, seat })).view;
  if (game.persons.length < 2 || game.viewer == null) return viewOf(game.viewer);
  const table = await viewOf(null);
  if (!table.over && (table.waiting_for || []).includes(game.viewer)) return viewOf(game.viewer);
  game.viewer = null;
  saveUi();
  return table;
}

async function botMove(gen, seat) {
  if (gen !== game.gen) return;
  try {
    await client.call("bot_act", { handle: game.handle, seat });
  } catch (e) {
    if (gen === game.gen) engineTrouble(e);
    return;
  }
  if (gen === game.gen) advance();
}

function nameOf(seat) {
  return (game.info.seats[seat] || {}).name || `Seat ${seat + 1}`;
}

function show(view, extraButtons) {
  // Where the cards are now, so that each one can glide to its new place once the table is drawn.
  const moves = capture(game.view);
  game.view = view;
  hideCurtain();
  noteHand(view);
  renderer().render(view, { onCard, onAction, onUndo, explain, extraButtons });
  renderHistory();
  announce(view);
  document.title = renderer().title(view);
  // The animations start on the final table; their setting up counts in the tap's time.
  moves.play(view);
  if (game.tapMark) {
    // Read by bench/page_speed.py: tap → the table shows the result.
    performance.mark("redrawn");
    performance.measure("tap-to-redraw", { start: "tap", end: "redrawn", detail: { action: game.tapMark } });
    performance.clearMarks("tap");
    performance.clearMarks("redrawn");
    game.tapMark = null;
  }
}

function announce(view) {
  const events = view.events || [];
  if (game.resyncEvents) {
    // After an undo the engine numbers events again from the undone point.
    game.resyncEvents = false;
    game.lastEvent = events.length ? events[events.length - 1].n : 0;
    saveUi();
    return;
  }
  const fresh = events.filter((e) => e.n > game.lastEvent);
  if (!fresh.length) return;
  game.lastEvent = fresh[fresh.length - 1].n;
  saveUi();
  const box = $("announcer");
  for (const e of fresh.slice(-3)) {
    const p = document.createElement("p");
    p.textContent = e.text;
    box.append(p);
  }
  while (box.childElementCount > 6) box.firstElementChild.remove();
}

// ------------------------------------------------------------------ curtain
function raiseCurtain(seat) {
  stopTimers();
  // Drop the hand: nothing of it stays in the DOM or in this page's memory.
  game.view = null;
  game.viewer = null;
  forgetHand();
  saveUi();
  clearTable();
  showMessage("");
  const name = nameOf(seat);
  $("curtain-title").textContent = `Pass the device to ${name}`;
  const button = $("curtain-button");
  button.textContent = "Tap when ready";
  button.setAttribute("aria-label", `Pass the device to ${name} — tap when ready`);
  button.onclick = () => {
    game.viewer = seat;
    saveUi();
    hideCurtain();
    setBusy(true);
    advance(() => setBusy(false)).finally(() => setBusy(false));
  };
  $("app").inert = true;
  $("curtain").hidden = false;
  button.focus();
}

function hideCurtain() {
  $("curtain").hidden = true;
  $("app").inert = false;
}

// ------------------------------------------------------------------ the viewer's choices
function onCard(card, button) {
  if (game.busy || !game.view) return;
  if (!card.playable) {
    showMessage(card.why || "That card cannot be played now.");
    return;
  }
  onAction({ type: "play", card: card.card }, button);
}

function setBusy(busy) {
  game.busy = busy;
  if (busy) $("table").setAttribute("aria-busy", "true");
  else $("table").removeAttribute("aria-busy");
}

/** Run one choice of the viewer; the table stays busy until it is redrawn. */
async function choose(method, params, button) {
  if (game.busy || !game.view) return;
  setBusy(true);
  stopTimers();
  if (button) button.classList.add("pressed");
  let problem = null;
  try {
    await client.call(method, { handle: game.handle, seat: game.viewer, ...params });
    if (method === "undo") game.resyncEvents = true;
  } catch (e) {
    game.tapMark = null;
    problem = e.message;
  }
  try {
    await advance(() => setBusy(false));
  } finally {
    setBusy(false);
  }
  showMessage(problem || "");
}

function onAction(action, button) {
  if (game.busy || !game.view) return;
  performance.mark("tap");
  game.tapMark = action.type;
  return choose("act", { action }, button);
}

/** Would the engine accept this action of the viewer? {legal, why}; nothing changes. */
function explain(action) {
  if (!game.handle || game.viewer == null) return Promise.resolve({ legal: false, why: null });
  return client.call("explain", { handle: game.handle, seat: game.viewer, action });
}

function onUndo(button) {
  return choose("undo", {}, button);
}

async function playAgain() {
  const info = game.info;
  closeAll();
  await newGame({ game: info.game, seats: info.seats, options: info.options });
}

function engineTrouble(e) {
  console.warn(e);
  if (e instanceof EngineError && (e.code === "unknown_handle" || e.code === "engine_unavailable")) {
    game.handle = null;
    showLobbyScreen();
    lobby.showProblem(`The game was lost: ${e.message}`);
    return;
  }
  showMessage(e.message || String(e));
}

// ------------------------------------------------------------------ start
async function boot() {
  let ready, embedStart = false;
  try {
    ready = await client.ready;
  } catch (e) {
    lobby.setFailed(e.message);
    return;
  }
  try {
    games = playable((await client.call("list_games")).games);
    writeJSON(GAMES_KEY, games);
    lobby.setGames(games, readJSON(SETUP_KEY) || (EMBED && EMBED.setup));
  } catch (e) {
    lobby.setFailed(e.message);
    return;
  }
  try {
    const r = await client.call("resume", { key: SAVE_KEY });
    if (r.found && !TABLES.has(r.info.game)) {
      lobby.showProblem(savedGameProblem(`this page cannot show a game of ${r.info.game}`));
    } else if (r.found) {
      enterGame(r.handle, r.info, readJSON(UI_KEY));
    } else if (EMBED) {
      embedStart = true;  // an embedded table starts at once, with the seats of its URL
    }
  } catch (e) {
    lobby.showProblem(savedGameProblem(e.message));
    // An embed starts anyway: storage may be refused in a third-party iframe (the game then
    // plays unsaved, and says so), and a damaged save is of no use to a casual table.
    if (EMBED) embedStart = true;
  } finally {
    // Start is enabled only now, so a new game never races the resumed one.
    lobby.setReady(ready.ms);
  }
  if (embedStart) await startGame(lobby.setup(), lobby.options());
  setUpOffline();
}

function savedGameProblem(reason) {
  const lead = "This saved game could not be read";
  let text = String(reason || "").trim();
  if (!text.toLowerCase().startsWith(lead.toLowerCase())) text = `${lead}: ${text}`;
  if (!/[.!?]$/.test(text)) text += ".";
  return `${text} You can start a new game.`;
}

// ------------------------------------------------------------------ offline
// The service worker precaches this build (named by its hash) once the engine is
// up, so the download it does never competes with the first start. A new build
// registers under a new URL; when it is installed the page offers a reload.
async function setUpOffline() {
  if (!("serviceWorker" in navigator) || query.get("sw") === "off") return;
  try {
    const r = await fetch(`build-info.json?fresh=${Date.now()}`, { cache: "no-cache" });
    const info = await r.json();
    const reg = await navigator.serviceWorker.register(`sw.js?build=${encodeURIComponent(info.hash)}`);
    let wantReload = false;
    const offer = (worker) => {
      if (!navigator.serviceWorker.controller) return;  // first install: nothing to switch from
      $("update-banner").hidden = false;
      $("update-reload").onclick = () => { wantReload = true; worker.postMessage("skip-waiting"); };
    };
    const watch = (worker) => {
      if (!worker) return;
      if (worker.state === "installed") offer(worker);
      else worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
    };
    watch(reg.waiting || reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (wantReload) { wantReload = false; location.reload(); }
    });
  } catch (e) {
    console.warn("Offline play is not available:", e);
  }
}

// Tests and the page benchmark read these; they hold no cards.
window.pygames = {
  get screen() {
    if (!$("curtain").hidden) return "curtain";
    if (!$("lobby").hidden) return "lobby";
    return game.over ? "result" : "table";
  },
  stats: () => client.call("__stats"),
  pause: PAUSE,
};

boot();
