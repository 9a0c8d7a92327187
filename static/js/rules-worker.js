// The rules worker: Pyodide in a Web Worker, holding the room's authority (py/peerparty/app/rules.py: the
// HostSession, the engine, every secret). The host page's screen thread (static/js/host-room.js) talks to it
// only with postMessage: {t, ...} in, plain data out (see rules.py for both). No SharedArrayBuffer: nothing
// here waits on the page, so it runs on any static host (docs/host-threads.md).
//
// Messages that arrive while Pyodide boots wait in `queue`, in order; the first is always "open" (the page
// posts it with the worker's creation). The boot's backlog is answered in one message, so phones that joined
// early appear on the big screen in one redraw.
const queue = [];
let run = null;
let compiled = null;
const wasm = new Promise((resolve) => (compiled = resolve));
self.onmessage = (ev) => {
  if (ev.data.t === "wasm") return void compiled(ev.data.module || compileOwn());
  if (!run) return void queue.push(ev.data);
  const out = run(ev.data);
  for (const key in out) return void self.postMessage(out);   // nothing to say (most ticks): say nothing
};

// the page's messages, by `t`, as calls on peerparty.app.rules.Rules; absent values are undefined, never null:
// Pyodide hands null over as jsnull, undefined as None
function calls(pyodide) {
  return {
    open: (r, m) => r.open(m.mode, m.code, m.epoch, m.now, pyodide.toPy(m.storage || {}), m.seed ?? undefined),
    knock: (r, m) => r.knock(m.cid, m.peer, m.label, m.now),
    connect: (r, m) => r.connect(m.cid, m.now),
    data: (r, m) => r.data(m.cid, m.text, m.now),
    close: (r, m) => r.close(m.cid, m.now),
    page: (r, m) => r.page(pyodide.toPy(m.info)),
    peer: (r, m) => r.peer(m.open, m.now),
    tick: (r, m) => r.tick(m.now),
    action: (r, m) => r.action(m.text, m.now, m.ref ?? undefined),
    moved_on: (r, m) => r.moved_on(m.epoch),
  };
}

// the boot's backlog answered in one message: lists add up, the latest screen and record win
function merge(into, out) {
  for (const key of ["send", "hangup", "probe", "storage"]) if (out[key]) into[key] = (into[key] || []).concat(out[key]);
  for (const key of ["screen", "record", "opened", "leave", "download", "fatal"]) {
    if (out[key] !== undefined) into[key] = out[key];
  }
  return into;
}

// Pyodide's wasm module as host.html compiled it from Chromium's code cache (null on a first visit, or if it could
// not): Pyodide instantiates that one instead of compiling its own (which Chromium does not cache for workers).
// Pyodide's own fetch of the file is cancelled once it answers.
// Without one, the worker compiles its own at once, while Pyodide's scripts load (its loader would ask only after).
const instantiateStreaming = WebAssembly.instantiateStreaming;
let wasmFrom = "page";       // who compiled it, for the bench and e2e/test_host_threads.py
function compileOwn() {
  wasmFrom = "worker";
  if (!WebAssembly.compileStreaming) return null;
  return WebAssembly.compileStreaming(fetch(new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url))).catch(() => null);
}
WebAssembly.instantiateStreaming = async (response, imports) => {
  const module = await wasm;
  if (!module) return instantiateStreaming(response, imports);
  Promise.resolve(response).then((r) => r.body && r.body.cancel(), () => {});    // the bytes are not needed again
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// Pyodide's memory snapshot: the interpreter as it stood once the rules were imported, kept in IndexedDB (any
// static host, http on the LAN included) with the rules.zip it was made from. A later boot with the same rules.zip
// restores it instead of starting Python and importing the rules again: seconds on a TV, not a second.
// The snapshot is made before the room exists, so it holds no room and no secret; `random` is reseeded after a
// restore (secrets and tokens come from os.urandom, fresh on every call). docs/host-threads.md.
const SNAPSHOT = { db: "peerparty-rules", store: "snapshot", key: "rules" };
const RULES_ZIP = "/home/pyodide/rules.zip";     // scripts/build.py's RULES_ZIP_PATH: the .pyc files name it
const RULES_ON_PATH = `import sys; sys.path.insert(0, "${RULES_ZIP}")`;
const IMPORT_ALL = `
import importlib, pkgutil
import peerparty
for module in pkgutil.walk_packages(peerparty.__path__, "peerparty."):
    importlib.import_module(module.name)
`;

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
const readSnapshot = () => snapshotStore("readonly", (store) => store.get(SNAPSHOT.key));
const keepSnapshot = (kept) => snapshotStore("readwrite", (store) => store.put(kept, SNAPSHOT.key));

function snapshotOf(pyodide) {       // a speed-up only: the room boots without one
  try {
    return pyodide.makeMemorySnapshot();
  } catch (err) {
    console.warn("PeerParty: no snapshot of the rules could be made", err);
    return null;
  }
}

function sameBytes(a, b) {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a), y = new Uint8Array(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

// A phone taking over a room (host.html?takeover=1) makes no snapshot: it would slow the takeover and hold 31 MB
// more on a phone, which rarely hosts again. Its "open" has queued by now (host-room.js posts it as it runs).
const takingOver = () => queue.some((m) => m.t === "open" && m.mode === "takeover");

async function startPython(loadPyodide, vendor, zip, kept) {
  if (kept && sameBytes(kept.zip, zip)) {
    try {
      const pyodide = await loadPyodide({ indexURL: vendor, _loadSnapshot: kept.memory });
      return { pyodide, snapshot: "restored" };
    } catch (err) {
      console.warn("PeerParty: the rules' kept snapshot could not be restored; starting Python afresh", err);
    }
  }
  if (takingOver()) return { pyodide: await loadPyodide({ indexURL: vendor }), snapshot: "none" };
  return { pyodide: await loadPyodide({ indexURL: vendor, _makeSnapshot: true }), snapshot: "made" };
}

async function boot() {
  const started = performance.now();
  const vendor = new URL("../vendor/pyodide/", import.meta.url).href;
  const zip = fetch(new URL("../build/rules.zip", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error("rules.zip: HTTP " + r.status);
    return r.arrayBuffer();
  });
  const kept = readSnapshot();
  const { loadPyodide } = await import(vendor + "pyodide.mjs");
  const { pyodide, snapshot } = await startPython(loadPyodide, vendor, await zip, await kept);
  const pyodideMs = performance.now() - started;
  // Python imports the rules straight from rules.zip (zipimport, each module's .pyc beside its source). Emscripten
  // keeps files outside the wasm memory, so the snapshot has the modules and sys.path but not the file: it is
  // written at every boot.
  pyodide.FS.writeFile(RULES_ZIP, new Uint8Array(await zip));
  let memory = null;
  if (snapshot === "restored") {
    pyodide.runPython("import random; random.seed()");    // sys.path and the modules came with the snapshot
  } else {
    pyodide.runPython(RULES_ON_PATH);
  }
  if (snapshot === "made") {            // a takeover ("none") imports only what its room uses, as it goes
    pyodide.runPython(IMPORT_ALL);      // the lazy imports too (a game's screens, replays): all in the snapshot
    memory = snapshotOf(pyodide);
  }
  const importedMs = performance.now() - started;
  const rules = pyodide.pyimport("peerparty.app.rules").Rules();
  self.ppPyodide = pyodide;     // what devtools (and e2e/test_load.py's memory probe) reach the rules' Python by
  const toJs = { dict_converter: Object.fromEntries, create_pyproxies: false };
  const CALLS = calls(pyodide);
  run = (message) => {
    try {
      const py = CALLS[message.t](rules, message);
      const out = py.toJs(toJs);
      py.destroy();
      return out;
    } catch (err) {
      return { fatal: String(err && err.message ? err.message : err) };
    }
  };
  // how the boot went, for the bench: Pyodide up (started or restored), the rules imported (or restored) and
  // made (ms since start)
  const backlog = { ready_ms: Math.round(performance.now() - started), wasm: wasmFrom, snapshot,
                    boot_ms: [Math.round(pyodideMs), Math.round(importedMs), Math.round(performance.now() - started)] };
  for (const message of queue.splice(0)) merge(backlog, run(message));
  self.postMessage(backlog);
  if (snapshot === "made") {
    const saved = memory && await keepSnapshot({ zip: await zip, memory });
    self.postMessage({ snapshot: saved ? "kept" : "not kept", snapshot_bytes: memory ? memory.byteLength : 0 });
  }
}

boot().catch((err) => self.postMessage({ fatal: "The rules could not start: " + String(err && err.stack || err) }));
