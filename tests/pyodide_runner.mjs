#!/usr/bin/env node
// Run Python code inside Pyodide (from node_modules, as pinned in package.json)
// with the engine wheel installed, the way the page's worker does.
//
//   node tests/pyodide_runner.mjs [--site DIR | --wheel PATH [--stdlib ZIP]] [CODE_FILE | -]
//
// By default it runs what a built site ships (--site, default dist/site): the wheel its
// build-info.json names, on its standard library (trimmed by the build). --wheel runs another
// wheel, on Pyodide's own standard library unless --stdlib names one.
// The code is read from CODE_FILE, or from standard input when it is "-" or
// absent. Python's stdout goes to stdout and its stderr to stderr, unchanged,
// so the code prints its result (as JSON, by convention). An uncaught Python
// exception prints its traceback on stderr and exits with status 1.
// The time Pyodide took to start is written to stderr as one line:
//   pyodide-runner: startup_ms=<ms> python=<version>
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function usage(msg) {
  if (msg) process.stderr.write(`pyodide_runner: ${msg}\n`);
  process.stderr.write(
    "usage: node tests/pyodide_runner.mjs [--site DIR | --wheel PATH [--stdlib ZIP]] [CODE_FILE | -]\n",
  );
  process.exit(2);
}

let wheel = null;
let stdlib = null;
let site = resolve(ROOT, "dist", "site");
let codeFile = "-";
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--wheel") {
    wheel = args[++i] ?? usage("--wheel needs a path");
  } else if (args[i] === "--stdlib") {
    stdlib = args[++i] ?? usage("--stdlib needs a path");
  } else if (args[i] === "--site") {
    site = resolve(args[++i] ?? usage("--site needs a directory"));
  } else if (args[i] === "-h" || args[i] === "--help") {
    usage();
  } else if (args[i].startsWith("--")) {
    usage(`unknown option ${args[i]}`);
  } else {
    codeFile = args[i];
  }
}

if (wheel === null) {
  let info;
  try {
    info = JSON.parse(readFileSync(resolve(site, "build-info.json"), "utf8"));
  } catch (e) {
    usage(`no --wheel and no dist/site/build-info.json (run ./build.sh build): ${e.message}`);
  }
  wheel = resolve(site, info.wheel);
  stdlib ??= resolve(site, "pyodide", "python_stdlib.zip");
}

const code = readFileSync(codeFile === "-" ? 0 : codeFile, "utf8");

const t0 = performance.now();
const pyodide = await loadPyodide(stdlib ? { stdLibURL: stdlib } : {});
// Write Python's output through unchanged (not line-batched through console.log).
pyodide.setStdout({
  write: (buf) => {
    process.stdout.write(buf);
    return buf.length;
  },
});
pyodide.setStderr({
  write: (buf) => {
    process.stderr.write(buf);
    return buf.length;
  },
});
// Where the page's worker unpacks it (web/engine/python-boot.js).
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
const version = pyodide.runPython("import sys; sys.version.split()[0]");
process.stderr.write(`pyodide-runner: startup_ms=${(performance.now() - t0).toFixed(0)} python=${version}\n`);

let status = 0;
try {
  pyodide.runPython("import importlib; importlib.invalidate_caches(); import pygames_wasm.api");
  await pyodide.runPythonAsync(code, { filename: codeFile === "-" ? "<stdin>" : codeFile });
} catch (e) {
  // A PythonError's message is the formatted traceback.
  process.stderr.write(`${e.message ?? e}\n`);
  status = 1;
}
// Flush Python's buffered streams before leaving.
try {
  pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");
} catch {}
process.exitCode = status;
