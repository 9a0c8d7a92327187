"""The controls on a phone (issue 37): the first phone to join holds them and draws the TV's own buttons; a whole
game runs from it with no click on the TV; when its holder closes the tab, the next phone by join order gets
them, and uses them. The TV only ever shows the table."""
import pytest

from people import WAIT_MS, host_record, join_phones, open_host, seq, wait_seq_above
from seven_rounds_play import lock_in, wait_host_results, wait_phone_result, wait_round_open

BAND = "[data-controls]"


def band_click(phone, selector, confirm=False):
    """Tap a button of the phone's controls band and wait until the phone shows the host's next state."""
    before = seq(phone)
    phone.click("%s %s" % (BAND, selector), timeout=WAIT_MS)
    if confirm:
        phone.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
        phone.click("#pp-confirm [data-answer=yes]")
    wait_seq_above(phone, before)
    assert phone.locator(".error-line").count() == 0, phone.inner_text(".error-line")


def holder_on_tv(host):
    return host.eval_on_selector_all(".person:has(.badge.controls) .person-name", "els => els.map(e => e.textContent)")


@pytest.mark.timeout(900)
def test_a_whole_seven_rounds_game_from_the_controls_phone_and_its_successor(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    names = ["Ann", "Ben", "Cat"]
    phones = dict(zip(names, join_phones(open_page, wait_ready, signal, host, code, names)))
    ann, ben = phones["Ann"], phones["Ben"]
    ann.wait_for_selector(BAND, timeout=WAIT_MS)
    assert "You have the controls" in ann.text_content(BAND)
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
        if rnd == 1:
            ann.wait_for_selector("%s nav.sr-controls button:text-is('Reveal'):not([disabled])" % BAND, timeout=WAIT_MS)
            shot(ann, "controls-phone-reveal")
        band_click(ann, "nav.sr-controls button:text-is('Reveal')")
        wait_host_results(host, rnd)
        for phone in phones.values():
            wait_phone_result(phone, rnd)
        if rnd < 7:
            band_click(ann, "nav.sr-controls button:text-is('Start round %d')" % (rnd + 1))
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    ann.wait_for_selector("%s button:text-is('Play again')" % BAND, timeout=WAIT_MS)
    shot(ann, "controls-phone-results")

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
