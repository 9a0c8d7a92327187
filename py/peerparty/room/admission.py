"""Admission: how a connection becomes a seat's phone or a remote screen (the host's side of the handshakes).

A phone joins by name (a new seat, its token in the welcome) or comes back to its seat by proving the token
without sending it (proof.py, docs/trust.md):

    phone                                         host
    hello {seat: tag, nonce: n}          ->       finds the seat by its tag (never by the name)
                                         <-       challenge {nonce: h, proof: host_seat_proof(token, n, h)}
    checks the host's proof
    prove {proof: phone_seat_proof(token, n, h)} ->   checks it: the link is SEATED
                                         <-       welcome {seat, next_id, successor}, then the views

The phone's half is room/guest.py (it runs on MicroPython); both halves make their proofs with proof.py, bound to
the host's epoch and the peer id dialled. A remote screen's handshake is the same under its own labels
(room/screens.py). A host page's probe for a later epoch (room/fence.py) is answered here too.

Every function takes the room (room/state.py) and the event's Turn, and says what it answers on the turn.
"""

from . import proof, protocol, replication
from ..i18n import N_
from .latecomers import WAIT_FOR_GAME
from .lobby import ROOM_CAP, clean_name
from .state import CHALLENGED, NEW, SEATED, WAITING, WATCHING, Link

KEPT_CHALLENGES = 4  # open challenges per link: a phone may answer any (a hello sent twice, issue 39)


def not_ours(room, turn, conn, message):
    """A hello's or a watch's room and term: another room's, or a later host's, is refused and changes nothing
    (issue 31: anyone can name a later term, so it is no evidence; the shell finds a successor only by
    probing, fence.later_epochs). False when it is this room under this host."""
    if message["room"] and message["room"].upper() != room.code:
        turn.refuse(conn, "wrong_room")
        return True
    if message["epoch"] > room.epoch:
        turn.refuse(conn, "old_host")
        return True
    return False


# --- a phone ----------------------------------------------------------------------------------------------


def hello(room, turn, conn, message):
    if not_ours(room, turn, conn, message):
        return
    if message["seat"]:
        seat = by_tag(room, message["seat"])
        if seat is None:
            # a token this room never issued (another host's, one that stepped aside): no new seat under the
            # hello's name, which the phone would never take up (a ghost, issue 39); it joins again by name
            return turn.refuse(conn, "bad_token")
        return challenge(room, turn, conn, seat, message["nonce"])
    if message["name"] is None:
        return turn.refuse(conn, "bad_token")
    name, why = clean_name(message["name"])
    if name is None:
        return turn.refuse(conn, "bad_name", why["msg"], values=why["values"])
    if room.lobby.name_taken(name):
        return ask_for_seat(room, turn, conn, room.lobby.by_name(name))
    if room.lobby.name_barred(name):
        return turn.refuse(conn, "name_removed")
    spectator = False
    if room.phase == "playing":
        if not room.game().spectators:  # DX-05: no new player mid-game; it waits for the results (latecomers.py)
            room.latecomers.wait(conn, name)
            room.link(conn).state = WAITING
            turn.say(conn, {"t": "waiting", "why": "game", "msg": WAIT_FOR_GAME})
            turn.out.extend(room._latecomer_tables())  # and the table meanwhile (broadcast.latecomer_tables)
            return
        spectator = True
    elif len(room.lobby.active()) >= ROOM_CAP:
        # in the lobby or at game over (a seat for the next game): everyone still in the room plays next, this
        # game's watchers too (table.to_lobby), so they all count against the cap
        return turn.refuse(conn, "room_full")
    welcome(room, turn, conn, room.lobby.add(name, room._token(), spectator=spectator))
    turn.change()


def ask_for_seat(room, turn, conn, seat):
    """A hello names a seat that is in the room. Connected (or the host's own): the name is taken, as ever.
    Away: the host is asked (docs/trust.md: the host's decision proves it, never the name alone; seating.py
    answers it)."""
    if seat is None or seat.local or seat.present(room._now) or room.lobby.by_conn(conn) is not None:
        return turn.refuse(conn, "name_taken")
    if room.claims.ask(conn, seat.id) is None:
        return turn.refuse(
            conn,
            "claim_pending",
            N_("Another phone is already asking to be %(name)s. Wait for the host, or join with another name."),
            values={"name": seat.name},
        )
    room.link(conn).state = WAITING
    turn.say(
        conn,
        {
            "t": "waiting",
            "why": "claim",
            # the phone shows it in its own language (i18n.sentence), with the name filled in
            "msg": N_(
                "The host is asked to let this phone into %(name)s's seat: score and all. Look at the big screen…"
            ),
            "values": {"name": seat.name},
        },
    )
    turn.change()


def by_tag(room, tag):
    """The seat a rejoining phone names by its tag (proof.seat_tag): the token itself never crosses the link."""
    for seat in room.lobby.seats:
        if not seat.local and proof.same(proof.seat_tag(seat.token), tag):
            return seat
    return None


def challenge(room, turn, conn, seat, phone_nonce):
    """The host proves first (it knows the token: the phone learns it reached its own room, not someone at a
    later epoch's id) and asks the phone to prove it in turn: one round trip more than a bare hello. A hello that
    arrives twice on a link is answered with the same challenge, and a phone may prove any challenge still open
    on it: a duplicated or reordered hello never strands the phone (issue 39)."""
    link = room.link(conn)
    host_nonce = None
    for seat_id, nonce, ours in link.challenges:
        if seat_id == seat.id and nonce == phone_nonce:
            host_nonce = ours
    if host_nonce is None:
        host_nonce = room._nonce()
        link.challenges = (link.challenges + [(seat.id, phone_nonce, host_nonce)])[-KEPT_CHALLENGES:]
    if link.state == NEW:
        link.state = CHALLENGED
    answer = proof.host_seat_proof(seat.token, room.code, room.epoch, room.peer(), phone_nonce, host_nonce)
    turn.say(conn, {"t": "challenge", "nonce": host_nonce, "proof": answer})


def proved(room, turn, conn, answer):
    """The phone's proof: a wrong one changes nothing, the challenges included; a right one spends every
    challenge of the link and seats it (a removed seat's phone is told so instead)."""
    link = room.links.get(conn) or Link()
    seat = None
    for seat_id, phone_nonce, host_nonce in link.challenges:
        candidate = room.lobby.by_id(seat_id)
        if candidate is not None and proof.same(
            answer,
            proof.phone_seat_proof(candidate.token, room.code, room.epoch, room.peer(), phone_nonce, host_nonce),
        ):
            seat = candidate
    if seat is None:
        return turn.refuse(conn, "bad_proof")
    link.challenges = []
    if link.state == CHALLENGED:
        link.state = NEW
    if seat.removed:
        turn.out.extend(goodbye(room, conn, "removed"))
        return
    welcome(room, turn, conn, seat, rejoined=True)
    turn.change()


def welcome(room, turn, conn, seat, rejoined=False, notice=False):
    """Bind the seat to this connection and welcome it (the views follow: the caller changes the room). A notice
    (a latecomer seated at the results, a claim let in) goes out before the views, with the other notices."""
    say = turn.tell if notice else turn.say
    for asking in room.claims.void(seat.id):  # the seat's own phone is back: nobody else gets it
        room.dirty = True
        room.link(asking).state = NEW
        text = "%s is back on their own phone. Join with another name." % seat.name
        (turn.notice_error if notice else turn.refuse)(asking, "claim_void", text)
    if seat.conn is not None and seat.conn != conn:
        room._sent.pop(seat.conn, None)  # the old connection is stale: it gets nothing more
        if seat.conn in room.links and room.links[seat.conn].state == SEATED:
            room.links[seat.conn].state = NEW
    seat.conn = conn
    seat.last_seen_ms = room._now
    room._sent.pop(conn, None)
    link = room.link(conn)
    link.state = SEATED
    link.challenges = []
    message = {
        "t": "welcome",
        "seat": seat.id,
        "next_id": seat.last_move_id + 1,
        "room": room.code,
        "epoch": room.epoch,
        "successor": replication.keeps(room, seat),
    }
    if not rejoined:
        message["token"] = seat.token  # a new seat's: a rejoined phone proved it has it
    say(conn, message)


def goodbye(room, conn, reason):
    """What a phone whose seat is gone hears (again, whatever it sends, until it closes)."""
    out = [(conn, protocol.encode({"t": "bye", "reason": reason}))]
    if reason in ("removed", "seat_moved"):
        out.insert(0, room._error(conn, reason))
    return out


# --- a remote screen (room/screens.py keeps the keys and does the proofs) ------------------------------------


def watch(room, turn, conn, message):
    """A remote screen: this room and this host's term only, as for a phone's hello. Not while this tab is a
    seat's own screen ("I play on this screen"): it would show that seat to the room."""
    if not_ours(room, turn, conn, message):
        return
    if not takes_screens(room):
        return turn.refuse(conn, "no_screens")  # screen.js shows it and asks again
    if room.lobby.by_conn(conn) is not None:
        return turn.refuse(conn, "bad_message", "A player's phone cannot be a screen too.")
    room.dirty = True
    made = room.screens.next_id
    turn.out.extend(room.screens.watch(conn, message, room.code, room.epoch, room._token, room._nonce))
    _screen_link(room, conn)
    if room.screens.next_id != made:
        turn.change()  # a new screen's key is a secret of the room: in the record from now on (issue 39)


def screen_proved(room, turn, conn, answer):
    room.dirty = True
    out, displaced = room.screens.proved(conn, answer, room.code, room.epoch)
    turn.out.extend(out)
    _screen_link(room, conn)
    for old in displaced:  # its place went to this link: the old one gets nothing more, and is no screen now
        if old in room.links:
            room.links[old].state, room.links[old].screen = NEW, False


def _screen_link(room, conn):
    if room.screens.is_screen(conn):
        link = room.link(conn)
        link.screen = True
        link.state = WATCHING if conn in room.screens.live else CHALLENGED


def takes_screens(room):
    """Remote screens watch the table. A host tab that plays here takes none (docs/decisions.md); a successor
    that took over (a later epoch, D3-12) hosts from its player's phone and sends its screens the table, the
    room's TV among them (it comes back as one: room/fence.py step_aside)."""
    return not plays_here(room) or room.epoch > 0


def plays_here(room):
    """Whether the host tab is a seat's own screen ("I play on this screen"): it then shows that seat's view and
    takes no remote screen."""
    local = room._local_seat()
    if local is None:
        return False
    return room.match is None or room.phase == "lobby" or local.id in room.match.players


# --- another host page --------------------------------------------------------------------------------------


def probe(room, turn, conn, message):
    """Another host page asks whether this one holds the room at an epoch: answered only for this room and this
    epoch, with the room key's proof of its nonce (fence.py checks it)."""
    if message["room"].upper() != room.code:
        return turn.refuse(conn, "wrong_room")
    if message["epoch"] != room.epoch:
        return turn.refuse(conn, "old_host")
    answer = proof.room_proof(room.room_key, room.code, room.epoch, room.peer(), message["nonce"])
    turn.say(conn, {"t": "proof", "epoch": room.epoch, "proof": answer})
