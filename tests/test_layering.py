"""engine/, games/ and room/ import nothing from the browser, so the rules run under pytest unchanged; the
host page's screen thread imports none of the rules (it draws what the rules worker sends); and what runs on
MicroPython (the phone, the screen thread) keeps to what MicroPython has."""
import ast
import importlib.util
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[1]
ROOT = REPO / "py" / "peerparty"
BROWSER = {"js", "pyodide", "pyscript", "peerparty.ui", "peerparty.net.peerjs", "peerparty.app"}
PURE = ["engine", "games", "room"]
NOT_ON_MICROPYTHON = {"dataclasses", "typing", "enum", "abc", "secrets", "copy", "html", "re", "textwrap"}


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


def test_pure_layers_import_nothing_from_the_browser():
    offenders = []
    for layer in PURE:
        for path in (ROOT / layer).rglob("*.py"):
            offenders += ["%s imports %s" % (path.relative_to(ROOT), n) for n in imports(path) if is_browser(n)]
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


def bundle(entry):
    """The modules a page's Python may import (scripts/build.py's own closure, which ships them), as paths
    relative to py/peerparty."""
    return sorted(p.relative_to(ROOT).as_posix() for p in build_script().bundle_files(entry))


def test_the_screen_thread_imports_none_of_the_rules():
    """The host page's main thread (app/screen.py, MicroPython) draws and listens; the engine, the games and the
    room's authority live in the rules worker. What the build ships to that thread is exactly its closure."""
    shipped = bundle("peerparty.app.screen")
    assert "app/screen.py" in shipped and "ui/room.py" in shipped
    rules = [p for p in shipped if p.split("/")[0] in ("engine", "games", "room", "net")]
    assert rules == [], "the screen thread would import %s" % rules
    assert [p for p in shipped if p.startswith("app/")] == ["app/__init__.py", "app/common.py", "app/screen.py"]


def test_the_closure_would_catch_a_screen_module_importing_a_game(tmp_path, monkeypatch):
    """The same closure over a throwaway tree where a screen imports a game inside a function."""
    for rel, text in {"__init__.py": "", "app/__init__.py": "", "app/screen.py": "from ..ui import room\n",
                      "ui/__init__.py": "", "ui/room.py": "def f():\n    from ..games import REGISTRY\n",
                      "games/__init__.py": "from . import toy\n", "games/toy.py": ""}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    build = build_script()
    monkeypatch.setattr(build, "PKG_SRC", tmp_path)
    shipped = sorted(p.relative_to(tmp_path).as_posix() for p in build.bundle_files("peerparty.app.screen"))
    assert "games/toy.py" in shipped


def test_the_rules_worker_imports_nothing_from_the_browser():
    offenders = []
    for rel in bundle("peerparty.app.rules"):
        offenders += ["%s imports %s" % (rel, n) for n in imports(ROOT / rel)
                      if is_browser(n) and rel != "app/rules.py"]
    # app/rules.py itself is in app/ (the browser's side of the tree) but imports only the pure layers
    assert [n for n in imports(ROOT / "app" / "rules.py") if n.split(".")[0] in ("js", "pyodide", "pyscript")
            or n.startswith(("peerparty.ui", "peerparty.net", "peerparty.app"))] == []
    assert offenders == []


def test_micropython_modules_avoid_what_micropython_lacks():
    shipped = set(bundle("peerparty.app.phone")) | set(bundle("peerparty.app.screen"))
    offenders = []
    for path in [ROOT / rel for rel in sorted(shipped)]:
        for name in imports(path):
            if name.split(".")[0] in NOT_ON_MICROPYTHON:
                offenders.append("%s imports %s" % (path.name, name))
    assert offenders == []
