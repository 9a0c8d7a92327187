"""The adversary (issues 31 and 39): someone who knows the room's code and nothing else.

For a while (or, one that stays, for the whole evening) it holds the next epoch's peer id, where a host probing for
its successor and phones and screens looking for a moved room find it. It answers probes without the room key (a
made-up proof, "wait" once, "wait" again and again, or silence). To phones it either answers (a made-up challenge, a
forged welcome, "wait" and pongs for ever, silence, bye, a hang-up, or refusals that would cost a credulous phone its
seat) or relays: it opens its own link to the room's host and forwards every text both ways, unchanged, so the host's
genuine challenge reaches the phone (issue 39: the proofs name the id the phone dialled, so this proves nothing, and
the host must never seat the relay). Meanwhile it connects to the room's host as a phone and says hello from later
epochs.

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
    stranger = True  # checks.intruder_refused: a refusal of this id's answer is right

    def __init__(self, evening, epoch, hold_ms, relays=False):
        self.ev = evening
        self.relays = relays  # forwards phones' handshakes to the room's host instead of answering them
        self.relayed = {}  # the phone's conn here -> its _Relay to the host
        self.answer = evening.plan.get("stranger_answers")  # a scripted evening's one answer to every hello
        self.probe_answer = evening.plan.get("stranger_probes")  # and to every probe
        self.world = w = evening.world
        self.epoch = epoch
        self.alive = True
        self.peer_open = False
        self.stall_until = -1
        self.session = None  # no room: a page that is not a host page to the evening's leader()
        self.net = SimNetwork(w, self, w.rng.random())
        self.heard = 0  # texts received (phones' and probes')
        self.hellos = 0  # rejoining phones' hellos among them (a seat's tag and a nonce)
        self.probes = 0
        self.pid = peer_id(evening.code, epoch)
        self.link = None  # its own connection to the room's host, as a phone
        self.guest = None
        self.asleep = False
        self.held = []
        evening.stranger_ids.add(self.pid)
        w.server.connect(self.pid, "stranger", self, self._heard)
        w.after(hold_ms, self.release)
        evening.note(
            "a stranger registers %s (%s, for %d s)" % (self.pid, "relays" if relays else "answers", hold_ms // 1000)
        )

    def _heard(self, kind, src):
        if self.alive and kind == "OPEN":
            self.peer_open = True

    def release(self):
        if not self.alive:
            return
        self.alive = False
        self.peer_open = False
        self.world.server.close(self.pid, self)
        for relay in list(self.relayed.values()):
            relay.hang_up()
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
        relay = self.relayed.pop(conn, None)
        if relay is not None:
            relay.hang_up()
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
        if conn in self.relayed:
            self.relayed[conn].forward(text)
            return []
        if kind == "hello" and not message.get("seat"):
            # NOT handled (docs/trust.md): a new phone, with no token to prove, that looks past its epoch could
            # be welcomed into a made-up room and stay there; the stranger here leaves new phones alone
            return []
        if kind == "hello" and self.relays:
            relay = _Relay(self, conn)
            if relay.dial(self.ev.leader()):
                self.relayed[conn] = relay
                relay.forward(text)
            return []
        if kind == "hello":
            code = self.ev.code
            answers = [
                {"t": "challenge", "nonce": _hex(rng, 32), "proof": _hex(rng, 64)},
                {
                    "t": "welcome",
                    "seat": "p1",
                    "token": "forged",
                    "next_id": 0,
                    "room": code,
                    "epoch": self.epoch,
                    "successor": True,
                },
                {"t": "error", "code": "bad_token", "msg": "x", "id": None},
                {"t": "error", "code": "wrong_room", "msg": "x", "id": None},
                {"t": "bye", "reason": "removed"},
                "wait",
                "silence",
                "hang_up",
            ]
            answer = rng.choice(answers)
            if self.answer is not None:
                answer = answers[
                    ["challenge", "welcome", "bad_token", "wrong_room", "bye", "wait", "silence", "hang_up"].index(
                        self.answer
                    )
                ]
            if answer == "wait":
                self.keep_saying(conn, '{"v":1,"t":"wait"}')
            elif answer == "hang_up":
                self.close_soon(self.net.links[conn], rng.randint(50, 3000))
            elif answer != "silence":
                return [(conn, json.dumps(answer))]
        if kind == "ping" and rng.random() < 0.8:
            return [(conn, json.dumps({"v": 1, "t": "pong", "n": message.get("n")}))]
        return []

    def keep_saying(self, conn, text):
        """ "wait", now and every few seconds while the link lasts: a phone hears from it and never times out."""
        link = self.net.links.get(conn)
        if not self.alive or link is None or link.closed:
            return
        self.net._host_out([(conn, text)])
        self.world.after(self.world.rng.randint(1000, 5000), self.keep_saying, conn, text)

    def probed(self, conn, text, reply, first=True):
        """A host page's probe: a made-up proof, or "wait" and then silence (it has no room key)."""
        self.hears(text)
        self.probes += 1
        roll = self.world.rng.random()
        if self.probe_answer is not None:
            roll = {"proof": 0.0, "wait": 0.5, "wait_again": 0.7, "silence": 0.9}[self.probe_answer]
        if roll < 0.4:
            reply(json.dumps({"v": 1, "t": "proof", "epoch": self.epoch, "proof": _hex(self.world.rng, 64)}))
        elif roll < 0.6:
            reply('{"v":1,"t":"wait"}')
        elif roll < 0.8:
            self._wait_again(reply)  # "wait" every few seconds, for as long as it stays (issue 39)
        # else silence: the probe's link opened, and nothing ever comes back

    def _wait_again(self, reply):
        if self.alive:
            reply('{"v":1,"t":"wait"}')
            self.world.after(self.world.rng.randint(1000, 4000), self._wait_again, reply)

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
        for text in [
            {"v": 1, "t": "hello", "room": code, "epoch": 9},
            {"v": 1, "t": "hello", "room": code, "epoch": self.epoch, "seat": _hex(rng, 24), "nonce": _hex(rng, 32)},
            {"v": 1, "t": "prove", "proof": _hex(rng, 64)},
            {"v": 1, "t": "hello", "room": code, "epoch": host.session.epoch + 1 if host.session else 9},
        ]:
            host.net.send(self.link, json.dumps(text))

    def on_data(self, text):
        self.hears(text)

    def lost(self, link):
        if link is self.link:
            self.link = None


class _Relay:
    """The stranger's own link to the room's host for one phone it relays: what the host says goes back to the phone
    unchanged. The host's challenge names its own epoch and id, not the one the phone dialled, so the phone finds
    it an impostor (issue 39); the host must never seat this link."""

    asleep = False
    guest = None

    def __init__(self, stranger, phone_conn):
        self.stranger = stranger
        self.phone_conn = phone_conn
        self.alive = True
        self.held = []
        self.link = None

    def dial(self, host):
        if host is None or not host.alive or host.net is None or not self.stranger.alive:
            return False
        self.link = Link(self.stranger.world, self, host)
        host.net.add(self.link)
        return True

    def forward(self, text):
        if self.link is not None and not self.link.closed:
            self.link.host.net.send(self.link, text)

    def on_data(self, text):
        st = self.stranger
        st.hears(text)
        kind = text.split('"t":"', 1)[-1].split('"', 1)[0]
        if kind in ("welcome", "view", "replica"):
            st.ev.checks.fail(
                "the host seated a stranger that relays a phone's handshake from %s: %s" % (st.pid, text[:200])
            )
        link = st.net.links.get(self.phone_conn)
        if st.alive and link is not None and not link.closed:
            st.net._host_out([(self.phone_conn, text)])

    def lost(self, link):
        if link is self.link:
            self.link = None
            phone_link = self.stranger.net.links.get(self.phone_conn)
            if phone_link is not None:
                self.stranger.close_soon(phone_link, 10)

    def hang_up(self):
        self.alive = False
        link, self.link = self.link, None
        if link is not None and not link.dead:
            link.host.close_soon(link, 50)
