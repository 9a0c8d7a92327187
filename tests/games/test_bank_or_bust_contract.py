"""Bank or Bust contract tests: random seeded playouts through legal_moves, replays, secrecy of the
deck order, card conservation, and garbage input that must be refused without a trace."""

import json
from random import Random

import pytest

from peerparty.engine.core import HOST, SYSTEM, Ctx, IllegalMove, step
from peerparty.engine.match import Match
from peerparty.games.bank_or_bust import GAME
from peerparty.games.bank_or_bust import cards as C

SEEDS = range(240)
MAX_STEPS = 4000
FULLY_VIEWED = 40  # seeds whose every step's views are checked; the rest every 10th step


def row_card_count(s):
    total = 0
    for p in s["rows"]:
        for name in C.ROWS:
            total += len(C.row_discards(s["rows"][p][name]))
    return total


def check_invariants(m, removed_cards):
    s = m.state
    cards = len(s["deck"]) + len(s["discard"]) + row_card_count(s) + (s["pending"] is not None)
    assert cards == 116 - removed_cards
    assert s["supply"] + sum(1 for p in s["holds"] if s["holds"][p]) == C.DISCARD_SUPPLY


def playout(seed):
    rng = Random(seed)
    players = ["p%d" % i for i in range(2 + seed % 5)]
    m = Match(GAME, players, seed)
    for n in range(MAX_STEPS):
        if m.result() is not None:
            return m, n
        movers = []
        for p in players:
            for move in GAME.legal_moves(m.state, p):
                movers.append((p, move))
        # the clock moves only to pass an away player's turn (D2-28)
        assert GAME.legal_moves(m.state, SYSTEM) == ([] if m.deadline() is None else [{"type": "timeout"}])
        turn = m.state["turn"]
        assert [p for p, _ in movers] == [turn] * len(movers) and movers
        # Bank now and then so rounds end; the host acts rarely.
        if rng.random() < 0.003:
            movers = [(HOST, mv) for mv in GAME.legal_moves(m.state, HOST)]
        p, move = rng.choice(movers)
        if {"type": "bank"} in [mv for _, mv in movers] and rng.random() < 0.2:
            move = {"type": "bank"}
        m.play(p, move)
        if seed < FULLY_VIEWED or n % 10 == 0 or m.result() is not None:
            check_views(m, players)
    raise AssertionError("seed %d did not end" % seed)


def check_views(m, players):
    deck = m.state["deck"]
    for viewer in [None] + players:
        v = m.view(viewer)
        text = json.dumps(v)
        assert json.loads(text) == v
        assert isinstance(v["phase"], str)
        if viewer is not None and viewer in m.state["status"]:
            assert v["act"] == (m.state["turn"] == viewer and m.state["phase"] == "playing")
            assert v["moves"] == (GAME.legal_moves(m.state, viewer) if v["act"] else [])
        assert "deck" not in v
        if len(deck) >= 4:
            assert json.dumps(deck[:4])[1:-1] not in text  # the deck order never leaks


@pytest.mark.parametrize("chunk", range(6))
def test_random_playouts_end_replay_and_keep_the_deck_order_secret(chunk):
    for seed in SEEDS:
        if seed % 6 != chunk:
            continue
        m, n = playout(seed)
        res = m.result()
        assert set(res) >= {"scores", "ranking", "winners", "note"}
        json.dumps(res)
        again = Match.from_record({GAME.id: GAME}, json.loads(json.dumps(m.to_record())))
        assert again.state == m.state
        for viewer in [None] + m.players:
            assert again.view(viewer) == m.view(viewer)
        # The deck ORDER never shows: the same table with a reversed deck gives the same views.
        s = GAME.copy_state(m.state)
        s["deck"].reverse()
        for viewer in [None] + m.players:
            assert GAME.view(s, viewer) == m.view(viewer)


def test_cards_are_conserved_through_playouts():
    for seed in range(40):
        rng = Random(seed)
        players = ["a", "b", "c"]
        m = Match(GAME, players, "c%d" % seed)
        while m.result() is None:
            moves = [(p, mv) for p in players for mv in GAME.legal_moves(m.state, p)]
            m.play(*rng.choice(moves))
            check_invariants(m, 0)


def test_copy_state_is_independent():
    m = Match(GAME, ["a", "b"], 5, {"deck": [50, "mod10", 40], "first_player": "a"})
    m.play("a", {"type": "draw"})
    m.play("a", {"type": "place", "row": "top"})
    before = json.dumps(m.state, sort_keys=True)
    copy = GAME.copy_state(m.state)
    assert copy == m.state
    copy["rows"]["a"]["top"]["cards"][0]["mods"].append(10)
    copy["rows"]["a"]["top"]["cards"][0]["covered"] = True
    copy["deck"].pop()
    copy["log"].append({})
    copy["status"]["a"] = "busted"
    assert json.dumps(m.state, sort_keys=True) == before


NASTY = [
    {},
    {"type": None},
    {"type": 7},
    {"type": ["draw"]},
    {"type": {"x": 1}},
    {"type": "x" * 100000},
    {"type": "DRAW"},
    {"type": "timeout"},
    {"type": "place"},
    {"type": "place", "row": None},
    {"type": "place", "row": 1},
    {"type": "place", "row": True},
    {"type": "place", "row": "middle"},
    {"type": "place", "row": "top" * 50000},
    {"type": "place", "row": ["top"]},
    {"type": "play", "row": "top"},
    {"type": "play", "row": "top", "sign": "+"},
    {"type": "use_discard"},
    {"type": "bust"},
    {"type": "discard_power"},
    {"type": "remove", "player": "b"},
    {"type": "end_game"},
    {"type": "remove"},
    {"type": "remove", "player": 0},
    {"type": "remove", "player": True},
]
HOST_NASTY = [
    {"type": "remove"},
    {"type": "remove", "player": "zed"},
    {"type": "remove", "player": None},
    {"type": "remove", "player": ["a"]},
    {"type": "remove", "player": {"id": "a"}},
    {"type": "remove", "player": "a" * 100000},
    {"type": "remove", "player": 1},
    {"type": "draw"},
    {"type": "bank"},
    {"type": "next_round"},
    {"type": "timeout"},
]


def fresh():
    return Match(GAME, ["a", "b", "c"], 1, {"deck": [50, "double", 40, 30], "first_player": "a"})


def assert_refused(m, p, move):
    before = json.dumps(m.state, sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        step(GAME, m.state, p, move, Ctx(Random(1), 0))
    assert err.value.code in ("unknown_move", "not_your_turn", "invalid_move", "stale", "game_over")
    assert isinstance(err.value.detail, str) and 0 < len(err.value.detail) < 200
    assert json.dumps(m.state, sort_keys=True) == before


def test_bad_input_is_refused_and_changes_nothing():
    m = fresh()
    for move in NASTY:
        if move.get("type") in ("end_game",):
            continue
        assert_refused(m, "a", move)
    for move in NASTY + [{"type": "draw"}, {"type": "bank"}]:
        assert_refused(m, "b", move)  # not b's turn
    for p in ("zed", None, 3, True, ["a"], {"id": "a"}, "", SYSTEM, "a" * 100000):
        for move in ({"type": "draw"}, {"type": "bank"}, {"type": "end_game"}):
            assert_refused(m, p, move)
    for move in HOST_NASTY:
        assert_refused(m, HOST, move)
    for junk in (None, [], "draw", 3, ["type", "draw"]):
        assert_refused(m, "a", junk)
    m.play("a", {"type": "draw"})  # 50 pending: the draw/bank/power moves are wrong now
    for move in (
        {"type": "draw"},
        {"type": "bank"},
        {"type": "play", "row": "top"},
        {"type": "bust"},
        {"type": "use_discard"},
        {"type": "discard_power"},
    ):
        assert_refused(m, "a", move)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", {"type": "draw"})  # Double pending
    for move in (
        {"type": "place", "row": "top"},
        {"type": "play", "row": 0},
        {"type": "play"},
        {"type": "use_discard"},
        {"type": "play", "row": "top", "extra": [1] * 5},
    ):
        if move.get("extra"):
            continue
        assert_refused(m, "b", move)


def test_fuzz_check_raises_only_illegal_move():
    rng = Random(2024)
    atoms = [
        None,
        True,
        False,
        0,
        1,
        -1,
        2**70,
        1.5,
        "",
        "top",
        "bottom",
        "+",
        "-",
        "a",
        "b",
        "zed",
        "draw",
        "bank",
        "place",
        "play",
        "bust",
        "use_discard",
        "discard_power",
        "remove",
        "end_game",
        "x" * 5000,
        [],
        {},
        ["top"],
        {"row": "top"},
    ]
    keys = ["type", "row", "sign", "player", "card", "junk"]
    m = fresh()
    m.play("a", {"type": "draw"})
    states = [fresh().state, m.state]
    for _ in range(6000):
        move = {}
        for key in rng.sample(keys, rng.randrange(len(keys))):
            move[key] = rng.choice(atoms)
        if rng.random() < 0.5:
            move["type"] = rng.choice(
                ["draw", "bank", "place", "play", "bust", "use_discard", "discard_power", "remove", "end_game"]
            )
        p = rng.choice(["a", "b", "c", HOST, SYSTEM, None, 5, "zed"])
        s = rng.choice(states)
        before = json.dumps(s, sort_keys=True)
        try:
            step(GAME, s, p, move, Ctx(Random(1), 0))
        except IllegalMove:
            pass
        assert json.dumps(s, sort_keys=True) == before
