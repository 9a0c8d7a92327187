"""A room that lasts the evening, and screens everyone can use (issue 9): rematch without re-scanning,
people joining between games, the room's history, and axe-core on every kind of screen."""

import json
import struct
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from peerparty.room.protocol import ROOM_ERRORS

from people import host_record, join, join_phones, laid_out, open_host, open_phone, people_names, wait_players, WAIT_MS

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page):
    """Serious and critical axe-core violations on the page as it is now. Motion is off (as people who ask for
    reduced motion get it), so axe never judges a colour halfway through a reveal's fade-in."""
    laid_out(page)
    page.emulate_media(reduced_motion="reduce")
    # the test's own script goes in through DevTools: the page's Content-Security-Policy refuses an inline
    # <script>, which is what add_script_tag would add (scripts/csp.py)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Runtime.evaluate", {"expression": AXE.read_text(encoding="utf-8")})
    cdp.detach()
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ': ' + v.help + ' -> ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    return result


def click_confirmed(page, selector):
    page.click(selector)
    page.click("#pp-confirm [data-answer=yes]")


def seq(page):
    return int(page.get_attribute("body", "data-seq") or -1)


def start_seven_rounds(host):
    host.click("[data-move*='seven_rounds']")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)


def end_game(host):
    click_confirmed(host, "button[data-move*='end_game']")
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)


def test_play_again_and_another_game_without_rescanning(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben", "Cat"])
    start_seven_rounds(host)
    for phone in phones:
        phone.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    end_game(host)
    for phone in phones:
        phone.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    # the results screen still invites people in: the code and a QR, and a newcomer gets a seat for the next game
    host.wait_for_selector("header .join-box .qr svg", timeout=WAIT_MS)
    assert host.get_attribute("header .code", "data-code") == code
    eve = open_phone(open_page, wait_ready, signal, code, "Eve")
    join(eve, "Eve")
    wait_players(host, 4)
    eve.wait_for_selector("body[data-phase=over][data-seq] h1.winners", timeout=WAIT_MS)
    assert "You play in the next game" in eve.inner_text("main")
    assert eve.locator(".sr-mission").count() == 0  # nothing of a game Eve was not in
    host.wait_for_selector(".over .newcomers:has-text('Eve')", timeout=WAIT_MS)
    shot(host, "experience-host-over")
    shot(eve, "experience-phone-joined-at-results")
    host.click("button[data-move*='again']")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for phone in phones + [eve]:  # the same people and Eve, straight into the new game, nobody re-joined
        phone.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
        assert phone.get_attribute("body", "data-status") == "joined"
    eve.wait_for_selector(".sr-mission", timeout=WAIT_MS)  # a player's own Secret Mission: Eve has a seat
    record = host_record(host)
    seats = dict((s["name"], s["id"]) for s in record["lobby"]["seats"])
    assert record["match"]["players"] == [seats[n] for n in ["Ann", "Ben", "Cat", "Eve"]]
    end_game(host)
    eve.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    host.click("button[data-move*='\"lobby\"']")
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    # someone new joins between games; the evening's history is on the host screen
    dan = open_phone(open_page, wait_ready, signal, code, "Dan")
    join(dan, "Dan")
    wait_players(host, 5)
    assert people_names(host) == ["Ann", "Ben", "Cat", "Eve", "Dan"]
    history = host.inner_text(".history")
    assert history.count("Seven Rounds") == 2
    for phone in phones + [eve]:
        phone.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    shot(host, "experience-host-lobby-history")


def test_a_removed_player_cannot_come_back_under_the_same_name(open_page, wait_ready, signal, shot):
    """Every Remove says "They cannot rejoin": the token is revoked, and the name is refused from any other
    phone with a sentence (DX-08), and the join form stays for another name."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben"])
    click_confirmed(host, "button[aria-label='Remove Ben']")
    wait_players(host, 1)
    again = open_phone(open_page, wait_ready, signal, code, "Ben-again")
    again.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    again.fill("#name", " ben ")
    again.click("#join button")
    again.wait_for_selector("body[data-error=name_removed]", timeout=WAIT_MS)
    assert again.inner_text(".error-line") == ROOM_ERRORS["name_removed"]
    assert again.is_visible("#join #name") and people_names(host) == ["Ann"]
    shot(again, "room-phone-name-removed")
    join(again, "Bea")  # the same phone, another name: in
    wait_players(host, 2)


def test_no_serious_accessibility_problems_on_any_screen(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    landing = open_page("/index.html", viewport=(390, 844), name="landing")
    problems = {"landing": axe_problems(landing), "host lobby": axe_problems(host)}
    phones = []
    for name in ["Ann", "Ben", "Cat"]:
        phone = open_phone(open_page, wait_ready, signal, code, name)
        if not phones:
            problems["phone join"] = axe_problems(phone)
        join(phone, name)
        phones.append(phone)
    wait_players(host, 3)
    problems["phone lobby"] = axe_problems(phones[0])
    host.click("[data-move*='seven_rounds']")
    # the game's illustrated how-to-play, opened on both screens: pictures are judged like the rest
    for page in (host, phones[0]):
        page.click("#how-seven_rounds > summary")
        page.wait_for_selector("#how-seven_rounds[open] .ill [role=img]", timeout=WAIT_MS)
    problems["host lobby with a game and its how-to-play"] = axe_problems(host)
    problems["phone lobby with the how-to-play"] = axe_problems(phones[0])
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    phones[0].wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    problems["host game"] = axe_problems(host)
    problems["phone game"] = axe_problems(phones[0])
    end_game(host)
    phones[0].wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    problems["host over"] = axe_problems(host)
    problems["phone over"] = axe_problems(phones[0])
    assert {k: v for k, v in problems.items() if v} == {}


def test_host_controls_work_by_keyboard(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben", "Cat"])
    host.focus("[data-move*='seven_rounds']")
    host.keyboard.press("Enter")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    # Start took the focus as the next action: OK is held for a moment then (static/js/remote.js's guard)
    host.wait_for_selector("body:not([data-remote-guard])", timeout=WAIT_MS)
    host.focus("#start")
    host.keyboard.press("Enter")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    host.wait_for_selector("body:not([data-remote-guard])", timeout=WAIT_MS)
    # End game's confirmation opens on Cancel (issue 48 point 7): OK twice changes nothing
    host.focus("button[data-move*='end_game']")
    host.keyboard.press("Enter")
    host.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
    assert host.evaluate("() => document.activeElement.dataset.answer") == "no"
    host.keyboard.press("Enter")
    host.wait_for_selector("#pp-confirm:not([open])", state="attached", timeout=WAIT_MS)
    assert host.get_attribute("body", "data-phase") == "playing"
    # the next control over is Confirm
    host.focus("button[data-move*='end_game']")
    host.keyboard.press("Enter")
    host.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
    host.keyboard.press("Tab")
    assert host.evaluate("() => document.activeElement.dataset.answer") == "yes"
    host.keyboard.press("Enter")
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)


# --- installable -------------------------------------------------------------------------------------------


def png_size(body):
    """(width, height) of a PNG from its IHDR chunk; None if the bytes are not a PNG."""
    if body[:8] != b"\x89PNG\r\n\x1a\n" or body[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", body[16:24])


def test_the_host_page_is_installable(playwright, site, signal, tmp_path):
    """Chromium itself says the host page installs as an app: no installability errors once its service worker
    is active, and a manifest with what an installed app needs. A persistent profile, because Chromium never
    offers to install from an incognito (Playwright's default) context."""
    from conftest import CHROMIUM, CHROMIUM_ARGS, LOCAL_HOSTS

    ctx = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 1280, "height": 720},
    )
    left = []

    def local_only(route):
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            left.append(route.request.url)
            route.abort("blockedbyclient")

    ctx.route("**/*", local_only)
    try:
        page = ctx.new_page()
        page.goto(site + "/host.html?signal=%s&new=1" % signal)
        page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=WAIT_MS)
        assert page.locator(".py-error").count() == 0, page.locator(".py-error").first.inner_text()
        # ready resolves once a worker is active, which may still be "activating" (the host page registers it
        # after its rules worker is up)
        assert (
            page.evaluate("""() => navigator.serviceWorker.ready.then((r) => r.active.state === "activated"
            ? "activated" : new Promise((ok) => r.active.addEventListener("statechange", () => ok(r.active.state))))
        """)
            == "activated"
        )
        cdp = ctx.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

        found = cdp.send("Page.getAppManifest")
        assert found["errors"] == [] and found["url"] == site + "/static/manifest.webmanifest"
        manifest = json.loads(found["data"])
        assert manifest["name"] == "PeerParty" and manifest["display"] == "standalone"
        assert urljoin(found["url"], manifest["start_url"]) == site + "/host.html"
        theme = page.get_attribute("meta[name=theme-color]", "content")
        assert manifest["theme_color"] == theme and manifest["background_color"].startswith("#")
        sizes = {}
        for icon in manifest["icons"]:
            if icon.get("type") != "image/png":
                continue
            reply = page.request.get(urljoin(found["url"], icon["src"]))
            assert reply.ok and reply.headers["content-type"] == "image/png", icon
            size = png_size(reply.body())
            assert size is not None and "%dx%d" % size == icon["sizes"], (icon, size)
            sizes[icon["sizes"]] = icon["src"]
        assert {"192x192", "512x512"} <= set(sizes), sizes

        # the same question about a page with no manifest gets an answer: the check above can fail
        bare = ctx.new_page()
        bare.goto(site + "/static/img/icon.svg")
        errors = ctx.new_cdp_session(bare).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert "no-manifest" in [e["errorId"] for e in errors]
    finally:
        ctx.close()
    assert left == [], "requests tried to leave 127.0.0.1"


def test_a_phone_removed_in_the_lobby_is_told_and_forgets_its_seat(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    ann, ben = join_phones(open_page, wait_ready, signal, host, code, ["Ann", "Ben"])
    seat = ben.evaluate("c => localStorage.getItem('peerparty:seat:' + c)", code)
    assert seat
    click_confirmed(host, "button[aria-label='Remove Ben']")
    ben.wait_for_selector("body[data-status=removed]", timeout=WAIT_MS)
    assert "You were removed" in ben.inner_text("main")
    assert ben.evaluate("c => localStorage.getItem('peerparty:seat:' + c)", code) is None
    wait_players(host, 1)
    assert people_names(host) == ["Ann"]
    ann.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
