// Compiles Pyodide's wasm on a thread of its own and hands the module back (host.html's head, on a first visit).
// Not on the page's main thread: an uncached streaming compile decodes all of it there, in tasks of 100-300 ms.
// Not in the rules worker: that thread is busy parsing Pyodide's JS meanwhile. docs/host-threads.md.
WebAssembly.compileStreaming(fetch("../vendor/pyodide/pyodide.asm.wasm"))
  .then((module) => self.postMessage(module), () => self.postMessage(null));
