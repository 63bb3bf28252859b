/*
 * Embed one pygames table in any page, with one line:
 *
 *   <script src="https://games.example.org/embed.js" data-game="ono99" data-players="3"></script>
 *
 * The script inserts, right after itself, an iframe of embed.html from the same origin
 * as the script, full width, with a sensible height that then follows the table
 * (the table posts {type: "pygames:size", height}; only messages from that iframe and
 * that origin are read).
 *
 * data-game     the game id (default ono99)
 * data-players  number of seats: one person and computers (default 3)
 * data-seats    or the seats themselves: "Ann:human,Bob:human,Robo:bot"
 * data-id       names the save slot (default: this page's path and the embed's place on it),
 *               so two embedded games, and the full app, never share a saved game
 * data-height   initial height in px (default 560)
 * data-title    the iframe's accessible name
 * data-lang     the table's language: en, pa (Punjabi) or gu (Gujarati); without it the table
 *               follows the player's choice on that site, else the browser's languages
 *
 * It defines no global, adds no stylesheet, and styles only its own iframe (inline).
 */
(() => {
  var script = document.currentScript;
  if (!script?.src) return;
  var src = new URL(script.src, location.href);
  var origin = src.origin;
  var d = script.dataset;
  var game = (d.game || "ono99").replace(/[^a-z0-9_-]/gi, "");

  // The embed's place among this page's embeds (for the default save slot).
  var index = 0;
  var scripts = document.getElementsByTagName("script");
  for (let i = 0; i < scripts.length && scripts[i] !== script; i++) {
    if (scripts[i].src && new URL(scripts[i].src, location.href).href === src.href) index++;
  }
  var params = new URLSearchParams();
  params.set("game", game);
  params.set("id", d.id || `${location.pathname}#${index}`);
  if (d.seats) params.set("seats", d.seats);
  else if (d.players) params.set("players", d.players);
  if (d.seed) params.set("seed", d.seed);
  if (d.speed) params.set("speed", d.speed);
  if (d.lang) params.set("lang", d.lang);

  var height = Math.max(320, Number(d.height) || 560);
  var frame = document.createElement("iframe");
  frame.src = new URL(`embed.html?${params.toString()}`, src).href;
  frame.title = d.title || `Card game: ${game}`;
  frame.setAttribute("loading", "eager");
  var style = frame.style;
  style.display = "block";
  style.boxSizing = "border-box";
  style.width = "100%";
  style.minWidth = "320px";
  style.maxWidth = "100%";
  style.height = `${height}px`;
  style.border = "0";
  style.borderRadius = "12px";
  style.colorScheme = "dark";
  script.parentNode.insertBefore(frame, script.nextSibling);

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var m = event.data;
    if (m?.type !== "pygames:size") return;
    var h = Math.round(Number(m.height));
    if (!(h > 0)) return;
    style.height = `${Math.max(320, Math.min(h, 2400))}px`;
  });
})();
