"""Causality in the room (issue 20): a move answers one decision, a host's epoch is a term whose welcome
starts the view count afresh, a removed phone is told, the host's own seat counts against the cap, and a
replica (every seat's token) lives only on the current successor's phone."""

import itertools
import json

from peerparty.engine import HOST, can
from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.fence import later_epochs
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession
from peerparty.room.lobby import ROOM_CAP

from .helpers import last

HINT_HUNT = REGISTRY["hint_hunt"]
SEVEN_ROUNDS = REGISTRY["seven_rounds"]


def room(game_id, names, host_name=None, seed=1):
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
    net = MemoryNetwork(host, seed)
    if host_name:
        host.host_action({"t": "join_local", "name": host_name}, 0)
    phones = {}
    for name in names:
        phone = phones[name] = Phone(net, GuestSession("WXYZ", name=name))
        net.connect(phone)
        net.flush()
    host.host_action({"t": "pick", "game": game_id}, 0)
    out, err = host.host_action({"t": "start"}, 0)
    assert err is None, err
    net.to_phone.extend(out)
    net.flush()
    return host, net, phones


def host_move(host, net, move):
    out, err = host.host_action({"t": "move", "move": move}, net.now_ms)
    assert err is None, err
    net.to_phone.extend(out)
    net.flush()


def hint_hunt_guessing(names=("Ann", "Ben", "Cat")):
    """Hint Hunt with the host playing, every hint written and the first board's guessing under way."""
    host, net, phones = room("hint_hunt", names, host_name="Hosty")
    for phone in phones.values():
        phone.send_move(HINT_HUNT.legal_moves(host.match.state, phone.session.seat)[0])
        net.flush()
    hosty = [s.id for s in host.lobby.seats if s.local][0]
    host_move(host, net, HINT_HUNT.legal_moves(host.match.state, hosty)[0])  # the host's own hint
    host_move(host, net, {"type": "start_guessing"})
    return host, net, phones


def test_a_done_guessing_sent_as_the_host_moves_on_never_lands_on_the_next_board():
    host, net, phones = hint_hunt_guessing()
    state = host.match.state
    writers = list(state["order"])
    next_writer = writers[1]
    guesser = [p for p in phones.values() if p.session.seat not in writers[:2]][0]
    assert can(HINT_HUNT, state, guesser.session.seat, {"type": "done_guessing"})
    guesser.send_move({"type": "done_guessing"})  # on its way...
    out, err = host.host_action({"t": "move", "move": {"type": "next_board", "confirm": True}}, net.now_ms)
    assert err is None  # ...as the host confirms Next hint
    net.to_phone.extend(out)
    net.flush()
    state = host.match.state
    assert state["order"][state["turn"]] == next_writer
    assert last(guesser, "error")["code"] == "stale"
    assert guesser.session.pending == []
    # still guessing on the board they now see, not marked done on it
    assert can(HINT_HUNT, state, guesser.session.seat, {"type": "done_guessing"})
    assert guesser.session.view["view"]["ref"] == host.match.ref(guesser.session.seat)
    assert host.match.ref(guesser.session.seat).endswith(":%s" % HINT_HUNT.ref(state, guesser.session.seat))


def test_a_lock_resent_after_a_reconnect_never_becomes_next_rounds_choice():
    host, net, phones = room("seven_rounds", ["Ann", "Ben", "Cat"])
    ann = phones["Ann"]
    assert host.match.state["round"] == 1
    ann.send_move(SEVEN_ROUNDS.legal_moves(host.match.state, ann.session.seat)[0])
    net.to_host = []  # the lock dies with the connection...
    net.disconnect(ann)
    for name in ("Ben", "Cat"):
        phone = phones[name]
        phone.send_move(SEVEN_ROUNDS.legal_moves(host.match.state, phone.session.seat)[0])
        net.flush()
    net.advance(host.match.deadline() - net.now_ms)  # the round's timer runs out
    net.flush()
    host_move(host, net, {"type": "reveal", "skip_ok": True})
    host_move(host, net, {"type": "next_round"})
    assert host.match.state["round"] == 2
    net.connect(ann)  # ...and is resent on reconnect, in round 2
    net.flush()
    assert last(ann, "error")["code"] == "stale"
    assert ann.session.seat not in host.match.state["locks"]
    assert ann.session.pending == []
    assert ann.session.view["view"]["act"]  # round 2's choice is still theirs to make


def test_a_host_screen_move_made_for_an_earlier_decision_is_refused():
    host, net, phones = hint_hunt_guessing()
    ref = host.match.ref(HOST)
    host_move(host, net, {"type": "next_board", "confirm": True})
    seq = host.seq
    out, err = host.host_action({"t": "move", "move": {"type": "next_board", "confirm": True}, "ref": ref}, 0)
    assert out == [] and err and host.seq == seq


def test_after_a_takeover_from_a_lagging_replica_phones_follow_the_new_host():
    host, net, phones = hint_hunt_guessing(("Ann", "Ben", "Cat", "Dee"))
    ann = phones["Ann"]
    early = json.loads(json.dumps(ann.session.replica))  # Ann's tab slept from here on
    for _ in range(3):  # while the others played on
        for name in ("Ben", "Cat", "Dee"):
            phone = phones[name]
            claims = [m for m in HINT_HUNT.legal_moves(host.match.state, phone.session.seat) if m["type"] == "claim"]
            if claims:
                phone.send_move(claims[-1])
                net.flush()
    for phone in phones.values():
        net.send(phone, phone.session.ping(1))
    net.flush()
    assert early["snapshot"]["seq"] < host.seq
    successor = HostSession.restore(early["snapshot"], REGISTRY)
    successor.take_over(ann.session.token, net.now_ms)
    assert successor.seq < phones["Ben"].session.seq  # the new host counts from an older seq
    new_net = MemoryNetwork(successor, 2)
    for name in ("Ben", "Cat", "Dee"):
        phone = phones[name]
        phone.network = new_net
        phone.session.dialled = 1  # the phone dials epoch 1's id (rejoin.py); the proofs name it
        new_net.connect(phone)
    new_net.flush()
    for name in ("Ben", "Cat", "Dee"):
        session = phones[name].session
        assert session.epoch == 1 and session.view["room"]["epoch"] == 1
        assert session.view["seq"] == successor.seq
        assert session.view["view"] == successor.match.sent_view(session.seat)


def test_a_view_from_an_earlier_epoch_is_ignored_and_an_earlier_host_is_never_rejoined():
    session = GuestSession("WXYZ", token="t", epoch=1)
    hello = json.loads(session.hello())
    assert hello["epoch"] == 1
    welcome = {"v": 1, "t": "welcome", "seat": "p1", "token": "t", "next_id": 0, "room": "WXYZ", "epoch": 0}
    assert session.receive(json.dumps(welcome)) is None and session.status == "joining"
    view = {"v": 1, "t": "view", "seq": 99, "me": "p1", "view": None, "room": {"epoch": 0, "phase": "lobby"}}
    assert session.receive(json.dumps(view)) is None and session.view is None


def test_an_earlier_host_sends_a_phone_of_a_later_epoch_away_and_changes_nothing():
    host, net, phones = room("hint_hunt", ["Ann"], host_name="Hosty")
    late = Phone(net, GuestSession("WXYZ", token=phones["Ann"].session.token, epoch=1))
    seq = host.seq
    net.connect(late)
    net.flush()
    assert last(late, "error")["code"] == "old_host"
    assert late.session.status == "connecting" and host.seq == seq
    assert later_epochs(host) == later_epochs(room("hint_hunt", ["Ann"], host_name="Hosty")[0]), (
        "a phone's word is no evidence of a successor (issue 31)"
    )


def test_a_removed_phone_is_told_and_told_again_whatever_it_sends():
    host, net, phones = room("seven_rounds", ["Ann", "Ben", "Cat", "Dee"])
    host_move(host, net, {"type": "end_game"})
    net.to_phone.extend(host.host_action({"t": "lobby"}, 0)[0])
    net.flush()
    dee = phones["Dee"]
    out, err = host.host_action({"t": "remove", "seat": dee.session.seat}, net.now_ms)
    assert err is None
    net.to_phone.extend(out)
    net.flush()
    assert last(dee, "bye")["reason"] == "removed" and last(dee, "error")["code"] == "removed"
    assert dee.session.status == "removed" and dee.session.token is None
    count = len(dee.received)
    net.send(dee, dee.session.ping(7))  # a phone that missed the news still hears it
    net.flush()
    assert [json.loads(t)["t"] for t in dee.received[count:]] == ["error", "bye"]


def test_the_hosts_own_seat_counts_against_the_room_cap():
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
    net = MemoryNetwork(host, 1)
    for i in range(ROOM_CAP):
        phone = Phone(net, GuestSession("WXYZ", name="P%d" % i))
        net.connect(phone)
        net.flush()
        assert phone.session.status == "joined"
    out, err = host.host_action({"t": "join_local", "name": "Hosty"}, 0)
    assert err == "This room is full." and out == []
    assert len(host.lobby.active()) == ROOM_CAP


def test_a_replica_lives_only_on_the_current_successors_phone():
    host, net, phones = hint_hunt_guessing(("Ann", "Ben", "Cat"))
    ann, ben = phones["Ann"], phones["Ben"]
    assert ann.session.replica is not None and host.successor().id == ann.session.seat
    # a phone that kept a replica from earlier and is welcomed as anyone but the successor erases it
    ben.session.replica_dropped = False
    net.disconnect(ben)
    net.connect(ben)
    net.flush()
    assert last(ben, "welcome")["successor"] is False and ben.session.replica_dropped
    # the successor removed: told, and its replica goes with its seat
    out, err = host.host_action(
        {"t": "move", "move": {"type": "remove", "player": ann.session.seat, "confirm": True}}, net.now_ms
    )
    assert err is None
    net.to_phone.extend(out)
    net.flush()
    assert ann.session.status == "removed" and ann.session.replica is None and ann.session.replica_dropped
    assert ben.session.replica is not None  # Ben is the successor now
    # the game ends: nobody needs a replica any more
    while host.phase == "playing":
        moves = HINT_HUNT.legal_moves(host.match.state, HOST)
        host_move(host, net, [m for m in moves if m["type"] == "next_board"][-1])
    assert host.successor() is None
    assert all(p.session.replica is None for p in phones.values())
    assert last(ben, "replica") == {"v": 1, "t": "replica", "drop": True}


def test_a_move_from_the_last_game_resent_after_play_again_is_stale_in_the_new_one():
    """Issue 26 A: Ann taps Lock in round 1 as her Wi-Fi drops; the host ends the game and presses Play again; her
    phone reconnects and resends the lock. Its id is above her seat's last handled move and round 1 is the new
    game's round too, but the ref names the deal it was made in (Match.ref): refused as stale, not her choice in a
    game she has not seen."""
    host, net, phones = room("seven_rounds", ["Ann", "Ben", "Cat"])
    ann = phones["Ann"]
    old_ref = ann.session.view["view"]["ref"]
    lock = SEVEN_ROUNDS.legal_moves(host.match.state, ann.session.seat)[0]
    in_flight = ann.session.move(lock)  # composed, never delivered: the link dropped
    host_move(host, net, {"type": "end_game", "confirm": True})
    assert host.phase == "over"
    out, err = host.host_action({"t": "again"}, net.now_ms)
    assert err is None, err
    net.to_phone.extend(out)
    net.flush()
    new_ref = ann.session.view["view"]["ref"]
    assert new_ref != old_ref and new_ref.split(":")[1] == old_ref.split(":")[1], "round 1 of another deal"
    ann.send_raw(in_flight)  # the phone reconnects and resends what it had pending
    net.flush()
    assert last(ann, "error")["code"] == "stale"
    assert [p for p, _, _ in host.match.log if p == ann.session.seat] == []
