"""The engine worker under bad input: it answers every call, stays alive, and never posts a Python
traceback (which could name a hidden card) to the page."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.pagekit import engine_ready

CALL = """async ([method, params]) => {
  const { EngineClient } = await import("./engine/client.js");
  window.__client ||= new EngineClient();
  await window.__client.ready;
  try { return { result: await window.__client.call(method, params) }; }
  catch (e) { return { error: { code: e.code, message: e.message } }; }
}"""

DEEP = """async (depth) => {
  let params = [];
  for (let i = 0; i < depth; i++) params = [params];
  const { EngineClient } = await import("./engine/client.js");
  window.__client ||= new EngineClient();
  await window.__client.ready;
  try { return { result: await window.__client.call("view", { handle: params }) }; }
  catch (e) { return { error: { code: e.code, message: e.message } }; }
}"""


def test_the_worker_survives_any_input_and_never_posts_a_traceback(page: Page, errors):
    errors.allow(r"BigInt|TypeError")  # the worker logs what went wrong in its own console
    page.goto("./?sw=off")
    engine_ready(page)
    # Something the worker cannot even turn into a request: one plain sentence, no details.
    reply = page.evaluate("""async () => {
          const { EngineClient } = await import("./engine/client.js");
          window.__client ||= new EngineClient();
          await window.__client.ready;
          try { return { result: await window.__client.call("view", { handle: 10n }) }; }
          catch (e) { return { error: { code: e.code, message: e.message } }; }
        }""")
    assert reply == {"error": {"code": "internal", "message": "The engine hit a problem; the game is as it was."}}
    # Requests nested far deeper than any real one: refused, and the worker lives on.
    for depth in (40, 2000):
        reply = page.evaluate(DEEP, depth)
        assert reply["error"]["code"] == "bad_request" and "nested" in reply["error"]["message"], reply
    for method, params in [({}, {}), ([[]], {}), ("view", {"handle": "x" * 100_000})]:
        reply = page.evaluate(CALL, [method, params])
        assert reply["error"]["code"] in ("bad_request", "unknown_handle") and len(reply["error"]["message"]) < 200
    games = page.evaluate(CALL, ["list_games", {}])["result"]["games"]
    assert {"ono99", "canasta"} <= {g["id"] for g in games}
