"""engine/, games/ and room/ import nothing from the browser, so the rules run under pytest unchanged; the host
page's screen thread runs no Python and the screens import none of the rules (the rules worker draws the big
screen from screen() alone); and the phone's modules keep to what MicroPython has."""

import ast
import importlib.util
import json
import pathlib
import re
import tomllib

REPO = pathlib.Path(__file__).resolve().parents[1]
ROOT = REPO / "py" / "peerparty"
BROWSER = {"js", "jsffi", "pyodide", "pyscript", "peerparty.ui", "peerparty.net.peerjs", "peerparty.app"}
PURE = ["engine", "games", "room"]
NOT_ON_MICROPYTHON = {
    "dataclasses",
    "typing",
    "enum",
    "abc",
    "secrets",
    "copy",
    "html",
    "re",
    "textwrap",
    "unicodedata",
}


def imports(path):
    tree = ast.parse(path.read_text(), str(path))
    package = ".".join(("peerparty",) + path.relative_to(ROOT).parent.parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                yield ".".join(base + ([node.module] if node.module else []))
            else:
                yield node.module


def is_browser(name):
    return any(name == b or name.startswith(b + ".") for b in BROWSER)


def screen_modules():
    """A game's screens (games/<id>/screens.py): in its package, of the browser's layer (per module, not per
    package: docs/add-a-game.md)."""
    return sorted((ROOT / "games").glob("*/screens.py"))


def test_pure_layers_import_nothing_from_the_browser():
    offenders = []
    for layer in PURE:
        for path in (ROOT / layer).rglob("*.py"):
            if path in screen_modules():
                continue
            offenders += ["%s imports %s" % (path.relative_to(ROOT), n) for n in imports(path) if is_browser(n)]
    assert offenders == []


def test_a_games_rules_import_none_of_its_screens():
    """The rules run in the worker and under pytest without ui/: only the screens module itself reaches for it,
    and no module of the package imports the screens (GAME.screens names them)."""
    assert screen_modules()
    offenders = []
    for path in (ROOT / "games").rglob("*.py"):
        if path in screen_modules():
            continue
        offenders += [
            "%s imports %s" % (path.relative_to(ROOT), n)
            for n in imports(path)
            if n.endswith(".screens") or ".screens." in n
        ]
    assert offenders == []


def test_the_scan_would_catch_a_browser_import(tmp_path):
    bad = ROOT / "room" / "_probe_tmp.py"
    bad.write_text("import js\nfrom ..ui import html\n")
    try:
        assert sorted(imports(bad)) == ["js", "peerparty.ui"]
        assert all(is_browser(n) for n in imports(bad))
    finally:
        bad.unlink()


def build_script():
    spec = importlib.util.spec_from_file_location("peerparty_build", REPO / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bundle(entry=None):
    """The modules a page's Python (join.html's by default) may import (scripts/build.py's own closure, which ships them), as paths
    relative to py/peerparty."""
    build = build_script()
    return sorted(p.relative_to(ROOT).as_posix() for p in build.phone_files(entry or build.PHONE_ENTRY))


def test_the_host_pages_rules_run_in_a_pyscript_worker_its_pyscript_toml_configures():
    """host.html's rules run in PyScript's Pyodide worker (docs/host-threads.md), configured by the
    top-level pyscript.toml: one <script type="py" worker name="rules" config="./pyscript.toml">, no Python on the
    page's main thread, and no hand-made worker to fall back to (the only other worker compiles Pyodide's wasm)."""
    html = (REPO / "host.html").read_text()
    scripts = re.findall(r"<script\b([^>]*)>", html)
    python = [a for a in scripts if re.search(r'type="(py|mpy|py-game|mpy-game)"', a)]
    assert python == [' type="py" worker name="rules" config="./pyscript.toml"']
    assert re.findall(r'import \{ hooks \} from "([^"]+)"', html) == ["./static/vendor/pyscript/core.js"]
    assert re.findall(r"new Worker\(([^,)]+)", html) == ['"./static/js/wasm-compile.js"']
    for rel in build_script().HOST_SCRIPTS:
        assert "new Worker" not in (REPO / rel).read_text(), rel
    assert "new Worker" not in (REPO / "static" / "js" / "rules-interpreter.mjs").read_text()
    config = tomllib.loads((REPO / "pyscript.toml").read_text())
    assert config["interpreter"] == "./static/js/rules-interpreter.mjs"
    assert (REPO / config["interpreter"]).is_file()
    assert config["files"] == {"./static/build/rules.zip": build_script().RULES_ZIP_PATH}
    assert "packages" not in config, "micropip stays out of the page"
    assert [re.search(r'src="([^"]+)"', a).group(1) for a in scripts if "src=" in a] == [
        "./static/build/host.js",
        "./static/js/offline.js",
    ]
    assert all(rel.endswith(".js") for rel in build_script().HOST_SCRIPTS)


def test_pages_fetch_no_pyscript_plugin_they_turn_off():
    """PyScript imports every plugin of a type whose config does not turn it off, and a page has a config per
    type (py, mpy): host.html turns them all off for both but `error`, join.html for py (its mpy config is
    player.toml)."""

    def off(text):
        return set(json.loads(text)["plugins"])

    everything = {"!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"}
    host = (REPO / "host.html").read_text()
    for kind in ("py", "mpy"):
        assert off(re.search(r"<%s-config hidden>(.*?)</%s-config>" % (kind, kind), host).group(1)) == everything
    join = (REPO / "join.html").read_text()
    assert off(re.search(r"<py-config hidden>(.*?)</py-config>", join).group(1)) == everything
    assert set(tomllib.loads((REPO / "player.toml").read_text())["plugins"]) >= everything - {"!codemirror"}


def test_the_screens_import_none_of_the_rules():
    """ui/ draws from the view a screen is given and imports nothing else: not the engine, the games or the room,
    so the big screen (drawn in the rules worker) shows only what screen() hands it. Its words come from
    peerparty.i18n, which imports nothing at all."""
    offenders = []
    for path in sorted((ROOT / "ui").glob("*.py")) + screen_modules():
        offenders += [
            "%s imports %s" % (path.relative_to(ROOT), n)
            for n in imports(path)
            if n.startswith("peerparty.") and not n.startswith("peerparty.ui") and n != "peerparty.i18n"
        ]
    assert offenders == []
    assert list(imports(ROOT / "i18n.py")) == []


def test_the_rules_worker_imports_nothing_from_the_page():
    """The worker has no DOM and no PeerJS: nothing it imports reaches for them."""
    # app/rules_worker.py, PyScript's entry, is the page's side
    shipped = sorted(p.relative_to(ROOT).as_posix() for p in build_script().rules_modules("peerparty.app.rules"))
    assert {"app/rules.py", "room/host.py", "games/__init__.py", "ui/room.py"} <= set(shipped)
    page = (
        "js",
        "jsffi",
        "pyodide",
        "pyscript",
        "peerparty.net.peerjs",
        "peerparty.app.common",
        "peerparty.app.phone",
        "peerparty.app.boot",
    )
    offenders = [
        "%s imports %s" % (rel, n)
        for rel in shipped
        for n in imports(ROOT / rel)
        if any(n == b or n.startswith(b + ".") for b in page)
    ]
    assert offenders == []


def test_phone_side_modules_avoid_what_micropython_lacks():
    offenders = []
    for path in [ROOT / rel for rel in bundle()]:
        for name in imports(path):
            if name.split(".")[0] in NOT_ON_MICROPYTHON:
                offenders.append("%s imports %s" % (path.name, name))
    assert offenders == []


def test_the_phone_imports_nothing_from_pyscripts_python_package():
    """join.html's phone-files.js puts an empty module in place of PyScript's Python package (which PyScript
    would otherwise compile from source at every boot, before the page's script): the phone must not need it."""
    offenders = [
        "%s imports %s" % (rel, n)
        for rel in bundle()
        for n in imports(ROOT / rel)
        if n == "pyscript" or n.startswith("pyscript.")
    ]
    assert offenders == []
    assert "sys.modules['pyscript']" in (REPO / "static" / "js" / "phone-files.js").read_text()


def test_the_phone_bundle_has_every_games_screens_and_none_of_the_rules():
    """ui/screens.py imports a game's screens by the name its package gives (GAME.screens), so the build adds
    them to the phone's bundle with the table of names (the phone has no registry), and no rules with them."""
    from peerparty.games import REGISTRY

    build = build_script()
    shipped = bundle()
    for game in REGISTRY.values():
        assert game.screens.replace("peerparty.", "", 1).replace(".", "/") + ".py" in shipped, game.id
    # of games/, only the screens and the packages' empty stand-ins for __init__.py (make_phone_pack writes them)
    assert not [
        rel
        for rel in shipped
        if rel.startswith("engine/") or rel.startswith("games/") and not rel.endswith("/screens.py")
    ]
    generated = {}
    exec(build.screen_names_source(), generated)
    assert generated["NAMES"] == dict((game_id, game.screens) for game_id, game in REGISTRY.items())


def test_a_games_stylesheet_comes_with_its_screens_not_with_the_pages():
    """No page links a game's stylesheet up front (a phone's first visit fetched all four, 55 KB): the host's and
    the phone's screens link the picked game's, from its package's GAME.stylesheet, in the lobby once it is picked,
    through the game and in its replay; the phone's bundle carries the same table (scripts/build.py)."""
    from peerparty.games import REGISTRY
    from peerparty.ui.room import game_style

    for page in ("host.html", "join.html", "index.html"):
        assert not re.search(r"css/games/\w+\.css", (REPO / page).read_text()), page
    for game in REGISTRY.values():
        assert game_style(game.id) == (
            '<link rel="stylesheet" href="./%s" data-game-style="%s">' % (game.stylesheet, game.id)
        )
    assert game_style(None) == "" and game_style("no_such_game") == ""
    generated = {}
    exec(build_script().screen_names_source(), generated)
    assert generated["STYLESHEETS"] == dict((game.id, game.stylesheet) for game in REGISTRY.values())
