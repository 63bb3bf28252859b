// How a Canasta team's melds look. Presentation only: the engine's view says each meld's
// rank, cards, wild count, points and canasta kind (natural, mixed or none); this module
// puts that into plain words for assistive tech, and into cards and marks for the eye.

import { el } from "../app/dom.js";
import { t, tn } from "../app/i18n.js";
import { miniPlayingCard, rankPlural } from "./cards.js";

/** "Queens", "Black threes": the meld's name as a choice ("Add to meld: Queens") says it. */
export function meldName(m) {
  return rankPlural(m.rank);
}

const STATE = () => ({ natural: t("Natural canasta"), mixed: t("Mixed canasta") });

/** One meld in words: its rank, its facts and its canasta state ("Meld of kings: 7 cards, …"). */
export function meldLabel(m) {
  const facts = [
    tn("{n} card", "{n} cards", m.size),
    m.wilds ? tn("{n} wild card", "{n} wild cards", m.wilds) : t("no wild cards"),
    tn("{n} point", "{n} points", m.count),
  ];
  const state = STATE()[m.canasta] || t("Not a canasta yet");
  return t("Meld of {meld}: {facts}, {state}", {
    meld: meldName(m).toLowerCase(),
    facts: facts.join(t(", ")),
    state: state.toLowerCase(),
  });
}

/** A rank as its card's index shows it ("K", "10"); a joker's star. */
const rankMark = (rank) => (rank === "JK" ? "★" : rank);

/**
 * One meld as a list item, named in words for assistive tech. It is drawn two ways (styles/cards.css
 * picks one, by how much room the table has): its cards fanned, with their count; or, compact, one
 * card standing for the whole meld: its rank, its count and its wild cards. A canasta is always that
 * one card, closed into a stack, red for a natural canasta and black for a mixed one.
 */
function meldItem(m) {
  const item = el("li", { class: `meld ${m.canasta || "open"}`, "aria-label": meldLabel(m) });
  item.dataset.rank = m.rank;
  item.dataset.count = String(m.size);
  item.style.setProperty("--n", String(m.cards.length));
  const tile = el(
    "span",
    { class: "meld-tile", "aria-hidden": "true" },
    el("span", { class: "meld-rank", text: rankMark(m.rank) }),
    el("span", { class: "meld-count", text: String(m.size) }),
    m.wilds ? el("span", { class: "meld-wilds", text: `★${m.wilds}` }) : null,
  );
  const cards = el("span", { class: "meld-cards", "aria-hidden": "true" });
  for (const c of m.cards) cards.append(miniPlayingCard(c));
  item.append(tile, cards);
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
