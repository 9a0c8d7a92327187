// The rules worker's interpreter, as pyscript.toml names it (`interpreter = ...`): Pyodide, wrapped for speed.
//
// PyScript's worker (host.html's <script type="py" worker name="rules">) imports the module its config names and
// calls its loadPyodide({stderr, stdout, indexURL}), reading `version` from it (polyscript's Pyodide engine).
// Nothing else can be passed in, so the boot's speed-ups live here, before PyScript registers its own modules:
//  - Pyodide's wasm module as the page compiled it (host.html: from Chromium's code cache, or on a thread of its
//    own on a first visit), asked for over a MessageChannel (this module is imported only after PyScript's
//    bootstrap message, so the page cannot push it earlier);
//  - Pyodide's memory snapshot, kept in IndexedDB with the rules.zip it was made from: a later boot restores the
//    interpreter with the rules imported instead of starting Python (seconds on a TV). It must be made here: made
//    later from the worker's Python it fails, once PyScript has registered its JS modules;
//  - rules.zip (the rules' sources and bytecode, scripts/build.py) written to the file system and put on sys.path.
//    pyscript.toml's [files] names the same file: PyScript's fetch of it is answered with these bytes.
// How the boot went is left in self.ppBoot for py/peerparty/app/rules_worker.py to report. docs/host-threads.md.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const VENDOR = new URL("../vendor/pyodide/", import.meta.url).href;
const RULES_URL = new URL("../build/rules.zip", import.meta.url).href;
const RULES_ZIP = "/home/pyodide/rules.zip";     // scripts/build.py's RULES_ZIP_PATH: the .pyc files name it
const SNAPSHOT = { db: "peerparty-rules", store: "snapshot", key: "rules" };
// the rules, and the standard modules PyScript's own package imports on every boot (its bootstrap's `import
// pyscript`: 45 ms of a warm boot when the snapshot lacks them)
const IMPORT_ALL = `
import importlib, pkgutil, sys, pathlib, asyncio, inspect, base64, html, io, json, functools, collections, pyodide.ffi
sys.path.insert(0, "${RULES_ZIP}")
import peerparty
for module in pkgutil.walk_packages(peerparty.__path__, "peerparty."):
    importlib.import_module(module.name)
`;

// what the page answers (host.html, window.ppRules): {module: WebAssembly.Module | null, by, takeover}
function askPage() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (ev) => { channel.port1.close(); resolve(ev.data || {}); };
    self.postMessage({ t: "wasm?" }, [channel.port2]);
  });
}

// Pyodide instantiates the page's module instead of compiling its own (Chromium keeps no worker's compiled wasm),
// and its own download of the file is cancelled
function useModule(module) {
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (response, imports) => {
    if (!module) return instantiateStreaming(response, imports);
    Promise.resolve(response).then((r) => r.body && r.body.cancel(), () => {});
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

// PyScript's [files] fetch of rules.zip gets the bytes already here
function answerRulesFetch(zip) {
  const fetch = self.fetch;
  self.fetch = (input, init) => String(input && input.url || input) === RULES_URL
    ? zip.then((bytes) => new Response(bytes.slice(0)))
    : fetch(input, init);
}

function snapshotStore(mode, use) {
  return new Promise((resolve) => {
    let open;
    try { open = indexedDB.open(SNAPSHOT.db, 1); } catch (err) { return resolve(null); }
    open.onupgradeneeded = () => open.result.createObjectStore(SNAPSHOT.store);
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const tx = db.transaction(SNAPSHOT.store, mode);
        const request = use(tx.objectStore(SNAPSHOT.store));
        tx.oncomplete = () => { db.close(); resolve(request.result ?? null); };
        tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
      } catch (err) { db.close(); resolve(null); }
    };
  });
}

function sameBytes(a, b) {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a), y = new Uint8Array(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

// a restored snapshot, a new one to make (first visit), or none: a phone taking over a room makes none (it would
// slow the takeover and hold 31 MB more on a phone, which rarely hosts again)
async function start(options, zip, kept, takeover) {
  if (kept && sameBytes(kept.zip, zip)) {
    try {
      return { pyodide: await startPyodide({ ...options, _loadSnapshot: kept.memory }), snapshot: "restored" };
    } catch (err) {
      console.warn("PeerParty: the rules' kept snapshot could not be restored; starting Python afresh", err);
    }
  }
  if (takeover) return { pyodide: await startPyodide(options), snapshot: "none" };
  return { pyodide: await startPyodide({ ...options, _makeSnapshot: true }), snapshot: "made" };
}

function snapshotOf(pyodide) {       // a speed-up only: the room boots without one
  try {
    return pyodide.makeMemorySnapshot();
  } catch (err) {
    console.warn("PeerParty: no snapshot of the rules could be made", err);
    return null;
  }
}

const STARTED = performance.now();

// Started as PyScript imports this module, while its worker opens its storage: the rules, the kept snapshot, and
// Pyodide's JS module (compiled here meanwhile: 30 ms a boot, workers keep no code cache) and lock file, which
// loadPyodide would only ask for once it runs
const early = {
  zip: fetch(RULES_URL).then((r) => {
    if (!r.ok) throw new Error("rules.zip: HTTP " + r.status);
    return r.arrayBuffer();
  }),
  kept: snapshotStore("readonly", (store) => store.get(SNAPSHOT.key)),
  asm: import(VENDOR + "pyodide.asm.mjs").then((m) => m.default, () => undefined),
  lock: fetch(VENDOR + "pyodide-lock.json").then((r) => r.json()),
};
early.zip.catch(() => {});
early.lock.catch(() => {});

export async function loadPyodide(options) {
  const started = STARTED;
  try {
    const zip = early.zip;
    answerRulesFetch(zip);
    const kept = early.kept;
    const page = await askPage();
    useModule(page.module || null);
    const bytes = await zip;
    const { pyodide, snapshot } = await start({ ...options, indexURL: VENDOR, lockFileContents: early.lock,
      createPyodideModule: await early.asm }, bytes, await kept, !!page.takeover);
    const pyodideMs = performance.now() - started;
    // Emscripten keeps files outside the wasm memory: the snapshot has the modules and sys.path, not the file
    pyodide.FS.writeFile(RULES_ZIP, new Uint8Array(bytes));
    let memory = null;
    if (snapshot === "restored") {
      pyodide.runPython("import random; random.seed()");    // secrets and tokens come from os.urandom anyway
    } else if (snapshot === "made") {
      pyodide.runPython(IMPORT_ALL);    // made before any room exists: it holds no room and no secret
      memory = snapshotOf(pyodide);
    } else {
      pyodide.runPython(`import sys; sys.path.insert(0, "${RULES_ZIP}")`);    // a takeover imports as it goes
    }
    self.ppPyodide = pyodide;     // what devtools (and e2e/test_load.py's memory probe) reach the rules' Python by
    self.ppBoot = {
      elapsed: () => Math.round(performance.now() - started),   // ms since this module started
      wasm: page.module ? "page" : "worker", snapshot,
      boot_ms: [Math.round(pyodideMs), Math.round(performance.now() - started)],   // Pyodide up; the rules imported
      // called by rules_worker.py once its first answer is sent: the 31 MB write waits for the room
      keep: () => {
        if (!memory) return;
        const made = memory;
        memory = null;
        snapshotStore("readwrite", (store) => store.put({ zip: bytes, memory: made }, SNAPSHOT.key)).then((saved) => {
          self.postMessage({ snapshot: saved ? "kept" : "not kept", snapshot_bytes: made.byteLength });
        });
      },
    };
    return pyodide;
  } catch (err) {
    // PyScript's worker only logs a boot error: the TV says it
    self.postMessage({ fatal: "The rules could not start: " + String(err && err.stack || err) });
    throw err;
  }
}
