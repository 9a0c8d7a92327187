"""Seven Rounds contract: random seeded playouts through legal_moves, secrecy, replay, and bad input."""

import json
from random import Random

import pytest

from peerparty.engine.core import HOST, SYSTEM, IllegalMove, step, Ctx
from peerparty.engine.match import Match
from peerparty.games.seven_rounds import GAME
from peerparty.games.seven_rounds.rules import MISSIONS

SEEDS = range(300)


def all_views(state, players):
    return dict((v, GAME.view(state, v)) for v in [None] + list(players))


def assert_secrets_kept(state, players, views, deep=True):
    """No other seat's mission (before FINAL) or unrevealed choice is in any view but its owner's."""
    final = state["phase"] == "final"
    for viewer, view in views.items():
        text = json.dumps(view)
        assert json.loads(text) == view  # JSON-safe, round-trips
        assert isinstance(view["phase"], str) and isinstance(view["act"], bool)
        for p in players:
            if p == viewer or final or state["completed"].get(p):
                continue
            name, description = MISSIONS[state["missions"][p]]
            assert name not in text and description not in text
        if state["phase"] == "choosing":
            if viewer is None:
                assert '"action"' not in text and '"target"' not in text and '"guess"' not in text
    if state["phase"] != "choosing" or not deep:
        return
    # the same view whatever the others locked: their choices cannot leak, even encoded
    for viewer in views:
        other = GAME.copy_state(state)
        for p in list(other["locks"]):
            if p != viewer:
                other["locks"][p] = {"action": "swipe", "target": viewer if viewer else players[0], "guess": None}
        assert GAME.view(other, viewer) == views[viewer]
    # ...and whatever the others' unfinished missions are
    if not final:
        hidden = [p for p in players if not state["completed"].get(p)]
        for viewer in views:
            others = [p for p in hidden if p != viewer]
            if len(others) < 2:
                continue
            other = GAME.copy_state(state)
            other["missions"] = dict(state["missions"])
            numbers = [state["missions"][p] for p in others]
            for p, n in zip(others, numbers[1:] + numbers[:1]):
                other["missions"][p] = n
            assert GAME.view(other, viewer) == views[viewer]


def playout(seed):
    rng = Random(seed)
    players = ["p%d" % i for i in range(rng.randint(3, 12))]
    m = Match(GAME, players, seed, {"timer_s": rng.choice([30, 60])})
    now = 0
    m.play(HOST, GAME.start_move, now)
    for _ in range(3000):
        if m.result() is not None:
            break
        now += rng.randint(0, 9000)
        player_moves = []
        for p in rng.sample(players, len(players)):  # the first player who may act, at random
            player_moves = [(p, mv) for mv in GAME.legal_moves(m.state, p)]
            if player_moves:
                break
        host_moves = GAME.legal_moves(m.state, HOST)
        system_moves = GAME.legal_moves(m.state, SYSTEM)
        for mv in host_moves + system_moves:
            assert mv["type"] in GAME.host_moves or mv["type"] == "timeout"
        roll = rng.random()
        if player_moves and roll < 0.7:
            who, mv = rng.choice(player_moves)
        elif system_moves and roll < 0.8:
            who, mv = SYSTEM, system_moves[0]
            now = max(now, m.deadline())
        else:
            calm = [mv for mv in host_moves if mv["type"] not in ("end_game", "remove")]
            if not calm or rng.random() < 0.01:
                calm = host_moves
            who, mv = HOST, rng.choice(calm)
        m.play(who, mv, now)
        assert_secrets_kept(m.state, players, all_views(m.state, players), deep=rng.random() < 0.3)
    return m


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_every_contract(seed):
    m = playout(seed)
    result = m.result()
    assert result is not None, "every game ends"
    assert sorted(result["ranking"]) == sorted(m.state["players"]) and result["winners"]
    assert set(m.players) - set(m.state["players"]) == set(m.state.get("removed", []))
    assert all(v >= 0 for v in result["scores"].values())
    assert m.state["scored_rounds"] == 7 or m.state["ended_early"]
    final = m.view(None)["final"]
    assert sorted(x["number"] for x in final["missions"]) == sorted(m.state["missions"][p] for p in m.state["players"])
    replay = Match.from_record({GAME.id: GAME}, json.loads(json.dumps(m.to_record())))
    assert replay.state == m.state
    assert all_views(replay.state, m.players) == all_views(m.state, m.players)
    for p in [HOST, SYSTEM] + m.players:
        assert GAME.legal_moves(m.state, p) == []


def test_copy_state_is_independent():
    m = playout(7)
    s = m.state
    c = GAME.copy_state(s)
    assert c == s
    for key in ("scores", "completed", "bank_rounds", "good_guesses", "partners", "earned_from", "locks"):
        assert c[key] is not s[key]


# --- bad input --------------------------------------------------------------------------------------

HUGE = "x" * 100000
NASTY = [
    {},
    {"type": None},
    {"type": 5},
    {"type": ["lock"]},
    {"type": {"a": 1}},
    {"type": "LOCK"},
    {"type": "lock"},
    {"type": "lock", "action": None},
    {"type": "lock", "action": True},
    {"type": "lock", "action": 1},
    {"type": "lock", "action": ["bank"]},
    {"type": "lock", "action": {"x": 1}},
    {"type": "lock", "action": HUGE},
    {"type": "lock", "action": "BANK"},
    {"type": "lock", "action": "steal"},
    {"type": "lock", "action": "team_up"},
    {"type": "lock", "action": "team_up", "target": None},
    {"type": "lock", "action": "team_up", "target": 1},
    {"type": "lock", "action": "team_up", "target": True},
    {"type": "lock", "action": "team_up", "target": ["b"]},
    {"type": "lock", "action": "swipe", "target": HUGE},
    {"type": "lock", "action": "swipe", "target": "a"},
    {"type": "lock", "action": "swipe", "target": "@host"},
    {"type": "lock", "action": "swipe", "target": "@system"},
    {"type": "lock", "action": "swipe", "target": "zz"},
    {"type": "lock", "action": "predict"},
    {"type": "lock", "action": "predict", "guess": "predict"},
    {"type": "lock", "action": "predict", "guess": 3},
    {"type": "lock", "action": "predict", "guess": False},
    {"type": "lock", "action": "predict", "guess": {"nested": ["junk", {"deep": None}]}},
    {"type": HUGE},
    {"type": "reveal"},
    {"type": "next_round"},
    {"type": "end_game"},
    {"type": "add_time"},
    {"type": "timeout"},
    {"type": "remove", "player": "b"},
    {"type": "lock", "action": "bank", "type2": HUGE},
]


def opened():
    m = Match(GAME, ["a", "b", "c"], "bad", {"missions": {"a": 1, "b": 2, "c": 3}})
    m.play(HOST, GAME.start_move, 0)
    return m


@pytest.mark.parametrize("move", NASTY)
def test_nasty_moves_from_a_player_are_refused_without_a_trace(move):
    m = opened()
    if move.get("type") == "lock" and move.get("action") == "bank":
        m.play("a", {"type": "lock", "action": "bank"})  # then a second lock must be refused
    before = json.dumps(m.state, sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        step(GAME, m.state, "a", move, Ctx(Random(0), 1))
    assert err.value.code in ("unknown_move", "not_your_turn", "invalid_move", "stale", "game_over")
    assert isinstance(err.value.detail, str) and 0 < len(err.value.detail) < 200
    assert json.dumps(m.state, sort_keys=True) == before


@pytest.mark.parametrize("who", [None, 0, 1.5, True, "", "zz", "A", "@HOST", ["a"], {"a": 1}, ("a",), HUGE])
def test_moves_from_unknown_players_are_refused(who):
    m = opened()
    before = json.dumps(m.state, sort_keys=True)
    for move in [{"type": "lock", "action": "bank"}, {"type": "reveal"}, {"type": "timeout"}]:
        with pytest.raises(IllegalMove) as err:
            GAME.check(m.state, who, move)
        assert err.value.code == "not_your_turn"
    assert json.dumps(m.state, sort_keys=True) == before
    assert GAME.view(m.state, who) == GAME.view(m.state, None)  # an unknown viewer sees the table


def test_host_and_system_cannot_lock_and_players_cannot_use_host_controls():
    m = opened()
    for who in (HOST, SYSTEM):
        with pytest.raises(IllegalMove):
            GAME.check(m.state, who, {"type": "lock", "action": "bank"})
    for kind in sorted(GAME.host_moves) + ["timeout"]:
        with pytest.raises(IllegalMove) as err:
            GAME.check(m.state, "a", {"type": kind, "skip_ok": True})
        assert err.value.code == "not_your_turn"


def test_non_dict_moves_are_refused():
    m = opened()
    for move in [None, 1, "lock", ["lock"], ("lock",), True]:
        with pytest.raises(IllegalMove):
            GAME.check(m.state, "a", move)
        with pytest.raises(IllegalMove):
            step(GAME, m.state, "a", move, Ctx(Random(0), 1))


def junk(rng, depth=0):
    pick = rng.randint(0, 9 if depth < 2 else 6)
    pool = [
        "lock",
        "bank",
        "team_up",
        "swipe",
        "predict",
        "double_down",
        "a",
        "b",
        "c",
        "@host",
        "reveal",
        "next_round",
        "add_time",
        "end_game",
        "timeout",
        "",
        "x" * 70,
    ]
    if pick <= 2:
        return rng.choice(pool)
    if pick == 3:
        return rng.choice([True, False, None])
    if pick == 4:
        return rng.choice([0, 1, -1, 2**70, 1.5, float("nan")])
    if pick <= 6:
        return rng.choice(pool) * rng.randint(0, 3)
    if pick <= 8:
        return dict(
            (rng.choice(["type", "action", "target", "guess", "skip_ok", "x"]), junk(rng, depth + 1))
            for _ in range(rng.randint(0, 5))
        )
    return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]


def test_fuzzed_moves_raise_only_illegal_move():
    rng = Random(2024)
    states = []
    m = opened()
    states.append(GAME.setup(["a", "b", "c"], Random(1), {}))
    states.append(m.state)
    m.play("a", {"type": "lock", "action": "bank"})
    m.play(SYSTEM, {"type": "timeout"}, 60000)
    states.append(m.state)
    m.play(HOST, {"type": "reveal", "skip_ok": True}, 60001)
    states.append(m.state)
    m.play(HOST, {"type": "end_game"}, 60002)
    states.append(m.state)
    for _ in range(4000):
        s = rng.choice(states)
        move = junk(rng)
        if rng.random() < 0.7:
            move = {
                "type": rng.choice(["lock", "reveal", "add_time", "next_round", "timeout", "end_game"]),
                "action": junk(rng),
                "target": junk(rng),
                "guess": junk(rng),
                "skip_ok": junk(rng),
            }
        who = rng.choice(["a", "b", "c", HOST, SYSTEM, "zz", None, 3])
        before = json.dumps(s, sort_keys=True)
        try:
            step(GAME, s, who, move, Ctx(Random(0), 70000))
        except IllegalMove:
            pass
        assert json.dumps(s, sort_keys=True) == before
