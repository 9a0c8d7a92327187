"""Hint Hunt contract tests: random seeded playouts through legal_moves (players and HOST), dealt from each
word bank, JSON-safe views that keep every secret (DX-07, D3-08), exact replay, every game ends; garbage is refused."""

import copy
import json
from random import Random

import pytest
from hypothesis import given, settings, strategies as st

from peerparty.engine.core import HOST, SYSTEM, Ctx, IllegalMove, step
from peerparty.engine.match import Match
from peerparty.games.hint_hunt import GAME
from peerparty.games.hint_hunt.banks import BANK_LANGS

SEEDS = range(300)
MAX_STEPS = 3000
SPECTATOR = "zz-spectator"


def token(p):
    """A hint no view may show before its board is played: unique per player."""
    return "Qx%sSecret" % p[1:]


def choose(rng, m, players):
    """Pick one (player, move) among everyone's legal moves, biased so games progress."""
    s = m.state
    host_moves = GAME.legal_moves(s, HOST)
    assert GAME.legal_moves(s, SYSTEM) == []
    player_moves = [(p, mv) for p in players for mv in GAME.legal_moves(s, p)]
    rare = [mv for mv in host_moves if mv["type"] in ("remove", "set_host", "reject")]
    if rare and rng.random() < 0.02:
        return HOST, rng.choice(rare)
    for mv in host_moves:
        if mv["type"] == "start_guessing":
            return HOST, mv
        if mv["type"] == "next_board" and (s["ended"] or rng.random() < 0.05):
            return HOST, mv
    if not player_moves:
        return HOST, rng.choice(host_moves)
    p, mv = rng.choice(player_moves)
    if mv["type"] == "edit" and rng.random() < 0.8:
        return choose_other(rng, player_moves, host_moves)
    if mv["type"] == "done_guessing" and rng.random() < 0.7:
        return choose_other(rng, player_moves, host_moves)
    if mv["type"] == "submit":
        choosable = m.view(p)["board"]["choosable"]
        mv = {"type": "submit", "targets": rng.sample(choosable, rng.randint(1, 5)), "hint": token(p)}
        GAME.check(s, p, mv)
    return p, mv


def choose_other(rng, player_moves, host_moves):
    pool = [(p, mv) for p, mv in player_moves if mv["type"] not in ("edit", "done_guessing")]
    if pool:
        return rng.choice(pool)
    return rng.choice(player_moves)


def every_legal_move_applies(m, players):
    for p in players + [HOST]:
        for mv in GAME.legal_moves(m.state, p):
            step(GAME, m.state, p, mv, Ctx(Random(1), 0))


def check_views(m, players):
    s = m.state
    secrets = secrets_of(s)
    out = {}
    for viewer in players + [None, HOST, SPECTATOR]:
        v = m.view(viewer)
        text = json.dumps(v)
        assert json.loads(text) == v
        assert isinstance(v["phase"], str) and isinstance(v["act"], bool)
        out[viewer] = v
        check_secrets(s, secrets, viewer, v, text)
        if viewer in players and viewer not in s["removed"]:
            legal = GAME.legal_moves(s, viewer)
            assert v["act"] == any(mv["type"] in ("submit", "claim") for mv in legal)
            if s["phase"] == "guessing":
                assert v["claimable"] == [mv["word"] for mv in legal if mv["type"] == "claim"]
        running = s["phase"] in ("hint_writing", "guessing")
        hosting = viewer == HOST or (viewer == s["host"] and viewer in players and viewer not in s["removed"])
        assert ("controls" in v) == (running and hosting)
    return out


def quoted(w):
    return '"%s"' % w  # board words are plain A-Z, so this is their JSON form


def secrets_of(s):
    """Per seat: the JSON strings nobody else may see now (writing: the whole board and hint;
    guessing: boards and hints not yet played). Plus the current board's unclaimed words."""
    private = {}
    if s["phase"] == "hint_writing":
        started = set()
    elif s["phase"] == "guessing":
        started = set(s["order"][: s["turn"] + 1])
    else:
        return private, []
    for q, b in s["boards"].items():
        if q not in started:
            private[q] = [quoted(w) for w in b["words"]] + [token(q)]
    unclaimed = []
    if s["phase"] == "guessing" and not s["ended"]:
        writer = s["order"][s["turn"]]
        unclaimed = [quoted(w) for w in s["boards"][writer]["words"] if w not in s["claimed"]]
    return private, unclaimed


def check_secrets(s, secrets, viewer, v, text):
    private, unclaimed = secrets
    own = viewer if viewer in s["boards"] and viewer not in s["removed"] else None
    for q, values in private.items():
        if q != own:
            for value in values:
                assert value not in text, (viewer, q, value)
    if unclaimed and own != s["order"][s["turn"]]:
        # D3-08: apart from the plain word lists, an unclaimed word appears nowhere (no role)
        assert "roles" not in v["board"]
        rest = json.dumps(dict((k, x) for k, x in v.items() if k not in ("board", "claimable")))
        rest += json.dumps(dict((k, x) for k, x in v["board"].items() if k != "words"))
        for value in unclaimed:
            assert value not in rest, (viewer, value)


def playout(seed):
    rng = Random(seed)
    size = 2 + seed % 11 if seed % 4 == 0 else 2 + seed % 5  # big tables cost the most
    players = ["p%d" % i for i in range(size)]
    host = None if seed % 17 == 0 else players[seed % len(players)]
    # every third game deals from each bank: accented words keep their secrets and replay alike (issue 49)
    m = Match(GAME, players, seed, {"host": host, "words_lang": BANK_LANGS[seed % len(BANK_LANGS)]})
    full = seed % 20 == 0
    for n in range(MAX_STEPS):
        views = check_views(m, players)
        if m.result() is not None:
            return m, views
        if full:
            every_legal_move_applies(m, players)
        p, mv = choose(rng, m, players)
        events = m.play(p, mv, now_ms=n * 100)
        assert json.loads(json.dumps(events)) == events
    raise AssertionError("seed %d did not end" % seed)


@pytest.mark.parametrize("chunk", range(6))
def test_random_playouts_end_replay_and_keep_secrets(chunk):
    ended = {"scoreboard": 0, "abandoned": 0}
    for seed in SEEDS:
        if seed % 6 != chunk:
            continue
        m, views = playout(seed)
        res = m.result()
        json.dumps(res)
        ended[m.state["phase"]] += 1
        if res.get("abandoned"):
            assert res["abandoned"] is True
        else:
            assert set(res) >= {"scores", "ranking", "winners", "note"}
            if len(res["scores"]) == 2 and len(m.players) == 2:
                a, b = res["scores"].values()
                assert a == b  # the 2-player game always ties
        record = json.loads(json.dumps(m.to_record()))
        again = Match.from_record({GAME.id: GAME}, record)
        assert again.state == m.state
        for viewer in m.players + [None, HOST]:
            assert again.view(viewer) == m.view(viewer)
    assert ended["scoreboard"] > ended["abandoned"]


def test_scores_follow_claims_exactly():
    """D3-19 over many games: every score is the sum of its guesser and writer deltas."""
    for seed in range(40):
        rng = Random(seed)
        players = ["p%d" % i for i in range(2 + seed % 6)]
        m = Match(GAME, players, seed, {"host": players[0]})
        expected = dict((p, 0) for p in players)
        for _ in range(MAX_STEPS):
            if m.result() is not None:
                break
            p, mv = choose(rng, m, [q for q in players if q not in m.state["removed"]])
            for ev in m.play(p, mv):
                if ev["type"] == "claimed":
                    expected[ev["player"]] += ev["delta"]
                    if ev["writer"] not in m.state["removed"]:
                        expected[ev["writer"]] += ev["delta"]
        assert m.state["scores"] == expected


# --- bad input -----------------------------------------------------------------------------------

NASTY_VALUES = [
    None,
    True,
    False,
    0,
    1,
    -1,
    3.5,
    "",
    " ",
    "x" * 100000,
    [],
    {},
    [[]],
    {"a": 1},
    ["p1"],
    "p1",
    "p0",
    "@host",
    "@system",
    "ZZZZ",
    "\x00",
    "\u202e",
    [None] * 5,
    ["x" * 100000],
    [1, 2, 3],
]


def nasty_moves():
    moves = [
        None,
        [],
        "claim",
        7,
        {},
        {"type": None},
        {"type": 3},
        {"type": True},
        {"type": ["claim"]},
        {"type": "x" * 100000},
        {"type": "CLAIM"},
        {"type": "timeout"},
        {"type": "submit"},
        {"type": "claim"},
        {"type": "remove"},
        {"type": "reject"},
    ]
    for t in (
        "submit",
        "edit",
        "claim",
        "done_guessing",
        "reject",
        "remove",
        "start_guessing",
        "next_board",
        "set_host",
    ):
        for key in ("targets", "hint", "word", "player", "confirm"):
            for value in NASTY_VALUES:
                moves.append({"type": t, key: value})
    return moves


def states():
    """One state per phase, with a host seat and a stranger to act as."""
    m = Match(GAME, ["p0", "p1", "p2"], "bad", {"host": "p0"})
    out = [m.state]
    for p in ("p0", "p1", "p2"):
        m.play(p, GAME.legal_moves(m.state, p)[0])
    out.append(m.state)
    m.play(HOST, {"type": "start_guessing"})
    out.append(m.state)
    m.play("p1", GAME.legal_moves(m.state, "p1")[0])
    out.append(m.state)
    while m.result() is None:
        m.play(HOST, {"type": "next_board", "confirm": True})
    out.append(m.state)
    return out


def is_legal(s, p, mv):
    try:
        GAME.check(s, p, mv)
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("phase_index", range(5))
def test_nasty_moves_are_refused_without_a_trace(phase_index):
    s = states()[phase_index]
    snapshot = copy.deepcopy(s)
    for p in ("p0", "p1", "p2", HOST, SYSTEM, "stranger", None, 5, ["p1"], ("p1",)):
        for mv in nasty_moves():
            if isinstance(mv, dict) and is_legal(s, p, mv):
                # a few junk-looking moves are real ones (e.g. set_host to p1); they must apply
                step(GAME, s, p, mv, Ctx(Random(0), 0))
                continue
            with pytest.raises(IllegalMove) as err:
                step(GAME, s, p, mv, Ctx(Random(0), 0))
            assert err.value.detail
            assert s == snapshot


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
move_types = st.sampled_from(
    [
        "submit",
        "edit",
        "claim",
        "done_guessing",
        "reject",
        "remove",
        "start_guessing",
        "next_board",
        "set_host",
        "timeout",
        "nope",
    ]
)
fuzz_moves = st.fixed_dictionaries(
    {"type": move_types},
    optional={
        "targets": json_values | st.lists(st.sampled_from(["P1X", "BAT", ""]), max_size=7),
        "hint": json_values,
        "word": json_values,
        "player": json_values | st.sampled_from(["p0", "p1", "p2", "@host"]),
        "confirm": json_values,
    },
)
PHASE_STATES = states()


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 4), st.sampled_from(["p0", "p1", "p2", HOST, SYSTEM, "stranger"]), fuzz_moves | json_values)
def test_fuzz_check_raises_only_illegal_move(phase_index, p, mv):
    s = PHASE_STATES[phase_index]
    snapshot = copy.deepcopy(s)
    try:
        step(GAME, s, p, mv, Ctx(Random(0), 0))
    except IllegalMove as err:
        assert err.code in ("unknown_move", "not_your_turn", "invalid_move", "stale", "game_over")
    assert s == snapshot
