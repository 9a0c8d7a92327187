"""A remote screen (screen.html) as the simulator runs it: static/js/screen.js's decisions, restated in Python over
the world's links and clock (the page has no Python; tests/room/test_screens.py and e2e/test_second_screen.py check
the real one). It watches its term's host, proves its key to a host that proved it first (proof.py, bound to the
term and the id it dialled), follows the room through takeovers, and leaves a later term's id whose holder has not
proved itself within PROOF_MS (issue 39).
"""

import json

from peerparty.room import proof
from peerparty.room.protocol import HOST_LOST_MS, PING_MS, PROOF_MS, peer_id

from .world import Link

RETRY_MS = 4000  # screen.js's RETRY_MS, AGAIN_MS, FULL_RETRY_MS, LOOK_AHEAD
AGAIN_MS = 1000
FULL_RETRY_MS = 10000
LOOK_AHEAD = 8
_PROVEN = ("challenge", "wait", "pong", "error")


def screen_key(code):
    return "peerparty:screen:" + code


class ScreenPage:
    guest = None  # a Link reads its page's session: a screen has none

    def __init__(self, evening, device):
        self.ev = evening
        self.world = evening.world
        self.device = device
        self.alive = True
        self.asleep = False
        self.held = []
        saved = json.loads(device.storage.get(screen_key(evening.code)) or "{}")
        self.key = saved.get("key")
        self.epoch = int(saved.get("epoch") or 0)
        self.try_epoch = self.epoch
        self.link = None
        self.asked = None
        self.watching = False
        self.stopped = None
        self.last_heard = 0
        self.opened_ms = 0
        self.attempts = 0
        # its Peer, one for the page's life (screen.js ensurePeer): it attempts once its socket is open
        self.socket = "screen-%s-%d" % (device.name, self.world.now)
        self.open = False
        self.world.server.connect(self.socket, self.socket, self, self._heard)
        self.world.after(PING_MS, self.tick)

    # --- the link ------------------------------------------------------------------------------------

    def unproved(self):
        return not self.watching and self.try_epoch != self.epoch

    def attempt(self):
        if not self.alive or self.stopped:
            return
        self.drop_link()
        self.watching = False
        self.asked = None
        self.attempts += 1
        attempt = self.attempts
        w = self.world
        if not self.open:
            return  # screen.js: PeerJS drops an offer made before its socket opens; "open" attempts
        pid = peer_id(self.ev.code, self.try_epoch)
        w.after(w.rng.randint(20, 300), w.server.offer, self.socket, pid, lambda host: self._resolve(attempt, host))
        w.after(RETRY_MS, self._timed_out, attempt)

    def _heard(self, kind, src):
        """The signalling server: an offer to an id nobody took expired (PeerJS's peer-unavailable, which names the
        id, not the attempt: screen.js moves to the next term on it)."""
        if not self.alive:
            return
        if kind == "OPEN":
            self.open = True
            if self.link is None:
                self.attempt()
        elif kind == "EXPIRE":
            self.again(AGAIN_MS, True)

    def _timed_out(self, attempt):
        if attempt == self.attempts and self.link is None and self.alive:
            self.again(0)

    def _resolve(self, attempt, host):
        if not self.alive or attempt != self.attempts:
            return
        self.world.after(self.world.rng.randint(80, 900), self._opened, attempt, host)

    def _opened(self, attempt, host):
        if not self.alive or attempt != self.attempts or not host.alive:
            return
        if host.stalled(self.world.now):
            self.world.at(host.stall_until, self._opened, attempt, host)
            return
        link = Link(self.world, self, host)
        host.net.add(link)
        self.link = link
        self.last_heard = self.opened_ms = self.world.now
        message = {"v": 1, "t": "watch", "room": self.ev.code, "epoch": self.epoch}
        if self.key:
            self.asked = "%032x" % self.world.rng.getrandbits(128)
            message["screen"] = proof.screen_tag(self.key)
            message["nonce"] = self.asked
        self.send(message)

    def again(self, ms, next_term=False):
        if not self.alive or self.stopped:
            return
        if next_term:
            self.try_epoch = self.try_epoch + 1 if self.try_epoch < self.epoch + LOOK_AHEAD else self.epoch
        self.watching = False
        self.drop_link()
        self.attempts += 1
        attempt = self.attempts
        self.world.after(ms, lambda: attempt == self.attempts and self.attempt())

    def send(self, message):
        if self.link is not None and not self.link.closed:
            self.link.host.net.send(self.link, json.dumps(dict(message, v=1)))

    def drop_link(self):
        link, self.link = self.link, None
        if link is not None and not link.dead:
            link.host.close_soon(link, self.world.rng.randint(20, 400))

    def lost(self, link):
        if link is self.link and self.alive:
            self.link = None
            if self.unproved():
                self.try_epoch = self.epoch
            self.again(AGAIN_MS)

    def tick(self):
        if not self.alive:
            return
        now = self.world.now
        if self.link is not None and not self.stopped:
            if now - self.last_heard > HOST_LOST_MS or (self.unproved() and now - self.opened_ms > PROOF_MS):
                if self.unproved():
                    self.try_epoch = self.epoch
                self.again(0)
            else:
                self.send({"t": "ping", "n": 1})
        self.world.after(PING_MS, self.tick)

    # --- what the host says -----------------------------------------------------------------------------

    def on_data(self, text):
        if self.ev.secret_marker in text and not (self.key and self.key in text) and '"t":"watching"' not in text:
            self.ev.checks.fail("a seat's token or the seed reached %s's screen: %s" % (self.device.name, text[:200]))
        message = json.loads(text)
        kind = message.get("t")
        own = self.try_epoch == self.epoch
        if self.asked is not None and kind not in _PROVEN:
            return
        self.last_heard = self.world.now
        if kind == "challenge":
            self.challenged(message)
        elif kind == "watching":
            if message.get("room") != self.ev.code or message.get("epoch", -1) < self.epoch:
                return self.again(AGAIN_MS, True)
            if message.get("key"):
                self.key = message["key"]
            self.epoch = self.try_epoch = message["epoch"]
            self.watching = True
            self.device.storage.set(screen_key(self.ev.code), json.dumps({"key": self.key, "epoch": self.epoch}))
        elif kind == "error":
            self.refused(message.get("code"), own)

    def challenged(self, message):
        if self.asked is None or not self.key:
            return
        channel = (self.try_epoch, peer_id(self.ev.code, self.try_epoch))
        nonce = str(message.get("nonce"))
        if message.get("proof") != proof.host_screen_proof(self.key, self.ev.code, *(channel + (self.asked, nonce))):
            self.asked = None
            self.ev.checks.screen_found_impostor(self)
            return self.again(AGAIN_MS, True)
        self.send({"t": "prove", "proof": proof.screen_proof(self.key, self.ev.code, *(channel + (self.asked, nonce)))})
        self.asked = None

    def refused(self, code, own):
        if code == "screens_full":
            self.again(FULL_RETRY_MS)
        elif code == "bad_proof" and own:
            self.key = None  # its own term's host does not know its key: watch as a new screen
            self.device.storage.set(screen_key(self.ev.code), json.dumps({"key": None, "epoch": self.epoch}))
            self.attempt()
        elif code in ("old_host", "bad_proof"):
            self.again(AGAIN_MS, True)
        elif code == "wrong_room" and own:
            self.stopped = "wrong_room"
        elif code == "wrong_room":
            self.again(AGAIN_MS, True)

    def close(self):
        self.alive = False
        self.world.server.close(self.socket, self)
        link, self.link = self.link, None
        if link is not None and not link.dead:
            link.host.close_soon(link, self.world.rng.randint(20, 1500))
