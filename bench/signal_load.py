"""What one PeerServer holds (issue 41): a bounded load test on loopback.

    python3 -m bench.signal_load [--levels 250,500,1000,2000] [--phones 4] [--hold 10] [--sample 40]

Starts node_modules/peer's server on 127.0.0.1 pinned to one core (taskset -c 1), and bench/signal_load.mjs
pinned to the other: rooms (a host and --phones phones, each a websocket as PeerJS opens one) register, every
phone introduces itself to its host as PeerJS does (OFFER, ANSWER, CANDIDATEs through the server), and every
socket sends PeerJS's heartbeat each 5 s, held --hold seconds at each level. Per level: the server's resident
memory and CPU while holding, the introduction time in the burst of a level's new rooms and at rest after it
(OFFER sent to ANSWER received), sockets closed. The count is bounded by --levels (and the machine's open-file
limit), the time by the levels' hold. Writes bench/results/<timestamp>-signal.json and .md. Numbers, not a test.
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid):
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid):
    fields = Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(levels, phones, hold_s, sample):
    port = free_port()
    server = subprocess.Popen(
        [
            "taskset",
            "-c",
            "1",
            "node",
            str(ROOT / "node_modules/peer/dist/bin/peerjs.js"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--path",
            "/peerjs",
            "--concurrent_limit",
            "1000000",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the PeerServer did not start")
                time.sleep(0.1)
        base_kb = rss_kb(server.pid)
        load = subprocess.Popen(
            [
                "taskset",
                "-c",
                "0",
                "node",
                str(ROOT / "bench" / "signal_load.mjs"),
                "ws://127.0.0.1:%d/peerjs/peerjs" % port,
                str(phones),
                ",".join(map(str, levels)),
                str(sample),
                str(int(hold_s * 1000)),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        out = []
        cpu0, t0 = cpu_s(server.pid), time.monotonic()
        for line in load.stdout:
            row = json.loads(line)
            cpu1, t1 = cpu_s(server.pid), time.monotonic()
            row["server_rss_mb"] = round(rss_kb(server.pid) / 1024, 1)
            row["kb_per_peer"] = round((rss_kb(server.pid) - base_kb) / row["peers"], 1)
            row["server_cpu_pct"] = round(100 * (cpu1 - cpu0) / (t1 - t0), 1)  # the level's whole run
            cpu0, t0 = cpu1, t1
            print(json.dumps(row), file=sys.stderr, flush=True)
            out.append(row)
        load.wait(timeout=60)
        return {
            "base_rss_mb": round(base_kb / 1024, 1),
            "phones_per_room": phones,
            "hold_s": hold_s,
            "levels": out,
            "load": os.getloadavg()[0],
        }
    finally:
        server.terminate()
        server.wait(timeout=10)


def markdown(result):
    lines = [
        "| rooms | peers | server RSS | KB per peer | server CPU (level) | register | introduce all "
        "| burst p50 / p95 | at rest p50 / p95 / max | closed |",
        "|" + "---|" * 10,
    ]
    for r in result["levels"]:
        lines.append(
            ("| %d | %d | %.0f MB | %.1f | %.0f %% | %d ms | %d ms | %.0f / %.0f ms | %.1f / %.1f / %.1f ms | %d |")
            % (
                r["rooms"],
                r["peers"],
                r["server_rss_mb"],
                r["kb_per_peer"],
                r["server_cpu_pct"],
                r["register_ms"],
                r["introduce_all_ms"],
                r["burst_p50_ms"],
                r["burst_p95_ms"],
                r["held_p50_ms"],
                r["held_p95_ms"],
                r["held_max_ms"],
                r["closed"],
            )
        )
    return "\n".join(lines) + "\n\nPeerServer at rest: %.0f MB; %d phones a room; held %g s a level; load %.1f\n" % (
        result["base_rss_mb"],
        result["phones_per_room"],
        result["hold_s"],
        result["load"],
    )


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m bench.signal_load", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--levels", default="250,500,1000,2000")
    ap.add_argument("--phones", type=int, default=4)
    ap.add_argument("--hold", type=float, default=10)
    ap.add_argument("--sample", type=int, default=40)
    args = ap.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    result = run(levels, args.phones, args.hold, args.sample)
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (RESULTS / (stamp + "-signal.json")).write_text(json.dumps(result, indent=1))
    text = markdown(result)
    (RESULTS / (stamp + "-signal.md")).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
