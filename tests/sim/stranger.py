"""The adversary (issue 31): someone who knows the room's code and nothing else.

For a while it holds the next epoch's peer id, where a host probing for its successor and phones looking for
a moved room find it: it answers probes without the room key (a made-up proof, or "wait" and then nothing)
and answers phones' hellos with a made-up challenge, a welcome, or refusals that would cost a credulous phone
its seat. Meanwhile it connects to the room's host as a phone and says hello from later epochs.

What it may never get: any seat's token (every token of an evening starts with the evening's secret marker;
every text it receives is searched for it). What the room must do: play on (the evening's own checks), and a
host that probes it must refuse it (checks.intruder_refused) and never step aside for it.
"""
import json

from peerparty.room.lobby import peer_id

from .world import Link, SimNetwork


def _hex(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


class Stranger:
    stranger = True          # checks.intruder_refused: a refusal of this id's answer is right

    def __init__(self, evening, epoch, hold_ms):
        self.ev = evening
        self.world = w = evening.world
        self.epoch = epoch
        self.alive = True
        self.peer_open = False
        self.stall_until = -1
        self.session = None             # no room: a page that is not a host page to the evening's leader()
        self.net = SimNetwork(w, self, w.rng.random())
        self.heard = 0                  # texts received (phones' and probes')
        self.hellos = 0                 # rejoining phones' hellos among them (a seat's tag and a nonce)
        self.probes = 0
        self.pid = peer_id(evening.code, epoch)
        self.link = None                # its own connection to the room's host, as a phone
        self.guest = None
        self.asleep = False
        self.held = []
        w.signal[self.pid] = self
        evening.stranger_ids.add(self.pid)
        w.after(w.rng.randint(30, 300), self._open)
        w.after(hold_ms, self.release)
        evening.note("a stranger registers %s" % self.pid)

    def _open(self):
        if self.alive:
            self.peer_open = True

    def release(self):
        if not self.alive:
            return
        self.alive = False
        self.peer_open = False
        if self.world.signal.get(self.pid) is self:
            del self.world.signal[self.pid]
        for link in list(self.net.links.values()):
            link.closed = True
            if not link.dead:
                self.world.after(self.world.rng.randint(20, 2000), link.page.lost, link)
        self.ev.note("the stranger leaves %s" % self.pid)

    # --- what the signalling server and the phones' links need of a page at an id ---------------------

    def stalled(self, now):
        return False

    def close_soon(self, link, ms):
        self.world.after(ms, self._close, link)

    def _close(self, link):
        if self.alive and not link.closed:
            self.net.close_link(link)

    def on_connect(self, conn, now_ms):
        return []

    def on_disconnect(self, conn, now_ms):
        return []

    def on_timer(self, now_ms):
        return []

    def on_message(self, conn, text, now_ms):
        self.hears(text)
        rng = self.world.rng
        try:
            message = json.loads(text)
        except Exception:
            return []
        kind = message.get("t") if isinstance(message, dict) else None
        if kind == "hello" and message.get("seat"):
            self.hellos += 1
        if kind == "hello" and not message.get("seat"):
            # NOT handled (docs/trust.md): a new phone, with no token to prove, that looks past its epoch could
            # be welcomed into a made-up room and stay there; the stranger here leaves new phones alone
            return []
        if kind == "hello":
            answers = [{"t": "challenge", "nonce": _hex(rng, 32), "proof": _hex(rng, 64)},
                       {"t": "welcome", "seat": "p1", "token": "forged", "next_id": 0, "room": self.ev.code,
                        "epoch": self.epoch, "successor": True},
                       {"t": "error", "code": "bad_token", "msg": "x", "id": None},
                       {"t": "bye", "reason": "removed"}]
            return [(conn, json.dumps(rng.choice(answers)))]
        return []

    def probed(self, conn, text, reply, first=True):
        """A host page's probe: a made-up proof, or "wait" and then silence (it has no room key)."""
        self.hears(text)
        self.probes += 1
        if self.world.rng.random() < 0.5:
            reply(json.dumps({"v": 1, "t": "proof", "epoch": self.epoch, "proof": _hex(self.world.rng, 64)}))
        else:
            reply('{"v":1,"t":"wait"}')

    def hears(self, text):
        self.heard += 1
        if self.ev.secret_marker in text:
            self.ev.checks.fail("a seat token or the seed reached the stranger at %s: %s" % (self.pid, text[:200]))

    # --- as a phone of the room's host: hellos from later epochs ------------------------------------

    def knock(self, host):
        """Connect to the room's host page and say hello from later epochs, with a made-up seat and proof."""
        if not self.alive or host is None or not host.alive or host.net is None:
            return
        self.link = Link(self.world, self, host)
        host.net.add(self.link)
        rng = self.world.rng
        code = self.ev.code
        for text in [{"v": 1, "t": "hello", "room": code, "epoch": 9},
                     {"v": 1, "t": "hello", "room": code, "epoch": self.epoch, "seat": _hex(rng, 24),
                      "nonce": _hex(rng, 32)},
                     {"v": 1, "t": "prove", "proof": _hex(rng, 64)},
                     {"v": 1, "t": "hello", "room": code, "epoch": host.session.epoch + 1 if host.session else 9}]:
            host.net.send(self.link, json.dumps(text))

    def on_data(self, text):
        self.hears(text)

    def lost(self, link):
        if link is self.link:
            self.link = None
