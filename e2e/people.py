"""Host and phone helpers for e2e tests: open a room, join phones, wait on the signals pages set."""
import json

HOST_VIEW = (1280, 720)
PHONE_VIEW = (390, 844)
WAIT_MS = 60_000


def open_host(open_page, wait_ready, signal, name="host", extra="", init_script=None):
    page = open_page("/host.html?signal=%s%s" % (signal, extra), viewport=HOST_VIEW, name=name,
                     init_script=init_script)
    wait_ready(page)
    page.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    return page, page.get_attribute("body", "data-room-ready")


def open_phone(open_page, wait_ready, signal, code, name, record=True):
    url = "/join.html?room=%s&signal=%s%s" % (code, signal, "&record=1" if record else "")
    page = open_page(url, viewport=PHONE_VIEW, name="phone-" + name)
    wait_ready(page)
    return page


def join(page, name):
    page.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    page.fill("#name", name)
    page.click("#join button")
    page.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)


def host_seq(host):
    return int(host.get_attribute("body", "data-seq"))


def wait_players(host, count):
    host.wait_for_selector("body[data-players='%d']" % count, timeout=WAIT_MS)


def wait_present(host, count):
    host.wait_for_function("n => document.querySelectorAll('.people .presence.on').length === n",
                           arg=count, timeout=WAIT_MS)


def received(phone):
    return [json.loads(t) for t in phone.evaluate("() => Array.from(window.pp.received)")]


def people_names(page):
    return page.eval_on_selector_all(".people .person-name", "els => els.map(e => e.textContent)")
