"""The phone page's wiring: URL -> stored seat token -> PeerJS -> GuestSession -> screen.

A phone rejoins its own seat by itself: after a reload (the token is in localStorage per room),
after a sleep (visibilitychange) and after a network change (online), and whenever the host has
been silent for longer than the heartbeat allows (the host tab reloaded or moved).
"""
import json

import js

from ..net.peerjs import GuestLink, peer_options, proxy
from ..room import rejoin
from ..ui.room import phone_screen
from . import common


class PhoneApp:
    def __init__(self):
        self.query = common.query()
        self.code = self.query.get("room", "").strip().upper()
        # the retry, epoch and takeover rules live in room/rejoin.py, which the simulator runs too
        self.rejoin = rejoin.Rejoin(self.code, common.STORAGE, common.now_ms())
        self.guest = self.rejoin.guest
        self.root = js.document.getElementById("app")
        self.link_state = "connecting"
        self.signal_error = None
        self.act = False
        self.record = "record" in self.query     # tests read every message this phone received
        js.pp.received = js.Array.new()
        self.link = GuestLink(self.rejoin.host_id(), peer_options(self.query), self)

    def start(self):
        js.pp.mount(self.root, proxy(self.on_screen_action))
        js.document.addEventListener("visibilitychange", proxy(self.on_visible))
        js.window.addEventListener("online", proxy(lambda *a: self.retry()))
        js.setInterval(proxy(self.tick), 500)
        # Whatever a phone can send, a person with devtools could too: tests use this to send junk.
        js.pp.sendRaw = proxy(lambda text: self.link.send(str(text)))
        self.link.start()
        self.refresh()
        common.mark("ready", "1")

    # --- link events --------------------------------------------------------------------------

    def on_open(self):
        self.link_state = "open"
        self.signal_error = None
        for text in self.rejoin.opened(common.now_ms()):
            self.link.send(text)
        self.refresh()

    def on_data(self, text):
        if self.record:
            js.pp.received.push(text)
        kind = self.rejoin.received(text, common.now_ms())
        if kind == "bye":
            self.link.close()               # removed or left: nothing more to say to this room
        if kind in ("welcome", "view", "error", "bye"):
            self.refresh()

    def on_close(self):
        self.link_state = "lost"
        self.rejoin.closed(common.now_ms())
        self.refresh()

    def on_peer_error(self, kind, text):
        if kind in ("network", "server-error", "socket-error", "socket-closed"):
            self.signal_error = "The signalling server cannot be reached. Retrying…"
        elif kind == "peer-unavailable":
            self.link_state = "lost"
            if self.guest.status != "joined":
                self.signal_error = "No room %s is open right now. Check the code; retrying…" % self.code
            if self.rejoin.unavailable(common.now_ms()):
                self.take_over()
                return
        self.refresh()

    # --- the person ------------------------------------------------------------------------

    def on_screen_action(self, text):
        action = json.loads(str(text))
        if action.get("room") == "join":
            message = self.guest.join(action.get("name", ""))
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
            self.retry()
            js.pp.keepAwake(self.playing())   # the lock is released whenever the page hides

    def playing(self):
        message = self.guest.view
        return message is not None and message["room"]["phase"] == "playing"

    def retry(self):
        """Reconnect now unless the link is demonstrably alive (on waking, on network return)."""
        self.do(self.rejoin.retry(common.now_ms(), self.link.connected()))

    def tick(self, *args):
        self.do(self.rejoin.tick(common.now_ms(), self.link.connected()))

    def do(self, what):
        if what == rejoin.PING:
            self.link.send(self.rejoin.ping())
        elif what == rejoin.CONNECT:
            self.link_state = "connecting"
            self.link.host_id = self.rejoin.host_id()
            self.link.reconnect()
        elif what == rejoin.TAKE_OVER:
            self.take_over()

    def take_over(self):
        """This phone was the host's successor: become the host, on the host page (Pyodide)."""
        js.location.replace(common.same_signal("host.html?takeover=1&room=" + self.code, self.query))

    def refresh(self):
        state = {"status": self.guest.status, "code": self.code, "error": self.guest.error,
                 "view": self.guest.view, "token": self.guest.token, "link": self.link_state,
                 "signal_error": self.signal_error}
        common.render(self.root, phone_screen(state))
        message = self.guest.view
        common.mark("status", self.guest.status)
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
