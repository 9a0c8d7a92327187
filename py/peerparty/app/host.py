"""The host page's wiring: URL -> room (new or restored) -> PeerJS -> HostSession -> screen.

The room is persisted to localStorage just after every change is drawn, and on pagehide, so a reload of the
host tab resumes the room under the same code and the phones find their seats again.
"""
import json
from random import Random

import js

from ..games import REGISTRY
from ..net.peerjs import HostLink, has_relay, peer_options, proxy
from ..net.reach import HOST_NO_WEBRTC, Knocking
from ..room import fence
from ..room.host import HostSession
from ..room.lobby import new_room_code, peer_id
from ..ui.room import host_screen
from . import common

STORE = fence.HOST_KEY
SIGNAL_HELP = "The signalling server cannot be reached, so phones cannot join yet. Retrying…"


class HostApp:
    def __init__(self):
        self.query = common.query()
        self.took_over = False
        self.session = self._load()
        self.fence = fence.Fence(self.session.epoch, self.took_over)   # who leads: room/fence.py
        self.root = js.document.getElementById("app")
        self.error = None
        self.status_error = None
        self.peer_open = False
        self.persisted_seq = None
        self.retry_at = None
        self.restart_link = False
        self.sound = False            # browsers allow sound only after a tap, so it starts off
        self.last_moment = None
        self.last_presence_ms = 0
        self._qr = (None, "")
        self.drawn = None             # the HTML on screen, so an unchanged screen is not redrawn
        self.view_ref = None          # the decision the drawn view shows (its "ref")
        self.persist_due = False
        self.saving = True            # False once this tab has left the room (forget_room)
        self._persist_proxy = proxy(self.persist)
        options = peer_options(self.query)
        self.relay = has_relay(options)
        if options.badRelay:
            self.error = "The relay %s is not turn:user:password@host:port; phones join without it." % options.badRelay
        self.knocking = Knocking()    # phones whose connections come in but never open
        self.shown_knocking = []
        self.no_webrtc = False
        self.link = HostLink(peer_id(self.session.code, self.session.epoch), options, self)

    def _load(self):
        if "takeover" in self.query:
            session = self._take_over()
            if session is not None:
                return session
        if "new" not in self.query:
            saved = common.store_get(STORE)
            if saved:
                try:
                    return HostSession.restore(json.loads(saved), REGISTRY)
                except Exception:
                    common.store_remove(STORE)    # a record from an older version: start afresh
        return HostSession(new_room_code(Random()), REGISTRY, seed=self.query.get("seed"))

    def _take_over(self):
        """The successor's tab: the replica the old host kept sending becomes the room (D3-12)."""
        code = self.query.get("room", "").upper()
        session = fence.take_over(common.STORAGE, code, REGISTRY, common.now_ms())
        self.took_over = session is not None
        return session

    def start(self):
        js.pp.mount(self.root, proxy(self.on_screen_action))
        self.link.start()
        js.setInterval(proxy(self.tick), 250)
        js.document.addEventListener("keydown", proxy(self.on_key))
        js.window.addEventListener("pagehide", self._persist_proxy)   # a reload saves first
        self.refresh()
        common.mark("ready", "1")

    # --- PeerJS events ----------------------------------------------------------------------

    def on_peer_open(self):
        self.peer_open = True
        self.status_error = None
        common.mark("room-ready", self.session.code)
        common.mark("signal", "up")
        common.mark("epoch", self.session.epoch)
        self.probe(common.now_ms())
        self.refresh()

    def probe(self, now):
        """If a successor runs the room under the next epoch (it took over while this tab was away or booting),
        this tab steps aside; checked on open and every few seconds, not once (issue 20)."""
        if self.peer_open and self.fence.probe_due(now, fence.may_have_moved(self.session)):
            for epoch in fence.later_epochs(self.session):
                self.link.probe(peer_id(self.session.code, epoch), lambda epoch=epoch: self.room_moved_on(epoch))

    def room_moved_on(self, epoch=None):
        """A higher epoch leads: rejoin it as a player, on the phone page."""
        code = self.session.code
        fence.step_aside(self.session, common.STORAGE, self.session.epoch + 1 if epoch is None else epoch)
        self.forget_room()
        js.location.replace(common.same_signal("join.html?room=" + code, self.query))

    def on_peer_error(self, kind, text):
        if self.no_webrtc:
            return
        if kind == "browser-incompatible":
            self.no_webrtc = True       # no retry can help; PeerJS's "disconnected" next is not the server's fault
            self.status_error = HOST_NO_WEBRTC
            self.retry_at = None
            common.mark("signal", "no-webrtc")
            self.refresh()
            return
        if kind in ("network", "server-error", "socket-error", "socket-closed", "disconnected"):
            self.peer_open = False
            self.status_error = SIGNAL_HELP
            self.retry_at = common.now_ms() + 2000
        elif kind == "unavailable-id" and self.fence.id_taken():
            self.room_moved_on(self.session.epoch)     # another successor took this epoch first: join it
            return
        elif kind == "unavailable-id":
            # The id is still held: our previous tab's registration (a reload) or another tab.
            self.status_error = "This room is still open elsewhere; taking it over…"
            self.retry_at = common.now_ms() + 1500
            self.restart_link = True
        elif kind != "peer-unavailable":
            self.status_error = "Connection problem: %s" % kind
        common.mark("signal", "down" if self.status_error else "up")
        self.refresh()

    def on_knock(self, cid, peer, label):
        self.knocking.knock(cid, peer, label, common.now_ms())

    def on_connect(self, cid):
        for abandoned in self.knocking.opened(cid):
            self.link.close(abandoned)
        self.deliver(self.session.on_connect(cid, common.now_ms()))

    def on_data(self, cid, text):
        self.deliver(self.session.on_message(cid, text, common.now_ms()))

    def on_close(self, cid):
        self.knocking.closed(cid, common.now_ms())
        self.deliver(self.session.on_disconnect(cid, common.now_ms()))

    # --- the host's own screen --------------------------------------------------------------

    def on_screen_action(self, text):
        action = json.loads(str(text))
        if "room" in action:
            kind = action.pop("room")
            if kind == "sound":
                self.sound = bool(js.pp.sound(not self.sound))
                common.store_set("peerparty:sound", "1" if self.sound else "0")
                self.refresh()
                return
            if kind == "new_room":
                self.forget_room()
                js.location.reload()
                return
            if kind == "save":        # Save this game: the record file, downloaded by the browser
                name, text = self.session.game_file(action.get("game"))
                if name is not None:
                    js.pp.download(name, text)
                self.error = None if name is not None else text
                self.refresh()
                return
            action["t"] = kind
        else:   # a move names the decision on screen when it was tapped (stale once the room moved on)
            action = {"t": "move", "move": action, "ref": self.view_ref}
        out, self.error = self.session.host_action(action, common.now_ms())
        self.deliver(out)
        self.refresh()

    def on_key(self, event):
        if str(event.key) == "f" and str(event.target.tagName) not in ("INPUT", "TEXTAREA"):
            js.pp.fullscreen()

    # --- the loop -----------------------------------------------------------------------------

    def tick(self, *args):
        now = common.now_ms()
        if self.retry_at is not None and now >= self.retry_at:
            self.retry_at = None
            if self.restart_link:
                self.restart_link = False
                self.link.restart()
            else:
                self.link.reconnect_signal()
        for late in self.knocking.tick(now):
            self.link.close(late)
        if self.knocking.labels() != self.shown_knocking:
            self.refresh()
        self.probe(now)
        due = self.session.next_timer_ms()
        if (due is not None and now >= due) or now - self.last_presence_ms >= 1000:
            self.last_presence_ms = now
            self.deliver(self.session.on_timer(now))

    def deliver(self, out):
        # The big screen first, then the phones: the room watches the TV, and once the views are sent every
        # phone redraws at the same moment (on one machine, as in the benchmark, they would slow the TV's draw).
        if self.session.dirty:
            self.refresh()
        for cid, text in out:
            self.link.send(cid, text)

    def forget_room(self):
        """This tab leaves the room for good (a new room, or the room moved on): nothing saves it again."""
        self.saving = False
        common.store_remove(STORE)

    def persist(self, *args):
        """Save the room for a reload of this tab. Called just after the screen is drawn (a tap's answer on
        the big screen does not wait for the write) and on pagehide, so a reload never loses a step."""
        self.persist_due = False
        if self.saving and self.session.seq != self.persisted_seq:
            self.persisted_seq = self.session.seq
            common.store_set(STORE, json.dumps(self.session.snapshot()))

    def refresh(self):
        session = self.session
        session.dirty = False
        if session.seq != self.persisted_seq and not self.persist_due:
            self.persist_due = True
            js.setTimeout(self._persist_proxy, 0)
        screen = session.screen()
        info = session.screen_info()
        info.update({
            "join_url": self.join_url(),
            "join_hint": self.join_hint(),
            "qr_svg": self.qr(),
            "status_error": self.status_error,
            "error": self.error,
            "sound": self.sound,
            "knocking": self.knocking.labels(),
            "relay": self.relay,
        })
        self.shown_knocking = info["knocking"]
        moment = (session.phase, (screen["view"] or {}).get("phase"), (screen["view"] or {}).get("round"))
        if self.sound and moment != self.last_moment:
            js.pp.chime()             # a new phase, round or game: a soft cue for the room
        self.last_moment = moment
        self.view_ref = (screen["view"] or {}).get("ref")
        html = host_screen(screen, info)
        if html != self.drawn:
            self.drawn = html
            common.render(self.root, html)
        common.mark("seq", session.seq)
        common.mark("phase", session.phase)
        common.mark("players", len(screen["room"]["people"]))
        common.mark("knocking", len(self.shown_knocking))

    def join_url(self):
        base = str(js.location.href).split("?")[0].split("#")[0]
        base = base[: base.rfind("/") + 1]
        return common.same_signal(base + "join.html?room=" + self.session.code, self.query)

    def join_hint(self):
        return str(js.location.host) + "/join.html"

    def qr(self):
        url = self.join_url()
        if self._qr[0] != url:
            self._qr = (url, str(js.pp.qrSvg(url)))
        return self._qr[1]


def main():
    app = HostApp()
    app.start()
    return app
