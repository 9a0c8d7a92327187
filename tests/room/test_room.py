"""The room over the memory network: joining, seats, tokens, reconnects, removal, faults."""

import json

from peerparty.i18n import sentence
from peerparty.net.memory import Phone
from peerparty.room.guest import GuestSession

from peerparty.room import protocol
from peerparty.room.host import RATE_BURST

from .helpers import join, last, make_room, names, started


def start_race(host, net, *people):
    phones = [join(net, name) for name in people]
    host.host_action({"t": "pick", "game": "race"}, net.now_ms)
    out, err = host.host_action({"t": "start"}, net.now_ms)
    assert err is None
    net.to_phone.extend(out)
    net.flush()
    return phones


def test_players_are_listed_in_join_order_with_their_names_as_given():
    host, net = make_room()
    for name in ["Sam", "<b>x</b>", "Kim"]:
        join(net, name)
    assert names(host) == ["Sam", "<b>x</b>", "Kim"]
    assert [p["present"] for p in host.screen()["room"]["people"]] == [True, True, True]


def test_names_are_trimmed_unique_and_1_to_20_characters():
    host, net = make_room()
    assert join(net, "  Sam   Lee ").session.status == "joined"
    for bad, code in [
        ("", "bad_name"),
        ("   ", "bad_name"),
        ("x" * 21, "bad_name"),
        ("sam lee", "name_taken"),
        ("a\x00b", "bad_name"),
    ]:
        phone = join(net, bad)
        assert phone.session.status == "refused"
        assert last(phone, "error")["code"] == code
    assert names(host) == ["Sam Lee"]


def test_a_phone_that_reloads_gets_its_own_seat_back_by_token():
    host, net = make_room()
    sam = join(net, "Sam")
    join(net, "Kim")
    token = sam.session.token
    net.disconnect(sam)
    assert [p["present"] for p in host.screen()["room"]["people"]] == [False, True]
    again = Phone(net, GuestSession("ABCD", token=token))  # a reload: only the stored token
    net.connect(again)
    net.flush()
    assert again.session.seat == sam.session.seat
    assert last(again, "view")["me"] == sam.session.seat
    assert names(host) == ["Sam", "Kim"]


def test_a_forged_token_gets_no_seat_and_changes_nothing():
    host, net = make_room()
    join(net, "Sam")
    before = json.dumps(host.snapshot(), sort_keys=True)
    forger = Phone(net, GuestSession("ABCD", token="tok0000x"))
    net.connect(forger)
    net.flush()
    assert last(forger, "error")["code"] == "bad_token"
    assert forger.session.seat is None
    assert json.dumps(host.snapshot(), sort_keys=True) == before


def test_views_carry_only_the_viewers_own_secret():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    secrets = host.match.state["secret"]
    for phone, other in [(sam, kim), (kim, sam)]:
        text = "".join(phone.received)
        assert secrets[phone.session.seat] in text
        assert secrets[other.session.seat] not in text
        assert other.session.token not in text  # nor another seat's token


def test_bad_input_gets_an_error_and_changes_nothing():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    stranger = Phone(net, GuestSession("ABCD"))
    net.connect(stranger)
    before = json.dumps(host.snapshot(), sort_keys=True)
    cases = [
        (sam, "not json", "bad_json"),
        (sam, "[1,2]", "bad_message"),
        (sam, json.dumps({"v": 1, "t": "launch"}), "bad_message"),
        (sam, json.dumps({"v": 1, "t": "move", "id": "1", "move": {"type": "add", "n": 1}}), "bad_message"),
        (sam, json.dumps({"v": 1, "t": "move", "id": 5, "move": {"type": "add", "n": True}}), "invalid_move"),
        (sam, json.dumps({"v": 1, "t": "move", "id": 6, "move": {"type": "end_game"}}), "not_your_turn"),
        (kim, json.dumps({"v": 1, "t": "move", "id": 7, "move": {"type": "add", "n": 1}}), "not_your_turn"),
        (sam, json.dumps({"v": 1, "t": "move", "id": 8, "move": {"type": "add", "x": "y" * 9000}}), "too_large"),
        (
            sam,
            json.dumps({"v": 1, "t": "move", "id": 9, "move": {"type": "add", "a": {"b": {"c": {"d": 1}}}}}),
            "bad_message",
        ),
        (stranger, json.dumps({"v": 1, "t": "move", "id": 1, "move": {"type": "add", "n": 1}}), "not_joined"),
    ]
    for phone, text, code in cases:
        phone.send_raw(text)
        net.flush()
        assert last(phone, "error")["code"] == code, text
        assert last(phone, "error")["msg"]
    assert json.dumps(host.snapshot(), sort_keys=True) == before


def test_a_resent_move_after_a_reconnect_is_applied_once():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    sam.send_move({"type": "add", "n": 2})
    net.flush()
    assert host.match.state["scores"][sam.session.seat] == 2
    sam.network.send(sam, json.dumps({"v": 1, "t": "move", "id": 0, "move": {"type": "add", "n": 2}}))
    net.flush()
    assert host.match.state["scores"][sam.session.seat] == 2
    assert last(sam, "ack")["id"] == 0


def test_a_move_lost_with_the_connection_is_resent_on_reconnect():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    sam.send_move({"type": "add", "n": 1})
    net.to_host.clear()  # the Wi-Fi blinks before the move arrives
    net.disconnect(sam)
    net.connect(sam)
    net.flush()
    assert host.match.state["scores"][sam.session.seat] == 1
    assert sam.session.pending == []


def test_the_room_survives_drops_duplicates_and_reordering():
    host, net = make_room(seed=7)
    sam, kim = start_race(host, net, "Sam", "Kim")
    net.duplicate_rate = 0.5
    net.reorder = True
    for _ in range(3):
        for phone in (sam, kim):
            phone.send_move({"type": "add", "n": 1})
            net.flush()
    # every move arrived at least once and none was applied twice
    assert host.match.state["scores"] == {sam.session.seat: 3, kim.session.seat: 3}


def test_lobby_removal_revokes_the_token():
    host, net = make_room()
    sam = join(net, "Sam")
    join(net, "Kim")
    out, err = host.host_action({"t": "remove", "seat": sam.session.seat}, net.now_ms)
    assert err is None
    net.to_phone.extend(out)
    net.flush()
    assert names(host) == ["Kim"]
    back = Phone(net, GuestSession("ABCD", token="tok0000"))
    net.connect(back)
    net.flush()
    assert last(back, "error")["code"] == "removed"
    assert back.session.status == "removed"


def test_start_is_enabled_only_for_a_valid_player_count():
    host, net = make_room()
    host.host_action({"t": "pick", "game": "race"}, 0)
    join(net, "Sam")
    assert host.can_start()[0] is False
    join(net, "Kim")
    assert host.can_start() == (True, "")
    for name in ["A", "B", "C"]:
        join(net, name)
    ok, reason = host.can_start()
    assert not ok and "1 too many" in sentence(reason)


def test_nobody_new_joins_a_running_game_that_has_no_spectators():
    host, net = make_room()
    start_race(host, net, "Sam", "Kim")
    late = join(net, "Lee")
    assert late.session.status == "waiting" and last(late, "waiting")["why"] == "game"  # DX-05: it waits
    assert names(host) == ["Sam", "Kim"] and late.session.seat is None


def test_a_seat_that_stops_pinging_shows_as_away():
    host, net = make_room()
    sam = join(net, "Sam")
    net.advance(3000)
    sam.network.send(sam, sam.session.ping(1))
    net.flush()
    assert last(sam, "pong")["n"] == 1
    net.advance(7000)
    assert host.screen()["room"]["people"][0]["present"] is False


def test_an_idle_second_builds_no_views_and_redraws_nothing():
    """The host ticks about once a second; a tick in which nobody's presence changed must cost nothing, or a
    tap arriving meanwhile waits behind twelve views and a full redraw (issue #8's tap latency)."""
    host, net = make_room()
    sam = join(net, "Sam")
    host.dirty = False
    seq, received = host.seq, len(sam.received)
    assert host.on_timer(net.now_ms + 1000) == []
    assert not host.dirty and host.seq == seq
    out = host.on_timer(net.now_ms + 8000)  # silent past AWAY_MS: Sam shows away, on every screen
    assert host.dirty and [c for c, _ in out] == [sam.conn]
    assert json.loads(out[0][1])["room"]["people"][0]["present"] is False
    assert host.on_timer(net.now_ms + 9000) == [] and len(sam.received) == received


def test_a_flood_is_rate_limited_without_touching_the_room():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    for i in range(200):
        sam.network.send(sam, sam.session.ping(i))
    net.flush()
    pongs = [m for m in map(json.loads, sam.received) if m["t"] == "pong"]
    limited = [m for m in map(json.loads, sam.received) if m.get("code") == "rate_limited"]
    assert len(pongs) == RATE_BURST - 1 and len(limited) == 1  # the hello spent one
    kim.send_move({"type": "add", "n": 1})
    net.flush()
    assert last(kim, "error") is None or last(kim, "error")["code"] == "not_your_turn"


def test_the_host_reloads_and_every_phone_gets_its_seat_back():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    sam.send_move({"type": "add", "n": 2})
    net.flush()
    record = json.loads(json.dumps(host.snapshot()))
    from peerparty.room.host import HostSession
    from .toy_game import GAME

    reborn = HostSession.restore(record, {"race": GAME})
    net.host = reborn
    for phone in (sam, kim):
        net.disconnect(phone) if phone.conn in net.phones else None
    net.phones.clear()
    for phone in (sam, kim):
        net.connect(phone)
    net.flush()
    assert reborn.match.state == host.match.state
    assert [p["present"] for p in reborn.screen()["room"]["people"]] == [True, True]
    kim.send_move({"type": "add", "n": 1})
    net.flush()
    assert reborn.match.state["scores"][kim.session.seat] == 1


def test_game_over_then_play_again_with_the_same_people():
    host, net = make_room()
    sam, kim = start_race(host, net, "Sam", "Kim")
    for phone in (sam, kim, sam, kim, sam):
        phone.send_move({"type": "add", "n": 2})
        net.flush()
    assert host.phase == "over"
    assert host.history[-1]["result"]["winners"] == [sam.session.seat]
    out, err = host.host_action({"t": "again"}, net.now_ms)
    assert err is None and host.phase == "playing"
    net.to_phone.extend(out)
    net.flush()
    assert last(sam, "view")["view"]["scores"] == {sam.session.seat: 0, kim.session.seat: 0}


def test_a_change_sends_every_phone_the_same_room_and_its_own_view_in_one_valid_message():
    """room/host.py _broadcast encodes what every seat is sent alike once per change and splices it into each
    seat's message: each message still reads as one JSON object, with the room every other phone got, the view of
    its own seat, the controls only on the phone holding them, and the sequence number of the change."""
    host, net, phones = started("Ann", "Ben", "Cat")
    assert host._broadcast() == []  # nothing changed since the last: nothing sent again
    host._sent.clear()
    messages = [json.loads(text) for _, text in host._broadcast()]
    assert len(messages) == 3
    assert all(m["t"] == "view" and m["v"] == protocol.VERSION and m["seq"] == host.seq for m in messages)
    assert all(m["room"] == messages[0]["room"] for m in messages)
    assert [m["view"] for m in messages] == [host.match.sent_view(m["me"]) for m in messages]
    assert [("controls" in m) for m in messages] == [m["me"] == host.controls.holder for m in messages]
