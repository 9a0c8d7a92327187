"""Contract tests for Someone Else's Problem: random seeded playouts, secrets, replay, bad input."""

import json
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, Ctx, IllegalMove, Match, step
from peerparty.engine.core import can
from peerparty.games.someone_elses_problem import GAME

NAMES = ["p1", "p2", "p3", "p4", "p5", "p6"]
MAX_STEPS = 3000


def options_for(seed, players):
    """Most seeds use the standard decks; some use short custom decks to reach PASS and stalemates.

    The custom decks hold no EXCHANGE: two players swapping at random with one EXCHANGE each
    can go on for ever (a legal loop no ruling cuts short), which is not what this test is about.
    """
    r = Random("opts:%d" % seed)
    if seed % 4 != 3:
        return {}
    hands = {p: [r.choice(["gift", "deny", "redirect"]) for _ in range(r.randrange(0, 3))] for p in players}
    return {"hands": hands, "draw_pile": [r.choice(["deny", "redirect", "gift"]) for _ in range(r.randrange(3))]}


def masked(s, viewer):
    """The same state with every secret the viewer may not see replaced by a marker."""
    t = GAME.copy_state(s)
    for p in t["players"]:
        if p != viewer:
            t["hands"][p] = ["SECRET-%s-%d" % (p, i) for i in range(len(t["hands"][p]))]
    t["draw"] = ["SECRET-draw-%d" % i for i in range(len(t["draw"]))]
    return t


def check_views(m):
    s = m.state
    for viewer in [None] + m.players:
        v = GAME.view(s, viewer)
        text = json.dumps(v, sort_keys=True)
        assert json.loads(text) == v
        assert isinstance(v["phase"], str)
        # D4-12 / DX-07: the view cannot depend on other hands or the draw order...
        hidden = GAME.view(masked(s, viewer), viewer)
        assert hidden == v
        # ...so none of their (marked) values can reach the JSON text.
        assert "SECRET" not in json.dumps(hidden)
        if viewer is None or viewer not in s["players"]:  # the table, or a removed player: no hand
            assert "hand" not in v and "act" not in v
        else:
            assert sorted(v["hand"]) == sorted(s["hands"][viewer])
            assert v["act"] == (GAME.awaiting(s) == viewer)


def playout(seed, try_every_move=False, checks=True):
    r = Random(seed)
    players = NAMES[: 3 + seed % 4]
    m = Match(GAME, players, seed, options_for(seed, players))
    host_quits = seed % 11 == 5
    host_removes = seed % 7 == 3
    steps = 0
    if checks:
        check_views(m)
    while m.result() is None:
        assert steps < MAX_STEPS, "game did not end"
        awaited = GAME.awaiting(m.state)
        for p in players:
            if p != awaited:
                assert GAME.legal_moves(m.state, p) == []
        # the clock moves only to settle what an away player is awaited for (D4-21)
        assert GAME.legal_moves(m.state, SYSTEM) == ([] if m.deadline() is None else [{"type": "timeout"}])
        host = GAME.legal_moves(m.state, HOST)
        assert host[0] == {"type": "end_game"} and all(can(GAME, m.state, HOST, mv) for mv in host)
        assert ({"type": "away", "players": []} in host) == (m.state["away"] != [])
        assert [mv for mv in host if mv["type"] == "remove"] == [
            {"type": "remove", "player": q} for q in m.state["players"]
        ]
        legal = GAME.legal_moves(m.state, awaited)
        assert legal, "the awaited player always has a move (pass at worst)"
        if try_every_move:
            for move in legal:
                step(GAME, m.state, awaited, move, Ctx(Random(1), 0))
        if host_quits and r.random() < 0.05:
            m.play(HOST, {"type": "end_game"}, steps)
        elif host_removes and r.random() < 0.03:  # D4-15: a removal mid-game
            m.play(HOST, {"type": "remove", "player": r.choice(m.state["players"])}, steps)
        elif seed % 5 == 1 and r.random() < 0.05:  # D4-21: the room says who is away (or nobody)
            away = [q for q in m.state["players"] if r.random() < 0.3]
            if away != m.state["away"]:
                m.play(HOST, {"type": "away", "players": away}, steps)
        elif m.deadline() is not None and r.random() < 0.5:  # D4-21: the grace runs out
            m.play(SYSTEM, {"type": "timeout"}, m.deadline())
        else:
            m.play(awaited, r.choice(legal), steps)
        steps += 1
        if checks:
            check_views(m)
    return m


@pytest.mark.parametrize("block", range(8))
def test_random_playouts_end_and_keep_every_contract(block):
    ends = set()
    for seed in range(block * 25, block * 25 + 25):
        m = playout(seed, try_every_move=seed % 15 == 0)
        r = m.result()
        assert json.loads(json.dumps(r)) == r
        assert m.state["end"] in ("win", "stalemate", "host", "too_few")
        if m.state["end"] == "win":
            assert r["winners"] and all(m.view(None)["scandalous"][p] == 0 for p in r["winners"])
        else:
            assert r["winners"] == []
        ends.add(m.state["end"])
        again = Match.from_record({GAME.id: GAME}, json.loads(json.dumps(m.to_record())))
        assert again.state == m.state
        assert all(again.view(v) == m.view(v) for v in [None] + m.players)
        assert again.result() == r
    assert "win" in ends


def test_custom_decks_reach_passes_and_stalemates():
    seen = set()
    for seed in range(3, 400, 4):
        m = playout(seed, checks=False)
        seen.add(m.state["end"])
        seen.update(e["kind"] for e in m.state["log"])
    assert {"pass", "stalemate", "win"} <= seen


# --- bad input ----------------------------------------------------------------------------------

NASTY = [
    {},
    {"type": None},
    {"type": 5},
    {"type": True},
    {"type": ["gift"]},
    {"type": {"a": 1}},
    {"type": "x" * 100000},
    {"type": "GIFT"},
    {"type": "timeout"},
    {"type": "away"},
    {"type": "away", "players": "p1"},
    {"type": "away", "players": ["p9"]},
    {"type": "away", "players": ["p1", "p1"]},
    {"type": "remove", "player": "p9"},
    {"type": "remove"},
    {"type": "remove", "player": 2},
    {"type": "remove", "player": ["p2"]},
    {"type": "gift"},
    {"type": "gift", "object": "diary"},
    {"type": "gift", "to": "p2"},
    {"type": "gift", "object": True, "to": "p2"},
    {"type": "gift", "object": 3, "to": "p2"},
    {"type": "gift", "object": ["diary"], "to": "p2"},
    {"type": "gift", "object": "diary" * 20000, "to": "p2"},
    {"type": "gift", "object": "plutonium", "to": "p2"},
    {"type": "gift", "object": "diary", "to": None},
    {"type": "gift", "object": "diary", "to": 1},
    {"type": "gift", "object": "diary", "to": True},
    {"type": "gift", "object": "diary", "to": "@host"},
    {"type": "gift", "object": "diary", "to": "p9"},
    {"type": "gift", "object": "diary", "to": {"id": "p2"}},
    {"type": "gift", "object": {}, "to": []},
    {"type": "gift2", "object": "diary", "to": "p2"},
    {"type": "gift2", "object": "diary", "to": "p2", "cards": "gift"},
    {"type": "gift2", "object": "diary", "to": "p2", "cards": [True, False]},
    {"type": "gift2", "object": "diary", "to": "p2", "cards": [["deny"], {"x": 1}]},
    {"type": "gift2", "object": "diary", "to": "p2", "cards": ["deny"] * 100000},
    {"type": "gift2", "object": "diary", "to": "p2", "cards": ["joker", "joker"]},
    {"type": "exchange"},
    {"type": "exchange", "give": 1, "take": 2, "from": 3},
    {"type": "exchange", "give": "diary", "take": "diary", "from": None},
    {"type": "exchange", "give": "diary", "take": None, "from": "p2"},
    {"type": "exchange", "give": "diary", "take": "diary", "from": "p1"},
    {"type": "respond"},
    {"type": "respond", "answer": True},
    {"type": "respond", "answer": 0},
    {"type": "respond", "answer": "maybe"},
    {"type": "respond", "answer": "redirect", "to": 7},
    {"type": "respond", "answer": "redirect", "to": "p1"},
    {"type": "respond", "answer": ["accept"]},
    {"type": "end_game"},
    {"type": "pass", "nested": {"deep": [[[[]]]]}},
]


def nasty_table():
    objects = {"p1": ["diary", "spare_key", "alibi"], "p2": ["diary", "diary"], "p3": ["love_letter"]}
    hands = {
        "p1": ["gift", "exchange", "exchange", "redirect"],
        "p2": ["exchange", "deny", "deny", "deny"],
        "p3": ["gift", "gift", "gift", "gift"],
    }
    return Match(GAME, ["p1", "p2", "p3"], "bad", {"objects": objects, "hands": hands, "first_player": "p1"})


def assert_refused(m, player, move):
    before = json.dumps(m.state, sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        m.play(player, move)
    assert err.value.code in ("unknown_move", "not_your_turn", "invalid_move", "stale", "game_over")
    assert isinstance(err.value.detail, str) and err.value.detail
    assert json.dumps(m.state, sort_keys=True) == before


@pytest.mark.parametrize("move", NASTY)
def test_nasty_moves_in_every_phase_are_refused_without_a_trace(move):
    m = nasty_table()
    for p in ("p1", "p2", "p9", None, 3, HOST if move.get("type") != "end_game" else "p1", SYSTEM):
        if not (p == "p1" and move == {"type": "exchange", "give": "diary", "take": "diary", "from": "p2"}):
            assert_refused(m, p, move)
    m.play("p1", {"type": "gift", "object": "diary", "to": "p2"})
    for p in ("p2", "p1", "p3", ["p2"], SYSTEM):
        assert_refused(m, p, move)
    m.play(HOST, {"type": "end_game"})
    for p in ("p1", "p2", HOST):
        assert_refused(m, p, move)


def test_non_dict_moves_are_refused():
    m = nasty_table()
    for move in (None, "gift", 5, ["type", "gift"], True):
        assert_refused(m, "p1", move)


def junk(r, depth=0):
    pick = r.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return r.choice([True, False])
    if pick == 2:
        return r.choice([r.randrange(-5, 5), r.random(), 10**30])
    if pick == 3:
        return r.choice(
            ["p1", "p2", "p3", "diary", "alibi", "gift", "deny", "accept", "redirect", "exchange", "@host", ""]
        )
    if pick == 4:
        return "z" * r.randrange(70)
    if pick == 5:
        return ["deny", "deny"]
    if pick == 6:
        return [junk(r, depth + 1) for _ in range(r.randrange(3))]
    if pick == 7:
        return {"type": junk(r, depth + 1), "x": junk(r, depth + 1)}
    return ("tuple", "gift")


def test_fuzzed_moves_raise_only_illegal_move():
    r = Random(99)
    types = ["gift", "gift2", "exchange", "pass", "respond", "end_game", "nope"]
    accepted = 0
    for i in range(3000):
        m = nasty_table()
        if i % 2:
            m.play("p1", {"type": "gift", "object": "diary", "to": "p2"})
        move = {"type": r.choice(types) if r.random() < 0.9 else junk(r)}
        for key in ("object", "to", "cards", "give", "take", "from", "answer"):
            if r.random() < 0.6:
                move[key] = junk(r)
        player = r.choice(["p1", "p2", "p3", HOST, SYSTEM, None, 0])
        try:
            m.play(player, move)
            accepted += 1
        except IllegalMove:
            pass
    assert accepted < 3000
