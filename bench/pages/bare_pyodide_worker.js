// The bare Pyodide worker baseline (bare_pyodide_worker.html): load Pyodide, run one line of Python, say so.
const vendor = new URL("../../static/vendor/pyodide/", import.meta.url).href;
const { loadPyodide } = await import(vendor + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: vendor });
self.postMessage(pyodide.runPython("import sys; 'Python ' + sys.version.split()[0] + ' in a worker'"));
