"""The simulator's signalling server (tests/sim/peerserver.py) against the real one: npm `peer` from node_modules,
started as e2e/conftest.py starts it, driven over its WebSocket by raw clients (peerserver_driver.mjs, with the `ws`
package `peer` itself uses). Each figure the model uses is measured here, with bounds wide enough for a busy machine
(a timer never fires early; it may fire late), so model and server cannot drift apart unnoticed.
"""

import json
import re
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.sim import peerjs, peerserver

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
DRIVER = Path(__file__).with_name("peerserver_driver.mjs")
PEERJS = Path(__file__).with_name("peerjs_driver.cjs")
LATE = 2500  # how late a timer or a message may be on a loaded machine
SILENT_ALIVE_MS = 2000  # the --alive_timeout of the server that checks the mechanism (the default takes a minute)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(*extra):
    if not SERVER.is_file():
        pytest.fail("node_modules/peer is missing: run `npm ci` (or `make build`)")
    port = free_port()
    proc = subprocess.Popen(
        ["node", str(SERVER), "--host", "127.0.0.1", "--port", str(port), "--path", "/peerjs", *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail("the PeerServer did not listen within 30 s")


@pytest.fixture(scope="module")
def seen():
    """Every scenario of the driver, run side by side (two servers: the default one, and one whose alive_timeout
    is short enough to watch)."""
    default, port = start_server()
    quick, quick_port = start_server("--alive_timeout", str(SILENT_ALIVE_MS))
    runs = {
        name: subprocess.Popen(
            ["node", str(DRIVER), str(quick_port if name == "silent" else port), name],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for name in ("expire", "joined", "handover", "taken", "close", "silent")
    }
    runs["peerjs"] = subprocess.Popen(["node", str(PEERJS), str(port)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        out = {}
        for name, proc in runs.items():
            text, _ = proc.communicate(timeout=120)
            assert proc.returncode == 0, name
            out[name] = json.loads(text)
        yield out
    finally:
        for proc in list(runs.values()) + [default, quick]:
            if proc.poll() is None:
                proc.kill()


def expires(heard):
    return [m for m in heard if m["type"] == peerserver.EXPIRE]


def test_an_offer_to_an_absent_id_is_answered_expire_after_the_window_on_the_prune_grid(seen):
    run = seen["expire"]
    answered = {m["src"]: m["at"] for m in expires(run["heard"])}
    assert sorted(answered) == sorted(run["sent"])  # one EXPIRE per offer, naming the absent id as its src
    waits = [answered[dst] - sent for dst, sent in run["sent"].items()]
    # never before expire_timeout; by the first prune after it (plus a busy machine's lateness)
    assert all(
        peerserver.EXPIRE_TIMEOUT_MS - 20
        <= wait
        <= peerserver.EXPIRE_TIMEOUT_MS + peerserver.CLEANUP_OUT_MSGS_MS + LATE
        for wait in waits
    ), waits
    # offers a fifth of a second apart are answered together, at prunes cleanup_out_msgs apart: every gap between
    # two answers is either within one prune's batch (sent in one turn of the server's loop) or a prune or more
    # (a timer of its own per offer would answer them a fifth of a second apart). The bounds leave a busy machine
    # room: a batch's messages read apart, a prune's timer late while the next one is not.
    times = sorted(answered.values())
    gaps = [b - a for a, b in zip(times, times[1:])]
    period = peerserver.CLEANUP_OUT_MSGS_MS
    assert all(gap < 150 or gap > period // 2 for gap in gaps), gaps
    batches = 1 + sum(gap > period // 2 for gap in gaps)
    assert 2 <= batches <= 4, gaps  # seven offers over 1.2 s span two prunes or three


def test_a_second_offer_joins_the_first_ones_queue_and_its_single_expire(seen):
    run = seen["joined"]
    answered = expires(run["heard"])
    assert [m["src"] for m in answered] == [run["dst"]]  # one EXPIRE per sender and id, for both offers
    # dated from the queue's first offer, so the second is answered sooner than expire_timeout after it was made
    first, second = run["sent"]
    wait = answered[0]["at"] - first
    assert (
        peerserver.EXPIRE_TIMEOUT_MS - 20
        <= wait
        <= peerserver.EXPIRE_TIMEOUT_MS + peerserver.CLEANUP_OUT_MSGS_MS + 1500
    )
    assert answered[0]["at"] - second < peerserver.EXPIRE_TIMEOUT_MS


def test_an_offer_is_handed_to_a_page_that_takes_the_id_within_the_window(seen):
    run = seen["handover"]
    assert [m["type"] for m in run["holder"]] == [peerserver.OPEN, "OFFER"]  # behind OPEN, in order
    assert run["holder"][1]["src"] == run["src"] and run["holder"][1]["payload"]["connectionId"] == "dc_late"
    assert expires(run["heard"]) == []  # and the sender is never told EXPIRE


def test_an_id_held_is_taken_only_by_its_own_token(seen):
    run = seen["taken"]
    assert [m["type"] for m in run["other"]] == [peerserver.ID_TAKEN] and run["otherClosed"]
    # the same token takes the id over and is told nothing (no OPEN); offers now reach that socket
    assert [m["type"] for m in run["same"]] == ["OFFER"]
    assert [m["type"] for m in run["first"]] == [peerserver.OPEN]


def test_a_closed_socket_frees_its_id_at_once(seen):
    assert [m["type"] for m in seen["close"]["after"]] == [peerserver.OPEN]


def test_a_silent_client_keeps_its_id_until_alive_timeout_and_offers_to_it_get_no_expire(seen):
    run = seen["silent"]
    assert run["freedAt"] is not None
    held = run["freedAt"] - run["lastPing"]
    assert SILENT_ALIVE_MS - 50 <= held <= SILENT_ALIVE_MS + peerserver.CHECK_BROKEN_MS + LATE, held
    assert expires(run["offered"]) == []
    assert run["closedAt"] is not None  # the server closes the silent socket itself


def test_the_command_runs_with_the_timeouts_the_model_uses():
    """`peerjs` (what e2e and a LAN evening run) states its defaults; cleanup_out_msgs and the broken-connection
    check are not options of the command (the library's, measured above)."""
    text = subprocess.run(["node", str(SERVER), "--help"], capture_output=True, text=True, check=True).stdout
    defaults = dict(re.findall(r"--(\w+)\b[^\n]*\[default: (\d+)\]", text))
    assert int(defaults["expire_timeout"]) == peerserver.EXPIRE_TIMEOUT_MS
    assert int(defaults["alive_timeout"]) == peerserver.ALIVE_TIMEOUT_MS
    assert "cleanup_out_msgs" not in text


def test_peerjs_makes_expire_the_peers_error_naming_the_id_and_closes_nothing(seen):
    """PeerJS's own build: what the simulator's PeerJS (tests/sim/peerjs.py) and the phone's GuestLink
    (net/peerjs.py unavailable_id) take from it. The error is the Peer's, not a connection's: it names the id it
    answers, two attempts at two ids get one each, in the order their offers expire, and no connection closes."""
    run = seen["peerjs"]
    dialled = [e["id"] for e in run["events"] if e["event"] == "dial"]
    errors = [e for e in run["events"] if e["event"] == "peer error"]
    assert [(e["type"], e["message"]) for e in errors] == [
        ("peer-unavailable", peerjs.UNAVAILABLE + i) for i in dialled
    ]
    assert all(e["text"] == "Error: " + e["message"] for e in errors)  # str(err), as the fake's PeerError gives it
    assert [e for e in run["events"] if e["event"].startswith("conn ")] == []
    assert run["open"] == [False, False] and run["destroyed"] is False
    waits = [err["at"] - dial["at"] for err, dial in zip(errors, [e for e in run["events"] if e["event"] == "dial"])]
    assert all(
        peerserver.EXPIRE_TIMEOUT_MS - 20 <= w <= peerserver.EXPIRE_TIMEOUT_MS + peerserver.CLEANUP_OUT_MSGS_MS + LATE
        for w in waits
    ), waits
    link = peerjs.guest_link_class()
    module = __import__(link.__module__, fromlist=["unavailable_id"])
    fake = peerjs.PeerError(errors[0]["type"], errors[0]["message"])
    assert module.unavailable_id(fake) == dialled[0]
