"""A guest who is away, as the room tells the host and the game.

- What removing them during play does (the game's own sentence), and who is away when the host presses Start
  (DX-08).
- Who is away, told to the game (DX-11): a host move only the room makes, {"type": "away", "players": [seat ids]},
  played whenever the set of the game's players who are away changes (a link closed, a phone silent past
  AWAY_MS, a phone back). It is in the match's log like any move, so a replay, a reload and a successor's replica
  play the game exactly as the table saw it; the game decides what away means for its turn, round and roles (each
  game's ruling), and waits for an away seat no longer than its grace (engine.AWAY_GRACE_MS).
- Just after a restore (the TV's tab reloaded, or a successor took over) every phone is away until it finds the
  room again: the game is told nothing for RELOAD_GRACE_MS (the same grace the controls' holder keeps them,
  room/controls.py), so a reload does not make the table go on without everyone.
"""

from ..engine import HOST, IllegalMove
from ..i18n import N_
from .controls import RELOAD_GRACE_MS

REMOVAL_DEFAULT = N_("They leave the game.")  # a game says its own, N_-marked (GAME.removal)
AWAY_MOVE = "away"  # the room's own host move: a TV's or a phone's is refused (room/table.py host_move)


def removal(game, phase):
    """The sentence the Remove beside an away player confirms with during play, or None when the game takes no
    removal (the room then refuses one: HostSession._remove)."""
    if phase != "playing" or "remove" not in game.host_moves:
        return None
    return getattr(game, "removal", None) or REMOVAL_DEFAULT


def restored(room):
    """The room was restored from its record: hold the game's news of who is away while the phones come back."""
    room.restored_ms = -1  # the restored room's first event sets it


def tell(room, now_ms):
    """Tell the game who of its players is away now, if that changed (DX-11). True when the game was told."""
    game = room.game()
    if room.phase != "playing" or room.match is None or game is None or AWAY_MOVE not in game.host_moves:
        return False
    if room.restored_ms == -1:
        room.restored_ms = now_ms
    if room.restored_ms is not None and now_ms - room.restored_ms < RELOAD_GRACE_MS:
        return False
    players = set(room.match.players)
    away = [s.id for s in room.lobby.seats if s.id in players and not s.removed and not s.present(now_ms)]
    try:
        room.match.play(HOST, {"type": AWAY_MOVE, "players": away}, now_ms)
    except IllegalMove:
        return False  # the game knows already (stale), or takes no such news in this phase
    return True
