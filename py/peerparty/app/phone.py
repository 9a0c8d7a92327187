"""The phone page's wiring: URL -> stored seat token -> PeerJS -> GuestSession -> screen.

A phone rejoins its own seat by itself: after a reload (the token is in localStorage per room),
after a sleep (visibilitychange) and after a network change (online), and whenever the host has
been silent for longer than the heartbeat allows (the host tab reloaded or moved). The host's successor
keeps the replica it is sent and, once the host's id has been gone long enough, becomes the host. The
rules for all of that are room/rejoin.py's; net/reach.py says why a phone cannot reach the host at all.
"""

import json

import js

from .. import i18n
from ..net.peerjs import GuestLink, has_relay, peer_options, proxy
from ..net.reach import PhoneReach
from ..room import rejoin
from ..ui.room import phone_screen
from . import common

SIGNAL_DOWN = ("network", "server-error", "socket-error", "socket-closed")  # PeerJS's error types


class PhoneApp:
    def __init__(self):
        self.query = common.query()
        self.code = self.query.get("room", "").strip().upper()
        # the retry, epoch and takeover rules live in room/rejoin.py, which the simulator runs too
        self.rejoin = rejoin.Rejoin(self.code, common.STORAGE, common.now_ms(), common.nonce)
        self.guest = self.rejoin.guest
        self.root = js.document.getElementById("app")
        self.link_state = "connecting"
        self.signal_error = None
        self.act = False
        self.record = "record" in self.query  # tests read every message this phone received
        js.pp.received = js.Array.new()
        options = peer_options(self.query)
        self.reach = PhoneReach(has_relay(options))  # can this phone reach the host at all? (says why not)
        self.shown_reach = None
        self.link = GuestLink(self.rejoin.host_id(), options, self)
        self.catalog_loaded = proxy(self.on_catalog)

    def start(self):
        js.pp.mount(self.root, proxy(self.on_screen_action))
        js.document.addEventListener("visibilitychange", proxy(self.on_visible))
        js.window.addEventListener("online", proxy(lambda *a: self.retry()))
        js.setInterval(proxy(self.tick), 500)
        # Whatever a phone can send, a person with devtools could too: tests use this to send junk.
        js.pp.sendRaw = proxy(lambda text: self.link.send(str(text)))
        # a Join tapped on join.html's first frame, before this Python was up (static/js/first-frame.js), taken
        # before the early link: its hello may be out already (pp.earlyHello), and the host's answer with it
        early = js.pp.takeEarlyJoin()
        if early:
            self.on_screen_action(json.dumps({"room": "join", "name": str(early)}))
        self.link.start()
        if not early:
            self.refresh()
        common.mark("ready", "1")

    # --- link events --------------------------------------------------------------------------

    def on_attempt(self):
        self.reach.attempt(common.now_ms())

    def on_path_failed(self):
        self.reach.path_failed()
        self.refresh()

    def on_open(self, said=None):
        self.reach.opened()
        self.link_state = "open"
        self.signal_error = None
        for text in self.rejoin.opened(common.now_ms(), said):
            self.link.send(text)
        self.refresh()

    def on_data(self, text):
        if self.record:
            js.pp.received.push(text)
        waiting = self.guest.host_waiting
        kind = self.rejoin.received(text, common.now_ms())
        for answer in self.rejoin.outbox():  # the seat's proof to a host that proved itself, held moves
            self.link.send(answer)
        if kind in ("impostor", rejoin.ELSEWHERE):
            self.link.close()  # it could not prove it knows this seat, or says it is not here: look further
        if kind == "bye":
            self.link.close()  # removed or left: nothing more to say to this room
        if kind == "closing" and self.rejoin.hands_over_now():
            self.take_over(closing=True)
            return
        if kind in ("welcome", "view", "error", "bye", "waiting") or waiting != self.guest.host_waiting:
            self.refresh()
        common.mark("pending", len(self.guest.pending))  # moves sent and not yet answered: a test waits on 0

    def on_close(self):
        self.reach.closed()
        self.link_state = "lost"
        self.rejoin.closed(common.now_ms())
        self.refresh()

    def on_peer_error(self, kind, text):
        if kind == "browser-incompatible":
            self.reach.no_webrtc()  # no retry can help: the sentence says what will
        elif kind in SIGNAL_DOWN or kind == "disconnected":
            self.reach.explained()  # the signalling server went away, not the path
        if kind in SIGNAL_DOWN:
            self.signal_error = "The signalling server cannot be reached. Retrying…"
        self.refresh()

    def on_unavailable(self, peer_id, ended):
        """Nobody holds peer_id (GuestLink: `ended` when that ended the current attempt; else it answers an earlier
        one, and only room/rejoin.py's record of which ids were found gone heeds it)."""
        if ended:
            self.reach.explained()
            self.link_state = "lost"
            if self.guest.status != "joined":
                self.signal_error = "No room %s is open right now. Check the code; retrying…" % self.code
        if self.rejoin.unavailable(common.now_ms(), peer_id, ended):
            self.take_over()
            return
        self.refresh()

    # --- the person ------------------------------------------------------------------------

    def on_screen_action(self, text):
        action = json.loads(str(text))
        if action.get("room") == "lang":  # this phone's own language (ui/languages.py): nothing for the host
            js.pp.setLanguage(str(action.get("lang", ""))).then(self.catalog_loaded)
            return
        control = self.guest.control(action)  # a button of the controls band: the host's action
        if control is not None:
            self.link.send(control)
        elif action.get("room") == "join":
            message = self.rejoin.join(action.get("name", ""))
            self.guest.error = None
            if message:
                self.link.send(message)
        elif action.get("room") == "leave":
            self.link.send('{"v":1,"t":"leave"}')
        elif "room" not in action:
            self.link.send(self.guest.move(action))
            common.mark("moves", self.guest.next_id)  # moves sent: tests wait for the host's answer to each
        self.refresh()

    def on_catalog(self, text):
        i18n.use(json.loads(str(text)))
        self.refresh()
        language = i18n.current()
        js.pp.setPageLanguage(
            language.lang, language.dir
        )  # after the words: <html lang> never names words not yet drawn

    def on_visible(self, *args):
        if str(js.document.visibilityState) == "visible":
            self.retry()
            js.pp.keepAwake(self.playing())  # the lock is released whenever the page hides

    def playing(self):
        message = self.guest.view
        return message is not None and message["room"]["phase"] == "playing"

    def retry(self):
        """Reconnect now unless the link is demonstrably alive (on waking, on network return)."""
        if self.reach.webrtc:
            self.do(self.rejoin.retry(common.now_ms(), self.link.connected()))

    def tick(self, *args):
        if not self.reach.webrtc:
            return
        if self.reach.state(common.now_ms()) != self.shown_reach or self.guest.expire_error(common.now_ms()):
            self.refresh()  # e.g. attempts have failed for long enough to say so; a refusal's time is up
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

    def take_over(self, closing=False):
        """This phone was the host's successor: become the host, on the host page (Pyodide). After the host said
        it was closing, at once: that page checks that the old host is gone before it opens the room (closing=1)."""
        url = "host.html?takeover=1&room=" + self.code + ("&closing=1" if closing else "")
        js.location.replace(common.same_signal(url, self.query))

    def refresh(self):
        now = common.now_ms()
        self.shown_reach = self.reach.state(now)
        state = {
            "status": self.guest.status,
            "code": self.code,
            "error": self.guest.error,
            "name": self.rejoin.remembered_name(),
            "view": self.guest.view,
            "token": self.guest.token,
            "link": self.link_state,
            "signal_error": self.signal_error,
            "reach": self.shown_reach,
            "reach_sentence": self.reach.sentence(now),
            "host_waiting": self.guest.host_waiting,
            "waiting": self.guest.waiting,
            "watching": self.guest.watching,
        }
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


async def main():
    """join.html's script. Importing this module, making the app and starting it are each a task of their own
    (pp.nextTask between them): on a slow phone together they held the main thread for a quarter second."""
    await js.pp.nextTask()
    await use_language()
    app = PhoneApp()
    await js.pp.nextTask()
    app.start()
    return app


async def use_language():
    """The catalog of the language join.html's first frame is drawn in (static/js/first-frame.js pp.lang)."""
    try:
        i18n.use(json.loads(str(await js.pp.catalog(js.pp.lang))))
    except Exception as error:  # no catalog (a failed fetch): English, which every message has
        js.console.warn("catalog: " + str(error))
