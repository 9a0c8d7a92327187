// The browser check (`make compat`, docs/browsers.md): every API the site's scripts call, checked against the
// browsers .browserslistrc names (eslint-plugin-compat, from MDN's and caniuse's data), and their syntax parsed
// as those browsers parse it. A call outside the targets fails unless the code tests for it first
// (`if ("wakeLock" in navigator)`, `if (window.Foo)`: the plugin reads such a guard as the page's own fallback).
//
// What is checked: the project's own scripts (static/js, sw.js, the inline scripts of the pages) and the bundles
// scripts/build.py makes of them (static/build/*.js), which carry PeerJS, morphdom and lean-qr too. static/vendor
// is not: PyScript, Pyodide and MicroPython are third-party code that tests what it uses itself (e.g.
// `Promise.withResolvers || function () {...}`, a guard this plugin does not read) and that the e2e tests run in
// Chromium, Firefox and WebKit; PeerJS and morphdom reach this check through the bundles.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import browserslist from "browserslist";
import compat from "eslint-plugin-compat";

const here = fileURLToPath(new URL(".", import.meta.url)); // not import.meta.dirname: Debian 12's Node 18 lacks it
const targets = (...envs) => envs.flatMap((env) => browserslist.loadConfig({ path: here, env }));
// ignoreConditionalChecks: the plugin would otherwise skip every call anywhere inside an `if`, guard or not; a
// guarded call says so where it is made (`// eslint-disable-next-line compat/compat -- <its guard>`)
const browsers = (...envs) => ({
  browsers: targets(...envs),
  browserslistOpts: { env: envs[0] },
  ignoreConditionalChecks: true,
});

// The pages' inline scripts as blocks of their own (a script's type picks module or classic parsing), each at
// its own line in the page, so a report points at the page's line. JSON and Python blocks are not JavaScript.
const SCRIPT = /<script(?<attrs>[^>]*)>(?<body>[\s\S]*?)<\/script>/gi;
const RUNS = ["", "module", "text/javascript", "application/javascript"];
const inlineScripts = {
  meta: { name: "peerparty-inline-scripts" },
  preprocess(text) {
    const blocks = [];
    for (const m of text.matchAll(SCRIPT)) {
      const type = (/\btype\s*=\s*["']?([^"'\s>]+)/i.exec(m.groups.attrs) || [, ""])[1].toLowerCase();
      if (/\bsrc\s*=/i.test(m.groups.attrs) || !RUNS.includes(type)) continue;
      const start = m.index + m[0].indexOf(">") + 1;
      const line = text.slice(0, start).split("\n").length - 1;
      const ext = type === "module" ? "mjs" : "js";
      blocks.push({ text: "\n".repeat(line) + m.groups.body, filename: `${blocks.length}.${ext}` });
    }
    return blocks;
  },
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};

// A bundle of scripts/build.py (make_phone_script) as the parts it joined, each checked on its own: the plugin
// passes over a name the file itself defines anywhere (PeerJS has a `navigator` key), so in one block PeerJS's
// names would hide glue.js's calls.
const PART = /^\/\/ --- (.+)$/gm;
const bundleParts = {
  meta: { name: "peerparty-bundle-parts" },
  preprocess(text) {
    const marks = [...text.matchAll(PART)];
    return marks.map((m, i) => {
      const end = i + 1 < marks.length ? marks[i + 1].index : text.length;
      const line = text.slice(0, m.index).split("\n").length - 1;
      return { text: "\n".repeat(line) + text.slice(m.index, end), filename: `${i}.js` };
    });
  },
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};

// Syntax: ES2022 is what every target parses (class fields, private methods, top-level await all came by
// Safari 15), except class static blocks, which came in Safari 16.4.
const syntax = (sourceType) => ({
  ecmaVersion: 2022,
  sourceType,
  globals: Object.fromEntries(["window", "self", "document", "navigator"].map((g) => [g, "readonly"])),
});
const rules = {
  "compat/compat": "error",
  "no-restricted-syntax": ["error", { selector: "StaticBlock", message: "class static blocks: Safari 16.4" }],
};

// which page runs what: the phones (join.html, screen.html, index.html) and the TV (host.html); what both load
// is checked against both
const PHONE = [
  "static/js/caught.js",
  "static/js/first-frame.js",
  "static/js/phone-files.js",
  "static/js/mac.js",
  "static/js/screen.js",
  "static/js/screen-terms.js",
  "static/build/phone.js",
  "static/build/screen.js",
  "join.html",
  "screen.html",
  "index.html",
];
const TV = [
  "static/js/host-room.js",
  "static/js/remote.js",
  "static/js/qr-svg.js",
  "static/js/wasm-compile.js",
  "static/js/rules-interpreter.mjs",
  "static/build/host.js",
  "host.html",
];
const BOTH = ["static/js/glue.js", "static/js/link.js", "static/js/signal.js", "static/js/offline.js", "static/build/precache.js", "sw.js"];
const inPage = (files) =>
  files.flatMap((f) => (f.endsWith(".html") ? [`${f}/*.{js,mjs}`] : f.startsWith("static/build/") ? [f, `${f}/*.js`] : [f]));

export default [
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  { files: ["**/*.html"], processor: inlineScripts },
  { files: ["static/build/{phone,host,screen}.js"], processor: bundleParts },
  {
    files: ["**/*.js", "**/*.mjs"],
    plugins: { compat },
    languageOptions: syntax("script"),
    rules,
  },
  { files: ["**/*.mjs", "static/js/phone-files.js"], languageOptions: { sourceType: "module" } },
  { files: inPage(PHONE), settings: browsers("phones") },
  { files: inPage(TV), settings: browsers("tv") },
  { files: inPage(BOTH), settings: browsers("phones", "tv") },
];

// Every file the lists name exists, and every script in static/js is in one: a new or renamed script never drops
// out of the check, nor is it checked against no target.
const listed = [...PHONE, ...TV, ...BOTH];
for (const f of listed) readFileSync(new URL(f, import.meta.url));
for (const f of readdirSync(new URL("static/js/", import.meta.url))) {
  if (!listed.includes(`static/js/${f}`)) throw new Error(`eslint.config.mjs: static/js/${f} is in no target list`);
}
