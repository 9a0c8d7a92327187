"""The invariants, checked as the evening runs: around every host event and every host action, on every message
the host sends, and on every message a phone takes in. evening.py checks the rest once the network heals.
"""

import json

from peerparty.engine import Match
from tests.games_under_test import GAMES as REGISTRY  # the hub's games and the example (examples/)
from peerparty.room.lobby import ROOM_CAP, peer_id
from tests.test_leaks import canonical, count_problems

from .world import Failure

VIEW_EVERY = 8


def decision(view):
    """The decision a view puts to its viewer: the game's ref (issue 20), or, for a game that has none, what
    names the decision in the game's view (round, board, turn)."""
    if not isinstance(view, dict):
        return None
    if "ref" in view:
        return view["ref"]
    board = view.get("board") if isinstance(view.get("board"), dict) else {}
    return json.dumps(
        [
            view.get("phase"),
            view.get("round"),
            board.get("number"),
            view.get("turn"),
            view.get("deck_count"),
            view.get("turn_no"),
        ]
    )


def expected_view(session, seat):
    """What the host must send this seat now (HostSession._broadcast's rule, restated)."""
    match = session.match
    if match is None:
        return None
    if seat.id in match.players:
        return match.sent_view(seat.id)
    if seat.spectator or session.phase == "playing":
        return match.sent_view(None)
    return None


def fingerprint(session, seats=True):
    """What a refused message must leave as it was (the match's state is never changed in place)."""
    match = session.match
    cheap = (
        session.seq,
        session.phase,
        session.game_id,
        len(session.history),
        id(match),
        id(match.state) if match is not None else None,
    )
    if not seats:
        return cheap
    return cheap + (
        len(match.log) if match is not None else None,
        tuple((s.id, s.token, s.removed, s.spectator, s.local, s.last_move_id, s.conn) for s in session.lobby.seats),
    )


class Checks:
    def __init__(self, evening):
        self.ev = evening
        # (token, move id) -> (the decision the phone's view showed when it was tapped, the seed of its game)
        self.chosen = {}
        self.leaders = {}  # epoch -> the device whose host page first led it
        self.led_at = {}  # epoch -> when its host page first opened the epoch's id
        self.shadows = {}  # HostPage -> [match object, its replay]
        self.views = 0
        self.counts = {
            "host_events": 0,
            "messages_out": 0,
            "views_checked": 0,
            "refused": 0,
            "moves_applied": 0,
            "stale_refused": 0,
            "held": 0,
        }

    def fail(self, what):
        raise Failure(what)

    # --- around the host ------------------------------------------------------------------------

    def host_event(self, page, kind, conn, text, now):
        session = page.session
        self.counts["host_events"] += 1
        before = None
        seats = len(session.lobby.seats)
        if kind == "message":  # a ping changes nothing but presence: the cheap part of the fingerprint will do
            before = fingerprint(session, '"t":"ping"' not in text)
        move = None
        if kind == "message" and '"t":"move"' in text:
            move = self._move_before(session, conn, text)
        try:
            if kind == "message":
                out = session.on_message(conn, text, now)
            elif kind == "connect":
                out = session.on_connect(conn, now)
            elif kind == "disconnect":
                out = session.on_disconnect(conn, now)
            else:
                out = session.on_timer(now)
        except Exception as crash:  # on_message catches its own; the others must not raise at all
            self.fail("the host raised on %s: %r" % (kind, crash))
        self.sent(page, out)
        if kind == "message":
            mine = [t for c, t in out if c == conn and '"t":"error"' in t]
            if mine:
                self.counts["refused"] += 1
                if '"code":"stale"' in mine[0]:
                    self.counts["stale_refused"] += 1
                if fingerprint(session, len(before) > 6) != before:
                    self.fail("a refused message changed the room: %s -> %s" % (text[:200], mine[0][:200]))
            if move is not None and self._move_after(session, move):
                page.applied_at.append(now)
            if (
                len(session.lobby.seats) > seats
                and session.phase != "playing"
                and len(session.lobby.active()) > ROOM_CAP
            ):
                self.fail(
                    "a phone joined a room of %d people (the cap is %d)" % (len(session.lobby.active()) - 1, ROOM_CAP)
                )
        self.changed(page)
        return out

    def host_action(self, page, action):
        session = page.session
        try:
            out, error = session.host_action(action, self.ev.world.now)
        except Exception as crash:
            self.fail("the host raised on the host's own action %r: %r" % (action, crash))
        self.sent(page, out)
        if (
            action.get("t") == "join_local"
            and error is None
            and len(session.lobby.active()) > ROOM_CAP
            and session.phase == "lobby"
        ):
            self.fail("the host's own seat made %d people in a room of %d" % (len(session.lobby.active()), ROOM_CAP))
        self.changed(page)
        return out, error

    def _move_before(self, session, conn, text):
        seat = session.lobby.by_conn(conn)
        match = session.match
        if seat is None or match is None:
            return None
        try:
            message = json.loads(text)
        except ValueError:
            return None
        return (seat, message.get("id"), message.get("move"), match, len(match.log), match.state, message.get("ref"))

    def _move_after(self, session, move):
        seat, msg_id, body, match, length, state, sent_ref = move
        if session.match is not match or len(match.log) != length + 1 or match.log[-1][0] != seat.id:
            return
        self.counts["moves_applied"] += 1
        chose, deal = self.chosen.get((seat.token, msg_id), (None, None))
        if deal is not None and deal != match.seed:  # issue 26 A: made before this deal, never part of it
            self.fail("%s's move %r (id %s) was tapped in one game and applied in the next" % (seat.id, body, msg_id))
        if getattr(match.game, "ref", None) is not None:
            now = match.ref_in(state, seat.id)
            if sent_ref != now:
                self.fail(
                    "%s's move %r (id %s) named decision %r but was applied to %r"
                    % (seat.id, body, msg_id, sent_ref, now)
                )
        else:
            now = decision(match.game.view(state, seat.id))
        if chose is not None and chose != now:
            self.fail(
                "%s's move %r (id %s) was made for decision %s but applied to %s" % (seat.id, body, msg_id, chose, now)
            )
        return True

    def sent(self, page, out):
        """Every message the host sends: no other seat's token, no seed, a replica only to the successor, and a
        view that is exactly the game's view for the seat on that connection, holding none of another's secrets."""
        session = page.session
        match = session.match
        successor = session.successor()
        marker = self.ev.secret_marker  # every token and match seed of the evening starts with it
        for conn, text in out:
            self.counts["messages_out"] += 1
            if '"code":"internal"' in text:
                self.fail("the host failed on a message (internal error): %s" % text[:300])
            seat = session.lobby.by_conn(conn)
            if '"t":"replica"' in text:
                if '"drop":true' not in text and (successor is None or successor.conn != conn):
                    self.fail(
                        "a replica went to %s, not the successor %s"
                        % (seat.id if seat else conn, successor.id if successor else None)
                    )
                continue
            if marker in text and text.startswith('{"t":"watching"') and conn in session.screens.live:
                continue  # a new screen's own key (made by the evening's token source)
            if marker in text:
                for other in session.lobby.seats:
                    if other is not seat and other.token in text:
                        self.fail("%s's token went to %s: %s" % (other.id, seat.id if seat else conn, text[:200]))
                if match is not None and match.seed in text:
                    self.fail("the match seed went to %s" % (seat.id if seat else conn))
                if seat is None or text.count(marker) != text.count(seat.token):
                    self.fail("a secret of this evening went to %s: %s" % (seat.id if seat else conn, text[:200]))
            if text.startswith('{"t":"view"'):
                # every view names its seat, and goes to that seat's connection
                if seat is None or not text.startswith('{"t":"view","me":"%s",' % seat.id):
                    self.fail("a view went to the wrong seat (%s): %s" % (seat.id if seat else conn, text[:60]))
                self.views += 1
                if self.views % VIEW_EVERY:
                    continue
                # and every VIEW_EVERY-th is read whole: the game's own view for that seat, and none of another
                # seat's secrets in it (tests/test_leaks.py's search)
                message = json.loads(text)
                want = expected_view(session, seat)
                if message["view"] != want and message["view"] != json.loads(json.dumps(want)):
                    self.fail("%s was sent a view that is not its own" % seat.id)
                if want is not None:
                    self.counts["views_checked"] += 1
                    viewer = seat.id if seat.id in match.players else None
                    problems = count_problems(match.game.id, match.state, viewer, canonical(want))
                    if problems:
                        self.fail("%s's view holds another's secret: %s" % (seat.id, problems))

    def changed(self, page):
        """After any host event: the match equals its replay, and a finished game's standings are the engine's."""
        session = page.session
        match = session.match
        shadow = self.shadows.get(page)
        if match is None:
            self.shadows.pop(page, None)
            return
        if shadow is None or shadow[0] is not match:
            record = json.loads(json.dumps(match.to_record()))
            shadow = [match, Match.from_record(REGISTRY, record), len(session.history)]
            self.shadows[page] = shadow
            grew = True
        else:
            replay = shadow[1]
            grew = len(replay.log) != len(match.log)
            for player, move, now in match.log[len(replay.log) :]:
                replay.play(player, move, now)
        if grew and shadow[1].state != match.state:
            self.fail("the match is not its replay after %d steps" % len(match.log))
        if len(session.history) > shadow[2]:
            shadow[2] = len(session.history)
            if session.history[-1]["result"] != shadow[1].result():
                self.fail(
                    "the standings differ from the engine's: %r vs %r"
                    % (session.history[-1]["result"], shadow[1].result())
                )
            self.ev.game_ended(page)

    def restored(self, page, record, session):
        if json.loads(json.dumps(session.snapshot())) != record:
            self.fail("the restored room is not the room saved")

    def saved_is_the_room(self, page, record):
        """The record a tab leaves behind (the last one it saved) is the room it ran: a change that moved no seq
        was never saved, and a reload would bring back an older room under the same seq (issue 47)."""
        live = json.loads(json.dumps(page.session.snapshot()))
        if record != live:
            differ = sorted(k for k in live if live[k] != record.get(k))
            self.fail("%s saved a record that is not its room (%s differ)" % (page.device.name, ", ".join(differ)))

    def host_booted(self, page):
        self.shadows.pop(page, None)
        self.changed(page)

    def leads(self, page):
        """A host page opened its epoch's peer id: one device leads an epoch, ever."""
        epoch = page.epoch
        self.led_at.setdefault(epoch, self.ev.world.now)
        first = self.leaders.setdefault(epoch, page.device)
        if first is not page.device:
            self.fail("two hosts led epoch %d: %s, then %s" % (epoch, first.name, page.device.name))

    # --- around the phones ----------------------------------------------------------------------

    def stepped_aside(self, page, epoch):
        """A host page leaves the room to a later epoch's host. A phone's move it applied once that host led
        exists only in the room it abandons, though the phone saw it acknowledged (issue 26 C)."""
        later = [at for e, at in self.led_at.items() if page.session.epoch < e <= epoch]
        if later and any(t >= min(later) for t in page.applied_at):
            self.fail(
                "%s applied a phone's move after a later epoch led the room, then stepped aside to epoch %d:"
                " that move is lost" % (page.device.name, epoch)
            )

    def chose(self, phone_page, move):
        message = phone_page.guest.view
        token = phone_page.guest.token
        if message is None or token is None:
            return
        self.chosen[(token, phone_page.guest.next_id)] = (decision(message.get("view")), phone_page.view_deal)

    def intruder_refused(self, page, epoch):
        """A host page refused a probed peer's answer: right only when a stranger holds that id (a real
        successor always proves itself, issue 31)."""
        self.counts["intruders_refused"] = self.counts.get("intruders_refused", 0) + 1
        if peer_id(self.ev.code, epoch) not in self.ev.stranger_ids:
            self.fail("%s refused epoch %d's answer, and no stranger holds that id" % (page.device.name, epoch))

    def screen_found_impostor(self, screen_page):
        """A screen found the host it reached could not prove its key: only a stranger may (issue 39)."""
        self.counts["screen_impostors"] = self.counts.get("screen_impostors", 0) + 1
        if not getattr(screen_page.link.host, "stranger", False):
            self.fail("%s's screen took its own room's host for an impostor" % screen_page.device.name)

    def phone_received(self, phone_page, text, kind):
        device = phone_page.device
        if kind == "impostor":  # the host it reached could not prove it knows the seat: only a stranger may
            self.counts["impostors_found"] = self.counts.get("impostors_found", 0) + 1
            if not getattr(phone_page.link.host, "stranger", False):
                self.fail("%s took its own room's host for an impostor" % device.name)
        if text.startswith('{"t":"view"'):  # the game this view was drawn from (None: the lobby's)
            session = phone_page.link.host.session if phone_page.link is not None else None
            phone_page.view_deal = session.match.seed if session is not None and session.match else None
        if kind == "welcome":
            epoch = phone_page.link.host.session.epoch
            if epoch < device.max_epoch:
                self.fail(
                    "%s went back to epoch %d after epoch %d welcomed it" % (device.name, epoch, device.max_epoch)
                )
            device.max_epoch = epoch
