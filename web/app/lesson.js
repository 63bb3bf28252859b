// A first game that teaches (issue 24). The engine holds each game's lesson (`new_lesson`, `lesson`:
// docs/api.md): the step due, its one-line prompt and the action it expects; the computers' moves
// are the engine's too. This module shows the prompt above the hand, marks the cards and the
// button of the expected action (as "Suggest a move" marks its own), and remembers on this device
// which games a lesson has been offered for. Presentation only: a tap goes to the engine as in any
// game, which refuses what the lesson does not want, in its own words.

import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { isName, kept, listOf } from "./shapes.js";
import { readStored, writeStored } from "./stored.js";
import { cardsOf, markAction } from "../tables/hint.js";

const KEY = "pygames:lessons"; // localStorage: {seen: [game ids]}, the games offered a lesson already
const MARK = "lesson-target";
const seenGames = () => readStored(KEY, (value) => kept(value, { seen: listOf(isName) })).seen || [];

/** Remember that `gameId` has been visited: its lesson is no longer offered in the lobby. */
export function markSeen(gameId) {
  const seen = seenGames();
  if (!seen.includes(gameId)) writeStored(KEY, { seen: [...seen, gameId] });
}

/** In the lobby: offer the chosen game's lesson on the first visit to that game (`game`: GameInfo). */
export function offerLesson(game, onLearn) {
  const box = $("lesson-offer");
  const wanted = !!game?.lesson && !seenGames().includes(game.id);
  box.hidden = !wanted;
  if (!wanted) return;
  $("lesson-offer-text").textContent = t("New to {game}? A short guided game teaches the rules in a few turns.", {
    game: game.title,
  });
  $("lesson-offer-button").onclick = () => onLearn(game.id);
}

let lesson = { handle: null, step: null }; // the open lesson's game, and the step shown

// A tap that selects a card draws the table's choices again (a Meld button, say), and a table may
// restyle the cards it keeps (their classes set anew): the marks are put back each time.
const redrawn = new MutationObserver(() => {
  if (lesson.step?.expect) markStep();
});
redrawn.observe($("table"), { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });

/** A lesson's game is on the table now (`handle`), or none is (null). */
export function setLesson(handle) {
  lesson = { handle, step: null };
  if (!handle) $("lesson-prompt").hidden = true;
}

export const inLesson = (handle) => !!handle && lesson.handle === handle;

/** After the table is drawn from `view`: ask the engine for the step due and show it. */
export async function showStep(client, handle, view) {
  const box = $("lesson-prompt");
  if (!inLesson(handle) || view.seat == null) {
    box.hidden = true;
    return;
  }
  lesson.step = null;
  markStep();
  let step;
  try {
    step = (await client.call("lesson", { handle, seat: view.seat })).lesson;
  } catch (e) {
    console.warn("The lesson's step could not be read:", e);
    return;
  }
  if (!inLesson(handle)) return;
  lesson.step = step;
  if (step.prompt) {
    box.textContent = step.done
      ? step.prompt
      : t("Step {step} of {steps}: {prompt}", { step: step.step, steps: step.steps, prompt: step.prompt });
    box.hidden = false;
  }
  box.classList.toggle("done", step.done);
  markStep();
}

/** Mark the expected action's cards and button on the table as drawn now (again after a tap that
 *  selected a card: the table draws its choices again). */
export function markStep() {
  for (const node of $("table").querySelectorAll(`.${MARK}`)) node.classList.remove(MARK);
  const expect = lesson.handle ? lesson.step?.expect : null;
  if (!expect) {
    redrawn.takeRecords();
    return;
  }
  markAction(expect, MARK);
  // Where each marked card comes in the action (Own Trumps: the card that beats, then the one added).
  const order = cardsOf(expect);
  for (const card of $("table").querySelectorAll(`.hand-card.${MARK}`)) {
    const face = card.dataset.card ? card : card.querySelector("[data-card]");
    card.dataset.lessonOrder = String(order.indexOf(face?.dataset.card));
  }
  redrawn.takeRecords(); // the marks' own changes are no redrawing
}
