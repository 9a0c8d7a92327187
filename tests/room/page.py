"""The host page as the tests drive it: app/rules.py's Rules (what the page's rules worker runs) behind the memory
network, with the page's storage. Whatever the rules hand the page to save ("record", "storage") is written as
host-room.js writes it, so a reload resumes from exactly what the page would have saved, never from the live room.
"""

import itertools
import json

from peerparty.app.rules import Rules
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession
from peerparty.room.rejoin import HOST_KEY

CODE = "WXYZ"


class Page:
    """MemoryNetwork's host: each transport event goes to the rules, and what they say to save is saved."""

    def __init__(self, games, storage, tokens, now_ms=0):
        self.games = games
        self.storage = storage
        self.rules = Rules(games, token_source=tokens)
        mode = "restore" if HOST_KEY in storage else "new"
        epoch = json.loads(storage[HOST_KEY])["epoch"] if mode == "restore" else 0
        self._take(self.rules.open(mode, CODE, epoch, now_ms, storage=dict(storage)))
        self.rules.peer(True, now_ms)

    @property
    def session(self):
        return self.rules.session

    def _take(self, out):
        if "record" in out:
            self.storage[HOST_KEY] = out["record"]
        for write in out.get("storage", []):
            if write[0] == "set":
                self.storage[write[1]] = write[2]
            else:
                self.storage.pop(write[1], None)
        return [(conn, text) for conn, text in out.get("send", [])]

    def on_connect(self, conn, now_ms):
        return self._take(self.rules.connect(conn, now_ms))

    def on_message(self, conn, text, now_ms):
        return self._take(self.rules.data(conn, text, now_ms))

    def on_disconnect(self, conn, now_ms):
        return self._take(self.rules.close(conn, now_ms))

    def on_timer(self, now_ms):
        return self._take(self.rules.tick(now_ms))

    def act(self, action, now_ms):
        """The host_action `action` as a tap on the big screen (app/rules.py action: its data-move, a host move or
        {"room": kind, ...}); the messages it sends."""
        if action["t"] == "move":
            return self._take(self.rules.action(json.dumps(action["move"]), now_ms, action.get("ref")))
        tapped = dict(action, room=action["t"])
        del tapped["t"]
        return self._take(self.rules.action(json.dumps(tapped), now_ms))

    def saved(self):
        """The room a reload would resume: the saved record, restored."""
        return HostSession.restore(json.loads(self.storage[HOST_KEY]), self.games)


class Evening:
    """A host page and phones on the memory network; the page can be reloaded."""

    def __init__(self, games):
        self.games = games
        self.storage = {}
        counter = itertools.count()
        self.tokens = lambda: "tok-%04d" % next(counter)
        self.page = Page(games, self.storage, self.tokens)
        self.net = MemoryNetwork(self.page, 1)
        self.phones = {}

    @property
    def host(self):
        return self.page.session

    def join(self, name):
        phone = self.phones[name] = Phone(self.net, GuestSession(CODE, name=name))
        self.net.connect(phone)
        self.net.flush()
        return phone

    def act(self, action):
        self.net.to_phone.extend(self.page.act(action, self.net.now_ms))
        self.net.flush()
        return self.page.rules.error

    def ping(self, names):
        for name in names:
            phone = self.phones[name]
            self.net.send(phone, phone.session.ping(1))
        self.net.flush()

    def wait(self, ms, pinging=()):
        """`ms` pass in steps of a second; the phones named keep pinging (the others fall silent)."""
        for _ in range(max(1, ms // 1000)):
            self.net.advance(1000)
            self.ping(pinging)

    def watch(self, conn, fields=None):
        """A remote screen's watch on a fresh connection; what the host answered it."""
        self.net.to_phone.extend(self.page.on_connect(conn, self.net.now_ms))
        message = dict({"v": 1, "t": "watch", "room": CODE, "epoch": self.host.epoch}, **(fields or {}))
        out = self.page.on_message(conn, json.dumps(message), self.net.now_ms)
        self.net.to_phone.extend(out)
        self.net.flush()
        return [json.loads(text) for c, text in out if c == conn]

    def reload(self, back=True):
        """The TV's tab reloads: every link drops, the page opens the room from its storage, and (`back`) the
        phones come back."""
        for phone in self.phones.values():  # the old page hears none of it: it is gone, and saves nothing more
            self.net.phones.pop(phone.conn, None)
            phone.conn = None
        self.net.to_host, self.net.to_phone = [], []
        self.page = Page(self.games, self.storage, self.tokens, self.net.now_ms)
        self.net.host = self.page
        self.net.advance(3100)  # its first probe finds no later host (room/fence.py ANSWER_MS): it leads
        if not back:
            return
        for phone in self.phones.values():
            if phone.session.status not in ("removed", "left", "moved", "refused"):
                self.net.connect(phone)
        self.net.flush()
