"""The invitation codec of play between devices (web/net/invite.js), run in Node.

The round trip of an offer's essentials through a code and back to an SDP, and the errors of
damaged and cut codes, are checked by tests/js/invite_test.mjs.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_invitation_codes_round_trip_and_refuse_damage():
    run = subprocess.run(
        ["node", "--no-warnings", str(ROOT / "tests" / "js" / "invite_test.mjs")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok:")
