"""DX-11 for every game under test: nobody waits for a guest who left. At every step of random games the room
tells the game that every seat is away (but the host's own, where the host plays: Hint Hunt); the game can then
still go on without them: a seat that is here can move, the host has a rulebook move (not End game, a removal or
the room's own), or its clock runs (a game that lists "away" runs it within engine.AWAY_GRACE_MS)."""

from random import Random

import pytest

from peerparty.engine import AWAY_GRACE_MS, HOST, SYSTEM, Ctx, IllegalMove, can, step
from peerparty.engine.playout import random_playout
from tests.games_under_test import GAMES

NOT_GOING_ON = ("end_game", "remove", "away", "set_host", "reject")  # moves that do not play the game on
SEEDS = range(6)
EVERY = 3  # steps between looks: whole games stay quick


def tell_away(game, s, seats, now):
    """The room's news that `seats` are away, as room/away.py sends it (the game's own seats, in order)."""
    named = [q for q in seats if _a_seat(game, s, q)]
    if not named:
        return s
    return step(game, s, HOST, {"type": "away", "players": named}, Ctx(Random(0), now))[0]


def _a_seat(game, s, q):
    """Whether q is a seat the game would be told about (its news of q alone is taken, or is what it knows)."""
    try:
        game.check(s, HOST, {"type": "away", "players": [q]})
    except IllegalMove as e:
        return e.code == "stale"
    return True


def goes_on_without(game, s, here, now):
    """Why the game can go on with only `here` present, or None."""
    if any(game.legal_moves(s, p) for p in here):
        return "a seat that is here moves"
    host = [m for m in game.legal_moves(s, HOST) if m.get("type") not in NOT_GOING_ON]
    if host:
        return "the host's %s" % host[0]["type"]
    deadline = game.deadline(s) if hasattr(game, "deadline") else None
    if deadline is not None and can(game, s, SYSTEM, {"type": "timeout"}):
        if "away" in game.host_moves:
            assert deadline <= now + AWAY_GRACE_MS, (deadline, now)
        return "the clock"
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_with_every_seat_away_the_game_still_goes_on(game_id):
    game = GAMES[game_id]
    players = ["p%d" % i for i in range(1, max(game.min_players, 3 if game.max_players >= 3 else 2) + 1)]
    here = players[:1] if getattr(game, "host_is_player", False) else []
    looked, ways = [0], set()

    def look(match, now):
        looked[0] += 1
        if looked[0] % EVERY or match.result() is not None:
            return
        s = match.state
        if "away" in game.host_moves:
            try:
                s = tell_away(game, s, [p for p in players if p not in here], now)
            except IllegalMove as e:  # the room's news is always taken, or stale
                assert e.code == "stale", e
        why = goes_on_without(game, s, here, now)
        assert why is not None, "%s waits for seats that are away: %r" % (game_id, match.view(None))
        ways.add(why.split(" ", 2)[0] if why != "the clock" else why)

    for seed in SEEDS:
        random_playout(game, players, "away-%d" % seed, Random(seed), seen=look)
    assert looked[0] > 0 and ways
