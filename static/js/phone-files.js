// The phone's Python modules (static/build/phone.json, built by scripts/build.py) go into MicroPython's file
// system before the page's Python runs. join.html preloads phone.json, so this fetch takes the file the page
// asked for at once; the PyScript "ready" hook (awaited before any Python runs) writes the files.
// The page's classic scripts (static/build/phone.js: morphdom, PeerJS, glue.js, link.js) load async, so that
// they hold up neither the parser nor PyScript's start: the same hook makes Python wait until they have run.
import { hooks } from "../vendor/pyscript/core.js";

const scripts = new Promise((resolve, reject) => {
  const tag = document.querySelector("script[data-phone-scripts]");
  if (!tag || (window.pp && window.pp.render && window.Peer)) return resolve();
  tag.addEventListener("load", () => resolve());
  tag.addEventListener("error", () => reject(new Error(tag.getAttribute("src") + ": failed to load")));
});

const pack = fetch(new URL("../build/phone.json", import.meta.url)).then((r) => {
  if (!r.ok) throw new Error("phone.json: HTTP " + r.status);
  return r.json();
});

// A module's bytes from build.py's hex (two characters a byte: it gzips better than base64)
const NIBBLE = new Uint8Array(103);
for (let i = 0; i < 16; i++) NIBBLE["0123456789abcdef".charCodeAt(i)] = i;

function bytes(hex) {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0, j = 0; i < out.length; i++, j += 2) {
    out[i] = (NIBBLE[hex.charCodeAt(j)] << 4) | NIBBLE[hex.charCodeAt(j + 1)];
  }
  return out;
}

hooks.main.onReady.add(async (wrap) => {
  const [{ files }] = await Promise.all([pack, scripts]);
  await window.pp.nextTask();     // MicroPython's start was one task; the files are the next (glue.js)
  const FS = wrap.interpreter.FS;
  const made = new Set();
  for (const [path, data] of Object.entries(files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (made.has(dir)) continue;
      made.add(dir);
      try { FS.mkdir(dir); } catch (e) { /* already there */ }
    }
    FS.writeFile(path, bytes(data));
  }
  // PyScript runs `import pyscript` before the page's script: its own Python package, a dozen modules compiled
  // from source at every boot (measured: wasm arrived -> the page's script starts, 443 ms with it, 348 ms
  // without, medians of 10 interleaved loads; blocking time 152 -> 117 ms). The phone uses none of it (it takes
  // proxies from jsffi, MicroPython's own module; tests/test_layering.py keeps it so): an empty module stands in.
  FS.writeFile("_no_pyscript.py", "");
  wrap.interpreter.runPython("import sys, _no_pyscript\nsys.modules['pyscript'] = _no_pyscript\ndel sys, _no_pyscript");
  await window.pp.nextTask();     // and the page's script a third
});
