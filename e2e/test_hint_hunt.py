"""Hint Hunt over real PeerJS (issue #5): the host plays on its own screen with three phones; everyone writes
a hint, claims words by tapping them, a fifth person joins mid-game as a spectator, the host's tab is closed
mid-guessing, the earliest-joined phone takes over by itself, the others follow it, and the game finishes
under the new host with the scores the engine computes from the new host's record (old host's moves included).
"""

import json
import time
from pathlib import Path

import pytest

from hint_hunt_play import (
    LONG_MS,
    claim,
    done_guessing,
    host_record,
    next_board,
    read_board,
    read_last_board,
    read_standings,
    read_write_form,
    replica_seq,
    seat_host_and_join,
    seq,
    start_guessing,
    submit,
    tick_and_type,
    wait_seq_above,
    wait_seq_at_least,
)
from people import WAIT_MS, join, open_host, open_phone, received, save_and_verify, wait_players, wait_present
from remote_screen import open_screen, same_frame

from peerparty.engine import HOST, Match
from peerparty.games import REGISTRY

HOST_NAME = "Hana"
NAMES = ["Ann", "Ben", "Cat"]
HINTS = {"Hana": ("ORBIT", 2), "Ann": ("KITCHEN", 3), "Ben": ("OCEAN", 1), "Cat": ("MUSIC", 2)}
MEASURE = Path(__file__).resolve().parent.parent / "artifacts" / "logs" / "hint_hunt-e2e.json"


class Table:
    """The people at the table, the page that hosts right now, and the scores we expect by hand."""

    def __init__(self, host, pages):
        self.host = host
        self.pages = pages  # name -> page, every screen still open
        self.expect = dict((n, 0) for n in [HOST_NAME] + NAMES)
        self.claim_ms = []

    def sync(self, timeout=WAIT_MS):
        h = seq(self.host)
        for name, page in self.pages.items():
            if page is not self.host:
                try:
                    wait_seq_at_least(page, h, timeout)
                except Exception:
                    got = [json.loads(t) for t in page.evaluate("() => Array.from(window.pp.received).slice(-6)")]
                    raise AssertionError(
                        "%s's screen stayed at view %d (%s), the host is at %d; it last got %r"
                        % (
                            name,
                            seq(page),
                            page.get_attribute("body", "data-status"),
                            h,
                            [(m.get("t"), m.get("seq"), m.get("n"), m.get("code")) for m in got],
                        )
                    )
        return h

    def engine(self):
        record = host_record(self.host)
        names = dict((s["id"], s["name"]) for s in record["lobby"]["seats"])
        return record, names, Match.from_record(REGISTRY, record["match"])

    def check_scores(self):
        """Every open screen shows the engine's scores for the host's record, and they are ours."""
        self.sync()
        record, names, match = self.engine()
        engine = dict((names[p], v) for p, v in match.view(None)["scores"].items())
        assert engine == self.expect, "the engine's replay disagrees with the scripted claims"
        for name, page in self.pages.items():
            assert read_board(page)["scores"] == engine, "%s's screen shows other scores" % name
        return match

    def claim(self, who, word, role, writer):
        delta = {"target": 3, "civilian": -1, "assassin": -5}[role]
        page = self.pages[who]
        h = seq(self.host)
        t0 = time.monotonic()
        claim(page, word)
        wait_seq_above(self.host, h)
        self.claim_ms.append(round((time.monotonic() - t0) * 1000))
        self.expect[who] += delta
        self.expect[writer] += delta
        self.sync()
        shown = read_board(page)
        assert shown["roles"].get(word) == role and shown["claimedBy"].get(word) == who
        return self.check_scores()


def play(open_page, wait_ready, signal, shot, migrate):
    """The scripted game. With `migrate`, the host's tab closes after two claims on board 2 and Ann's phone
    (the earliest-joined player) hosts the rest; without it, Hana hosts to the end. Same moves, same scores."""
    t_start = time.monotonic()
    hana, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = seat_host_and_join(hana, open_page, wait_ready, signal, code, HOST_NAME, NAMES)
    ann, ben, cat = phones["Ann"], phones["Ben"], phones["Cat"]
    pages = {"Hana": hana, "Ann": ann, "Ben": ben, "Cat": cat}
    # the host plays on this screen, so it takes no remote screen (issue 37); its successor, hosting from a phone,
    # does, and sends it the table (below)
    assert hana.locator("button:text-is('Add a screen')").count() == 0
    hana.click("#start")
    hana.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    t_lobby = time.monotonic()

    # --- hint writing: everyone ticks targets, types a hint, submits --------------------------------
    boards = {}
    for name, page in pages.items():
        form = read_write_form(page)
        assert len(form["words"]) == 12 and len(set(form["words"])) == 12
        assert sorted(form["locked"].values()) == ["assassin", "civilian", "civilian", "civilian"]
        assert len(form["unlocked"]) == 8 and not set(form["unlocked"]) & set(form["locked"])
        hint, n = HINTS[name]
        targets = form["unlocked"][:n]
        tick_and_type(page, targets, hint)
        if name == "Ben":
            shot(page, "hint_hunt-phone-writing")
        if name == "Cat":
            start = hana.locator(".hh-controls .hh-start")
            assert start.is_disabled() and "Cat" in hana.inner_text(".hh-controls .hh-note")
            shot(hana, "hint_hunt-host-writing")
        assert submit(page) == "%s %d" % (hint, n)  # "ORBIT 2": the app adds the count
        boards[name] = {
            "words": form["words"],
            "targets": targets,
            "assassin": [w for w, r in form["locked"].items() if r == "assassin"][0],
            "civilians": [w for w in form["words"] if w not in targets and form["locked"].get(w) != "assassin"],
        }
    words = [w for b in boards.values() for w in b["words"]]
    assert len(set(words)) == 48, "D3-03: no word on two boards of one game"
    start_guessing(hana)
    table = Table(hana, pages)

    def roles_of(name):
        b = boards[name]
        roles = dict((w, "civilian") for w in b["civilians"])
        roles.update((w, "target") for w in b["targets"])
        roles[b["assassin"]] = "assassin"
        return roles

    def on_board(writer, number):
        """Board `number` is `writer`'s: its writer sees every role, everyone else only the claimed ones."""
        table.sync()
        for name, page in table.pages.items():
            page.wait_for_selector(".hh-hint-box .hh-hint", timeout=WAIT_MS)
            shown = read_board(page)
            assert shown["hint"] == "%s %d" % HINTS[writer], name
            assert shown["meta"].startswith("Board %d by %s" % (number, writer)), shown["meta"]
            assert shown["words"] == boards[writer]["words"], name
            if name == writer:
                assert shown["roles"] == roles_of(writer) and shown["claimable"] == []
            else:
                # D3-08: a guesser (or watcher) sees the roles of claimed words only, until the board ends
                assert shown["roles"] == dict((w, roles_of(writer)[w]) for w in shown["claimedBy"]), name

    # --- board 1: Hana's (the host writes; the phones guess) -----------------------------------------
    on_board("Hana", 1)
    for name in NAMES:
        b = read_board(pages[name])
        assert sorted(b["claimable"]) == sorted(boards["Hana"]["words"]) and b["canDone"] and b["act"] == "1"
    shot(ben, "hint_hunt-phone-guessing")
    shot(hana, "hint_hunt-host-writer-view")

    # a fifth person joins now: a spectator who sees the board and cannot claim
    eve = open_phone(open_page, wait_ready, signal, code, "Eve")
    join(eve, "Eve")
    wait_players(hana, 5)
    table.pages["Eve"] = eve
    table.sync()
    seen = read_board(eve)
    assert seen["hint"] == "ORBIT 2" and seen["words"] == boards["Hana"]["words"]
    assert seen["claimable"] == [] and not seen["canDone"] and seen["act"] == "0"
    assert "watching" in seen["status"]
    assert "Eve" not in seen["scores"]
    before = seq(hana)
    eve.evaluate(
        "t => window.pp.sendRaw(t)",
        json.dumps({"v": 1, "t": "move", "id": 1, "move": {"type": "claim", "word": boards["Hana"]["targets"][0]}}),
    )
    eve.wait_for_function("() => window.pp.received.some(t => JSON.parse(t).t === 'error')", timeout=WAIT_MS)
    assert [m["code"] for m in received(eve) if m["t"] == "error"] == ["not_a_player"]
    assert seq(hana) == before

    table.claim("Ann", boards["Hana"]["targets"][0], "target", "Hana")
    shot(eve, "hint_hunt-phone-spectator")
    table.claim("Ben", boards["Hana"]["civilians"][0], "civilian", "Hana")
    out = read_board(ben)
    assert out["claimable"] == [] and not out["canDone"] and "out" in out["status"]
    table.claim("Cat", boards["Hana"]["targets"][1], "target", "Hana")
    ended = read_board(cat)
    assert "Every target was found" in ended["status"] and len(ended["roles"]) == 12
    assert hana.get_attribute(".hh-controls .hh-next", "data-confirm") is None
    next_board(hana, confirm=False)

    # --- board 2: Ann's; two claims under the old host, then its tab closes -------------------------------
    on_board("Ann", 2)
    shot(ann, "hint_hunt-phone-writer-view")
    table.claim("Hana", boards["Ann"]["targets"][0], "target", "Ann")  # the host guesses on its screen
    table.claim("Ben", boards["Ann"]["targets"][1], "target", "Ann")
    old_seq = table.sync()
    ann.wait_for_function(
        "([k, n]) => { const t = localStorage.getItem(k); return !!t && JSON.parse(t).snapshot.seq >= n; }",
        arg=["peerparty:replica:" + code, old_seq],
        timeout=WAIT_MS,
    )
    assert replica_seq(ann, code) == old_seq
    # only the successor ever holds the room (every token): nobody else got a replica
    assert any(m["t"] == "replica" for m in received(ann))
    for page in (ben, cat, eve):
        assert not any(m["t"] == "replica" for m in received(page))
    old = host_record(hana)
    assert old["epoch"] == 0
    times = {"lobby_s": round(t_lobby - t_start, 1)}
    if migrate:
        migrate_host(table, code, old, old_seq, wait_ready, shot, times)
    host = table.host
    on_board("Ann", 2)
    if migrate:
        # a screen opened now (the room's TV coming back) watches the successor, and is sent the table, not the
        # seat the successor's phone shows. Its key is saved (a new seq, issue 39) but changes no phone's view, so
        # no phone is sent that seq: the next sync is after a claim, which every phone sees
        screen = open_screen(open_page, "http://x/screen.html?room=%s&signal=%s" % (code, signal), "screen", extra="")
        screen.wait_for_selector("body[data-screen=watching][data-screen-epoch='1']", timeout=LONG_MS)
        same_frame(table.host, screen)
        assert screen.locator(".hh-table").count() == 1 and screen.locator(".hh-write, .hh-phone").count() == 0

    table.claim("Cat", boards["Ann"]["civilians"][0], "civilian", "Ann")
    table.claim("Ben", boards["Ann"]["assassin"], "assassin", "Ann")
    ended = read_board(eve)
    assert "assassin was claimed" in ended["status"] and len(ended["roles"]) == 12
    assert host.get_attribute(".hh-controls .hh-next", "data-confirm") is None
    next_board(host, confirm=False)

    # --- board 3: Ben's; Cat stops, Ann hits a civilian, Hana (away or hosting) is still "guessing" ----------
    on_board("Ben", 3)
    h = seq(host)
    done_guessing(cat)
    wait_seq_above(host, h)
    table.sync()
    assert "stopped guessing" in read_board(cat)["status"]
    table.claim("Ann", boards["Ben"]["civilians"][0], "civilian", "Ben")
    assert "Hana is still guessing" in host.get_attribute(".hh-controls .hh-next", "data-confirm")
    sentence = next_board(host, confirm=True)
    assert sentence.startswith("Hana is still guessing")

    # --- board 4: Cat's, the final one --------------------------------------------------------------------
    on_board("Cat", 4)
    # D3-08: board 3 ended by the host's Next hint in the same step as board 4 began; every screen shows it
    # whole (its roles were nowhere before issue 16) until guessing starts on board 4
    for name, page in table.pages.items():
        last = read_last_board(page)
        assert last is not None and not last["folded"] and last["title"] == "Board 3 revealed", name
        assert last["line"].startswith("OCEAN 1 by Ben") and last["line"].endswith("the host moved on"), name
        assert last["roles"] == roles_of("Ben") and last["claimedBy"] == {boards["Ben"]["civilians"][0]: "Ann"}, name
    shot(table.host, "hint_hunt-host-last-board")
    shot(eve, "hint_hunt-phone-last-board")
    assert host.inner_text(".hh-controls .hh-next") == "View scoreboard"
    assert "final board" in read_board(ben)["meta"]
    table.claim("Ann", boards["Cat"]["targets"][0], "target", "Cat")
    assert read_last_board(ben)["folded"] and read_last_board(ben)["roles"] == roles_of("Ben")
    table.claim("Ben", boards["Cat"]["targets"][1], "target", "Cat")
    next_board(host, confirm=False)
    times["whole_game_s"] = round(time.monotonic() - t_start, 1)

    # --- the scoreboard, against the engine replaying the (new) host's own record ------------------------------
    for page in table.pages.values():
        page.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    record, names, match = table.engine()
    result = match.result()
    assert record["phase"] == "over" and result is not None
    assert (
        dict((names[p], v) for p, v in result["scores"].items())
        == {"Hana": 8, "Ann": 5, "Ben": -1, "Cat": 8}
        == table.expect
    )
    ranking = [(names[p], result["scores"][p], p in result["winners"]) for p in result["ranking"]]
    assert sorted(names[p] for p in result["winners"]) == ["Cat", "Hana"]
    for name, page in table.pages.items():
        shown = read_standings(page)
        assert [(r["name"], r["points"], r["first"]) for r in shown["rows"]] == ranking, name
        assert shown["line"] == "Shared first place: Hana and Cat", name
        winners = "h2.winners" if page is host else "h1.winners"
        assert page.text_content(winners).strip() == "Hana and Cat share the win!", name
    # the game's record, saved from the TV (the successor's, after a migration), passes the verifier (issue 17)
    saved, _ = save_and_verify(host)
    assert saved["result"] == result
    times["claim_round_trip_ms"] = table.claim_ms
    times["log_entries"] = len(record["match"]["log"])
    return host, ben, times


def migrate_host(table, code, old, old_seq, wait_ready, shot, times):
    """Close the host's tab for good; Ann's phone must take over and the others follow it."""
    hana, ann, ben, cat, eve = [table.pages[n] for n in ("Hana", "Ann", "Ben", "Cat", "Eve")]
    t_close = time.monotonic()
    hana.context.close()
    del table.pages["Hana"]
    ben.wait_for_selector(".banner.warn", timeout=LONG_MS)  # "Reconnecting to the host…"
    shot(ben, "hint_hunt-phone-host-lost")
    ann.wait_for_url("**/host.html?takeover=1*", timeout=LONG_MS)
    times["close_to_successor_navigates_s"] = round(time.monotonic() - t_close, 1)
    wait_ready(ann)
    ann.wait_for_selector("body[data-room-ready]", state="attached", timeout=LONG_MS)
    times["close_to_new_host_ready_s"] = round(time.monotonic() - t_close, 1)
    got = (ann.get_attribute("body", "data-room-ready"), ann.get_attribute("body", "data-epoch"))
    assert got == (code, "1"), "the successor opened room %s epoch %s instead of taking over %s" % (
        got[0],
        got[1],
        code,
    )
    table.host = ann
    for page in (ben, cat, eve):
        wait_seq_above(page, old_seq, timeout=LONG_MS)
        page.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
        assert "/join.html" in page.url
    times["close_to_all_phones_back_s"] = round(time.monotonic() - t_close, 1)
    wait_present(ann, 4)  # Ann (hosting), Ben, Cat, Eve; Hana is away
    record, names, match = table.engine()
    assert record["epoch"] == 1 and record["phase"] == "playing"
    log = record["match"]["log"]
    assert log[: len(old["match"]["log"])] == old["match"]["log"], "the moves made under the old host are kept"
    ann_id = [s["id"] for s in record["lobby"]["seats"] if s["name"] == "Ann"][0]
    assert log[len(old["match"]["log"])][:2] == [HOST, {"type": "set_host", "player": ann_id}]
    assert [s["name"] for s in record["lobby"]["seats"] if s["local"]] == ["Ann"]
    table.check_scores()
    for page in (ben, cat, eve):
        assert read_board(page)["hostName"] == "Ann"
        assert page.locator(".hh-scores tbody th", has_text="Hana").locator(".hh-away").count() == 1
    shot(ann, "hint_hunt-new-host-guessing")
    # the phone that hosts now keeps a phone's type: the TV's scale stops at 15px (at 390 px wide it was 4.8 px)
    sizes = ann.evaluate(
        "() => ['html', '.hh-hint', '.hh-controls .hh-next'].map("
        "s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))"
    )
    assert min(sizes) >= 15, sizes


def save(name, times):
    MEASURE.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(MEASURE.read_text()) if MEASURE.exists() else {}
    data[name] = times
    MEASURE.write_text(json.dumps(data, indent=1))


@pytest.mark.timeout(900)
def test_four_players_and_a_spectator_play_a_whole_game_and_every_screen_shows_the_engines_scores(
    open_page, wait_ready, signal, shot
):
    host, ben, times = play(open_page, wait_ready, signal, shot, migrate=False)
    shot(host, "hint_hunt-host-scoreboard")
    shot(ben, "hint_hunt-phone-scoreboard")
    save("no_migration", times)


@pytest.mark.timeout(900)
def test_the_host_tab_closes_mid_guessing_and_the_successor_finishes_the_game_with_the_engines_scores(
    open_page, wait_ready, signal, shot
):
    host, ben, times = play(open_page, wait_ready, signal, shot, migrate=True)
    shot(host, "hint_hunt-new-host-scoreboard")
    # the phone that hosts now is laid out for a phone at the results too (issue 48 point 5): nothing wider than
    # the phone, the winners over Play again, and no New room, which would leave the party behind
    width = host.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], "the successor's results are %d px wide on a %d px phone" % tuple(width)
    winners, again = (
        host.locator(s).first.bounding_box() for s in (".over-top .winners", "button:text-is('Play again')")
    )
    assert winners["y"] + winners["height"] <= again["y"] + 1, (winners, again)
    assert host.locator("button", has_text="New room").count() == 0
    save("migration", times)
