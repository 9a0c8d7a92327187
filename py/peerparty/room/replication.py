"""Replication: in a game whose host plays (Hint Hunt), the room lives on one phone too, so a successor can take
over when the TV goes (D3-12; docs/trust.md on what that phone then holds: every seat's token).

The successor is the present player who joined first (else the present watcher who joined first). It is sent the
room's record (a replica, without the finished games' records) whenever `seq` or the successor moves, and it
answers `kept` once its phone has stored it. A replica lives only on the current successor's phone, and is erased
everywhere else once that is safe: a phone that held one before is told to drop it only when the host knows the
current successor keeps one (its `kept`), or when no game needs a successor any more. Erased at once, a TV that
died while the new successor's replica was on its way would leave nobody able to take over (issue 47, bug 7).

A phone that held a replica and comes back is told at its welcome whether to keep it (keeps()). A reloaded host
does not know which phones hold one: it tells every phone but its successor to drop it as it comes back.
"""

from ..engine import HOST, IllegalMove
from . import protocol, record


class Replica:
    """What the host knows of one phone's replicas since it last became (or stayed) a holder: the link and seq the
    last was sent on, the numbers of the first and the last sent (every replica has its own, `n`), and whether the
    phone said it keeps one of them."""

    __slots__ = ("conn", "seq", "first", "last", "held")

    def __init__(self, conn, seq, n, held=False):
        self.conn = conn
        self.seq = seq
        self.first = n
        self.last = n
        self.held = held


def successor(room):
    """Who takes over if this tab goes away: the present player who joined first, else the present spectator who
    joined first (D3-12). None when no game that needs migration is running: a replica (every seat's token) lives
    only as long as its purpose."""
    if not migrating(room):
        return None
    present = [s for s in room.lobby.active() if not s.local and s.present(room._now)]
    players = [s for s in present if s.id in room.match.players]
    return (players or present or [None])[0]


def migrating(room):
    return room.phase == "playing" and room.game().host_is_player


def replicate(room):
    """The replica to the successor if it lacks this seq, and the drops that are safe now."""
    # The successor's tab gets the whole room (match, seed, every token): the trust trade-off docs/trust.md
    # describes. Nobody else ever receives it.
    out = []
    seat = successor(room)
    if seat is not None and seat.conn is not None:
        replica = room.replicas.get(seat.id)
        if replica is None or replica.conn != seat.conn or replica.seq != room.seq:
            room.replicas_sent += 1
            n = room.replicas_sent
            snapshot = record.snapshot(room, records=False)
            out.append(
                (seat.conn, protocol.encode({"t": "replica", "epoch": room.epoch, "n": n, "snapshot": snapshot}))
            )
            if replica is None:
                room.replicas[seat.id] = Replica(seat.conn, room.seq, n)
            else:  # the phone's storage outlives its link: what it said it keeps, it keeps
                replica.conn, replica.seq, replica.last = seat.conn, room.seq, n
    return out + drops(room)


def kept(room, turn, seat, message):
    """The phone says it has stored replica number `n` (guest.py answers every replica so). Only a replica sent
    since the phone last became a holder counts: a word about one it was told to drop since (it crossed the drop)
    teaches nothing. Once the successor keeps one, the others' replicas can go."""
    replica = room.replicas.get(seat.id)
    if replica is None or message["epoch"] != room.epoch or not replica.first <= message["n"] <= replica.last:
        return
    replica.held = True
    turn.out.extend(drops(room))


def safe(room):
    """Whether replicas other than the successor's may be erased now: no game needs one, or the successor said
    it keeps one."""
    if not migrating(room):
        return True
    seat = successor(room)
    replica = room.replicas.get(seat.id) if seat is not None else None
    return replica is not None and replica.held


def drops(room):
    """Tell every connected phone that may hold a replica, but the successor, to erase it, if that is safe."""
    if not room.replicas or not safe(room):
        return []
    seat = successor(room)
    out = []
    for pid in sorted(room.replicas):
        holder = room.lobby.by_id(pid)
        if (seat is not None and pid == seat.id) or holder is None or holder.conn is None:
            continue  # a phone away is told when it comes back (its welcome, then here)
        out.append((holder.conn, protocol.encode({"t": "replica", "drop": True})))
        del room.replicas[pid]
    return out


def keeps(room, seat):
    """The welcome's `successor`: whether this phone keeps a replica it may hold (it erases it otherwise)."""
    current = successor(room)
    if current is not None and current.id == seat.id:
        return True
    return seat.id in room.replicas and not safe(room)


def forget(room, pid):
    """The seat's phone erases its replica by itself (removed, left, its seat moved to another phone)."""
    room.replicas.pop(pid, None)


def take_over(room, my_token, now_ms):
    """On the successor's tab: become the host under the next epoch's peer id. The departed host's seat stays a
    (disconnected) player who can come back by token (D3-12)."""
    me = room.lobby.by_token(my_token)
    if me is None or me.removed:
        raise protocol.ProtocolError("bad_token")
    room._now = now_ms
    room.epoch += 1
    for seat in room.lobby.seats:
        seat.local = False
        seat.conn = None
    me.local = True
    room.controls.holder = me.id  # D3-12: the successor hosts, its buttons on its own screen
    game = room.game()
    if room.match is not None and game is not None and "set_host" in game.host_moves:
        player = me.id if me.id in room.match.players else None
        try:
            room.match.play(HOST, {"type": "set_host", "player": player}, now_ms)
        except IllegalMove:
            pass  # already that seat
