"""A second big screen anywhere (issue 29): screen.html pages watch the room over real PeerJS.

A host, three phones and two screens play a whole Seven Rounds game: at every step each screen shows exactly the
HTML the TV drew (its controls disabled); one screen opens mid-game, one reloads and takes its own place back; the
TV lists them and drops one. What a screen received holds no seat's token, no seed before the end, no view of a
seat, and no frame the TV's own screen thread did not draw. A fifth screen is told the room has its four. A screen
forced onto the e2e coturn relay keeps up. The JS HMAC the screen proves its key with is proof.py's.
"""

import json
from urllib.parse import quote

import pytest

from peerparty.room import proof
from peerparty.room.protocol import ROOM_ERRORS
from peerparty.ui.room import SCREEN_NOTICES

from people import HOST_VIEW, WAIT_MS, host_record, join, open_host, open_phone, play_here, wait_players, wait_present
from remote_screen import site_path, open_screen, same_frame, screen_link
from seven_rounds_play import (
    host_click,
    lock_in,
    start_seven_rounds,
    wait_host_locked,
    wait_host_results,
    wait_phone_result,
    wait_round_open,
)

NAMES = ["Ann", "Ben", "Cat"]
# a whole game, round by round: name -> (action, target, guess)
PLAN = [
    {"Ann": ("bank",), "Ben": ("team_up", "Cat"), "Cat": ("team_up", "Ben")},
    {"Ann": ("swipe", "Ben"), "Ben": ("double_down",), "Cat": ("predict", None, "swipe")},
    {"Ann": ("double_down",), "Ben": ("bank",), "Cat": ("swipe", "Ann")},
    {"Ann": ("predict", None, "bank"), "Ben": ("predict", None, "bank"), "Cat": ("bank",)},
    {"Ann": ("team_up", "Cat"), "Ben": ("swipe", "Cat"), "Cat": ("team_up", "Ann")},
    {"Ann": ("bank",), "Ben": ("bank",), "Cat": ("double_down",)},
    {"Ann": ("swipe", "Cat"), "Ben": ("team_up", "Ann"), "Cat": ("bank",)},
]
OPEN_SECOND_AT, RELOAD_FIRST_AT = 2, 4
# what a screen may be sent: never a seat's view, welcome or replica
SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"
SCREEN_KINDS = {"watching", "challenge", "wait", "pong", "frame", "patch", "bye", "error"}


def controls_disabled(screen):
    """Every host control on a screen is disabled but Sound; Fullscreen is no move."""
    moves = screen.eval_on_selector_all(
        "#app [data-move]", "els => els.map(e => [e.dataset.move, e.disabled, e.tagName === 'FORM' ? e.inert : null])"
    )
    for move, disabled, inert in moves:
        if move == '{"room":"sound"}':
            assert not disabled
        else:
            assert disabled or inert, move
    return len(moves)


@pytest.mark.timeout(900)
def test_two_screens_show_the_tv_through_a_whole_seven_rounds_game(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1&record=1")
    link = screen_link(host, shot)
    assert link.endswith("/screen.html?room=%s&signal=%s" % (code, quote(signal, safe="")))
    first = open_screen(open_page, link, "screen-1")
    assert first.get_attribute("body", "data-screen-no") == "1"
    same_frame(host, first)
    assert host.locator(".people-panel .screens [data-screen]").all_inner_texts() == ["Screen 1\nDrop"]

    phones = {}
    for name in NAMES:
        phones[name] = open_phone(open_page, wait_ready, signal, code, name)
        join(phones[name], name)
    wait_players(host, 3)
    wait_present(host, 3)
    assert host.text_content(".people-panel h2") == "Players (3)"  # a screen is not a seat
    same_frame(host, first)
    start_seven_rounds(host)
    same_frame(host, first)
    screens = [first]
    second = None
    for rnd, plan in enumerate(PLAN, start=1):
        for phone in phones.values():
            wait_round_open(phone, rnd)
        if rnd == OPEN_SECOND_AT:  # a screen opened mid-game shows the current frame
            second = open_screen(open_page, link, "screen-2")
            screens.append(second)
        if rnd == RELOAD_FIRST_AT:  # a reload takes its own place again, with the key it kept
            first.reload()
            first.wait_for_selector("body[data-screen=watching][data-frame]", timeout=WAIT_MS)
            assert first.get_attribute("body", "data-screen-no") == "1"
        for screen in screens:
            same_frame(host, screen)
        for name, choice in plan.items():
            lock_in(phones[name], *(list(choice) + [None] * (3 - len(choice))))
            for screen in screens:
                same_frame(host, screen)
        wait_host_locked(host, 3)
        if rnd == 1:
            assert controls_disabled(first) > 0
            assert first.locator("nav.sr-controls button:text-is('Reveal')").is_disabled()
        host_click(host, "Reveal")
        wait_host_results(host, rnd)
        for screen in screens:
            same_frame(host, screen)
        if rnd == 3:  # the README's pictures (make docs-img), once the reveal has played
            for page, name in ((host, "second-screen-tv-reveal"), (second, "second-screen-screen-reveal")):
                page.wait_for_function(SETTLED, timeout=WAIT_MS)
                shot(page, name)
        for phone in phones.values():
            wait_phone_result(phone, rnd)
        if rnd < len(PLAN):
            host_click(host, "Start round %d" % (rnd + 1))
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    for screen in screens:
        same_frame(host, screen)
        assert screen.locator("button:text-is('Play again')").is_disabled()
    assert host.inner_text(".host-head .deal") == first.inner_text(".host-head .deal")  # the seed, at the end

    # the replay is the TV's too: a step of it on the screens, and its controls are the host's
    host.locator(".deal-row").get_by_role("button", name="Watch it again").click()
    host.wait_for_selector(".replay-bar[data-replay-at]", timeout=WAIT_MS)
    host.locator(".replay-bar").get_by_role("button", name="One step forward", exact=True).click()
    host.wait_for_selector(".replay-bar[data-replay-at='1']", timeout=WAIT_MS)
    for screen in screens:
        same_frame(host, screen)
        assert screen.locator(".replay-bar [data-move]").first.is_disabled()
    host.locator(".replay-bar").get_by_role("button", name="Close the replay", exact=True).click()
    host.wait_for_selector(".replay-bar", state="detached", timeout=WAIT_MS)

    # Sound is the screen's own: it turns on there, not on the TV
    first.click("button:text-is('Sound: off')")
    first.wait_for_selector("button[aria-pressed=true]:text-is('Sound: on')", timeout=WAIT_MS)
    assert host.locator("button:text-is('Sound: off')").count() == 1

    _nothing_leaked(host, screens)

    # back in the lobby, the TV lists both screens and drops the second: it says so and stops
    host.click("button:text-is('Choose another game')")
    host.wait_for_selector(".people-panel .screens [data-screen='2']", timeout=WAIT_MS)
    host.click("[data-screen='2'] button:text-is('Drop')")
    host.click("#pp-confirm [data-answer=yes]")
    second.wait_for_selector("body[data-screen=dropped]", timeout=WAIT_MS)
    assert second.inner_text("#app") == SCREEN_NOTICES["dropped"]
    host.wait_for_selector("[data-screen='2']", state="detached", timeout=WAIT_MS)
    assert host.locator(".screens [data-screen]").all_inner_texts() == ["Screen 1\nDrop"]
    same_frame(host, first)


def _nothing_leaked(host, screens):
    record = host_record(host)
    tokens = [seat["token"] for seat in record["lobby"]["seats"]]
    seed = record["history"][-1]["record"]["seed"]
    drawn = set(host.evaluate("() => pp.host.drawn"))
    for screen in screens:
        texts = screen.evaluate("() => pp.screen.received")
        shown = screen.evaluate("() => pp.screen.shown")
        assert texts and shown
        assert set(shown) <= drawn, "a screen showed a frame the TV never drew"
        for text in texts:
            message = json.loads(text)
            assert message["t"] in SCREEN_KINDS, message["t"]
            for token in tokens:
                assert token not in text, "a screen received a seat's token"
            if seed in text:
                assert message.get("marks", {}).get("phase") == "over", "a screen received the seed before the end"
        for html in shown:
            if seed in html:
                assert 'data-move="{&quot;room&quot;:&quot;again&quot;}"' in html  # the results screen


def test_a_fifth_screen_is_told_the_room_has_four_and_a_freed_place_is_taken(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    link = screen_link(host)
    four = [open_screen(open_page, link, "screen-%d" % n, extra="") for n in range(1, 5)]
    host.wait_for_function("() => document.querySelectorAll('.screens [data-screen]').length === 4", timeout=WAIT_MS)
    fifth = open_page(site_path(link), viewport=HOST_VIEW, name="screen-5")
    fifth.wait_for_selector("body[data-screen=full]", timeout=WAIT_MS)
    text = fifth.inner_text("#app")
    assert "already has 4 screens" in text and "asks again" in text
    assert host.locator(".screens [data-screen]").count() == 4
    four[0].close()  # one closes: the fifth gets its place at its next ask
    fifth.wait_for_selector("body[data-screen=watching][data-frame]", timeout=WAIT_MS)
    same_frame(host, fifth)


def test_a_screen_forced_onto_the_relay_keeps_up(open_page, wait_ready, signal, turn_server):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1&turn=" + quote(turn_server, safe=""))
    link = screen_link(host)
    assert "turn=" + quote(turn_server, safe="") in link  # the host's relay travels with the link
    relayed = open_screen(open_page, link, "screen-relayed", extra="&force_relay=1")
    same_frame(host, relayed)
    phone = open_phone(open_page, wait_ready, signal, code, "Ann")
    join(phone, "Ann")
    wait_players(host, 1)
    same_frame(host, relayed)
    assert "Ann" in relayed.inner_text(".people-panel")
    path = relayed.evaluate("() => pp.linkPath(pp.screen.conn())")
    assert path["local"] == "relay", path


def test_the_screens_hmac_is_proof_pys(open_page, wait_ready, signal):
    page = open_page("/screen.html?room=ABCD&signal=" + signal, viewport=HOST_VIEW, name="screen-mac")
    page.wait_for_function("() => !!(window.pp && pp.mac)", timeout=WAIT_MS)
    cases = [
        ("k", ["screen"]),
        ("a" * 100, ["screen-host", "ABCD", 1, "peerparty-ABCD-1", "ab" * 16, "cd" * 16]),
        ("tok-é", ["x", "", "y" * 200]),
    ]
    for key, parts in cases:
        assert page.evaluate("([k, p]) => pp.mac(k, ...p)", [key, parts]) == proof.mac(key, *parts)
    assert page.evaluate("() => pp.sha256Hex('')") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_a_screen_opens_offline_after_its_first_visit_and_watches_once_back_online(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    screen = open_screen(open_page, screen_link(host), "screen-offline", extra="")
    worker = screen.evaluate("() => navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
    assert worker.endswith("/sw.js?role=phone"), worker  # a phone's cache: the screen's page, no Pyodide
    screen.context.set_offline(True)
    screen.reload()
    screen.wait_for_selector("body[data-screen=connecting]", timeout=WAIT_MS)
    assert screen.evaluate("() => !!navigator.serviceWorker.controller")
    assert screen.inner_text("#app") == SCREEN_NOTICES["connecting"]
    screen.context.set_offline(False)
    screen.wait_for_selector("body[data-screen=watching][data-frame]", timeout=WAIT_MS)
    assert screen.get_attribute("body", "data-screen-no") == "1"  # its own place, by its key
    same_frame(host, screen)


# the signalling server's late answer, as PeerJS 1.5 raises it on the Peer: it names an id, not a connection
LATE_ANSWER = """code => {
  const err = Object.assign(new Error("Could not connect to peer peerparty-" + code + "-0"), { type: "peer-unavailable" });
  window.linkBefore = pp.screen.conn();
  pp.screen.conn().provider.emit("error", err);
  return [document.body.dataset.screen, pp.screen.conn() === window.linkBefore];
}"""


def test_a_late_nobody_holds_that_id_leaves_a_watching_screen_alone(open_page, wait_ready, signal):
    """Issue 47, 2: the PeerServer answers an offer to an id nobody holds 5-6 s late, as the Peer's error naming the
    id. One that arrives while the screen watches (about an id it dialled before) changes nothing: before, it
    moved the screen's term and hung up on the live host ("Reconnecting…")."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    screen = open_screen(open_page, screen_link(host), "screen-late", extra="")
    assert screen.evaluate(LATE_ANSWER, code) == ["watching", True]
    phone = open_phone(open_page, wait_ready, signal, code, "Ann")
    join(phone, "Ann")
    wait_players(host, 1)
    same_frame(host, screen)
    assert screen.evaluate("() => [document.body.dataset.screen, pp.screen.conn() === window.linkBefore]") == [
        "watching",
        True,
    ]


def test_a_tv_that_is_a_players_screen_refuses_a_screen_which_says_so_and_asks_again(open_page, wait_ready, signal):
    """Issue 47, 5: a host who plays on the TV's tab ("I play on this screen") takes no other screen. A screen
    opened anyway says so in the host's words and asks again every few seconds (it gets in once the room's host
    takes screens: a Hint Hunt successor, tests/test_sim_screens.py). Before, it read the refusal as nothing and
    said "Connecting…" for ever."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    play_here(host, "Hana")
    screen = open_page("/screen.html?room=%s&signal=%s&record=1" % (code, signal), viewport=HOST_VIEW, name="screen-no")
    screen.wait_for_selector("body[data-screen=no_screens]", timeout=WAIT_MS)
    assert screen.inner_text("#app") == SCREEN_NOTICES["no_screens"] % ROOM_ERRORS["no_screens"]
    refusals = "() => pp.screen.received.filter((t) => JSON.parse(t).code === 'no_screens').length"
    screen.wait_for_function(refusals + " >= 2", timeout=WAIT_MS)  # it asked again, and was told again
    assert host.locator(".screens [data-screen]").count() == 0
