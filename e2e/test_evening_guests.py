"""Guests as an evening has them (issue 38, points 1-3), done the way a guest does it: a phone that closes shows
away, Start says so and the TV can remove them mid-game; a guest whose phone died opens another, asks by name,
and the TV lets them into their own seat (mission and score); a guest who comes mid-game is told to wait, in
words, and is seated by itself at the results."""

from people import host_record, join_phones, open_host, open_phone, people_names, pick_and_start, WAIT_MS
from seven_rounds_play import lock_in, wait_round_open

CONFIRM_YES = "#pp-confirm [data-answer=yes]"


def ask_to_join(phone, name):
    """Type the name and tap Join, without waiting to be seated (the host may keep the phone waiting)."""
    phone.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    phone.fill("#name", name)
    phone.click("#join button")


# the buttons beside a person that stick out of the list's panel, by their names
OUT_OF_PANEL = """() => Array.from(document.querySelectorAll('.panel .person .btn')).filter((b) => {
  const panel = b.closest('.panel').getBoundingClientRect(), box = b.getBoundingClientRect();
  return box.width > 0 && (box.right > panel.right + 0.5 || box.left < panel.left - 0.5);
}).map((b) => b.getAttribute('aria-label'))"""


def fits(page):
    """The page is no wider than its viewport (a button beside a name must not push the TV past its edge), and no
    button beside a name sticks out of its panel (the away player's Remove did: issue 48 point 10)."""
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    assert page.evaluate(OUT_OF_PANEL) == []


def seats(host):
    return dict((s["name"], s["id"]) for s in host_record(host)["lobby"]["seats"] if not s["removed"])


def test_away_guests_start_warning_removal_and_a_seat_taken_back_on_a_new_phone(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    ann, ben, cat, dan = join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben", "Cat", "Dan"])
    host.click("[data-move*='seven_rounds']")
    dan.context.close()  # Dan's phone is gone before the game
    host.wait_for_selector(".start-reason[data-away='1']", timeout=WAIT_MS)
    assert "Dan is away" in host.inner_text(".start-reason")
    fits(host)
    shot(host, "evening-start-warns-dan-away")
    host.click("#start")
    assert "Dan is away. Start anyway?" in host.inner_text("#pp-confirm")
    host.click(CONFIRM_YES)
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)

    # Ann's phone dies; she opens the room on another phone and asks for her name
    mission = ann.inner_text(".sr-mission")
    ann.context.close()
    host.wait_for_function("() => document.querySelectorAll('.people .presence.off').length === 2", timeout=WAIT_MS)
    new_ann = open_phone(open_page, wait_ready, signal, code, "Ann-new")
    ask_to_join(new_ann, "Ann")
    new_ann.wait_for_selector("body[data-status=waiting]", timeout=WAIT_MS)
    assert "into Ann's seat" in new_ann.inner_text("main") and new_ann.locator(".error-line").count() == 0
    host.wait_for_selector(".banner.claim", timeout=WAIT_MS)
    assert "A new phone asks to be Ann" in host.inner_text(".banner.claim")
    shot(new_ann, "evening-new-phone-asks-for-ann")
    fits(host)
    shot(host, "evening-tv-asks-let-ann-in")
    before = seats(host)
    host.click(".banner.claim button:has-text('Let in')")
    new_ann.wait_for_selector("body[data-status=joined][data-phase=playing]", timeout=WAIT_MS)
    new_ann.wait_for_selector(".sr-mission", timeout=WAIT_MS)
    assert new_ann.inner_text(".sr-mission") == mission  # her own Secret Mission: her seat
    assert new_ann.inner_text(".me-name") == "Ann"
    assert seats(host) == before  # no "Ann2": the same seat, the same id
    host.wait_for_selector(".banner.claim", state="detached", timeout=WAIT_MS)
    shot(new_ann, "evening-ann-back-in-her-seat")

    # Dan is still away: the TV removes him mid-game and the round goes on for the three
    host.wait_for_selector("[data-away-remove='%s']" % before["Dan"], timeout=WAIT_MS)
    fits(host)
    shot(host, "evening-tv-remove-beside-away-dan")
    host.click("[data-away-remove='%s']" % before["Dan"])
    assert "Remove Dan from the game?" in host.inner_text("#pp-confirm")
    host.click(CONFIRM_YES)
    host.wait_for_function(
        "() => ![...document.querySelectorAll('.people .person-name')].some(e => e.textContent === 'Dan')",
        timeout=WAIT_MS,
    )
    assert "Dan" not in people_names(host) and host_record(host)["match"]["players"][-1] == before["Dan"]
    host.click("button[data-move*='add_time']")  # the round's minute may be up by now: +30 s reopens it
    for phone in (new_ann, ben, cat):
        wait_round_open(phone, 1)
        lock_in(phone, "bank")
    host.wait_for_selector('button[data-move=\'{"type":"reveal"}\']:not([disabled])', timeout=WAIT_MS)
    shot(host, "evening-reveal-ready-without-dan")


def test_a_late_guest_with_the_link_mid_game_watches_the_table_and_is_seated_at_the_results(
    open_page, wait_ready, signal, shot
):  # the QR's link: open_page opens a full address as it is
    """Issue 48 point 8: late guests had nothing to scan during a game without watchers, and a phone with the link
    said "A game is under way" on an empty page. The TV's band keeps its QR code during every game
    (docs/decisions.md, "The join band during a game"); the phone opened from it mid-game shows the table as the
    big screen does, follows it, and is seated at the results."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben", "Cat"])
    pick_and_start(host, "seven_rounds")
    qr = ".host-head.phase-playing .join-box .qr"
    host.wait_for_selector(qr, state="visible", timeout=WAIT_MS)
    link = host.get_attribute(qr, "data-join")  # the QR on the TV mid-game, as a guest's camera opened it
    assert "room=%s" % code in link
    shot(host, "evening-tv-playing")
    lee = open_page(link, viewport=(360, 640), name="Lee")
    wait_ready(lee)
    ask_to_join(lee, "Lee")
    lee.wait_for_selector("body[data-status=waiting] [data-live-table=seven_rounds] .sr-table", timeout=WAIT_MS)
    assert "A game is under way: you'll join when it ends." in lee.inner_text("main")
    assert lee.locator(".error-line, .banner.error").count() == 0
    fits(lee)
    shot(lee, "evening-late-guest-waits-with-the-table")
    # the table follows the game: round 1's locks show on it
    for phone in phones:
        wait_round_open(phone, 1)
        lock_in(phone, "bank")
    lee.wait_for_function(
        "() => document.querySelectorAll('[data-live-table] .sr-lock-row.is-locked').length === 3", timeout=WAIT_MS
    )
    shot(lee, "evening-late-guest-table-follows")
    host.click("button[data-move*='end_game']")
    host.click(CONFIRM_YES)
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    lee.wait_for_selector("body[data-status=joined][data-phase=over]", timeout=WAIT_MS)
    assert lee.locator("[data-live-table]").count() == 0
    assert "You play in the next game" in lee.inner_text("main")
    host.wait_for_selector(".over .newcomers:has-text('Lee')", timeout=WAIT_MS)
    shot(lee, "evening-late-guest-seated-at-results")
    shot(host, "evening-tv-results-with-lee")
