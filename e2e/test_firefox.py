"""Other engines are covered (issue 16.5): a Firefox ESR phone plays a round of Seven Rounds beside Chromium phones
and a Chromium host, keeps its ticks while another phone's lock-in redraws its round, reloads after locking in and
gets its seat and its choice back; a Firefox with WebRTC turned
off (media.peerconnection.enabled = false) says so on the phone and on the host page (issue 16.4). Firefox runs
through e2e/firefox_bridge.mjs (npm puppeteer-core over WebDriver BiDi)."""

from pathlib import Path

import pytest

from conftest import ARTIFACTS, _safe
from firefox import FIREFOX, Firefox, wait_ready as ff_ready
from peerparty.net.reach import HOST_NO_WEBRTC, PHONE_NO_WEBRTC
from people import (
    HOST_VIEW,
    PHONE_VIEW,
    WAIT_MS,
    join,
    open_host,
    open_phone,
    people_names,
    pick_and_start,
    wait_players,
    wait_present,
)
from seven_rounds_play import (
    choose,
    host_breakdown,
    host_click,
    host_locked,
    lock_in,
    phone_header_points,
    phone_total,
    wait_host_locked,
    wait_host_results,
    wait_locked,
    wait_phone_result,
    wait_round_open,
)


def _firefox(name, prefs=None):
    if not Path(FIREFOX).exists():
        pytest.fail("%s is missing: apt-get install firefox-esr (.ci/run does)" % FIREFOX)
    logs = ARTIFACTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    return Firefox(logs / ("firefox-%s.log" % name), prefs)


# what Fay has ticked on her lock form is `want` (sorted values)
TICKED = """want => JSON.stringify(Array.from(document.querySelectorAll('.sr-lock-form input:checked'))
  .map((i) => i.value).sort()) === JSON.stringify(want)"""


@pytest.fixture(scope="module")
def firefox():
    ff = _firefox("webrtc")
    print("Firefox:", ff.version)
    yield ff
    ff.close()


@pytest.fixture(scope="module")
def firefox_without_webrtc():
    ff = _firefox("no-webrtc", {"media.peerconnection.enabled": False})
    yield ff
    ff.close()


@pytest.fixture
def firefox_pages(request):
    """open(firefox, url, viewport, name) -> a Firefox page; at teardown the test fails on a .py-error, a page error
    or a request that tried to leave 127.0.0.1, as open_page does for Chromium."""
    opened = []

    def _open(ff, url, viewport, name):
        page = ff.open(url, viewport, name)
        opened.append(page)
        return page

    yield _open
    problems = []
    for page in opened:
        if page.ff.proc.poll() is not None:
            continue  # the test failed on that already
        found, console = page.problems()
        if found:
            problems += found + ["[%s] console errors:\n%s" % (page.name, "\n".join(console))]
            try:
                page.screenshot(ARTIFACTS / "screens" / ("FAILED-%s-%s.png" % (_safe(request.node.name), page.name)))
            except Exception:
                pass
        page.close()
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


@pytest.mark.timeout(600)
def test_a_firefox_phone_plays_a_round_and_gets_its_seat_back_after_a_reload(
    open_page, wait_ready, signal, firefox, firefox_pages, shot
):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    url = host.get_attribute(".qr", "data-join")  # what the QR code carries
    fay = firefox_pages(firefox, url + "&record=1", PHONE_VIEW, "firefox-Fay")
    ff_ready(fay)
    join(fay, "Fay")
    # Firefox's link is the knock's (link.js pp.prelink): a negotiated channel, which the host took
    assert fay.evaluate("() => [pp.hostConn.metadata.knock, pp.hostConn.dataChannel.negotiated]") == [1, True]
    phones = {"Fay": fay}
    for name in ("Ben", "Cat"):
        phones[name] = open_phone(open_page, wait_ready, signal, code, name)
        join(phones[name], name)
    wait_players(host, 3)
    wait_present(host, 3)
    assert people_names(host) == ["Fay", "Ben", "Cat"]
    pick_and_start(host, "seven_rounds")

    for phone in phones.values():
        wait_round_open(phone, 1)
    # Fay taps her choice; Ben locks in meanwhile, so her phone draws the round again (who has locked) while she
    # is choosing: her ticks stay as she left them (static/js/glue.js keeps a form's fields across a redraw)
    seq0 = int(fay.get_attribute("body", "data-seq"))
    choose(fay, "predict", guess="double_down")
    ticked = "() => Array.from(document.querySelectorAll('.sr-lock-form input:checked')).map((i) => i.value)"
    try:
        fay.wait_for_function(TICKED, arg=["double_down", "predict"], timeout=5000)  # her taps took
    except Exception:
        raise AssertionError(
            "after her taps: %r ticked, seq %s -> %s"
            % (fay.evaluate(ticked), seq0, fay.get_attribute("body", "data-seq"))
        )
    seq = int(fay.get_attribute("body", "data-seq"))
    lock_in(phones["Ben"], "double_down")
    fay.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=seq, timeout=WAIT_MS)
    assert sorted(fay.evaluate(ticked)) == ["double_down", "predict"], "a redraw undid her ticks"
    fay.click("button.sr-lock")
    assert wait_locked(fay) == "My choice: PREDICT: DOUBLE DOWN"
    shot(fay, "firefox-phone-locked")
    # Firefox reloads after locking in: its token brings back the same seat and the same locked choice
    fay.reload()
    ff_ready(fay)
    fay.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert wait_locked(fay) == "My choice: PREDICT: DOUBLE DOWN"
    assert phone_header_points(fay) == 0
    wait_present(host, 3)
    assert people_names(host) == ["Fay", "Ben", "Cat"]

    lock_in(phones["Cat"], "bank")
    wait_host_locked(host, 3)
    assert host_locked(host) == ["Fay", "Ben", "Cat"]
    host_click(host, "Reveal")
    wait_host_results(host, 1)
    totals = dict((name, row["total"]) for name, row in host_breakdown(host).items())
    for name, phone in phones.items():
        wait_phone_result(phone, 1)
        assert phone_total(phone) == totals[name], name
    assert host_breakdown(host)["Fay"]["action"].startswith("PREDICT")
    shot(fay, "firefox-phone-results")


def test_firefox_without_webrtc_says_so_on_the_phone_and_on_the_host_page(
    site, signal, firefox_without_webrtc, firefox_pages, shot
):
    phone = firefox_pages(
        firefox_without_webrtc, site + "/join.html?room=ABCD&signal=%s" % signal, PHONE_VIEW, "firefox-phone-no-webrtc"
    )
    ff_ready(phone)
    phone.wait_for_selector("body[data-link=no-webrtc]", timeout=WAIT_MS)
    assert phone.inner_text(".banner.error[data-reach]") == PHONE_NO_WEBRTC
    assert phone.inner_text("#join button") == "Cannot join from this browser"
    shot(phone, "firefox-phone-no-webrtc")

    host = firefox_pages(
        firefox_without_webrtc, site + "/host.html?new=1&signal=%s" % signal, HOST_VIEW, "firefox-host-no-webrtc"
    )
    ff_ready(host)
    host.wait_for_selector("body[data-signal=no-webrtc]", timeout=WAIT_MS)
    assert host.inner_text(".banner.error") == HOST_NO_WEBRTC
    assert host.locator(".banner.error").count() == 1
    shot(host, "firefox-host-no-webrtc")
