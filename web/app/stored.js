// What the page keeps in localStorage (its settings, the last setup, the cached list of games, each
// game's page state) may come back damaged: not JSON, of another type, with fields of the wrong
// type or named like the properties every object inherits ("__proto__", "constructor"). Whoever
// reads a key says how to clean it: what is right is kept, what is wrong is left out (its default
// applies), and storage gets the cleaned value at once, so damage is read once, never on every
// start (web/app/shapes.js has the checks). Storage may be refused altogether (a private window, a
// cross-site embed): then nothing is kept.

/** The value stored under `key`, cleaned by `clean` (which gets the parsed value, or null when it
 *  is not JSON, and returns what to use: null for nothing). When the cleaned value is not what was
 *  stored, it replaces it (or the key goes, for null). A key never stored gives clean(null). */
export function readStored(key, clean) {
  let text;
  try {
    text = localStorage.getItem(key);
  } catch {
    return clean(null);
  }
  if (text === null) return clean(null);
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    /* not JSON: nothing of it is used */
  }
  const fresh = clean(value);
  if (fresh == null) removeStored(key);
  else if (JSON.stringify(fresh) !== text) writeStored(key, fresh);
  return fresh;
}

export function writeStored(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage refused or full: kept for this page only */
  }
}

export function removeStored(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage refused: nothing was kept */
  }
}
