"""The host page's two threads (docs/host-threads.md): the rules worker's Python (app/rules.py) holds the room and
every secret and draws the big screen; the screen thread (host-room.js, no Python) gets only that drawing. Here
the screen thread's part is played by a small relay over GuestSession phones, as host-room.js does it in the
browser, and what reaches it is checked.

(tests/test_layering.py proves the screen thread runs no Python, and that the screens import none of the rules.)
"""

import itertools
import json
import re
from pathlib import Path
from random import Random

import pytest

from peerparty.app.rules import Rules, draw
from peerparty.engine import HOST
from peerparty.games import REGISTRY
from peerparty.room import fence
from peerparty.room.guest import GuestSession
from peerparty.room.lobby import CODE_ALPHABET, CODE_LENGTH
from peerparty.room.rejoin import HOST_KEY, LOOK_AHEAD, epoch_key, replica_key, seat_key
from peerparty.ui.room import FRAME_NOTICES, banner, host_frame

from .test_leaks import canonical, count_problems, hint_marker

ROOT = Path(__file__).resolve().parents[1]
SCREEN_KEYS = {"room", "view", "me", "controls", "now_ms", "seq", "seed", "replay", "info", "error"}


PAGE = {
    "join_url": "http://tv.local/join.html?room=WXYZ",
    "join_hint": "tv.local/join.html",
    "qr_svg": "<svg/>",
    "status": None,
    "sound": False,
    "relay": False,
    "bad_relay": "",
    "screen_url": "",
    "screen_qr": "",
}


class ScreenThread:
    """What host-room.js does with the worker's answers: sends protocol text to connections, puts the screen's
    HTML on the page (here: keeps every screen, and the room's screen() it was drawn from, for the checks) and
    stores the record without reading it."""

    def __init__(self, rules):
        self.rules = rules
        self.now = 1000
        self.phones = {}  # conn -> GuestSession
        self.screens = []  # every screen the worker sent, with the room's screen() it was drawn from
        self.record = None
        self.storage = {}  # localStorage, as the worker's writes leave it
        self.hung_up = []
        self.watchers = []  # the remote screens watching, as the worker last said
        self.on_screens = {}  # conn -> the last big screen sent to that remote screen

    def take(self, out):
        assert set(out) <= {
            "send",
            "hangup",
            "screen",
            "record",
            "storage",
            "probe",
            "unprobe",
            "leave",
            "download",
            "opened",
            "acted",
            "watchers",
        }, out
        if "watchers" in out:
            self.watchers = list(out["watchers"])
        if "screen" in out:
            for conn in self.watchers:  # host-room.js sends each remote screen the frame it draws
                self.on_screens[conn] = out["screen"]["html"]
            # what the screen was drawn from: the room's screen() now (nothing has happened since)
            self.screens.append((out["screen"], json.dumps(self.rules.screen())))
        if "record" in out:
            self.record = out["record"]
        for write in out.get("storage", []):
            if write[0] == "set":
                self.storage[write[1]] = write[2]
            else:
                self.storage.pop(write[1], None)
        self.hung_up += out.get("hangup", [])
        if out.get("probe"):  # host-room.js dials them and says so: the first probe's deadline counts from now
            self.take(self.rules.probed(self.now))
        for conn, text in out.get("send", []):
            phone = self.phones.get(conn)
            if phone is not None:
                phone.receive(text, self.now)
                for answer in phone.take_outbox():  # a rejoin's proof (room/proof.py)
                    self.take(self.rules.data(conn, answer, self.now))
        return out

    def join(self, name):
        conn = "c%d" % (len(self.phones) + 1)
        phone = GuestSession(self.rules.session.code, name=name)
        self.phones[conn] = phone
        self.take(self.rules.knock(conn, "pp-" + conn, name, self.now))
        self.take(self.rules.connect(conn, self.now))
        self.take(self.rules.data(conn, phone.hello(), self.now))
        assert phone.status == "joined", phone.error
        return conn

    def move(self, conn, move):
        self.take(self.rules.data(conn, self.phones[conn].move(move), self.now))

    def action(self, action):
        """A tap on the big screen: a move names the decision the screen shows (host-room.js does the same)."""
        ref = self.screens[-1][0]["ref"] if self.screens else None
        return self.take(self.rules.action(json.dumps(action), self.now, ref))

    def screen(self):
        """The room's screen() the last screen was drawn from."""
        return json.loads(self.screens[-1][1])

    def drawn(self):
        return self.screens[-1][0]


def tokens(n=itertools.count()):
    return lambda: "secret-token-%06d" % next(n)


def opened(mode="new", code="WXYZ", epoch=0, **kw):
    rules = Rules(REGISTRY, token_source=tokens())
    thread = ScreenThread(rules)
    out = thread.take(rules.open(mode, code, epoch, thread.now, **kw))
    if rules.session is not None:
        thread.take(rules.page(PAGE))
    return rules, thread, out


def play_to_the_end(game_id, seed):
    """A whole game through the worker's Python, phones moving at random (the host too, when it may)."""
    game = REGISTRY[game_id]
    rng = Random(seed)
    rules, thread, _ = opened(seed="deal-%d" % seed)
    plays_here = game.host_is_player and seed == 0  # "I play on this screen" once, the table the other times
    if plays_here:
        thread.action({"room": "join_local", "name": "Hosty"})
    names = ["Ann", "Ben", "Cat", "Dan"][: max(game.min_players, 3) - (1 if plays_here else 0)]
    conns = dict((thread.phones[c].seat, c) for c in [thread.join(n) for n in names])
    thread.action({"room": "pick", "game": game_id})
    assert thread.action({"room": "start"}).get("screen"), "Start changes the big screen"
    session = rules.session
    local = [s.id for s in session.lobby.seats if s.local]
    checked = 0
    for _ in range(3000):
        if session.phase != "playing":
            break
        thread.now += rng.randint(0, 3000)
        thread.take(rules.tick(thread.now))
        checked += check_screen(game_id, session, thread.screen(), thread.drawn())
        random_step(thread, game, rng, conns, local)
    assert session.phase == "over"
    return rules, thread, checked


def random_step(thread, game, rng, conns, local):
    """One random legal move in the game being played: a phone's (conns: seat -> connection), or now and then,
    and always when no phone can move, the host's from the TV (local: the TV's own seat plays from the TV too).
    When nobody can move, time passes instead."""
    state = thread.rules.session.match.state
    choices = [(p, m) for p in thread.rules.session.match.players for m in game.legal_moves(state, p)]
    if not choices or rng.random() < 0.1:
        choices += [
            (HOST, m) for m in game.legal_moves(state, HOST) if m["type"] not in ("end_game", "remove", "set_host")
        ]
    if not choices:
        thread.now += 70000
        return
    who, move = rng.choice(choices)
    if move.get("type") == "submit" and "hint" in move:
        move = dict(move, hint=hint_marker(who))  # each player's own hint, so a search means something
    if who == HOST or who in local:
        thread.action(move)
    else:
        thread.move(conns[who], move)


def check_screen(game_id, session, screen, drawn):
    """What the screen thread gets is drawn from the room's screen() alone (and the page's own part), and that is
    the room summary and the view for the table (or the host's own seat): equal to the engine's view for that
    viewer, with none of anyone else's secrets in it."""
    assert drawn == draw(screen, PAGE), "the big screen was drawn from something else than screen()"
    assert "secret-token-" not in drawn["html"] and "deal-" not in drawn["html"]
    assert set(screen) == SCREEN_KEYS
    viewer = screen["me"]
    if screen["view"] is None:
        return 0
    if viewer not in session.match.players:
        viewer = HOST  # the table's view with the host's controls (HostSession.screen)
    expected = session.match.sent_view(viewer)
    assert canonical(screen["view"]) == canonical(expected)
    text = json.dumps(dict(screen, controls=None), sort_keys=True, separators=(",", ":"))
    problems = count_problems(game_id, session.match.state, viewer, text)
    if screen["controls"] is not None:  # the host's buttons beside the host's own seat: the table's view
        assert canonical(screen["controls"]) == canonical(session.match.sent_view(HOST))
        problems += count_problems(game_id, session.match.state, HOST, canonical(screen["controls"]))
    assert not problems, problems
    text = json.dumps(screen, sort_keys=True, separators=(",", ":"))
    assert "secret-token-" not in text, "a seat's token reached the screen thread"
    # the seed is shown once the game is over (Fair deal, shown), never before
    assert screen["seed"] is None and "deal-" not in text, "the match's seed reached the screen thread"
    return 1


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
@pytest.mark.parametrize("seed", range(3))
def test_the_screen_thread_gets_the_tables_view_and_no_secret(game_id, seed):
    rules, thread, checked = play_to_the_end(game_id, seed)
    assert checked > 3
    # and the record, which the screen thread stores unread, is the room the worker restores from
    again = Rules(REGISTRY)
    out = again.open("restore", "WXYZ", 0, thread.now, storage={HOST_KEY: thread.record})
    assert out["opened"]["mode"] == "restore"
    assert again.session.snapshot() == rules.session.snapshot()


def test_the_secret_search_would_catch_a_screen_with_another_seats_view():
    rules, thread, _ = opened()
    conns = [thread.join(n) for n in ["Ann", "Ben", "Cat"]]
    thread.action({"room": "pick", "game": "seven_rounds"})
    thread.action({"room": "start"})
    screen = thread.screen()
    check_screen("seven_rounds", rules.session, screen, thread.drawn())
    seat = thread.phones[conns[1]].seat
    screen["view"] = rules.session.match.view(seat)
    with pytest.raises(AssertionError):
        check_screen("seven_rounds", rules.session, screen, draw(screen, PAGE))


def test_a_new_room_answers_at_once_with_its_screen_and_record():
    rules, thread, out = opened(code="KMNP", epoch=0)
    assert out["opened"] == {"mode": "new", "code": "KMNP", "epoch": 0}
    screen = thread.screen()
    assert screen["room"]["code"] == "KMNP" and screen["room"]["phase"] == "lobby"
    assert [g[0] for g in screen["info"]["games"]] == list(REGISTRY)
    assert json.loads(thread.record)["code"] == "KMNP"


def test_a_tick_with_nothing_due_says_nothing():
    rules, thread, _ = opened()
    thread.join("Ann")
    assert rules.tick(thread.now + 10) == {}


def test_a_record_of_another_room_gives_way_to_a_new_room_under_the_chosen_code():
    old, thread, _ = opened(code="ABCD")
    thread.join("Ann")
    rules = Rules(REGISTRY)
    out = rules.open("restore", "WXYZ", 0, 5000, storage={HOST_KEY: thread.record})
    assert out["opened"]["mode"] == "new" and rules.session.code == "WXYZ" and rules.session.lobby.seats == []
    out = Rules(REGISTRY).open("restore", "WXYZ", 0, 5000, storage={HOST_KEY: "{not json"})
    assert out["opened"]["mode"] == "new"


def test_the_hosts_refusals_are_sentences_on_the_big_screen():
    rules, thread, _ = opened()
    thread.action({"room": "start"})
    assert thread.screen()["error"] == "Pick a game."
    out = rules.action("not json", thread.now)
    assert "Unknown action." in out["screen"]["html"] and rules.screen()["error"] == "Unknown action."
    assert rules.action("[1]", thread.now) == {"acted": 3}, "the same refusal again: the screen already says it"
    thread.action({"room": "pick", "game": "seven_rounds"})
    assert thread.screen()["error"] is None


def hint_hunt_with_a_successor():
    rules, thread, _ = opened(code="HHHH")
    thread.action({"room": "join_local", "name": "Hana"})
    ann = thread.join("Ann")
    thread.join("Ben")
    thread.action({"room": "pick", "game": "hint_hunt"})
    thread.action({"room": "start"})
    return rules, thread, ann


def successor_storage(thread, ann, token=None):
    """What Ann's phone page keeps in localStorage, as the takeover reads it (room/rejoin.py's keys)."""
    return {
        replica_key("HHHH"): json.dumps(thread.phones[ann].replica),
        seat_key("HHHH"): token or thread.phones[ann].token,
        epoch_key("HHHH"): "0",
    }


def test_the_successor_takes_over_from_its_replica_and_a_stranger_cannot():
    rules, thread, ann = hint_hunt_with_a_successor()
    assert thread.phones[ann].replica is not None, "Ann, the first to join, is the successor"
    successor = Rules(REGISTRY)
    out = successor.open("takeover", "HHHH", 1, thread.now + 20000, storage=successor_storage(thread, ann))
    assert out["opened"] == {"mode": "takeover", "code": "HHHH", "epoch": 1}
    assert [s.name for s in successor.session.lobby.seats if s.local] == ["Ann"]
    assert json.loads(out["record"])["epoch"] == 1
    # room/fence.py's writes, for the page to make: the room is this tab's now, the replica is spent
    writes = dict((w[1], w[0]) for w in out["storage"])
    assert writes == {HOST_KEY: "set", replica_key("HHHH"): "remove", epoch_key("HHHH"): "set"}
    refused = Rules(REGISTRY).open("takeover", "HHHH", 1, thread.now, storage=successor_storage(thread, ann, "forged"))
    assert refused == {"opened": {"mode": "refused", "code": "HHHH", "epoch": 1}}
    stale = Rules(REGISTRY).open("takeover", "HHHH", 2, thread.now, storage=successor_storage(thread, ann))
    assert stale["opened"]["mode"] == "refused", "the epoch the page chose must be the replica's next"


def probe_answer(prober, epoch, text, target, now, conn="probe"):
    """What host-room.js does with a probe: connect to target's id (another page's Rules), send the text once
    open, and pass what target answers back to the prober."""
    prober.probe_open(epoch, now)
    target.connect(conn, now)
    out = target.data(conn, text, now)
    answers = [t for c, t in out.get("send", []) if c == conn]
    return [prober.probe_answer(epoch, answer, now) for answer in answers]


def test_a_host_whose_room_may_have_moved_on_steps_aside_for_a_successor_that_proves_it_holds_the_room():
    rules, thread, ann = hint_hunt_with_a_successor()
    assert "probe" not in rules.tick(thread.now), "not before the room's peer is open"
    ahead = list(range(1, 1 + LOOK_AHEAD))  # as far as phones look: a TV two takeovers behind finds epoch 2
    probes = rules.peer(True, thread.now)["probe"]
    assert [epoch for epoch, _ in probes] == ahead
    assert "probe" not in rules.tick(thread.now + 1000), "every few seconds, not every tick"
    assert [epoch for epoch, _ in rules.tick(thread.now + 6000)["probe"]] == ahead
    # Ann's phone took the room over as epoch 1 from its replica: it holds the room key, and proves it
    successor = Rules(REGISTRY)
    successor.open("takeover", "HHHH", 1, thread.now + 7000, storage=successor_storage(thread, ann))
    text = rules.tick(thread.now + 12000)["probe"][0][1]
    local = [s for s in rules.session.lobby.seats if s.local][0]
    [out] = probe_answer(rules, 1, text, successor, thread.now + 12100)
    assert out["leave"] is True
    assert out["storage"] == [
        ["set", seat_key("HHHH"), local.token],
        ["set", epoch_key("HHHH"), "1"],
        ["remove", HOST_KEY],
    ]


def test_a_stranger_at_the_next_epochs_id_is_ignored_and_named_on_the_big_screen():
    """Issue 31: anyone who knows the code can register peerparty-CODE-1. Opening the probe's connection,
    answering it wrongly, replaying a proof, or proving another epoch deposes nobody."""
    rules, thread, ann = hint_hunt_with_a_successor()
    probes = dict(rules.peer(True, thread.now)["probe"])
    stranger = Rules(REGISTRY)  # a room of its own, under the same code and the next epoch: another key
    stranger.open("new", "HHHH", 1, thread.now)
    for epoch, text in [(1, probes[1])]:
        [out] = probe_answer(rules, epoch, text, stranger, thread.now + 100)
        assert "leave" not in thread.take(out) and out["unprobe"] == [1]
    assert thread.drawn()["html"].count("Someone tried to take over this room") == 1
    assert 'data-intruder="1"' in thread.drawn()["html"]
    assert rules.session is not None and rules.session.epoch == 0
    # the real successor's proof for epoch 1, answered again (a replay), or sent for epoch 2's probe: refused
    successor = Rules(REGISTRY)
    successor.open("takeover", "HHHH", 1, thread.now + 7000, storage=successor_storage(thread, ann))
    probes = dict(rules.tick(thread.now + 6000)["probe"])
    successor.connect("p", thread.now)
    right = successor.data("p", probes[1], thread.now)["send"][0][1]
    assert "leave" not in rules.probe_answer(2, right, thread.now), "a proof for another epoch"
    assert rules.probe_answer(1, right, thread.now)["leave"] is True
    assert "leave" not in rules.probe_answer(1, right, thread.now), "the same proof twice"


def test_a_room_without_a_successor_never_probes():
    rules, thread, _ = opened()
    thread.join("Ann")
    assert "probe" not in rules.peer(True, thread.now)
    assert "probe" not in rules.tick(thread.now + 60000)


def test_phones_that_knock_and_never_get_through_are_named_on_the_big_screen_and_hung_up():
    rules, thread, _ = opened()
    thread.take(rules.knock("c9", "pp-sam", "Sam", thread.now))
    thread.now += 9000
    out = thread.take(rules.tick(thread.now))
    assert out["hangup"] == ["c9"], "a connection that never opened is given up"
    assert thread.screen()["info"]["knocking"] == [["Sam", ""]]
    # the same phone retries twice and gets through: its abandoned attempt is hung up, its name leaves the screen
    thread.take(rules.knock("c10", "pp-sam", "Sam", thread.now))
    thread.take(rules.knock("c11", "pp-sam", "Sam", thread.now))
    out = thread.take(rules.connect("c11", thread.now))
    assert out["hangup"] == ["c10"]
    thread.take(rules.tick(thread.now + 300))
    assert thread.screen()["info"]["knocking"] == []


def test_the_host_saves_a_finished_game_and_a_move_made_for_an_earlier_moment_changes_and_shows_nothing():
    rules, thread, _ = opened(seed="save")
    for name in ["Ann", "Ben", "Cat"]:
        thread.join(name)
    thread.action({"room": "pick", "game": "seven_rounds"})
    thread.action({"room": "start"})
    seq = rules.session.seq
    out = rules.action(json.dumps({"type": "reveal"}), thread.now, ref="not-this-decision")
    # stale: a harmless race (room/races.py), so no sentence, no redraw, no step
    assert "screen" not in out and rules.screen()["error"] is None and rules.session.seq == seq
    thread.action({"type": "end_game", "confirm": True})
    assert rules.session.phase == "over"
    out = rules.action(json.dumps({"room": "save", "game": 0}), thread.now)
    name, text = out["download"]
    assert name.endswith(".json") and json.loads(text)
    out = rules.action(json.dumps({"room": "save", "game": 7}), thread.now)
    assert "download" not in out and "screen" in out
    assert rules.screen()["error"] == "That game is not in tonight's history."


# --- the screen thread's JS ------------------------------------------------------------------------------

HOST_ROOM_JS = (ROOT / "static" / "js" / "host-room.js").read_text()


def test_the_screen_thread_draws_room_codes_as_the_room_does():
    alphabet = re.search(r'CODE_ALPHABET = "([A-Z]+)"', HOST_ROOM_JS).group(1)
    length = int(re.search(r"CODE_LENGTH = (\d+)", HOST_ROOM_JS).group(1))
    assert (alphabet, length) == (CODE_ALPHABET, CODE_LENGTH)


def test_the_screen_threads_js_reads_no_protocol_text_and_no_record():
    """host-room.js carries phones' messages and the record as text it never decodes: the JSON it parses is its
    own page's (the build's words for the first frame, a tap's data-move); the only phone message it looks into
    is a ping before the rules are up, to answer it "wait"."""
    assert re.findall(r"JSON\.parse\((\w+)", HOST_ROOM_JS) == ["template", "tap"]
    assert 'JSON.parse(template("frame-texts-" + lang)' in HOST_ROOM_JS
    assert "JSON.parse" not in (ROOT / "static" / "js" / "rules-interpreter.mjs").read_text()


def page_tables(html, name):
    """{lang: table} of the page's words (scripts/build.py page_texts_script), one JSON <script> a language."""
    found = re.findall(
        r'<script type="application/json" id="%s-([A-Za-z-]+)" data-lang="[^"]+">(.*?)</script>' % name, html
    )
    return {lang: json.loads(text) for lang, text in found}


def test_the_page_draws_the_link_problems_in_the_words_the_worker_uses():
    """Until the rules worker's first screen, host-room.js draws the banners itself, with net/reach.py's words,
    which the build puts into host.html, once per shipped language (py/peerparty/page_words.py marks them)."""
    from peerparty import i18n
    from peerparty.net.reach import BAD_RELAY, HOST_LINK_PROBLEM, HOST_LINK_PROBLEMS
    from peerparty.page_words import SCREEN_REFUSALS, SCRIPT_WORDS
    from peerparty.room.protocol import ROOM_ERRORS
    from peerparty.ui.room import MOVED_ON, SCREEN_NOTICES, SOUND_LABELS

    tables = page_tables((ROOT / "host.html").read_text(), "frame-texts")
    assert sorted(tables) == sorted(i18n.SHIPPED)
    assert tables["en"] == {  # the same English as the Python screens': one message each in the catalog
        "link": HOST_LINK_PROBLEMS,
        "problem": HOST_LINK_PROBLEM,
        "bad_relay": BAD_RELAY,
        "sound": list(SOUND_LABELS),
        "moved_on": MOVED_ON,
        "notices": SCREEN_NOTICES,
        "words": {word: word for word in SCRIPT_WORDS + tuple(ROOM_ERRORS[code] for code in SCREEN_REFUSALS)},
        "dir": "ltr",
        "group": ",",  # the digit groups pp.sentence fills numbers with (static/js/glue.js)
    }
    assert tables["de"]["group"] == "." and tables["de"]["dir"] == "ltr"
    bundle = json.loads((ROOT / "static" / "build" / "i18n" / "de.json").read_text())["messages"]
    assert tables["de"]["sound"] == [bundle[label] for label in SOUND_LABELS]
    assert tables["de"]["link"]["signal-down"] == bundle[HOST_LINK_PROBLEMS["signal-down"]]
    assert tables["de"]["words"]["Cancel"] == bundle["Cancel"] != "Cancel"
    assert page_tables((ROOT / "screen.html").read_text(), "screen-texts") == tables
    rules, thread, _ = opened()
    drawn = draw(thread.screen(), dict(PAGE, status="signal-down", bad_relay="turn:x"))
    assert HOST_LINK_PROBLEMS["signal-down"] in drawn["html"] and (BAD_RELAY % "turn:x") in drawn["html"]


def test_host_html_paints_the_frames_python_draws():
    """host.html's first paint is ui/room.py's host_frame and its banners (scripts/build.py renders them in, and
    host-room.js fills in the code and QR code): the big screen comes from one set of screens, whoever draws it,
    in each shipped language (host-room.js draws the room's)."""
    from peerparty import i18n

    html = (ROOT / "host.html").read_text()
    info = {"join_url": "%JOIN%", "join_hint": "%HINT%", "qr_svg": "%QR%"}
    templates = dict(re.findall(r'<template id="([A-Za-z-]+)"[^>]*>(.*?)</template>', html, re.S))
    expected = {"banner-" + kind: banner("%TEXT%", kind) for kind in ("error", "warn")}
    for lang in i18n.SHIPPED:
        bundle = json.loads((ROOT / "static" / "build" / "i18n" / (lang + ".json")).read_text())
        before = i18n.swap(i18n.Language(bundle))
        try:
            expected.update({"frame-%s-%s" % (mode, lang): host_frame("%CODE%", mode, info) for mode in FRAME_NOTICES})
        finally:
            i18n.swap(before)
    assert templates == expected, "host.html's frames are stale: run scripts/build.py"


def returning_host():
    """The old TV's tab, reopened just after Ann's phone took the Hint Hunt room over as epoch 1: it restores
    epoch 0 from its record, and Ben's phone, not yet welcomed by epoch 1, lands on it and says hello again."""
    rules, thread, ann = hint_hunt_with_a_successor()
    ben = [conn for conn in thread.phones if conn != ann][0]
    back, again, _ = opened("restore", code="HHHH", epoch=0, storage={HOST_KEY: thread.record})
    again.now = thread.now + 20000
    again.phones["c1"] = thread.phones[ben]
    again.take(back.connect("c1", again.now))
    return back, again


def test_a_returning_host_acknowledges_nothing_until_its_probe_has_answered():
    """Issue 26 C: until its first probe of the later epochs has answered, a host whose room may have moved on
    answers "wait" and holds what phones send; a later host answers, and what it held is dropped, never
    acknowledged (it would exist only in the abandoned room)."""
    back, again = returning_host()
    out = again.take(back.data("c1", again.phones["c1"].hello(), again.now))
    assert out["send"] == [["c1", '{"t":"wait","v":1}']]
    assert again.take(back.peer(True, again.now))["probe"][0][0] == 1
    out = again.take(back.tick(again.now + fence.ANSWER_MS - 1))
    assert "c1" not in [conn for conn, _ in out.get("send", [])], "still held while the probe may answer"
    # a peer at epoch 1's id opened and says "wait" (a successor whose rules still boot): held until it proves
    # itself or PROOF_MS has passed (issue 31)
    back.probe_open(1, again.now + 100)
    assert back.probe_answer(1, '{"v":1,"t":"wait"}', again.now + 200).get("unprobe") is None
    out = again.take(back.tick(again.now + fence.ANSWER_MS + 1000))
    assert "c1" not in [conn for conn, _ in out.get("send", [])], "held while the peer that opened may prove itself"
    assert again.phones["c1"].host_waiting
    assert again.take(back.moved_on(1))["leave"] is True
    assert back.held == []


def test_a_returning_host_whose_probe_finds_no_later_host_answers_what_it_held_in_order():
    back, again = returning_host()
    again.take(back.data("c1", again.phones["c1"].hello(), again.now))
    again.take(back.peer(True, again.now))
    again.take(back.tick(again.now + fence.ANSWER_MS))
    assert again.phones["c1"].status == "joined" and not again.phones["c1"].host_waiting
    assert back.held == []


def test_a_reopened_tv_whose_rules_boot_behind_their_queue_answers_nothing_before_its_probe_went_out():
    """Issue 47, 3: the reopened TV's page opens its id 0.3 s after it is parsed; its rules (Pyodide) boot for 10 s
    meanwhile, and what the page posted queues: `peer` first, then a phone's hello at 5 s (and, answered, its proof), all
    handled at once at 10 s with the times they were posted. The fence dated its first probe's deadline from the
    `peer` message (0.3 s + ANSWER_MS), so the queued hello and proof passed before the probe was even sent: the
    phone was welcomed into the room its successor had already moved on (split brain). The deadline now counts
    from when the page dialled the probes (probed)."""
    back, again = returning_host()
    t0 = again.now
    out = back.peer(True, t0 + 300)  # handled with the boot's backlog: not yet dialled
    probes = out["probe"]
    assert [epoch for epoch, _ in probes][:1] == [1]
    phone = again.phones["c1"]
    again.now = t0 + 5000  # what the phone is answered reaches it, and its own answers go back at once
    out = again.take(back.data("c1", phone.hello(), again.now))
    assert [json.loads(text)["t"] for _, text in out["send"]] == ["wait"], "answered before the probe went out"
    assert phone.status != "joined" and phone.host_waiting
    # the backlog is done (10 s): the page dials the probes now, and says so
    again.now = t0 + 10000
    again.take(back.probed(again.now))
    out = again.take(back.tick(again.now + fence.ANSWER_MS - 1))
    assert "c1" not in [conn for conn, _ in out.get("send", [])], "held while the probe may answer"
    assert again.take(back.moved_on(1))["leave"] is True  # the successor at epoch 1 proved it holds the room
    assert back.held == [] and phone.status != "joined"


def test_a_reopened_tvs_queue_is_answered_in_order_once_its_dialled_probe_found_nobody():
    back, again = returning_host()
    t0 = again.now
    back.peer(True, t0 + 300)
    back.data("c1", again.phones["c1"].hello(), t0 + 5000)
    assert back.held
    again.now = t0 + 10000
    back.probed(again.now)
    again.take(back.tick(again.now + fence.ANSWER_MS))
    assert again.phones["c1"].status == "joined" and back.held == []


def test_a_link_that_closes_while_its_messages_are_held_is_closed_after_them():
    """The TV's reloaded page holds what phones and screens send until its probe settles (room/fence.py). A link
    that closed meanwhile was closed at once, and its held messages answered after: a remote screen's watch then
    took one of the four places for a connection that was gone, for good (python3 -m tests.sim, evening 2722)."""
    _, thread, _ = opened(code="HHHH")
    for name in ("Ann", "Ben", "Cat"):
        thread.join(name)
    thread.action({"room": "pick", "game": "hint_hunt"})
    thread.action({"room": "start"})
    reloaded = Rules(REGISTRY, token_source=tokens())
    now = thread.now + 5000
    reloaded.open("restore", "HHHH", 0, now, storage={HOST_KEY: thread.record})
    assert reloaded.session.takes_screens() and fence.may_have_moved(reloaded.session)
    watch = json.dumps({"v": 1, "t": "watch", "room": "HHHH", "epoch": 0})
    for conn in ("s1", "s2", "s3", "s4"):  # a screen's attempts, each dropped for the next
        reloaded.connect(conn, now)
        assert reloaded.data(conn, watch, now)["send"] == [[conn, '{"t":"wait","v":1}']]
        reloaded.close(conn, now + 100)
    reloaded.connect("s5", now + 200)
    reloaded.data("s5", watch, now + 200)
    reloaded.peer(True, now + 300)  # its probe goes out, and nobody answers it in time
    reloaded.probed(now + 300)
    sent = reloaded.tick(now + 60000)["send"]
    assert [conn for conn, text in sent if '"t":"watching"' in text] == ["s1", "s2", "s3", "s4", "s5"]
    assert reloaded.session.screens.conns() == ["s5"], "only the screen still there watches"
