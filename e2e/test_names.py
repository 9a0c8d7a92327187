"""Names as people type them (issue 38 point 7): a name with an emoji past U+FFFF, an accent and a long name show
the same on every phone as on the TV, read back from each phone's screen (the lobby's list, its own header, a
game's target list); the name field says its limit of 20 characters, counted as the host counts them
(docs/decisions.md "A name is 20 characters")."""

import re

from people import WAIT_MS, join_phones, open_host, open_phone, people_names, pick_and_start

PARTY = "\U0001f389Zo\u00eb"  # 🎉Zoë
NAMES = [PARTY, "Ren\u00e9e \U0001f60e", "\u738b\u5c0f\u660e"]

# the names a screen's element shows, without the faces' initials or the badges
SHOWN = """els => els.map(el => { const c = el.cloneNode(true); c.querySelectorAll('.face, .badge').forEach(x => x.remove());
                       return c.textContent.trim(); })"""


def test_an_emoji_name_reads_the_same_on_every_phone_and_the_tv(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, NAMES)
    assert people_names(host) == NAMES
    for name, phone in zip(NAMES, phones):
        phone.wait_for_function(
            "n => document.querySelectorAll('.people .person-name').length === n", arg=len(NAMES), timeout=WAIT_MS
        )
        assert people_names(phone) == NAMES, name
        assert phone.inner_text(".me-name") == name
        assert "\ufffd" not in phone.inner_text("body")
    shot(phones[1], "names-phone-lobby")
    pick_and_start(host, "seven_rounds")
    for name, phone in zip(NAMES, phones):
        phone.wait_for_selector(".sr-targets label.sr-opt", timeout=WAIT_MS)
        targets = phone.eval_on_selector_all(".sr-targets label.sr-opt", SHOWN)
        assert sorted(targets) == sorted(n for n in NAMES if n != name), targets
        assert phone.inner_text(".me-name") == name
        assert "\ufffd" not in phone.inner_text("body")
    shot(phones[1], "names-phone-seven-rounds")


def test_the_name_field_says_its_limit_and_counts_an_emoji_as_one(open_page, wait_ready, signal, site, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phone = open_phone(open_page, wait_ready, signal, code, "counter")
    field, note = phone.locator("#name"), phone.locator("#name-count")
    assert note.inner_text() == "Up to 20 characters"
    field.press_sequentially("\U0001f389" * 3 + "Zo\u00eb")
    assert note.inner_text() == "6 of 20 characters"
    field.press_sequentially("Bartholomew Quinnell")  # 26 typed: the field keeps 20 and says it is full
    assert field.input_value() == "\U0001f389" * 3 + "Zo\u00eb" + "Bartholomew Qu"
    assert note.inner_text() == "20 of 20: a name holds no more"
    assert "full" in note.get_attribute("class")
    shot(phone, "names-phone-field-full")
    phone.click("#join button")
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    host.wait_for_selector("body[data-players='1']", timeout=WAIT_MS)
    assert people_names(host) == ["\U0001f389" * 3 + "Zo\u00eb" + "Bartholomew Qu"]
    assert re.search("Bartholomew Qu$", phone.inner_text(".me-name"))
