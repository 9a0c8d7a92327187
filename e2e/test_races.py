"""A harmless race changes nothing and shows nothing (issue 38 point 5; room/races.py, docs/decisions.md "A
harmless race shows nothing"): double clicks on the TV's Start, Reveal, Start round and Play again, on a phone's
Lock in and on a Hint Hunt word (a double click's second click is dropped: static/js/glue.js), and presses the
host does get twice (Enter twice on the TV's Reveal and on a phone's Lock in: room/races.py classifies the
refusal), each answered by the host (the TV's body[data-acted], the phone's recorded acks and errors) before the
screens are read: no message on any of them, and the game moved once. Whole games, with every page's console
clean (issue 38 point 10: PeerJS's look-ahead, a phone's vibrate)."""

from hint_hunt_play import next_board, read_write_form, seat_host_and_join, start_guessing, submit, tick_and_type
from people import ANSWERED, WAIT_MS, host_record, join_phones, open_host, received, seq, wait_seq_above
from seven_rounds_play import choose, wait_host_results, wait_round_open

# what a harmless race used to leave on a screen for the whole phase
SENTENCES = (
    "There is nothing to reveal right now.",
    "That was for an earlier moment of the game",
    "A game is under way.",
    "No game is running.",
    "The game is not over yet.",
    "You have already locked in",
    "This board has ended",
    "already claimed",
)


def tv_double_click(host, selector):
    """Double-click a TV control; returns once the TV has answered every tap it made (body[data-taps]: the
    second click may find the screen already redrawn)."""
    taps = int(host.get_attribute("body", "data-taps") or 0)
    host.dblclick(selector)
    host.wait_for_function(ANSWERED, timeout=WAIT_MS)
    assert int(host.get_attribute("body", "data-taps") or 0) > taps, "the double click made no tap"


def tv_enter_twice(host, selector):
    """Enter twice on a TV control (keys are no double click: both presses go to the host, the second one
    refused); returns once the TV has answered every tap."""
    host.focus(selector)
    host.wait_for_selector("body:not([data-remote-guard])", state="attached", timeout=WAIT_MS)
    taps = int(host.get_attribute("body", "data-taps") or 0)
    host.keyboard.press("Enter")
    host.keyboard.press("Enter")
    host.wait_for_function(ANSWERED, timeout=WAIT_MS)
    return int(host.get_attribute("body", "data-taps")) - taps


def answered(phone, first_id):
    """Wait until the host has answered every move the phone sent from id `first_id` on (body[data-moves]: how
    many it sent; an ack or a refusal each)."""
    phone.wait_for_function(
        "first => Array.from(window.pp.received).map((t) => JSON.parse(t))"
        ".filter((m) => (m.t === 'ack' || m.t === 'error') && m.id >= first).length >="
        " Number(document.body.dataset.moves) - first",
        arg=first_id,
        timeout=WAIT_MS,
    )


def next_move_id(phone):
    ids = [m["id"] for m in received(phone) if m["t"] in ("ack", "error") and "id" in m]
    return max(ids) + 1 if ids else 0


def shows_nothing(*pages):
    for page in pages:
        assert page.locator(".error-line").count() == 0, page.inner_text(".error-line")
        text = page.inner_text("body")
        assert not [s for s in SENTENCES if s in text], (page.peerparty.name, text[:400])


def moves(host, kind):
    return [m for _, m, _ in host_record(host)["match"]["log"] if m.get("type") == kind]


def no_console_errors(pages):
    errors = dict((p.peerparty.name, p.peerparty.console_errors) for p in pages if p.peerparty.console_errors)
    assert not errors, errors


def test_double_clicks_on_start_reveal_lock_in_and_play_again_move_the_game_once_and_show_nothing(
    open_page, wait_ready, signal, shot
):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben", "Cat"])
    ann, ben, cat = phones
    host.click('[data-move=\'{"room":"pick","game":"seven_rounds"}\']')
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    tv_double_click(host, "#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    shows_nothing(host)
    assert len(host_record(host)["history"]) == 0

    for rnd in (1, 2):
        for phone in phones:
            wait_round_open(phone, rnd)
        if rnd == 2:
            # Ben's phone is reopened on his turn: no tap on it yet, so no buzz (the browser would block
            # navigator.vibrate and say so in the console: glue.js's pp.buzz waits for a tap)
            ben.reload()
            wait_ready(ben)
            wait_round_open(ben, rnd)
        # Ann double-taps Lock in (round 2: presses Enter twice on it, so both reach the host): one lock, no
        # message on her phone
        first = next_move_id(ann)
        choose(ann, "bank")
        if rnd == 1:
            ann.dblclick("button.sr-lock")
        else:
            ann.focus("button.sr-lock")
            ann.keyboard.press("Enter")
            ann.keyboard.press("Enter")
        answered(ann, first)
        sent = int(ann.get_attribute("body", "data-moves")) - first
        # a double click sends one; Enter twice sends two unless the host's answer redrew the form in between
        assert sent == 1 if rnd == 1 else sent in (1, 2), "round %d: Ann's phone sent %d locks" % (rnd, sent)
        ann.wait_for_selector(".sr-my-choice.is-locked", timeout=WAIT_MS)
        shows_nothing(ann)
        for phone in (ben, cat):
            choose(phone, "double_down")
            phone.click("button.sr-lock")
        host.wait_for_selector('nav.sr-controls button.primary[data-move=\'{"type":"reveal"}\']', timeout=WAIT_MS)
        assert len(moves(host, "lock")) == 3 * rnd, "Ann's double tap locked once"
        reveal = 'nav.sr-controls button[data-move=\'{"type":"reveal"}\']'
        if rnd == 1:
            tv_double_click(host, reveal)
        else:
            assert tv_enter_twice(host, reveal) in (1, 2)  # 1: the focus had moved on (static/js/remote.js)
        try:
            wait_host_results(host, rnd)
        except Exception:
            shot(host, "FAILED-races-reveal")
            raise AssertionError(
                "no results: taps %s acted %s log %s\n%s"
                % (
                    host.get_attribute("body", "data-taps"),
                    host.get_attribute("body", "data-acted"),
                    [m["type"] for _, m, _ in host_record(host)["match"]["log"]],
                    host.inner_text("body")[:1500],
                )
            )
        if rnd == 1:
            shot(host, "races-tv-after-double-reveal")
            shot(ann, "races-phone-after-double-lock")
        shows_nothing(host, ann, ben, cat)
        assert len(moves(host, "reveal")) == rnd
        if rnd == 1:
            tv_double_click(host, 'nav.sr-controls button[data-move=\'{"type":"next_round"}\']')
            for phone in phones:
                wait_round_open(phone, 2)
            assert host.inner_text(".sr-title") == "Round 2 of 7", "Start round 2 twice: round 2, not 3"
            shows_nothing(host)

    # End game (confirmed), then Play again twice: one new game
    host.click("nav.sr-controls button[data-move*='end_game']")
    host.click("#pp-confirm [data-answer=yes]")
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    tv_double_click(host, 'button[data-move=\'{"room":"again"}\']')
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for phone in phones:
        wait_round_open(phone, 1)
    shows_nothing(host, ann, ben, cat)
    record = host_record(host)
    assert len(record["history"]) == 1 and record["match"]["log"] == [record["match"]["log"][0]], (
        "Play again twice: one new game, at its start"
    )
    no_console_errors([host] + phones)


def test_a_double_tap_on_a_hint_hunt_word_claims_it_once_and_a_whole_game_keeps_every_console_clean(
    open_page, wait_ready, signal, shot
):
    hana, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = seat_host_and_join(hana, open_page, wait_ready, signal, code, "Hana", ["Ann", "Ben"])
    ann, ben = phones["Ann"], phones["Ben"]
    pages = {"Hana": hana, "Ann": ann, "Ben": ben}
    tv_double_click(hana, "#start")
    hana.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    shows_nothing(hana)
    targets = {}
    for name, page in pages.items():
        form = read_write_form(page)
        targets[name] = form["unlocked"][0]
        tick_and_type(page, [targets[name]], "CLUE" + name.upper())
        submit(page)
    # the TV remote's next action: Start game once every hint is in, Next hint once a board is over
    hana.wait_for_function("() => document.activeElement.classList.contains('hh-start')", timeout=WAIT_MS)
    start_guessing(hana)
    # boards in join order: Hana's, Ann's, Ben's; on each, one guesser double-taps the writer's only target
    # (the claim ends the board, D3-09 a: the second tap arrives on a board that has ended)
    for writer, guesser in (("Hana", ann), ("Ann", ben), ("Ben", ann)):
        word = targets[writer]
        first = next_move_id(guesser)
        before = seq(hana)
        guesser.dblclick("button.hh-claim[aria-label='Claim %s']" % word)
        answered(guesser, first)
        wait_seq_above(hana, before)
        shows_nothing(guesser, hana)
        hana.wait_for_function("() => document.activeElement.classList.contains('hh-next')", timeout=WAIT_MS)
        if writer == "Hana":
            shot(guesser, "races-phone-after-double-claim")
        claims = [m for m in moves(hana, "claim") if m.get("word") == word]
        assert len(claims) == 1, "the word was claimed once"
        next_board(hana, confirm=False)
    hana.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    shows_nothing(hana, ann, ben)
    no_console_errors([hana, ann, ben])
