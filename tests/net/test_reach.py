"""A phone that cannot reach the host is told why, and the host lists the phones that knock but never get in
(net/reach.py): scenarios on the clock, as the pages feed it."""

from peerparty.net.reach import (
    KNOCK_FORGET_MS,
    KNOCK_STUCK_MS,
    NO_PATH_MS,
    PHONE_NO_PATH,
    PHONE_NO_PATH_RELAYED,
    PHONE_NO_WEBRTC,
    Knocking,
    PhoneReach,
)


def test_attempts_that_never_open_become_no_path_after_the_bound_and_say_what_to_do():
    reach = PhoneReach(relay=False)
    reach.attempt(1000)
    assert reach.state(1000) == "connecting" and reach.sentence(1000) is None
    reach.attempt(5000)  # a retry keeps the first attempt's start
    assert reach.state(1000 + NO_PATH_MS - 1) == "connecting"
    assert reach.state(1000 + NO_PATH_MS) == "no-path"
    assert reach.sentence(1000 + NO_PATH_MS) == PHONE_NO_PATH
    assert "Wi-Fi" in PHONE_NO_PATH and "relay" in PHONE_NO_PATH


def test_with_a_relay_already_in_use_the_phone_is_told_to_join_the_wifi():
    reach = PhoneReach(relay=True)
    reach.attempt(0)
    assert reach.sentence(NO_PATH_MS) == PHONE_NO_PATH_RELAYED


def test_an_ice_failure_says_it_at_once():
    reach = PhoneReach(relay=False)
    reach.attempt(0)
    reach.path_failed()
    assert reach.state(1) == "no-path"


def test_a_missing_room_or_signalling_server_is_not_a_path_problem():
    reach = PhoneReach(relay=False)
    reach.attempt(0)
    reach.explained()  # peer-unavailable, or the server went away
    assert reach.state(NO_PATH_MS * 3) == "connecting"
    reach.attempt(NO_PATH_MS * 3)  # counting starts afresh from the next real attempt
    assert reach.state(NO_PATH_MS * 4 - 1) == "connecting"
    assert reach.state(NO_PATH_MS * 4) == "no-path"


def test_an_open_link_clears_the_diagnosis_and_a_later_loss_counts_afresh():
    reach = PhoneReach(relay=False)
    reach.attempt(0)
    reach.path_failed()
    reach.opened()
    assert reach.state(NO_PATH_MS * 2) == "open" and reach.sentence(NO_PATH_MS * 2) is None
    reach.closed()
    reach.attempt(50000)
    assert reach.state(50000 + NO_PATH_MS - 1) == "connecting"


def test_without_webrtc_the_phone_says_so_for_good():
    reach = PhoneReach(relay=True)
    reach.no_webrtc()
    assert reach.state(0) == "no-webrtc"
    assert reach.sentence(0) == PHONE_NO_WEBRTC
    reach.opened()
    assert reach.state(0) == "no-webrtc"


def test_the_host_lists_a_phone_whose_connections_never_open_by_its_name():
    knocking = Knocking()
    knocking.knock("c1", "pp-1", "", 0)
    assert knocking.tick(KNOCK_STUCK_MS - 1) == [] and knocking.labels() == []
    knocking.knock("c2", "pp-1", "Sam", 4000)  # the person typed a name meanwhile
    assert knocking.tick(KNOCK_STUCK_MS) == ["c1"]  # the host hangs up the oldest
    assert knocking.labels() == [["", ""]]
    assert knocking.tick(4000 + KNOCK_STUCK_MS) == ["c2"]
    assert knocking.labels() == [["Sam", ""]]


def test_a_failed_ice_marks_the_phone_at_once_and_it_leaves_the_list_when_it_gets_in():
    knocking = Knocking()
    knocking.knock("c1", "pp-1", "", 0, "iphone")
    knocking.knock("c9", "pp-9", "Kim", 0)
    knocking.closed("c1", 100)  # negotiation-failed, then closed
    assert knocking.labels() == [["", "iphone"]]
    knocking.knock("c2", "pp-1", "", 4000, "iphone")
    knocking.knock("c3", "pp-1", "", 8000, "iphone")
    assert knocking.opened("c3") == ["c2"]  # the same phone's abandoned try is hung up
    assert knocking.labels() == []
    assert knocking.opened("c9") == []
    assert knocking.tick(100000) == [] and knocking.labels() == []


def test_a_phone_that_stops_knocking_is_forgotten_but_not_while_it_keeps_trying():
    knocking = Knocking()
    knocking.knock("a1", "pp-a", "Ann", 0)
    knocking.knock("b1", "pp-b", "Ben", 1000)
    knocking.closed("a1", 10)
    knocking.closed("b1", 1010)
    knocking.knock("b2", "pp-b", "Ben", 5000)
    assert knocking.labels() == [["Ann", ""], ["Ben", ""]]  # in the order they got stuck
    knocking.tick(10 + KNOCK_FORGET_MS)
    assert knocking.labels() == [["Ben", ""]]  # Ann went quiet; Ben's try is still pending
    knocking.closed("b2", 9000)
    knocking.tick(9000 + KNOCK_FORGET_MS)
    assert knocking.labels() == []


def test_unknown_connections_change_nothing():
    knocking = Knocking()
    knocking.closed("nope", 0)
    assert knocking.opened("nope") == []
    assert knocking.labels() == [] and knocking.tick(10**9) == []
