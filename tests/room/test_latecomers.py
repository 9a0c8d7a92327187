"""A late guest is let in by itself when the game ends (issue 38, point 3): a phone that asks mid-game in a
game that takes no watchers (DX-05) waits with its name kept, told so in words and not refused, and is seated
the moment the results are up; it plays the rematch."""

from peerparty.room.latecomers import WAIT_FOR_GAME

from .helpers import act, join, last, names, started


def test_a_late_guest_waits_in_words_and_is_seated_at_the_results():
    host, net, (sam, kim) = started("Sam", "Kim")
    lee = join(net, "Lee")
    assert lee.session.status == "waiting" and lee.session.waiting == WAIT_FOR_GAME
    assert last(lee, "error") is None and lee.session.name == "Lee"
    assert names(host) == ["Sam", "Kim"]
    assert act(host, net, {"t": "move", "move": {"type": "end_game"}}) is None
    assert lee.session.status == "joined" and lee.session.token
    seen = last(lee, "view")
    assert seen["room"]["phase"] == "over" and seen["room"]["result"] is not None
    assert names(host) == ["Sam", "Kim", "Lee"]
    assert act(host, net, {"t": "again"}) is None
    assert lee.session.seat in host.match.players  # plays the next game


def test_a_game_that_ends_by_itself_seats_them_too():
    host, net, (sam, kim) = started("Sam", "Kim")
    lee = join(net, "Lee")
    while host.phase == "playing":  # the race ends at 5 points
        for phone in (sam, kim):
            if host.phase == "playing" and host.match.state["players"][host.match.state["turn"]] == phone.session.seat:
                net.send(phone, phone.session.move({"type": "add", "n": 2}))
                net.flush()
    assert lee.session.status == "joined" and "Lee" in names(host)


def test_a_late_guest_who_hangs_up_is_not_seated():
    host, net, (sam, kim) = started("Sam", "Kim")
    lee = join(net, "Lee")
    net.disconnect(lee)
    act(host, net, {"t": "move", "move": {"type": "end_game"}})
    assert names(host) == ["Sam", "Kim"]


def test_asking_again_after_a_reconnect_keeps_one_place():
    host, net, (sam, kim) = started("Sam", "Kim")
    lee = join(net, "Lee")
    net.send(lee, lee.session.hello())
    net.flush()
    assert len(host.latecomers) == 1 and lee.session.status == "waiting"
    act(host, net, {"t": "move", "move": {"type": "end_game"}})
    assert names(host) == ["Sam", "Kim", "Lee"]


def test_a_name_taken_meanwhile_is_told_at_the_results():
    host, net, (sam, kim) = started("Sam", "Kim")
    first = join(net, "Lee")
    second = join(net, "lee")  # two phones, one name, both waiting
    act(host, net, {"t": "move", "move": {"type": "end_game"}})
    assert first.session.status == "joined"
    assert second.session.status == "refused" and last(second, "error")["code"] == "name_taken"
    assert names(host) == ["Sam", "Kim", "Lee"]


def test_D3_01_hint_hunts_thirteenth_is_refused_in_the_lobby_and_a_newcomer_in_play_watches():
    """D3-01 and DX-05: spectators exist only while a game is played; in the lobby the room holds 12."""
    from peerparty.games import REGISTRY
    from peerparty.room.lobby import ROOM_CAP

    from .helpers import make_room

    host, net = make_room({"hint_hunt": REGISTRY["hint_hunt"]})
    phones = [join(net, "P%d" % i) for i in range(ROOM_CAP)]
    late = join(net, "Max")
    assert last(late, "error")["code"] == "room_full" and "Max" not in names(host)
    net.send(phones[-1], '{"v":1,"t":"leave"}')
    net.flush()
    assert act(host, net, {"t": "pick", "game": "hint_hunt"}) is None
    assert act(host, net, {"t": "start"}) is None
    for name in ("Max", "Zed"):  # past the 12 the lobby held: during play they watch
        watcher = join(net, name)
        assert watcher.session.status == "joined" and last(watcher, "error") is None
        assert watcher.session.seat not in host.match.players
        assert host.lobby.by_name(name).spectator
