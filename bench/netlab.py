"""A network lab on one machine (issue 41): the paths a party meets, built from network namespaces, for the e2e
tests (e2e/test_netlab.py) and the bench (`python3 -m bench --only lab`). Needs root, `ip`, iptables and
/dev/net/tun; `Lab.missing()` says what is absent.

    core      the internet: a router joining the three below; it has no route into any private network
    public    10.77.0.2: the PeerServer, coturn and the static site
    home      the TV's Wi-Fi: a bridge (the access point) 10.77.100.0/24 behind the home router's NAT
              (10.77.1.2). The TV and each Wi-Fi phone are namespaces of their own on the bridge. `isolate(True)`
              is a guest Wi-Fi: the bridge's ports may not talk to each other (bridge port isolation) and the
              router drops what would come back into the Wi-Fi, so the only way between them is the relay.
    carrier   mobile data: each phone on it is a namespace joined to the carrier by its own radio link (a
              user-space link with delay, jitter, loss and rate: bench/netforward.py), behind the carrier's NAT
              with random ports (MASQUERADE --random: a new mapping per destination, as symmetric carrier NATs)

Only addresses inside these namespaces are used (10.77.0.0/16); the machine's own interfaces are never touched.
Chromium runs inside a device's namespace: Playwright launches it through `ip netns exec` (its pipe to the
browser crosses the namespace boundary untouched), so one Playwright drives every device.
"""

import atexit
import ctypes
import os
import shutil
import signal as signals
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = "10.77.0.2"
SITE_PORT, SIGNAL_PORT, TURN_PORT = 8080, 9000, 3478
TURN_USER, TURN_PASSWORD = "peerparty", "lab-relay"
PREFIX = "pplab"


# A selected candidate pair's ends, by type (RTCIceCandidateStats.candidateType): on the TV's Wi-Fi a direct path
# pairs the devices' own addresses. Either end may be "prflx", peer-reflexive: learnt from a connectivity check
# that arrived before the other side's signalled candidate (a busy machine delays the signalling), yet the same
# address on the same Wi-Fi. "srflx" (the router's public side, a hairpin) and "relay" are not the Wi-Fi's.
ON_THE_WIFI = ("host", "prflx")


def direct_on_the_wifi(path):
    """Whether a path (static/js/link.js pp.linkPath: {"local": type, "remote": type, ...}) joins two devices of
    the TV's Wi-Fi directly."""
    return bool(path) and path.get("local") in ON_THE_WIFI and path.get("remote") in ON_THE_WIFI


class Link:
    """A radio link: the round trip it adds (split between the two ways), jitter each way, loss each way and
    its rate (bits per second) each way."""

    def __init__(self, name, rtt_ms, jitter_ms, loss, rate_bps):
        self.name, self.rtt_ms, self.jitter_ms, self.loss, self.rate_bps = name, rtt_ms, jitter_ms, loss, rate_bps

    def describe(self):
        return "%s: %d ms round trip (jitter ±%d ms each way), %.1f Mbit/s, %g %% loss each way" % (
            self.name,
            self.rtt_ms,
            self.jitter_ms,
            self.rate_bps / 1e6,
            self.loss * 100,
        )


# The profiles. "wifi" phones sit on the TV's bridge (no shaping: the Wi-Fi is not the bottleneck)
PROFILES = {
    "4g": Link("4G behind a carrier NAT", 150, 10, 0.01, 1_600_000),
    "3g": Link("bad 3G behind a carrier NAT", 300, 30, 0.03, 400_000),
}


def missing():
    """Why this machine cannot build the lab (None when it can): root, ip, iptables, /dev/net/tun."""
    if os.geteuid() != 0:
        return "the network lab needs root (network namespaces)"
    for tool in ("ip", "iptables", "bridge", "conntrack"):
        if shutil.which(tool) is None:
            return "the network lab needs `%s` (apt-get install iproute2 iptables conntrack)" % tool
    if not os.path.exists("/dev/net/tun"):
        return "the network lab needs /dev/net/tun"
    return None


def sh(*argv, ns=None, check=True):
    cmd = (["ip", "netns", "exec", ns] if ns else []) + [str(a) for a in argv]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and done.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(cmd), done.stderr.strip()))
    return done.stdout


def in_namespace(ns, fn):
    """fn() run on a thread that has entered namespace `ns` (setns is per thread); a socket it makes stays in
    `ns` and works from any thread."""
    out = {}

    def run():
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = os.open("/var/run/netns/" + ns, os.O_RDONLY)
            try:
                if libc.setns(fd, 0x40000000) != 0:
                    raise OSError(ctypes.get_errno(), "setns " + ns)
            finally:
                os.close(fd)
            out["value"] = fn()
        except BaseException as exc:  # handed to the caller
            out["error"] = exc

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def drop_namespace(name):
    """Ends every process left inside a namespace of ours (a browser Playwright could not close, a server), then
    deletes it."""
    for pid in sh("ip", "netns", "pids", name, check=False).split():
        try:
            os.kill(int(pid), signals.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass
    sh("ip", "netns", "del", name, check=False)


def clear_stale():
    """Namespaces (and what runs in them) left by a lab whose process is gone (killed before it could clean up)."""
    for line in sh("ip", "netns", "list").splitlines():
        name = line.split()[0] if line.strip() else ""
        if name.startswith(PREFIX):
            pid = name[len(PREFIX) :].split("-")[0]
            if pid.isdigit() and not os.path.exists("/proc/" + pid):
                drop_namespace(name)


class Device:
    """A phone or the TV: its own namespace, its address, where it is ("wifi", "4g", "3g")."""

    def __init__(self, name, ns, addr, where):
        self.name, self.ns, self.addr, self.where = name, ns, addr, where


class Lab:
    def __init__(self, logs=None):
        self.tag = "%s%d" % (PREFIX, os.getpid())
        self.logs = Path(logs or ROOT / "artifacts" / "logs" / "netlab")
        self.logs.mkdir(parents=True, exist_ok=True)
        self.namespaces = []
        self.procs = []  # (name, Popen), stopped in reverse at close()
        self.devices = {}
        self.wifi_n = 0
        self.mobile_n = 0
        self.isolated = False
        self.work = Path(tempfile.mkdtemp(prefix="pplab-"))
        self.closed = False
        atexit.register(self.close)

    # --- namespaces and links --------------------------------------------------------------------------
    def ns(self, name):
        full = "%s-%s" % (self.tag, name)
        sh("ip", "netns", "add", full)
        self.namespaces.append(full)
        sh("ip", "link", "set", "lo", "up", ns=full)
        return full

    def veth(self, ns_a, if_a, addr_a, ns_b, if_b, addr_b=None):
        sh("ip", "link", "add", "name", if_a, "netns", ns_a, "type", "veth", "peer", "name", if_b, "netns", ns_b)
        sh("ip", "addr", "add", addr_a, "dev", if_a, ns=ns_a)
        if addr_b:
            sh("ip", "addr", "add", addr_b, "dev", if_b, ns=ns_b)
            sh("ip", "link", "set", if_b, "up", ns=ns_b)
        sh("ip", "link", "set", if_a, "up", ns=ns_a)

    def radio(self, ns_a, if_a, addr_a, ns_b, if_b, addr_b, link, seed):
        """A shaped point-to-point link: ns_a's if_a (addr_a) to ns_b's if_b (addr_b), both ways."""
        proc = self.spawn(
            "radio-" + if_a,
            [
                sys.executable,
                "-m",
                "bench.netforward",
                ns_a,
                if_a,
                ns_b,
                if_b,
                link.rtt_ms / 2,
                link.jitter_ms,
                link.loss,
                link.rate_bps,
                seed,
            ],
        )
        deadline = time.monotonic() + 10
        while not self._has_link(ns_b, if_b):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the radio link %s did not come up: %s" % (if_a, self.log_text("radio-" + if_a)))
            time.sleep(0.02)
        for ns, dev, mine, peer in ((ns_a, if_a, addr_a, addr_b), (ns_b, if_b, addr_b, addr_a)):
            sh("ip", "addr", "add", mine, "peer", peer, "dev", dev, ns=ns)
            sh("ip", "link", "set", dev, "up", ns=ns)

    @staticmethod
    def _has_link(ns, dev):
        return sh("ip", "link", "show", dev, ns=ns, check=False) != ""

    def up(self, site_root=None):
        """Builds core, public, home and carrier, and starts the PeerServer, coturn and the site in public (this
        checkout, or site_root: a built copy, which a rebuild elsewhere cannot change under a page)."""
        problem = missing()
        if problem:
            raise RuntimeError(problem)
        clear_stale()
        self.core, self.public = self.ns("core"), self.ns("public")
        self.home, self.carrier = self.ns("home"), self.ns("carrier")
        for ns in (self.core, self.home, self.carrier):
            sh("sysctl", "-qw", "net.ipv4.ip_forward=1", ns=ns)
        self.veth(self.core, "c0", "10.77.0.1/24", self.public, "wan", PUBLIC + "/24")
        self.veth(self.core, "c1", "10.77.1.1/24", self.home, "wan", "10.77.1.2/24")
        self.veth(self.core, "c2", "10.77.2.1/24", self.carrier, "wan", "10.77.2.2/24")
        sh("ip", "route", "add", "default", "via", "10.77.0.1", ns=self.public)
        sh("ip", "route", "add", "default", "via", "10.77.1.1", ns=self.home)
        sh("ip", "route", "add", "default", "via", "10.77.2.1", ns=self.carrier)
        # the home router: the Wi-Fi's bridge, and NAT to the internet
        sh("ip", "link", "add", "br0", "type", "bridge", ns=self.home)
        sh("ip", "addr", "add", "10.77.100.1/24", "dev", "br0", ns=self.home)
        sh("ip", "link", "set", "br0", "up", ns=self.home)
        sh(
            "iptables",
            "-t",
            "nat",
            "-A",
            "POSTROUTING",
            "-s",
            "10.77.100.0/24",
            "-o",
            "wan",
            "-j",
            "MASQUERADE",
            ns=self.home,
        )
        # the carrier: every phone's radio link, and NAT with a new random port per mapping
        sh(
            "iptables",
            "-t",
            "nat",
            "-A",
            "POSTROUTING",
            "-s",
            "10.77.192.0/18",
            "-o",
            "wan",
            "-j",
            "MASQUERADE",
            "--random",
            ns=self.carrier,
        )
        self.start_servers(site_root)
        return self

    def device(self, name, where):
        """A new device namespace: "wifi" on the TV's bridge, or "4g"/"3g" on the carrier by a radio link."""
        ns = self.ns("d-" + name)
        if where == "wifi":
            self.wifi_n += 1
            addr = "10.77.100.%d" % (9 + self.wifi_n)
            port = "w%d" % self.wifi_n
            self.veth(ns, "eth0", addr + "/24", self.home, port)
            sh("ip", "link", "set", port, "master", "br0", ns=self.home)
            sh("ip", "link", "set", port, "up", ns=self.home)
            if self.isolated:
                sh("bridge", "link", "set", "dev", port, "isolated", "on", ns=self.home)
            sh("ip", "route", "add", "default", "via", "10.77.100.1", ns=ns)
        else:
            self.mobile_n += 1
            k = 199 + self.mobile_n
            addr = "10.77.%d.2" % k
            self.radio(ns, "radio0", addr, self.carrier, "m%d" % self.mobile_n, "10.77.%d.1" % k, PROFILES[where], name)
            sh("ip", "route", "add", "default", "via", "10.77.%d.1" % k, ns=ns)
        dev = self.devices[name] = Device(name, ns, addr, where)
        return dev

    def isolate(self, on):
        """Client isolation on the TV's Wi-Fi (a guest network): no device reaches another but through the
        internet, and the home router sends nothing from the Wi-Fi back into it (no hairpin through its NAT)."""
        self.isolated = on
        for k in range(1, self.wifi_n + 1):
            sh("bridge", "link", "set", "dev", "w%d" % k, "isolated", "on" if on else "off", ns=self.home)
        rule = ["FORWARD", "-i", "br0", "-o", "br0", "-j", "DROP"]
        present = (
            subprocess.run(
                ["ip", "netns", "exec", self.home, "iptables", "-C"] + rule, stderr=subprocess.DEVNULL
            ).returncode
            == 0
        )
        if on and not present:
            sh("iptables", "-A", *rule, ns=self.home)
        elif not on and present:
            sh("iptables", "-D", *rule, ns=self.home)
        sh("conntrack", "-F", ns=self.home, check=False)  # flows set up before the change follow it too

    # --- processes --------------------------------------------------------------------------------------
    def spawn(self, name, argv, ns=None):
        log = self.logs / (name + ".log")
        out = open(log, "wb")
        cmd = (["ip", "netns", "exec", ns] if ns else []) + [str(a) for a in argv]
        proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True
        )
        out.close()
        self.procs.append((name, proc))
        return proc

    def log_text(self, name):
        try:
            return (self.logs / (name + ".log")).read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    def stop(self, name, kill=False):
        for n, proc in self.procs:
            if n == name and proc.poll() is None:
                try:
                    os.killpg(proc.pid, signals.SIGKILL if kill else signals.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signals.SIGKILL)
                    proc.wait(timeout=5)
        self.procs = [(n, p) for n, p in self.procs if not (n == name and p.poll() is not None)]

    def listening(self, ns, port, timeout=30.0, proc_name=None):
        deadline = time.monotonic() + timeout

        def probe():
            with socket.create_connection((PUBLIC, port), timeout=0.5):
                return True

        while time.monotonic() < deadline:
            try:
                return in_namespace(ns, probe)
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("nothing listens on %s:%d: %s" % (PUBLIC, port, self.log_text(proc_name or "")))

    def start_peerserver(self):
        node_bin = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
        self.spawn(
            "peerserver",
            ["node", node_bin, "--host", PUBLIC, "--port", SIGNAL_PORT, "--path", "/peerjs"],
            ns=self.public,
        )
        self.listening(self.public, SIGNAL_PORT, proc_name="peerserver")

    def start_turn(self):
        from scripts import coturn

        work = self.work / "coturn"
        work.mkdir(exist_ok=True)
        argv = coturn.argv(TURN_PORT, TURN_USER, TURN_PASSWORD, str(work), 49160, listen=PUBLIC, loopback=False)
        self.spawn("turnserver", argv + ["--relay-ip=" + PUBLIC], ns=self.public)
        self.listening(self.public, TURN_PORT, proc_name="turnserver")

    def start_servers(self, site_root=None):
        root = ["--root", site_root] if site_root else []
        self.spawn(
            "site",
            [sys.executable, ROOT / "scripts" / "serve.py", "--host", PUBLIC, "--port", SITE_PORT] + root,
            ns=self.public,
        )
        self.listening(self.public, SITE_PORT, proc_name="site")
        self.start_peerserver()
        self.start_turn()

    # --- what pages are given -----------------------------------------------------------------------------
    site = "http://%s:%d" % (PUBLIC, SITE_PORT)
    signal = "%s:%d/peerjs" % (PUBLIC, SIGNAL_PORT)
    turn = "turn:%s:%s@%s:%d" % (TURN_USER, TURN_PASSWORD, PUBLIC, TURN_PORT)

    def chromium(self, device, chromium="/usr/bin/chromium"):
        """An executable that runs Chromium inside the device's namespace (for Playwright's executable_path)."""
        path = self.work / ("chromium-" + device.name)
        path.write_text('#!/bin/sh\nexec ip netns exec %s %s "$@"\n' % (device.ns, chromium))
        path.chmod(0o755)
        return str(path)

    # the lab's site as a deployed one is: a secure context (the service worker, the warm visit's cache)
    secure_flag = "--unsafely-treat-insecure-origin-as-secure=http://%s:%d" % (PUBLIC, SITE_PORT)

    def close(self):
        if self.closed:
            return
        self.closed = True
        for name, proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signals.SIGTERM)
                except ProcessLookupError:
                    pass
        for name, proc in reversed(self.procs):
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signals.SIGKILL)
                proc.wait(timeout=5)
        for ns in reversed(self.namespaces):
            drop_namespace(ns)
        shutil.rmtree(self.work, ignore_errors=True)
