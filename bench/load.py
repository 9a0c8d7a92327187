"""Load past 12 players, simulated: HostSession over the memory network under CPython, with 12, 24, 50 and 100
people trying to join. Numbers, never pass/fail.

    python3 -m bench.load            (or: python3 bench/load.py)   prints a table and writes
                                     artifacts/logs/load-bench.json

Per room size N it reports:
  Seven Rounds   how many seats the room gives (the room cap, ROOM_CAP = 12 players; the game takes no
                 spectators, so the 13th person gets `room_full`), then one move (a lock) with the seated
                 phones: host CPU ms for that change, messages and bytes it sends
  Hint Hunt      the host plays, 11 phones play, everyone past 12 joins mid-game as a spectator (the game takes
                 them); per claim: host CPU ms, messages, bytes sent, the largest single message, and the size of
                 the record the host page writes to localStorage after every change and of the replica it sends
                 its successor
"""

import itertools
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from peerparty.games import REGISTRY  # noqa: E402
from peerparty.net.memory import MemoryNetwork, Phone  # noqa: E402
from peerparty.room.guest import GuestSession  # noqa: E402
from peerparty.room.host import HostSession  # noqa: E402
from peerparty.room.lobby import ROOM_CAP  # noqa: E402

SIZES = (12, 24, 50, 100)
REPEAT = 7  # changes measured per size; the median is reported


class CountingNetwork(MemoryNetwork):
    """The memory network, counting what the host sends and how long the host's handlers take."""

    def __init__(self, host):
        MemoryNetwork.__init__(self, host)
        self.sent = []  # (conn, text) the host sent since reset()
        self.host_s = 0.0

    def reset(self):
        self.sent = []
        self.host_s = 0.0

    def _host_out(self, messages):
        self.sent.extend(messages)
        MemoryNetwork._host_out(self, messages)

    def flush(self, limit=100000):
        for _ in range(limit):
            if not self.to_host and not self.to_phone:
                return
            if self.to_host:
                conn, text = self.to_host.pop(0)
                t0 = time.perf_counter()
                out = self.host.on_message(conn, text, self.now_ms)
                self.host_s += time.perf_counter() - t0
                self._host_out(out)
            if self.to_phone:
                conn, text = self.to_phone.pop(0)
                phone = self.phones.get(conn)
                if phone is not None:
                    phone.receive(text, self.now_ms)
        raise RuntimeError("the network did not settle")


def room(code="LOAD"):
    counter = itertools.count()
    host = HostSession(code, REGISTRY, token_source=lambda: "tok%05d" % next(counter), seed="bench")
    return host, CountingNetwork(host)


def join(net, name):
    """A guest arrives half a second after the last, as people do: in one instant, the phones already in the room
    would answer every arrival's views faster than the room's rate limit lets a phone send (room/state.py
    Bucket), and a player's next move would be refused as "rate_limited"."""
    net.advance(500)
    phone = Phone(net, GuestSession(net.host.code, name=name))
    net.connect(phone)
    net.flush()
    return phone


def status(phone):
    return phone.session.status, (phone.session.error or {}).get("code")


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def measure(net, act):
    """Run act() (which queues one phone message), deliver everything; (host ms, messages, bytes, largest)."""
    net.reset()
    act()
    net.flush()
    sizes = [len(text.encode("utf-8")) for _, text in net.sent]
    return net.host_s * 1000, len(sizes), sum(sizes), max(sizes) if sizes else 0


def seven_rounds(n):
    host, net = room()
    phones = [join(net, "P%03d" % i) for i in range(n)]
    seated = [p for p in phones if p.session.status == "joined"]
    refused = [status(p)[1] for p in phones if p.session.status != "joined"]
    host.host_action({"t": "pick", "game": "seven_rounds"}, net.now_ms)
    out, error = host.host_action({"t": "start"}, net.now_ms)
    assert error is None, error
    net._host_out(out)
    net.flush()
    game = REGISTRY["seven_rounds"]
    runs = []
    for phone in seated[:REPEAT]:
        pid = phone.session.seat
        move = game.legal_moves(host.match.state, pid)[0]
        runs.append(measure(net, lambda: phone.send_move(move)))
    return {
        "people": n,
        "seated": len(seated),
        "refused": sorted(set(refused)),
        "refused_count": len(refused),
        "host_ms_per_change": round(median([r[0] for r in runs]), 2),
        "messages_per_change": median([r[1] for r in runs]),
        "bytes_per_change": median([r[2] for r in runs]),
        "largest_message": max(r[3] for r in runs),
        "record_bytes": len(json.dumps(host.snapshot())),
    }


def hint_hunt(n):
    host, net = room()
    host.host_action({"t": "join_local", "name": "Host"}, 0)
    players = [join(net, "P%03d" % i) for i in range(ROOM_CAP - 1)]
    host.host_action({"t": "pick", "game": "hint_hunt"}, 0)
    out, error = host.host_action({"t": "start"}, 0)
    assert error is None, error
    net._host_out(out)
    net.flush()
    watchers = [join(net, "W%03d" % i) for i in range(n - ROOM_CAP)]
    assert all(w.session.status == "joined" for w in watchers), [
        status(w) for w in watchers if w.session.status != "joined"
    ]
    game = REGISTRY["hint_hunt"]
    local = host.screen()["me"]
    for pid in [local] + [p.session.seat for p in players]:
        board = host.match.view(pid)["board"]
        move = {"type": "submit", "targets": board["choosable"][:3], "hint": "WORD%s" % pid}
        if pid == local:
            host.host_action({"t": "move", "move": move}, net.now_ms)
        else:
            phone = [p for p in players if p.session.seat == pid][0]
            phone.send_move(move)
            net.flush()
    out, error = host.host_action({"t": "move", "move": {"type": "start_guessing"}}, net.now_ms)
    assert error is None, error
    net._host_out(out)
    net.flush()
    runs = []
    for _ in range(REPEAT):
        for phone in players:
            legal = [m for m in game.legal_moves(host.match.state, phone.session.seat) if m["type"] == "claim"]
            if legal:
                runs.append(measure(net, lambda: phone.send_move(legal[0])))
                break
        else:
            break
    snapshot = json.dumps(host.snapshot())
    return {
        "people": n,
        "players": len(host.match.players),
        "spectators": len(watchers),
        "claims_measured": len(runs),
        "host_ms_per_change": round(median([r[0] for r in runs]), 2),
        "messages_per_change": median([r[1] for r in runs]),
        "bytes_per_change": median([r[2] for r in runs]),
        "largest_message": max(r[3] for r in runs),
        "record_bytes": len(snapshot),
        "replica_bytes": len(snapshot) + 40,
    }


def main():
    results = {"seven_rounds": [seven_rounds(n) for n in SIZES], "hint_hunt": [hint_hunt(n) for n in SIZES]}
    for game_id, rows in results.items():
        print(game_id)
        keys = list(rows[0])
        print("  " + "  ".join("%s" % k for k in keys))
        for row in rows:
            print("  " + "  ".join(str(row[k]) for k in keys))
    out = ROOT / "artifacts" / "logs" / "load-bench.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    print("written", os.path.relpath(out, ROOT))
    return results


if __name__ == "__main__":
    main()
