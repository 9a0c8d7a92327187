"""The host page's two threads (issue 15) as people meet them: the room code and QR code are on the TV before the
rules have loaded and the page answers taps meanwhile; a phone that scans at once connects, is told the host is
getting ready, and joins as soon as the rules are up; a successor's takeover says so at once.

The rules worker's boot is held back (the request for its rules.zip is answered only when the test says so), so
"before the rules are up" is a moment the test controls, not a race with Pyodide.
"""

import json

import pytest

from people import (
    HOST_VIEW,
    WAIT_MS,
    hold_requests,
    join,
    open_phone,
    people_names,
    pick_and_start,
    received,
    rules_worker,
    wait_players,
    wait_present,
    wait_rules,
)
from peerparty.ui.room import MOVED_ON
from tests.test_host_threads import hint_hunt_with_a_successor

# the rules' boot may take minutes beside the 12-phone load test (people.RULES_MS)
pytestmark = pytest.mark.timeout(600)


def held_host(open_page, site, path):
    """host.html with its rules worker's Python held back: returns (page, release)."""
    page = open_page(None, viewport=HOST_VIEW, name="host")
    let_through = hold_requests(page, "**/static/build/rules.zip", "rules.zip")  # the worker asks as it starts
    page.goto(site + path)

    def release():
        let_through()
        wait_rules(page)

    return page, release


def test_the_room_is_on_the_tv_before_the_rules_and_an_early_phone_joins_once_they_are_up(
    open_page, wait_ready, signal, site, shot
):
    host, release = held_host(open_page, site, "/host.html?signal=%s&new=1" % signal)
    host.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    code = host.get_attribute("body", "data-room-ready")
    assert host.inner_text(".code") == code and host.get_attribute(".code", "data-code") == code
    assert host.locator(".join-box .qr svg").count() == 1
    assert host.inner_text(".game-panel .boot") == "Getting the games ready…"
    # the page answers meanwhile: its Python draws and listens without the rules
    wait_ready(host)
    host.click("button[data-move*='sound']")
    host.wait_for_selector("button[aria-pressed=true]:has-text('Sound: on')", timeout=WAIT_MS)

    ann = open_phone(open_page, wait_ready, signal, code, "Ann")
    ann.wait_for_selector(".banner.wait", timeout=WAIT_MS)
    assert ann.inner_text(".banner.wait") == "The host is getting ready…"
    ann.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    ann.fill("#name", "Ann")
    ann.click("#join button")
    ann.wait_for_selector("body[data-status=joining]", timeout=WAIT_MS)
    assert host.get_attribute("body", "data-rules-ready") is None
    assert host.locator(".people .person").count() == 0
    shot(host, "host-threads-before-the-rules")
    shot(ann, "host-threads-phone-waiting")

    release()
    assert host.get_attribute("body", "data-runtime") == "pyscript", "the rules run in PyScript's worker"
    ann.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    wait_players(host, 1)
    assert people_names(host) == ["Ann"]
    ann.wait_for_selector(".banner.wait", state="detached", timeout=WAIT_MS)
    assert [m for m in received(ann) if m["t"] == "error"] == [], "waiting is never an error"
    host.wait_for_selector(".game-pick", timeout=WAIT_MS)
    assert host.get_attribute("button[data-move*='sound']", "aria-pressed") == "true"


def test_a_successor_says_it_is_taking_over_at_once_and_the_old_host_coming_back_rejoins_as_a_player(
    open_page, wait_ready, signal, site, shot
):
    # the replica an old host sent Ann's phone, and Ann's seat token, as her phone page keeps them
    rules, thread, ann = hint_hunt_with_a_successor()
    code = rules.session.code
    replica, token = json.dumps(thread.phones[ann].replica), thread.phones[ann].token
    host, release = held_host(open_page, site, "/index.html")
    host.evaluate(
        """([code, replica, token]) => {
        localStorage.setItem('peerparty:replica:' + code, replica);
        localStorage.setItem('peerparty:seat:' + code, token);
        localStorage.setItem('peerparty:seat:' + code + ':epoch', '0');
    }""",
        [code, replica, token],
    )
    host.goto(site + "/host.html?takeover=1&room=%s&signal=%s" % (code, signal))
    host.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    assert (host.get_attribute("body", "data-room-ready"), host.get_attribute("body", "data-epoch")) == (code, "1")
    assert host.inner_text(".code") == code
    assert host.inner_text("main .boot") == "Taking over…"
    shot(host, "host-threads-taking-over")

    release()
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    assert host.get_attribute("body", "data-snapshot") == "none", "a phone taking over keeps no snapshot"
    assert host.locator(".people .person:has(.badge:text-is('host')) .person-name").inner_text() == "Ann"
    record = json.loads(host.evaluate("() => localStorage.getItem('peerparty:host')"))
    assert record["epoch"] == 1 and [s["name"] for s in record["lobby"]["seats"] if s["local"]] == ["Ann"]
    assert host.evaluate("c => localStorage.getItem('peerparty:replica:' + c)", code) is None

    # Hana's tab, the old host, opens again with the room it saved: it finds Ann's host under the next epoch, says
    # on the big screen that the room moved on (issue 26 B), and rejoins as a player with her own seat
    hana = open_page("/index.html", viewport=HOST_VIEW, name="old-host")
    hana.evaluate(
        """([code, record]) => {
        localStorage.setItem('peerparty:host', record);
        localStorage.setItem('peerparty:host:room', code + ' 0');
    }""",
        [code, json.dumps(rules.session.snapshot())],
    )
    hana.goto(site + "/host.html?signal=%s" % signal)
    hana.wait_for_selector("body[data-moved-on='0']", state="attached", timeout=WAIT_MS)
    assert hana.inner_text(".banner.warn") == MOVED_ON
    assert "join.html" not in hana.url  # the notice is on the big screen before it goes
    shot(hana, "host-threads-moved-on")
    hana.wait_for_url("**/join.html?room=%s*" % code, timeout=WAIT_MS)
    wait_ready(hana)
    hana.wait_for_selector("body[data-status=joined][data-phase=playing]", timeout=WAIT_MS)
    own = [seat.token for seat in rules.session.lobby.seats if seat.name == "Hana"]
    assert hana.evaluate("c => localStorage.getItem('peerparty:seat:' + c)", code) == own[0], "her own seat"
    assert hana.evaluate("() => localStorage.getItem('peerparty:host')") is None, "the old tab forgot the room"


def test_a_first_visit_compiles_pyodide_beside_the_page_and_the_next_visit_from_the_code_cache(open_page, signal, site):
    """Pyodide's wasm: a first visit compiles it on a thread of its own (static/js/wasm-compile.js), not on the
    page's; once the room is up and idle the page compiles it once more, so Chromium keeps it in its code cache
    and says so in localStorage; the next visit compiles it in the page, from that cache (host.html's head)."""
    host = open_page(None, viewport=HOST_VIEW, name="host")
    host.goto(site + "/host.html?signal=%s&new=1" % signal)
    wait_rules(host)
    assert host.evaluate("() => pp.host.wasm") == "thread"
    host.wait_for_selector("body[data-wasm=kept]", state="attached", timeout=WAIT_MS)
    assert host.evaluate("() => localStorage.getItem('peerparty:wasm')") == "1"

    host.reload()
    wait_rules(host)
    assert host.evaluate("() => pp.host.wasm") == "page"
    assert host.locator(".join-box .qr svg").count() == 1
    assert host.get_attribute("body", "data-wasm") is None  # kept already: not compiled again


SNAPSHOT_JS = """async (change) => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("peerparty-rules", 1);
                                             r.onsuccess = () => ok(r.result); r.onerror = no; });
  const store = (mode) => db.transaction("snapshot", mode).objectStore("snapshot");
  const kept = await new Promise((ok) => { const r = store("readonly").get("rules"); r.onsuccess = () => ok(r.result); });
  if (change) {             // a new deployment's rules.zip: one byte differs
    const zip = new Uint8Array(kept.zip.slice(0));
    zip[zip.length >> 1] ^= 1;
    await new Promise((ok) => { const r = store("readwrite").put({ zip: zip.buffer, memory: kept.memory }, "rules");
                                r.onsuccess = ok; });
  }
  db.close();
  return { bytes: kept.memory.byteLength, text: new TextDecoder("latin1").decode(kept.memory) };
}"""


def worker_random(host):
    """A number from the rules' Python `random`, drawn in the rules worker."""
    return rules_worker(host).evaluate("() => self.ppPyodide.runPython('import random; random.random()')")


def test_a_reload_restores_the_rules_from_the_first_visits_snapshot_and_a_new_rules_zip_makes_a_new_one(
    open_page, wait_ready, signal, site
):
    """Pyodide's memory snapshot (static/js/rules-interpreter.mjs): the first visit starts Python, imports the rules and
    keeps the interpreter's memory in IndexedDB; a reload restores it instead, and the room goes on (its phone
    still seated, a game starts). The snapshot holds no room and no seat's token, each restore draws its own
    random numbers, and a different rules.zip is never run on an old snapshot: it makes a new one."""
    host = open_page(None, viewport=HOST_VIEW, name="host")
    host.goto(site + "/host.html?signal=%s&new=1" % signal)
    wait_rules(host)
    assert host.get_attribute("body", "data-snapshot") in ("made", "kept")
    host.wait_for_selector("body[data-snapshot=kept]", state="attached", timeout=WAIT_MS)
    code = host.get_attribute("body", "data-room-ready")
    ann = open_phone(open_page, wait_ready, signal, code, "Ann")
    join(ann, "Ann")
    wait_players(host, 1)
    token = ann.evaluate("c => localStorage.getItem('peerparty:seat:' + c)", code)
    snapshot = host.evaluate(SNAPSHOT_JS, False)
    assert snapshot["bytes"] > 10_000_000 and "peerparty" in snapshot["text"]
    assert token and token not in snapshot["text"]
    # the room's code in the forms the room writes it (its peer id, its keys, its record): four bare letters would
    # not do, 31 MB of memory hold thousands of four-letter runs by chance ("TENS" of "TENSOR")
    room_forms = [
        "peerparty-%s-" % code,
        "peerparty:seat:" + code,
        "peerparty:replica:" + code,
        '"code": "%s"' % code,
        '"code":"%s"' % code,
        "'code': '%s'" % code,
    ]
    assert [form for form in room_forms if form in snapshot["text"]] == []

    draws = []
    for _ in range(2):
        host.goto(site + "/host.html?signal=%s" % signal)  # the TV reloads: the same room
        wait_rules(host)
        assert host.get_attribute("body", "data-snapshot") == "restored"
        # the same room, once its peer id is open again (the PeerServer may still hold the closed tab's a moment)
        host.wait_for_selector("body[data-room-ready='%s']" % code, state="attached", timeout=WAIT_MS)
        wait_players(host, 1)
        assert people_names(host) == ["Ann"]
        draws.append(worker_random(host))
    assert draws[0] != draws[1], "each restore reseeds random"
    for _ in ("Ben", "Cat"):
        join(open_phone(open_page, wait_ready, signal, code, _), _)
    wait_players(host, 3)
    wait_present(host, 3)  # Ann's phone back too: with a seat away, Start asks first (issue 38)
    pick_and_start(host, "seven_rounds")
    ann.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)

    host.evaluate(SNAPSHOT_JS, True)
    host.goto(site + "/host.html?signal=%s" % signal)
    wait_rules(host)
    assert host.get_attribute("body", "data-snapshot") in ("made", "kept"), "another rules.zip: a new snapshot"
    host.wait_for_selector("body[data-snapshot=kept]", state="attached", timeout=WAIT_MS)
    ann.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
