"""join.html imports the phone's modules one task at a time (app/boot.py MODULES): the list is app/phone.py's
whole import tree, in an order where importing a module runs that module alone, and every name is shipped."""

import ast

from peerparty.app.boot import MODULES

from tests.test_layering import build_script

BUILD = build_script()
module_file = BUILD.module_path  # the file that defines a peerparty module, as build.py ships it


def top_level_imports(name):
    """The peerparty modules `name` imports when it is imported: its module body's imports (and those under a
    top-level if/try), not a function's, which run later if at all."""
    path = module_file(name)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []

    def walk(body):
        for node in body:
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
                for alias in node.names:  # `from pkg import mod` imports the submodule when there is one
                    found.append(base + "." + alias.name if module_file(base + "." + alias.name) else base)
            elif isinstance(node, (ast.If, ast.Try)):
                for part in (node.body, node.orelse, getattr(node, "finalbody", [])):
                    walk(part)
                for handler in getattr(node, "handlers", []):
                    walk(handler.body)

    walk(ast.parse(path.read_text(), str(path)).body)
    return [m for m in found if m.split(".")[0] == "peerparty"]


def test_each_module_imports_only_modules_before_it():
    """So each task imports one module's own top level; a module whose imports came later would pull them into
    its own task."""
    late = []
    for i, name in enumerate(MODULES):
        for dep in top_level_imports(name):
            if module_file(dep).name != "__init__.py" and dep not in MODULES[:i]:  # a package's __init__ is empty
                late.append("%s imports %s, listed after it" % (name, dep))
    assert late == []


def test_the_list_is_app_phones_whole_import_tree_once():
    tree, todo = set(), ["peerparty.app.phone"]
    while todo:
        name = todo.pop()
        if name in tree:
            continue
        tree.add(name)
        todo.extend(top_level_imports(name))
    packages = {name for name in tree if module_file(name).name == "__init__.py"}
    assert [name for name in packages if top_level_imports(name)] == [], (
        "a package's __init__ runs with its first module"
    )
    modules = tree - packages
    assert len(MODULES) == len(set(MODULES))
    assert set(MODULES) == modules


def test_every_module_is_in_the_phones_bundle():
    shipped = {
        p.relative_to(BUILD.ROOT / "py").with_suffix("").as_posix().replace("/", ".") for p in BUILD.phone_files()
    }
    assert BUILD.PHONE_ENTRY == "peerparty.app.boot"
    assert [name for name in MODULES if name not in shipped] == []
