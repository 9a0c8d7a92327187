"""Fuzzing the host's message handling (issue 7, bad input): random and mutated messages from
every seat and from strangers, over 100,000 messages per run shared by every game under test (one test per
game, so `pytest tests -k <id>` selects a game's share), the proofs' and the remote screens' messages (issues 31
and 29) included. The host never raises; a refused message leaves the whole HostSession as it was,
but for what OUTSIDE_THE_ROOM names; every message that can be answered is answered, with an error
code when refused."""

import itertools
import json
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from peerparty.engine import HOST
from peerparty.room import proof
from peerparty.room.host import RATE_BURST, RATE_PER_S, HostSession

from ..games_under_test import GAMES

GAME_IDS = sorted(GAMES)
BATCH = 500  # messages per Hypothesis example
EXAMPLES = 200  # 200 examples x 500 messages = 100,000 messages a run, shared by the games
PER_GAME = max(20, EXAMPLES // len(GAME_IDS))

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False),
    st.text(max_size=40),
    st.sampled_from(["p1", "p2", "p3", "p9", "@host", "@system", ""]),
)
json_value = st.recursive(
    json_leaf,
    lambda kids: st.one_of(st.lists(kids, max_size=6), st.dictionaries(st.text(max_size=12), kids, max_size=6)),
    max_leaves=30,
)


def deep(n):
    value = {"type": "x"}
    for _ in range(n):
        value = {"type": "nest", "in": value}
    return value


def seated_room(game_id):
    counter = itertools.count()
    host = HostSession("FUZZ", GAMES, token_source=lambda: "tk%05d" % next(counter))
    game = GAMES[game_id]
    names = ["Ann", "Ben", "Cat", "Dan"][: min(max(3, game.min_players), game.max_players)]
    conns = []
    for i, name in enumerate(names):
        conn = "c%d" % i
        host.on_connect(conn, 0)
        host.on_message(conn, json.dumps({"v": 1, "t": "hello", "room": "FUZZ", "name": name}), 0)
        conns.append(conn)
    host.host_action({"t": "pick", "game": game_id}, 0)
    out, err = host.host_action({"t": "start"}, 0)
    assert err is None
    host.on_connect("stranger", 0)
    return host, conns + ["stranger"]


def message_texts(draw_rng, host, game, seats):
    """One message: a legal move, a mutated legal move, structured junk or raw junk."""
    roll = draw_rng.random()
    state = host.match.state if host.match is not None else None  # a control may end the game or leave it
    pid = draw_rng.choice(seats)
    legal = game.legal_moves(state, pid) if pid and state is not None else []
    if roll < 0.25 and legal:
        return json.dumps(
            {
                "v": 1,
                "t": "move",
                "id": draw_rng.randrange(10**6),
                "move": draw_rng.choice(legal),
                "ref": draw_rng.choice([host.match.ref(pid) if host.match else None] * 3 + [-7, "x", None]),
            }
        )
    if roll < 0.55:
        pool = legal or (game.legal_moves(state, HOST) if state is not None else []) or [{"type": "claim", "word": "X"}]
        move = dict(draw_rng.choice(pool))
        key = draw_rng.choice(list(move) + ["type", "player", "to", "row", "extra"])
        move[key] = draw_rng.choice(
            [
                None,
                True,
                3,
                -1,
                2**40,
                "p1",
                "p9",
                "@host",
                "x" * 300,
                [],
                {},
                ["p1", "p2"],
                {"a": 1},
                1.5,
                "bank",
                "top",
                "diary",
            ]
        )
        return json.dumps({"v": 1, "t": "move", "id": draw_rng.choice([0, 1, 5, 10**6, -1, "7"]), "move": move})
    if roll < 0.65:
        return json.dumps({"v": 1, "t": "move", "id": 1, "move": deep(draw_rng.randint(2, 40))})
    if roll < 0.75:
        token = draw_rng.choice(["tk00000", "tk00001", "tk99999", "", "x" * 100, None, 7])
        return json.dumps(
            {
                "v": draw_rng.choice([1, 1, 2]),
                "t": "hello",
                "room": draw_rng.choice(["FUZZ", "NOPE", 5]),
                "name": draw_rng.choice([None, "Ann", "<b>x</b>", " ", "z" * 50, 9]),
                "token": token,
                "epoch": draw_rng.choice([0, 0, 1, 9, -1, "9"]),
            }
        )
    if roll < 0.78:
        return issue_31_text(draw_rng, host)
    if roll < 0.8:
        return control_text(draw_rng, host, legal)
    if roll < 0.85:
        return draw_rng.choice(
            [
                "",
                "{",
                "null",
                "[]",
                "1e999",
                '{"v":1}',
                '{"v":1,"t":"ping","n":-1}',
                "x" * 9000,
                '{"v":1,"t":"leave"}',
                '{"v":1,"t":"ping","n":3}',
            ]
        )
    return None  # filled by Hypothesis with an arbitrary JSON value


def control_text(rng, host, legal):
    """A control (room/controls.py), from whichever connection sends it: the TV's own actions, real and broken,
    game moves for the host, and what only the TV's tab may do."""
    host_moves = GAMES[host.game_id].legal_moves(host.match.state, HOST) if host.match and host.game_id else []
    action = rng.choice(
        [
            {"t": "move", "move": rng.choice(host_moves or [{"type": "x"}]), "ref": rng.choice([None, "x", 3])},
            {"t": "move", "move": rng.choice(legal or [{"type": "reveal"}])},
            {"t": "move", "move": {"type": "set_host", "player": rng.choice(["p1", "p2", None])}},
            {"t": "give_controls", "seat": rng.choice(["p1", "p2", "p3", "p9", None, 4])},
            {"t": "remove", "seat": rng.choice(["p1", "p2", "p9", None])},
            {"t": rng.choice(["start", "again", "lobby", "close_replay", "join_local", "save", "nope", ""])},
            {"t": "pick", "game": rng.choice(GAME_IDS + ["nope", None])},
            {"t": "watch", "game": rng.choice([0, -1, "0", None])},
            {"t": "replay", "do": rng.choice(["play", "seek", "nope"]), "at": rng.choice([0, 5, -1, None])},
            {"t": "drop_screen", "screen": rng.choice([1, 2, None, "1"])},
            {"t": "join_local", "name": "Mallory"},
        ]
    )
    return json.dumps(
        {
            "v": 1,
            "t": "control",
            "id": rng.choice([0, 1, 10**6, -1, "2"]),
            "action": rng.choice([action] * 8 + [None, [], {"t": 5}, {"x": 1}, "start"]),
        }
    )


def issue_31_text(rng, host):
    """The messages of the proofs (room/proof.py): rejoins by a seat's tag (a real seat's, a made-up one, broken
    ones), proofs with no challenge or the wrong one, probes of this room and others, this epoch and others, and
    a remote screen's watch (room/screens.py), new or coming back with a key's tag, from a seat or a stranger."""
    hexes = ["0" * 32, "f" * 64, "x" * 32, "", None, 7, "A" * 24]
    real_tag = proof.seat_tag(rng.choice(["tk00000", "tk00001", "tk00002", "tk99999"]))
    kind = rng.choice(["hello", "prove", "probe", "watch"])
    if kind == "hello":
        return json.dumps(
            {
                "v": 1,
                "t": "hello",
                "room": "FUZZ",
                "epoch": rng.choice([0, 0, 1, 9]),
                "name": rng.choice([None, None, "Ann", "Zed"]),
                "seat": rng.choice([real_tag, real_tag, "a" * 24] + hexes),
                "nonce": rng.choice(["1" * 32, "2" * 32] + hexes),
            }
        )
    if kind == "watch":
        message = {
            "v": 1,
            "t": "watch",
            "room": rng.choice(["FUZZ", "FUZZ", "NOPE", 3]),
            "epoch": rng.choice([0, 0, 1, 9, -1, "0"]),
        }
        if rng.random() < 0.5:
            message.update(
                screen=rng.choice([proof.seat_tag("k" * 32), "a" * 24] + hexes), nonce=rng.choice(["4" * 32] + hexes)
            )
        return json.dumps(message)
    if kind == "prove":
        return json.dumps({"v": 1, "t": "prove", "proof": rng.choice(["e" * 64, proof.mac("tk00000", "x")] + hexes)})
    return json.dumps(
        {
            "v": 1,
            "t": "probe",
            "room": rng.choice(["FUZZ", "NOPE", 3]),
            "epoch": rng.choice([0, 1, -1, "0"]),
            "nonce": rng.choice(["3" * 32] + hexes),
        }
    )


def fingerprint(host):
    return json.dumps(host.snapshot(), sort_keys=True)


# What a refused message may change outside the room (issue 31: the check covers the whole HostSession, not only
# its snapshot). Each is named, with why it is not the room:
OUTSIDE_THE_ROOM = {
    "games": "the game registry, never written",
    "_token": "the token source (a function)",
    "_nonce": "the nonce source (a function)",
    "_now": "the clock each message brings",
    "_conns": "each connection's rate budget: spending it on refused messages is what the limit is for",
    "last_seen_ms": "presence: a connection that sends anything is there",
    # What each connection was last sent (views identical to it are skipped) and the presence those views
    # carried. A `stale` refusal resends the view the phone missed (HostSession._move), with any presence news
    # for the others, and these record that; the room is untouched. sent_bookkeeping() checks that they change
    # only for connections that were sent a view by that very message.
    "_sent": "the last view sent to each connection",
    "_last_presence": "the presence the last views carried",
    "refused": "the code of the last refused host action, read by whoever asked it (room/races.py)",
}


def sent_bookkeeping(host, sent_before, presence_before, out):
    viewed = set(c for c, t in out if json.loads(t)["t"] == "view")
    changed = set(c for c in set(sent_before) | set(host._sent) if sent_before.get(c) != host._sent.get(c))
    assert changed <= viewed, changed - viewed
    assert presence_before == host._last_presence or viewed


def whole_state(value, seen=None):
    """Every attribute of the host and what it holds, as plain data, but OUTSIDE_THE_ROOM."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return dict((repr(k), whole_state(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [whole_state(v) for v in value]
    if callable(value) and not hasattr(value, "__dict__") and not hasattr(value, "__slots__"):
        return "<function>"
    names = list(getattr(value, "__dict__", {})) + list(getattr(type(value), "__slots__", ()))
    return dict((n, whole_state(getattr(value, n, None))) for n in sorted(names) if n not in OUTSIDE_THE_ROOM)


def host_state(host):
    return json.dumps(whole_state(host), sort_keys=True, default=repr)


def run_batch(game_id, seed, extra_values):
    host, conns = seated_room(game_id)
    game = GAMES[game_id]
    seats = list(host.match.players) + ["p9", None]
    rng = Random(seed)
    now = 0
    extras = iter(extra_values)
    for _ in range(BATCH):
        text = message_texts(rng, host, game, seats)
        if text is None:
            text = json.dumps(next(extras, {"v": 1, "t": "move"}))
        conn = rng.choice(conns)
        now += rng.choice([0, 10, 100, 1000])
        before = fingerprint(host)
        whole = host_state(host)
        sent_before, presence_before = dict(host._sent), host._last_presence
        out = host.on_message(conn, text, now)  # must never raise
        mine = [json.loads(t) for c, t in out if c == conn]
        kinds = [m["t"] for m in mine]
        if "error" in kinds:
            error = [m for m in mine if m["t"] == "error"][0]
            assert error["code"] and error["msg"]
            assert fingerprint(host) == before, (text, error)
            assert host_state(host) == whole, (text, error)
            sent_bookkeeping(host, sent_before, presence_before, out)
        elif not mine:
            # silence only when this connection has spent its rate budget
            assert host._conns[conn].tokens < 1, text
        else:
            # "waiting": a join kept for the host to decide (a seat asked back) or for the game to end
            assert set(kinds) & {
                "ack",
                "pong",
                "welcome",
                "view",
                "bye",
                "challenge",
                "proof",
                "watching",
                "waiting",
            }, (text, kinds)
    return host


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=PER_GAME, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), extras=st.lists(json_value, max_size=80))
def test_the_host_survives_100k_hostile_messages(game_id, seed, extras):
    run_batch(game_id, seed, extras)


def test_a_flood_from_one_phone_cannot_starve_the_others():
    host, conns = seated_room("seven_rounds")
    flooder, other = conns[0], conns[1]
    game = GAMES["seven_rounds"]
    handled = 0
    # 10,000 pings within one second from one phone: only its burst plus one second's refill is handled
    for i in range(10000):
        out = host.on_message(flooder, json.dumps({"v": 1, "t": "ping", "n": i}), 1000 + i // 10)
        handled += sum(1 for c, t in out if json.loads(t)["t"] == "pong")
    assert handled <= RATE_BURST + RATE_PER_S * 1
    pid = host.match.players[1]
    move = game.legal_moves(host.match.state, pid)[0]
    out = host.on_message(
        other, json.dumps({"v": 1, "t": "move", "id": 1, "move": move, "ref": host.match.ref(pid)}), 2000
    )
    assert [json.loads(t)["t"] for c, t in out if c == other][0] == "ack"
