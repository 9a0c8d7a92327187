"""Random seeded playouts of any game: the contract tests and the engine benchmark drive games with it.

Each step picks uniformly among every legal (player, move) pair; the host's own moves (all but ending the
game, removing a player and the room's news of who is away) join the pool when no player can move, or with probability `host_rate`. When a
game's deadline has passed its timeout is played first; when nobody can do anything the clock jumps a minute.
"""

from .core import HOST, SYSTEM, IllegalMove
from .match import Match


def random_playout(game, players, seed, rng, host_rate=0.1, max_steps=3000, seen=None):
    """Play `game` for `players` from `seed`, choosing with `rng`; call seen(match, now_ms) before each step.
    Returns the Match, ended unless max_steps ran out first (check match.result())."""
    options = {"host": players[0]} if getattr(game, "host_is_player", False) else {}
    match = Match(game, players, seed, options)
    now = 0
    if getattr(game, "start_move", None):
        match.play(HOST, dict(game.start_move), now)
    for _ in range(max_steps):
        if match.result() is not None:
            break
        if seen is not None:
            seen(match, now)
        now += rng.randint(0, 4000)
        deadline = match.deadline()
        if deadline is not None and now >= deadline:
            try:
                match.play(SYSTEM, {"type": "timeout"}, now)
                continue
            except IllegalMove:
                pass
        actors = [(p, m) for p in players for m in game.legal_moves(match.state, p)]
        if not actors or rng.random() < host_rate:
            actors += [
                (HOST, m)
                for m in game.legal_moves(match.state, HOST)
                if m.get("type") not in ("end_game", "remove", "away")  # "away" is the room's news (DX-11)
            ]
        if not actors:
            now += 60000  # nothing to do but wait for the clock
            continue
        player, move = rng.choice(actors)
        match.play(player, move, now)
    return match
