"""The TV says which phones reach it through the relay (issue 41): host-room.js reads the selected candidate pair
of each open connection from its own WebRTC stats and posts {"t": "path", cid, relayed}; the rules worker marks
that seat in the people list, and forgets it when the connection closes. e2e/test_netlab.py proves it on real
paths."""

from peerparty.ui.room import people_list

from .test_host_threads import opened


def marks(thread):
    return dict((p["name"], p.get("path")) for p in thread.screen()["room"]["people"])


def test_a_relayed_phone_is_marked_on_the_big_screen_and_a_direct_one_is_not():
    rules, thread, _ = opened()
    ann, ben = thread.join("Ann"), thread.join("Ben")
    assert marks(thread) == {"Ann": None, "Ben": None}  # not known until the screen thread has looked
    assert "screen" in thread.take(rules.path(ann, True))
    thread.take(rules.path(ben, False))
    assert marks(thread) == {"Ann": "relay", "Ben": "direct"}
    html = thread.drawn()["html"]
    assert html.count("via </span>relay</span>") == 1
    assert 'data-path="relay"' in html and 'data-path="direct"' in html


def test_anything_but_true_is_not_a_relay_and_a_closed_connection_forgets_its_path():
    rules, thread, _ = opened()
    ann = thread.join("Ann")
    thread.take(rules.path(ann, "yes"))
    assert marks(thread) == {"Ann": "direct"}
    thread.take(rules.path(ann, True))
    thread.now += 10
    thread.take(rules.close(ann, thread.now))
    assert ann not in rules.paths


def test_the_people_list_without_paths_is_unchanged():
    room = {
        "phase": "lobby",
        "people": [{"id": "p1", "name": "Ann", "present": True, "spectator": False, "host": False, "face": 0}],
    }
    html = people_list(room)
    assert "relay" not in html and "data-path" not in html


def test_a_peer_reflexive_end_on_the_tvs_wifi_is_still_a_direct_path():
    """e2e/test_netlab.py's check of a Wi-Fi phone's path (issue 47): on a busy machine a connectivity check can
    arrive before the signalled candidate it comes from, and that end is "prflx"; it is the same device's address
    on the same Wi-Fi. Only the router's public side (srflx, a hairpin) or the relay is not."""
    from bench.netlab import direct_on_the_wifi

    assert direct_on_the_wifi({"local": "host", "remote": "host"})
    assert direct_on_the_wifi({"local": "host", "remote": "prflx"})
    assert direct_on_the_wifi({"local": "prflx", "remote": "host"})
    assert not direct_on_the_wifi({"local": "host", "remote": "relay"})
    assert not direct_on_the_wifi({"local": "relay", "remote": "prflx"})
    assert not direct_on_the_wifi({"local": "srflx", "remote": "host"})
    assert not direct_on_the_wifi(None)
