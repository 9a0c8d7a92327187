"""e2e fixtures: real Chromium (Debian's /usr/bin/chromium via the Playwright Python package), a real local
PeerServer (npm `peer`) and scripts/serve.py, all on 127.0.0.1.

Session fixtures
    site      base URL of the static server, e.g. "http://127.0.0.1:41234" (no trailing slash)
    signal    what a page's ?signal= takes for the local PeerServer: "127.0.0.1:<port>/peerjs"
    turn_server  Debian's coturn on 127.0.0.1 with one static user, as a page's ?turn= takes it:
              "turn:<user>:<password>@127.0.0.1:<port>" (started on first use)
    browser   one Chromium for the session
Per test
    open_page(path, viewport=(w, h), name=..., init_script=...) -> Page   a NEW browser context per call (one per
              person); init_script (JS source) runs in the page before any of the page's own scripts;
              every request to a host other than 127.0.0.1/localhost is aborted and recorded; at teardown the
              test fails if anything tried to leave, if a page had a `pageerror`, or if a page shows `.py-error`
              (PyScript renders uncaught Python errors so; they never fire pageerror). Console errors are kept
              in page.peerparty.console_errors (not fatal).
    wait_ready(page, timeout=...)   waits for body[data-ready] (set by the pages from Python); fails fast on
                                    a .py-error
    shot(page, name)                writes artifacts/screens/<name>.png
    pseudo_languages                {"en-XA": i18n.Language, "ar-XB": ...}: the pseudo-locales built from the
                                    catalogs' template (scripts/catalogs.py), to draw screens in with i18n.swap

Environment: PEERPARTY_CHROMIUM overrides the browser path; PEERPARTY_SKIP_BUILD=1 skips scripts/build.py.
"""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scripts import coturn

from people import laid_out

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("PEERPARTY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
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
READY_TIMEOUT_MS = 90_000  # Pyodide boots in ~3 s here; leave room for a loaded 2-core CI machine
DEFAULT_TEST_TIMEOUT_S = 300


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)
            if config.pluginmanager.hasplugin("timeout") and not item.get_closest_marker("timeout"):
                item.add_marker(pytest.mark.timeout(DEFAULT_TEST_TIMEOUT_S))


# ---------------------------------------------------------------------------------------------------------------
# processes


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen, what: str, log: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}:\n{log.read_text(errors='replace')}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(
        f"{what} did not listen on 127.0.0.1:{port} within {timeout} s:\n{log.read_text(errors='replace')}"
    )


def start(cmd: list[str], name: str, port: int) -> tuple[subprocess.Popen, Path]:
    logs = ARTIFACTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # pytest -n 2: each worker has its own servers
    log = logs / (f"{name}-{worker}.log" if worker else f"{name}.log")
    out = open(log, "wb")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    out.close()
    try:
        wait_port(port, proc, name, log)
    except BaseException:
        stop(proc)
        raise
    return proc, log


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.fixture(scope="session")
def built() -> Path:
    """Runs scripts/build.py once per session (idempotent; fast when nothing changed)."""
    if os.environ.get("PEERPARTY_SKIP_BUILD") != "1":
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], cwd=ROOT, check=True)
    return ROOT


@pytest.fixture(scope="session")
def peer_server_port() -> int:
    port = free_port()
    node_bin = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
    if not node_bin.is_file():
        pytest.fail("node_modules/peer is missing: run `npm ci` (or `make build`)")
    proc, _ = start(
        ["node", str(node_bin), "--host", "127.0.0.1", "--port", str(port), "--path", "/peerjs"], "peerserver", port
    )
    yield port
    stop(proc)


@pytest.fixture(scope="session")
def signal(peer_server_port) -> str:
    return f"127.0.0.1:{peer_server_port}/peerjs"


TURN_USER, TURN_PASSWORD = "peerparty", "relay-secret"


@pytest.fixture(scope="session")
def turn_server(tmp_path_factory) -> str:
    if coturn.turnserver() is None:
        pytest.fail("coturn's turnserver is missing: apt-get install coturn (.ci/run does)")
    port = free_port()
    low = random.randrange(50000, 59000)  # relay ports: a range of our own beside other runs
    proc, _ = start(
        coturn.argv(port, TURN_USER, TURN_PASSWORD, str(tmp_path_factory.mktemp("coturn")), low), "turnserver", port
    )
    yield "turn:%s:%s@127.0.0.1:%d" % (TURN_USER, TURN_PASSWORD, port)
    stop(proc)


@pytest.fixture(scope="session")
def site(built) -> str:
    port = free_port()
    proc, _ = start(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--host", "127.0.0.1", "--port", str(port)], "serve", port
    )
    yield f"http://127.0.0.1:{port}"
    stop(proc)


# ---------------------------------------------------------------------------------------------------------------
# browser


@pytest.fixture(scope="session")
def pseudo_languages():
    from peerparty import i18n
    from scripts import catalogs

    catalogs.ensure_babel(install=False)
    template = catalogs.extract()
    return dict((lang, i18n.Language(catalogs.pseudo_bundle(template, lang))) for lang in catalogs.PSEUDO)


@pytest.fixture(scope="session")
def playwright():
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -r requirements-dev.txt")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)")
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield b
    b.close()


class PageRecord:
    """What open_page saw for one page (also reachable as page.peerparty)."""

    def __init__(self, name: str):
        self.name = name
        self.blocked: list[str] = []
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "page"


def _py_errors(page) -> list[str]:
    try:
        return [e.inner_text(timeout=2_000) for e in page.query_selector_all(".py-error")]
    except Exception:  # page or context already gone
        return []


def take_shot(page, name: str, moving: bool = False) -> Path:
    """The screen as a person sees it once its moment is over (issue 30); `moving` keeps it mid-moment."""
    out = ARTIFACTS / "screens" / f"{_safe(name)}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    laid_out(page)  # its game's stylesheet in place, as a person would see the screen
    page.screenshot(path=str(out), full_page=True, animations="allow" if moving else "disabled")
    return out


@pytest.fixture
def shot():
    """shot(page, name) -> artifacts/screens/<name>.png"""
    return take_shot


@pytest.fixture
def wait_ready():
    def _wait(page, timeout: float = READY_TIMEOUT_MS):
        page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=timeout)
        errors = _py_errors(page)
        if errors:
            pytest.fail("Python error on the page:\n" + "\n---\n".join(errors), pytrace=False)
        return page.get_attribute("body", "data-ready")

    return _wait


def watched_page(ctx, rec, allowed_hosts, init_script=None):
    """A new page in ctx whose requests to any host but allowed_hosts are aborted and recorded in rec, as are its
    page errors and console errors (open_page, and e2e/test_netlab.py's pages inside the network lab)."""

    def guard(route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in allowed_hosts:
            rec.blocked.append(url)
            route.abort("blockedbyclient")
        else:
            route.continue_()

    ctx.route("**/*", guard)
    page = ctx.new_page()
    if init_script:
        page.add_init_script(init_script)
    page.peerparty = rec
    page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and rec.console_errors.append(msg.text))
    return page


@pytest.fixture
def open_page(browser, site, request):
    opened: list[tuple[object, object, PageRecord]] = []

    def _open(
        path: str | None = "/",
        viewport: tuple[int, int] = (1280, 800),
        name: str | None = None,
        wait_until: str = "load",
        init_script: str | None = None,
        **context_options,
    ):
        rec = PageRecord(name or f"page{len(opened) + 1}")
        ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context_options)
        page = watched_page(ctx, rec, LOCAL_HOSTS, init_script)
        opened.append((ctx, page, rec))
        if path is not None:
            page.goto(path if "://" in path else site + path, wait_until=wait_until)
        return page

    yield _open

    problems = []
    test_id = _safe(request.node.name)
    for ctx, page, rec in opened:
        errs = [] if page.is_closed() else _py_errors(page)
        if errs:
            problems.append(f"[{rec.name}] .py-error shown:\n" + "\n---\n".join(errs))
        if rec.page_errors:
            problems.append(f"[{rec.name}] pageerror:\n" + "\n".join(rec.page_errors))
        if rec.blocked:
            problems.append(f"[{rec.name}] requests tried to leave 127.0.0.1 (blocked):\n" + "\n".join(rec.blocked))
        if (errs or rec.page_errors) and not page.is_closed():
            try:
                take_shot(page, f"FAILED-{test_id}-{rec.name}")
            except Exception:
                pass
        if rec.console_errors and (problems or request.node.rep_call_failed):
            problems.append(f"[{rec.name}] console errors:\n" + "\n".join(rec.console_errors))
    # every page looked at first, then closed last-opened first: the phones before their host, so a closing host
    # tab sends no successor to the host page (host-room.js pagehide) while the pages are being read
    for ctx, _, _ in reversed(opened):
        try:
            ctx.close()
        except Exception:
            pass
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.when == "call":
        item.rep_call_failed = rep.failed
    elif not hasattr(item, "rep_call_failed"):
        item.rep_call_failed = False
    return rep
