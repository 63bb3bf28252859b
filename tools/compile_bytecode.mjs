#!/usr/bin/env node
// Compile Python to bytecode with the pinned Pyodide's own Python (3.14 here, whatever runs the
// build), so the page never compiles the standard library or the engine from source at start-up.
//
//   node tools/compile_bytecode.mjs --stdlib IN.zip OUT.zip
//   node tools/compile_bytecode.mjs --wheel IN.whl OUT.whl [--keep-sources]
//   node tools/compile_bytecode.mjs --trim STDLIB.zip WHEEL.whl OUT.zip
//
// The bytecode must come from the very Python that will run it: the .pyc magic number changes
// with every minor version, and CPython 3.11 (the build machine's) could not write 3.14 bytecode.
// - The standard library zip keeps its other files and trades each module's source for its .pyc
//   (sourceless: zipimport loads `os.pyc` where it would have loaded `os.py`).
// - The wheel trades each module's source for its .pyc too (`api.pyc` beside the package's other
//   files, listed in its RECORD): only Pyodide's Python can run it. --keep-sources keeps the sources
//   and adds __pycache__/<module>.cpython-314.pyc files instead (a wheel CPython can still run).
// - --trim writes the standard library the page needs: only the modules that Pyodide's start-up,
//   the engine worker's start (web/engine/python-boot.js: from the memory snapshot too) and the
//   engine import, found by running them in this Pyodide with WHEEL (a wheel with its sources) and
//   tools/trace_stdlib.py (every API method of every game). It then starts again on the trimmed
//   library and runs the same, and fails if anything is missing.
// Both use unchecked hash-based .pyc (PEP 552): valid without comparing timestamps, and the same
// sources always give the same bytes.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { BEFORE_SNAPSHOT } from "../web/engine/python-boot.js";

const COMPILE = String.raw`
import base64, hashlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

def copy_info(info, name=None):
    out = zipfile.ZipInfo(name or info.filename, date_time=info.date_time)
    out.compress_type, out.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
    return out

def compile_stdlib(src, dst, mount):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    data, info = pyc(data, f"{mount}/{info.filename}"), copy_info(info, info.filename + "c")
                except SyntaxError:  # kept as source: the runtime would fail on it too
                    info = copy_info(info)
            else:
                info = copy_info(info)
            zout.writestr(info, data, compresslevel=9)

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

def compile_wheel(src, dst, keep_sources):
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        files = {i.filename: zin.read(i) for i in infos}
    record = next(n for n in files if n.endswith(".dist-info/RECORD"))
    compiled = {}
    for info in infos:
        if info.filename.endswith(".py"):
            folder, base = info.filename.rsplit("/", 1) if "/" in info.filename else ("", info.filename)
            name = f"{folder}/__pycache__/{base[:-3]}.{tag}.pyc".lstrip("/") if keep_sources else info.filename + "c"
            compiled[name] = (copy_info(info, name), pyc(files[info.filename], info.filename))
    lines = files[record].decode().rstrip("\n").split("\n")
    if not keep_sources:
        lines = [line for line in lines if not line.split(",")[0].endswith(".py")]
    lines[-1:-1] = [record_line(name, data) for name, (_, data) in compiled.items()]  # RECORD's own line last
    with zipfile.ZipFile(dst, "w") as zout:
        for info in infos:
            if info.filename == record:
                for name, (pinfo, data) in compiled.items():
                    zout.writestr(pinfo, data, compresslevel=9)
                zout.writestr(copy_info(info), "\n".join(lines) + "\n", compresslevel=9)
            elif keep_sources or not info.filename.endswith(".py"):
                zout.writestr(copy_info(info), files[info.filename], compresslevel=9)

def trim_stdlib(src, names, dst):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            if info.filename in names:
                zout.writestr(copy_info(info), zin.read(info), compresslevel=9)
`;

function usage(msg) {
  if (msg) process.stderr.write(`compile_bytecode: ${msg}\n`);
  process.stderr.write(
    "usage: node tools/compile_bytecode.mjs (--stdlib IN OUT | --wheel IN OUT [--keep-sources] | --trim STDLIB WHEEL OUT)\n",
  );
  process.exit(2);
}

// --------------------------------------------------------------------------- --trim
const TRACE = readFileSync(new URL("./trace_stdlib.py", import.meta.url), "utf8");
// The modules a Python has loaded, with the file each came from.
const LOADED =
  "import sys; [(n, getattr(getattr(m, '__spec__', None), 'origin', None)) for n, m in list(sys.modules.items())]";

/** Pyodide started as the engine worker starts it (web/engine/python-boot.js, which this mirrors),
 *  on `stdlib`, from `snapshot` if given; `makeSnapshot` as the snapshot worker does. */
async function startAsTheWorker(stdlib, wheel, { snapshot = null, makeSnapshot = false } = {}) {
  const options = { stdLibURL: stdlib };
  if (snapshot) options._loadSnapshot = snapshot;
  if (makeSnapshot) options._makeSnapshot = true;
  const pyodide = await loadPyodide(options);
  if (!snapshot) {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  }
  pyodide.runPython(`import importlib; importlib.invalidate_caches(); import pygames_wasm.api
${snapshot ? "import random; random.seed()" : ""}`);
  if (makeSnapshot) pyodide.runPython(BEFORE_SNAPSHOT);
  return pyodide;
}

/** The files of `stdlib` that every way of starting, and the workload, load: zip entry names. */
async function traced(stdlib, wheel) {
  const origins = new Set();
  const note = (pyodide) => {
    for (const [, origin] of pyodide.runPython(LOADED).toJs()) if (origin) origins.add(origin);
  };
  const maker = await startAsTheWorker(stdlib, wheel, { makeSnapshot: true });
  note(maker);
  const snapshot = maker.makeMemorySnapshot();
  for (const pyodide of [await startAsTheWorker(stdlib, wheel), await startAsTheWorker(stdlib, wheel, { snapshot })]) {
    pyodide.runPython(TRACE, { filename: "trace_stdlib.py" });
    note(pyodide);
  }
  const mount = "/lib/python314.zip/";
  return [...origins].filter((o) => o.startsWith(mount)).map((o) => o.slice(mount.length).replace(/\.py$/, ".pyc"));
}

async function trim(stdlibPath, wheelPath, output) {
  const wheel = new Uint8Array(readFileSync(wheelPath));
  const names = await traced(stdlibPath, wheel);
  const pyodide = await loadPyodide();
  pyodide.runPython(COMPILE);
  pyodide.FS.writeFile("/tmp/in", new Uint8Array(readFileSync(stdlibPath)));
  pyodide.globals.set("names", pyodide.toPy(names));
  pyodide.runPython('trim_stdlib("/tmp/in", set(names), "/tmp/out")');
  writeFileSync(output, pyodide.FS.readFile("/tmp/out"));
  // The trimmed library must do all of it again, on every way of starting.
  const again = await traced(output, wheel);
  const missing = again.filter((name) => !names.includes(name));
  if (missing.length) throw new Error(`the trimmed standard library lacks ${missing.join(", ")}`);
  process.stderr.write(`compile_bytecode: ${names.length} standard library files kept\n`);
}

const [kind, ...rest] = process.argv.slice(2);
if (kind === "--trim") {
  if (rest.length !== 3) usage();
  await trim(rest[0], rest[1], rest[2]);
} else {
  const [input, output, flag] = rest;
  if (!["--stdlib", "--wheel"].includes(kind) || !input || !output) usage();
  if (flag && !(kind === "--wheel" && flag === "--keep-sources")) usage(`unknown option ${flag}`);
  const pyodide = await loadPyodide();
  pyodide.runPython(COMPILE);
  pyodide.FS.writeFile("/tmp/in", new Uint8Array(readFileSync(input)));
  const mount = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
  pyodide.runPython(
    kind === "--stdlib"
      ? `compile_stdlib("/tmp/in", "/tmp/out", ${JSON.stringify(mount)})`
      : `compile_wheel("/tmp/in", "/tmp/out", ${flag ? "True" : "False"})`,
  );
  writeFileSync(output, pyodide.FS.readFile("/tmp/out"));
}
