"""The docs say only what is there: README.md and docs/**/*.md are read as a stranger would follow them.

Every relative link and #anchor resolves (GitHub's heading slugs), every repo path in backticks exists, every
`make` target, `python3 -m <module> --flag` and test named exists, every ruling ID the repository cites is
defined in docs/rules/, nothing points outside the repository, and the README's games are the registry's.

What counts as a repo path: a code span (not a fenced block) with no spaces or placeholders whose first segment
is a top-level folder of the repository (`py/`, `tests/`, `docs/`, ...), or a package folder of py/peerparty
(`room/`, `ui/`, ...; read under py/peerparty/). Other code spans are code, not paths.
"""

import html
import pathlib
import re
import subprocess

import pytest

from peerparty.games import REGISTRY, part

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
RULES = ROOT / "docs" / "rules"
TOP_DIRS = ("py", "tests", "e2e", "bench", "scripts", "static", "docs", "examples", ".ci")
PACKAGE_DIRS = ("engine", "games", "room", "ui", "app", "net")
BUILT = ("static/vendor", "static/build", "dist", "artifacts", "bench/results", "node_modules")

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_REF = re.compile(r"<(?:img|a|source)\b[^>]*?\b(?:src|href)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
RULING = re.compile(r"(?<![A-Za-z0-9])D([0-9X])[-_]([0-9]{2})(?![0-9])")
SECTION = re.compile(r"(?<![\w.])A\.[0-9](?:\.[0-9])*(?![\w])")


def text(path):
    return path.read_text(encoding="utf-8")


def prose(md):
    """The markdown without its fenced code blocks (links and paths inside a code sample are not claims)."""
    return FENCE.sub("", md)


def fenced(md):
    return [m.group(0) for m in FENCE.finditer(md)]


def spans(md):
    """Inline code spans outside fenced blocks."""
    return [m.group(2).strip() for m in SPAN.finditer(prose(md))]


def code_texts(md):
    return spans(md) + fenced(md)


# --- GitHub's heading anchors ------------------------------------------------------------------------------


def slug(heading):
    """GitHub's anchor for a heading: its rendered text lower-cased, punctuation dropped, spaces to hyphens."""
    t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link renders as its text
    t = re.sub(r"<[^>]+>", "", t)
    t = html.unescape(t.replace("`", "").replace("**", "").replace("__", ""))
    t = t.strip().lower()
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


def anchors(md):
    found, seen = set(), {}
    for m in HEADING.finditer(prose(md)):
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else "%s-%d" % (base, n))
    found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", md))
    return found


def test_slugs_follow_githubs_rules():
    assert slug("How it plays (A.3.1)") == "how-it-plays-a31"
    assert slug("Your Secret. Someone Else's Problem. (A.4)") == "your-secret-someone-elses-problem-a4"
    assert slug("`make run`: the **LAN** [room](x.md)") == "make-run-the-lan-room"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n") == {"a", "a-1"}


# --- links and anchors -------------------------------------------------------------------------------------


def links(md):
    body = SPAN.sub("", prose(md))
    return LINK.findall(body) + HTML_REF.findall(body)


def rel(path):
    return str(path.relative_to(ROOT)) if ROOT in path.parents else path.name


def broken_links(doc):
    md = text(doc)
    bad = []
    for target in links(md):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:, data:
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        if not dest.exists():
            bad.append("%s: %s does not exist" % (rel(doc), target))
        elif anchor and dest.suffix == ".md" and anchor not in anchors(text(dest)):
            bad.append("%s: %s has no heading #%s" % (rel(doc), path or doc.name, anchor))
    return bad


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(doc):
    assert broken_links(doc) == []


def test_a_broken_link_or_anchor_is_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Top\n[ok](#top) [gone](#nowhere) [file](missing.md) `[code](nope.md)`\n```\n[sample](nope2.md)\n```\n"
    )
    assert broken_links(page) == ["page.md: page.md has no heading #nowhere", "page.md: missing.md does not exist"]


# --- paths, make targets, CLI flags, tests -----------------------------------------------------------------


def repo_path(span):
    """The file a code span names, or None when the span is not a repo path (see the module's docstring)."""
    span = re.sub(r"(::\w+|:\d+(-\d+)?)$", "", span)
    if re.search(r"[\s<>{}*$|(),'\"=]", span) or "/" not in span or span.startswith(("/", "http")):
        return None
    first = span.split("/")[0]
    if first in TOP_DIRS:
        rel = span
    elif first in PACKAGE_DIRS:
        rel = "py/peerparty/" + span
    else:
        return None
    if rel.rstrip("/").startswith(BUILT):
        return None
    module, dot, name = rel.rpartition(".")
    if dot and "/" not in name and not (ROOT / rel).exists() and (ROOT / (module + ".py")).exists():
        return module + ".py"  # `room/replay.RECORDS_KEPT`: a name in a module
    return rel


def test_what_counts_as_a_repo_path():
    assert repo_path("room/host.py") == "py/peerparty/room/host.py"
    assert repo_path("tests/room/test_fuzz.py::test_x") == "tests/room/test_fuzz.py"
    assert repo_path("games/<id>/screens.py") is None
    assert repo_path("static/build/host.js") is None
    assert repo_path("a/b") is None and repo_path("x = a / b") is None


def missing_paths(doc):
    return [
        "%s: `%s`" % (doc.relative_to(ROOT), s)
        for s in spans(text(doc))
        if repo_path(s) and not (ROOT / repo_path(s)).exists()
    ]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_repo_path_in_backticks_exists(doc):
    assert missing_paths(doc) == []


def make_targets():
    return set(re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", text(ROOT / "Makefile"), re.M))


def test_every_make_target_named_exists():
    targets = make_targets()
    assert {"run", "test", "test-fast", "lint", "build"} <= targets
    named = set()
    for doc in DOCS:
        for code in code_texts(text(doc)):
            # a command line: a span or a fenced line that starts with make (prose such as "make this" is not)
            named.update((doc.relative_to(ROOT), t) for t in re.findall(r"^\s*(?:\$ )?make ([a-z][\w-]*)", code, re.M))
    assert sorted((str(d), t) for d, t in named if t not in targets) == []


def module_sources(module):
    """The Python files of a module run with `python3 -m module` or `python3 path.py`, if it is in the repo."""
    for base in (ROOT, ROOT / "py"):
        p = base / module.replace(".", "/") if not module.endswith(".py") else base / module
        if p.is_dir():
            return sorted(p.rglob("*.py"))
        if p.with_suffix(".py").exists():
            return [p.with_suffix(".py")]
    return []


def test_every_cli_flag_named_exists():
    bad = []
    for doc in DOCS:
        for code in code_texts(text(doc)):
            for line in code.splitlines():
                m = re.search(r"python3? (?:-m ([\w.]+)|([\w/]+\.py))([^`;&|#]*)", line)
                if not m:
                    continue
                sources = module_sources(m.group(1) or m.group(2))
                if not sources:
                    continue  # pytest, pip, http.server: not ours
                source = "\n".join(text(p) for p in sources)
                for flag in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", m.group(3)):
                    if not re.search(r"[\"']%s[\"'=]" % re.escape(flag), source):
                        bad.append("%s: %s %s" % (doc.relative_to(ROOT), m.group(1) or m.group(2), flag))
    assert bad == []


def known_test_names():
    names = set(p.name for d in ("tests", "e2e") for p in (ROOT / d).rglob("test_*.py"))
    for d in ("tests", "e2e"):
        for p in (ROOT / d).rglob("*.py"):
            names.update(re.findall(r"^\s*(?:async )?def (test_\w+)", text(p), re.M))
    return names


def test_every_test_named_exists():
    known = known_test_names()
    bad = []
    for doc in DOCS:
        for name, star in re.findall(r"(?<![\w/])(test_\w+(?:\.py)?)(\*?)", text(doc)):
            stem = name[:-3] if name.endswith(".py") else name
            if star:  # `test_issue_26_*`: a family of tests, one of which must exist
                found = any(k.startswith(stem) for k in known)
            else:
                found = name in known or stem + ".py" in known
            if not found:
                bad.append("%s: %s" % (doc.relative_to(ROOT), name + star))
    assert bad == []


# --- the rules are inside the repository -------------------------------------------------------------------


def tracked_texts():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for f in files:
        p = ROOT / f
        if p.suffix in (".py", ".md", ".js", ".mjs", ".css", ".html", ".toml", ".txt", ".json") or p.name in (
            "Makefile",
            "run",
        ):
            if p.exists() and not f.startswith("docs/runs/"):
                yield f, text(p)


def defined_rulings():
    ids = set()
    for page in RULES.glob("*.md"):
        md = text(page)
        ids.update(re.findall(r"^- \*\*(D[0-9X]-[0-9]{2})\*\*:", md, re.M))
        ids.update(re.findall(r"^#+ .*\((A\.[0-9](?:\.[0-9])*)\)\s*$", md, re.M))
    return ids


def cited_rulings(body):
    return set("D%s-%s" % m for m in RULING.findall(body)) | set(SECTION.findall(body))


def test_every_cited_ruling_is_defined_in_docs_rules():
    defined = defined_rulings()
    assert {"DX-01", "D0-21", "D2-26", "D3-21", "D4-20", "A.0", "A.3.1"} <= defined
    undefined = sorted(
        "%s cites %s" % (f, i) for f, body in tracked_texts() for i in cited_rulings(body) if i not in defined
    )
    assert undefined == []


def test_a_citation_is_read_in_every_form_the_repository_uses():
    assert cited_rulings("# D2-07: a bust; def test_D0_15_end(): see A.3.1, D4_03_REDEALS") == {
        "D2-07",
        "D0-15",
        "A.3.1",
        "D4-03",
    }
    assert cited_rulings("version 1.2.3, ND2-07X, a.b") == set()


def test_nothing_points_outside_the_repository():
    outside = re.compile("|".join([r"\.\./shared", "/work/" + "shared", r"\bRULINGS\b", r"rulebook \d{3}"]))
    found = sorted("%s: %s" % (f, m.group(0)) for f, body in tracked_texts() for m in outside.finditer(body))
    assert found == []


# --- the docs agree with the registry and the in-app rules -------------------------------------------------

PAGES = {
    "seven_rounds": "seven-rounds.md",
    "bank_or_bust": "bank-or-bust.md",
    "hint_hunt": "hint-hunt.md",
    "someone_elses_problem": "someone-elses-problem.md",
}


def test_every_hub_game_has_a_rules_page_with_its_player_counts():
    assert set(PAGES) == set(REGISTRY)
    for game_id, page in PAGES.items():
        game, md = REGISTRY[game_id], text(RULES / page)
        assert "%d to %d players" % (game.min_players, game.max_players) in md, page
        assert "`%s`" % game_id in md, page


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_in_app_how_to_play_names_only_what_the_rules_page_says(game_id):
    """Every term the how-to-play panel sets in bold (an action, a card, a role) is on the game's page."""
    rules_html = part(REGISTRY[game_id], "screens").RULES
    page = text(RULES / PAGES[game_id]).lower()
    terms = [
        html.unescape(re.sub(r"<[^>]+>", "", t)).replace("\u2212", "-") for t in re.findall(r"<b>(.*?)</b>", rules_html)
    ]
    assert terms
    missing = [t for t in terms if re.sub(r"[^a-z ]", "", t.lower()).strip() not in page]
    assert missing == []


def test_the_readmes_games_are_the_registrys():
    section = text(ROOT / "README.md").split("## The games", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- \*\*(.+?)\*\* \((\d+)-(\d+)", section, re.M)
    assert [(t, int(lo), int(hi)) for t, lo, hi in listed] == [
        (g.title, g.min_players, g.max_players) for g in REGISTRY.values()
    ]
