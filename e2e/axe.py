"""axe-core (the npm package, a devDependency) run in the page under test: never part of the site.

The page's Content-Security-Policy allows only its own scripts, so the pages that run axe come from
a context with `bypass_csp` (see test_accessibility.py's `page` fixture)."""

from __future__ import annotations

from e2e.pagekit import ROOT

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
# Moderate and minor rules the review found, held to zero as well.
ALSO = ("heading-order", "region", "empty-table-header", "landmark-unique", "page-has-heading-one")

RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(" ")}: ${n.failureSummary.replace(/\\s+/g, " ")}`),
  }));
}"""


def violations(page) -> list[dict]:
    """Every axe violation on the page as it is now (axe is injected once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    return page.evaluate(RUN)


def assert_accessible(page, where: str) -> None:
    """No serious or critical axe violation on the page now (nor one of ALSO); `where` names the screen
    in the failure."""
    bad = [v for v in violations(page) if v["impact"] in BLOCKING or v["id"] in ALSO]
    assert not bad, f"axe on {where}:\n" + "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in bad
    )
