"""Browser figures: real headless Chromium over a real local PeerServer and scripts/serve.py (with a byte
counter, bench/countserve.py), all on 127.0.0.1.

Clocks. Boot figures use each page's own clock: an init script (INIT) records, with a MutationObserver, when each
body[data-*] signal first appears, in performance.now() since the navigation started. Figures across pages (a
phone's tap -> the host's screen, the host's click -> every phone) use Date.now(), which all pages on one machine
share: the tap/click time from a capture-phase listener in the page, the update time from the same observer
when body[data-seq] changes. The observer runs right after the task that rendered, so "updated" means the DOM
was patched (not yet painted). Playwright's own polling never enters a figure.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager, nullcontext
from pathlib import Path
from urllib.parse import urlsplit

from scripts import coturn

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "bench" / "results" / "logs"
CHROMIUM = os.environ.get("PEERPARTY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [  # the same flags as e2e/conftest.py
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
HOST_VIEW = {"width": 1280, "height": 720}
PHONE_VIEW = {"width": 390, "height": 844}
WAIT_MS = 120_000
# Network.emulateNetworkConditions: bytes per second, latency in ms
MOBILE = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}

INIT = r"""(() => {
  const b = window.__bench = {origin: performance.timeOrigin, first: {}, changes: [], clicks: [], longtasks: [], frames: []};
  const last = {};
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.target !== document.body || !m.attributeName || !m.attributeName.startsWith('data-')) continue;
      const n = m.attributeName.slice(5), v = document.body.getAttribute(m.attributeName);
      if (last[n] === v) continue;
      last[n] = v;
      const rec = {n, v, at: Date.now(), pn: performance.now()};
      b.changes.push(rec);
      if (!(n in b.first)) b.first[n] = rec;
    }
    if (!b.joinable && document.querySelector('#join button:not([disabled])')) {
      b.joinable = Date.now();
      // ?bench_join=NAME: a guest whose name is remembered taps Join the moment the form is painted (no
      // automation gap: Playwright's own round trips would let the link get ahead of the tap)
      const auto = new URLSearchParams(location.search).get('bench_join');
      if (auto) requestAnimationFrame(() => setTimeout(() => {
        const form = document.getElementById('join');
        form.querySelector('#name').value = auto;
        b.clicks.push({at: Date.now(), what: 'bench_join'});
        form.requestSubmit();
      }, 0));
    }
    if (!b.code) {
      const code = document.querySelector('.join-box .code');
      if (code && /^[A-Z]{4,5}$/.test(code.textContent)) b.code = performance.now();
    }
    if (b.code && !b.qr && document.querySelector('.join-box .qr svg')) b.qr = performance.now();
  }).observe(document, {attributes: true, subtree: true, childList: true});
  document.addEventListener('click', (e) => {
    const el = e.target.closest('button, label, [data-move]');
    b.clicks.push({at: Date.now(), what: el ? (el.className || el.tagName) + ' ' + (el.dataset.move || '') : ''});
  }, true);
  document.addEventListener('submit', () => b.clicks.push({at: Date.now(), what: 'submit'}), true);
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) b.longtasks.push([e.startTime, e.duration]); })
      .observe({type: 'longtask', buffered: true});
  } catch (e) {}
  try {   // long animation frames, with the scripts that ran in them: what a long task was
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        if (e.duration < 50) continue;
        b.frames.push({at: e.startTime, ms: e.duration, blocking: e.blockingDuration,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((x) => [x.invokerType, x.invoker, (x.sourceURL || '').split('/').pop(),
            x.sourceFunctionName, Math.round(x.duration), Math.round(x.forcedStyleAndLayoutDuration)])});
      }
    }).observe({type: 'long-animation-frame', buffered: true});
  } catch (e) {}
})();"""


# ---------------------------------------------------------------------------------------------------------------
# servers


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(cmd, name, port):
    LOGS.mkdir(parents=True, exist_ok=True)
    log = LOGS / ("%s.log" % name)
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("%s exited: %s" % (name, log.read_text(errors="replace")))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("%s did not listen on %d" % (name, port))


class Servers:
    """A PeerServer (npm `peer`) and scripts/serve.py (through bench/countserve.py) on 127.0.0.1, and with
    relay=True coturn too (self.turn: what a page's ?turn= takes). `site` is the checkout whose pages are served
    (this one by default; another, e.g. an export of main, to compare)."""

    def __init__(self, relay=False, site=None):
        self.relay = relay
        self.turn = None
        self.checkout = Path(site).resolve() if site else ROOT

    def __enter__(self):
        peer_bin = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
        if not peer_bin.is_file():
            raise SystemExit("node_modules/peer is missing: run `npm ci` (or `make build`)")
        self.procs = []
        pport = free_port()
        self.procs.append(
            _start(
                ["node", str(peer_bin), "--host", "127.0.0.1", "--port", str(pport), "--path", "/peerjs"],
                "peerserver",
                pport,
            )
        )
        self.signal = "127.0.0.1:%d/peerjs" % pport
        # A frozen copy of the site for the whole run: other sessions rebuild static/build/ while they work, and
        # a precache list that changes under an installing service worker fails its sha256 check (seen: "service
        # worker not active" and warm loads served without it).
        self.tmp = tempfile.TemporaryDirectory(prefix="peerparty-bench-")
        site_root = Path(self.tmp.name) / "site"
        subprocess.run(
            [sys.executable, str(self.checkout / "scripts" / "build.py"), "--dist", str(site_root)],
            cwd=self.checkout,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        shutil.copytree(ROOT / "bench" / "pages", site_root / "bench" / "pages")
        sport = free_port()
        self.procs.append(
            _start(
                [
                    sys.executable,
                    str(ROOT / "bench" / "countserve.py"),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(sport),
                    "--root",
                    str(site_root),
                ],
                "serve",
                sport,
            )
        )
        self.site = "http://127.0.0.1:%d" % sport
        self.root = site_root
        if self.relay:
            if coturn.turnserver() is None:
                raise SystemExit("turnserver is missing: apt-get install coturn")
            tport = free_port()
            self.procs.append(
                _start(
                    coturn.argv(tport, "bench", "bench-secret", self.tmp.name, random.randrange(50000, 59000)),
                    "turnserver",
                    tport,
                )
            )
            self.turn = "turn:bench:bench-secret@127.0.0.1:%d" % tport
        return self

    def wire(self):
        """(bytes, by_path) the static server has written so far, not counting these queries."""
        with urllib.request.urlopen(self.site + "/__bench__/bytes", timeout=10) as r:
            data = json.loads(r.read())
        by_path = dict((p, n) for p, n in data["by_path"].items() if not p.startswith("/__bench__"))
        return sum(by_path.values()), by_path

    def __exit__(self, *exc):
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
        self.tmp.cleanup()


# ---------------------------------------------------------------------------------------------------------------
# pages


class Lab:
    """One Chromium; every person is a new context (own cache, storage and service worker)."""

    def __init__(self, playwright, servers, locale=None):
        if not Path(CHROMIUM).exists():
            raise SystemExit("%s is missing: apt-get install chromium" % CHROMIUM)
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        self.playwright = playwright
        self.others = None
        self.third = None
        self.s = servers
        self.problems = []
        self.locale = locale  # every person's browser language (--lang): None is Chromium's own, English

    def close(self):
        self.browser.close()
        for other in (self.others, self.third):
            if other:
                other.close()

    def screen_device(self):
        """A third Chromium, at the TV's priority, for remote screens: a screen is a device of its own (a laptop,
        a smart TV), and in the phones' idle Chromium it would wait behind twelve phones drawing the same step."""
        if self.third is None:
            self.third = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        return self.third

    def other_devices(self):
        """A second Chromium at the lowest CPU priority, for the phones of a room whose TV is measured: in a real
        evening each phone is a device of its own, and here twelve phone pages on the TV's two cores would take
        the CPU from its threads (a long task's wall time counts the time it waited for a core).
        Playwright starts it in a session of its own: with autogroup scheduling that session is first given an
        equal share of the CPU against the TV's, whatever its processes' priorities, so the wrapper sets the
        session's group to nice 19 (its lowest weight). Inside it, SCHED_IDLE, not nice 19: Chromium sets its
        processes' nice values itself (renderers 0, the browser and GPU processes -8 when it may), which undid
        `nice -n 19`; it leaves the scheduling policy alone, and every process and thread it starts inherits it."""
        if self.others is None:
            wrapper = Path(self.s.tmp.name) / "idle-chromium"
            wrapper.write_text(
                '#!/bin/sh\n(echo 19 > /proc/self/autogroup) 2>/dev/null\nexec chrt --idle 0 "%s" "$@"\n' % CHROMIUM
            )
            wrapper.chmod(0o755)
            self.others = self.playwright.chromium.launch(
                executable_path=str(wrapper), args=CHROMIUM_ARGS, headless=True
            )
        return self.others

    allowed_hosts = LOCAL_HOSTS  # where pages may send requests: every other is aborted and recorded

    def browser_for(self, viewport, other_device, screen_device):
        return self.screen_device() if screen_device else self.other_devices() if other_device else self.browser

    def context(self, viewport=HOST_VIEW, other_device=False, screen_device=False):
        language = {"locale": self.locale} if self.locale else {}
        ctx = self.browser_for(viewport, other_device, screen_device).new_context(viewport=viewport, **language)
        ctx.add_init_script(INIT)

        def guard(route):
            parts = urlsplit(route.request.url)
            if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in self.allowed_hosts:
                self.problems.append("blocked: " + route.request.url)
                route.abort("blockedbyclient")
            else:
                route.continue_()

        ctx.route("**/*", guard)
        return ctx

    def page(self, ctx, throttle=None):
        """A page with a CDP session counting Network.loadingFinished encodedDataLength (page.bench_bytes)."""
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        counter = {"bytes": 0, "requests": 0}

        def finished(ev):
            counter["bytes"] += ev.get("encodedDataLength", 0)
            counter["requests"] += 1

        cdp.on("Network.loadingFinished", finished)
        if throttle:
            cdp.send("Network.emulateNetworkConditions", throttle)
        page.bench_bytes = counter
        page.bench_cdp = cdp
        page.on("pageerror", lambda exc: self.problems.append("pageerror: %s" % exc))
        return page

    def url(self, path):
        return self.s.site + path

    def goto(self, page, path):
        for k in page.bench_bytes:
            page.bench_bytes[k] = 0
        page.goto(self.url(path), wait_until="commit", timeout=WAIT_MS)

    def wait_mark(self, page, name, timeout=WAIT_MS):
        page.wait_for_selector("body[data-%s], .py-error" % name, state="attached", timeout=timeout)
        if page.query_selector(".py-error"):
            raise RuntimeError("Python error on %s: %s" % (page.url, page.inner_text(".py-error")))
        return page.evaluate("n => window.__bench.first[n]", name)

    def sw_ready(self, page, register=False, timeout_ms=90_000):
        """Wait until this origin's service worker is active (its precache complete). Never hangs: an install
        that fails (e.g. static/build rebuilt mid-run, so a precache sha256 no longer matches) is recorded."""
        if register:
            page.evaluate("() => navigator.serviceWorker.register('/sw.js').catch(() => null)")
        ok = page.evaluate(
            "ms => Promise.race([navigator.serviceWorker.ready.then(() => true),"
            " new Promise(r => setTimeout(() => r(false), ms))])",
            timeout_ms,
        )
        if not ok:
            self.problems.append("service worker not active after %d s on %s" % (timeout_ms // 1000, page.url))
        return ok

    @staticmethod
    def bench(page):
        return page.evaluate("() => window.__bench")


def host_url(signal, extra=""):
    return "/host.html?signal=%s&new=1%s" % (signal, extra)


def join_url(signal, code, extra=""):
    return "/join.html?room=%s&signal=%s%s" % (code, signal, extra)


def open_host(lab, ctx=None, extra=""):
    ctx = ctx or lab.context(HOST_VIEW)
    page = lab.page(ctx)
    lab.goto(page, host_url(lab.s.signal, extra))
    mark = lab.wait_mark(page, "room-ready")
    return ctx, page, mark["v"]


def host_players(host):
    return int(host.get_attribute("body", "data-players") or 0)


def phone_join(lab, phone, host, code, name, extra=""):
    """A guest whose name is remembered taps Join the moment the form is painted (INIT's ?bench_join, in the
    page: no automation gap). Returns ms from the phone's navigation start to the host showing one more player,
    and its parts for the record. (This used to tap through Playwright and subtract the gap from usable to tap;
    that undercounted whenever the link, set up meanwhile, was what the join waited for.)"""
    before = host_players(host)
    lab.goto(phone, join_url(lab.s.signal, code, extra + "&bench_join=" + name))
    host.wait_for_function("n => Number(document.body.dataset.players || 0) > n", arg=before, timeout=WAIT_MS)
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    pb, hb = lab.bench(phone), lab.bench(host)
    tap = next(c["at"] for c in pb["clicks"] if c["what"] == "bench_join")
    shown = next(c["at"] for c in hb["changes"] if c["n"] == "players" and int(c["v"]) > before and c["at"] >= tap)
    ready = pb["first"].get("ready")
    return {
        "joined_ms": shown - pb["origin"],
        "usable_ms": pb["joinable"] - pb["origin"],
        "tap_to_host_ms": shown - tap,
        "python_ready_ms": ready["pn"] if ready else None,
        "longtasks_ms": sum(d for _, d in pb["longtasks"]),
    }


def typed_join(lab, phone, name, after_ms=3000, throttle=None):
    """A guest who types a name for the first `after_ms` of the page's life, then taps Join: ms from the tap to
    "You're in" on the phone (body[data-status=joined], Python's; or body[data-seated], join.html's first frame
    drawing it from the early link's welcome while a first visit's Python is still on its way). By then the
    phone's Python and link are up, or not.

    The tap's answer is one round trip on the data channel. Chromium's emulated `latency` is one round trip for an
    HTTP request but is added to each direction of the data channel's packets (measured: an idle round trip of the
    link is 90 ms at latency 40, 310 ms at 150). So the page loads at the throttle's latency (its files, and the
    link's setup at twice the round trip, which is pessimistic), and from the tap on the data channel gets half
    of it each way: the round trip the throttle names, as a phone on that network has it."""
    phone.wait_for_selector("#join button:not([disabled]), .py-error", timeout=WAIT_MS)
    phone.wait_for_function("ms => performance.now() >= ms", arg=after_ms, timeout=WAIT_MS, polling=20)
    if throttle:
        phone.bench_cdp.send("Network.emulateNetworkConditions", dict(throttle, latency=throttle["latency"] / 2))
    phone.fill("#name", name)
    phone.click("#join button")
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)  # and Python, which the bench then uses
    if throttle:
        phone.bench_cdp.send("Network.emulateNetworkConditions", throttle)
    pb = lab.bench(phone)
    tap = [c["at"] for c in pb["clicks"]][-1]
    return (
        next(
            c["at"]
            for c in pb["changes"]
            if c["at"] >= tap and ((c["n"] == "status" and c["v"] == "joined") or c["n"] == "seated")
        )
        - tap
    )


def leave(phone):
    phone.evaluate('() => pp.sendRaw(\'{"v":1,"t":"leave"}\')')


# ---------------------------------------------------------------------------------------------------------------
# figures


def blocking(longtasks, until_ms):
    """Total Blocking Time as Lighthouse counts it: the part of each main-thread long task past 50 ms, summed,
    here over the tasks that started before until_ms (page clock)."""
    return sum(max(0.0, d - 50) for t, d in longtasks if t < until_ms)


def host_up(lab, page):
    """Wait until the host page has its room open to phones and its rules answering (the first screen drawn from
    the room's data): {code, qr, up} in ms since navigation, and the rules worker's boot phases if it has one.
    The same for the one-thread host page (main before issue 15), where the room is ready all at once."""
    room = lab.wait_mark(page, "room-ready")
    players = lab.wait_mark(page, "players")
    b = lab.bench(page)
    rules = b["first"].get("rules-ready")
    up = max(room["pn"], players["pn"])
    return {
        "code": b.get("code"),
        "qr": b.get("qr"),
        "up": up,
        "rules": rules["pn"] if rules else None,
        "worker": page.evaluate("() => (window.pp && pp.host && pp.host.boot) || null"),
        "wasm": page.evaluate("() => (window.pp && pp.host && pp.host.wasm) || null"),
        "snapshot": page.evaluate("() => document.body.dataset.snapshot || null"),
    }


def boot_pairs(lab, reps, log):
    """Per repetition, cold then warm: the host page (room code and QR code on screen; room open and rules up;
    main-thread blocking until then), the bare MicroPython page and the bare Pyodide page."""
    keys = ["qr", "code", "up", "blocking", "longtasks"]
    out = dict(("host_%s_%s" % (k, m), []) for k in keys for m in ("cold", "warm"))
    out.update(
        {
            "pyodide_cold": [],
            "pyodide_warm": [],
            "mpy_cold": [],
            "mpy_warm": [],
            "pyodide_longtasks": [],
            "host_worker": [],
            "host_resources": None,
            "host_keep_wasm_blocking": [],
            "host_keep_wasm_longest": [],
            "host_wasm_cold": [],
            "host_wasm_warm": [],
            "host_snapshot_cold": [],
            "host_snapshot_warm": [],
        }
    )
    for i in range(reps):
        ctx = lab.context(HOST_VIEW)
        page = lab.page(ctx)
        for mode in ("cold", "warm"):
            lab.goto(page, host_url(lab.s.signal))
            up = host_up(lab, page)
            page.wait_for_timeout(1000)  # a second past "up": long tasks the boot leaves behind count too
            b = lab.bench(page)
            for k in ("qr", "code", "up"):
                out["host_%s_%s" % (k, mode)].append(up[k])
            out["host_blocking_" + mode].append(blocking(b["longtasks"], up["up"] + 1000))
            out["host_longtasks_" + mode].append(sum(d for _, d in b["longtasks"]))
            if up["worker"]:
                out["host_worker"].append(dict(mode=mode, phases=up["worker"]))
            out["host_wasm_" + mode].append(up["wasm"])
            out["host_snapshot_" + mode].append(up["snapshot"])
            if up["snapshot"] == "made":  # the warm visit restores the rules' snapshot once it is kept
                page.wait_for_function("() => document.body.dataset.snapshot !== 'made'", timeout=WAIT_MS)
            if mode == "cold" and page.evaluate("() => !!window.ppWasm"):
                # a first visit's worker compiled Pyodide's wasm; the page compiles it once more when the room is
                # idle, for Chromium's code cache (host-room.js keepWasm): the warm visit counts on it
                kept = lab.wait_mark(page, "wasm", timeout=60_000)
                later = [(t, d) for t, d in lab.bench(page)["longtasks"] if up["up"] + 1000 <= t <= kept["pn"]]
                out["host_keep_wasm_blocking"].append(blocking(later, kept["pn"] + 1))
                out["host_keep_wasm_longest"].append(max([d for _, d in later] or [0]))
            if mode == "cold":
                if out["host_resources"] is None:
                    out["host_resources"] = page.evaluate(
                        "() => performance.getEntriesByType('resource').map(e => [e.name.split('?')[0].replace("
                        "location.origin, ''), Math.round(e.transferSize), Math.round(e.duration), Math.round(e.startTime)])"
                    )
                    out["host_marks_cold"] = dict((k, round(v["pn"])) for k, v in b["first"].items())
                lab.sw_ready(page)
        ctx.close()

        for name, path in (
            ("mpy", "/bench/pages/bare_micropython.html"),
            ("pyodide", "/bench/pages/bare_pyodide.html"),
        ):
            ctx = lab.context(HOST_VIEW)
            page = lab.page(ctx)
            lab.goto(page, path)
            out[name + "_cold"].append(lab.wait_mark(page, "ready")["pn"])
            if name == "pyodide":
                out["pyodide_longtasks"].append(sum(d for _, d in lab.bench(page)["longtasks"]))
            lab.sw_ready(page, register=True)  # the site's worker, so the warm load is served the same way
            lab.goto(page, path)
            out[name + "_warm"].append(lab.wait_mark(page, "ready")["pn"])
            ctx.close()
        log(
            "  boot %d/%d: host QR %.0f/%.0f ms, up %.0f/%.0f ms, blocking %.0f/%.0f ms; bare MicroPython %.0f/%.0f, "
            "bare Pyodide %.0f/%.0f ms (cold/warm)"
            % (
                i + 1,
                reps,
                out["host_qr_cold"][-1] or -1,
                out["host_qr_warm"][-1] or -1,
                out["host_up_cold"][-1],
                out["host_up_warm"][-1],
                out["host_blocking_cold"][-1],
                out["host_blocking_warm"][-1],
                out["mpy_cold"][-1],
                out["mpy_warm"][-1],
                out["pyodide_cold"][-1],
                out["pyodide_warm"][-1],
            )
        )
    return out


def early_phone(lab, reps, log):
    """A phone opens the join link the moment the QR code is on the TV (both cold) and joins as soon as its form
    lets it: when does the TV show it, against when the host's rules were up (the host page's own clock)."""
    out = {"after_up": [], "queued": [], "host_up": [], "joined": []}
    for i in range(reps):
        hctx = lab.context(HOST_VIEW)
        host = lab.page(hctx)
        lab.goto(host, host_url(lab.s.signal))
        host.wait_for_function("() => window.__bench.qr", timeout=WAIT_MS)
        code = host.evaluate("() => document.querySelector('.join-box .code').textContent")
        pctx = lab.context(PHONE_VIEW)
        phone = lab.page(pctx)
        lab.goto(phone, join_url(lab.s.signal, code))
        phone.wait_for_selector("#join button:not([disabled]), .py-error", timeout=WAIT_MS)
        phone.fill("#name", "Early")
        phone.click("#join button")
        host.wait_for_function("() => Number(document.body.dataset.players || 0) > 0", timeout=WAIT_MS)
        up = host_up(lab, host)
        hb, pb = lab.bench(host), lab.bench(phone)
        shown = next(c for c in hb["changes"] if c["n"] == "players" and int(c["v"]) > 0)
        tap = pb["clicks"][-1]["at"]
        up_at = hb["origin"] + up["up"]  # Date.now() clock, shared by every page on this machine
        out["after_up"].append(shown["pn"] - up["up"])
        out["queued"].append(tap < up_at)
        out["host_up"].append(up["up"])
        out["joined"].append(shown["pn"])
        pctx.close()
        hctx.close()
        log(
            "  early phone %d/%d: host up at %.0f ms, phone shown at %.0f ms (%+.0f ms; tapped %s the rules were up)"
            % (i + 1, reps, up["up"], shown["pn"], out["after_up"][-1], "before" if out["queued"][-1] else "after")
        )
    return out


def successor_replica(code="TKVR"):
    """A Hint Hunt room in play whose host is Hana, as its successor's phone (Ann) keeps it: (code, replica
    text, Ann's seat token). Built with the room's own code under CPython."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from peerparty.app.rules import Rules
    from peerparty.room.guest import GuestSession

    rules = Rules()
    phones = {}

    def deliver(out):
        for conn, text in out.get("send", []):
            phones[conn].receive(text, 1000)

    rules.open("new", code, 0, 1000)
    rules.action('{"room":"join_local","name":"Hana"}', 1000)
    for conn, name in (("c1", "Ann"), ("c2", "Ben"), ("c3", "Cat")):
        phones[conn] = GuestSession(code, name=name)
        deliver(rules.connect(conn, 1000))
        deliver(rules.data(conn, phones[conn].hello(), 1000))
    rules.action('{"room":"pick","game":"hint_hunt"}', 1000)
    deliver(rules.action('{"room":"start"}', 1000))
    ann = phones["c1"]
    return code, json.dumps(ann.replica), ann.token


def takeover(lab, reps, log):
    """The successor's phone opens host.html?takeover=1 (a browser that never loaded the host page before): when
    is the room code on its screen, and when does the room accept moves again."""
    code, replica, token = successor_replica()
    out = {"code": [], "up": []}
    for i in range(reps):
        ctx = lab.context(HOST_VIEW)
        page = lab.page(ctx)
        lab.goto(page, "/index.html")
        page.evaluate(
            """([code, replica, token]) => {
            localStorage.setItem('peerparty:replica:' + code, replica);
            localStorage.setItem('peerparty:seat:' + code, token);
            localStorage.setItem('peerparty:seat:' + code + ':epoch', '0');
        }""",
            [code, replica, token],
        )
        lab.goto(page, "/host.html?takeover=1&room=%s&signal=%s" % (code, lab.s.signal))
        up = host_up(lab, page)
        epoch = page.get_attribute("body", "data-epoch")
        if epoch != "1":
            lab.problems.append("takeover opened epoch %s, not 1" % epoch)
        out["code"].append(up["code"])
        out["up"].append(up["up"])
        ctx.close()
        log(
            "  takeover %d/%d: room code on screen at %.0f ms, accepting moves at %.0f ms"
            % (i + 1, reps, up["code"] or -1, up["up"])
        )
    return out


def phone_pairs(lab, reps, log, throttle=None, label="phone"):
    """Phone page to joined on the host screen, cold then warm, and the bare MicroPython page the same way."""
    out = {
        "cold": [],
        "warm": [],
        "mpy_cold": [],
        "mpy_warm": [],
        "usable_cold": [],
        "usable_warm": [],
        "tap_to_host": [],
        "python_cold": [],
        "python_warm": [],
        "longtasks_cold": [],
        "longtasks_warm": [],
        "typed_cold": [],
        "typed_warm": [],
        "warm_half": [],
    }
    hctx, host, code = open_host(lab)
    lab.wait_mark(host, "rules-ready")  # a phone before the rules are up is the "early" section's figure
    n = 0
    for i in range(reps):
        ctx = lab.context(PHONE_VIEW)
        phone = lab.page(ctx, throttle)
        for mode in ("cold", "warm"):
            n += 1
            r = phone_join(lab, phone, host, code, "P%d" % n)
            out[mode].append(r["joined_ms"])
            out["usable_" + mode].append(r["usable_ms"])
            out["tap_to_host"].append(r["tap_to_host_ms"])
            out["python_" + mode].append(r["python_ready_ms"])
            out["longtasks_" + mode].append(r["longtasks_ms"])
            leave(phone)
            phone.wait_for_selector("body[data-status=left], body[data-status=removed]", timeout=WAIT_MS)
            if mode == "cold":
                lab.sw_ready(phone)
            phone.evaluate("() => localStorage.clear()")  # join afresh, not rejoin by token
        if throttle:
            # the warm join again with the data channel at the round trip the profile names (half the latency:
            # Chromium adds it to each direction of a UDP packet); HTTP and the signalling socket then get half
            # of theirs, which is optimistic where the full run is pessimistic: the two bracket a real network
            phone.bench_cdp.send("Network.emulateNetworkConditions", dict(throttle, latency=throttle["latency"] / 2))
            n += 1
            out["warm_half"].append(phone_join(lab, phone, host, code, "P%d" % n)["joined_ms"])
            leave(phone)
            phone.wait_for_selector("body[data-status=left], body[data-status=removed]", timeout=WAIT_MS)
            phone.evaluate("() => localStorage.clear()")
            phone.bench_cdp.send("Network.emulateNetworkConditions", throttle)
        # a guest who types for 3 s: the tap comes when the page is up, warm (this context) and cold (a new one)
        for mode in ("warm", "cold"):
            if mode == "cold":
                ctx.close()
                ctx = lab.context(PHONE_VIEW)
                phone = lab.page(ctx, throttle)
            n += 1
            lab.goto(phone, join_url(lab.s.signal, code))
            out["typed_" + mode].append(typed_join(lab, phone, "P%d" % n, throttle=throttle))
            leave(phone)
            phone.wait_for_selector("body[data-status=left], body[data-status=removed]", timeout=WAIT_MS)
            phone.evaluate("() => localStorage.clear()")
        ctx.close()

        ctx = lab.context(PHONE_VIEW)
        page = lab.page(ctx, throttle)
        lab.goto(page, "/bench/pages/bare_micropython.html")
        out["mpy_cold"].append(lab.wait_mark(page, "ready")["pn"])
        lab.sw_ready(page, register=True)
        lab.goto(page, "/bench/pages/bare_micropython.html")
        out["mpy_warm"].append(lab.wait_mark(page, "ready")["pn"])
        ctx.close()
        log(
            "  %s %d/%d: joined %.0f/%.0f ms, typed 3 s then tap -> in %.0f/%.0f ms, bare MicroPython %.0f/%.0f ms "
            "(cold/warm)"
            % (
                label,
                i + 1,
                reps,
                out["cold"][-1],
                out["warm"][-1],
                out["typed_cold"][-1],
                out["typed_warm"][-1],
                out["mpy_cold"][-1],
                out["mpy_warm"][-1],
            )
        )
    hctx.close()
    return out


def bytes_visits(lab, reps, log):
    """Bytes for a first and a second visit of each page: page-level CDP encodedDataLength, and what the static
    server wrote meanwhile (which includes the service worker's precache fetches)."""
    out = {}
    hctx, host, code = open_host(lab)
    pages = [
        ("host", host_url(lab.s.signal), "room-ready", HOST_VIEW),
        ("phone", join_url(lab.s.signal, code), "ready", PHONE_VIEW),
        ("screen", "/screen.html?room=%s&signal=%s" % (code, lab.s.signal), "frame", HOST_VIEW),
        ("bare_pyodide", "/bench/pages/bare_pyodide.html", "ready", HOST_VIEW),
        ("bare_micropython", "/bench/pages/bare_micropython.html", "ready", PHONE_VIEW),
    ]
    for name, path, mark, viewport in pages:
        for i in range(reps):
            ctx = lab.context(viewport)
            page = lab.page(ctx)
            for visit in ("first", "second"):
                w0, p0 = lab.s.wire()
                lab.goto(page, path)
                lab.wait_mark(page, mark)
                if name == "phone":
                    page.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
                lab.sw_ready(page, register=name.startswith("bare"))
                page.wait_for_timeout(500)
                w1, p1 = lab.s.wire()
                cdp = page.bench_bytes["bytes"]
                out.setdefault("%s_%s_page" % (name, visit), []).append(cdp)
                out.setdefault("%s_%s_wire" % (name, visit), []).append(w1 - w0)
                if i == 0:
                    top = sorted(((p1.get(k, 0) - p0.get(k, 0), k) for k in p1), reverse=True)[:6]
                    out["%s_%s_top" % (name, visit)] = [(k, n) for n, k in top if n > 0]
            ctx.close()
        log(
            "  bytes %s: page %d / %d B, wire %d / %d B (first/second)"
            % (
                name,
                out["%s_first_page" % name][-1],
                out["%s_second_page" % name][-1],
                out["%s_first_wire" % name][-1],
                out["%s_second_wire" % name][-1],
            )
        )
    hctx.close()
    return out


def _seq_changes(bench, since):
    return [(int(c["v"]), c["at"]) for c in bench["changes"] if c["n"] == "seq" and c["at"] >= since]


def latency(lab, phones_n, rounds, log, aside=True, midgame_screens=True):
    """Seven Rounds with `phones_n` phones (in the SCHED_IDLE Chromium: Lab.other_devices). Taps one phone at a time
    (the others connected and pinging):
    tap on Lock in -> the host's data-seq changes. Host presses Reveal / Next round -> each phone's data-seq
    reaches the host's new seq (per phone, and the slowest phone)."""
    hctx, host, code = open_host(lab)
    phones = []
    for i in range(phones_n):
        ctx = lab.context(PHONE_VIEW, other_device=True)
        page = lab.page(ctx)
        phone_join(lab, page, host, code, "N%02d" % (i + 1))
        phones.append((ctx, page))
    screens = [open_screen(lab, code)] if phones_n == 12 else []  # a remote screen watches the 12 phones' game
    start_seven_rounds(host, phones_n)
    # the TV's Chromium traced from here (the phones are in the other one): each main-thread task's wall and CPU time
    lab.browser.start_tracing(categories=["toplevel"])
    out = {"tap_to_host": [], "host_to_phone": [], "host_to_all": []}
    # aside=False (the network lab, bench/lab.py): the driver keeps its priority; at nice 19 on a loaded machine
    # it was seen to let Seven Rounds' 60 s round timer run out before the phones had all tapped
    with driver_aside() if aside else nullcontext("not set aside") as state:
        out["driver_aside"] = state
        play_rounds(lab, host, phones, rounds, out, log, screens, midgame_screens)
    hb = lab.bench(host)
    if screens:
        out.update(screen_figures(lab, host, screens))
    started = next((c["pn"] for c in hb["changes"] if c["n"] == "phase" and c["v"] == "playing"), 0)
    tasks = [d for t, d in hb["longtasks"] if t >= started]
    out["host_longtasks"] = tasks  # main-thread tasks > 50 ms on the host during the game
    out["host_long_frames"] = [f for f in hb["frames"] if f["at"] >= started]  # and what ran in them
    out["host_main_tasks"] = main_thread_tasks(lab.browser.stop_tracing())
    for ctx, _ in phones + screens:
        ctx.close()
    hctx.close()
    return out


def open_screen(lab, code):
    """A remote screen (screen.html, issue 29) in a Chromium of its own (Lab.screen_device): (context, page), once
    it shows a frame. page.opened_ms: from its navigation to its first frame."""
    ctx = lab.context(HOST_VIEW, screen_device=True)
    page = lab.page(ctx)
    lab.goto(page, "/screen.html?room=%s&signal=%s" % (code, lab.s.signal))
    page.opened_ms = lab.wait_mark(page, "frame")["pn"]
    return ctx, page


def screen_figures(lab, host, screens):
    """What the remote screens showed: each frame's arrival after the TV's own (both marks set once drawn; one
    clock), and the bytes of each frame message and of the whole frames."""
    tv = dict((c["v"], c["at"]) for c in lab.bench(host)["changes"] if c["n"] == "frame")
    out = {"screen_after_tv": [], "screen_message_bytes": [], "screen_frame_bytes": []}
    for _, page in screens:
        shown = [c for c in lab.bench(page)["changes"] if c["n"] == "frame" and c["v"] in tv]
        out["screen_after_tv"] += [c["at"] - tv[c["v"]] for c in shown[1:]]  # the first: the screen's opening
        sizes = page.evaluate("() => pp.screen.sizes")
        out["screen_message_bytes"] += [n for n, _ in sizes[1:]]
        out["screen_frame_bytes"] += [whole for _, whole in sizes if whole >= 0]
    return out


def play_rounds(lab, host, phones, rounds, out, log, screens=(), midgame_screens=True):
    """The rounds of latency(): every phone locks in, the host reveals, then the next round. With `screens`
    watching and `midgame_screens`, a screen also opens cold each round from the second, and closes."""
    phones_n = len(phones)

    def host_change(selector):
        before = int(host.get_attribute("body", "data-seq"))
        host.click(selector)
        host.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=before, timeout=WAIT_MS)
        hb = lab.bench(host)
        click = hb["clicks"][-1]["at"]
        seq = next(s for s, at in _seq_changes(hb, click) if s > before)
        arrivals = []
        for _, page in phones:
            page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=seq, timeout=WAIT_MS)
            got = next(at for s, at in _seq_changes(lab.bench(page), click) if s >= seq)
            arrivals.append(got - click)
        out["host_to_phone"].extend(arrivals)
        out["host_to_all"].append(max(arrivals))

    for rnd in range(1, rounds + 1):
        if rnd > 1 and screens and midgame_screens:  # a screen opened mid-game, cold, each round (then closed)
            ctx, page = open_screen(lab, host.get_attribute("body", "data-room-ready"))
            out.setdefault("screen_open_midgame", []).append(page.opened_ms)
            ctx.close()
            # the host frees its place (at most 4 watch) once its link has closed: the next round's screen needs it
            host.wait_for_function(
                "n => document.querySelectorAll('.screens [data-screen]').length <= n",
                arg=len(screens),
                timeout=WAIT_MS,
            )
        if rnd > 1:
            host_change("nav.sr-controls [data-move*='\"next_round\"']")
        out["tap_to_host"].extend(lock_all(lab, host, [page for _, page in phones], rnd))
        host_change("nav.sr-controls [data-move*='\"reveal\"']:not([disabled])")
        log(
            "  %d phones, round %d/%d: tap->host %s ms; reveal->all phones %.0f ms"
            % (
                phones_n,
                rnd,
                rounds,
                ",".join("%.0f" % v for v in out["tap_to_host"][-phones_n:]),
                out["host_to_all"][-1],
            )
        )


AUTOGROUP = Path("/proc/self/autogroup")  # Linux's per-session CPU group ("/autogroup-N nice 0")


@contextmanager
def driver_aside():
    """The bench's own Python and Playwright's driver (which speak to both browsers) at the lowest CPU priority
    while the TV plays: in a real evening no automation shares the TV's cores, and 12 phones' clicks and waits cost
    it CPU. With autogroup scheduling (sched_autogroup_enabled, as here) the kernel first shares the CPU between
    sessions, whatever their threads' priorities: Playwright starts each browser in a session of its own, and the
    bench's session (the bench, the driver, the local servers, none of them on a phone's way to the TV once the
    game is on) drops to its lowest weight, nice 19. Its threads also go SCHED_IDLE, which is what counts without
    autogroup. All back after (that needs root, as CI and this machine have; without it, nothing)."""
    me = os.getpid()
    pids = [me] + [
        p
        for p in os.listdir("/proc")
        if p.isdigit()
        and _parent(p) == me
        and "playwright/driver" in Path("/proc/%s/cmdline" % p).read_bytes().decode(errors="replace")
    ]

    def policy(value):
        # the threads of the moment: the driver may have started new ones (they inherit the policy)
        for tid in [int(t) for p in pids for t in os.listdir("/proc/%s/task" % p)]:
            try:
                os.sched_setscheduler(tid, value, os.sched_param(0))
            except ProcessLookupError:
                pass  # a thread that ended meanwhile

    def group(nice):
        try:
            AUTOGROUP.write_text(str(nice))
        except OSError:
            pass  # no autogroup here

    try:
        was = int(AUTOGROUP.read_text().split()[-1])
    except (OSError, ValueError, IndexError):
        was = 0
    try:
        policy(os.SCHED_OTHER)  # can this process give the priority back afterwards? only then take it away
        policy(os.SCHED_IDLE)
        group(19)
        aside = True
    except PermissionError:
        aside = False
    try:
        yield aside
    finally:
        if aside:
            group(was)
            policy(os.SCHED_OTHER)


def _parent(pid):
    try:
        return int(Path("/proc/%s/stat" % pid).read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def main_thread_tasks(trace, over_ms=50):
    """[wall ms, CPU ms] of each renderer main-thread task longer than over_ms (wall or CPU) in a Chromium trace.
    A long task's wall time counts the time its thread waited for a core; its CPU time is the page's own work."""
    events = json.loads(trace)["traceEvents"]
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    out = []
    for e in events:
        if (
            (e.get("pid"), e.get("tid")) in mains
            and e.get("ph") == "X"
            and e.get("name") == "ThreadControllerImpl::RunTask"
        ):
            wall, cpu = e.get("dur", 0) / 1000, e.get("tdur", 0) / 1000
            if wall > over_ms or cpu > over_ms:
                out.append([round(wall, 1), round(cpu, 1)])
    return out


def start_seven_rounds(host, phones_n):
    """Once every phone shows as connected, the host picks Seven Rounds and starts it."""
    host.wait_for_function(
        "n => document.querySelectorAll('.people .presence.on').length === n", arg=phones_n, timeout=WAIT_MS
    )
    host.click("[data-move*='\"seven_rounds\"']")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)


def lock_all(lab, host, pages, rnd):
    """Round rnd: each phone in turn taps BANK and Lock in; returns each tap -> the host's screen updated (ms),
    in the order of pages, once the host shows every lock."""
    for page in pages:
        page.wait_for_selector("#sr-lock-r%d" % rnd, timeout=WAIT_MS)
        page.wait_for_selector("body[data-act='1']", timeout=WAIT_MS)
    taps = []
    for page in pages:
        page.click(".sr-actions label.sr-opt:has(input[value='bank'])")
        before = int(host.get_attribute("body", "data-seq"))
        page.click("button.sr-lock")
        host.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=before, timeout=WAIT_MS)
        tap = lab.bench(page)["clicks"][-1]["at"]
        shown = next(at for s, at in _seq_changes(lab.bench(host), tap) if s > before)
        taps.append(shown - tap)
    host.wait_for_function(
        "n => document.querySelectorAll('.sr-lock-row.is-locked').length === n", arg=len(pages), timeout=WAIT_MS
    )
    return taps


def relay_paths(lab, phones_each, rounds, log):
    """Direct and relayed phones in one room, the same run: the host gives the local coturn (?turn=), every other
    phone is forced to relay (?force_relay=1). Join (navigation -> the host shows the player) and, over Seven
    Rounds, tap -> host, by the path each phone's selected candidate pair actually took (getStats)."""
    turn = "&turn=" + urllib.parse.quote(lab.s.turn, safe="")
    hctx, host, code = open_host(lab, extra=turn)
    lab.wait_mark(host, "rules-ready")
    out = {"join_direct": [], "join_relay": [], "tap_direct": [], "tap_relay": [], "paths": []}
    phones = []
    for i in range(2 * phones_each):
        forced = i % 2 == 1
        ctx = lab.context(PHONE_VIEW)
        page = lab.page(ctx)
        joined = phone_join(
            lab, page, host, code, "%s%d" % ("R" if forced else "D", i + 1), turn + ("&force_relay=1" if forced else "")
        )
        path = page.evaluate("() => pp.linkPath(pp.hostConn)")
        kind = "relay" if path and path["local"] == "relay" else "direct"
        out["paths"].append([forced, path])
        out["join_" + kind].append(joined["joined_ms"])
        phones.append((ctx, page, kind))
        log("  phone %d (%s): joined %.0f ms, selected pair %s" % (i + 1, kind, joined["joined_ms"], path))
    start_seven_rounds(host, len(phones))
    for rnd in range(1, rounds + 1):
        if rnd > 1:
            host.click("nav.sr-controls [data-move*='\"next_round\"']")
        taps = lock_all(lab, host, [page for _, page, _ in phones], rnd)
        for (_, _, kind), ms in zip(phones, taps):
            out["tap_" + kind].append(ms)
        host.click("nav.sr-controls [data-move*='\"reveal\"']:not([disabled])")
        if rnd < rounds:
            host.wait_for_selector("nav.sr-controls [data-move*='\"next_round\"']", timeout=WAIT_MS)
        log(
            "  round %d/%d: tap->host %s ms"
            % (rnd, rounds, ", ".join("%s %.0f" % (kind, ms) for (_, _, kind), ms in zip(phones, taps)))
        )
    for ctx, _, _ in phones:
        ctx.close()
    hctx.close()
    return out


def answer_playout(page):
    """engine.toml's playout.py, which the site does not serve (py/ is not a page's): from the source tree. A [files]
    URL that fails leaves the page waiting, with no .py-error."""
    page.route(
        "**/bench/pages/playout.py",
        lambda route: route.fulfill(
            path=str(ROOT / "py" / "peerparty" / "engine" / "playout.py"), content_type="text/x-python"
        ),
    )


def engine_pyodide(lab, reps, warmup, log):
    ctx = lab.context(HOST_VIEW)
    page = lab.page(ctx)
    answer_playout(page)
    lab.goto(page, "/bench/pages/engine.html?reps=%d&warmup=%d" % (reps, warmup))
    page.wait_for_selector("body[data-result], .py-error", state="attached", timeout=600_000)
    if page.query_selector(".py-error"):
        raise RuntimeError("engine.html: " + page.inner_text(".py-error"))
    result = json.loads(page.get_attribute("body", "data-result"))
    ctx.close()
    log("  engine in Pyodide: done")
    return result
