// Offline play: precache every file of one build under a cache named after the
// build's hash, and answer from it. The page registers this script as
// sw.js?build=<hash>; a new build has a new hash, hence a new script URL, so the
// browser installs it next to the old one and the page offers a reload.
//   install:  fetch build-info.json, precache every file it lists (the whole build) in
//             pygames-site-<hash>; fail if the build changed meanwhile
//   activate: delete every other pygames-site-* cache (only once the page asked to switch)
//   fetch:    cache first for same-origin GETs; build-info.json?fresh=… goes to the network

const BUILD = new URL(self.location.href).searchParams.get("build") || "unversioned";
const PREFIX = "pygames-site-";
const CACHE = `${PREFIX}${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const r = await fetch("build-info.json", { cache: "no-cache" });
      if (!r.ok) throw new Error(`build-info.json: HTTP ${r.status}`);
      const info = await r.json();
      // The site changed again while this one was installing: let the newer one win.
      if (BUILD !== "unversioned" && info.hash !== BUILD) throw new Error("the site changed during install");
      const cache = await caches.open(CACHE);
      const files = ["./", "build-info.json", ...(info.files || [])];
      // no-cache: revalidate, so a stale HTTP-cache copy never lands in a new build's cache.
      await cache.addAll(files.map((f) => new Request(f, { cache: "no-cache" })));
      // A deploy that landed while we were copying would mix two builds in one cache: check again.
      const again = await fetch("build-info.json", { cache: "no-cache" }).then((x) => x.json());
      if (again.hash !== info.hash) {
        await caches.delete(CACHE);
        throw new Error("the site changed during install");
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The page asks for build-info.json?fresh=… to learn whether a new build is out.
  if (url.searchParams.has("fresh")) {
    event.respondWith(fetch(request).catch(() => caches.match(new URL("build-info.json", self.registration.scope))));
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Navigations carry the page's query (?speed=fast, ?seed=…): the page is the same file.
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return hit || fetch(request);
    })(),
  );
});
