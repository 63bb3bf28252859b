// The page's words in the player's language: English (the msgids themselves), Punjabi (pa) or
// Gujarati (gu). The build writes locale/<lang>.json = {"lang", "messages": {msgid: msgstr or
// [one, many]}} with the page's catalog (web/locale/<lang>/LC_MESSAGES/web.po, extracted by
// tools/i18n.py from every t("...") / tn("...", "...", n) here and every data-t in index.html) and
// the engine's, so a card or an option is named in the engine's own words.
//
//   t("Pass the device to {name}", {name})        one sentence, named {fields}
//   tn("{n} card", "{n} cards", n, {...})          a count: Intl.PluralRules picks the form
//
// The language: `lang=` in the URL (embed.html, from embed.js's data-lang) for that page, else the
// one chosen on this device (app/settings.js), else the first of the browser's languages we have.

import { getSetting, setSetting } from "./settings.js";

/** The languages, each named in itself (a list of languages is read by whoever speaks one). */
export const LANGUAGES = { en: "English", pa: "ਪੰਜਾਬੀ", gu: "ગુજરાતી" };
/** Is `code` one of ours? Its own key, not one every object inherits ("constructor", "toString"). */
const isLanguage = (code) => typeof code === "string" && Object.hasOwn(LANGUAGES, code);
const EVENT = "pygames:lang";

let lang = "en";
let messages = {};
let plurals = new Intl.PluralRules("en");
const loaded = { en: {} };

/** The language asked for by the URL, the device's choice or the browser, in that order. */
export function wantedLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (isLanguage(asked)) return asked;
  const chosen = getSetting("lang");
  if (isLanguage(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

export const currentLang = () => lang;

function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{([a-z_0-9]+)(?:[:!][^}]*)?\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/** `msgid` in the page's language, its {fields} filled from `args`. */
export function t(msgid, args) {
  const found = messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, args);
}

/** The form of a counted phrase for `n` ({n} is filled too). */
export function tn(one, many, n, args) {
  const found = messages[one];
  const forms = Array.isArray(found) && found.length >= 2 ? found : [one, many];
  return fill(forms[plurals.select(n) === "one" ? 0 : 1], { n, ...args });
}

/** A list in the language's words: "a, b and c". */
export function listWords(items) {
  const list = items.filter((x) => x != null && x !== "");
  if (list.length < 2) return list.join("");
  if (list.length === 2) return t("{first} and {last}", { first: list[0], last: list[1] });
  return t("{first}, {rest}", { first: list[0], rest: listWords(list.slice(1)) }); // as the engine's core/i18n.py
}

async function fetchCatalog(code) {
  if (Object.hasOwn(loaded, code)) return loaded[code];
  const r = await fetch(`locale/${code}.json`);
  if (!r.ok) throw new Error(`locale/${code}.json: HTTP ${r.status}`);
  loaded[code] = (await r.json()).messages || {};
  return loaded[code];
}

/** The words written in index.html: every element with data-t (its text) or data-t-label (its
 *  aria-label) gets them in the language now. The English stays in the attribute. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-t]")) {
    if (!node.dataset.tEn) node.dataset.tEn = node.dataset.t;
    node.textContent = t(node.dataset.tEn);
  }
  for (const node of root.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
}

/** Switch the page to `code`: its catalog, <html lang>, the words of index.html; then tell every
 *  listener (the lobby, the table, the history redraw). `remember`: keep it as the device's choice. */
export async function setLang(code, { remember = false } = {}) {
  if (!isLanguage(code)) code = "en";
  try {
    messages = await fetchCatalog(code);
  } catch (e) {
    console.warn(`No words for ${code}; English is shown:`, e);
    code = "en";
    messages = {};
  }
  lang = code;
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  document.documentElement.dir = "ltr";
  if (remember) setSetting("lang", code);
  translatePage();
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { lang: code } }));
  return code;
}

export function onLangChange(listener) {
  window.addEventListener(EVENT, (e) => listener(e.detail.lang));
}
