"""Every phone at the party connects or is told why (issues 16.4 and 19): a browser without WebRTC says so on
the phone and on the host page and stops trying; a phone forced to relay plays a round of Seven Rounds through
a real TURN server (coturn on 127.0.0.1), and getStats() shows its selected candidate pair is relayed; a phone
with no path at all gets the sentence (not an endless "Connecting…") and the TV names it."""

from urllib.parse import quote

from peerparty.net.reach import HOST_NO_WEBRTC, PHONE_NO_PATH, PHONE_NO_WEBRTC

from people import HOST_VIEW, PHONE_VIEW, WAIT_MS, join, open_host, pick_and_start, wait_players, wait_present
from seven_rounds_play import (
    host_breakdown,
    host_click,
    lock_in,
    phone_total,
    wait_host_locked,
    wait_host_results,
    wait_phone_result,
    wait_round_open,
)

# What iPhone Lockdown Mode, hardened browsers and some webviews amount to: no WebRTC objects at all.
NO_WEBRTC = """for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel',
                                   'RTCSessionDescription', 'RTCIceCandidate']) delete window[name];"""


def count_sockets(page):
    """Every WebSocket the page opens (PeerJS opens one to the signalling server for each Peer it makes)."""
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    return sockets


def test_a_phone_without_webrtc_says_what_to_do_and_stops_trying(open_page, wait_ready, signal, site, shot):
    phone = open_page(None, viewport=PHONE_VIEW, name="phone-no-webrtc", init_script=NO_WEBRTC)
    sockets = count_sockets(phone)
    phone.clock.install()  # so the test can run the phone's retry timer on without waiting
    phone.goto(site + "/join.html?room=ABCD&signal=%s" % signal)
    wait_ready(phone)
    phone.wait_for_selector("body[data-link=no-webrtc]", timeout=WAIT_MS)
    assert phone.inner_text(".banner.error[data-reach]") == PHONE_NO_WEBRTC
    assert phone.inner_text("#join button") == "Cannot join from this browser"
    assert phone.locator("#join button").is_disabled()
    shot(phone, "connectivity-phone-no-webrtc")
    phone.clock.run_for(30_000)  # seven retry periods
    assert sockets == []  # it never asked the signalling server for anything
    assert phone.get_attribute("body", "data-link") == "no-webrtc"
    assert phone.inner_text(".banner.error[data-reach]") == PHONE_NO_WEBRTC


def test_a_host_without_webrtc_says_so_and_does_not_blame_the_signalling_server(
    open_page, wait_ready, signal, site, shot
):
    host = open_page(None, viewport=HOST_VIEW, name="host-no-webrtc", init_script=NO_WEBRTC)
    sockets = count_sockets(host)
    host.clock.install()
    host.goto(site + "/host.html?signal=%s&new=1" % signal)
    wait_ready(host)
    host.wait_for_selector("body[data-signal=no-webrtc]", timeout=WAIT_MS)
    assert host.inner_text(".banner.error") == HOST_NO_WEBRTC
    shot(host, "connectivity-host-no-webrtc")
    host.clock.run_for(30_000)
    assert sockets == []
    assert host.get_attribute("body", "data-signal") == "no-webrtc"
    assert host.locator(".banner.error").all_inner_texts() == [HOST_NO_WEBRTC]
    assert "signalling" not in host.inner_text("body")


def _join_url(host):
    """The address the host's QR code carries."""
    return host.get_attribute(".qr", "data-join")


def test_a_phone_forced_to_relay_plays_a_round_through_a_real_turn_server(
    open_page, wait_ready, signal, turn_server, shot
):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1&turn=" + quote(turn_server, safe=""))
    url = _join_url(host)
    assert "turn=" + quote(turn_server, safe="") in url  # the host's relay travels with the join link
    relayed = open_page(url + "&record=1&force_relay=1", viewport=PHONE_VIEW, name="phone-relayed")
    wait_ready(relayed)
    join(relayed, "Ann")
    phones = {"Ann": relayed}
    for name in ("Ben", "Cat"):
        phones[name] = open_page(url + "&record=1", viewport=PHONE_VIEW, name="phone-" + name)
        wait_ready(phones[name])
        join(phones[name], name)
    wait_players(host, 3)
    wait_present(host, 3)
    pick_and_start(host, "seven_rounds")
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
    totals = dict((name, row["total"]) for name, row in host_breakdown(host).items())
    assert dict((name, phone_total(phone)) for name, phone in phones.items()) == totals
    shot(relayed, "connectivity-relayed-phone-results")

    path = relayed.evaluate("() => pp.linkPath(pp.hostConn)")
    print("relayed phone's selected pair:", path)
    assert path["local"] == "relay", path
    assert path["bytesSent"] > 0 and path["bytesReceived"] > 0, path  # the round went through it
    direct = phones["Ben"].evaluate("() => pp.linkPath(pp.hostConn)")
    print("a direct phone's selected pair:", direct)
    assert direct["local"] != "relay", direct  # direct paths come first when they work


# Chrome on an Android phone, as its user agent reads (static/js/link.js tells the kind of phone from it)
ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"


def test_a_phone_forced_to_relay_with_no_relay_is_told_and_the_tv_names_it(open_page, wait_ready, signal, shot):
    # a local signalling server gives no ICE servers, and the relay given has no user: there is no relay at all
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1&turn=turn:10.0.0.2:3478")
    assert (
        host.inner_text(".banner.warn")
        == "The relay turn:10.0.0.2:3478 is not turn:user:password@host:port; phones join without it."
    )
    phone = open_page(_join_url(host) + "&force_relay=1", viewport=PHONE_VIEW, name="phone-no-path")
    wait_ready(phone)
    phone.fill("#name", "Sam")  # typed while it tries: the next knock carries it to the TV
    phone.wait_for_selector("body[data-link=no-path]", timeout=WAIT_MS)
    assert phone.inner_text(".banner.error[data-reach]") == PHONE_NO_PATH
    assert phone.inner_text("#join button") == "Still trying…"
    shot(phone, "connectivity-phone-no-path")
    host.wait_for_function(
        "() => [...document.querySelectorAll('.knocking .knocker')].some(e => e.textContent === 'Sam')", timeout=WAIT_MS
    )
    assert "turn on a relay" in host.inner_text(".banner.knocking")
    assert host.get_attribute("body", "data-players") == "0"
    # an Android phone whose guest typed no name is named by its kind, in the TV's language (net/reach.py DEVICES)
    android = open_page(
        _join_url(host) + "&force_relay=1", viewport=PHONE_VIEW, name="phone-no-path-android", user_agent=ANDROID
    )
    wait_ready(android)
    android.wait_for_selector("body[data-link=no-path]", timeout=WAIT_MS)
    host.wait_for_function(
        "() => [...document.querySelectorAll('.knocking .knocker')].map(e => e.textContent).join('|') === "
        "'Sam|an Android phone'",
        timeout=WAIT_MS,
    )
    shot(host, "connectivity-host-knocking")
