// The page's controller: lobby → table → result, pass-the-device curtain,
// computer turns, resume after reload. It never decides a rule: the engine (in the
// worker) says what is legal, what happened, and whose turn it is.

import { EngineClient, EngineError } from "../engine/client.js";
import { isGameInfo, Lobby, rememberedSetup } from "./lobby.js";
import { ono99Table } from "../tables/ono99.js";
import { placeFocus, showMessage, timeTap, watchFelt } from "../tables/kit.js";
import { refitTable } from "../tables/layout.js";
import { canastaTable } from "../tables/canasta.js";
import { threeUpTable } from "../tables/three-up.js";
import { ownTrumpsTable } from "../tables/own-trumps.js";
import { showRules, showResult, showSettings, closeAll, confirmLeave, ask } from "./dialogs.js";
import { guardBack } from "./back-button.js";
import { keepFocus } from "./keyboard.js";
import { setUpReadTable } from "../tables/read-table.js";

import { $ } from "./dom.js";
import { EMBED } from "./embed-mode.js";
import { capture, forgetHand, moveMs, noteHand } from "../tables/motion.js";
import { forgetFaces } from "../tables/cards.js";
import { remember, renderHistory, resetHistory, replaceHistory, roundEvents } from "../tables/history.js";
import { getSetting, motionPace, onSettingChange, setSetting } from "./settings.js";
import { showHint } from "../tables/hint.js";
import { currentLang, LANGUAGES, onLangChange, setLang, t, wantedLang } from "./i18n.js";
import { isCount, isText, kept } from "./shapes.js";
import { readStored, removeStored, writeStored } from "./stored.js";
import { setUpStats } from "./stats.js";
import { setUpReplays } from "./replay.js";
import { inLesson, markSeen, offerLesson, setLesson, showStep } from "./lesson.js";
import { soundEvents, yourTurn } from "./sound.js";
import { GuestClient, joining } from "../net/guest.js";
import { Host } from "../net/host.js";
import { addJoinBox, drawInvitations, joinAsGuest } from "../net/panels.js";
const query = new URLSearchParams(location.search);
// The page's words first (English needs none): the lobby is drawn in the player's language.
await setLang(wantedLang());

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
  if (TEST_SPEED || kind === "race") return PAUSE[kind]; // the race is a rule's timing, not a pace
  const scaled = Math.round(PAUSE[kind] * (PAUSE_SCALE[motionPace()] || 1));
  return kind === "fast" ? scaled : Math.max(scaled, moveMs() + 80);
}
const SEED = /^\d+$/.test(query.get("seed") || "") ? Number(query.get("seed")) : undefined;
// embed.html: save slots of its own per embedded table; a guest's page (play between devices) too.
const NS = EMBED ? EMBED.ns : joining ? "pygames:guest" : "pygames:main";
// One saved game per game (IndexedDB, worker side), and beside it, in localStorage, the page's
// own state of that game: the viewer and the rounds shown (no cards).
const SAVES = `${NS}:save:`;
const saveKey = (gameId) => `${SAVES}${gameId}`;
const uiKey = (gameId) => `${NS}:ui:${gameId}`;
// Before there was a slot per game there was one slot: a save found there is moved to its game's.
const OLD_SAVE_KEY = `${NS}:current`;
const OLD_UI_KEY = `${NS}:ui`;
/** Is `save` (as listed) the saved game of `gameId`: in its slot, or in the one slot of before? */
const savedOf = (save, gameId) => save.key === saveKey(gameId) || (save.key === OLD_SAVE_KEY && save.game === gameId);
const PLAYING_KEY = `${NS}:playing`; // localStorage: the game on the table when the page was left
const SETUP_KEY = `${NS}:setup`; // localStorage: last lobby setup
const GAMES_KEY = `${NS}:games`; // localStorage: list_games, to draw the lobby at once
// …one list per language (English keeps the key of before).
const gamesKey = () => (currentLang() === "en" ? GAMES_KEY : `${GAMES_KEY}:${currentLang()}`);
// The games this page has a table for (game id -> renderer); the engine may know more.
const RENDERERS = { ono99: ono99Table, canasta: canastaTable, three_up: threeUpTable, own_trumps: ownTrumpsTable };
const TABLES = new Set(Object.keys(RENDERERS));
const renderer = () => RENDERERS[game.info?.game] || ono99Table;
// Empty the table of whatever game it showed: nothing of any hand stays in the DOM or in memory.
const clearTable = () => {
  for (const r of Object.values(RENDERERS)) r.clear();
  forgetHands();
};
/** The table shows no hand now (the curtain, a computer's turn, the lobby): drop what was kept of
 *  one, the hand noted to mark the card just drawn and the faces cached for its cards. */
function forgetHands() {
  forgetHand();
  forgetFaces();
}
const playable = (list) => (list || []).filter((g) => TABLES.has(g.id) && (!EMBED || g.id === EMBED.game));

// What the page reads back from localStorage, checked (web/app/stored.js): a damaged value is
// replaced by what is right of it, and what is wrong falls back to its default.
/** The cached list of games: the games in it the lobby can draw (none: the key goes). */
const cachedGames = (list) => (Array.isArray(list) && list.some(isGameInfo) ? list.filter(isGameInfo) : null);
/** A game's page state ({viewer, roundShown, lastEvent, id}, see saveUi): its fields that are right;
 *  none without the match's id, which says whose it is. */
function pageState(value) {
  const ui = kept(value, {
    viewer: (seat) => seat === null || isCount(seat),
    roundShown: isCount,
    lastEvent: isCount,
    id: isText,
  });
  return Object.hasOwn(ui, "id") ? ui : null;
}
/** The games of the cached list (in the page's language) this page can play. */
const readGames = () => playable(readStored(gamesKey(), cachedGames));
const readSetup = () => readStored(SETUP_KEY, rememberedSetup);
const readUi = (key) => readStored(key, pageState);
/** The key of the game on the table when the page was left (one of this page's save slots). */
const readPlaying = () => readStored(PLAYING_KEY, (key) => (isText(key) && key.startsWith(SAVES) ? key : null));

// A guest's page has no engine: the host's answers for its seat (web/net/guest.js).
const guest = joining ? new GuestClient() : null;
const client = guest || new EngineClient();
// Seats played on other devices: their choices come over the network (web/net/host.js).
const host = guest
  ? null
  : new Host({ client, ns: NS, onchange: () => advance(), onstatus: () => drawInvitations(host) });
if (query.get("bench") === "1") client.call("__options", { timeBotMove: true });

const game = {
  handle: null,
  key: null, // where the open game is saved
  info: null, // MatchInfo
  persons: [], // seats of people
  viewer: null, // the person whose hand is shown (null: nobody's)
  view: null, // the view being shown (null while the curtain is up)
  gen: 0, // bumps on every step; stale timers and replies check it
  timer: null,
  busy: false,
  lastEvent: 0,
  roundShown: 0,
  tapTimed: null, // the viewer's last tap, until the table shows its result (kit.js timeTap)
  myTurn: false, // the viewer was to act at the last drawing ("your turn" sounds once)
};
let games = readGames();
if (!games.length) games = null;
let saves = []; // the saved games, as the worker lists them
let engineReady = null; // resolves (true) once the engine is up and the saved games are known

// ------------------------------------------------------------------ lobby
const lobby = new Lobby({
  onStart: startGame,
  onResume: resumeSaved,
  onDelete: deleteSaved,
  onChoose: (g) => offerLesson(EMBED ? null : g, startLesson),
});
// A game on the table when the page was left (an embedded table: its game, or a new one) comes back
// as soon as the engine is up: the lobby's form is not shown meanwhile (boot() shows it if not).
lobby.setResuming(!!EMBED || !!readPlaying());
client.onprogress = (p) => lobby.progress(p);
// Between games: the statistics, the recent games and their replays, the same deal again.
const stats = setUpStats(client, (id) => titleOf(id));
const replays = setUpReplays({ client, renderers: RENDERERS, titleOf: (id) => titleOf(id), dealAgain });
$("stats-button").addEventListener("click", () => stats.show());
const showRecent = () =>
  replays.showRecent(() => {
    showLobbyScreen();
    showRecent();
  });
$("recent-button").addEventListener("click", showRecent);
if (games) lobby.setGames(games, readSetup() || EMBED?.setup);
else bundledGames();

/** First visit: the list of games the build bundled with the page, until the engine's own. */
async function bundledGames() {
  try {
    const r = await fetch(currentLang() === "en" ? "games.json" : `games.${currentLang()}.json`);
    const list = playable(await r.json());
    if (!games && list.length) {
      games = list;
      lobby.setGames(games, readSetup() || EMBED?.setup);
    }
  } catch (e) {
    console.warn("No list of games came with the page; the lobby waits for the engine's:", e);
  }
}

$("rules-button").addEventListener("click", () => {
  // The game on the table; in the lobby, the game chosen there.
  const id = ($("lobby").hidden && game.info?.game) || lobby.game?.id;
  const info = (games || []).find((g) => g.id === id) || lobby.game;
  showRules(info, game.info?.options_text);
  $("learn-button").hidden = !info?.lesson || !!EMBED;
  $("learn-button").onclick = () => startLesson(info.id);
});
keepFocus();
setUpReadTable(async () => {
  const seen = game.view; // the table shown now, as its seat sees it (the engine says it in words)
  if (!seen || !game.handle) return null;
  return (await client.call("read_table", { handle: game.handle, seat: seen.seat })).text;
});
$("settings-button").addEventListener("click", showSettings);
$("leave-button").addEventListener("click", leaveGame);

async function leaveGame() {
  // (A lesson is not saved: "it stays saved" would not be true, and there is nothing to keep.)
  if (game.view?.over || inLesson(game.handle)) {
    backToLobby(true);
    return;
  }
  if (await confirmLeave()) backToLobby(false);
}

const titleOf = (gameId) => (games || []).find((g) => g.id === gameId)?.title || gameId;

// Back closes the dialog on top; at the table it asks before leaving the game. (An embedded
// table leaves the host page's history alone.)
if (!EMBED)
  guardBack({
    wanted: () => $("lobby").hidden || !!document.querySelector("dialog[open]"),
    onBack: () => {
      const open = [...document.querySelectorAll("dialog[open]")];
      if (open.length) open[open.length - 1].close();
      else if (replays.isOpen()) replays.close(true);
      else if ($("lobby").hidden && game.handle) leaveGame();
    },
    watch: [$("lobby"), ...document.querySelectorAll("dialog")],
  });

async function refreshSaves() {
  try {
    // The slot of each game, and the one slot of before while a game is still there (one it could
    // not move at start-up: a damaged one, offered from its last move that can be read).
    const listed = (await client.call("saves", { prefix: `${NS}:` })).saves;
    saves = listed
      .filter((s) => s.key.startsWith(SAVES) || s.key === OLD_SAVE_KEY)
      // A save too damaged to name its game is still that of the game its key names.
      .map((s) => ({ ...s, game: s.game || (s.key === OLD_SAVE_KEY ? null : s.key.slice(SAVES.length)) }))
      .filter((s) => TABLES.has(s.game) && (!EMBED || s.game === EMBED.game));
  } catch (e) {
    console.warn("The saved games could not be listed:", e);
    saves = [];
  }
  lobby.showSaves(saves, game.handle && !game.over ? game.key : null);
}

function showLobbyScreen() {
  stopTimers();
  replays.close(false);
  closeAll();
  hideCurtain();
  clearTable();
  game.view = null;
  $("leave-button").hidden = true;
  $("read-button").hidden = true;
  removeStored(PLAYING_KEY);
  host?.close();
  lobby.show();
  document.title = t("pygames");
  if (engineReady) engineReady.then(refreshSaves);
}

function showTableScreen() {
  lobby.hide();
  $("leave-button").hidden = false;
  $("read-button").hidden = false;
  advance();
}

async function backToLobby(finished) {
  if (guest) return guest.leave();
  if (inLesson(game.handle)) await closeGame(); // a lesson is not saved: nothing to come back to
  if (finished && game.handle) {
    await client.call("forget", { key: game.key }).catch(() => {});
    await closeGame();
  }
  if (game.info) lobby.setGames(games, setupFromInfo(game.info));
  showLobbyScreen();
}

/** Close the open game in the engine (its save stays unless it was forgotten). */
async function closeGame() {
  const handle = game.handle;
  if (inLesson(handle)) setLesson(null);
  game.handle = null;
  game.key = null;
  if (handle) await client.call("close", { handle }).catch(() => {});
}

/** Resume a saved game from the lobby's list (the open one, if that is it). `at`: a damaged save's
 *  moves that can be read, where the player chose to resume it. */
async function resumeSaved(key, at) {
  if (game.handle && game.key === key) {
    enterGame(game.handle, game.info, null, key);
    return;
  }
  lobby.showProblem("");
  await closeGame();
  try {
    const r = await client.call("resume", at == null ? { key } : { key, at });
    // A game of the one slot of before goes to its game's slot as it opens.
    const opened = !r.found ? null : key === OLD_SAVE_KEY ? await toItsSlot(r) : { ...r, key };
    if (opened) enterGame(opened.handle, opened.info, readUi(uiKey(opened.info.game)), opened.key);
    else refreshSaves();
  } catch (e) {
    resumeFailed(key, e);
  }
}

/** A saved game did not open: say why. One that is damaged is not opened unless the player chooses
 *  the move the list offers; the list (drawn again) says what can be read of it. */
function resumeFailed(key, e) {
  if (e.code !== "damaged_save") {
    lobby.showProblem(savedGameProblem(e.message));
    return;
  }
  const gameId = saves.find((s) => s.key === key)?.game;
  const title = gameId ? titleOf(gameId) : t("A game");
  lobby.showProblem(t("Your saved {title} game is damaged, so it was not resumed: see below.", { title }));
  refreshSaves();
}

async function deleteSaved(key, title) {
  const yes = await ask({
    title: t("Delete your saved {title} game?", { title }),
    text: t("It cannot be brought back."),
    yes: t("Delete it"),
    no: t("Keep it"),
  });
  if (!yes) return;
  if (game.key === key) await closeGame();
  await client.call("forget", { key }).catch(() => {});
  const save = saves.find((s) => s.key === key);
  if (save?.game) removeStored(key === OLD_SAVE_KEY ? OLD_UI_KEY : uiKey(save.game));
  refreshSaves();
}

function setupFromInfo(info) {
  const prev = readSetup() || {};
  return { ...prev, game: info.game, values: info.options, seats: info.seats };
}

let startWanted = false; // Start was pressed: the page does not resume a game on its own any more

async function startGame(setup, options) {
  writeStored(SETUP_KEY, setup);
  markSeen(setup.game);
  lobby.showProblem("");
  startWanted = true;
  if (!lobby.ready) {
    // A first visit: the lobby was filled in while the engine loads; the game starts when it is up.
    lobby.setWaiting(true);
    const ok = await engineReady;
    lobby.setWaiting(false);
    if (!ok) return;
  }
  if (!(await mayReplace(setup.game))) return;
  const params = { game: setup.game, seats: host.engineSeats(setup.seats), options };
  if (SEED !== undefined) params.seed = SEED;
  await newGame(params);
}

/** One saved game per game: replacing one that is not finished (or damaged) needs a yes. */
async function mayReplace(gameId) {
  const saved = saves.find((s) => savedOf(s, gameId) && (s.damaged || !s.summary?.over));
  if (saved) {
    const title = titleOf(gameId);
    const progress = !saved.damaged && saved.summary?.progress;
    const yes = await ask({
      title: t("Replace your saved {title} game?", { title }),
      text: progress
        ? t(
            "A new game of {title} takes the place of the one you saved ({progress}). Your saved games of other games stay.",
            { title, progress },
          )
        : t("A new game of {title} takes the place of the one you saved. Your saved games of other games stay.", {
            title,
          }),
      yes: t("Replace it"),
      no: t("Keep it"),
    });
    if (!yes) return false;
  }
  return true;
}

/** "Play this deal again": the deal of a finished game (`source`: its {handle} or {id}) as a new
 *  game of `gameId`, each player `rotate` seats on. */
async function dealAgain(source, rotate, gameId) {
  if (!(source.handle && source.handle === game.handle) && !(await mayReplace(gameId))) return;
  try {
    const key = saveKey(gameId);
    const r = await client.call("deal_again", { ...source, rotate }, key);
    if (game.handle) client.call("close", { handle: game.handle }).catch(() => {});
    enterGame(r.handle, r.info, { viewer: null, roundShown: 0, id: r.info.id }, key);
  } catch (e) {
    if ($("lobby").hidden) showLobbyScreen();
    lobby.showProblem(e.message);
  }
}

async function newGame(params) {
  const start = $("start-button");
  start.disabled = true;
  try {
    const old = game.handle;
    const key = saveKey(params.game);
    const r = await client.call("new_game", params, key);
    if (old) client.call("close", { handle: old }).catch(() => {});
    enterGame(r.handle, r.info, { viewer: null, roundShown: 0, id: r.info.id }, key);
    if (oldSaveDamaged || saves.some((s) => s.key === OLD_SAVE_KEY && s.game === params.game)) {
      // replaced by a new game: one that cannot be read, as the one slot of before was; a game of
      // this game, as its slot is (the player was asked)
      oldSaveDamaged = false;
      client.call("forget", { key: OLD_SAVE_KEY }).catch(() => {});
    }
    if (r.save_error)
      showMessage(t("This game cannot be saved on this device ({reason}); it still plays.", { reason: r.save_error }));
  } catch (e) {
    // Back to (or stay in) the lobby and say what the engine said (bad seats, bad option…).
    if ($("lobby").hidden) showLobbyScreen();
    lobby.showProblem(e.message);
  } finally {
    start.disabled = false;
  }
}

/** A game's first game that teaches (app/lesson.js): not saved, and it replaces nothing saved. */
async function startLesson(gameId) {
  markSeen(gameId);
  closeAll();
  lobby.showProblem("");
  if (!lobby.ready) {
    lobby.setWaiting(true);
    const ok = await engineReady;
    lobby.setWaiting(false);
    if (!ok) return;
  }
  try {
    const r = await client.call("new_lesson", { game: gameId });
    await closeGame(); // the game that was open stays saved
    setLesson(r.handle);
    enterGame(r.handle, r.info, { viewer: null, roundShown: 0, id: r.info.id }, null);
  } catch (e) {
    if ($("lobby").hidden) showLobbyScreen();
    lobby.showProblem(e.message);
  }
}

function enterGame(handle, info, ui, key) {
  game.handle = handle;
  game.key = key;
  game.info = info;
  writeStored(PLAYING_KEY, key);
  game.over = false;
  game.fastForward = false;
  const remote = host ? host.open(handle, info) : new Set();
  game.persons = info.seats.map((s, i) => (s.kind === "human" && !remote.has(i) ? i : null)).filter((i) => i !== null);
  if (!ui) ui = { viewer: game.viewer, roundShown: game.roundShown, lastEvent: game.lastEvent, id: info.id };
  const sameGame = ui && ui.id === info.id;
  game.viewer =
    game.persons.length === 1 ? game.persons[0] : sameGame && game.persons.includes(ui.viewer) ? ui.viewer : null;
  game.roundShown = sameGame ? ui.roundShown || 0 : 0;
  game.lastEvent = sameGame ? ui.lastEvent || 0 : 0;
  resetHistory();
  forgetHands();
  saveUi();
  closeAll();
  showTableScreen();
}

function saveUi() {
  if (!game.info || !game.key) return; // (a lesson keeps no page state)
  writeStored(uiKey(game.info.game), {
    viewer: game.viewer,
    roundShown: game.roundShown,
    lastEvent: game.lastEvent,
    id: game.info.id,
  });
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
 * `asked`: the view `currentView` asks for first, already on its way (a move's, see `choose`).
 */
async function advance(drawn = null, asked = null) {
  stopTimers();
  const gen = game.gen;
  let view;
  try {
    view = await currentView(asked);
  } catch (e) {
    return engineTrouble(e);
  }
  if (gen !== game.gen) return;
  host?.push();
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
    if (curtain) {
      game.view = null;
      clearTable();
    } else show(view, []);
    if (drawn) drawn();
    // Shown once: a later redraw (even one that overtakes this) does not show it again.
    game.roundShown = summary.no;
    game.fastForward = false; // a new round, hand or game: back to the readable pace
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
  if (passTo != null)
    extra.push({
      label: t("Pass the device to {name}", { name: nameOf(passTo) }),
      onClick: () => raiseCurtain(passTo),
    });
  // Every person is out: the computers may finish without the readable pause.
  const peopleOut =
    game.persons.length > 0 &&
    view.players.filter((p) => isPerson(p.seat)).every((p) => p.status === "eliminated" || p.status === "out");
  if (!over && peopleOut && !game.fastForward) {
    extra.push({
      label: t("Fast-forward to the end"),
      onClick: () => {
        game.fastForward = true;
        advance();
      },
    });
  }
  if (!over && viewerWaits && offersHard())
    extra.push({ label: t("Suggest a move"), short: t("Suggest"), onClick: () => suggestMove(gen, view.seat) });
  show(view, extra);
  if (drawn) drawn();
  // "Your turn" sounds when the turn comes to the viewer, not on every redraw within it.
  const myTurn = !over && viewerWaits && view.seat === game.viewer;
  if (myTurn && !game.myTurn) yourTurn();
  game.myTurn = myTurn;

  if (over) {
    game.over = true;
    if (summary) {
      game.roundShown = summary.no;
      saveUi();
    }
    const parts = renderer().result(view) || {};
    // Statistics and replays are the host's (a guest has no engine); a lesson's stacked deal counts for nothing.
    if (!guest && !inLesson(game.handle))
      parts.nodes = [...(parts.nodes || []), replays.resultPart(game.handle, () => advance())];
    showResult(view, { onPlayAgain: playAgain, onNewGame: () => backToLobby(true) }, parts);
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
async function currentView(asked = null) {
  const first = asked || viewOf(firstViewSeat());
  if (game.persons.length < 2 || game.viewer == null) return first;
  const table = await first;
  if (!table.over && (table.waiting_for || []).includes(game.viewer)) return viewOf(game.viewer);
  game.viewer = null;
  saveUi();
  return table;
}

/** What `seat` (null: the public table) sees of the open game now. */
async function viewOf(seat) {
  return (await client.call("view", { handle: game.handle, seat })).view;
}

/** The seat whose view `currentView` asks for first (null: the public table). */
function firstViewSeat() {
  return game.persons.length < 2 || game.viewer == null ? game.viewer : null;
}

/** Does this game have a Hard player, who can also suggest a person's move? */
function offersHard() {
  const info = (games || []).find((g) => g.id === game.info.game);
  return !!info && (info.bots || []).some((b) => (b.id || b) === "hard");
}

/** "Suggest a move": the Hard player's choice for the seat on the table, from its view only. */
async function suggestMove(gen, seat) {
  try {
    const hint = await client.call("hint", { handle: game.handle, seat, think_ms: getSetting("thinkMs") });
    if (gen === game.gen && game.view && game.view.seat === seat) showHint(hint);
  } catch (e) {
    if (gen === game.gen) showMessage(e.message);
  }
}

async function botMove(gen, seat) {
  if (gen !== game.gen) return;
  try {
    await client.call("bot_act", { handle: game.handle, seat, think_ms: getSetting("thinkMs") });
  } catch (e) {
    if (gen === game.gen) engineTrouble(e);
    return;
  }
  if (gen === game.gen) advance();
}

function nameOf(seat) {
  return game.info.seats[seat]?.name || t("Seat {number}", { number: seat + 1 });
}

function show(view, extraButtons) {
  // Where the cards are now, so that each one can glide to its new place once the table is drawn.
  const moves = capture(game.view);
  // The hand leaves the table (a computer plays now, the device may be on its way): none is kept.
  if (game.view?.hand && !view.hand) forgetHands();
  game.view = view;
  hideCurtain();
  noteHand(view);
  renderer().render(view, { onCard, onAction, onUndo, explain, extraButtons });
  showStep(client, game.handle, view);
  renderHistory();
  refitTable();
  placeFocus(); // once the table is fitted and measured: the focus then lays out nothing again
  watchFelt();
  announce(view);
  document.title = renderer().title(view);
  // The animations start on the final table; their setting up counts in the tap's time.
  moves.play(view);
  game.tapTimed?.(); // (bench/page_speed.py: a tap → the table shows the result)
  game.tapTimed = null;
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
  soundEvents(fresh);
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
  saveUi();
  clearTable();
  showMessage("");
  game.curtainFor = seat;
  labelCurtain();
  const button = $("curtain-button");
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

/** The curtain's words, for the person it waits for (again after a change of language). */
function labelCurtain() {
  const name = nameOf(game.curtainFor);
  $("curtain-title").textContent = t("Pass the device to {name}", { name });
  const button = $("curtain-button");
  button.textContent = t("Tap when ready");
  button.setAttribute("aria-label", t("Pass the device to {name} — tap when ready", { name }));
}

function hideCurtain() {
  $("curtain").hidden = true;
  $("app").inert = false;
}

// ------------------------------------------------------------------ the viewer's choices
function onCard(card, button) {
  if (game.busy || !game.view) return;
  if (!card.playable) {
    showMessage(card.why || t("That card cannot be played now."));
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
  const done = client.call(method, { handle: game.handle, seat: game.viewer, ...params });
  // The view to draw next is asked for at once: the worker answers in order, so it is the view after
  // the move, and it comes without a second trip to the worker once the page hears of the move (a
  // guest's client answers a view from what the host last sent, so a guest waits for the move).
  const asked = guest ? null : viewOf(firstViewSeat());
  asked?.catch(() => {}); // (a failure is met where the view is awaited)
  try {
    await done;
    if (method === "undo") game.resyncEvents = true;
  } catch (e) {
    game.tapTimed = null;
    problem = e.message;
  }
  try {
    await advance(() => setBusy(false), asked);
  } finally {
    setBusy(false);
  }
  showMessage(problem || "");
}

function onAction(action, button) {
  if (game.busy || !game.view) return;
  game.tapTimed = timeTap(action.type);
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
  if (guest) return guest.leave();
  const info = game.info;
  closeAll();
  await newGame({ game: info.game, seats: info.seats, options: info.options });
}

function engineTrouble(e) {
  console.warn(e);
  if (e instanceof EngineError && (e.code === "unknown_handle" || e.code === "engine_unavailable")) {
    game.handle = null;
    showLobbyScreen();
    lobby.showProblem(t("The game was lost: {reason}", { reason: e.message }));
    return;
  }
  showMessage(e.message || String(e));
}

// ------------------------------------------------------------------ start
let oldSaveDamaged = false; // the one slot of before holds a save that cannot be read

/**
 * Start-up, once the engine is up: the saved games (a save in the one slot of before is moved to its
 * game's), the game that was on the table when the page was left, unless Start was pressed
 * meanwhile, and the engine's list of games. Resolves true when the lobby can start games.
 */
async function boot() {
  try {
    await client.ready;
  } catch (e) {
    lobby.setResuming(false);
    lobby.setFailed(e.message);
    return false;
  }
  const old = await moveOldSave();
  await refreshSaves();
  if (old?.damaged && saves.some((s) => s.key === OLD_SAVE_KEY)) resumeFailed(OLD_SAVE_KEY, old.damaged);
  else if (old?.damaged) unreadableOldSave(old.damaged);
  const moved = old?.found ? old : null;
  const playing = EMBED ? saveKey(EMBED.game) : readPlaying();
  let embedStart = false;
  if (moved && !startWanted) {
    enterGame(moved.handle, moved.info, readUi(uiKey(moved.info.game)), moved.key);
  } else if (moved) {
    client.call("close", { handle: moved.handle }).catch(() => {});
  } else if (playing && !startWanted && saves.some((s) => s.key === playing)) {
    try {
      const r = await client.call("resume", { key: playing });
      if (r.found) enterGame(r.handle, r.info, readUi(uiKey(r.info.game)), playing);
    } catch (e) {
      resumeFailed(playing, e);
      // An embed starts anyway: a damaged save is of no use to a casual table.
      if (EMBED) embedStart = true;
    }
  } else if (EMBED) {
    // An embedded table starts at once, with the seats of its URL. (Storage may be refused in a
    // third-party iframe: the game then plays unsaved, and says so.)
    embedStart = true;
  }
  // After the table is back (the lobby shows the list kept from the last visit, or the page's, till then).
  try {
    const listed = playable((await client.call("list_games")).games);
    writeStored(gamesKey(), listed);
    // Redrawn only when it differs from the list the lobby shows: someone may be filling it in.
    if (JSON.stringify(listed) !== JSON.stringify(games)) {
      games = listed;
      lobby.setGames(games, lobby.game ? lobby.setup() : readSetup() || EMBED?.setup);
    }
  } catch (e) {
    lobby.setResuming(false);
    lobby.setFailed(e.message);
    return false;
  }
  lobby.setReady();
  if (embedStart && !startWanted) await startGame(lobby.setup(), lobby.options());
  lobby.setResuming(false); // behind the table by now, unless no game came back
  setUpOffline();
  return true;
}

/** The one slot of before (`…:current`): its game, opened and moved to its game's slot; or
 *  {damaged: the error} when its moves are not all there (it stays there, to be listed with what
 *  can be read of it); or null. */
async function moveOldSave() {
  let r;
  try {
    r = await client.call("resume", { key: OLD_SAVE_KEY });
  } catch (e) {
    if (e.code === "damaged_save") return { damaged: e };
    unreadableOldSave(e);
    return null;
  }
  return r.found ? toItsSlot(r) : null;
}

/** The one slot of before holds a save that cannot be read (nor listed): it is said, and the next
 *  new game replaces it, as it replaced the one slot then. */
function unreadableOldSave(e) {
  oldSaveDamaged = true;
  lobby.showProblem(savedGameProblem(e.message));
}

/** The game `r` opened from the one slot of before, moved to its game's slot with its page state:
 *  {...r, key: where it is saved now}; null if this page cannot show its game. */
async function toItsSlot(r) {
  if (!TABLES.has(r.info.game)) {
    client.call("close", { handle: r.handle }).catch(() => {});
    lobby.showProblem(savedGameProblem(t("this page cannot show a game of {game}", { game: r.info.game })));
    return null;
  }
  const key = saveKey(r.info.game);
  try {
    await client.call("move_save", { handle: r.handle, key });
  } catch (e) {
    console.warn("The saved game could not be moved to its game's slot:", e);
    return { ...r, key: OLD_SAVE_KEY };
  }
  const ui = readUi(OLD_UI_KEY);
  if (ui) writeStored(uiKey(r.info.game), ui);
  removeStored(OLD_UI_KEY);
  return { ...r, key };
}

function savedGameProblem(reason) {
  const lead = t("This saved game could not be read");
  let text = String(reason || "").trim();
  if (!text.toLowerCase().startsWith(lead.toLowerCase())) text = t("{lead}: {reason}", { lead, reason: text });
  if (!/[.!?।]$/.test(text)) text += currentLang() === "pa" ? "।" : ".";
  return t("{problem} You can start a new game.", { problem: text });
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
      if (!navigator.serviceWorker.controller) return; // first install: nothing to switch from
      $("update-banner").hidden = false;
      $("update-reload").onclick = () => {
        wantReload = true;
        worker.postMessage("skip-waiting");
      };
    };
    const watch = (worker) => {
      if (!worker) return;
      if (worker.state === "installed") offer(worker);
      else
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed") offer(worker);
        });
    };
    watch(reg.waiting || reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (wantReload) {
        wantReload = false;
        location.reload();
      }
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

// ------------------------------------------------------------------ language
// Chosen in the lobby (and in Settings): kept on this device; everything is drawn again in it.
const langSelect = $("lang-select");
for (const [code, name] of Object.entries(LANGUAGES)) {
  const option = document.createElement("option");
  option.value = code;
  option.lang = code;
  option.textContent = name;
  langSelect.append(option);
}
langSelect.value = currentLang();
langSelect.addEventListener("change", () => setSetting("lang", langSelect.value));
onSettingChange((name, value) => {
  if (name !== "lang") return;
  const wanted = value === "auto" ? wantedLang() : value;
  if (wanted !== currentLang()) setLang(wanted);
});
onLangChange(relabelAll);

/** After a change of language: the lobby, the saved games, and the game on the table (its view and
 *  whole history, asked of the engine again in the new language); the curtain's words. What was
 *  said once (the announcements, a refusal's reason) is not said again: it goes. */
async function relabelAll(lang) {
  langSelect.value = lang;
  // A view asked for in the old language is not drawn (nor announced) after this; the table is
  // drawn again below, in the new one.
  if (game.handle && $("lobby").hidden && $("curtain").hidden) stopTimers();
  $("announcer").replaceChildren();
  showMessage("");
  lobby.relabel();
  if ($("lobby").hidden === false) document.title = t("pygames");
  const cached = readGames();
  if (cached.length) {
    games = cached;
    lobby.setGames(games, lobby.game ? lobby.setup() : null);
  }
  let ready = false;
  if (engineReady) ready = await Promise.race([engineReady, Promise.resolve(false)]);
  if (ready) {
    try {
      const listed = playable((await client.call("list_games")).games);
      writeStored(gamesKey(), listed);
      games = listed;
      lobby.setGames(games, lobby.game ? lobby.setup() : null);
    } catch (e) {
      console.warn(e);
    }
    refreshSaves();
  } else if (!cached.length) {
    games = null;
    await bundledGames();
  }
  if ($("settings-dialog").open) showSettings();
  if (!$("curtain").hidden && game.curtainFor != null && game.info) labelCurtain();
  if (game.handle && $("lobby").hidden) {
    const events = roundEvents();
    if (events.length) {
      try {
        replaceHistory((await client.call("events", { handle: game.handle, since: events[0].n - 1 })).events);
      } catch (e) {
        console.warn("The history could not be drawn again:", e);
      }
    }
    try {
      game.info = (await client.call("info", { handle: game.handle })).info; // the options, for the rules
    } catch (e) {
      console.warn("The game's options could not be read again:", e);
    }
    if ($("curtain").hidden) advance();
  }
}

if (guest) {
  engineReady = joinAsGuest(guest, {
    onwelcome: (info) => enterGame("remote", info, null, null),
    onchange: () => game.handle && advance(),
  });
} else {
  addJoinBox();
  engineReady = boot();
}
