"""A late guest is let in by itself when the game ends (issue 38, point 3): a phone that asks mid-game in a
game that takes no watchers (DX-05) waits with its name kept, told so in words and not refused, and is seated
the moment the results are up; it plays the rematch."""

import json

from peerparty.room.latecomers import WAIT_FOR_GAME

from .helpers import act, join, last, make_room, names, started


def test_a_late_guest_waits_in_words_and_is_seated_at_the_results():
    host, net, (sam, kim) = started("Sam", "Kim")
    lee = join(net, "Lee")
    assert lee.session.status == "waiting" and lee.session.waiting["msg"] == WAIT_FOR_GAME
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


def test_a_waiting_phone_is_shown_the_live_table_as_the_big_screen_shows_it():
    """Issue 48 point 8: the waiting phone had an empty page. It is sent the room and the game's table (the view
    for no seat, a watcher's: no one's secret), again whenever the table changes, and it draws that table with
    the game's own table screen until it is seated."""
    from peerparty.games import REGISTRY
    from peerparty.ui.room import phone_screen

    host, net = make_room(REGISTRY)
    for name in ("Sam", "Kim", "Ann"):
        join(net, name)
    act(host, net, {"t": "pick", "game": "someone_elses_problem"})
    assert act(host, net, {"t": "start"}) is None
    lee = join(net, "Lee")
    assert lee.session.status == "waiting"
    watching = lee.session.watching
    assert watching["view"] == host.match.sent_view(None) and watching["room"]["phase"] == "playing"
    assert '"hand"' not in json.dumps(watching["view"])  # nobody's cards
    state = {"status": "waiting", "code": host.code, "name": "Lee", "waiting": WAIT_FOR_GAME}
    html = phone_screen(dict(state, watching=watching))
    assert 'data-live-table="someone_elses_problem"' in html and "sep-table" in html
    assert all(name in html for name in ("Sam", "Kim", "Ann")) and "Someone Else&#39;s Problem" in html
    assert act(host, net, {"t": "move", "move": {"type": "end_game"}}) is None
    assert lee.session.status == "joined" and lee.session.watching is None


def test_the_waiting_phones_table_follows_the_game():
    host, net, (sam, kim) = started("Sam", "Kim")
    lee = join(net, "Lee")
    before = lee.session.watching["view"]
    turn = host.match.state["players"][host.match.state["turn"]]
    mover = sam if sam.session.seat == turn else kim
    net.send(mover, mover.session.move({"type": "add", "n": 1}))
    net.flush()
    assert lee.session.watching["view"] == host.match.sent_view(None) != before
