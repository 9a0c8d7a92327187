"""The pages' Content-Security-Policy (issue 39, scripts/csp.py): defence in depth should a name, a hint or a frame
ever reach the DOM as markup. Every page carries the policy and still boots; a <script> and an inline handler
smuggled into a name, a hint and a frame do not run on the TV, the phones or a remote screen; and where markup is
put into the page as a frame is (an escaping bug), the browser itself refuses it (a securitypolicyviolation)."""

import pytest

from hint_hunt_play import read_write_form, seat_host_and_join, start_guessing, submit, tick_and_type
from people import WAIT_MS, open_host
from remote_screen import screen_link, site_path

# p() counts what ran; every page records what the browser refused
WATCH = """
window.ran = [];
window.p = (what) => window.ran.push(what || 'p');
window.refused = [];
document.addEventListener('securitypolicyviolation', (e) => window.refused.push(e.violatedDirective));
"""
NAMES = ["<svg onload=p()>", "<script>p()</script>"]  # 20 characters at most (a seat's name)
HINT = "<img src=x onerror=p()>"  # 24 at most (D3-04)


def policy(page):
    return page.evaluate("() => (document.querySelector('meta[http-equiv=Content-Security-Policy]') || {}).content")


def ran(page):
    return page.evaluate("() => window.ran")


@pytest.mark.timeout(600)
def test_markup_in_names_hints_and_frames_never_runs_and_every_page_boots(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1", init_script=WATCH)
    assert "script-src 'self'" in policy(host) and "'unsafe-inline'" not in policy(host).split("style-src")[0]
    screen = open_page(site_path(screen_link(host)), name="screen", init_script=WATCH)
    screen.wait_for_selector("body[data-screen=watching]", timeout=WAIT_MS)
    landing = open_page("/", name="landing", init_script=WATCH)
    wait_ready(landing)
    for page in (screen, landing):
        assert "script-src 'self'" in policy(page)

    phones = seat_host_and_join(host, open_page, wait_ready, signal, code, "Hana", NAMES)
    pages = [host, screen] + list(phones.values())
    for phone in phones.values():
        assert "script-src 'self'" in policy(phone)
        phone.evaluate(WATCH)  # the phone page's own copy, after its boot (join.html has its first frame)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for i, page in enumerate([host] + list(phones.values())):
        form = read_write_form(page)
        tick_and_type(page, form["unlocked"][:1], HINT if i == 0 else "RIVER%d" % i)
        submit(page)
    start_guessing(host)
    host.wait_for_selector(".hh-hint-box .hh-hint", timeout=WAIT_MS)
    screen.wait_for_function("() => document.querySelector('#app .hh-hint-box .hh-hint')", timeout=WAIT_MS)
    # the names and the hint are on every screen as text, and nothing of them ran
    for page in (host, screen):
        assert HINT in page.inner_text("body"), "the hint is shown as written"
    for page in pages:
        assert ran(page) == [], "markup from a name or a hint ran"
    assert all(name in host.inner_text("body") for name in NAMES), "the names are shown as written"
    shot(host, "csp-host-names-and-hint")

    # a frame the page draws (screen.js's pp.render, as a frame from the host arrives) and markup put straight into
    # each page: the policy refuses the inline handler and the script, whatever escaping missed
    smuggled = "<img src=x onerror=\"p('frame')\"><svg onload=\"p('svg')\"></svg>"
    screen.evaluate("(html) => pp.render(document.getElementById('app'), html)", smuggled)
    for page in pages + [landing]:
        page.evaluate(
            """(html) => {
            const box = document.createElement('div');
            box.innerHTML = html;
            document.body.appendChild(box);
            const s = document.createElement('script');
            s.textContent = "p('script')";
            document.body.appendChild(s);
        }""",
            smuggled,
        )
    for page in pages + [landing]:
        page.wait_for_function("() => window.refused.length >= 2", timeout=WAIT_MS)
        assert ran(page) == [], ran(page)
        assert all(d.startswith("script-src") for d in page.evaluate("() => window.refused"))
    assert host.get_attribute("body", "data-rules-ready") is not None, "the host's rules still run"
