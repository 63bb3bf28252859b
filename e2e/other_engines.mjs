#!/usr/bin/env node
// The page in the browser engines real tablets use, besides Chromium: Firefox (Gecko, driven by
// Puppeteer over WebDriver BiDi) and WebKitGTK (Safari's engine, driven through WebKitWebDriver
// with Selenium). Run by e2e/test_other_engines.py:
//
//   node e2e/other_engines.mjs firefox|webkit SITE_URL
//
// One scenario in a fresh profile: a first visit starts Python normally and plays a few moves;
// the start-up snapshot is made in the background; a reload resumes the game from the snapshot
// and plays on; with the snapshot removed, a reload starts normally and plays on. Prints one JSON
// document: how each visit started, and the moves made. Browser paths: $FIREFOX_PATH,
// $WEBKIT_DRIVER_PATH, $WEBKIT_BROWSER_PATH (Debian's by default).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import puppeteer from "puppeteer-core";
import { Builder } from "selenium-webdriver";

const [engine, site] = process.argv.slice(2);
const TIMEOUT_MS = 120_000;
const STEP_MS = 30_000; // one step that gets no answer fails, named, instead of hanging the driver

// Each step runs in the page (the same source for both drivers).
const STEPS = {
  ready: `return !!document.querySelector("#loading.done");`,
  table: `return !!document.querySelector("#hand-area.my-turn") && !document.querySelector("#table[aria-busy=true]");`,
  start: `document.getElementById("start-button").click(); return true;`,
  // One move of the person: draw if owed, else the first playable card.
  move: `const b = [...document.querySelectorAll("#draw-pile button, #hand button[data-playable=true]")][0];
         if (!b) return null; const name = b.getAttribute("aria-label"); b.click(); return name;`,
  startedFrom: `return window.pygames.stats().then((s) => s.startedFrom);`,
  // True once the snapshot is kept; a failure to make it is thrown, with the worker's reason.
  snapshotMade: `return window.pygames.stats().then((s) => {
                   if (s.snapshotMaking.startsWith("failed")) throw new Error(s.snapshotMaking);
                   return caches.open("pygames-snapshot").then((c) => c.keys())
                     .then((keys) => keys.some((r) => r.url.includes("/snapshot/")));
                 });`,
  dropSnapshot: `return caches.delete("pygames-snapshot");`,
};

/** A step's source, run in the page, failing with its name if the page has not answered in time. */
function inPage(step) {
  return `const late = new Promise((_, fail) => setTimeout(() => fail(new Error("step ${step}: no answer in ${STEP_MS} ms")), ${STEP_MS}));
          return Promise.race([(async () => { ${STEPS[step]} })(), late]);`;
}

async function firefox() {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX_PATH || "/usr/bin/firefox-esr",
    headless: true,
    protocolTimeout: 2 * STEP_MS, // past the in-page limit: the driver itself stopped answering
  });
  const page = await browser.newPage();
  page.on("console", (m) => {
    if (["warn", "error"].includes(m.type())) report.console.push(m.text().slice(0, 300));
  });
  return {
    version: await browser.version(),
    goto: (url) => page.goto(url),
    run: (step) => page.evaluate(`(() => { ${inPage(step)} })()`),
    quit: () => browser.close(),
  };
}

/** A free local port (for WebKitWebDriver). */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function webkit() {
  // selenium-webdriver has no WebKitGTK module: WebKitWebDriver is started here and spoken to as
  // any W3C WebDriver, with its own capability for the browser to launch.
  const port = await freePort();
  const server = spawn(process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver", [`--port=${port}`], {
    stdio: "ignore",
  });
  await new Promise((r) => setTimeout(r, 500));
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": {
        binary: process.env.WEBKIT_BROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
        args: ["--automation"],
      },
    })
    .build();
  await driver.manage().setTimeouts({ script: TIMEOUT_MS, pageLoad: TIMEOUT_MS });
  const caps = await driver.getCapabilities();
  return {
    version: `WebKitGTK ${caps.get("browserVersion")}`,
    goto: (url) => driver.get(url),
    run: (step) =>
      driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
       Promise.resolve((() => { ${inPage(step)} })()).then(done, (e) => done({ error: String(e) }));`,
      ),
    quit: async () => {
      await driver.quit();
      server.kill();
    },
  };
}

const begun = Date.now();
/** What the scenario is doing, on stderr with the seconds since it began (the test shows it on failure). */
function trace(what) {
  process.stderr.write(`${((Date.now() - begun) / 1000).toFixed(1)}s ${what}\n`);
}

async function until(b, step, what) {
  trace(`waiting for ${what}`);
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    const done = await b.run(step);
    if (done?.error) throw new Error(`${engine}: ${what}: ${done.error}`);
    if (done) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${engine}: timed out waiting for ${what}`);
}

/** One step that answers at once. */
async function once(b, step) {
  trace(step);
  return b.run(step);
}

async function moves(b, n) {
  const made = [];
  while (made.length < n) {
    await until(b, "table", "the person's turn");
    made.push(await once(b, "move"));
    await new Promise((r) => setTimeout(r, 300));
  }
  return made;
}

const report = { engine, visits: [], console: [] }; // console: the page's warnings (Firefox only)
const b = engine === "firefox" ? await firefox() : await webkit();
report.version = b.version;
try {
  trace("first visit");
  await b.goto(`${site}?speed=fast`);
  await until(b, "ready", "the engine");
  const first = { startedFrom: await once(b, "startedFrom") };
  await once(b, "start");
  first.moves = await moves(b, 3);
  report.visits.push(first);
  await until(b, "snapshotMade", "the start-up snapshot");
  for (const drop of [false, true]) {
    // the snapshot path, then the normal start it falls back to
    if (drop) await once(b, "dropSnapshot");
    trace("return visit");
    await b.goto(`${site}?speed=fast`); // the game in progress is resumed
    await until(b, "table", "the resumed table");
    const visit = { startedFrom: await once(b, "startedFrom") };
    visit.moves = await moves(b, 2);
    report.visits.push(visit);
  }
} catch (e) {
  report.error = String(e?.stack || e);
} finally {
  await b.quit();
}
console.log(JSON.stringify(report));
