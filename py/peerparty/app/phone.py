"""The phone page's wiring: URL -> stored seat token -> PeerJS -> GuestSession -> screen.

A phone rejoins its own seat by itself: after a reload (the token is in localStorage per room),
after a sleep (visibilitychange) and after a network change (online), and whenever the host has
been silent for longer than the heartbeat allows (the host tab reloaded or moved). The host's successor
keeps the replica it is sent and, once the host's id has been gone long enough, becomes the host.
"""
import json

import js

from ..net.peerjs import GuestLink, has_relay, peer_options, proxy
from ..net.reach import PhoneReach
from ..room.guest import GuestSession
from ..room.lobby import peer_id
from ..room.protocol import PING_MS
from ..ui.room import phone_screen
from . import common

RETRY_MS = 4000
TAKEOVER_MS = 15000     # a host unreachable this long, with its id gone, is replaced by its successor
SIGNAL_DOWN = ("network", "server-error", "socket-error", "socket-closed")     # PeerJS's error types


def seat_key(code):
    return "peerparty:seat:" + code


def replica_key(code):
    return "peerparty:replica:" + code


class PhoneApp:
    def __init__(self):
        self.query = common.query()
        self.code = self.query.get("room", "").strip().upper()
        epoch = common.store_get(seat_key(self.code) + ":epoch")
        self.epoch = int(epoch) if epoch else 0
        self.guest = GuestSession(self.code, token=common.store_get(seat_key(self.code)), epoch=self.epoch)
        self.root = js.document.getElementById("app")
        self.link_state = "connecting"
        self.signal_error = None
        self.ping_n = 0
        self.last_ping = 0
        self.last_retry = common.now_ms()   # the first attempt starts with the link
        self.last_seq = -1
        self.act = False
        self.record = "record" in self.query     # tests read every message this phone received
        js.pp.received = js.Array.new()
        self.try_epoch = self.epoch     # after a host loss, epoch and epoch + 1 are tried in turn
        self.lost_since = None
        self.host_gone = False          # the signalling server says no peer holds the host's id
        options = peer_options(self.query)
        self.reach = PhoneReach(has_relay(options))    # can this phone reach the host at all? (says why not)
        self.shown_reach = None
        self.link = GuestLink(peer_id(self.code, self.try_epoch), options, self)

    def start(self):
        js.pp.mount(self.root, proxy(self.on_screen_action))
        js.document.addEventListener("visibilitychange", proxy(self.on_visible))
        js.window.addEventListener("online", proxy(lambda *a: self.retry("online")))
        js.setInterval(proxy(self.tick), 500)
        # Whatever a phone can send, a person with devtools could too: tests use this to send junk.
        js.pp.sendRaw = proxy(lambda text: self.link.send(str(text)))
        self.link.start()
        self.refresh()
        common.mark("ready", "1")

    # --- link events --------------------------------------------------------------------------

    def on_attempt(self):
        self.reach.attempt(common.now_ms())

    def on_path_failed(self):
        self.reach.path_failed()
        self.refresh()

    def on_open(self):
        self.reach.opened()
        self.link_state = "open"
        self.lost_since = None
        self.host_gone = False
        self.signal_error = None
        self.guest.last_heard_ms = common.now_ms()
        hello = self.guest.hello()
        if hello:
            self.link.send(hello)
        for text in self.guest.resend():
            self.link.send(text)
        self.refresh()

    def on_data(self, text):
        if self.record:
            js.pp.received.push(text)
        kind = self.guest.receive(text, common.now_ms())
        if kind == "welcome":
            common.store_set(seat_key(self.code), self.guest.token)
            if self.try_epoch != self.epoch:      # the room moved to a new host: remember where
                self.epoch = self.try_epoch
                common.store_set(seat_key(self.code) + ":epoch", str(self.epoch))
        elif kind == "replica" and self.guest.replica is not None:
            common.store_set(replica_key(self.code), text)
        elif kind in ("error", "bye") and self.guest.token is None:
            common.store_remove(seat_key(self.code))
        if self.guest.replica_dropped:      # not (or no longer) the successor: every seat's token goes
            self.guest.replica_dropped = False
            common.store_remove(replica_key(self.code))
        if kind == "bye":
            self.link.close()               # removed or left: nothing more to say to this room
        if kind == "replica":
            return
        if kind in ("welcome", "view", "error", "bye"):
            self.refresh()

    def on_close(self):
        self.reach.closed()
        self.link_state = "lost"
        if self.lost_since is None:
            self.lost_since = common.now_ms()
        self.refresh()

    def on_peer_error(self, kind, text):
        if kind == "browser-incompatible":
            self.reach.no_webrtc()      # no retry can help: the sentence says what will
        elif kind in SIGNAL_DOWN or kind == "disconnected":
            self.reach.explained()      # the signalling server went away, not the path
        if kind in SIGNAL_DOWN:
            self.signal_error = "The signalling server cannot be reached. Retrying…"
        elif kind == "peer-unavailable":
            self.reach.explained()
            self.link_state = "lost"
            self.host_gone = True
            if self.lost_since is None:
                self.lost_since = common.now_ms()
            if self.guest.status != "joined":
                self.signal_error = "No room %s is open right now. Check the code; retrying…" % self.code
        self.refresh()

    # --- the person ------------------------------------------------------------------------

    def on_screen_action(self, text):
        action = json.loads(str(text))
        if action.get("room") == "join":
            message = self.guest.join(action.get("name", ""))
            common.store_set("peerparty:name", action.get("name", ""))    # the TV names a phone that cannot get in
            self.guest.error = None
            if message:
                self.link.send(message)
        elif action.get("room") == "leave":
            self.link.send('{"v":1,"t":"leave"}')
        elif "room" not in action:
            self.link.send(self.guest.move(action))
        self.refresh()

    def on_visible(self, *args):
        if str(js.document.visibilityState) == "visible":
            self.retry("visible")
            js.pp.keepAwake(self.playing())   # the lock is released whenever the page hides

    def playing(self):
        message = self.guest.view
        return message is not None and message["room"]["phase"] == "playing"

    def retry(self, why):
        """Reconnect now unless the link is demonstrably alive."""
        if not self.reach.webrtc:
            return
        if self.link.connected() and not self.guest.host_silent(common.now_ms()):
            self.link.send(self.guest.ping(self.ping_n))
            return
        now = common.now_ms()
        self.last_retry = now
        self.link_state = "connecting"
        if self.lost_since is None:
            self.lost_since = now
        if self.should_take_over(now):
            self.take_over()
            return
        if self.host_gone and self.guest.status == "joined":
            # the host's id is gone: it may be reloading (same epoch) or replaced (next epoch)
            self.try_epoch = self.epoch + 1 if self.try_epoch == self.epoch else self.epoch
            self.link.host_id = peer_id(self.code, self.try_epoch)
        self.link.reconnect()

    def should_take_over(self, now):
        saved = common.store_get(replica_key(self.code))
        if not saved or not self.host_gone or now - self.lost_since < TAKEOVER_MS:
            return False
        return json.loads(saved).get("epoch") == self.epoch

    def take_over(self):
        """This phone was the host's successor: become the host, on the host page (Pyodide)."""
        js.location.replace(common.same_signal("host.html?takeover=1&room=" + self.code, self.query))

    def tick(self, *args):
        now = common.now_ms()
        if self.guest.status in ("removed", "left") or not self.reach.webrtc:
            return
        if self.reach.state(now) != self.shown_reach:
            self.refresh()      # e.g. attempts have failed for long enough to say so
        if self.link.connected():
            if now - self.last_ping >= PING_MS:
                self.last_ping = now
                self.ping_n += 1
                self.link.send(self.guest.ping(self.ping_n))
            if self.guest.host_silent(now):
                self.retry("silent")
        elif now - self.last_retry >= RETRY_MS:
            self.retry("lost")     # an attempt gets RETRY_MS to open before the next one

    def refresh(self):
        now = common.now_ms()
        self.shown_reach = self.reach.state(now)
        state = {"status": self.guest.status, "code": self.code, "error": self.guest.error,
                 "view": self.guest.view, "token": self.guest.token, "link": self.link_state,
                 "signal_error": self.signal_error, "reach": self.shown_reach,
                 "reach_sentence": self.reach.sentence(now)}
        common.render(self.root, phone_screen(state))
        message = self.guest.view
        common.mark("status", self.guest.status)
        common.mark("link", self.shown_reach)
        if self.guest.error:
            common.mark("error", self.guest.error.get("code", ""))
        if message is not None:
            common.mark("seq", message.get("seq", 0))
            common.mark("phase", message["room"]["phase"])
            view = message.get("view") or {}
            act = bool(view.get("act"))
            if act and not self.act:
                js.pp.buzz()
            if act != self.act:
                js.pp.keepAwake(self.playing())
            self.act = act
            common.mark("act", "1" if act else "0")


def main():
    app = PhoneApp()
    app.start()
    return app
