"""The figures README.md and docs/ quote, rewritten from one run (`python3 -m bench --docs`, `make bench-docs`).

A page marks each table it quotes:

    <!-- bench:NAME -->
    (anything: rewritten)
    <!-- /bench -->

NAME says what goes there: `budgets` (where every budget stands), `section:<Section>` (a section's figures, e.g.
`section:Boot`), `headline` (the README's few figures) or `load` (`python3 -m bench.load`'s table). A block is
rewritten only when the run has every figure it needs, and each block names the run and commit it came from.
The run is kept in docs/runs/ (its .json and .md); kept runs that no page links any more are removed.

A figure a page writes in its own words (the network lab's table, a sentence) sits between

    <!-- figures:SECTION[,SECTION] -->
    (prose or a table quoting run [STAMP](runs/STAMP.md))
    <!-- /figures -->

Each section measures some of the code (`SECTIONS`: the pages, scripts and Python on its path; the bench's own
code aside). `stale_figures()` names every figure a page quotes from a kept run whose measured code a later
commit changed (`git diff <run's commit> HEAD -- <paths>`, a file whose code is the same but for its comments and
docstrings aside; `git log` names the commits): tests/test_docs.py runs it when
PEERPARTY_CHECK_FIGURES=1, as `make bench-docs` does once it has rewritten the pages.
"""

import ast
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "docs" / "runs"
BLOCK = re.compile(r"(<!-- bench:([\w:. -]+?) -->\n)(.*?)(<!-- /bench -->)", re.S)

# The README's headline: (figure label in the run, what the README calls it)
HEADLINE = [
    ("host → room code and QR code on screen, cold", "the TV shows the room code and QR code, first visit"),
    ("host → room open and rules up (first move accepted), cold", "the rules answer, first visit"),
    ("host → room open and rules up (first move accepted), warm", "the rules answer, later visits"),
    ("host main-thread blocking (TBT-style) until up + 1 s, cold", "the TV's main thread blocked during the boot"),
    ("12 phones: tap → host screen updated", "12 phones: a tap on the big screen"),
]


# --- what each section of a run measures -----------------------------------------------------------------------

RUNTIMES = ("package-lock.json", "scripts/build.py")  # the vendored runtimes and how the site is built
# a move and every view (bench/pages/engine_bench.py): the rules, not the screens drawn from the views
RULES = (
    "py/peerparty/engine/",
    "py/peerparty/games/",
    ":(exclude,glob)py/peerparty/games/*/screens.py",
    ":(exclude,glob)py/peerparty/games/*/moments.py",
    ":(exclude,glob)py/peerparty/games/*/autoplay.py",
    ":(exclude,glob)py/peerparty/games/*/secrets.py",
)
GAMES = RULES + ("py/peerparty/games/*/screens.py",)  # what a page draws too
# the big screen: its page and scripts, and the rules worker's room (a tap's answer and every draw go through them)
TV = (
    "host.html",
    "static/js/host-room.js",
    "static/js/remote.js",
    "static/js/glue.js",
    "static/js/link.js",
    "static/js/signal.js",
    "static/js/qr-svg.js",
    "static/css/",
    "py/peerparty/app/rules.py",
    "py/peerparty/app/rules_worker.py",
    "py/peerparty/room/",
    "py/peerparty/ui/",
    "py/peerparty/net/",
)
# the host page's boot: the worker's runtime, and every module the rules worker imports (a cold boot imports all)
TV_BOOT = TV + ("pyscript.toml", "static/js/wasm-compile.js", "static/js/rules-interpreter.mjs", "scripts/pyc.mjs")
PHONE = (
    "join.html",
    "player.toml",
    "sw.js",
    "static/js/first-frame.js",
    "static/js/phone-files.js",
    "static/js/glue.js",
    "static/js/link.js",
    "static/js/signal.js",
    "static/js/offline.js",
    "static/css/",
    "py/peerparty/app/boot.py",
    "py/peerparty/app/phone.py",
    "py/peerparty/room/",
    "py/peerparty/ui/",
)
SCREEN = (
    "screen.html",
    "static/js/screen.js",
    "static/js/mac.js",
    "static/js/glue.js",
    "static/js/link.js",
    "static/js/signal.js",
)
BARE = ("package-lock.json", "bench/pages/bare_pyodide.html", "bench/pages/bare_micropython.html")

SECTIONS = {
    "Engine": RULES,
    "Boot": RUNTIMES + TV_BOOT + GAMES,
    "Early phone": RUNTIMES + TV_BOOT + GAMES + PHONE,
    "Takeover": RUNTIMES + TV_BOOT + GAMES + PHONE,
    "Join": RUNTIMES + PHONE + TV,  # the phone's join, to the TV showing the player
    "Latency": RUNTIMES + PHONE + TV + GAMES,  # a tap: the phone, the link, the rules worker, the TV's draw
    "Screen": RUNTIMES + PHONE + TV + GAMES + SCREEN,
    "Relay": RUNTIMES + PHONE + TV + GAMES,
    "Lab": RUNTIMES + PHONE + TV + GAMES,
    "Bytes": RUNTIMES + TV_BOOT + GAMES + PHONE + SCREEN,
    "Lighthouse": RUNTIMES + TV_BOOT + GAMES + PHONE,
    # python3 -m bench.signal_load: the pinned PeerServer alone (the lock's `peer` and what it depends on)
    "Signal": ("package-lock.json#peer",),
}

# The budgets table's rows, by the section whose figures each reads (the first prefix that fits)
BUDGET_SECTIONS = (
    ("Phone joined on 4G", "Lab"),
    ("Warm join on 4G", "Lab"),
    ("Typed 3 s", "Lab"),
    ("Join tapped on the first frame on 4G", "Lab"),
    ("Phone joined", "Join"),
    ("Host ", "Boot"),
    ("Early phone", "Early phone"),
    ("Takeover", "Takeover"),
    ("Lighthouse", "Lighthouse"),
    ("join.html", "Lighthouse"),
    ("Remote screen", "Screen"),
    ("Screen opened", "Screen"),
    ("Tap → host", "Latency"),
    ("12 phones: no host", "Latency"),
    ("Phone first visit", "Bytes"),
    ("Phone second visit", "Bytes"),
)


def measured(section, label):
    """The paths a figure measures: its section's, but a bare runtime page's figure measures only that page."""
    if label.startswith("bare ") and "(paired)" not in label:
        return BARE
    return SECTIONS[section]


def budget_section(label):
    if re.match(r"\w+: move \+ all views", label):
        return "Engine"
    for prefix, section in BUDGET_SECTIONS:
        if label.startswith(prefix):
            return section
    raise ValueError("no section reads the budget %r: add it to BUDGET_SECTIONS" % label)


FIGURES = re.compile(r"<!-- figures:([\w ,]+?) -->\n(.*?)<!-- /figures -->", re.S)
SOURCE = re.compile(r"From run \[(\d{8}-\d{6}(?:-[a-z]+)?)\]\([^)]*\) of commit `([^`]+)`")
QUOTED_RUN = re.compile(r"runs/(\d{8}-\d{6}(?:-[a-z]+)?)\.(?:md|json)")


def kept_run(stamp):
    path = RUNS / (stamp + ".json")
    return json.loads(path.read_text()) if path.exists() else None


def run_commit(stamp):
    """The commit a kept run measured: the one its .json names, else (an older run's format) the commit that
    added it, which measured nothing newer."""
    run = kept_run(stamp) or {}
    named = (run.get("meta") or {}).get("commit")
    if named:
        return named
    return _git("log", "--diff-filter=A", "--format=%H", "-1", "--", "docs/runs/%s.json" % stamp) or None


def quoted_figures(page, text=None):
    """[(figure, section, run stamp, commit it names or None)] for every figure the page quotes from a run."""
    text = page.read_text(encoding="utf-8") if text is None else text
    out = []
    for m in BLOCK.finditer(text):
        name, body = m.group(2), m.group(3)
        source = SOURCE.search(body)
        if not source:
            continue  # bench.load's table: measured afresh on every bench-docs, named by no run
        stamp, commit = source.groups()
        run = kept_run(stamp)
        sections = dict((r[1], r[0]) for r in run["rows"]) if run else {}
        for row in [ln.split("|")[1].strip() for ln in body.splitlines() if ln.startswith("|")][2:]:
            if name == "budgets":
                section = budget_section(row)
            elif name == "headline":
                section = sections.get(dict((said, label) for label, said in HEADLINE).get(row, row))
            else:
                section = name.split(":", 1)[1]
            out.append((row, section, stamp, commit))
    for m in FIGURES.finditer(text):
        stamps = sorted(set(QUOTED_RUN.findall(m.group(2))))
        for section in (s.strip() for s in m.group(1).split(",")):
            for stamp in stamps:
                out.append(("%s figures in the prose" % section, section, stamp, None))
    return out


class Unknowable(Exception):
    """The checkout cannot say what changed since a run (no git, or a shallow clone without the run's commit)."""


def _git(*args):
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, errors="replace")
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _code(path, content, package=None):
    """A file's code, its comments aside: a change to a comment or a docstring changes no figure. With `package`
    (a SECTIONS path `package-lock.json#NAME`), only the lock's entries for that package and what it depends on,
    so a tool added beside it changes none of its figures."""
    if content is None:
        return None
    if package and path.endswith("package-lock.json"):
        return json.dumps(_closure(json.loads(content).get("packages", {}), package), sort_keys=True)
    if path.endswith(".py"):
        try:
            tree = ast.parse(content)
        except SyntaxError:
            return content
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
                if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                    body[0] = ast.Pass()
        return ast.dump(tree)
    if path.endswith((".js", ".mjs")):
        content = re.sub(r"/\*.*?\*/|(?<![:\\\"'`])//[^\n]*", "", content, flags=re.S)
    return re.sub(r"\s+", " ", content).strip()


def _closure(packages, name):
    """{lock key: entry} of npm package `name` and its dependencies, transitively, each resolved as npm does: in
    the requiring package's own node_modules, then in each enclosing one, up to the top level."""
    out, todo = {}, [("", name)]
    while todo:
        parent, dep = todo.pop()
        scopes = parent.split("/node_modules/") if parent else []
        candidates = ["/node_modules/".join(scopes[:n] + [dep]) for n in range(len(scopes), 0, -1)]
        key = next((k for k in candidates + ["node_modules/" + dep] if k in packages), None)
        if key is not None and key not in out:
            out[key] = packages[key]
            todo.extend((key, d) for d in packages[key].get("dependencies", {}))
    return out


def changed_since(commit, paths):
    """The commits after `commit` (to HEAD) that changed the code (not only the comments) of any of `paths`,
    newest first."""
    if _git("rev-parse", "--is-inside-work-tree") != "true":
        raise Unknowable("not a git checkout")
    if "+" in commit:
        return ["(the run measured uncommitted changes to %s)" % commit.split("+")[0]]
    if _git("cat-file", "-e", commit + "^{commit}") is None:
        if _git("rev-parse", "--is-shallow-repository") == "true":
            raise Unknowable("a shallow clone without commit %s (git fetch --unshallow)" % commit)
        return ["(commit %s is not in this history)" % commit]
    package = dict(p.split("#", 1) for p in paths if "#" in p)  # path -> the one package of it measured
    paths = [p.split("#", 1)[0] for p in paths]
    files = _git("diff", "--name-only", commit, "HEAD", "--", *paths)
    if files is None:
        raise Unknowable("git diff failed")

    def differs(f, old, new):
        """Whether file f's code (what _code reads of it) differs between revisions old and new."""
        return _code(f, _git("show", "%s:%s" % (old, f)), package.get(f)) != _code(
            f, _git("show", "%s:%s" % (new, f)), package.get(f)
        )

    changed = [f for f in files.splitlines() if differs(f, commit, "HEAD")]
    out = []
    if not changed:
        return out
    for line in (_git("log", "--format=%h %s", "%s..HEAD" % commit, "--", *changed) or "").splitlines():
        sha = line.split()[0]
        touched = (_git("diff", "--name-only", sha + "^", sha, "--", *changed) or "").splitlines()
        code = [f for f in touched if differs(f, sha + "^", sha)]
        if code:
            out.append("%s (%s)" % (line[:80], ", ".join(code)))
    return out


def stale_figures(pages_=None):
    """[(page, figure, section, stamp, [commits])] for every quoted figure whose measured code changed since its run.
    Raises Unknowable when the checkout cannot tell."""
    out = []
    cache = {}
    for page in pages_ or pages():
        for figure, section, stamp, commit in quoted_figures(page):
            commit = commit or run_commit(stamp)
            if commit is None:
                out.append((page, figure, section, stamp, ["(no kept run %s to read its commit from)" % stamp]))
                continue
            run = kept_run(stamp)
            label = dict((said, label) for label, said in HEADLINE).get(figure, figure)
            paths = measured(section, label) if run is not None else SECTIONS[section]
            key = (commit, paths)
            if key not in cache:
                cache[key] = changed_since(commit, paths)
            if cache[key]:
                out.append((page, figure, section, stamp, cache[key]))
    return out


def pages():
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def commit():
    """The commit the run measured, "+changes" when the working tree differed from it (bench/results aside, and
    the pages the bench itself rewrites, README.md and docs/: they measure nothing)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            [
                "git",
                "status",
                "--porcelain",
                "--untracked-files=no",
                "--",
                ".",
                ":(exclude)docs",
                ":(exclude)README.md",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def source(run, page):
    """The line under a table: which run, which commit, which machine."""
    meta = run["meta"]
    link = os.path.relpath(RUNS / (meta["stamp"] + ".md"), page.parent).replace(os.sep, "/")
    return "From run [%s](%s) of commit `%s` (%s run; %s)." % (
        meta["stamp"],
        link,
        meta.get("commit", "unknown"),
        meta["mode"],
        meta["machine"],
    )


def section_table(run, section):
    rows = [r for r in run["rows"] if r[0] == section]
    if not rows:
        return None
    lines = ["| figure | median | p95 | n |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s | %d |" % (label, med, hi, n) for _, label, med, hi, n in rows]
    return lines


def budget_table(run):
    if run["meta"].get("sections") is not None and set(run["meta"]["sections"]) != set(run["meta"]["all"]):
        return None  # a partial run would drop the budgets it did not measure
    return ["| budget | where it stands |", "|---|---|"] + ["| %s | %s |" % tuple(b) for b in run["budgets"]]


def headline_table(run):
    found = dict((r[1], r) for r in run["rows"])
    if not all(label in found for label, _ in HEADLINE):
        return None
    lines = ["| | median | p95 |", "|---|---|---|"]
    lines += ["| %s | %s | %s |" % (said, found[label][2], found[label][3]) for label, said in HEADLINE]
    return lines


def load_table(load):
    """bench.load's results -> the table in reliability.md (bytes are deterministic: fixed network and seeds)."""
    lines = [
        "| people | Seven Rounds: seated / refused | Hint Hunt (12 players + spectators): messages per claim "
        "| bytes sent per claim | largest message |",
        "|---|---|---|---|---|",
    ]
    for seven, hunt in zip(load["seven_rounds"], load["hint_hunt"]):
        refused = "%d `room_full`" % seven["refused_count"] if seven["refused_count"] else "0"
        lines.append(
            "| %d | %d / %s | %d | %.1f KB | %.1f KB |"
            % (
                seven["people"],
                seven["seated"],
                refused,
                hunt["messages_per_change"],
                hunt["bytes_per_change"] / 1000,
                hunt["largest_message"] / 1000,
            )
        )
    return lines


def render(name, run, load, page):
    """The new body of block `name` on `page`, or None to leave it as it is."""
    if name == "load":
        return load_table(load) + [""] if load else None
    if run is None:
        return None
    if name == "budgets":
        lines = budget_table(run)
    elif name == "headline":
        lines = headline_table(run)
    elif name.startswith("section:"):
        lines = section_table(run, name.split(":", 1)[1])
    else:
        raise ValueError("%s: unknown bench block %r" % (page.name, name))
    return None if lines is None else lines + ["", source(run, page), ""]


def rewrite(text, page, run, load):
    """text with every block the run (or bench.load's results) can fill rewritten; (new text, names rewritten)."""
    done = []

    def block(m):
        body = render(m.group(2), run, load, page)
        if body is None:
            return m.group(0)
        done.append(m.group(2))
        return m.group(1) + "\n".join(body) + "\n" + m.group(4)

    return BLOCK.sub(block, text), done


def keep(run, stamp, results):
    """Copy the run's files into docs/runs/, its commit in its .json."""
    RUNS.mkdir(parents=True, exist_ok=True)
    (RUNS / (stamp + ".json")).write_text(json.dumps(run, indent=1))
    shutil.copyfile(results / (stamp + ".md"), RUNS / (stamp + ".md"))


def retire(pages_text):
    """Remove the kept runs no page links (their stamp, with a suffix such as -signal, appears in no page); returns
    the stamps removed."""
    quoted = set(re.findall(r"runs/(\d{8}-\d{6}(?:-[a-z]+)?)\.(?:md|json)", "\n".join(pages_text)))
    gone = []
    for path in sorted(RUNS.glob("*.json")):
        if path.stem not in quoted:
            gone.append(path.stem)
            for suffix in (".json", ".md"):
                (RUNS / (path.stem + suffix)).unlink(missing_ok=True)
    return gone


def update(run, stamp, results, load=None, log=print):
    """Keep the run, rewrite every page's blocks from it, retire the runs no page quotes any more."""
    run["meta"]["stamp"] = stamp
    keep(run, stamp, results)
    texts = []
    for page in pages():
        old = page.read_text(encoding="utf-8")
        new, done = rewrite(old, page, run, load)
        if new != old:
            page.write_text(new, encoding="utf-8")
        if done:
            log("%s: %s" % (page.relative_to(ROOT), ", ".join(done)))
        texts.append(new)
    gone = retire(texts)
    if gone:
        log("retired runs no page quotes: " + ", ".join(gone))
