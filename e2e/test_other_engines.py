"""The page in Firefox (Gecko) and WebKitGTK (Safari's engine), from Debian's packages: a first
visit plays; the return visit starts from the start-up snapshot and plays on; without the snapshot
it starts normally and plays on (e2e/other_engines.mjs runs the browsers)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import warnings
from pathlib import Path

import pytest

from e2e.pagekit import ROOT
from e2e.soak import SOAK_ONLY

BROWSERS = {
    "firefox": [os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")],
    "webkit": [
        os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver"),
        os.environ.get("WEBKIT_BROWSER_PATH", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
    ],
}


def missing(what: str):
    """Outside CI a missing browser skips; in CI (CI=true) it fails: ./build.sh test installs them."""
    if os.environ.get("CI"):
        pytest.fail(what)
    pytest.skip(what)


@pytest.fixture(scope="module")
def display():
    """WebKitGTK's browser needs a display: a virtual one (Xvfb) when there is none."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if not shutil.which("Xvfb"):
        missing("Xvfb is not installed")
    proc = subprocess.Popen(
        ["Xvfb", ":97", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1)
    try:
        yield ":97"
    finally:
        proc.terminate()
        proc.wait(10)


def run_scenario(engine: str, site_url: str, env: dict | None = None) -> dict:
    """The scenario's report. A run the driver could not finish (a step with no answer, which CI saw
    once in Firefox and 20 runs here did not repeat) is run once more in a fresh profile, with a
    warning that carries the first run's trace; a wrong result is never retried (see `check`)."""
    for path in BROWSERS[engine]:
        if not Path(path).exists():
            missing(f"{path} is not installed")
    failures: list[str] = []
    for _attempt in range(2):
        proc = subprocess.run(
            ["node", str(ROOT / "e2e" / "other_engines.mjs"), engine, site_url],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            env={**os.environ, **(env or {})},
        )
        assert proc.returncode == 0, proc.stderr
        report = json.loads(proc.stdout.strip().splitlines()[-1])
        if "error" not in report:
            for failure in failures:
                warnings.warn(f"{engine}: the first run did not finish, the second did: {failure}", stacklevel=2)
            return report
        failures.append(f"{report['error']}\nwhat the scenario did:\n{proc.stderr[-3000:]}")
    pytest.fail("\n\n".join(failures))


def check(report: dict):
    first, resumed, fallback = report["visits"]
    assert first["startedFrom"] == "start"
    assert resumed["startedFrom"] == "snapshot", f"{report['version']} did not start from the snapshot: {resumed}"
    assert fallback["startedFrom"] == "start"
    for visit in report["visits"]:
        assert visit["moves"] and all(visit["moves"]), visit  # each move was a real button


@SOAK_ONLY  # WebKit (Safari, the iPad) runs every time
def test_firefox(site_url):
    check(run_scenario("firefox", site_url))


def test_webkit(site_url, display):
    check(run_scenario("webkit", site_url, {"DISPLAY": display}))
