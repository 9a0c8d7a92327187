// Compiles the rules worker's Python to bytecode with the very Pyodide the site ships (node_modules/pyodide), so
// the worker imports .pyc files at every boot instead of compiling some forty modules first (scripts/build.py).
// stdin:  {"root": "/home/pyodide/rules.zip", "files": {"peerparty/app/rules.py": "<source>", ...}}
// stdout: {"python": "3.14.2", "pyc": {"peerparty/app/rules.pyc": "<base64>", ...}}
// Each .pyc sits beside its source, where zipimport looks for it (the worker imports straight from rules.zip), and
// is an unchecked-hash one (PEP 552): Python loads it without looking at the source, which ships for tracebacks;
// the build makes both from the same text.
import { loadPyodide } from "pyodide";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const pyodide = await loadPyodide();
pyodide.globals.set("request", pyodide.toPy(request));
const out = pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc

def compiled(name, text):
    path = request["root"] + "/" + name
    source = text.encode("utf-8")
    code = compile(source, path, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    return name + "c", base64.b64encode(pyc).decode()

json.dumps({"python": sys.version.split()[0],
            "pyc": dict(compiled(name, text) for name, text in sorted(request["files"].items()))})
`);
process.stdout.write(out);
