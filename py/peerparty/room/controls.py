"""Who holds the controls (issue 37): the one seat whose phone may decide what the TV's buttons decide.

The TV's own buttons always work; beside them one seat holds the controls (Jackbox's VIP). By default it is the
first seat in join order that is present, players before watchers (Hint Hunt's rulebook says the same of its
host: "the remaining active player who joined first", D3-12); the TV and the holder can hand them to another seat
that is present; when the holder leaves, is removed or goes away, they pass to the next by join order and stay
there (the holder coming back does not take them back: DX-09). Nobody present:
nobody holds them, and the TV alone decides until someone is.

A phone's control is a host_action (room/host.py) wrapped in {"t": "control", "id": n, "action": {...}}; it is
accepted only from the seat holding the controls, on the connection that seat proved (lobby.by_conn), and then
checked exactly as the TV's own tap. PHONE_KINDS are the actions a phone may ask for: the rest (the TV's own seat,
"I play on this screen") belong to the TV's own tab.
"""

from . import protocol
from ..i18n import N_

PHONE_KINDS = (
    "pick",
    "language",
    "start",
    "remove",
    "move",
    "again",
    "lobby",
    "watch",
    "replay",
    "close_replay",
    "give_controls",
    "drop_screen",
    "let_in",  # a guest's new phone, let in (or refused) from the holder's phone too (issue 48)
    "refuse",
)

NOT_YOURS = N_("Only the player with the controls can do that. The TV shows who has them.")
NOT_FROM_A_PHONE = N_("That is done on the TV itself.")
NOT_YOURSELF = N_("You cannot remove yourself. Give the controls to someone else first, or leave between games.")


# After the TV's tab reloads (or a successor restores the room), every phone is away until it finds the room again:
# the holder the record names keeps the controls this long, counted from the restored room's first event, so the
# first phone back does not take them (DX-09). A phone that was connected tries again every RETRY_MS (4 s,
# room/rejoin.py) and an attempt opens within a few seconds once the host is up: two attempts and an opening fit.
RELOAD_GRACE_MS = 15000


class Controls:
    def __init__(self, holder=None):
        self.holder = holder  # a seat id, or None: nobody present
        self.restored = False  # from a record: the holder keeps them for RELOAD_GRACE_MS while the phones return
        self.kept_until = None  # when that grace ends (set at the first settle after the restore)

    def to_record(self):
        return {"holder": self.holder}

    @classmethod
    def from_record(cls, record):
        controls = cls((record or {}).get("holder"))
        controls.restored = controls.holder is not None
        return controls

    def _kept(self, now_ms):
        """True while a restored room's holder keeps the controls though away (RELOAD_GRACE_MS)."""
        if not self.restored:
            return False
        if self.kept_until is None:
            self.kept_until = now_ms + RELOAD_GRACE_MS
        if now_ms < self.kept_until:
            return True
        self.restored = False
        return False

    def settle(self, seats, now_ms, leaving=None):
        """Keep the holder while its seat is in the room and present (and is not `leaving`: a seat about to be
        removed), or, just after a restore, while it is given the time to come back; otherwise the next by join
        order. True when the holder changed."""
        current = _seat(seats, self.holder)
        if current is not None and not current.removed and current.id != leaving:
            if _may_hold(current, now_ms):
                self.restored = False  # back: the grace is over
                return False
            if self._kept(now_ms):
                return False
        self.restored = False
        present = [s for s in seats if _may_hold(s, now_ms) and s.id != leaving]
        players = [s for s in present if not s.spectator]
        chosen = (players or present or [None])[0]
        holder = chosen.id if chosen is not None else None
        changed = holder != self.holder
        self.holder = holder
        return changed

    def give(self, seats, pid, now_ms):
        """Hand the controls to seat `pid` (the TV's or the holder's Give controls)."""
        seat = _seat(seats, pid) if isinstance(pid, str) else None
        if seat is None or seat.removed:
            raise protocol.ProtocolError("bad_message", N_("That player is not in the room."))
        if not _may_hold(seat, now_ms):
            raise protocol.ProtocolError(
                "bad_message", N_("%(name)s is away: the controls go to someone who is here."), name=seat.name
            )
        self.holder = seat.id
        self.restored = False

    def refusal(self, seat, action):
        """None when this seat may send this action from its phone, else the error (code, sentence)."""
        if seat.id != self.holder:
            return "not_controls", NOT_YOURS
        if action["t"] not in PHONE_KINDS:
            return "bad_message", NOT_FROM_A_PHONE
        move = action.get("move")
        named = action.get("seat") if action["t"] == "remove" else None
        if action["t"] == "move" and isinstance(move, dict) and move.get("type") == "remove":
            named = move.get("player")
        if named == seat.id:  # the holder's phone would be told it was removed, by its own tap
            return "bad_message", NOT_YOURSELF
        return None


def _seat(seats, pid):
    for seat in seats:
        if seat.id == pid:
            return seat
    return None


def _may_hold(seat, now_ms):
    return not seat.removed and seat.present(now_ms)
