"""engine/, games/ and room/ import nothing from the browser, so the rules run under pytest unchanged;
and the phone's modules keep to what MicroPython has."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1] / "py" / "peerparty"
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


def test_phone_side_modules_avoid_what_micropython_lacks():
    phone_modules = [ROOT / "room" / "protocol.py", ROOT / "room" / "guest.py"] + list((ROOT / "ui").glob("*.py"))
    offenders = []
    for path in phone_modules:
        for name in imports(path):
            if name.split(".")[0] in NOT_ON_MICROPYTHON:
                offenders.append("%s imports %s" % (path.name, name))
    assert offenders == []
