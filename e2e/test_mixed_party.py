"""A party in three languages (issue 49): the TV's browser asks for Spanish, so the room and the big screen are
Spanish; Ann's phone reads English, Жанна's German and ليلى's Spanish, each from its own browser. They play
Seven Rounds to its results and then Hint Hunt to its results. At every moment checked, every word each page
shows is one of its own language's catalog messages (static/build/i18n/<lang>.json, placeholders as gaps), never
another language's; the names, in three scripts, are shown as typed. Mid-game Жанна switches her phone to Spanish
from its page: it redraws in Spanish with her seat and her locked choice as they were.

Waits are on what the app marks (data-phase, data-act, the host's record), never on words: the words are what is
checked."""

import json
import re
from pathlib import Path

import pytest
from hint_hunt_play import one_claims_the_rest_stop, read_write_form, submit, tick_and_type
from people import HOST_VIEW, PHONE_VIEW, WAIT_MS, host_record, join, sync, wait_players, wait_rules
from people import wait_seq_at_least
from seven_rounds_play import choose, wait_locked, wait_round_open

BUNDLES = Path(__file__).resolve().parents[1] / "static" / "build" / "i18n"
ROOM_LANG = "es"
PEOPLE = [("Ann", "en-US", "en"), ("Жанна", "de-DE", "de"), ("ليلى", "es-ES", "es")]
LETTERS = re.compile(r"[^\W\d_]{3,}")  # a word: three letters or more, in any script
GAP = re.compile(r"%\(\w+\)[sd]")
ADDRESS = re.compile(r"\S*(?:\.html|://|\d+\.\d+\.\d+)\S*")  # the join address the TV shows: a value

# every text node a person reads on the page (untransformed: CSS upper-cases some), with the values a game deals
# (Hint Hunt's words) and the names people typed marked as such by the page
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('#app') || document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, template, svg, [hidden], .qr, code, .hh-word, .hh-claim, .hh-hint')) continue;
    const t = n.textContent.trim();
    if (t) out.push(t);
  }
  return out;
}"""


def pieces(lang):
    """What a page in `lang` may show: each catalog message of that language cut at its placeholders (English: the
    messages themselves, the keys of any bundle), and the languages' own names."""
    bundle = json.loads((BUNDLES / (lang + ".json")).read_text(encoding="utf-8"))
    source = json.loads((BUNDLES / "es.json").read_text(encoding="utf-8"))["messages"]
    if lang == "en":
        texts = [key.split("\x04")[-1] for key in source]
    else:
        texts = []
        for value in bundle["messages"].values():
            texts += value if isinstance(value, list) else [value]
    out = set()
    for text in texts:
        out.update(p.strip(" .,:;!?…()") for p in GAP.split(text))
    out.update(["Español", "English", "Deutsch", "PeerParty"])
    return {p for p in out if LETTERS.search(p)}


def foreign(page, lang, values):
    """The lines of `page` with a word that none of `lang`'s messages holds (names and dealt words set aside)."""
    allowed = pieces(lang)
    out = []
    for line in page.evaluate(TEXTS):
        rest = ADDRESS.sub(" ", line)
        for value in sorted(values, key=len, reverse=True):
            rest = rest.replace(value, " ")
        if not LETTERS.search(rest):
            continue
        bare = rest.strip(" .,:;!?…()·-–—→+−0123456789×")
        if not any(bare in piece or piece in bare for piece in allowed if len(piece) >= 3):
            out.append(line)
    return out


def check(pages, langs, values, when):
    for name, page in pages.items():
        wrong = foreign(page, langs[name], values)
        assert wrong == [], "%s (%s) %s shows words outside its catalog: %s" % (name, langs[name], when, wrong)
        assert page.evaluate("() => document.documentElement.lang") == langs[name], (name, when)


def tv_press(host, selector):
    """The host's button on the TV by what it does (data-move), answering its question yes if it asks one."""
    button = host.locator(selector).first
    button.wait_for(timeout=WAIT_MS)
    asks = button.get_attribute("data-confirm")
    button.click()
    if asks is not None:
        host.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
        host.click("#pp-confirm [data-answer=yes]")


@pytest.mark.timeout(900)
def test_a_party_in_three_languages_plays_seven_rounds_and_hint_hunt(open_page, wait_ready, signal, shot):
    host = open_page("/host.html?signal=%s&new=1" % signal, viewport=HOST_VIEW, name="host", locale="es-ES")
    wait_ready(host)
    host.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    wait_rules(host)
    code = host.get_attribute("body", "data-room-ready")
    host.wait_for_function("() => document.documentElement.lang === 'es'", timeout=WAIT_MS)
    phones, langs = {}, {"TV": ROOM_LANG}
    for name, locale, lang in PEOPLE:
        phone = open_page(
            "/join.html?room=%s&signal=%s" % (code, signal), viewport=PHONE_VIEW, name="phone-" + lang, locale=locale
        )
        wait_ready(phone)
        join(phone, name)
        phones[name], langs[name] = phone, lang
    wait_players(host, len(PEOPLE))
    names = [name for name, _, _ in PEOPLE] + [code]  # the names as typed, and the room's code: values
    every = dict(phones, TV=host)
    check(every, langs, names, "in the lobby")
    for name in names[:-1]:  # each name as typed, on the TV
        assert host.locator(".people .person-name", has_text=name).count() == 1, name
    shot(host, "mixed-tv-lobby-es")

    # --- Seven Rounds to its results; Жанна turns her phone to Spanish in round 3, locked in ---------------
    tv_press(host, "[data-move*='\"seven_rounds\"']")
    tv_press(host, "#start:not([disabled])")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    zhanna = phones["Жанна"]
    for rnd in range(1, 8):
        for phone in phones.values():
            wait_round_open(phone, rnd)
        if rnd == 1:
            check(every, langs, names, "as round 1 opens")
        for name, phone in phones.items():
            choose(phone, "bank")
            phone.click("button.sr-lock")
            wait_locked(phone)
        if rnd == 3:
            seats = host_record(host)["lobby"]["seats"]
            mine = zhanna.inner_text(".sr-my-choice")
            zhanna.click("footer .languages [data-lang='es']")
            zhanna.wait_for_function("() => document.documentElement.lang === 'es'", timeout=WAIT_MS)
            langs["Жанна"] = "es"
            zhanna.wait_for_selector(".sr-my-choice.is-locked", timeout=WAIT_MS)
            assert zhanna.get_attribute("body", "data-status") == "joined"
            assert host_record(host)["lobby"]["seats"] == seats, "the switch told the host nothing: same seats"
            assert zhanna.inner_text(".sr-my-choice") != mine, "her locked choice, now in Spanish"
            check(every, langs, names, "after Жанна's switch to Spanish, locked in")
            shot(zhanna, "mixed-phone-zhanna-switched-to-spanish")
        tv_press(host, "nav.sr-controls button[data-move*='\"reveal\"']:not([disabled])")
        host.wait_for_function(
            "r => JSON.parse(localStorage.getItem('peerparty:host')).match.log.filter("
            "([who, move]) => who === '@host' && move.type === 'reveal').length >= r",
            arg=rnd,
            timeout=WAIT_MS,
        )
        sync(host, list(phones.values()))
        if rnd < 7:
            tv_press(host, "nav.sr-controls button[data-move*='\"next_round\"']")
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    sync(host, list(phones.values()))
    check(every, langs, names, "at Seven Rounds' results")
    shot(host, "mixed-tv-seven-rounds-results-es")
    shot(phones["Ann"], "mixed-phone-ann-seven-rounds-results-en")

    # --- Hint Hunt to its results: its words dealt in Spanish, the room's language ---------------------------
    tv_press(host, "button[data-move*='\"lobby\"']")
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    tv_press(host, "[data-move*='\"hint_hunt\"']")
    tv_press(host, "#start:not([disabled])")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    dealt = set()
    for name, phone in phones.items():
        form = read_write_form(phone)
        dealt.update(form["unlocked"])
        tick_and_type(phone, form["unlocked"][:2], "Pista %s" % name)
        submit(phone)
    values = names + sorted(dealt) + ["Pista %s" % n for n in names[:-1]]
    check(every, langs, values, "with every hint in")
    tv_press(host, ".hh-controls .hh-start:not([disabled])")
    boards = 0
    while host.get_attribute("body", "data-phase") == "playing":
        boards += 1
        sync(host, list(phones.values()))
        guessers = [p for p in phones.values() if p.locator("button.hh-claim").count()]
        dealt.update(t.strip() for p in guessers for t in p.locator("button.hh-claim").all_inner_texts())
        values = names + sorted(dealt) + ["Pista %s" % n for n in names[:-1]]
        if boards == 1:
            check(every, langs, values, "as board 1 is guessed")
            shot(host, "mixed-tv-hint-hunt-board-es")
        wait_seq_at_least(host, one_claims_the_rest_stop(guessers))  # Next hint asks only if one still guesses
        tv_press(host, ".hh-controls .hh-next:not([disabled])")
        host.wait_for_function(
            "n => document.body.dataset.phase !== 'playing' || "
            "JSON.parse(localStorage.getItem('peerparty:host')).match.log.filter("
            "([who, move]) => who === '@host' && move.type === 'next_board').length >= n",
            arg=boards,
            timeout=WAIT_MS,
        )
    assert boards == len(PEOPLE)
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    sync(host, list(phones.values()))
    check(every, langs, values, "at Hint Hunt's results")
    shot(host, "mixed-tv-hint-hunt-results-es")
    shot(phones["ليلى"], "mixed-phone-laila-hint-hunt-results-es")
