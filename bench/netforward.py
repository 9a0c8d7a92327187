"""A link with delay, jitter, loss and a rate, in user space (this kernel has no sch_netem): two TUN devices, one
in each network namespace of the link, and this process between them. Every IP packet one side's stack sends
into its TUN is read here, held in a heap until its release time and written into the other side's TUN, so UDP
(WebRTC) and TCP (HTTP, the signalling socket) see the same path.

    python3 -m bench.netforward NS_A IF_A NS_B IF_B DELAY_MS JITTER_MS LOSS RATE_BPS SEED

Per direction: a packet waits for the link to be free (its size at RATE_BPS bits per second; a queue longer than
QUEUE_MS of sending is dropped at its tail, as a radio's buffer overflows), is lost with probability LOSS, and
arrives DELAY_MS (one way: half the round trip) plus a uniform jitter in [-JITTER_MS, +JITTER_MS] later; packets
keep their order, as a radio link keeps it. The devices are made here, non-persistent: they vanish with this
process. It prints "ready" once both are open; bench/netlab.py then gives them addresses.
"""

import ctypes
import fcntl
import heapq
import os
import random
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN, IFF_NO_PI = 0x0001, 0x1000
CLONE_NEWNET = 0x40000000
QUEUE_MS = 500  # the most sending time a direction's queue holds before it drops arrivals


def enter(ns):
    """This process's network namespace becomes `ns` (ip netns's bind mount): a TUN opened next is made there."""
    libc = ctypes.CDLL(None, use_errno=True)
    fd = os.open("/var/run/netns/" + ns, os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "setns " + ns)
    finally:
        os.close(fd)


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    return fd


class Direction:
    """One way of the link: packets from `src` to `dst`."""

    def __init__(self, src, dst, delay_ms, jitter_ms, loss, rate_bps, rng):
        self.src, self.dst = src, dst
        self.delay, self.jitter, self.loss, self.rate = delay_ms / 1000, jitter_ms / 1000, loss, rate_bps
        self.rng = rng
        self.free_at = 0.0  # when the link has sent what it holds
        self.last_out = 0.0  # the latest release time given: order is kept
        self.sent = self.dropped = self.lost = 0

    def arrive(self, packet, now, heap):
        start = max(now, self.free_at)
        if self.rate:
            if start - now > QUEUE_MS / 1000:
                self.dropped += 1
                return
            self.free_at = start + len(packet) * 8 / self.rate
        else:
            self.free_at = start
        if self.loss and self.rng.random() < self.loss:
            self.lost += 1
            return
        out = self.free_at + self.delay + (self.rng.uniform(-self.jitter, self.jitter) if self.jitter else 0)
        out = max(out, self.last_out)
        self.last_out = out
        heapq.heappush(heap, (out, self.sent, self.dst, packet))
        self.sent += 1


def main(argv):
    ns_a, if_a, ns_b, if_b = argv[:4]
    # the radio, not the machine, sets the link's delay: on a busy machine a forwarder woken late added its own
    # delay and tail drops (a 3G phone's link dropped mid-game in loaded CI runs). It does little work per packet.
    try:
        os.nice(-15)
    except OSError:  # not root: the lab needs root anyway (Lab.missing)
        pass
    delay_ms, jitter_ms, loss, rate_bps = float(argv[4]), float(argv[5]), float(argv[6]), float(argv[7])
    rng = random.Random(argv[8])
    enter(ns_a)
    fd_a = open_tun(if_a)
    enter(ns_b)
    fd_b = open_tun(if_b)
    ways = {
        fd_a: Direction(fd_a, fd_b, delay_ms, jitter_ms, loss, rate_bps, rng),
        fd_b: Direction(fd_b, fd_a, delay_ms, jitter_ms, loss, rate_bps, rng),
    }
    print("ready", flush=True)
    heap = []
    poller = select.poll()
    for fd in ways:
        poller.register(fd, select.POLLIN)
    while True:
        wait = -1 if not heap else max(0, int((heap[0][0] - time.monotonic()) * 1000))
        for fd, _ in poller.poll(wait):
            while True:
                try:
                    packet = os.read(fd, 65536)
                except BlockingIOError:
                    break
                ways[fd].arrive(packet, time.monotonic(), heap)
        now = time.monotonic()
        while heap and heap[0][0] <= now:
            _, _, dst, packet = heapq.heappop(heap)
            try:
                os.write(dst, packet)
            except OSError:  # the device is down (the lab is closing): the packet is lost
                pass


if __name__ == "__main__":
    main(sys.argv[1:])
