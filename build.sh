#!/usr/bin/env bash
# Build, serve, test and benchmark pygames-wasm.
#
#   ./build.sh build [--full] set up .venv and node_modules, build the wheel, assemble dist/site
#                             (--full: the whole standard library, and the wheel's sources)
#   ./build.sh serve [port]   build, then serve dist/site at http://localhost:8000 (or port)
#   ./build.sh test [args]    lint, build, then pytest tests, then pytest e2e (args go to both);
#                             long sweeps run a sample of their cases (e2e/soak.py)
#   ./build.sh soak [args]    the same with every case of every sweep (SOAK=1): ~2x as long
#   ./build.sh lint           ruff, mypy, Biome and tsc: fails on any finding (no build needed)
#   ./build.sh fix            apply the formatters and the linters' safe fixes
#   ./build.sh bench [args]   build, then run the benchmarks in bench/ (args go to engine_speed.py)
#
# Re-runs are quick: pip and npm only run when pyproject.toml or package-lock.json changed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

VENV="$ROOT/.venv"
PY="$VENV/bin/python"
CHROMIUM="${CHROMIUM_PATH:-${CHROMIUM:-/usr/bin/chromium}}"

say() { printf '[build] %s\n' "$*" >&2; }
die() { printf '[build] ERROR: %s\n' "$*" >&2; exit 1; }

sha() { sha256sum "$@" | sha256sum | cut -c1-16; }

ensure_venv() {
    if [[ ! -x "$PY" ]]; then
        say "creating .venv"
        python3 -m venv "$VENV"
    fi
    local want have=""
    want="$(sha pyproject.toml)-$(python3 --version 2>&1)"
    [[ -f "$VENV/.dev-stamp" ]] && have="$(cat "$VENV/.dev-stamp")"
    if [[ "$want" != "$have" ]]; then
        say "installing the dev tools into .venv"
        # The dev extra of pyproject.toml plus what builds the wheel without an
        # isolated (networked) build environment.
        local reqs
        mapfile -t reqs < <("$PY" - <<'EOF'
import tomllib
p = tomllib.load(open("pyproject.toml", "rb"))
for r in p["build-system"]["requires"]:
    print(r)
for r in p["project"]["optional-dependencies"]["dev"]:
    print(r)
EOF
)
        "$PY" -m pip install --quiet --disable-pip-version-check "${reqs[@]}"
        echo "$want" > "$VENV/.dev-stamp"
    fi
}

ensure_node_modules() {
    command -v npm >/dev/null || die "npm is needed (Node 20+): it brings the pinned Pyodide"
    local want have=""
    want="$(sha package.json package-lock.json)"
    [[ -f node_modules/.lock-stamp ]] && have="$(cat node_modules/.lock-stamp)"
    if [[ "$want" != "$have" || ! -f node_modules/pyodide/package.json ]]; then
        # A node_modules shared from another checkout (a symlink) is that checkout's: npm ci would empty it.
        [[ -L node_modules ]] && die "node_modules is a link to another checkout's and does not match this package-lock.json: run npm ci there, or make node_modules a directory of its own"
        say "npm ci"
        npm ci --no-audit --no-fund --loglevel=error
        echo "$want" > node_modules/.lock-stamp
    fi
}

do_build() {
    ensure_venv
    ensure_node_modules
    "$PY" tools/build_site.py site "$@"
}

ensure_browsers() {
    # The e2e tests drive Debian's Chromium (Playwright never downloads a browser here), and a
    # smoke test each in Firefox ESR and WebKitGTK (Safari's engine; its browser needs Xvfb).
    # Missing packages are installed when we are root; without Chromium there is no e2e run.
    local want=() pkg bin
    for pair in "chromium:$CHROMIUM" "firefox-esr:/usr/bin/firefox-esr" \
                "webkit2gtk-driver:/usr/bin/WebKitWebDriver" "xvfb:/usr/bin/Xvfb"; do
        pkg="${pair%%:*}" bin="${pair#*:}"
        [[ -x "$bin" ]] || want+=("$pkg")
    done
    if [[ ${#want[@]} -gt 0 && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
        say "installing Debian's ${want[*]} for the browser tests"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${want[@]}" >/dev/null
    fi
    [[ -x "$CHROMIUM" ]]
}

# The checkers, every one run even when an earlier one fails, so that one run lists every finding.
do_lint() {
    ensure_venv
    ensure_node_modules
    local rc=0 bin="$ROOT/node_modules/.bin"
    say "ruff check";          "$PY" -m ruff check --quiet . || rc=1
    say "ruff format --check"; "$PY" -m ruff format --check --quiet . || rc=1
    say "mypy";                "$PY" -m mypy || rc=1
    say "biome ci";            "$bin/biome" ci --error-on-warnings . || rc=1
    say "tsc (page, worker)";  { "$bin/tsc" -p tsconfig.json && "$bin/tsc" -p web/engine/tsconfig.json; } || rc=1
    [[ $rc == 0 ]] && say "lint: clean" || say "lint: FAILED"
    return $rc
}

do_fix() {
    ensure_venv
    ensure_node_modules
    "$PY" -m ruff check --fix --quiet . || true
    "$PY" -m ruff format --quiet .
    "$ROOT/node_modules/.bin/biome" check --write . || true
}

do_test() {
    local rc=0
    do_lint || rc=$?  # a finding fails the run, after the tests have run too
    do_build
    say "pytest tests $*"
    # The engine tests are CPU-bound Python: one worker per core (pytest-xdist) halves their time.
    "$PY" -m pytest tests -n auto "$@" || rc=$?
    if [[ -d e2e ]]; then
        if ensure_browsers; then
            say "pytest e2e $*"
            CHROMIUM="$CHROMIUM" CHROMIUM_PATH="$CHROMIUM" "$PY" -m pytest e2e "$@" || { local e=$?; [[ $rc != 0 ]] || rc=$e; }
        else
            printf '\n%s\n%s\n%s\n\n' \
                "############################################################" \
                "# SKIPPING e2e: $CHROMIUM is missing and we are not root.   " \
                "############################################################" >&2
        fi
    else
        say "no e2e/ directory: no browser tests to run"
    fi
    if [[ $rc != 0 ]]; then
        say "FAILED (exit $rc)"
    fi
    return $rc
}

cmd="${1:-build}"
[[ $# -gt 0 ]] && shift
case "$cmd" in
    build)
        do_build "$@"
        ;;
    serve)
        port="${1:-8000}"
        do_build
        exec "$PY" tools/serve.py --dir dist/site --port "$port"
        ;;
    test)
        do_test "$@"
        ;;
    soak)
        SOAK=1 do_test "$@"
        ;;
    lint)
        do_lint
        ;;
    fix)
        do_fix
        ;;
    bench)
        do_build
        "$PY" bench/engine_speed.py --both "$@"
        "$PY" bench/size.py
        ;;
    -h|--help|help)
        sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
        ;;
    *)
        die "unknown command '$cmd' (build, serve [port], test [pytest args], soak [pytest args], lint, fix, bench)"
        ;;
esac
