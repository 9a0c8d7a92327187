"""The docs say only what is there: README.md and docs/**/*.md are read as a stranger would follow them.

Every relative link and #anchor resolves (GitHub's heading slugs), every repo path in backticks exists, every
`make` target, `python3 -m <module> --flag` and test named exists, every ruling ID the repository cites is
defined in docs/rules/, nothing points outside the repository, and the README's games are the registry's.

What counts as a repo path: a code span (not a fenced block) with no spaces or placeholders whose first segment
is a top-level folder of the repository (`py/`, `tests/`, `docs/`, ...), or a package folder of py/peerparty
(`room/`, `ui/`, ...; read under py/peerparty/). Other code spans are code, not paths.
"""

import html
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from bench import docs as bench_docs
from peerparty.games import REGISTRY, part

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
RULES = ROOT / "docs" / "rules"
RUNS_DIR = ROOT / "docs" / "runs"
TOP_DIRS = ("py", "tests", "e2e", "bench", "scripts", "static", "docs", "examples", ".ci")
PACKAGE_DIRS = ("engine", "games", "room", "ui", "app", "net")
BUILT = ("static/vendor", "static/build", "dist", "artifacts", "bench/results", "node_modules")

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_REF = re.compile(r"<(?:img|a|source)\b[^>]*?\b(?:src|href)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
RULING = re.compile(r"(?<![A-Za-z0-9])D([0-9X])[-_]([0-9]{2})(?![0-9])")
# a ruling's lettered part, as the repository cites one: D3-09 (a), (D3-09 d), D3-09 (a)-(d), D3-09 a-d, test_D3_09a_
PART = re.compile(
    r"(?<![A-Za-z0-9])D([0-9X])[-_]([0-9]{2})(?:\s?\(([a-z])\)(?:-\(([a-z])\))?|\s([a-z])(?:(?=[):])|-([a-z])\b)|([a-z])_)"
)
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


def repository_files():
    """The repository's files: git's list, or in a checkout without git (an unpacked archive) every file but the
    built and installed folders."""
    try:
        return subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        skip = BUILT + (".git", ".build-tools", "bench/results")
        return [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not str(p.relative_to(ROOT)).startswith(skip) and "__pycache__" not in p.parts
        ]


def tracked_texts():
    files = repository_files()
    for f in files:
        p = ROOT / f
        if p.suffix in (".py", ".md", ".js", ".mjs", ".css", ".html", ".toml", ".txt", ".json") or p.name in (
            "Makefile",
            "run",
        ):
            if p.exists() and not f.startswith("docs/runs/"):
                yield f, text(p)


def defined_rulings():
    """Every ruling ID and section docs/rules/ defines, and each lettered part of a ruling ("D3-09 (a)": its text
    lists "(a)")."""
    ids = set()
    for page in RULES.glob("*.md"):
        md = text(page)
        for ruling, body in re.findall(r"^- \*\*(D[0-9X]-[0-9]{2})\*\*:(.*?)(?=^- \*\*|^#|\Z)", md, re.M | re.S):
            ids.add(ruling)
            ids.update("%s (%s)" % (ruling, part) for part in re.findall(r"\(([a-z])\)", body))
        ids.update(re.findall(r"^#+ .*\((A\.[0-9](?:\.[0-9])*)\)\s*$", md, re.M))
    return ids


def cited_parts(body):
    out = set()
    for game, number, first, last, bare, bare_last, test_part in PART.findall(body):
        start, end = first or bare or test_part, last or bare_last or first or bare or test_part
        out.update("D%s-%s (%s)" % (game, number, chr(c)) for c in range(ord(start), ord(end) + 1))
    return out


def cited_rulings(body):
    return set("D%s-%s" % m for m in RULING.findall(body)) | set(SECTION.findall(body)) | cited_parts(body)


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
    assert cited_rulings("version 1.2.3, ND2-07X, a.b, D2-25 a removal") == {"D2-25"}
    assert cited_rulings("D3-09 (a)-(c); (D3-09 d), D3-09 a: x, def test_D3_09b_x") == {
        "D3-09",
        "D3-09 (a)",
        "D3-09 (b)",
        "D3-09 (c)",
        "D3-09 (d)",
    }


def test_nothing_points_outside_the_repository():
    outside = re.compile("|".join([r"\.\./shared", "/work/" + "shared", r"\bRULINGS\b", r"rulebook \d{3}"]))
    found = sorted("%s: %s" % (f, m.group(0)) for f, body in tracked_texts() for m in outside.finditer(body))
    assert found == []


def test_every_section_of_decisions_md_cited_is_there():
    """`docs/decisions.md, "A harmless race"`: the page has a section that begins so."""
    heads = re.findall(r"^## (.+)$", text(ROOT / "docs" / "decisions.md"), re.M)
    cited = re.compile(r"decisions\.md[,:]? [\"“]([^\"”]+)")
    missing = sorted(
        "%s: %s" % (f, m.group(1))
        for f, body in tracked_texts()
        for m in cited.finditer(re.sub(r"\s*\n\s*(?:#\s*|//\s*)?", " ", body))
        if not any(h.startswith(m.group(1).rstrip(".")) for h in heads)
    )
    assert missing == []


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
    rules_html = part(REGISTRY[game_id], "screens").rules()
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


# --- the figures are of the code as it is ------------------------------------------------------------------------


def test_quoted_figures_measure_the_code_as_it_is():
    """Every figure a page quotes from a kept run (docs/runs/) is of the code it measures as it is now: no commit
    since the run's changed a path the figure's section measures (bench/docs.py SECTIONS). Off by default: the
    figures are rewritten from a full bench run (`make bench-docs`, which runs this check afterwards), not on every
    commit; PEERPARTY_CHECK_FIGURES=1 turns it on."""
    if os.environ.get("PEERPARTY_CHECK_FIGURES") != "1":
        pytest.skip("figures' freshness: PEERPARTY_CHECK_FIGURES=1 (make bench-docs) checks it")
    try:
        stale = bench_docs.stale_figures()
    except bench_docs.Unknowable as why:
        pytest.skip("figures' freshness cannot be read here: %s" % why)
    assert [
        "%s: %s (%s, run %s): %s" % (rel(page), figure, section, stamp, "; ".join(commits))
        for page, figure, section, stamp, commits in stale
    ] == []


def _git(repo, *args):
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def bench_repo(tmp_path, monkeypatch):
    """A repository with a page quoting a kept run of its first commit, and bench/docs.py pointed at it."""
    repo = tmp_path / "repo"
    (repo / "docs" / "runs").mkdir(parents=True)
    (repo / "static" / "js").mkdir(parents=True)
    (repo / "static" / "js" / "host-room.js").write_text("draw()\n")
    (repo / "README.md").write_text("x\n")
    _git(repo, "init", "-q")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "code", "--allow-empty")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "code")
    head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=repo, capture_output=True, text=True)
    run = {"meta": {"commit": head.stdout.strip()}, "rows": [["Latency", "12 phones: tap → host screen updated"]]}
    (repo / "docs" / "runs" / "20260101-000000.json").write_text(json.dumps(run))
    (repo / "docs" / "performance.md").write_text(
        "<!-- bench:section:Latency -->\n| figure | median | p95 | n |\n|---|---|---|---|\n"
        "| 12 phones: tap → host screen updated | 10 ms | 18 ms | 84 |\n\nFrom run [20260101-000000]"
        "(runs/20260101-000000.md) of commit `%s` (full run).\n<!-- /bench -->\n"
        "<!-- figures:Engine -->\nOne move takes 0.1 ms ([run 20260101-000000](runs/20260101-000000.md)).\n"
        "<!-- /figures -->\n" % head.stdout.strip()
    )
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "docs quote the run")
    monkeypatch.setattr(bench_docs, "ROOT", repo)
    monkeypatch.setattr(bench_docs, "RUNS", repo / "docs" / "runs")
    return repo


def test_a_figure_is_stale_once_a_path_it_measures_changes_after_its_run(bench_repo):
    assert bench_docs.stale_figures() == []  # the docs' own commit changes no measured path
    (bench_repo / "static" / "js" / "screen.js").write_text("x\n")  # no tap goes through it
    _git(bench_repo, "add", ".")
    _git(bench_repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a remote screen")
    assert bench_docs.stale_figures() == []
    (bench_repo / "static" / "js" / "host-room.js").write_text("// the TV's drawing\ndraw()  /* once */\n")
    _git(bench_repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "a comment")
    assert bench_docs.stale_figures() == []  # a comment measures nothing
    (bench_repo / "static" / "js" / "host-room.js").write_text("draw(); settle()\n")
    _git(bench_repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "the TV draws")
    stale = bench_docs.stale_figures()
    assert [(f, s) for _, f, s, _, _ in stale] == [("12 phones: tap → host screen updated", "Latency")]
    assert stale[0][4] == ["%s the TV draws (static/js/host-room.js)" % stale[0][4][0].split()[0]]
    (bench_repo / "py" / "peerparty" / "engine").mkdir(parents=True)
    (bench_repo / "py" / "peerparty" / "engine" / "core.py").write_text("x = 1\n")
    _git(bench_repo, "add", ".")
    _git(bench_repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "the engine")
    assert [s for _, _, s, _, _ in bench_docs.stale_figures()] == ["Latency", "Engine"]


def test_a_shallow_clone_or_no_git_cannot_tell_and_says_so(bench_repo, tmp_path, monkeypatch):
    (bench_repo / "static" / "js" / "host-room.js").write_text("draw(); settle()\n")
    _git(bench_repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "the TV draws")
    shallow = tmp_path / "shallow"
    _git(tmp_path, "clone", "-q", "--depth", "1", "file://%s" % bench_repo, str(shallow))
    monkeypatch.setattr(bench_docs, "ROOT", shallow)
    monkeypatch.setattr(bench_docs, "RUNS", shallow / "docs" / "runs")
    with pytest.raises(bench_docs.Unknowable, match="shallow"):
        bench_docs.stale_figures()
    plain = tmp_path / "plain"
    shutil.copytree(shallow, plain, ignore=shutil.ignore_patterns(".git"))
    monkeypatch.setattr(bench_docs, "ROOT", plain)
    monkeypatch.setattr(bench_docs, "RUNS", plain / "docs" / "runs")
    with pytest.raises(bench_docs.Unknowable, match="not a git checkout"):
        bench_docs.stale_figures()


def test_every_quoted_figure_has_a_section_the_bench_measures():
    for page in bench_docs.pages():
        for figure, section, stamp, _ in bench_docs.quoted_figures(page):
            assert section in bench_docs.SECTIONS, (rel(page), figure)
            assert (RUNS_DIR / (stamp + ".json")).exists(), (rel(page), figure, stamp)


def test_the_pages_said_to_be_rewritten_are_the_pages_with_bench_blocks():
    """docs/runs/README.md names every page `--docs` rewrites: exactly those with a `<!-- bench:… -->` block."""
    with_blocks = {rel(p) for p in bench_docs.pages() if bench_docs.BLOCK.search(text(p))}
    said = text(RUNS_DIR / "README.md").split("It then rewrites", 1)[1].split("removes", 1)[0]
    named = {rel((RUNS_DIR / link).resolve()) for link in re.findall(r"\]\(([^)#]+)\)", said)}
    named |= {"README.md"} if "README" in said else set()
    assert named == with_blocks


def test_the_bench_takes_as_long_as_the_docs_say():
    """Every duration performance.md gives the full bench (`make bench`, `make bench-docs`) is within a quarter of
    the full run it quotes, by the run's own clock."""
    md = text(ROOT / "docs" / "performance.md").split("## The phone's first frame", 1)[0]
    stamp = re.search(r"<!-- bench:budgets -->.*?From run \[([\d-]+)\]", md, re.S).group(1)
    run = json.loads((RUNS_DIR / (stamp + ".json")).read_text())
    assert run["meta"]["mode"] == "full"
    minutes = run["meta"]["seconds"] / 60
    said = [int(n) for n in re.findall(r"(?:~|about |took )(\d+) min", md)]
    said += [30] * len(re.findall(r"half an hour", md))
    assert said and [n for n in said if abs(n - minutes) > minutes / 4] == []


def test_the_signal_figures_measure_the_pinned_peerserver_and_its_dependencies_only():
    """bench/docs.py SECTIONS' `package-lock.json#peer`: a tool added to the lock leaves the PeerServer's figures
    fresh; a new version of `peer`, or of a package it runs (ws, nested or top level), stales them."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    measured = bench_docs._code("package-lock.json", json.dumps(lock), "peer")
    tool = json.loads(json.dumps(lock))
    tool["packages"]["node_modules/some-linter"] = {"version": "1.0.0", "dev": True}
    assert bench_docs._code("package-lock.json", json.dumps(tool), "peer") == measured
    assert bench_docs._code("package-lock.json", json.dumps(tool)) != bench_docs._code(
        "package-lock.json", json.dumps(lock)
    ), "the whole lock, read without a package, still sees the tool"
    for changed in ("node_modules/peer", "node_modules/ws"):
        bumped = json.loads(json.dumps(lock))
        assert changed in bench_docs._closure(bumped["packages"], "peer")
        bumped["packages"][changed]["version"] += "-next"
        assert bench_docs._code("package-lock.json", json.dumps(bumped), "peer") != measured, changed
