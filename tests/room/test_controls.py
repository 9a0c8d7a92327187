"""The controls on a phone (issue 37, room/controls.py): one seat holds them, its phone sends the TV's own actions
and they are checked as the TV's; any other seat's, or a screen's, are refused and change nothing."""

import json

from peerparty.engine import HOST
from peerparty.room.host import HostSession
from peerparty.ui.room import phone_screen

from ..games_under_test import GAMES
from .helpers import join, last, make_room


def room(*names):
    host, net = make_room(GAMES)
    return host, net, [join(net, name) for name in names]


def tap(net, phone, tapped):
    """A tap on the phone's controls band: the data-move of the button, as app/phone.py sends it."""
    text = phone.session.control(tapped)
    assert text is not None, "not a button of the controls band"
    phone.send_raw(text)
    net.flush()
    return last(phone)


def control(net, phone, action, msg_id=99):
    """A control message sent whatever the phone's screen shows (as a person with devtools could)."""
    phone.send_raw(json.dumps({"v": 1, "t": "control", "id": msg_id, "action": action}))
    net.flush()
    return last(phone)


def holder_of(host):
    return [p["name"] for p in host.screen()["room"]["people"] if p["controls"]]


def test_the_first_to_join_holds_the_controls_and_only_their_phone_is_sent_them():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    assert holder_of(host) == ["Ann"]
    assert last(ann, "view").get("controls") and "controls" not in last(ben, "view")
    # the phone draws the TV's own buttons, with its words
    html = phone_screen({"status": "joined", "code": "ABCD", "view": last(ann, "view")})
    assert (
        "You have the controls" in html
        and "Seven Rounds" in html
        and 'data-move="{&quot;room&quot;:&quot;start' in html
    )
    assert "You have the controls" not in phone_screen({"status": "joined", "code": "ABCD", "view": last(ben, "view")})


def test_a_whole_decision_from_the_controls_phone_is_the_tvs_own():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    assert tap(net, ann, {"room": "pick", "game": "seven_rounds"})["t"] == "view"
    assert host.game_id == "seven_rounds"
    tap(net, ann, {"room": "start"})
    assert host.phase == "playing"
    controls = last(ann, "view")["controls"]
    assert controls["view"] is not None and "end_game" in controls["moves"] and "set_host" not in controls["moves"]
    tap(net, ann, {"type": "add_time"})
    assert host.match.log[-1][:2] == [HOST, {"type": "add_time"}]
    # refused as the TV's would be: the reason comes back, nothing changes
    before = json.dumps(host.snapshot(), sort_keys=True)
    answer = tap(net, ann, {"room": "lobby"})
    assert answer["t"] == "error" and answer["msg"] == "End the game first."
    assert json.dumps(host.snapshot(), sort_keys=True) == before


def test_another_seats_control_and_a_screens_are_refused_and_change_nothing():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    host.on_connect("screen", 0)
    host.on_message("screen", json.dumps({"v": 1, "t": "watch", "room": "ABCD", "epoch": 0}), 0)
    before = json.dumps(host.snapshot(), sort_keys=True)
    answer = control(net, ben, {"t": "pick", "game": "seven_rounds"})
    assert answer["t"] == "error" and answer["code"] == "not_controls" and answer["id"] == 99
    assert ben.session.control({"room": "start"}) is None, "a phone without the controls draws no band"
    out = host.on_message("screen", json.dumps({"v": 1, "t": "control", "id": 1, "action": {"t": "start"}}), 0)
    assert json.loads(out[0][1])["code"] == "bad_message"
    # the holder's phone cannot ask for what only the TV's tab does, nor remove itself
    assert control(net, ann, {"t": "join_local", "name": "Mallory"})["code"] == "bad_message"
    assert control(net, ann, {"t": "remove", "seat": ann.session.seat})["code"] == "bad_message"
    assert json.dumps(host.snapshot(), sort_keys=True) == before


def test_the_controls_are_given_and_pass_on_by_join_order_when_the_holder_goes():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    tap(net, ann, {"room": "give_controls", "seat": cat.session.seat})
    assert holder_of(host) == ["Cat"] and "controls" not in last(ann, "view") and last(cat, "view")["controls"]
    # the TV gives them too
    out, error = host.host_action({"t": "give_controls", "seat": ben.session.seat}, net.now_ms)
    assert error is None
    net.to_phone.extend(out)
    net.flush()
    assert holder_of(host) == ["Ben"]
    ben.send_raw('{"v":1,"t":"leave"}')
    net.flush()
    assert holder_of(host) == ["Ann"], "the next by join order"
    # the holder's phone goes away (no ping for longer than AWAY_MS): the next one present gets them, and keeps them
    for _ in range(5):
        net.advance(2000)
        cat.send_raw(cat.session.ping(1))
        net.flush()
    assert holder_of(host) == ["Cat"]
    ann.send_raw(ann.session.ping(2))
    net.flush()
    assert holder_of(host) == ["Cat"]


def test_the_holder_is_kept_in_the_record_and_in_the_successors_replica():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    tap(net, ann, {"room": "give_controls", "seat": ben.session.seat})
    again = HostSession.restore(json.loads(json.dumps(host.snapshot())), GAMES)
    assert again.controls.holder == ben.session.seat
    tap(net, ben, {"room": "pick", "game": "hint_hunt"})
    tap(net, ben, {"room": "start"})
    replica = last(ann, "replica")  # Ann, the first present player, is Hint Hunt's successor (D3-12)
    assert replica["snapshot"]["controls"] == {"holder": ben.session.seat}


def test_hint_hunts_rulebook_host_is_the_seat_holding_the_controls():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    tap(net, ann, {"room": "pick", "game": "hint_hunt"})
    tap(net, ann, {"room": "start"})  # no seat on the TV: Hint Hunt starts with the phones alone
    assert host.match.state["host"] == ann.session.seat
    assert last(ann, "view")["view"]["controls"]["host_seat"] == ann.session.seat
    assert "controls" not in last(ben, "view")["view"]
    # handing the controls hands the rulebook's host role (D3-12's set_host, made by the room)
    tap(net, ann, {"room": "give_controls", "seat": cat.session.seat})
    assert host.match.state["host"] == cat.session.seat
    assert "controls" in last(cat, "view")["view"] and "controls" not in last(ann, "view")["view"]
    # nobody sets the host's seat by hand, not even the TV
    out, error = host.host_action({"t": "move", "move": {"type": "set_host", "player": ben.session.seat}}, 0)
    assert error and host.match.state["host"] == cat.session.seat
    for phone in (ann, ben, cat):
        view = last(phone, "view")["view"]
        board = view["board"]
        phone.send_move({"type": "submit", "targets": board["choosable"][:1], "hint": "Qx%sHint" % phone.session.seat})
        net.flush()
    tap(net, cat, {"type": "start_guessing"})
    assert host.match.state["phase"] == "guessing"


def test_the_tv_removes_the_holder_mid_hint_hunt_and_the_controls_and_the_host_role_pass_on_first():
    host, net, (ann, ben, cat) = room("Ann", "Ben", "Cat")
    tap(net, ann, {"room": "pick", "game": "hint_hunt"})
    tap(net, ann, {"room": "start"})
    out, error = host.host_action({"t": "remove", "seat": ann.session.seat}, net.now_ms)
    assert error is None
    net.to_phone.extend(out)
    net.flush()
    assert holder_of(host) == ["Ben"] and host.match.state["host"] == ben.session.seat
    assert ann.session.status == "removed" and last(ben, "view")["controls"]


def test_after_a_reload_of_the_tv_the_holder_keeps_the_controls_while_the_phones_find_the_room():
    """Issue 48, point 5: the TV's tab reloads; Ann, who held the controls, is slower back than Ben: she keeps them
    (DX-09, RELOAD_GRACE_MS). Had she not come back within the grace, the next present seat would have them."""
    from peerparty.room.controls import RELOAD_GRACE_MS

    from .page import Evening

    def holder(evening):
        return [p["name"] for p in evening.host.screen()["room"]["people"] if p["controls"]]

    for ann_back in (True, False):
        evening = Evening(GAMES)
        for name in ("Ann", "Ben", "Cat"):
            evening.join(name)
        assert holder(evening) == ["Ann"]
        evening.reload(back=False)
        for name in ("Ben", "Cat"):  # the first phones back are not the holder's
            evening.net.connect(evening.phones[name])
        evening.net.flush()
        evening.wait(4000, pinging=("Ben", "Cat"))
        assert holder(evening) == ["Ann"] and "controls" not in last(evening.phones["Ben"], "view")
        if ann_back:
            evening.net.connect(evening.phones["Ann"])
            evening.net.flush()
            evening.wait(RELOAD_GRACE_MS, pinging=("Ann", "Ben", "Cat"))
            assert holder(evening) == ["Ann"] and last(evening.phones["Ann"], "view")["controls"]
        else:
            evening.wait(RELOAD_GRACE_MS, pinging=("Ben", "Cat"))
            assert holder(evening) == ["Ben"] and last(evening.phones["Ben"], "view")["controls"]


def test_the_holders_move_is_the_primary_button_even_when_it_asks_first():
    """issue 48 point 3: once Seven Rounds' time is up with only an away seat missing, "Reveal and skip missing"
    (which asks first) is what the table waits for: the band says it is the holder's move. A disabled button or a
    danger one (End game) never is."""
    from peerparty.ui.html import button
    from peerparty.ui.room import your_move

    skip = button("Reveal and skip missing", {"type": "reveal", "skip_ok": True}, cls="btn big primary", confirm="?")
    end = button("End game", {"type": "end_game"}, cls="btn danger", confirm="Sure?")
    waiting = button("Reveal", {"type": "reveal"}, cls="btn big", disabled=True)
    assert your_move(end + skip) == "Reveal and skip missing"
    assert your_move(waiting + end) is None
    assert your_move(button("Reveal", {"type": "reveal"}, cls="btn big primary", disabled=True)) is None
