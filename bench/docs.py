"""The figures README.md and docs/ quote, rewritten from one run (`python3 -m bench --docs`, `make bench-docs`).

A page marks each table it quotes:

    <!-- bench:NAME -->
    (anything: rewritten)
    <!-- /bench -->

NAME says what goes there: `budgets` (where every budget stands), `section:<Section>` (a section's figures, e.g.
`section:Boot`), `headline` (the README's few figures) or `load` (`python3 -m bench.load`'s table). A block is
rewritten only when the run has every figure it needs, and each block names the run and commit it came from.
The run is kept in docs/runs/ (its .json and .md); kept runs that no page links any more are removed.
"""

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


def pages():
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def commit():
    """The commit the run measured, "+changes" when the working tree differed from it (bench/results aside)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
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
