"""bench/netforward.py's link, one direction at a time, on a made-up clock (the forwarder itself needs root and
TUN devices: e2e/test_netlab.py runs it). A packet waits for the link to be free at its rate, may be lost, arrives
its delay plus jitter later, and never overtakes the one before it; a queue past QUEUE_MS of sending drops."""

import heapq
from random import Random

from bench.netforward import QUEUE_MS, Direction


def run(delay_ms=75, jitter_ms=0, loss=0.0, rate_bps=0, packets=(), seed=1):
    way = Direction("a", "b", delay_ms, jitter_ms, loss, rate_bps, Random(seed))
    heap = []
    for at, size in packets:
        way.arrive(b"x" * size, at, heap)
    out = []
    while heap:
        out.append(heapq.heappop(heap)[0])
    return way, out


def test_a_packet_arrives_its_one_way_delay_later():
    _, out = run(delay_ms=75, packets=[(10.0, 100)])
    assert out == [10.075]


def test_the_rate_spaces_packets_by_their_size():
    # 1000 bytes at 80 kbit/s: 0.1 s each on the wire
    _, out = run(delay_ms=0, rate_bps=80_000, packets=[(0.0, 1000)] * 3)
    assert [round(t, 6) for t in out] == [0.1, 0.2, 0.3]


def test_jitter_never_reorders_and_stays_in_its_bounds():
    _, out = run(delay_ms=150, jitter_ms=30, packets=[(i * 0.001, 100) for i in range(500)])
    assert out == sorted(out)
    assert all(t - i * 0.001 <= 0.18 + 1e-9 for i, t in enumerate(out))
    assert min(t - i * 0.001 for i, t in enumerate(out)) < 0.16  # it does vary


def test_loss_takes_about_its_share():
    way, out = run(loss=0.03, packets=[(0.0, 10)] * 10000)
    assert way.lost == 10000 - len(out)
    assert 200 < way.lost < 400


def test_a_full_queue_drops_at_its_tail():
    # 1500 bytes at 400 kbit/s: 30 ms each; a burst of 40 is 1.2 s of sending, the queue holds QUEUE_MS of it
    way, out = run(delay_ms=0, rate_bps=400_000, packets=[(0.0, 1500)] * 40)
    assert way.dropped == 40 - len(out)
    assert abs(len(out) - (QUEUE_MS / 30 + 1)) <= 1
