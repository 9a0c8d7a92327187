"""The two pages as the simulator runs them: what app/phone.py and the host page's two threads (host-room.js and
app/rules.py) do with PeerJS, here with the world's links and clock. The decisions (when to retry, which epoch,
when to take over or step aside) are the project's own room/rejoin.py and room/fence.py; this file only wires
them, as the app does.

Boot times: a phone page (MicroPython) 1-4 s; a host page opens its peer id once parsed (0.1-0.6 s) and its
rules (Pyodide, in a worker) are up 1.5-25 s after, as measured on real devices.
"""

import json

from tests.games_under_test import GAMES as REGISTRY  # the hub's games and the example (examples/)
from peerparty.room import fence, rejoin
from peerparty.room.host import HostSession
from peerparty.room.lobby import peer_id

from . import peerjs, peerserver
from .world import SimNetwork

GuestLink = peerjs.guest_link_class()  # the phone's own (py/peerparty/net/peerjs.py)

TICK_MS = 500  # app/phone.py's setInterval
HOST_TICK_MS = 1000  # app/rules.py runs on_timer at least this often (and at a game's deadline)
VANISHES = 0.5  # of host tabs that go without "closing", how many go with their device (power, Wi-Fi), not a crash
WAIT = '{"v":1,"t":"wait"}'  # what the host page's screen thread tells phones while its rules boot
CLOSING = '{"v":1,"t":"closing"}'  # what a host tab says to every open link as it goes (host-room.js pagehide)
CONFIRM_MS, CONFIRM_TRIES = 7000, 2  # host-room.js confirmTakeover's


class PhonePage:
    """join.html on one device: app/phone.py's wiring around the phone's own link code, GuestLink
    (py/peerparty/net/peerjs.py, over PeerJS as peerjs.py stands it in) and room/rejoin.Rejoin."""

    def __init__(self, evening, device):
        self.ev = evening
        self.world = w = evening.world
        self.device = device
        self.alive = True
        self.asleep = False
        self.held = []  # deliveries and PeerJS events waiting for the phone to wake
        self.rejoin = rejoin.Rejoin(evening.code, device.storage, w.now)
        self.guest = self.rejoin.guest
        self.view_deal = None  # the seed of the game the last view was drawn from (the checks')
        self.born = w.now
        self.tick_at = None
        self.glink = GuestLink(self.rejoin.host_id(), peerjs.Options(self), self)
        self.glink.start()  # its peer opens, then it connects
        self.schedule_tick()  # the page's interval retries an attempt that never opens (evening 9290)

    @property
    def link(self):
        """The open connection's Link, if any (what the checks and the faults look at)."""
        conn = self.glink.conn
        return conn.link if conn is not None and conn.open else None

    def connected(self):
        return self.glink.connected()

    def event(self, fn, *args):
        """A PeerJS event reaches the page's event loop: now, or when the phone wakes."""
        if not self.alive:
            return
        if self.asleep:
            self.held.append((None, (fn, args)))
            return
        fn(*args)

    def send(self, text):
        return self.glink.send(text)

    def hang_up(self):
        """GuestLink.close(): the page drops its connection for good; no close event follows."""
        self.glink.close()

    def lost(self, link):
        """The data channel closed from the host's end (or its path broke and ICE gave up)."""
        if link.endpoint is not None:
            self.event(link.endpoint.remote_closed)

    # --- GuestLink's events (app/phone.py) --------------------------------------------------------

    def on_attempt(self):
        pass

    def on_path_failed(self):
        pass

    def on_open(self, said=None):
        link = self.link
        self.ev.note("%s opens a connection to epoch %s (%s)" % (self.device.name, link.host.epoch, link.conn))
        for text in self.rejoin.opened(self.world.now, said):
            self.send(text)
        self.schedule_tick()

    def on_close(self):
        self.rejoin.closed(self.world.now)
        self.schedule_tick()

    def on_peer_error(self, kind, text):
        self.ev.note("%s: PeerJS error %s %s" % (self.device.name, kind, text))

    def on_unavailable(self, peer_id, ended):
        self.ev.note(
            "%s: nobody at %s (%s)" % (self.device.name, peer_id, "its attempt" if ended else "an earlier one")
        )
        if self.rejoin.unavailable(self.world.now, peer_id, ended):
            self.take_over()
            return
        self.schedule_tick()

    # --- the page ------------------------------------------------------------------------------

    def on_data(self, text):
        guest = self.guest
        before = guest.status
        kind = self.rejoin.received(text, self.world.now)
        self.ev.checks.phone_received(self, text, kind)
        for answer in self.rejoin.outbox():  # the seat's proof to a host that proved itself, held moves
            self.send(answer)
        if kind in ("bye", "impostor", rejoin.ELSEWHERE):
            self.hang_up()  # removed or left, or not its host: app/phone.py closes its link
        if kind == "closing" and self.rejoin.hands_over_now():  # app/phone.py: the successor goes at once
            self.ev.note("%s: its host is closing and it holds this term's replica" % self.device.name)
            self.take_over(closing=True)
            return
        if kind == "welcome" or guest.status != before:
            self.ev.note("%s: %s (%s)" % (self.device.name, kind, guest.status))
        self.device.person.saw(self, kind)
        self.schedule_tick()

    def tap(self, move):
        """The person taps a move on this screen (app/phone.py on_screen_action)."""
        self.ev.checks.chose(self, move)
        self.send(self.guest.move(move))

    def join(self, name):
        message = self.guest.join(name)
        self.guest.error = None
        if message:
            self.send(message)

    def leave(self):
        self.send('{"v":1,"t":"leave"}')

    def retry(self):
        """visibilitychange / online"""
        self.do(self.rejoin.retry(self.world.now, self.connected()))

    def do(self, what):
        if what == rejoin.PING:
            self.send(self.rejoin.ping())
        elif what == rejoin.CONNECT:
            self.glink.host_id = self.rejoin.host_id()
            self.glink.reconnect()
            self.schedule_tick()
        elif what == rejoin.TAKE_OVER:
            self.take_over()

    def take_over(self, closing=False):
        self.ev.note("%s takes over (replica of epoch %s)" % (self.device.name, self.rejoin.replica_epoch()))
        self.device.open_host(takeover=True, closing=closing)

    # --- the clock: setInterval(tick, 500), only at the ticks where something can be due --------

    def schedule_tick(self):
        if not self.alive or self.asleep:
            return
        r = self.rejoin
        if self.connected():
            due = min(r.last_ping + rejoin.protocol.PING_MS, r.guest.last_heard_ms + rejoin.protocol.HOST_LOST_MS + 1)
        else:
            due = r.retry_due()
        now = self.world.now
        due = max(due, now + 1)
        due = self.born + -(-(due - self.born) // TICK_MS) * TICK_MS  # the next tick of this page's interval
        if self.tick_at is not None and self.tick_at <= due:
            return
        self.tick_at = due
        self.world.at(due, self._tick, due)

    def _tick(self, when):
        if when != self.tick_at or not self.alive or self.asleep:
            return
        self.tick_at = None
        self.do(self.rejoin.tick(self.world.now, self.connected()))
        self.schedule_tick()

    def sleep(self):
        self.asleep = True
        self.tick_at = None

    def wake(self):
        if not self.alive or not self.asleep:
            return
        self.asleep = False
        held, self.held = self.held, []
        for net, item in held:
            if net is None:
                item[0](*item[1])
            else:
                net._arrive(item, "down")
        self.retry()  # visibilitychange
        self.schedule_tick()

    def close(self):
        """The page goes away (reload, tab closed, or the phone turns into the host page): the browser closes its
        socket and connections."""
        self.alive = False
        if self.glink.peer is not None:
            self.glink.peer.gone()


class HostPage:
    """host.html on one device, as its two threads run it (docs/host-threads.md). When the page is parsed the
    screen thread (static/js/host-room.js) decides the room's epoch from storage and opens its peer id, so phones
    connect at once; they are told "wait", and what they send queues until the rules worker has booted (Pyodide:
    boot()), which then loads the room (app/rules.py: HostSession and room/fence.Fence) and handles the queue in
    order. The memory network calls its on_* methods, which pass everything through the evening's checks."""

    def __init__(self, evening, device, takeover=False, closing=False):
        self.ev = evening
        self.world = evening.world
        self.device = device
        self.alive = True
        # host.html?takeover=1&closing=1: nothing is opened (no id, no rules' room) until the old host's id is
        # found gone (host-room.js confirmTakeover); "back" sends the page to being the phone again
        self.confirming = takeover and closing
        self.boot_due = False  # the rules worker was up while the page was still confirming
        self.peer_open = False
        self.registered = None  # the peer id this page's socket asks for, or holds
        # its Peer's token: PeerJS draws a random one per Peer (options.token = randomToken()), so a reloaded page's
        # socket is never the old page's, even when it reaches the server before the old socket's close does
        self.token = None
        self.probes = {}  # epoch -> the number of its latest probe (host-room.js closes the one before)
        self.stall_until = -1
        self.took_over = False
        self.session = None  # the rules worker's room, once it has booted
        self.persisted_seq = None  # the seq of the record last saved
        self.takeover = takeover
        self.epoch = None  # decided when the page is parsed
        self.net = None
        self.queue = []  # (kind, conn, text, now) the rules have not handled yet
        self.held = []  # phones' messages the rules hold until the fence settles (app/rules.py data)
        self.step_aside_to = None  # an epoch to step aside to, asked for before the rules were up
        self.applied_at = []  # when this page applied a phone's move (the checks' stepped_aside)
        self.last_timer = 0
        self.timer_at = None

    def parse(self):
        """The page is parsed (host-room.js): the epoch from storage, the peer id registered, phones taken in."""
        if not self.alive or self.epoch is not None:
            return
        if self.confirming:
            self._confirm()
            return
        storage, code = self.device.storage, self.ev.code
        if self.takeover and storage.get(rejoin.replica_key(code)) and storage.get(rejoin.seat_key(code)):
            self.took_over = True
            self.epoch = int(storage.get(rejoin.epoch_key(code)) or 0) + 1
        elif storage.get(fence.HOST_KEY):
            self.epoch = json.loads(storage.get(fence.HOST_KEY))["epoch"]  # the page's "CODE EPOCH" entry
        else:
            self.epoch = 0
        self.net = SimNetwork(self.world, self, self.world.rng.random())
        self.register()

    def _confirm(self):
        """host-room.js confirmTakeover: a throwaway peer (its id from the server) dials the old host's id. A page
        there answers (a reload took the id back: "back", this device is a phone again); the PeerServer holds the
        offer for an id nobody holds, then answers EXPIRE, which PeerJS makes peer-unavailable ("gone": the room
        opens); an id still held by a device that has gone swallows the offer, and after CONFIRM_TRIES timeouts of
        CONFIRM_MS the page goes back rather than guess."""
        if not self.alive or not self.confirming:
            return
        self.looker = "looker-%s-%d" % (self.device.name, self.world.now)
        self.looks = 0
        self.world.server.connect(self.looker, self.looker, self, self._looker_heard)

    def _looker_heard(self, kind, src):
        if not self.alive or not self.confirming:
            return
        if kind == peerserver.OPEN:
            self._look()
        elif kind == peerserver.EXPIRE:
            self._confirmed(True, src)

    def _look(self):
        if not self.alive or not self.confirming:
            return
        code = self.ev.code
        old = peer_id(code, int(self.device.storage.get(rejoin.epoch_key(code)) or 0))
        self.looks += 1
        looks = self.looks
        w = self.world
        w.after(w.rng.randint(20, 300), w.server.offer, self.looker, old, self._looked)
        w.after(
            CONFIRM_MS,
            lambda: looks == self.looks and (self._look() if looks < CONFIRM_TRIES else self._confirmed(False, old)),
        )

    def _looked(self, holder):
        """The offer reached whoever holds the old id: its answer opens the channel a moment later."""
        w = self.world
        w.after(
            w.rng.randint(80, 900),
            lambda: holder.alive and holder.net is not None and self._confirmed(False, holder.registered),
        )

    def _confirmed(self, gone, old):
        if not self.alive or not self.confirming:
            return
        self.looks = CONFIRM_TRIES + 1  # finish(): nothing more counts
        self.world.server.close(self.looker, self)
        if not gone:
            self.ev.note("%s: %s answers, or nobody does: back to its seat" % (self.device.name, old))
            self.ev.stats["closing_back"] += 1
            self.device.open_phone()
            return
        self.ev.note("%s: nobody at %s: opens the room" % (self.device.name, old))
        self.ev.stats["closing_gone"] += 1
        self.confirming = False
        self.parse()
        if self.boot_due:
            self.boot()

    def boot(self):
        """The rules worker is up: load the room (app/rules.py open), then handle what queued meanwhile."""
        if not self.alive:
            return
        if self.confirming:  # host-room.js posts "open" to the worker only once confirmed
            self.boot_due = True
            return
        self.parse()
        w, storage, ev = self.world, self.device.storage, self.ev
        session = None
        if self.took_over:
            try:
                session = fence.take_over(storage, ev.code, REGISTRY, w.now, ev.token)
            except Exception:
                session = None
            if session is None or session.epoch != self.epoch:  # refused: back to the room as a phone
                storage.remove(rejoin.replica_key(ev.code))
                self.device.open_phone()
                return
        if session is None:
            saved = storage.get(fence.HOST_KEY)
            if saved:
                session = HostSession.restore(json.loads(saved), REGISTRY, ev.token)
                ev.checks.restored(self, json.loads(saved), session)
            else:
                session = HostSession(ev.code, REGISTRY, token_source=ev.token)
        self.session = session
        self.persist()  # app/rules.py open: the first answer carries the record
        self.fence = fence.Fence(session.epoch, self.took_over)
        ev.checks.host_booted(self)
        ev.note(
            "%s: host page up at epoch %d (%s, %d queued)"
            % (
                self.device.name,
                session.epoch,
                "took over"
                if self.took_over
                else "restored"
                if self.takeover or self.device.storage.get(fence.HOST_KEY)
                else "new",
                len(self.queue),
            )
        )
        queue, self.queue = self.queue, []
        for kind, conn, text, now in queue:  # the boot's backlog, answered in one go, as rules_worker.py does
            if kind == "message":
                self.net._host_out(self.on_message(conn, text, now))
            else:
                self.net._host_out(ev.checks.host_event(self, kind, conn, text, now))
        if self.step_aside_to is not None:
            self.room_moved_on(self.step_aside_to)
            return
        self.probe()
        self.schedule_timer(w.now + HOST_TICK_MS)

    # --- the signalling server ------------------------------------------------------------------

    def register(self):
        """host-room.js startPeer: a new Peer (a fresh token) for the room's id; OPEN or ID-TAKEN comes back."""
        if not self.alive:
            return
        self.token = token = "%s-%s" % (self.device.name, peerjs.fresh_token())
        self.registered = peer_id(self.ev.code, self.epoch)
        self.world.server.connect(self.registered, token, self, lambda kind, src: self._heard(token, kind))

    def _heard(self, token, kind):
        if not self.alive or token != self.token:
            return
        if kind == peerserver.OPEN:
            self.on_peer_open()
        elif kind == peerserver.ID_TAKEN:
            self.on_id_taken()
        # EXPIRE: an offer of a probe's found nobody; host-room.js ignores peer-unavailable

    def on_peer_open(self):
        if not self.alive:
            return
        self.peer_open = True
        self.ev.checks.leads(self)
        self.probe()

    def on_id_taken(self):
        if not self.alive:
            return
        if self.took_over:  # fence.Fence.id_taken, as host-room.js asks it before the rules are up
            self.ev.note("%s: epoch %d is held by another successor: steps aside" % (self.device.name, self.epoch))
            if self.session is None:
                self.step_aside_to = self.epoch  # the rules worker does it once it is up
            else:
                self.room_moved_on(self.epoch)
            return
        self.world.after(1500, self.register)  # our own previous registration: try again

    def probe(self):
        if self.session is None:
            return  # the rules worker decides when to probe, once it is up
        if self.peer_open and self.fence.probe_due(self.world.now, fence.may_have_moved(self.session)):
            dialled = 0
            for epoch in fence.later_epochs(self.session):
                text = self.fence.ask(self.ev.code, epoch, self.world.now)
                if text is not None:
                    # host-room.js probe(): the last probe's connection to that id is closed, a new one dials it
                    self.probes[epoch] = n = self.probes.get(epoch, 0) + 1
                    target = peer_id(self.ev.code, epoch)
                    w = self.world
                    w.after(
                        w.rng.randint(20, 300),
                        w.server.offer,
                        self.registered,
                        target,
                        lambda other, epoch=epoch, text=text, n=n: self._probe_answer(other, epoch, text, n),
                    )
                    dialled += 1
            if dialled:
                self.fence.sent(self.world.now)  # host-room.js's "probed", as it dials

    def _probe_answer(self, other, epoch, text, n):
        """The probe's offer reached the page at that id: the channel opens a moment later, if both are there."""
        self.world.after(self.world.rng.randint(80, 900), self._probe_channel, other, epoch, text, n)

    def _probe_channel(self, other, epoch, text, n):
        if self.alive and self.probes.get(epoch) == n and other.alive and other.peer_open:
            self._probe_opened(other, epoch, text)

    def _probe_opened(self, other, epoch, text):
        """host-room.js's probe: the connection opened, the probe goes out, and what the other page answers
        comes back (app/rules.py's probe_open and probe_answer)."""
        if not (self.alive and other.alive):
            return
        self.fence.opened(epoch, self.world.now)
        conn = "probe-%s-%d" % (self.device.name, self.world.now)
        other.probed(
            conn,
            text,
            lambda answer: self.world.after(self.world.rng.randint(5, 80), self._probe_said, other, epoch, answer),
        )

    def probed(self, conn, text, reply, first=True):
        """Another page's probe reached this one: "wait" while its rules boot or its fence holds, and the answer
        once they are up (the boot's queue and app/rules.py's held messages are answered in order)."""
        if not self.alive:
            return
        if self.session is None or self.fence.holds(self.world.now, fence.may_have_moved(self.session)):
            if first:
                reply(WAIT)
            self.world.after(500, self.probed, conn, text, reply, False)
            return
        for c, answer in self.session.on_message(conn, text, self.world.now):
            if c == conn:
                reply(answer)

    def _probe_said(self, other, epoch, answer):
        if not self.alive or self.session is None:
            return
        verdict = self.fence.answered(self.session.room_key, self.ev.code, epoch, answer, self.world.now)
        if verdict == "proved":
            self.ev.note("%s: epoch %d answers: steps aside (it proved it holds the room)" % (self.device.name, epoch))
            self.room_moved_on(epoch)
        elif verdict == "refused":
            self.ev.note("%s: epoch %d could not prove it holds the room: ignored" % (self.device.name, epoch))
            self.ev.checks.intruder_refused(self, epoch)

    def answer_held(self, now):
        """app/rules.py's _answer_held: once the fence settles, the held messages in order."""
        if not self.held or self.fence.holds(now, fence.may_have_moved(self.session)):
            return
        held, self.held = self.held, []
        for conn, text, at in held:
            kind = "disconnect" if text is None else "message"
            self.net._host_out(self._event(kind, conn, text, at))

    def room_moved_on(self, epoch=None):
        self.held = []
        epoch = self.session.epoch + 1 if epoch is None else epoch
        self.ev.checks.stepped_aside(self, epoch)
        fence.step_aside(self.session, self.device.storage, epoch)
        self.device.open_phone()

    def release(self, closing=False, vanish=False):
        """The tab is gone and its connections die. With `closing` (pagehide: a reload, or a tab closed rather than a
        battery gone) each open link hears "closing" first. Its socket closes with it and the server frees the id
        (peerserver.py), unless the device itself vanished (`vanish`: power, Wi-Fi): then the id lingers until the
        server's alive_timeout, and the links go silent."""
        self.alive = False
        self.peer_open = False
        pid = self.registered
        if pid is not None:
            if vanish:
                self.world.server.vanish(pid, self)
            else:
                self.world.server.close(pid, self)
        if self.net is not None:
            for link in list(self.net.links.values()):
                if closing and not link.dead and not link.page.asleep:
                    # host-room.js pagehide: "closing" goes out behind whatever the link still carries (a data
                    # channel is ordered: a replica sent a moment before arrives first), then the link hangs up
                    link.hanging_up = True
                    self.net._host_out([(link.conn, CLOSING)])
                    self.world.after(self.world.rng.randint(20, 200), self._hung_up, link)
                    continue
                if vanish and not link.dead:
                    link.dead = True  # nothing more arrives; ICE gives the path up a while later
                    self.world.after(self.world.rng.randint(5000, 30000), link.page.lost, link)
                    continue
                link.closed = True
                if not link.dead:
                    self.world.after(self.world.rng.randint(20, 2000), link.page.lost, link)

    def _hung_up(self, link):
        if link.queued["down"] and not link.dead:
            self.world.after(50, self._hung_up, link)  # what it carries arrives first
            return
        link.closed = True
        link.page.lost(link)

    def close_soon(self, link, ms):
        self.world.after(ms, self._close, link)

    def _close(self, link):
        if self.stalled(self.world.now):
            self.world.at(self.stall_until, self._close, link)
        elif self.alive and not link.closed:
            self.net.close_link(link)

    # --- the tab's clock ------------------------------------------------------------------------

    def stalled(self, now):
        return now < self.stall_until

    def schedule_timer(self, when):
        if self.timer_at is not None and self.timer_at <= when:
            return
        self.timer_at = when
        self.world.at(when, self._timer, when)

    def _timer(self, when):
        if when != self.timer_at or not self.alive:
            return
        self.timer_at = None
        now = self.world.now
        if self.stalled(now):
            self.schedule_timer(self.stall_until)  # late timers: a frozen tab catches up when it thaws
            return
        self.probe()
        self.last_timer = now
        self.net.now_ms = now
        self.answer_held(now)
        self.net._host_out(self.on_timer(now))
        self.after_change()

    def after_change(self):
        """Keep the next timer in sight: a game deadline, or the next second."""
        due = self.session.next_timer_ms()
        nxt = self.last_timer + HOST_TICK_MS
        if due is not None and due < nxt:
            nxt = max(due, self.world.now)
        self.schedule_timer(max(nxt, self.world.now))

    # --- the memory network's host: every event through the checks ------------------------------

    def on_connect(self, conn, now_ms):
        if self.session is None:
            self.queue.append(("connect", conn, None, now_ms))
            return [(conn, WAIT)]
        return self._event("connect", conn, None, now_ms)

    def on_disconnect(self, conn, now_ms):
        if self.session is None:
            self.queue.append(("disconnect", conn, None, now_ms))
            return []
        if self.held:  # app/rules.py close: behind the messages held
            self.held.append((conn, None, now_ms))
            return []
        return self._event("disconnect", conn, None, now_ms)

    def on_message(self, conn, text, now_ms):
        if self.session is None:
            self.queue.append(("message", conn, text, now_ms))
            return [(conn, WAIT)] if '"t":"ping"' in text else []  # host-room.js answers pings meanwhile
        if self.fence.holds(now_ms, fence.may_have_moved(self.session)):  # app/rules.py's data: not yet sure it leads
            self.held.append((conn, text, now_ms))
            self.ev.checks.counts["held"] += 1
            return [(conn, WAIT)]
        self.answer_held(now_ms)
        out = self._event("message", conn, text, now_ms)
        self.world.after(0, self.after_change)
        return out

    def on_timer(self, now_ms):
        return self._event("timer", None, None, now_ms)

    def act(self, action):
        """The person at this screen presses something (host-room.js's tap handler, app/rules.py's action)."""
        self.net.now_ms = self.world.now
        out, error = self.ev.checks.host_action(self, action)
        self.persist()
        self.net._host_out(out)
        self.after_change()
        return error

    def _event(self, kind, conn, text, now_ms):
        out = self.ev.checks.host_event(self, kind, conn, text, now_ms)
        self.persist()
        return out

    def persist(self):
        """host-room.js saves the record the rules hand it whenever seq moves (app/rules.py _out), and nothing else:
        a reload resumes from that, never from the live room (issue 47: a change that moved no seq was lost)."""
        if self.alive and self.session.seq != self.persisted_seq:  # a page that left saves nothing (host-room.js)
            self.persisted_seq = self.session.seq
            self.device.storage.set(fence.HOST_KEY, json.dumps(self.session.snapshot()))

    def snapshot_for_reload(self):
        """pagehide: the tab saves the last record it was handed (host-room.js save), which must be the room."""
        self.persist()
        self.ev.checks.saved_is_the_room(self, json.loads(self.device.storage.get(fence.HOST_KEY)))
