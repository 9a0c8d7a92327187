"""Real paths on one machine (issue 41): bench/netlab.py's namespaces put the TV and Wi-Fi phones behind a home
router's NAT, phones on 4G and bad 3G behind a carrier NAT with random ports over radio links with delay, jitter,
loss and rate, and the PeerServer, coturn and the site on the "internet". Each device's Chromium runs inside its
own namespace. Proven here:
  - phones on the TV's Wi-Fi connect directly (host candidates), even with a relay on offer;
  - on a guest Wi-Fi that isolates devices, and on 4G behind the carrier NAT, they connect through the relay,
    and the TV marks them "via relay";
  - without a relay, the 4G phone gets the sentence it gets on loopback and the TV names it;
  - a whole game of every game plays to the engine's result with one phone on 4G and one on 3G;
  - the PeerServer stopped mid-game leaves the game playing; a phone reloading meanwhile is told the signalling
    server cannot be reached, and rejoins by itself once it is back;
  - coturn restarted mid-game: the relayed phone comes back by itself.
Skips (with the reason) only where the machine lacks root, network namespaces, iptables or /dev/net/tun; never in
CI (CI=true), which .ci/run sets up for.
"""
import os
import time
from urllib.parse import quote, urlsplit

import pytest

import faults_play as F
from conftest import CHROMIUM, CHROMIUM_ARGS, PageRecord, READY_TIMEOUT_MS, _py_errors, _safe, take_shot
from people import HOST_VIEW, PHONE_VIEW, WAIT_MS, join, open_host, pick_and_start, wait_players, wait_present
from peerparty.net.reach import PHONE_NO_PATH
from seven_rounds_play import host_click, lock_in, start_seven_rounds, wait_host_locked, wait_host_results, \
    wait_phone_result, wait_round_open

from bench import netlab

LAB_MS = 120_000        # a cold boot over bad 3G (400 kbit/s, 3 % loss) takes tens of seconds
VIA_RELAY = "via relay"


@pytest.fixture(scope="module")
def lab():
    problem = netlab.missing()
    if problem:
        if os.environ.get("CI"):
            pytest.fail(problem + " (CI must run the lab: .ci/run)")
        pytest.skip(problem)
    the_lab = netlab.Lab()
    try:
        the_lab.up()
        for name, where in (("tv", "wifi"), ("w1", "wifi"), ("w2", "wifi"), ("m4g", "4g"), ("m3g", "3g")):
            the_lab.device(name, where)
        yield the_lab
    finally:
        the_lab.close()


@pytest.fixture(scope="module")
def lab_browsers(lab, playwright):
    """One Chromium per device, each inside its device's namespace (launched on first use)."""
    browsers = {}

    def get(device):
        if device not in browsers:
            browsers[device] = playwright.chromium.launch(
                executable_path=lab.chromium(lab.devices[device], CHROMIUM), headless=True,
                args=CHROMIUM_ARGS + [lab.secure_flag])
        return browsers[device]
    yield get
    for b in browsers.values():
        try:
            b.close()
        except Exception:
            pass


@pytest.fixture
def lab_pages(lab, lab_browsers, request):
    """lab_pages(where) -> an open_page(path, viewport, name, ...) as e2e/conftest.py's, whose pages open on
    the lab's site in the browser of the device where(name) names. Requests to any other address are aborted
    and fail the test, as are page errors and .py-error."""
    lab.isolate(False)
    opened = []

    def make(where):
        def open_page(path="/", viewport=(1280, 800), name=None, wait_until="load", init_script=None):
            rec = PageRecord(name or "page%d" % (len(opened) + 1))
            ctx = lab_browsers(where(rec.name)).new_context(viewport={"width": viewport[0], "height": viewport[1]})

            def guard(route):
                parts = urlsplit(route.request.url)
                if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != netlab.PUBLIC:
                    rec.blocked.append(route.request.url)
                    route.abort("blockedbyclient")
                else:
                    route.continue_()
            ctx.route("**/*", guard)
            page = ctx.new_page()
            if init_script:
                page.add_init_script(init_script)
            page.peerparty = rec
            page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
            opened.append((ctx, page, rec))
            if path is not None:
                page.goto(path if "://" in path else lab.site + path, wait_until=wait_until)
            return page
        return open_page
    yield make
    problems = []
    for ctx, page, rec in opened:
        errs = [] if page.is_closed() else _py_errors(page)
        if errs:
            problems.append("[%s] .py-error shown:\n%s" % (rec.name, "\n---\n".join(errs)))
        if rec.page_errors:
            problems.append("[%s] pageerror:\n%s" % (rec.name, "\n".join(rec.page_errors)))
        if rec.blocked:
            problems.append("[%s] requests tried to leave the lab (blocked):\n%s" % (rec.name, "\n".join(rec.blocked)))
        if problems and not page.is_closed():
            try:
                take_shot(page, "FAILED-%s-%s" % (_safe(request.node.name), rec.name))
            except Exception:
                pass
        try:
            ctx.close()
        except Exception:
            pass
    lab.isolate(False)
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


def placed(phones):
    """where(name) for lab_pages: the TV for a host page, else the device of the person the name ends with."""
    def where(name):
        if name.endswith("host"):
            return "tv"
        return phones[name.rsplit("-", 1)[-1]]
    return where


def wait_ready(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=timeout)
    errors = _py_errors(page)
    if errors:
        pytest.fail("Python error on the page:\n" + "\n---\n".join(errors), pytrace=False)


def with_relay(lab):
    """What a page's ?signal= is given, followed by the lab's relay: the host page carries both to the phones."""
    return "%s&turn=%s" % (lab.signal, quote(lab.turn, safe=""))


def path_of(phone):
    """The candidate types of the phone's selected pair to the TV, and whether either end is the relay."""
    path = phone.evaluate("() => pp.linkPath(pp.hostConn)")
    return path, path is not None and "relay" in (path["local"], path["remote"])


def tv_marks(host):
    """{name: badges} as the TV's people list shows them."""
    return host.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.people .person')].map(li =>
        [li.querySelector('.person-name').textContent, [...li.querySelectorAll('.badge')].map(b => b.textContent)]))""")


def wait_tv_mark(host, name, relayed):
    host.wait_for_function(
        """([n, r, word]) => [...document.querySelectorAll('.people .person')].some(li =>
             li.querySelector('.person-name').textContent === n && li.dataset.path === (r ? 'relay' : 'direct'))""",
        arg=[name, relayed, VIA_RELAY], timeout=LAB_MS)


def join_from_qr(open_page, host, name):
    phone = open_page(host.get_attribute(".qr", "data-join"), viewport=PHONE_VIEW, name="phone-" + name)
    wait_ready(phone)
    join(phone, name)
    return phone


# --- paths ---------------------------------------------------------------------------------------------------

def test_phones_on_the_tvs_wifi_connect_directly_even_with_a_relay_on_offer(lab, lab_pages, shot):
    open_page = lab_pages(placed({"Ann": "w1", "Ben": "w2"}))
    host, code = open_host(open_page, wait_ready, with_relay(lab), extra="&new=1")
    phones = dict((name, join_from_qr(open_page, host, name)) for name in ("Ann", "Ben"))
    wait_players(host, 2)
    wait_present(host, 2)
    for name, phone in phones.items():
        path, relayed = path_of(phone)
        print(name, "on the TV's Wi-Fi:", path)
        assert path["local"] == "host" and path["remote"] == "host", path
        wait_tv_mark(host, name, False)
    assert VIA_RELAY not in str(tv_marks(host))
    shot(host, "netlab-tv-wifi-direct")


def test_a_guest_wifi_and_a_phone_on_4g_go_through_the_relay_and_the_tv_says_so(lab, lab_pages, shot):
    lab.isolate(True)
    open_page = lab_pages(placed({"Ann": "w1", "Ben": "m4g", "Cat": "w2"}))
    host, code = open_host(open_page, wait_ready, with_relay(lab), extra="&new=1")
    phones = dict((name, join_from_qr(open_page, host, name)) for name in ("Ann", "Ben", "Cat"))
    wait_players(host, 3)
    wait_present(host, 3)
    for name, phone in phones.items():
        path, relayed = path_of(phone)
        print(name, lab.devices[placed({"Ann": "w1", "Ben": "m4g", "Cat": "w2"})("phone-" + name)].where, path)
        assert relayed, path
        wait_tv_mark(host, name, True)
    assert tv_marks(host) == {"Ann": [VIA_RELAY], "Ben": [VIA_RELAY], "Cat": [VIA_RELAY]}
    # a round of Seven Rounds goes through it
    start_seven_rounds(host)
    for phone in phones.values():
        wait_round_open(phone, 1)
    lock_in(phones["Ann"], "bank")
    lock_in(phones["Ben"], "double_down")
    lock_in(phones["Cat"], "team_up", "Ann")
    wait_host_locked(host, 3)
    host_click(host, "Reveal")
    wait_host_results(host, 1)
    for phone in phones.values():
        wait_phone_result(phone, 1)
    for phone in phones.values():
        path, relayed = path_of(phone)
        assert relayed and path["bytesSent"] > 0 and path["bytesReceived"] > 0, path
    shot(host, "netlab-tv-relayed")


def test_a_phone_on_4g_without_a_relay_is_told_and_the_tv_names_it(lab, lab_pages, shot):
    open_page = lab_pages(placed({"Sam": "m4g"}))
    host, code = open_host(open_page, wait_ready, lab.signal, extra="&new=1")
    phone = open_page(host.get_attribute(".qr", "data-join"), viewport=PHONE_VIEW, name="phone-Sam")
    wait_ready(phone)
    phone.fill("#name", "Sam")
    phone.wait_for_selector("body[data-link=no-path]", timeout=LAB_MS)
    assert phone.inner_text(".banner.error[data-reach]") == PHONE_NO_PATH
    shot(phone, "netlab-4g-no-relay-phone")
    host.wait_for_function(
        "() => [...document.querySelectorAll('.knocking .knocker')].some(e => e.textContent === 'Sam')",
        timeout=LAB_MS)
    assert "turn on a relay" in host.inner_text(".banner.knocking")
    assert host.get_attribute("body", "data-players") == "0"
