"""The TV's replay screen and the deal's fingerprint, as drawn (issue 17): the replay's controls send room
actions, the game's table is a still picture (its own moves sit inside data-still, which glue.js ignores and the
stylesheet hides), and the fingerprint is in the TV's band and the phone's header from a game's start, the seed
only on the TV's results."""

import re

from peerparty.engine import HOST
from peerparty.engine.record import fingerprint
from peerparty.games import REGISTRY
from peerparty.room.host import HostSession
from peerparty.ui import room

from .helpers import data_moves

INFO = {
    "games": [],
    "join_hint": "192.168.1.5:8000/join",
    "qr_svg": "<svg></svg>",
    "titles": {"someone_elses_problem": "Your Secret. Someone Else's Problem."},
    "can_start": (True, ""),
    "host_plays": False,
}


def ended_room():
    """Someone Else's Problem for three, two moves in, ended by the host: a room at its results."""
    host = HostSession("ABCD", REGISTRY, token_source=iter("t%d" % i for i in range(99)).__next__, seed="ui")
    for name in ("Ann", "Ben", "Cat"):
        host.lobby.add(name, host._token())
    host.host_action({"t": "pick", "game": "someone_elses_problem"}, 0)
    assert host.host_action({"t": "start"}, 0)[1] is None
    game = REGISTRY["someone_elses_problem"]
    for _ in range(2):
        actor = next(p for p in host.match.players if game.legal_moves(host.match.state, p))
        host.match.play(actor, game.legal_moves(host.match.state, actor)[0], 0)
    host.host_action({"t": "move", "move": {"type": "end_game"}}, 0)
    assert host.phase == "over"
    return host


def test_the_replay_screen_sends_room_actions_and_keeps_the_games_own_moves_still():
    host = ended_room()
    host.host_action({"t": "watch", "game": 0}, 0)
    host.host_action({"t": "replay", "do": "seek", "at": 1}, 0)
    html = room.host_screen(host.screen(), INFO)
    bar = re.search(r'<section class="replay-bar"[^>]*>', html).group(0)
    assert 'data-replay-at="1"' in bar and 'data-replay-last="%d"' % len(host.match.log) in bar
    assert 'data-replay-playing="0"' in bar
    outside = html.split('data-still="1"')[0]
    sent = [m for m, _, _ in data_moves(outside)]
    assert {"room": "replay", "do": "forward"} in sent and {"room": "close_replay"} in sent
    assert {"room": "save", "game": 0} in sent
    assert all("room" in m for m in sent), "outside the still picture, every button is the replay's"
    # the host's decisions are the room's list (ui/decisions.py), not a past game's: the still picture has none
    still = html[html.index('data-still="1"') :]
    assert [m for m, _, _ in data_moves(still) if "type" in m] == []
    assert "Deal " not in html and "Fullscreen" not in html  # the band is the replay's


def test_the_deal_is_on_the_tv_and_the_phone_from_the_start_and_the_seed_only_on_the_tvs_results():
    host = HostSession("ABCD", REGISTRY, token_source=iter("t%d" % i for i in range(99)).__next__, seed="ui")
    for name in ("Ann", "Ben", "Cat"):
        host.lobby.add(name, host._token())
    host.host_action({"t": "pick", "game": "seven_rounds"}, 0)
    assert "Deal " not in room.host_screen(host.screen(), INFO)
    host.host_action({"t": "start"}, 0)
    deal = fingerprint(host.match.seed)
    tv = room.host_screen(host.screen(), INFO)
    assert '<p class="deal" title="' in tv and "<code>%s</code>" % deal in tv and host.match.seed not in tv
    seat = host.lobby.seats[0].id
    message = {"room": host.screen()["room"], "me": seat, "view": host.match.view(seat), "now_ms": 0}
    phone = room.phone_screen({"status": "joined", "code": "ABCD", "view": message})
    header = re.search(r"<header.*?</header>", phone, re.S).group(0)
    assert "Deal <code>%s</code>" % deal in header
    host.match.play(HOST, {"type": "end_game"}, 0)
    host._after_step()
    tv = room.host_screen(host.screen(), INFO)
    assert "from seed <code>%s</code>" % host.match.seed in tv
    assert {"room": "watch", "game": 0} in [m for m, _, _ in data_moves(tv)]


def test_the_results_screen_shows_the_final_fingerprint_on_the_tv_and_the_phone():
    host = ended_room()
    final = host.screen()["room"]["final"]
    assert final and 'data-final="%s"' % final in room.host_screen(host.screen(), INFO)
    seat = host.lobby.seats[0].id
    message = {"room": host.screen()["room"], "me": seat, "view": host.match.view(seat), "now_ms": 0}
    phone = room.phone_screen({"status": "joined", "code": "ABCD", "view": message})
    assert "Final fingerprint <code>%s</code>" % final in phone
