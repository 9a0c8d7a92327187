"""Check a saved game and tell its story: `PYTHONPATH=py python3 -m peerparty.replay FILE` (docs/replays.md).

Replays the record under the rules on plain CPython: every step must be legal and match its check, and the last
one must give the recorded result. Then prints the options, the seed's fingerprint, the story step by step with
the moments secrets became public, the standings and the game's final fingerprint: compare it with the one the
results screen showed on the TV and the phones. A file that does not hold is refused, naming the first step that
does not. Every failure is one line. Exit status: 0 the record holds, 1 it is refused, 2 the file cannot be read.
Everything printed from the file has its control and invisible characters escaped (\x1b, \u202e).
"""

import json
import sys
import unicodedata

from .engine.record import (
    RecordRefused,
    RecordUnreadable,
    canonical,
    final_fingerprint,
    fingerprint,
    head_of,
    verify,
    who,
)
from .games import REGISTRY
from .room.replay import moments


def describe(move, names):
    """A move as one line: its type, then its fields, seat ids shown as names."""

    def show(value):
        if isinstance(value, list):
            return "[" + ", ".join(show(v) for v in value) + "]"
        if isinstance(value, str) and value in names:
            return names[value]
        return str(value)

    rest = ["%s=%s" % (key, show(move[key])) for key in sorted(move) if key != "type"]
    return " ".join([str(move.get("type"))] + rest)


def clock(ms):
    seconds = max(0, ms) // 1000
    return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def story(data, steps):
    names = dict((s["id"], s["name"]) for s in data["seats"])
    lines = []
    start = data["log"][0][2] if data["log"] else 0
    for n, step in enumerate(steps[1:], 1):
        player, move, now_ms = step.entry
        lines.append("%5d  %s  %-20s %s" % (n, clock(now_ms - start), who(player, names), describe(move, names)))
        for text in moments(REGISTRY[data["game"]], step.events, names):
            lines.append("%5s  * %s" % ("", text))
    return lines


def standings(data):
    names = dict((s["id"], s["name"]) for s in data["seats"])
    result = data["result"]
    lines = []
    for place, pid in enumerate(result.get("ranking", []), 1):
        won = "  winner" if pid in result.get("winners", []) else ""
        lines.append("%3d. %-20s %6s%s" % (place, names.get(pid, pid), result["scores"].get(pid, ""), won))
    if result.get("note"):
        lines.append("     " + result["note"])
    return lines


def refusal(data, refused):
    """'REFUSED at step 3 (Ann: lock action=bank): why' (the step's move when it can be read), or 'REFUSED: why'."""
    if not refused.step:
        return "REFUSED: %s" % refused.reason
    entry = data["log"][refused.step - 1]
    move = ""
    if isinstance(entry, list) and len(entry) == 3 and isinstance(entry[1], dict):
        names = dict((s["id"], s["name"]) for s in data["seats"])
        move = " (%s: %s)" % (who(entry[0], names), describe(entry[1], names))
    return "REFUSED at step %d%s: %s" % (refused.step, move, refused.reason)


def escaped(text):
    """The text with every character that could steer a terminal or hide itself shown as an escape: C0/C1
    controls (ESC), format characters (bidi overrides, zero-width), lone surrogates."""
    return "".join(
        ("\\x%02x" % ord(ch) if ord(ch) < 256 else "\\u%04x" % ord(ch))
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")
        else ch
        for ch in text
    )


def say(text="", out=None):
    print(escaped(text), file=out or sys.stdout)


def main(argv):
    sys.stdout.reconfigure(errors="backslashreplace")  # a terminal that cannot show a letter gets its escape
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 2 if len(argv) != 1 else 0
    try:
        with open(argv[0], encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError, RecursionError) as bad:  # RecursionError: lists nested past the parser's depth
        say("Cannot read %s: %s" % (argv[0], str(bad).splitlines()[0] if str(bad) else type(bad).__name__), sys.stderr)
        return 2
    try:
        steps = verify(REGISTRY, data)
    except RecordUnreadable as unreadable:
        say("Cannot read %s: %s" % (argv[0], unreadable.reason), sys.stderr)
        return 2
    except RecordRefused as refused:
        say(refusal(data, refused))
        return 1
    except Exception as bad:  # a shape verify() does not foresee still gets its one line, never a traceback
        say(
            "Cannot read %s: it is not a game record this version can read (%s: %s)."
            % (argv[0], type(bad).__name__, bad),
            sys.stderr,
        )
        return 2
    seats = ", ".join(s["name"] for s in data["seats"])
    say("%s, %d seats: %s" % (data["title"], len(data["seats"]), seats))
    say("Options %s" % canonical(data["options"]))
    say("Seed %s" % data["seed"])
    say("  SHA-256 %s" % data["seed_sha256"])
    say("  fingerprint %s: the one shown on the TV and the phones when the game started" % fingerprint(data["seed"]))
    say()
    for line in story(data, steps):
        say(line)
    say()
    say("Standings")
    for line in standings(data):
        say(line)
    say()
    final = final_fingerprint(head_of(data), steps, REGISTRY[data["game"]].view)
    say("Final fingerprint %s: if the results screen showed this one, this file is the game that was played;" % final)
    say("  if not (or nobody saw it), the file proves only that it is a legal game for its seed.")
    say("OK: all %d steps are legal, match their checks and give the recorded result." % len(data["log"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
