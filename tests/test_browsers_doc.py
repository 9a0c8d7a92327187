"""docs/browsers.md says what the tests and checks run: its targets table is .browserslistrc, its engine table
names the e2e files that drive each engine (and every file that drives Firefox or WebKit is in it), and the
guarded calls it lists are the ones the code marks for the compat check."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "browsers.md").read_text(encoding="utf-8")
E2E = ROOT / "e2e"


def section(title):
    start = DOC.index("\n## " + title + "\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start : end if end > 0 else None]


def table_rows(text):
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[1:]]


def browserslist_sections():
    sections, name = {}, None
    for line in (ROOT / ".browserslistrc").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            name = line.strip("[]")
            sections[name] = []
        elif line:
            sections[name].append(line)
    return sections


def test_the_targets_table_is_browserslistrc():
    rows = {row[0].strip("`"): re.findall(r"`([^`]+)`", row[2]) for row in table_rows(section("Browser targets"))}
    assert rows == browserslist_sections()


def test_each_engine_row_names_the_e2e_files_that_drive_it():
    rows = {row[0].split(" (")[0]: row for row in table_rows(section("What the tests drive"))}
    assert set(rows) == {"Chromium", "Firefox ESR", "WebKit"}
    drives = {
        "Firefox ESR": {
            p.name
            for p in E2E.glob("test_*.py")
            if re.search(r"^from firefox import|^import firefox", p.read_text(), re.M)
        },
        "WebKit": {p.name for p in E2E.glob("test_*.py") if re.search(r"^import webkit", p.read_text(), re.M)},
    }
    for engine, files in drives.items():
        named = {Path(f).name for f in re.findall(r"`(e2e/test_[a-z_]+\.py)`", rows[engine][1])}
        assert files and named == files, (engine, named, files)
        for name in files:
            assert re.search(r"^def test_", (E2E / name).read_text(), re.M), name


def test_the_guarded_calls_listed_are_the_ones_marked():
    marked = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "static" / "js").glob("*.js")
        if "eslint-disable-next-line compat/compat --" in p.read_text()
    )
    listed = section("Browser targets")
    listed = listed[listed.index("The guarded calls today") :].split("\n- ")[0]
    assert sorted(set(re.findall(r"`(static/js/[a-z-]+\.js)`", listed))) == marked
