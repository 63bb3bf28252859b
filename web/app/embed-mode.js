// Embedded tables (embed.html, built from index.html by tools/build_site.py).
//
//   embed.html?game=ono99&players=3                one person ("Ann") and two computers
//   embed.html?game=ono99&seats=Ann:human,Robo:bot:heuristic
//   &id=<slot>    names the save slot: pygames:embed:<game>:<slot> (embed.js passes the host
//                 page's path and the embed's index, or the script tag's data-id), so an
//                 embedded game never overwrites the full app's game or another embed's
//   &seed=N, &speed=fast   as on the full page
//
// The table starts at once (no lobby) when there is no saved game in the slot; at the end
// "New game" shows the compact lobby. The page tells its parent how tall it wants to be
// ({type: "pygames:size", height}); embed.js on the host sizes the iframe from that.
// Nothing here runs on the full page: EMBED is null there.

const root = document.documentElement;

function parseSeats(text) {
  const seats = [];
  for (const part of text.split(",")) {
    const [name, kind = "bot", bot = "heuristic"] = part.split(":").map((s) => s.trim());
    if (!name) continue;
    seats.push(kind === "human" || kind === "person" ? { name, kind: "human" } : { name, kind: "bot", bot });
  }
  return seats;
}

function config() {
  if (!("embed" in root.dataset)) return null;
  const q = new URLSearchParams(location.search);
  const game = (q.get("game") || "ono99").replace(/[^a-z0-9_-]/gi, "");
  const slot = (q.get("id") || "default").slice(0, 200);
  let seats = q.get("seats") ? parseSeats(q.get("seats")) : [];
  if (!seats.length) {
    const n = Math.max(2, Math.min(8, Number(q.get("players")) || 3));
    seats = [{ name: "Ann", kind: "human" }];
    for (let i = 1; i < n; i++) seats.push({ name: `Computer ${i}`, kind: "bot", bot: "heuristic" });
  }
  return { game, slot, ns: `pygames:embed:${game}:${slot}`, setup: { game, seats } };
}

export const EMBED = config();

// ------------------------------------------------------------------ auto-height
function wantedHeight() {
  const app = document.getElementById("app");
  let h = app ? Math.ceil(app.getBoundingClientRect().height) : root.scrollHeight;
  // Modal dialogs and the curtain live in the top layer: make room for them too.
  for (const d of document.querySelectorAll("dialog[open]")) h = Math.max(h, Math.ceil(d.scrollHeight) + 48);
  return Math.max(h, 360);
}

if (EMBED && window.parent !== window) {
  let last = 0;
  const tell = () => {
    const height = wantedHeight();
    if (Math.abs(height - last) < 2) return;
    last = height;
    // Only a height leaves this page; embed.js checks where it came from.
    window.parent.postMessage({ type: "pygames:size", height }, "*");
  };
  const observer = new ResizeObserver(tell);
  const watch = () => {
    const app = document.getElementById("app");
    if (app) observer.observe(app);
    for (const d of document.querySelectorAll("dialog")) observer.observe(d);
    new MutationObserver(tell).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ["open", "hidden"],
    });
    tell();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
}
