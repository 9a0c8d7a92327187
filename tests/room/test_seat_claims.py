"""A guest on a new phone gets their own seat back (issue 38, point 2; docs/trust.md "a seat asked back"): a
hello naming an AWAY seat waits for the host's Let in / Refuse; yes moves the seat (score, secrets, a new token,
the old one revoked); no, a connected seat, or a request whose phone hung up, changes nothing."""

import json

from peerparty.i18n import sentence
from peerparty.room import proof
from peerparty.room.protocol import AWAY_MS

from .helpers import act, tv, goes_away, last, phone_joins, started as playing


def new_phone(net, name):
    return phone_joins(net, "ABCD", name)


def test_a_new_phone_asking_for_an_away_seat_waits_for_the_host_and_gets_it_with_its_score():
    host, net, (sam, kim) = playing("Sam", "Kim")
    net.send(sam, sam.session.move({"type": "add", "n": 1}))
    net.flush()
    seat, old_token = sam.session.seat, sam.session.token
    secret = host.match.state["secret"][seat]
    goes_away(host, net, sam, [kim])
    fresh = new_phone(net, "sam")  # another browser; the name folds as the seat's does
    assert fresh.session.status == "waiting" and "into Sam's seat" in sentence(fresh.session.waiting)
    assert last(fresh, "error") is None  # not "Someone in the room already has that name."
    html = tv(host)
    assert "A new phone asks to be <b>Sam</b>" in html and 'data-claim="1"' in html
    assert "{&quot;room&quot;:&quot;let_in&quot;,&quot;claim&quot;:1}" in html
    assert [c["name"] for c in last(kim, "view")["room"]["claims"]] == ["Sam"]  # the controls phone sees it
    assert len(host.lobby.seats) == 2  # nothing changed yet

    assert act(host, net, {"t": "let_in", "claim": 1}) is None
    assert fresh.session.status == "joined" and fresh.session.seat == seat
    assert fresh.session.token not in (None, old_token)  # a new token for the new phone
    mine = last(fresh, "view")["view"]
    assert mine["my_secret"] == secret and mine["scores"][seat] == 1  # the seat's secret and score
    assert host.screen()["room"]["claims"] == [] and "data-claim" not in tv(host)
    assert host._by_tag(proof.seat_tag(old_token)) is None  # the old token opens nothing
    assert host._by_tag(proof.seat_tag(fresh.session.token)).id == seat


def test_the_old_phone_cannot_come_back_once_its_seat_moved():
    host, net, (sam, kim) = playing("Sam", "Kim")
    goes_away(host, net, sam, [kim])
    fresh = new_phone(net, "Sam")
    act(host, net, {"t": "let_in", "claim": 1})
    old = sam.session
    old.name = None  # a reload: only the stored token
    net.connect(sam)
    net.flush()
    assert old.token is None and old.status != "joined"
    assert last(sam, "error")["code"] == "bad_token"
    assert host.lobby.by_id(fresh.session.seat).conn == fresh.conn


def test_an_old_phone_still_linked_is_told_its_seat_moved():
    host, net, (sam, kim) = playing("Sam", "Kim")
    for _ in range(2):  # Sam's link stays open but silent (a sleeping phone)
        net.advance(AWAY_MS // 2 + 1)
        net.send(kim, kim.session.ping(1))
        net.flush()
        net.to_phone.extend(host.on_timer(net.now_ms))
        net.flush()
    fresh = new_phone(net, "Sam")
    act(host, net, {"t": "let_in", "claim": 1})
    assert sam.session.status == "moved" and sam.session.token is None
    net.send(sam, sam.session.move({"type": "add", "n": 2}))
    net.flush()
    assert last(sam, "bye")["reason"] == "seat_moved"
    assert host.match.state["scores"][fresh.session.seat] == 0  # the old phone moved nothing


def test_refuse_leaves_everything_as_it_was_and_tells_the_new_phone():
    host, net, (sam, kim) = playing("Sam", "Kim")
    goes_away(host, net, sam, [kim])
    before = json.dumps(host.snapshot(), sort_keys=True)
    fresh = new_phone(net, "Sam")
    assert act(host, net, {"t": "refuse", "claim": 1}) is None
    assert fresh.session.status == "refused"
    assert sentence(last(fresh, "error")) == "The host did not let this phone in as Sam. Join with another name."
    after = json.loads(json.dumps(host.snapshot(), sort_keys=True))
    assert dict(after, seq=0) == dict(json.loads(before), seq=0)  # the room as it was, but for its count
    assert act(host, net, {"t": "let_in", "claim": 1}) == "That request is no longer open."


def test_a_connected_seat_keeps_its_name():
    host, net, (sam, kim) = playing("Sam", "Kim")
    fresh = new_phone(net, "Sam")
    assert fresh.session.status == "refused" and last(fresh, "error")["code"] == "name_taken"
    assert host.screen()["room"]["claims"] == []


def test_the_seat_s_own_phone_coming_back_voids_the_request():
    host, net, (sam, kim) = playing("Sam", "Kim")
    goes_away(host, net, sam, [kim])
    fresh = new_phone(net, "Sam")
    net.connect(sam)  # Sam's own phone is back (it proves its token)
    net.flush()
    assert sam.session.status == "joined"
    assert fresh.session.status == "refused" and last(fresh, "error")["code"] == "claim_void"
    assert act(host, net, {"t": "let_in", "claim": 1}) == "That request is no longer open."
    assert host.lobby.by_id(sam.session.seat).conn == sam.conn


def test_a_request_dies_when_its_phone_hangs_up():
    host, net, (sam, kim) = playing("Sam", "Kim")
    goes_away(host, net, sam, [kim])
    fresh = new_phone(net, "Sam")
    assert "data-claim" in tv(host)
    net.disconnect(fresh)
    assert host.screen()["room"]["claims"] == [] and "data-claim" not in tv(host)
    assert act(host, net, {"t": "let_in", "claim": 1}) == "That request is no longer open."


def test_one_request_per_seat_and_junk_answers_change_nothing():
    host, net, (sam, kim) = playing("Sam", "Kim")
    goes_away(host, net, sam, [kim])
    new_phone(net, "Sam")
    second = new_phone(net, "SAM")
    assert second.session.status == "refused" and last(second, "error")["code"] == "claim_pending"
    for junk in (None, "1", True, 2, [1], {"n": 1}):
        assert act(host, net, {"t": "let_in", "claim": junk}) == "That request is no longer open."
    assert len(host.screen()["room"]["claims"]) == 1
