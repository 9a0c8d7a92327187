"""A room that lasts the evening, and screens everyone can use (issue 9): rematch without re-scanning,
people joining between games, the room's history, and axe-core on every kind of screen."""
from pathlib import Path

from people import join, join_phones, open_host, open_phone, people_names, wait_players, WAIT_MS

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page):
    """Serious and critical axe-core violations on the page as it is now. Motion is off (as people who ask for
    reduced motion get it), so axe never judges a colour halfway through a reveal's fade-in."""
    page.emulate_media(reduced_motion="reduce")
    page.add_script_tag(path=str(AXE))
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
    shot(host, "experience-host-over")
    host.click("button[data-move*='again']")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for phone in phones:       # the same people, straight into the new game, nobody re-joined
        phone.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
        assert phone.get_attribute("body", "data-status") == "joined"
    end_game(host)
    host.click("button[data-move*='\"lobby\"']")
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    # someone new joins between games; the evening's history is on the host screen
    dan = open_phone(open_page, wait_ready, signal, code, "Dan")
    join(dan, "Dan")
    wait_players(host, 4)
    assert people_names(host) == ["Ann", "Ben", "Cat", "Dan"]
    history = host.inner_text(".history")
    assert history.count("Seven Rounds") == 2
    for phone in phones:
        phone.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    shot(host, "experience-host-lobby-history")


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
    problems["host lobby with a game"] = axe_problems(host)
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
    phones = []
    for name in ["Ann", "Ben", "Cat"]:
        phone = open_phone(open_page, wait_ready, signal, code, name)
        join(phone, name)
        phones.append(phone)
    wait_players(host, 3)
    host.focus("[data-move*='seven_rounds']")
    host.keyboard.press("Enter")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.focus("#start")
    host.keyboard.press("Enter")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    host.focus("button[data-move*='end_game']")
    host.keyboard.press("Enter")
    host.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
    host.keyboard.press("Enter")           # the dialog focuses Confirm
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
