"""A remote screen (screen.html) as the simulator runs it. Its decisions (which term to dial, what a host's answer,
a refusal or the signalling server's "nobody holds that id" means, when to forget its key) are
static/js/screen-terms.js's; Terms below is that module's twin, and tests/test_screen_terms.py drives both with the
same traces (the JS under node) and compares every decision, so the model cannot drift from the page. ScreenPage
wires Terms to PeerJS (tests/sim/peerjs.py's stand-in, over the signalling server's model) and the world's clock as
screen.js wires the module to PeerJS and the DOM.
"""

import json
import re

from peerparty.room import proof
from peerparty.room.protocol import HOST_LOST_MS, PING_MS, PROOF_MS, peer_id

from . import peerjs

RETRY_MS = 4000  # screen.js's RETRY_MS; screen-terms.js's AGAIN_MS, FULL_RETRY_MS, LOOK_AHEAD
AGAIN_MS = 1000
FULL_RETRY_MS = 10000
LOOK_AHEAD = 8
_PROVEN = ("challenge", "wait", "pong", "error")


def screen_key(code):
    return "peerparty:screen:" + code


class Terms:
    """static/js/screen-terms.js, line for line: every method returns None or the same decision dict (again, send,
    say, msg, watching, save, stop, impostor), and state() is the module's state object."""

    def __init__(self, code, saved):
        self.code = code
        self.epoch = int(saved.get("epoch") or 0)
        self.key = saved.get("key") or None
        self.try_epoch = self.epoch
        self.looks = 0
        self.watching = False
        self.forgot = False
        self.walk = None  # {"from": term, "absent": [terms]}
        self.n = 0
        self.at = None  # {"n", "epoch", "open", "asked"}

    def state(self):
        return {
            "epoch": self.epoch,
            "key": self.key,
            "tryEpoch": self.try_epoch,
            "looks": self.looks,
            "watching": self.watching,
            "forgot": self.forgot,
            "walk": None if self.walk is None else dict(self.walk, absent=list(self.walk["absent"])),
        }

    def host_id(self, term):
        return peer_id(self.code, term)

    def _current(self, k):
        return self.at is not None and self.at["n"] == k

    def unproved(self):
        return not self.watching and self.at is not None and self.at["epoch"] != self.epoch

    def _next_term(self):
        if self.walk is not None:
            for t in range(self.walk["from"] + 1, self.epoch + LOOK_AHEAD + 1):
                if t not in self.walk["absent"]:
                    return t
        if self.try_epoch != self.epoch:
            return self.epoch
        self.looks += 1
        return self.epoch + (1 if self.looks % 3 else 2 + (self.looks // 3 - 1) % (LOOK_AHEAD - 1))

    def _next(self, ms):
        self.try_epoch = self._next_term()
        self.watching = False
        return {"again": ms}

    def _forget(self):
        self.key = None
        self.forgot = True
        self.walk = None
        self.looks = 0
        self.try_epoch = self.epoch
        self.watching = False
        return {"again": 0, "save": True, "say": "forgotten"}

    def _walk_done(self):
        return all(t in self.walk["absent"] for t in range(self.walk["from"] + 1, self.epoch + LOOK_AHEAD + 1))

    # --- the attempts ---------------------------------------------------------------------------------

    def dial(self):
        self.n += 1
        self.at = {"n": self.n, "epoch": self.try_epoch, "open": False, "asked": None}
        self.watching = False
        return {"n": self.n, "epoch": self.at["epoch"], "id": self.host_id(self.at["epoch"])}

    def opened(self, k, nonce):
        if not self._current(k):
            return None
        self.at["open"] = True
        message = {"v": 1, "t": "watch", "room": self.code, "epoch": self.epoch}
        if self.key:
            self.at["asked"] = nonce
            message["screen"] = proof.screen_tag(self.key)
            message["nonce"] = nonce
        return {"send": message}

    def unavailable(self, term):
        at = self.at
        if at is None or at["open"] or at["epoch"] != term:
            return None  # an earlier attempt's answer: the live link and its term stay
        if self.walk is not None and term > self.walk["from"]:
            if term not in self.walk["absent"]:
                self.walk["absent"].append(term)
            if self._walk_done():
                return self._forget()
        return self._next(AGAIN_MS)

    def closed(self, k):
        if not self._current(k):
            return None
        if self.unproved():
            self.try_epoch = self.epoch
        self.watching = False
        return {"again": AGAIN_MS}

    def timed_out(self, k):
        if not self._current(k) or self.at["open"]:
            return None
        return {"again": 0}

    def silent(self, k):
        if not self._current(k):
            return None
        if self.unproved():
            self.try_epoch = self.epoch
        self.watching = False
        return {"again": 0}

    def trouble(self):
        return None if self.watching else {"again": AGAIN_MS}

    def heard(self, k, kind):
        return self._current(k) and (self.at["asked"] is None or kind in _PROVEN)

    # --- what the host says ---------------------------------------------------------------------------

    def said(self, k, m):
        kind = m.get("t")
        if not self.heard(k, kind):
            return None
        if kind == "wait":
            self.walk = None
            return {"say": "waiting"}
        if kind == "challenge":
            return self._challenged(m)
        if kind == "watching":
            return self._watched(m)
        if kind == "bye":
            self.key = None
            self.forgot = False
            return {"stop": "dropped", "save": True}
        if kind == "error":
            return self._refused(m)
        return None

    def _challenged(self, m):
        key = self.key
        if self.at["asked"] is None or not key:
            return None
        host_nonce = _js_string(m.get("nonce"))
        channel = (self.at["epoch"], self.host_id(self.at["epoch"]))
        asked = self.at["asked"]
        self.at["asked"] = None
        if m.get("proof") != proof.host_screen_proof(key, self.code, *(channel + (asked, host_nonce))):
            return dict(self._next(AGAIN_MS), impostor=True)
        self.walk = None
        return {
            "send": {
                "v": 1,
                "t": "prove",
                "proof": proof.screen_proof(key, self.code, *(channel + (asked, host_nonce))),
            }
        }

    def _watched(self, m):
        epoch = m.get("epoch")
        if m.get("room") != self.code or not (isinstance(epoch, int) and epoch >= self.epoch):
            return self._next(AGAIN_MS)
        if m.get("key"):
            self.key = m["key"]
        self.epoch = self.try_epoch = epoch
        self.looks = 0
        self.watching = True
        self.forgot = False
        self.walk = None
        return {"watching": m.get("screen"), "save": True}

    def _refused(self, m):
        own = self.at["epoch"] == self.epoch
        code = m.get("code")
        msg = _js_string(m.get("msg") or "")
        if code == "screens_full":
            return {"say": "full", "msg": msg, "again": FULL_RETRY_MS}
        if code == "no_screens":
            return {"say": "no_screens", "msg": msg, "again": FULL_RETRY_MS}
        if code == "bad_proof" and own:
            return self._forget()
        if code == "bad_proof":
            if self.walk is None or self.at["epoch"] > self.walk["from"]:
                self.walk = {"from": self.at["epoch"], "absent": []}
            if self._walk_done():
                return self._forget()
            return self._next(AGAIN_MS)
        if code == "old_host":
            return self._next(AGAIN_MS)
        if code == "wrong_room":
            return {"stop": "wrong_room"} if own else self._next(AGAIN_MS)
        return None


def _js_string(value):
    """JS's String(value) for what a host's message may hold here (a string, or absent)."""
    if value is None:
        return "undefined"
    return value if isinstance(value, str) else json.dumps(value)


class ScreenPage:
    """screen.js over the world: the page's own Peer (peerjs.py's stand-in, registered at the signalling server's
    model), a connection to the term Terms names, what happens passed on to Terms and what Terms decides done. The
    server's "nobody holds that id" comes as the real one sends it, EXPIRE at the prune 5-6 s after the offer, and
    reaches the page as PeerJS hands it on: a peer-wide error naming the id (peer_error)."""

    guest = None  # a Link reads its page's session: a screen has none

    def __init__(self, evening, device):
        self.ev = evening
        self.world = evening.world
        self.device = device
        self.alive = True
        self.asleep = False
        self.held = []
        try:
            saved = json.loads(device.storage.get(screen_key(evening.code)) or "{}")
        except ValueError:
            saved = {}
        self.terms = Terms(evening.code, saved if isinstance(saved, dict) else {})
        self.peer = None
        self.conn = None  # the current attempt's DataConnection (screen.js conn)
        self.link_n = 0  # the attempt it belongs to (screen.js attemptNo)
        self.stopped = None
        self.notice = None  # what the page says instead of a frame (screen.js say): "full", "no_screens", ...
        self.notices = []  # every notice it showed, in order (the scripted evenings read them)
        self.number = None
        self.last_heard = 0
        self.opened_ms = 0
        self.timer = 0  # screen.js's one timer: a newer one cancels the older
        self.say("connecting")
        self.attempt()
        self.world.after(PING_MS, self.tick)

    # what the model's readers ask of it (evening.settled, the checks)
    @property
    def link(self):
        """The open connection's Link, if any."""
        conn = self.conn
        return conn.link if conn is not None and conn.open else None

    @property
    def watching(self):
        return self.terms.watching

    @property
    def epoch(self):
        return self.terms.epoch

    @property
    def try_epoch(self):
        return self.terms.try_epoch

    @property
    def key(self):
        return self.terms.key

    def event(self, fn, *args):
        """A PeerJS event reaches the page's event loop (a screen never sleeps)."""
        if self.alive:
            fn(*args)

    # --- the link: the term's host id Terms names ------------------------------------------------------

    def _later(self, ms, fn, *args):
        self.timer += 1
        timer = self.timer
        self.world.after(ms, lambda: timer == self.timer and self.alive and fn(*args))

    def attempt(self):
        if not self.alive or self.stopped:
            return
        self.timer += 1
        self.hang_up()
        self.ensure_peer()
        if not self.peer.open:  # PeerJS drops an offer made before its socket is open: connect once it is
            self._later(RETRY_MS, self.attempt)
            return
        dialled = self.terms.dial()
        k = self.link_n = dialled["n"]
        c = self.conn = self.peer.connect(dialled["id"])
        c.on("open", lambda: self._opened(c, k))
        c.on("data", lambda text: self.conn is c and self.receive(k, text))

        def closed(*_):
            if self.conn is c:
                self.decide(self.terms.closed(k))

        c.on("close", closed)
        c.on("error", closed)
        self._later(RETRY_MS, lambda: self.conn is c and self.decide(self.terms.timed_out(k)))

    def ensure_peer(self):
        """screen.js ensurePeer: the page's own Peer, reconnected if its socket was lost, made again if destroyed."""
        peer = self.peer
        if peer is not None and not peer.destroyed:
            if peer.disconnected:
                peer.reconnect()
            return
        mine = self.peer = peerjs.Peer(peerjs.fresh_id(), peerjs.Options(self))
        mine.on("open", lambda _id: self.peer is mine and self.conn is None and not self.stopped and self.attempt())
        mine.on("error", lambda err: self.peer is mine and self.peer_error(err))

    def peer_error(self, err):
        """PeerJS's peer-wide error, as screen.js reads it: peer-unavailable ("Could not connect to peer <id>")
        names an id, never the connection."""
        if str(getattr(err, "type", "") or "") != "peer-unavailable":
            return self.decide(self.terms.trouble())
        named = re.match(r"^peerparty-[A-Z]{4}-(\d+)$", str(err.message or "").split(" ")[-1])
        self.ev.note("%s's screen: nobody at %s" % (self.device.name, named.group(0) if named else err.message))
        if named and named.group(0) == self.terms.host_id(int(named.group(1))):
            self.decide(self.terms.unavailable(int(named.group(1))))

    def _opened(self, c, k):
        if self.conn is not c:
            return
        self.last_heard = self.opened_ms = self.world.now
        self.decide(self.terms.opened(k, "%032x" % self.world.rng.getrandbits(128)))

    def hang_up(self):
        old, self.conn = self.conn, None
        if old is not None:
            old.close()

    def lost(self, link):
        """The data channel closed from the host's end (or its path broke and ICE gave up)."""
        if link.endpoint is not None:
            self.event(link.endpoint.remote_closed)

    def decide(self, d):
        """screen.js's decide: what Terms decided, done."""
        if not d or not self.alive:
            return
        if d.get("save"):
            self.device.storage.set(
                screen_key(self.ev.code), json.dumps({"key": self.terms.key, "epoch": self.terms.epoch})
            )
        if d.get("impostor"):
            self.ev.checks.screen_found_impostor(self)
        if "send" in d:
            self.send(d["send"])
        if "watching" in d:
            self.number = d["watching"]
            self.say(None)
        if d.get("stop"):
            if d["stop"] == "dropped":
                self.device.storage.remove(screen_key(self.ev.code))
            self.stopped = d["stop"]
            self.timer += 1
            self.hang_up()
            self.say(d["stop"])
            return
        if "again" in d:
            self.hang_up()
            self.say(d.get("say") or ("forgotten" if self.terms.forgot else "connecting"))
            self._later(d["again"], self.attempt)
        elif d.get("say"):
            self.say(d["say"])

    def say(self, notice):
        if notice != self.notice:
            self.notice = notice
            if notice is not None:
                self.notices.append(notice)
                if notice not in ("connecting", "waiting"):
                    self.ev.note("%s's screen says %s" % (self.device.name, notice))

    def send(self, message):
        if self.conn is not None and self.conn.open:
            self.conn.send(json.dumps(dict(message, v=1)))

    def tick(self):
        if not self.alive:
            return
        now = self.world.now
        if not self.stopped and self.link is not None:
            if now - self.last_heard > HOST_LOST_MS or (self.terms.unproved() and now - self.opened_ms > PROOF_MS):
                self.decide(self.terms.silent(self.link_n))
            else:
                self.send({"t": "ping", "n": 1})
        self.world.after(PING_MS, self.tick)

    # --- what the host says -----------------------------------------------------------------------------

    def receive(self, k, text):
        if self.ev.secret_marker in text and not (self.key and self.key in text) and '"t":"watching"' not in text:
            self.ev.checks.fail("a seat's token or the seed reached %s's screen: %s" % (self.device.name, text[:200]))
        message = json.loads(text)
        if not isinstance(message, dict) or not self.terms.heard(k, message.get("t")):
            return
        self.last_heard = self.world.now
        if message.get("t") not in ("frame", "patch", "pong"):
            self.decide(self.terms.said(k, message))

    def close(self):
        """pagehide: the page hangs up and destroys its Peer (its socket closes, the server frees its id)."""
        self.alive = False
        self.hang_up()
        if self.peer is not None and not self.peer.destroyed:
            self.peer.destroy()
