// How a Canasta team's melds look. Presentation only: the engine's view says each meld's
// rank, cards, wild count, points and canasta kind (natural, mixed or none); this module
// puts that into plain words, for the eye and for assistive tech alike.

import { el } from "../app/dom.js";
import { t, tn } from "../app/i18n.js";
import { miniPlayingCard, rankPlural } from "./cards.js";

/** "Queens", "Black threes": the meld's name as a choice ("Add to Queens meld") says it. */
export function meldName(m) {
  return rankPlural(m.rank);
}

const STATE = () => ({ natural: t("Natural canasta"), mixed: t("Mixed canasta") });

/** The words of one meld: its heading, its facts, its canasta state. */
export function meldWords(m) {
  const facts = [
    tn("{n} card", "{n} cards", m.size),
    m.wilds ? tn("{n} wild card", "{n} wild cards", m.wilds) : t("no wild cards"),
    tn("{n} point", "{n} points", m.count),
  ];
  const state = STATE()[m.canasta] || t("Not a canasta yet");
  return {
    name: meldName(m),
    facts,
    state,
    label: t("Meld of {meld}: {facts}, {state}", {
      meld: meldName(m).toLowerCase(),
      facts: facts.join(t(", ")),
      state: state.toLowerCase(),
    }),
  };
}

/** One meld as a list item: name and canasta state, the facts, then every card (wild ones marked). */
function meldItem(m) {
  const words = meldWords(m);
  const item = el("li", { class: `meld ${m.canasta || "open"}`, "aria-label": words.label });
  item.dataset.rank = m.rank;
  const cards = el("div", { class: "meld-cards", "aria-hidden": "true" });
  for (const c of m.cards) cards.append(miniPlayingCard(c));
  item.append(
    el(
      "div",
      { class: "meld-head", "aria-hidden": "true" },
      el("span", { class: "meld-rank", text: words.name }),
      el("span", { class: "meld-state", text: words.state }),
    ),
    el("p", { class: "meld-facts", "aria-hidden": "true", text: words.facts.join(" · ") }),
    cards,
  );
  return item;
}

/** A team's melds (the engine's `team.melds`), or a line saying there are none yet.
 * `name` names the list ("North-South melds"). */
export function meldList(melds, name) {
  if (!melds.length) return el("p", { class: "muted melds-none", text: t("No melds yet") });
  const list = el("ul", { class: "melds", "aria-label": name });
  for (const m of melds) list.append(meldItem(m));
  return list;
}
