"""The controls on a phone (issue 37): the first phone to join holds them and draws the TV's own buttons; a whole
game runs from it with no click on the TV; when its holder closes the tab, the next phone by join order gets
them, and uses them. The TV only ever shows the table."""

import json
import time
from pathlib import Path

import pytest

from hint_hunt_play import claim, one_claims_the_rest_stop, read_write_form, submit, tick_and_type
from controls_play import BAND, band_click, count_taps, holder_on_tv, in_view, scrolled_down, taps
from people import WAIT_MS, host_record, join_phones, open_host, seq, wait_seq_above, wait_seq_at_least
from remote_screen import open_screen, same_frame
from seven_rounds_play import lock_in, wait_host_results, wait_phone_result, wait_round_open


@pytest.mark.timeout(900)
def test_a_whole_seven_rounds_game_from_the_controls_phone_and_its_successor(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    count_taps(host)
    names = ["Ann", "Ben", "Cat"]
    phones = dict(zip(names, join_phones(open_page, wait_ready, signal, host, code, names)))
    ann, ben = phones["Ann"], phones["Ben"]
    ann.set_viewport_size({"width": 360, "height": 640})  # the smallest phone holds the controls
    ben.set_viewport_size({"width": 360, "height": 640})
    ann.wait_for_selector(BAND, timeout=WAIT_MS)
    assert "You have the controls" in ann.text_content(BAND)
    # issue 48 point 3: the holder is the host: never "Wait for the host to pick a game."
    assert "Wait for the host" not in ann.inner_text("main") and "Pick a game above." in ann.inner_text("main")
    assert ben.locator(BAND).count() == 0 and phones["Cat"].locator(BAND).count() == 0
    assert holder_on_tv(host) == ["Ann"]
    shot(ann, "controls-phone-lobby")
    shot(host, "controls-tv-lobby")

    band_click(ann, "[data-move*='\"seven_rounds\"']")
    host.wait_for_selector("[data-move*='\"seven_rounds\"'][aria-pressed=true]", timeout=WAIT_MS)
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)

    for rnd in range(1, 8):
        for phone in phones.values():
            wait_round_open(phone, rnd)
        for phone in phones.values():
            lock_in(phone, "bank")
        reveal = "%s nav.sr-controls button:text-is('Reveal'):not([disabled])" % BAND
        ann.wait_for_selector(reveal, timeout=WAIT_MS)
        if rnd in (1, 7):
            # issue 48 point 3: everyone has locked in: the holder's phone says it is their move, at its top,
            # the button in view
            ann.wait_for_selector("%s[data-your-move]" % BAND, timeout=WAIT_MS)
            assert ann.inner_text("%s .controls-title" % BAND).lower() == "your move: reveal"
            in_view(ann, reveal, "Reveal on the holder's 360x640 phone")
            shot(ann, "controls-phone-reveal")
            scrolled_down(ben)  # Ben reads the rules while he waits
        band_click(ann, "nav.sr-controls button:text-is('Reveal')")
        wait_host_results(host, rnd)
        for phone in phones.values():
            wait_phone_result(phone, rnd)
        if rnd == 1:
            # issue 48 point 4: Ben's own round is brought into view; the holder is told to start the next one
            ben.wait_for_selector("body[data-shown='sr-mine-1']", state="attached", timeout=WAIT_MS)
            in_view(ben, ".sr-mine", "Ben's round 1, after he had scrolled down")
            shot(ben, "controls-phone-ben-sees-his-round")
            next_round = "%s nav.sr-controls button:text-is('Start round 2')" % BAND
            ann.wait_for_selector("%s[data-your-move]" % BAND, timeout=WAIT_MS)
            in_view(ann, next_round, "Start round 2 on the holder's phone")
            assert "Waiting for the host" not in ann.inner_text("main")
            shot(ann, "controls-phone-start-round-2")
        if rnd < 7:
            band_click(ann, "nav.sr-controls button:text-is('Start round %d')" % (rnd + 1))
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    ann.wait_for_selector("%s button:text-is('Play again')" % BAND, timeout=WAIT_MS)
    shot(ann, "controls-phone-results")
    # Ben had scrolled down before the last reveal: who won is brought into view
    ben.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
    in_view(ben, "h1.winners", "who won, on Ben's phone")
    shot(ben, "controls-phone-ben-sees-who-won")

    # every host decision of the game came from the phone: the TV's log holds them, the TV was never clicked
    log = host_record(host)["match"]["log"]
    decided = [move["type"] for who, move, _ in log if who == "@host"]
    # (the first next_round is the game's own start move, played at Start)
    assert decided.count("reveal") == 7 and decided.count("next_round") == 7, decided

    # the holder closes the tab: the next phone by join order gets the controls, and uses them
    ann.close()
    ben.wait_for_selector(BAND, timeout=WAIT_MS)
    band_click(ben, "button:text-is('Choose another game')")
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    ben.wait_for_selector("%s .picker" % BAND, timeout=WAIT_MS)
    assert holder_on_tv(host) == ["Ben"]
    shot(host, "controls-tv-lobby-after-holder-left")
    assert taps(host) == [], "the TV was touched"


# a tile whose role is shown but that nobody claimed: on the table only once its board has ended (D3-08)
UNCLAIMED_ROLES = (
    "() => document.querySelectorAll('.hh-grid > li.hh-tile:not(.hh-claimed)[class*=\"hh-role-\"]').length"
)
BOARD_ENDED = (
    "() => !!document.querySelector('.hh-table .hh-status') && "
    "/Board over/.test(document.querySelector('.hh-table .hh-status').textContent)"
)


def check_the_table(host, screen):
    """The TV and the remote screen show the same frame, and no role of a word nobody claimed while its board runs."""
    same_frame(host, screen)
    for page in (host, screen):
        if not page.evaluate(BOARD_ENDED):
            assert page.evaluate(UNCLAIMED_ROLES) == 0, "an unclaimed tile's role is on the big screen"


@pytest.mark.timeout(900)
def test_hint_hunt_with_a_tv_four_phones_and_a_screen_the_host_plays_on_a_phone(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1&record=1")
    count_taps(host)
    names = ["Ann", "Ben", "Cat", "Dan"]
    phones = dict(zip(names, join_phones(open_page, wait_ready, signal, host, code, names)))
    ann = phones["Ann"]
    # a screen in another room, from the link the TV offers (typed in, so the TV is never clicked)
    screen = open_screen(open_page, "http://x/screen.html?room=%s&signal=%s" % (code, signal), "screen")
    band_click(ann, "[data-move*='\"hint_hunt\"']")
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)

    for name, phone in phones.items():
        form = read_write_form(phone)
        tick_and_type(phone, form["unlocked"][:2], "Hint%s" % name)
        submit(phone)
        check_the_table(host, screen)
    assert "HintAnn" not in host.content() and "HintAnn" not in screen.content()
    ann.wait_for_selector("%s .hh-controls .hh-start:not([disabled])" % BAND, timeout=WAIT_MS)
    shot(ann, "controls-phone-hint-hunt")
    band_click(ann, ".hh-controls .hh-start")
    boards = 0
    while host.get_attribute("body", "data-phase") == "playing":
        boards += 1
        check_the_table(host, screen)
        if boards == 1:
            shot(host, "controls-tv-hint-hunt-guessing")
        # one guesser claims a word, the others stop; the board goes on from the controls phone
        guessers = [p for p in phones.values() if p.locator("button.hh-claim").count()]
        assert len(guessers) == 3, "everyone but the board's writer guesses"
        latest = one_claims_the_rest_stop(guessers)
        check_the_table(host, screen)
        wait_seq_at_least(ann, latest)  # her Next hint asks first only if someone is still guessing
        ann.wait_for_selector("%s .hh-controls .hh-next:not([disabled])" % BAND, timeout=WAIT_MS)
        confirm = ann.get_attribute("%s .hh-controls .hh-next" % BAND, "data-confirm") is not None
        band_click(ann, ".hh-controls .hh-next", confirm=confirm)
        host.wait_for_function(
            "n => document.body.dataset.phase !== 'playing' || Number(document.body.dataset.seq) >= n",
            arg=seq(ann),
            timeout=WAIT_MS,
        )
    assert boards == 4
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    for phone in phones.values():
        phone.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    # the TV was never clicked: every host decision in its record came from Ann's phone
    log = host_record(host)["match"]["log"]
    decided = [move["type"] for who, move, _ in log if who == "@host"]
    assert decided.count("start_guessing") == 1 and decided.count("next_board") == 4, decided
    assert taps(host) == [], "the TV was touched"


TAKEOVER_LOG = Path(__file__).resolve().parent.parent / "artifacts" / "logs" / "takeover.json"


def hint_hunt_mid_guessing(open_page, wait_ready, signal):
    """A TV and Ann's, Ben's and Cat's phones in Hint Hunt, started from Ann's controls: everyone has written,
    board 1 (Ann's) is up and Ben has claimed one of her two targets; a remote screen watches.
    Returns host, code, phones, targets, screen."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    names = ["Ann", "Ben", "Cat"]
    phones = dict(zip(names, join_phones(open_page, wait_ready, signal, host, code, names)))
    ann = phones["Ann"]
    screen = open_screen(open_page, "http://x/screen.html?room=%s&signal=%s" % (code, signal), "screen")
    band_click(ann, "[data-move*='\"hint_hunt\"']")
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    targets = {}
    for name, phone in phones.items():
        form = read_write_form(phone)
        targets[name] = form["unlocked"][:2]
        tick_and_type(phone, targets[name], "Hint%s" % name)
        submit(phone)
    ann.wait_for_selector("%s .hh-controls .hh-start:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, ".hh-controls .hh-start")
    # board 1 is Ann's (board order is join order): Ben claims one of her targets, so the board runs on
    phones["Ben"].wait_for_selector("button.hh-claim", timeout=WAIT_MS)
    before = seq(host)
    claim(phones["Ben"], targets["Ann"][0])
    wait_seq_above(host, before)
    return host, code, phones, targets, screen


@pytest.mark.timeout(900)
def test_the_tv_closes_mid_hint_hunt_and_every_phone_and_the_screen_play_on_under_the_controls_phone(
    open_page, wait_ready, signal, shot
):
    """Issue 38 point 8 and issue 37 point 4: the TV's tab closes mid-guessing; the phone holding the controls
    (Hint Hunt's rulebook host, D3-12) takes over, is told so and keeps a phone's layout; the other phones take no
    tap while they reconnect; every phone and the remote screen play on; the TV, opened again, is the big screen
    of the room its successor leads. The times from the close are written to artifacts/logs/takeover.json."""
    host, code, phones, targets, screen = hint_hunt_mid_guessing(open_page, wait_ready, signal)
    ann, ben, cat = phones["Ann"], phones["Ben"], phones["Cat"]
    old_seq = seq(host)
    tv_url, tv_context = host.url.replace("&new=1", ""), host.context

    t_close = time.monotonic()
    times = {}
    host.close()  # the TV's tab, mid-guessing
    ben.wait_for_selector("main[data-offline][inert]", state="attached", timeout=WAIT_MS)
    times["close_to_phones_see_it_s"] = round(time.monotonic() - t_close, 1)
    assert "Reconnecting to the host" in ben.inner_text(".banner.warn")
    shot(ben, "takeover-phone-reconnecting")
    ann.wait_for_url("**/host.html?takeover=1*", timeout=WAIT_MS)
    times["close_to_successor_navigates_s"] = round(time.monotonic() - t_close, 1)
    ann.wait_for_selector("body[data-room-ready][data-epoch='1']", state="attached", timeout=WAIT_MS)
    times["close_to_successor_room_open_s"] = round(time.monotonic() - t_close, 1)
    # it came at once ("closing"), booted its rules while the signalling server said the TV's id was gone
    assert ann.get_attribute("body", "data-takeover-check") == "gone"
    for page in (ben, cat):
        wait_seq_above(page, old_seq)
        page.wait_for_selector("body[data-status=joined] main:not([inert])", timeout=WAIT_MS)
    times["close_to_every_phone_plays_s"] = round(time.monotonic() - t_close, 1)
    screen.wait_for_selector("body[data-screen=watching][data-screen-epoch='1']", timeout=WAIT_MS)
    same_frame(ann, screen)
    times["close_to_screen_watches_s"] = round(time.monotonic() - t_close, 1)
    # the phone that hosts now says so in words, keeps to its width, and shows the table on the screen
    ann.wait_for_selector("text=You are the host now", timeout=WAIT_MS)
    width = ann.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], "the new host's page is %d px wide on a %d px phone" % tuple(width)
    shot(ann, "takeover-new-host-phone")
    assert screen.evaluate(UNCLAIMED_ROLES) == 0, "an unclaimed tile's role is on the screen"
    # the TV opened again is the big screen of Ann's room: the table, never a seat
    tv = tv_context.new_page()  # its own browser, with what the TV kept
    tv.goto(tv_url)
    tv.wait_for_selector("body[data-screen=watching][data-screen-epoch='1']", timeout=WAIT_MS)
    times["tv_reopened_watches"] = True
    same_frame(ann, tv)
    assert tv.evaluate(UNCLAIMED_ROLES) == 0 and tv.locator(".hh-write, .hh-phone").count() == 0
    shot(tv, "takeover-tv-reopened")
    # the game goes on under the new host: Cat claims Ann's other target
    before = seq(ann)
    claim(cat, targets["Ann"][1])
    wait_seq_above(ann, before)
    TAKEOVER_LOG.parent.mkdir(parents=True, exist_ok=True)
    TAKEOVER_LOG.write_text(json.dumps(times, indent=1))


@pytest.mark.timeout(900)
def test_the_tv_reloads_mid_hint_hunt_and_stays_the_host_while_the_successor_goes_back_to_its_seat(
    open_page, wait_ready, signal
):
    """The other side of the takeover's speed: a TV that reloads says "closing" too, and its successor opens the
    host page at once. That page finds the TV's id answered (the reload took it back) and goes back to being Ann's
    phone, in her seat; the TV still leads, under its own epoch, and the board goes on with the move it had."""
    host, code, phones, targets, screen = hint_hunt_mid_guessing(open_page, wait_ready, signal)
    ann, cat = phones["Ann"], phones["Cat"]
    went = []
    ann.on("framenavigated", lambda frame: went.append(frame.url) if frame == ann.main_frame else None)
    host.goto(host.url.replace("&new=1", ""))  # a reload of the room's TV (the test opened it as a new room)
    wait_ready(host)
    host.wait_for_selector("body[data-room-ready='%s'][data-epoch='0']" % code, state="attached", timeout=WAIT_MS)
    ann.wait_for_url("**/join.html?room=*", timeout=WAIT_MS)
    ann.wait_for_selector("body[data-status=joined] main:not([inert])", timeout=WAIT_MS)
    assert any("takeover=1" in url and "closing=1" in url for url in went), went
    assert [url for url in went if "takeover=1" in url][-1] != went[-1]  # back on the phone page at the end
    assert host.get_attribute("body", "data-moved-on") is None
    assert "Ann" in host.inner_text(".people, .people-panel")
    # the board goes on under the TV: Cat claims Ann's other target, and Ann's phone sees it
    before = seq(host)
    claim(cat, targets["Ann"][1])
    wait_seq_above(host, before)
    wait_seq_above(ann, before)
    screen.wait_for_selector("body[data-screen=watching][data-screen-epoch='0']", timeout=WAIT_MS)
    same_frame(host, screen)


@pytest.mark.timeout(600)
def test_a_guest_whose_phone_dies_mid_round_is_let_back_in_from_the_controls_phone(open_page, wait_ready, signal, shot):
    """Issue 48, point 1: Dan's phone dies in a Seven Rounds round; his new phone asks for his seat; Ann's phone,
    holding the controls, shows the request at its top and lets him in. Nobody touches the TV."""
    from people import open_phone

    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    count_taps(host)
    names = ["Ann", "Ben", "Cat", "Dan"]
    phones = dict(zip(names, join_phones(open_page, wait_ready, signal, host, code, names)))
    ann, dan = phones["Ann"], phones["Dan"]
    ann.wait_for_selector(BAND, timeout=WAIT_MS)
    band_click(ann, "[data-move*='\"seven_rounds\"']")
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    for phone in phones.values():
        wait_round_open(phone, 1)
    lock_in(ann, "bank")
    mission = dan.inner_text(".sr-mission")
    dan.context.close()  # Dan's phone dies mid-round
    host.wait_for_function("() => document.querySelectorAll('.people .presence.off').length === 1", timeout=WAIT_MS)
    new_dan = open_phone(open_page, wait_ready, signal, code, "Dan-new")
    new_dan.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    new_dan.fill("#name", "Dan")
    new_dan.click("#join button")
    new_dan.wait_for_selector("body[data-status=waiting]", timeout=WAIT_MS)
    # the request is at the top of Ann's phone, above her own round and the controls
    ann.wait_for_selector("main > [data-claim] [data-let-in]", timeout=WAIT_MS)
    assert "A new phone asks to be Dan" in ann.inner_text("main > [data-claim]")
    top = ann.evaluate("() => document.querySelector('main > [data-claim]').getBoundingClientRect().top")
    assert 0 <= top < ann.viewport_size["height"] / 2, top
    shot(ann, "controls-phone-let-dan-in")
    before = seq(ann)
    ann.click("main > [data-claim] [data-let-in]")
    wait_seq_above(ann, before)
    new_dan.wait_for_selector("body[data-status=joined][data-phase=playing]", timeout=WAIT_MS)
    new_dan.wait_for_selector(".sr-mission", timeout=WAIT_MS)
    assert new_dan.inner_text(".sr-mission") == mission and new_dan.inner_text(".me-name") == "Dan"
    ann.wait_for_selector("main > [data-claim]", state="detached", timeout=WAIT_MS)
    wait_round_open(new_dan, 1)
    lock_in(new_dan, "bank")  # he plays on in the round under way
    assert taps(host) == [], "the TV was touched"
