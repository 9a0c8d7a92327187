"""Seating: who sits in the room once admitted, and how a seat changes hands or ends.

- A seat asked back from a new phone (room/claims.py): the host's Let in moves the seat, score and secrets to
  the new phone under a NEW token; the old phone is told its seat moved and hears nothing else.
- Latecomers (room/latecomers.py): phones that waited for the game to end are seated at the results.
- An away seat: a seat whose link closed keeps its place (and its token opens it again); it shows away.
- Leaving and removal: a seat gone for good has its token revoked and its phone told (removed: its name barred).
- The host's own seat ("I play on this screen").

Every function takes the room (room/state.py) and the event's Turn; a refusal of a host action raises
protocol.ProtocolError and changes nothing.
"""

from . import admission, protocol, replication
from ..i18n import N_
from .lobby import ROOM_CAP, clean_name
from .state import NEW


def answer_claim(room, turn, number, yes):
    """Let in (yes) or Refuse a phone asking for an away seat. Yes moves the seat, its score, hand and secrets
    with it: a NEW token for the new phone, the old one no longer opens it, the old phone is told and let go.
    Refused, or the seat's phone is back: nothing changes, and the new phone is told why. Returns the host's
    error (a message of the catalogs, or {"msg", "values"}), or None."""
    asked = room.claims.take(number)
    if asked is None:
        return N_("That request is no longer open.")
    conn, pid = asked
    seat = room.lobby.by_id(pid)
    turn.change()  # the TV's "A new phone asks to be Ann" goes
    room.link(conn).state = NEW  # until welcomed: it may say hello again
    if seat is None or seat.removed:
        turn.refuse(conn, "claim_refused", N_("That seat is closed. Join with another name."))
        return None
    if not yes:
        turn.refuse(
            conn,
            "claim_refused",
            N_("The host did not let this phone in as %(name)s. Join with another name."),
            values={"name": seat.name},
        )
        return None
    if seat.present(room._now):
        turn.refuse(
            conn,
            "claim_void",
            N_("%(name)s is back on their own phone. Join with another name."),
            values={"name": seat.name},
        )
        return {"msg": N_("%(name)s is back on their own phone: nothing changed."), "values": {"name": seat.name}}
    old = seat.conn
    if old is not None:
        room.link(old).go("seat_moved")  # it hears that whatever it sends, until it closes
        turn.notices.extend(admission.goodbye(room, old, "seat_moved"))
    seat.conn = None
    seat.token = room._token()  # the old phone's token opens nothing any more
    replication.forget(room, seat.id)  # the old phone erases its replica (seat_moved)
    admission.welcome(room, turn, conn, seat)
    return None


def seat_latecomers(room, turn):
    """The game is over: the phones that waited for it join now (their welcomes go out before the views)."""
    for conn, name in room.latecomers.take_all():
        if conn not in room.links:
            continue
        if room.lobby.name_taken(name) or room.lobby.name_barred(name):
            room.links[conn].state = NEW
            turn.notice_error(conn, "name_taken")
        elif len(room.lobby.active()) >= ROOM_CAP:
            room.links[conn].state = NEW
            turn.notice_error(conn, "room_full")
        else:
            admission.welcome(room, turn, conn, room.lobby.add(name, room._token()), notice=True)


def disconnected(room, turn, conn):
    """A connection closed: whatever it was waiting for ends; a seat's phone leaves its seat away (it keeps its
    place, and its token opens it again)."""
    room._conns.pop(conn, None)
    room._sent.pop(conn, None)
    room.links.pop(conn, None)
    room.latecomers.drop(conn)
    if room.claims.drop(conn):
        turn.change()  # the TV's "A new phone asks to be Ann" goes (and the controls phone's)
        return
    if room.screens.disconnected(conn):
        room.dirty = True  # the TV lists the screens watching
    seat = room.lobby.by_conn(conn)
    if seat is not None:
        seat.conn = None
        turn.change()


def leave(room, turn, seat):
    """A phone gives its seat up (between games only)."""
    if room.phase == "playing":
        return turn.refuse(seat.conn, "game_running", N_("You can leave once this game ends."))
    revoke(room, turn, seat, "left")
    turn.change()


def revoke(room, turn, seat, reason="removed"):
    """The seat is gone for good: its token no longer opens it, and its phone is told (again whenever that
    connection speaks) so it stops, forgets the room and says so."""
    seat.removed = True
    if seat.conn is not None:
        room._sent.pop(seat.conn, None)
        room.link(seat.conn).go(reason)
        turn.notices.extend(admission.goodbye(room, seat.conn, reason))
    seat.conn = None
    replication.forget(room, seat.id)  # its phone erases its replica as it is told


def remove_for_good(room, turn, seat):
    # "A removed player cannot rejoin the room" (Hint Hunt's text, and every Remove's confirm): their token is
    # revoked, and their name is refused for the rest of the room (docs/decisions.md). Leaving by oneself (leave)
    # only gives the seat up.
    revoke(room, turn, seat)
    room.lobby.bar(seat.name)


def join_local(room, raw_name):
    """The host takes a seat on the TV's own tab ("I play on this screen")."""
    if room._local_seat() is not None:
        raise protocol.ProtocolError("bad_message", N_("You already have a seat."))
    name, why = clean_name(raw_name)
    if name is None:
        raise protocol.ProtocolError("bad_name", why["msg"], **why["values"])
    if room.lobby.name_taken(name):
        raise protocol.ProtocolError("name_taken")
    if room.phase != "playing" and len(room.lobby.active()) >= ROOM_CAP:
        raise protocol.ProtocolError("room_full")  # the host's seat counts like any other
    room.lobby.add(name, room._token(), spectator=room.phase != "lobby", local=True)
