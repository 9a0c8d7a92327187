"""The platform, as people use it: a host screen, phones joining by code, reloads on both sides,
junk from a phone, the second visit with the network off. Real Chromium, real PeerServer."""

import json

from people import (
    join,
    join_phones,
    open_host,
    open_phone,
    people_names,
    received,
    seq,
    wait_players,
    wait_present,
    WAIT_MS,
)


def test_three_phones_join_and_the_host_lists_them_in_order(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal)
    assert len(code) == 4 and not set(code) & set("IO01")
    phones = join_phones(open_page, wait_ready, signal, host, code, ["Sam", "<b>x</b>", "Kim"])
    assert people_names(host) == ["Sam", "<b>x</b>", "Kim"]
    # a name is text everywhere: no element was made from it
    assert host.locator(".people b").count() == 0
    assert phones[1].locator(".people b").count() == 0
    assert people_names(phones[1]) == ["Sam", "<b>x</b>", "Kim"]
    # each phone's header wears the face the TV shows beside that player (issue 30: players have a face)
    tv = host.eval_on_selector_all(
        ".people .person",
        "els => els.map(e => [e.querySelector('.person-name')"
        ".textContent, e.querySelector('.face').className, e.querySelector('.face').textContent])",
    )
    assert len(set(cls for _, cls, _ in tv)) == 3
    for phone, (name, cls, initial) in zip(phones, tv):
        phone.wait_for_selector(".phone-head .me-face .face", timeout=WAIT_MS)
        assert phone.inner_text(".phone-head .me-name") == name
        assert phone.get_attribute(".phone-head .face", "class") == cls
        assert phone.inner_text(".phone-head .face") == initial
    shot(host, "platform-host-lobby-1280x720")
    shot(phones[1], "platform-phone-lobby-390x844")


def test_a_phone_that_reloads_is_back_in_its_own_seat(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal)
    sam = open_phone(open_page, wait_ready, signal, code, "Sam")
    join(sam, "Sam")
    kim = open_phone(open_page, wait_ready, signal, code, "Kim")
    join(kim, "Kim")
    wait_players(host, 2)
    sam.reload()
    wait_ready(sam)
    sam.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert sam.locator(".person:has(.you) .person-name").inner_text() == "Sam"
    wait_present(host, 2)
    assert people_names(host) == ["Sam", "Kim"]


def test_junk_from_a_phone_gets_error_replies_and_changes_nothing(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal)
    sam = open_phone(open_page, wait_ready, signal, code, "Sam")
    join(sam, "Sam")
    wait_players(host, 1)
    wait_present(host, 1)
    before = seq(host)
    junk = [
        ("not json", "bad_json"),
        (json.dumps({"v": 1, "t": "teleport"}), "bad_message"),
        (json.dumps({"v": 1, "t": "move", "id": 1, "move": {"type": "bank"}}), "no_game"),
        (json.dumps({"v": 1, "t": "move", "id": "x", "move": {}}), "bad_message"),
        (json.dumps({"v": 1, "t": "hello", "room": code, "token": "forged-token"}), "bad_token"),
        (json.dumps({"v": 1, "t": "move", "id": 2, "move": {"type": "x", "pad": "y" * 9000}}), "too_large"),
    ]
    for text, _ in junk:
        sam.evaluate("t => window.pp.sendRaw(t)", text)
    try:
        sam.wait_for_function(
            "n => window.pp.received.filter(t => JSON.parse(t).t === 'error').length >= n", arg=len(junk), timeout=20000
        )
    finally:
        print([m for m in received(sam) if m["t"] != "view"])
    codes = [m["code"] for m in received(sam) if m["t"] == "error"]
    assert codes == [code for _, code in junk]
    assert all(m["msg"] for m in received(sam) if m["t"] == "error")
    assert seq(host) == before
    assert people_names(host) == ["Sam"]


def test_the_host_reloads_and_every_phone_is_back_in_its_seat(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal)
    phones = join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben", "Cat"])
    host.reload()
    wait_ready(host)
    host.wait_for_selector("body[data-room-ready='%s']" % code, timeout=WAIT_MS)
    wait_players(host, 3)
    wait_present(host, 3)
    assert people_names(host) == ["Ann", "Ben", "Cat"]
    for phone, name in zip(phones, ["Ann", "Ben", "Cat"]):
        phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
        assert phone.locator(".person:has(.you) .person-name").inner_text() == name
    shot(host, "platform-host-after-reload")


def test_the_host_says_when_the_signalling_server_cannot_be_reached(open_page, wait_ready):
    page = open_page("/host.html?signal=127.0.0.1:9/peerjs&new=1", viewport=(1280, 720), name="host")
    wait_ready(page)
    page.wait_for_selector("body[data-signal=down]", timeout=WAIT_MS)
    assert "cannot be reached" in page.inner_text(".banner.error")


def test_the_second_visit_boots_with_the_network_off(open_page, wait_ready, signal, site):
    for path, name in [("/host.html?signal=%s" % signal, "host"), ("/join.html?room=ABCD&signal=%s" % signal, "phone")]:
        page = open_page(path, viewport=(1280, 720), name=name)
        wait_ready(page)
        worker = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
        assert worker.endswith("/sw.js?role=" + name), worker  # a phone's worker skips Pyodide
        page.context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        if name == "host":  # the rules worker (Pyodide, rules.zip) boots from the service worker's cache too
            page.wait_for_selector("body[data-rules-ready], .py-error", state="attached", timeout=WAIT_MS)
            page.wait_for_selector(".game-pick", timeout=WAIT_MS)
        page.context.set_offline(False)
