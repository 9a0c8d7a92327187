// Compiles the rules worker's Python to bytecode with the very Pyodide the site ships (node_modules/pyodide), so
// the worker imports .pyc files at every boot instead of compiling some forty modules first (scripts/build.py).
// stdin:  {"root": "/home/pyodide", "files": {"peerparty/app/rules.py": "<source>", ...}}
// stdout: {"python": "3.14.2", "pyc": {"peerparty/app/__pycache__/rules.cpython-314.pyc": "<base64>", ...}}
// The .pyc files are unchecked-hash ones (PEP 552): Python loads them without looking at the sources, which
// ship beside them for tracebacks; the build makes both from the same text.
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
    return importlib.util.cache_from_source(path)[len(request["root"]) + 1:], base64.b64encode(pyc).decode()

json.dumps({"python": sys.version.split()[0],
            "pyc": dict(compiled(name, text) for name, text in sorted(request["files"].items()))})
`);
process.stdout.write(out);
