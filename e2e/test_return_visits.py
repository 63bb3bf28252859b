"""The `page` fixture's pages share one browser context (e2e/conftest.py): after a test, that context
must hold nothing the test left but the start-up snapshot, or one test's saves, settings, routes or
network state would change the next test's page."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Page

from e2e.pagekit import engine_ready

LEAVE_EVERYTHING = """async () => {
  localStorage.setItem("pygames:left-behind", "1");
  await caches.open("left-behind").then((c) => c.put("/left-behind", new Response("1")));
  const snapshots = await caches.open("pygames-snapshot");
  await snapshots.put("/snapshot-failed/left-behind", new Response("1"));
  await new Promise((done, fail) => {
    const req = indexedDB.open("left-behind", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("s");
    req.onsuccess = () => { req.result.close(); done(); };
    req.onerror = () => fail(req.error);
  });
  document.cookie = "left=behind";
}"""
WHAT_IS_LEFT = """async () => ({
  local: Object.keys(localStorage),
  caches: await caches.keys(),
  snapshots: (await (await caches.open("pygames-snapshot")).keys()).map((r) => new URL(r.url).pathname),
  databases: (await indexedDB.databases()).map((d) => d.name),
  cookie: document.cookie,
})"""


def test_a_test_leaves_nothing_but_the_snapshot_for_the_next(page: Page, return_visits) -> None:
    page.goto("./?speed=fast")
    engine_ready(page)  # the engine's own database is made too
    page.evaluate(LEAVE_EVERYTHING)
    page.context.route("**/games.json", lambda route: route.abort())
    page.context.set_offline(True)
    extra = page.context.new_page()

    shared = return_visits.context()
    shared.reset()

    assert page.is_closed() and extra.is_closed()
    after = shared.context.new_page()
    after.goto("./?speed=fast")  # online, and games.json is not refused: the lobby comes
    engine_ready(after)
    left = after.evaluate(WHAT_IS_LEFT)
    assert "pygames:left-behind" not in left["local"]
    assert left["caches"] == ["pygames-snapshot"]
    assert left["snapshots"] == [urlsplit(shared.snapshot.key).path]
    assert "left-behind" not in left["databases"]
    assert left["cookie"] == ""
    started = after.evaluate("async () => (await pygames.stats()).startedFrom")
    assert started == "snapshot", "the next test's page starts from the snapshot"
