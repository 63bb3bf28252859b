// "Read the table": on request (the button, or the R key outside text fields) the polite live region
// says the whole situation in a few sentences. The sentences are the engine's (its `read_table`), so
// they are translated with the rest of the game's words; the page only passes them on.

import { $, el } from "../app/dom.js";

const TYPING = "input, select, textarea, [contenteditable]";

/** Wire the button and the key; `summary()` returns a promise of the sentences for the table shown
 *  now, or of null. */
export function setUpReadTable(summary) {
  const read = async () => {
    const text = await summary().catch(() => null); // (a guest whose link is lost has nothing to read)
    if (!text) return;
    const box = $("announcer");
    box.append(el("p", { text }));
    while (box.childElementCount > 6) box.firstElementChild.remove();
  };
  $("read-button").addEventListener("click", read);
  document.addEventListener("keydown", (e) => {
    if (e.key.toLowerCase() !== "r" || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    if (e.target.closest?.(TYPING)) return;
    if ($("read-button").hidden || document.querySelector("dialog[open]") || !$("curtain").hidden) return;
    e.preventDefault();
    read();
  });
}
