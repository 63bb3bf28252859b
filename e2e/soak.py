"""Long sweeps run in full only on request: `./build.sh soak` sets SOAK=1 (CI runs `./build.sh test`,
which must stay under 20 minutes on two cores).

A default run keeps a sample of each sweep, so every kind of case is still checked on every change;
a soak run takes all of it. What a default run leaves out is listed as skipped, with the reason.
The engine tests use it too (it lives in e2e/, a package, which tests/ is not)."""

import os

import pytest

SOAK = os.environ.get("SOAK") == "1"
SOAK_ONLY = pytest.mark.skipif(not SOAK, reason="a long sweep: ./build.sh soak runs it")


def examples(default: int, soak: int) -> int:
    """How many examples a property test tries: `soak` in a soak run."""
    return soak if SOAK else default


def sampled(cases: list, every: int = 3) -> list:
    """The cases of a parametrized sweep (values, tuples of values, or pytest.param): one in `every`
    (the first, then every `every`-th) in a default run, the others marked to run only in a soak run."""
    out = []
    for i, case in enumerate(cases):
        if hasattr(case, "marks"):  # a pytest.param already
            values, marks, case_id = case.values, list(case.marks), case.id
        else:
            values, marks, case_id = (case if isinstance(case, tuple) else (case,)), [], None
        out.append(pytest.param(*values, id=case_id, marks=marks if i % every == 0 else [*marks, SOAK_ONLY]))
    return out
