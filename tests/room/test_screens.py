"""Remote screens (issue 29, room/screens.py): a screen watches, it is never a seat; it comes back by proving
its key, and only a host that proves it first is shown; at most MAX_SCREENS at once; the host drops one."""

import json

from peerparty.i18n import sentence
from peerparty.app.rules import Rules
from peerparty.room import proof, protocol
from peerparty.room.host import HostSession
from peerparty.room.protocol import MAX_SCREENS
from peerparty.room.screens import KEPT

from .helpers import join, make_room
from .toy_game import GAME as RACE

NONCE = "ab" * 16
AT0 = (0, "peerparty-ABCD-0")  # the channel: epoch 0's host id (proof.py)


def said(host, conn, message, now=0):
    return [json.loads(text) for c, text in host.on_message(conn, protocol.encode(message), now) if c == conn]


def watch(host, conn, **fields):
    host.on_connect(conn, 0)
    return said(host, conn, dict({"t": "watch", "room": "ABCD", "epoch": host.epoch}, **fields))


def come_back(host, conn, key, nonce=NONCE):
    """A screen with a key: the host's challenge, checked as screen.js checks it, and the screen's proof."""
    challenge = watch(host, conn, screen=proof.screen_tag(key), nonce=nonce)[0]
    assert challenge["t"] == "challenge"
    assert challenge["proof"] == proof.host_screen_proof(key, "ABCD", *AT0, nonce, challenge["nonce"])
    return said(host, conn, {"t": "prove", "proof": proof.screen_proof(key, "ABCD", *AT0, nonce, challenge["nonce"])})


def test_a_new_screen_gets_its_number_and_key_and_is_no_seat():
    host, net = make_room()
    join(net, "Ann")
    answer = watch(host, "s1")
    assert answer == [{"v": 1, "t": "watching", "screen": 1, "room": "ABCD", "epoch": 0, "key": answer[0]["key"]}]
    assert answer[0]["key"] not in [s.token for s in host.lobby.seats]
    assert [p["name"] for p in host.screen()["room"]["people"]] == ["Ann"]  # the cap counts seats only
    assert host.screen_info()["screens"] == [1]
    assert host.screens.conns() == ["s1"]


def test_a_screen_cannot_join_move_or_be_a_phone_too():
    host, net = make_room()
    phone = join(net, "Ann")
    watch(host, "s1")
    for message in (
        {"t": "hello", "room": "ABCD", "name": "Eve"},
        {"t": "move", "id": 0, "ref": None, "move": {"type": "go"}},
        {"t": "leave"},
    ):
        assert said(host, "s1", message)[0]["code"] == "bad_message"
    assert said(host, "s1", {"t": "ping", "n": 1}) == [{"v": 1, "t": "pong", "n": 1}]
    assert [p["name"] for p in host.screen()["room"]["people"]] == ["Ann"]
    # a phone's connection cannot watch as well
    refused = said(host, phone.conn, {"t": "watch", "room": "ABCD", "epoch": 0})
    assert refused[0]["code"] == "bad_message" and host.screens.watching() == [1]


def test_at_most_max_screens_watch_and_the_next_is_told_clearly():
    host, _net = make_room()
    for n in range(MAX_SCREENS):
        assert watch(host, "s%d" % n)[0]["t"] == "watching"
    full = watch(host, "late")
    assert full[0]["code"] == "screens_full" and str(MAX_SCREENS) in sentence(full[0])
    host.on_disconnect("s0", 10)
    assert watch(host, "late2")[0]["t"] == "watching"


def test_a_screen_that_comes_back_proves_its_key_and_takes_its_own_place():
    host, _net = make_room()
    key = watch(host, "s1")[0]["key"]
    for n in range(2, MAX_SCREENS + 1):
        watch(host, "s%d" % n)
    # a reload: the old connection has not closed yet, and the room is full, but the screen takes its own place
    back = come_back(host, "s1-again", key)
    assert back == [{"v": 1, "t": "watching", "screen": 1, "room": "ABCD", "epoch": 0}]  # no key again
    assert host.screens.watching() == [1, 2, 3, 4] and "s1" not in host.screens.conns()


def test_a_wrong_proof_changes_nothing_and_an_unknown_key_is_refused():
    host, _net = make_room()
    key = watch(host, "s1")[0]["key"]
    challenge = watch(host, "s2", screen=proof.screen_tag(key), nonce=NONCE)[0]
    wrong = said(host, "s2", {"t": "prove", "proof": "0" * 64})
    assert wrong[0]["code"] == "bad_proof" and host.screens.watching() == [1]
    assert host.screens.challenged("s2")  # the challenge stands: the right answer still works
    right = proof.screen_proof(key, "ABCD", *AT0, NONCE, challenge["nonce"])
    assert said(host, "s2", {"t": "prove", "proof": right})[0]["t"] == "watching"
    assert watch(host, "s3", screen=proof.screen_tag("not-a-key"), nonce=NONCE)[0]["code"] == "bad_proof"


def test_a_host_that_does_not_know_the_key_cannot_find_the_screen():
    """Another host of the same code (a new room, or a stranger at the next term's id) has no key to prove:
    it answers bad_proof, which screen.js heeds only from the host of its own term (it watches that one anew)."""
    host, _net = make_room()
    key = watch(host, "s1")[0]["key"]
    other = HostSession("ABCD", {RACE.id: RACE}, epoch=1, token_source=lambda: "another-rooms-key")
    watch(other, "x")
    assert watch(other, "s1", screen=proof.screen_tag(key), nonce=NONCE)[0]["code"] == "bad_proof"
    assert not other.screens.challenged("s1")


def test_the_host_drops_a_screen_which_is_told_and_forgotten():
    host, _net = make_room()
    key = watch(host, "s1")[0]["key"]
    watch(host, "s2")
    out, error = host.host_action({"t": "drop_screen", "screen": 1}, 5)
    assert error is None and [(c, json.loads(t)) for c, t in out] == [("s1", {"v": 1, "t": "bye", "reason": "dropped"})]
    assert host.screens.watching() == [2]
    assert said(host, "s1", {"t": "ping", "n": 3}) == [{"v": 1, "t": "bye", "reason": "dropped"}]
    host.on_disconnect("s1", 6)
    assert watch(host, "s1b", screen=proof.screen_tag(key), nonce=NONCE)[0]["code"] == "bad_proof"
    for bad in (1, 7, "2", True, None):
        assert host.host_action({"t": "drop_screen", "screen": bad}, 7)[1] == "That screen is not connected."


def test_screens_keys_survive_the_record_and_the_replica_not_the_connections():
    host, _net = make_room()
    key = watch(host, "s1")[0]["key"]
    restored = HostSession.restore(json.loads(json.dumps(host.snapshot(records=False))), {RACE.id: RACE})
    assert restored.screens.watching() == []
    assert come_back(restored, "s1-new", key)[0]["t"] == "watching"
    assert restored.screens.watching() == [1]


def test_only_the_latest_keys_are_kept():
    host, _net = make_room()
    first = watch(host, "s0")[0]["key"]
    for n in range(1, KEPT + 2):
        watch(host, "s%d" % n)
        host.on_disconnect("s%d" % n, n)
    assert len(host.screens.keys) == KEPT and 1 in host.screens.keys  # s0 still watches: kept
    assert come_back(host, "s0b", first)[0]["t"] == "watching"


def test_a_screen_of_another_room_or_a_later_term_is_refused():
    host, _net = make_room()
    assert watch(host, "s1", room="WXYZ")[0]["code"] == "wrong_room"
    host.on_connect("s2", 0)
    assert said(host, "s2", {"t": "watch", "room": "ABCD", "epoch": 3})[0]["code"] == "old_host"
    assert (
        said(host, "s2", {"t": "watch", "room": "ABCD", "epoch": 0, "screen": "zz", "nonce": NONCE})[0]["code"]
        == "bad_message"
    )
    assert host.screens.watching() == []


def test_the_rules_tell_the_page_which_connections_watch_and_list_them_on_the_tv():
    rules = Rules(games={RACE.id: RACE})
    rules.open("new", "ABCD", 0, 0)
    rules.connect("s1", 1)
    out = rules.data("s1", protocol.encode({"t": "watch", "room": "ABCD", "epoch": 0}), 2)
    assert out["watchers"] == ["s1"] and json.loads(out["send"][0][1])["t"] == "watching"
    assert 'data-screen="1"' in out["screen"]["html"] and "Drop screen 1" in out["screen"]["html"]
    assert "watchers" not in rules.tick(3)
    out = rules.action('{"room":"drop_screen","screen":1}', 4)
    assert out["watchers"] == [] and json.loads(out["send"][0][1])["t"] == "bye"
    assert 'data-screen="1"' not in out["screen"]["html"]


def test_the_tv_offers_add_a_screen_between_games_only():
    """The game's band keeps to one line: Add a screen is in the lobby and at the results, not during play."""
    rules = Rules(games={RACE.id: RACE})
    rules.open("new", "ABCD", 0, 0)
    assert "Add a screen" in rules.draw()["html"]
    rules.session.host_action({"t": "pick", "game": RACE.id}, 1)
    rules.session.phase = "playing"
    assert "Add a screen" not in rules.draw()["html"]


def test_a_screen_that_starts_watching_brings_every_phone_to_the_hosts_seq_and_a_tick_sends_nothing_again():
    """A screen watching changes the record (the holder's controls list it; the other phones' views read as
    before): seq moves, so every phone is sent its view at the new seq (room/broadcast.py), and a phone at the
    host's seq has seen all there is. A tick that changes nothing sends no view again."""
    host, net = make_room()
    ann, ben = join(net, "Ann"), join(net, "Ben")
    before = host.seq
    ben_before = [json.loads(t) for t in ben.received if json.loads(t)["t"] == "view"][-1]
    net.to_phone.extend((c, t) for c, t in host.on_connect("s1", net.now_ms))
    net.to_phone.extend(host.on_message("s1", protocol.encode({"t": "watch", "room": "ABCD", "epoch": 0}), 0))
    net.flush()
    assert host.seq > before
    for phone in (ann, ben):
        assert phone.session.seq == host.seq, phone.session.name
    ben_now = [json.loads(t) for t in ben.received if json.loads(t)["t"] == "view"][-1]
    assert {k: v for k, v in ben_now.items() if k not in ("seq", "now_ms")} == {
        k: v for k, v in ben_before.items() if k not in ("seq", "now_ms")
    }
    count = len(ben.received)
    net.to_phone.extend(host.on_timer(net.now_ms))
    net.flush()
    assert [json.loads(t)["t"] for t in ben.received[count:]] == []
