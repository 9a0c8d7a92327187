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
from urllib.parse import quote

import pytest

import faults_play as F
from conftest import CHROMIUM, CHROMIUM_ARGS, PageRecord, READY_TIMEOUT_MS, _py_errors, _safe, take_shot, watched_page
from people import HOST_VIEW, PHONE_VIEW, WAIT_MS, join, open_host, wait_players, wait_present
from peerparty.net.reach import PHONE_NO_PATH
from seven_rounds_play import (
    host_click,
    lock_in,
    start_seven_rounds,
    wait_host_locked,
    wait_host_results,
    wait_phone_result,
    wait_round_open,
)

from bench import netlab

LAB_MS = 120_000  # a cold boot over bad 3G (400 kbit/s, 3 % loss) takes tens of seconds
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
    """One Chromium per device, each inside its device's namespace (launched on first use). get("tv", shared=True)
    is the TV's one context for the module: its cache and service worker stay (a TV that hosted before boots
    warm, and the tests spend their time on the paths, not on Pyodide's cold boot); each test starts it with
    empty storage."""
    browsers = {}
    shared = {}

    def get(device, shared_context=False):
        if device not in browsers:
            browsers[device] = playwright.chromium.launch(
                executable_path=lab.chromium(lab.devices[device], CHROMIUM),
                headless=True,
                args=CHROMIUM_ARGS + [lab.secure_flag],
            )
        if not shared_context:
            return browsers[device]
        if device not in shared:
            shared[device] = browsers[device].new_context(viewport={"width": HOST_VIEW[0], "height": HOST_VIEW[1]})
        return shared[device]

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
            device = where(rec.name)
            if device == "tv" and tuple(viewport) == HOST_VIEW:
                ctx = lab_browsers("tv", shared_context=True)
            else:
                ctx = lab_browsers(device).new_context(viewport={"width": viewport[0], "height": viewport[1]})
            page = watched_page(ctx, rec, {netlab.PUBLIC}, init_script)
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
            if ctx is lab_browsers("tv", shared_context=True):  # the TV's: its storage goes, its cache stays
                if not page.is_closed():
                    page.close()  # first: a closing host page saves its room (pagehide)
                blank = ctx.new_page()
                blank.goto(lab.site + "/no-such-page")  # the site's origin, no app on it
                blank.evaluate("() => localStorage.clear()")
                blank.close()
                ctx.unroute_all(behavior="ignoreErrors")
            else:
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
    """{name: badges} as the TV's people list shows them (but the controls' star: room/controls.py)."""
    return host.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.people .person')].map(li =>
        [li.querySelector('.person-name').textContent, [...li.querySelectorAll('.badge:not(.controls)')].map(b => b.textContent)]))""")


def wait_tv_mark(host, name, relayed):
    host.wait_for_function(
        """([n, r, word]) => [...document.querySelectorAll('.people .person')].some(li =>
             li.querySelector('.person-name').textContent === n && li.dataset.path === (r ? 'relay' : 'direct'))""",
        arg=[name, relayed, VIA_RELAY],
        timeout=LAB_MS,
    )


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
        assert netlab.direct_on_the_wifi(path), path
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
    start_seven_rounds(host)
    play_round(host, phones, 1, ROUND_1)  # a round of Seven Rounds goes through it
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
        "() => [...document.querySelectorAll('.knocking .knocker')].some(e => e.textContent === 'Sam')", timeout=LAB_MS
    )
    assert "turn on a relay" in host.inner_text(".banner.knocking")
    assert host.get_attribute("body", "data-players") == "0"


# --- whole games on 4G and bad 3G ---------------------------------------------------------------------------
# test_faults.py's scripted games, played clean: Ann's phone on 4G, Ben's on bad 3G, Cat's (if any) on the TV's
# Wi-Fi, the TV at home; the 4G and 3G phones reach it through the relay.
ON_THE_ROAD = {"Ann": "m4g", "Ben": "m3g", "Cat": "w1"}


class LabServer:
    """What test_faults.py's Someone Else's Problem run takes for its PeerServer: the lab's, with the relay."""

    def __init__(self, signal):
        self.signal = signal


def engine_result(host):
    """The engine's result for the host's own record, replayed under CPython."""
    from peerparty.engine import Match
    from peerparty.games import REGISTRY

    return Match.from_record(REGISTRY, F.host_record(host)["match"]).result()


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", ["seven_rounds", "bank_or_bust", "hint_hunt", "someone_elses_problem"])
def test_a_whole_game_plays_to_the_engines_result_with_phones_on_4g_and_3g(lab, lab_pages, game):
    import test_faults as T

    open_page = lab_pages(placed(ON_THE_ROAD))
    signal = with_relay(lab)
    pages = {}

    def record_host(path=None, **kw):  # every page by its person: the host's record and the paths, at the end
        page = open_page(path, **kw)
        pages[kw.get("name", "").rsplit("-", 1)[-1]] = page
        return page

    t0 = time.monotonic()
    if game == "seven_rounds":
        outcome, _ = T.play_seven_rounds(record_host, wait_ready, lab.site, signal, "lab")
    elif game == "bank_or_bust":
        outcome, _ = T.play_bank_or_bust(record_host, wait_ready, lab.site, signal, "lab")
        assert outcome["result"] == T.BOB_RESULT and outcome["moves"] == [tuple(x) for x in T.BOB_SCRIPT]
    elif game == "hint_hunt":
        outcome, _ = T.play_hint_hunt(record_host, wait_ready, lab.site, signal, "lab")
    else:
        outcome, _ = T.play_someone_elses_problem(record_host, wait_ready, lab.site, LabServer(signal), "lab")
        assert outcome["result"] == T.SEP_RESULT and outcome["moves"] == [tuple(x) for x in T.SEP_SCRIPT]
    host = pages["host"]
    assert outcome["result"] == engine_result(host)
    assert outcome["result"]["winners"]
    for name in ("Ann", "Ben"):  # on 4G and bad 3G there is no direct path to the TV's home network
        path, relayed = path_of(pages[name])
        assert relayed, (name, path)
    print(
        "%s on the lab: %d moves in %.0f s, standings %r"
        % (game, len(outcome["moves"]), time.monotonic() - t0, outcome["standings"])
    )


# --- the servers fail mid-game -------------------------------------------------------------------------------
SIGNAL_DOWN = "The signalling server cannot be reached. Retrying…"  # app/phone.py's words


def play_round(host, phones, rnd, plan):
    """One Seven Rounds round from the phones' screens to the results on every phone."""
    for phone in phones.values():
        wait_round_open(phone, rnd)
    for name, choice in plan.items():
        lock_in(phones[name], *choice)
    wait_host_locked(host, len(plan))
    host_click(host, "Reveal")
    wait_host_results(host, rnd)
    for phone in phones.values():
        wait_phone_result(phone, rnd)


def seven_rounds_room(lab, lab_pages, where):
    open_page = lab_pages(placed(where))
    host, code = open_host(open_page, wait_ready, with_relay(lab), extra="&new=1")
    phones = dict((name, join_from_qr(open_page, host, name)) for name in where)
    wait_players(host, len(where))
    wait_present(host, len(where))
    start_seven_rounds(host)
    return host, phones


ROUND_1 = {"Ann": ("bank",), "Ben": ("double_down",), "Cat": ("team_up", "Ann")}
ROUND_2 = {"Ann": ("double_down",), "Ben": ("bank",), "Cat": ("bank",)}


@pytest.mark.timeout(600)
def test_the_peerserver_stopped_mid_game_leaves_it_playing_and_a_reloaded_phone_rejoins_once_it_is_back(
    lab, lab_pages, shot
):
    host, phones = seven_rounds_room(lab, lab_pages, {"Ann": "m4g", "Ben": "w1", "Cat": "w2"})
    try:
        lab.stop("peerserver", kill=True)  # a crash, not a clean shutdown
        play_round(host, phones, 1, ROUND_1)  # over the open data channels, the relayed one too
        host.wait_for_selector("body[data-signal=down]", timeout=LAB_MS)
        # Ann's phone reloads meanwhile: it cannot find the room, and says why
        phones["Ann"].reload()
        wait_ready(phones["Ann"])
        phones["Ann"].wait_for_function("t => document.body.innerText.includes(t)", arg=SIGNAL_DOWN, timeout=LAB_MS)
        assert phones["Ann"].get_attribute("body", "data-status") != "joined"
        shot(phones["Ann"], "netlab-phone-signalling-down")
        host_click(host, "Start round 2")
        for name in ("Ben", "Cat"):
            wait_round_open(phones[name], 2)
    finally:
        if not [p for n, p in lab.procs if n == "peerserver" and p.poll() is None]:
            lab.start_peerserver()
    # back: the phone rejoins by itself (same seat, from its token), and the round is played by all three
    phones["Ann"].wait_for_selector("body[data-status=joined]", timeout=LAB_MS)
    F.wait_all_present(host, 3, timeout=LAB_MS)
    assert SIGNAL_DOWN not in phones["Ann"].inner_text("body")
    play_round(host, phones, 2, ROUND_2)
    assert host.get_attribute("body", "data-players") == "3"


@pytest.mark.timeout(600)
def test_coturn_restarted_mid_game_the_relayed_phone_comes_back_by_itself(lab, lab_pages, shot):
    host, phones = seven_rounds_room(lab, lab_pages, {"Ann": "m4g", "Ben": "w1", "Cat": "w2"})
    assert path_of(phones["Ann"])[1] and not path_of(phones["Ben"])[1]
    play_round(host, phones, 1, ROUND_1)
    before = phones["Ann"].evaluate("() => pp.hostConn.connectionId")
    went = time.monotonic()
    lab.stop("turnserver", kill=True)
    lab.start_turn()
    host_click(host, "Start round 2")
    # the relayed phone's channel died with the relay's allocations: it finds its way back on its own, on a new
    # connection (through the new relay process)
    phones["Ann"].wait_for_function(
        "id => pp.hostConn && pp.hostConn.connectionId !== id && pp.hostConn.open", arg=before, timeout=LAB_MS
    )
    play_round(host, phones, 2, ROUND_2)
    path, relayed = path_of(phones["Ann"])
    print("Ann back through the restarted relay after %.1f s: %r" % (time.monotonic() - went, path))
    assert relayed and path["bytesReceived"] > 0, path
    shot(host, "netlab-tv-after-relay-restart")


# --- rooms spread over several signalling servers (loopback: no lab needed) ------------------------------------


@pytest.fixture
def second_peer_server():
    from conftest import ROOT, free_port, start, stop

    port = free_port()
    proc, _ = start(
        [
            "node",
            str(ROOT / "node_modules/peer/dist/bin/peerjs.js"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--path",
            "/peerjs",
        ],
        "peerserver-second",
        port,
    )
    yield "127.0.0.1:%d/peerjs" % port
    stop(proc)


def test_with_several_signalling_servers_a_rooms_peers_all_meet_on_the_one_its_code_picks(
    open_page, site, signal, second_peer_server
):
    servers = [signal, second_peer_server]
    listed = ",".join(servers)
    host = open_page(None, viewport=HOST_VIEW, name="host")
    host_sockets = []
    host.on("websocket", lambda ws: host_sockets.append(ws.url))
    host.goto(site + "/host.html?new=1&signal=" + listed)
    wait_ready(host)
    host.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    code = host.get_attribute("body", "data-room-ready")
    chosen = host.evaluate("([l, c]) => pp.pickSignal(l, c)", [listed, code])
    assert chosen in servers
    assert "signal=" + quote(listed, safe="") in host.get_attribute(".qr", "data-join")  # the whole list travels
    phone = open_page(host.get_attribute(".qr", "data-join"), viewport=PHONE_VIEW, name="phone-Ann")
    phone_sockets = []
    phone.on("websocket", lambda ws: phone_sockets.append(ws.url))
    wait_ready(phone)
    join(phone, "Ann")
    wait_players(host, 1)
    port = chosen.split(":")[1].split("/")[0]
    assert host_sockets and all(":%s/" % port in url for url in host_sockets), host_sockets
    assert all(":%s/" % port in url for url in phone_sockets), phone_sockets
    # the choice spreads codes over the servers, and is the same for every page (and every epoch) of a room
    spread = host.evaluate(
        """l => { const n = {}; for (let i = 0; i < 600; i++) {
        const c = [0, 1, 2, 3].map(k => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[(i * 7 + k * 13 + i * k) % 24]).join('');
        const s = pp.pickSignal(l, c); n[s] = (n[s] || 0) + 1; } return n; }""",
        "a:1/p,b:2/p,c:3/p",
    )
    assert sorted(spread) == ["a:1/p", "b:2/p", "c:3/p"] and min(spread.values()) > 120, spread
    assert host.evaluate(
        "() => [pp.pickSignal('a:1/p', 'ABCD'), pp.pickSignal('a:1/p,b:2/p', ''),"
        " pp.pickSignal('a:1/p, b:2/p', 'abcd') === pp.pickSignal('a:1/p,b:2/p', 'ABCD')]"
    ) == ["a:1/p", "a:1/p", True]
