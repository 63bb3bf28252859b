#!/usr/bin/env node
// Compile Python to bytecode with the pinned Pyodide's own Python (3.14 here, whatever runs the
// build), so the page never compiles the standard library or the engine from source at start-up.
//
//   node tools/compile_bytecode.mjs --stdlib IN.zip OUT.zip
//   node tools/compile_bytecode.mjs --wheel IN.whl OUT.whl
//
// The bytecode must come from the very Python that will run it: the .pyc magic number changes
// with every minor version, and CPython 3.11 (the build machine's) could not write 3.14 bytecode.
// - The standard library zip keeps its other files and trades each module's source for its .pyc
//   (sourceless: zipimport loads `os.pyc` where it would have loaded `os.py`).
// - The wheel keeps its sources and gains __pycache__/<module>.cpython-314.pyc files, listed in
//   its RECORD: it stays a standard py3-none-any wheel; CPython 3.11 ignores the 3.14 bytecode.
// Both use unchecked hash-based .pyc (PEP 552): valid without comparing timestamps, and the same
// sources always give the same bytes.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

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

def compile_wheel(src, dst):
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        files = {i.filename: zin.read(i) for i in infos}
    record = next(n for n in files if n.endswith(".dist-info/RECORD"))
    compiled = {}
    for info in infos:
        if info.filename.endswith(".py"):
            folder, base = info.filename.rsplit("/", 1) if "/" in info.filename else ("", info.filename)
            name = f"{folder}/__pycache__/{base[:-3]}.{tag}.pyc".lstrip("/")
            compiled[name] = (copy_info(info, name), pyc(files[info.filename], info.filename))
    lines = files[record].decode().rstrip("\n").split("\n")
    lines[-1:-1] = [record_line(name, data) for name, (_, data) in compiled.items()]  # RECORD's own line last
    with zipfile.ZipFile(dst, "w") as zout:
        for info in infos:
            if info.filename == record:
                for name, (pinfo, data) in compiled.items():
                    zout.writestr(pinfo, data, compresslevel=9)
                zout.writestr(copy_info(info), "\n".join(lines) + "\n", compresslevel=9)
            else:
                zout.writestr(copy_info(info), files[info.filename], compresslevel=9)
`;

function usage(msg) {
  if (msg) process.stderr.write(`compile_bytecode: ${msg}\n`);
  process.stderr.write("usage: node tools/compile_bytecode.mjs (--stdlib | --wheel) IN OUT\n");
  process.exit(2);
}

const [kind, input, output] = process.argv.slice(2);
if (!["--stdlib", "--wheel"].includes(kind) || !input || !output) usage();

const pyodide = await loadPyodide();
pyodide.runPython(COMPILE);
pyodide.FS.writeFile("/tmp/in", new Uint8Array(readFileSync(input)));
const mount = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
pyodide.runPython(
  kind === "--stdlib"
    ? `compile_stdlib("/tmp/in", "/tmp/out", ${JSON.stringify(mount)})`
    : 'compile_wheel("/tmp/in", "/tmp/out")',
);
writeFileSync(output, pyodide.FS.readFile("/tmp/out"));
