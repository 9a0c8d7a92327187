"""A game record anyone can keep and check: one JSON file (docs/replays.md) with the seed, the seats, the
options, every move and the result. play_back() replays one step by step under the rules, checking each step;
the TV's replay (room/replay.py) and `python3 -m peerparty.replay FILE` both stand on it.

Each step of the file carries a short check: the SHA-256 of the step itself and of the table's view after it;
the first step's check also covers the game, title, seats (ids and names), seed and options. An accidental edit
then fails at its own step, and two copies of a record can be compared step by step. Anyone can recompute
these checks, so they are checksums, not signatures: what ties a file to the game the table played is the final
fingerprint (final_fingerprint), which the results screen shows on the TV and every phone.
"""

import hashlib
import json

from .core import HOST, SYSTEM, IllegalMove
from .match import Match
from ..i18n import SHIPPED

FORMAT = "peerparty-game"
VERSION = 2  # 2: the first check covers the seats, title and options
FINGERPRINT_DIGITS = 12  # hex digits of the seed's SHA-256 shown before a game: three groups of four
CHECK_DIGITS = 12  # hex digits of each step's check
PSEUDO_PLAYERS = {HOST: "the host", SYSTEM: "the clock"}


class RecordRefused(Exception):
    """A record that does not hold. `step` is the 1-based log entry that fails, or None for the file as a whole
    (its shape, its seed or its result); `reason` is a sentence."""

    def __init__(self, step, reason):
        Exception.__init__(self, ("step %d: %s" % (step, reason)) if step else reason)
        self.step = step
        self.reason = reason


class RecordUnreadable(RecordRefused):
    """A file that is not a record this version can read at all (its shape or its types): not a refusal of
    what it claims, so the command line tells it apart (exit 2, not 1)."""

    def __init__(self, reason):
        RecordRefused.__init__(self, None, reason)


def seed_sha256(seed):
    return hashlib.sha256(str(seed).encode("utf-8")).hexdigest()


def fingerprint(seed):
    """The seed's short public fingerprint, shown on the TV and every phone when a game starts: 'a1b2 c3d4 e5f6'."""
    digits = seed_sha256(seed)[:FINGERPRINT_DIGITS]
    return " ".join(digits[i : i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))


def canonical(value):
    """One JSON text per value, the same on every Python: sorted keys, no spaces, ASCII."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def step_check(entry, table, head=None):
    """The check of one step: the entry [player, move, now_ms] and the table's view after it (and for the first
    step, the record's head: see head())."""
    covered = [entry, table] if head is None else [head, entry, table]
    return hashlib.sha256(canonical(covered).encode("utf-8")).hexdigest()[:CHECK_DIGITS]


def head(game_id, title, seats, seed, options):
    """What the first check and the final fingerprint bind besides the moves: swapping two names, retitling a
    game or adding options fails them."""
    return {"game": game_id, "title": title, "seats": seats, "seed": seed, "options": options}


def final_fingerprint(head_, steps, view):
    """The game's final fingerprint, 'a1b2 c3d4 e5f6 a7b8': a hash over the head (seed, seats, options) and the
    table's view after every step from the deal on. The results screen shows it on the TV and every phone; a file
    whose replay gives the same one is the game the table saw."""
    digest = hashlib.sha256(canonical(head_).encode("utf-8"))
    for step in steps:
        digest.update(b"\n" + canonical(view(step.state, None)).encode("utf-8"))
    digits = digest.hexdigest()[:16]
    return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


def allowed_options(game, players):
    """The options the host's screen can set: Hint Hunt's playing host (a seat), and the room's facts a game takes
    (its `room_options`, {option: fact}: Hint Hunt's word bank from the room's language, one of the shipped ones),
    each given or not (a record from before the room had a language has none); nothing else. Any other option (a
    fixed deck, fixed missions) would fix the deal whatever the seed."""
    allowed = [{"host": p} for p in players] if game.host_is_player else [{}]
    for option, fact in sorted((getattr(game, "room_options", None) or {}).items()):
        values = ROOM_FACT_VALUES.get(fact, ())
        allowed = allowed + [dict(o, **{option: value}) for o in allowed for value in values]
    return allowed


ROOM_FACT_VALUES = {"lang": SHIPPED}  # the values each fact of the room (room/table.py ROOM_FACTS) can take


class Step:
    """One step of a replay: the log entry (None for the deal), the state after it and the events it made."""

    __slots__ = ("entry", "state", "events")

    def __init__(self, entry, state, events):
        self.entry = entry
        self.state = state
        self.events = events


def play_back(games, game_id, players, seed, options, log, checks=None, names=None, head_=None):
    """Replay a match: [Step] from the deal (step 0) to the last move. With `checks` (one per log entry),
    each step must match its check (the first one with `head_`). Raises RecordRefused naming the first step that does not hold (and the
    player by `names`, {seat id: name}, when given)."""
    if not isinstance(game_id, str) or game_id not in games:
        raise RecordRefused(None, "This file is a game of %r, which this version does not have." % (game_id,))
    game = games[game_id]
    try:
        match = Match(game, players, seed, options)
    except Exception as bad:  # options a tampered file made up: the deal itself cannot be made
        raise RecordRefused(None, "The game cannot be dealt from these seats and options (%s)." % (bad,))
    steps = [Step(None, match.state, [])]
    for n, entry in enumerate(log, 1):
        player, move, now_ms = _entry(n, entry, players)
        try:
            events = match.play(player, move, now_ms)
        except IllegalMove as refused:
            raise RecordRefused(
                n, "%s cannot make this move: %s" % (who(player, names), refused.english() or refused.code)
            )
        except Exception as bad:  # a move no player could send (the room refuses those before the rules)
            raise RecordRefused(n, "this move is not one the rules can read (%s)." % (bad,))
        if (
            checks is not None
            and step_check(entry, game.view(match.state, None), head_ if n == 1 else None) != checks[n - 1]
        ):
            raise RecordRefused(n, "this step is not the one recorded (its check differs).")
        steps.append(Step(entry, match.state, events))
    return steps


def _entry(n, entry, players):
    if not isinstance(entry, list) or len(entry) != 3:
        raise RecordRefused(n, "a step must be [player, move, time].")
    player, move, now_ms = entry
    if not isinstance(player, str) or (player not in players and player not in PSEUDO_PLAYERS):
        raise RecordRefused(n, "%r is not seated in this game." % (player,))
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise RecordRefused(n, "a move must be an object with a type.")
    if isinstance(now_ms, bool) or not isinstance(now_ms, int):
        raise RecordRefused(n, "a step's time must be whole milliseconds.")
    return player, move, now_ms


def who(player, names=None):
    """A player's name for a sentence: the seat's name, "the host" or "the clock"."""
    if not isinstance(player, str):  # a tampered file's: shown as it is
        return repr(player)
    return PSEUDO_PLAYERS.get(player) or (names or {}).get(player, player)


# --- the file ---------------------------------------------------------------------------------------------


def write(games, match_record, names, result, title=None):
    """The file's contents for a finished match (Match.to_record()), its seats' names and its result."""
    game = games[match_record["game"]]
    log = [list(entry) for entry in match_record["log"]]
    steps = play_back(games, game.id, match_record["players"], match_record["seed"], match_record["options"], log)
    seats = [{"id": p, "name": names.get(p, "?")} for p in match_record["players"]]
    head_ = head(game.id, title or game.title, seats, match_record["seed"], match_record["options"])
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "title": head_["title"],
        "seats": seats,
        "seed": match_record["seed"],
        "seed_sha256": seed_sha256(match_record["seed"]),
        "options": match_record["options"],
        "log": log,
        "checks": [
            step_check(s.entry, game.view(s.state, None), head_ if n == 1 else None) for n, s in enumerate(steps[1:], 1)
        ],
        "result": result,
    }


def final_of(games, match_record, names, title=None):
    """The final fingerprint of a finished match (Match.to_record()) and its seats' names: what write() would
    save, replayed, so the results screen and the verifier compute it the one same way."""
    game = games[match_record["game"]]
    seats = [{"id": p, "name": names.get(p, "?")} for p in match_record["players"]]
    head_ = head(game.id, title or game.title, seats, match_record["seed"], match_record["options"])
    steps = play_back(
        games,
        game.id,
        match_record["players"],
        match_record["seed"],
        match_record["options"],
        [list(entry) for entry in match_record["log"]],
    )
    return final_fingerprint(head_, steps, game.view)


KEYS = ("format", "version", "game", "title", "seats", "seed", "seed_sha256", "options", "result", "log", "checks")


def dumps(data):
    """The file's text: one key a line and one step a line, so a person can read it and a diff shows a step."""
    lines = []
    for key in KEYS:
        value = data[key]
        if key == "log":
            body = ",\n".join("  " + canonical(entry) for entry in value)
            text = "[\n%s\n ]" % body if value else "[]"
        else:
            text = canonical(value)
        lines.append(" %s: %s" % (json.dumps(key), text))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def head_of(data):
    """The head of a record file whose shape verify() has checked."""
    seats = [{"id": s["id"], "name": s["name"]} for s in data["seats"]]
    return head(data["game"], data["title"], seats, data["seed"], data["options"])


def verify(games, data):
    """Check a record file (already parsed from JSON): its shape, its seed, every step under the rules and
    its check, and that the last step gives the recorded result. Returns the [Step] replay; raises
    RecordRefused naming the first thing that does not hold."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordUnreadable("This is not a PeerParty game record.")
    if data.get("version") != VERSION:
        raise RecordUnreadable(
            "This record is version %r; this version reads version %d." % (data.get("version"), VERSION)
        )
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or not seats
        or not all(
            isinstance(s, dict) and isinstance(s.get("id"), str) and isinstance(s.get("name"), str) for s in seats
        )
    ):
        raise RecordUnreadable("The seats must be a list of {id, name}.")
    players = [s["id"] for s in seats]
    if len(set(players)) != len(players) or any(p in PSEUDO_PLAYERS for p in players):
        raise RecordUnreadable("Two seats share an id, or a seat takes the host's or the clock's.")
    if not isinstance(data.get("game"), str) or data["game"] not in games:
        raise RecordUnreadable("This file is a game of %r, which this version does not have." % (data.get("game"),))
    if not isinstance(data.get("title"), str):
        raise RecordUnreadable("The record has no title.")
    seed = data.get("seed")
    if not isinstance(seed, str) or not seed:
        raise RecordUnreadable("The record has no seed.")
    if not seed.isprintable():  # a lone surrogate cannot even be hashed; a control character was never dealt
        raise RecordUnreadable("The seed holds a character that is not printable text (%r)." % (seed,))
    if data.get("seed_sha256") != seed_sha256(seed):
        raise RecordRefused(None, "The seed's SHA-256 is not the one recorded.")
    options, log, checks = data.get("options"), data.get("log"), data.get("checks")
    if not isinstance(options, dict) or not isinstance(log, list) or not isinstance(checks, list):
        raise RecordUnreadable("The record needs options (an object), a log and checks (lists).")
    if len(checks) != len(log):
        raise RecordRefused(None, "The record has %d steps but %d checks." % (len(log), len(checks)))
    if options not in allowed_options(games[data["game"]], players):
        raise RecordRefused(None, "The options %s are not ones the host's screen can set." % canonical(options))
    names = dict((s["id"], s["name"]) for s in seats)
    steps = play_back(games, data["game"], players, seed, options, log, checks, names, head_of(data))
    result = games[data["game"]].result(steps[-1].state)
    if result is None:
        raise RecordRefused(None, "After its last step (%d) the game is not over." % len(log))
    if canonical(result) != canonical(data.get("result")):
        scores = ", ".join("%s %s" % (names[p], result["scores"].get(p)) for p in players)
        raise RecordRefused(None, "The moves lead to another result than the recorded one (they give %s)." % scores)
    return steps
