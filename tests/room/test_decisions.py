"""The controls phone is the whole remote, by construction (issue 48, point 1; ui/decisions.py): every decision the
TV offers at any moment (Let in / Refuse, Remove, Give controls, each game's host moves and their confirmations)
is on the phone holding the controls, with the same words and confirmation, and nothing more, over every screen of
whole games played through the room; a new phone at the door is at the phone's top; the player the game waits on
and who is away has their Remove first; and nobody is offered to remove themselves."""

import html as html_lib
import itertools
import json
import re
from random import Random

import pytest

from peerparty.engine import HOST
from peerparty.net.memory import MemoryNetwork
from peerparty.room.host import HostSession
from peerparty.room.protocol import AWAY_MS
from peerparty.ui.room import host_screen, phone_screen

from ..games_under_test import GAMES, draw_every_game
from .helpers import last, phone_joins

# what only the TV's own tab does (DX-09): no decision of the room's list
TV_ONLY = {"save", "new_room", "sound", "add_screen", "join_local", "replay", "close_replay"}

ELEMENT = re.compile(r"<(button|form)\b([^>]*)>(.*?)</\1>", re.S)


def _attr(attrs, name):
    found = re.search(r'\s%s="([^"]*)"' % name, attrs)
    return html_lib.unescape(found.group(1)) if found else None


def offered(page, moves):
    """The decisions a page offers: (its data-move, its words, its confirmation, disabled) of every element that
    sends a host action: a room action, or a move whose type is the game's host move (`moves`)."""
    out = []
    for _, attrs, inner in ELEMENT.findall(page):
        move = _attr(attrs, "data-move")
        if move is None:
            continue
        move = json.loads(move)
        kind = move.get("room")
        # join, leave and this phone's own language ("lang", ui/languages.py) are a phone's own, not the host's
        if kind in TV_ONLY or kind in ("join", "leave", "lang") or (kind is None and move.get("type") not in moves):
            continue
        words = " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", inner)).split())
        out.append((json.dumps(move, sort_keys=True), words, _attr(attrs, "data-confirm"), " disabled" in attrs))
    return sorted(out)


def tv_page(host):
    return host_screen(host.screen(), dict(host.screen_info(), join_hint="x/join", qr_svg="<svg></svg>"))


def phone_page(phone):
    return phone_screen({"status": "joined", "code": "WXYZ", "view": last(phone, "view")})


class Evening:
    """A room on the memory network whose phones keep their heartbeat, driven step by step."""

    def __init__(self, game, seed, names):
        counter = itertools.count()
        self.game = game
        self.host = HostSession("WXYZ", GAMES, token_source=lambda: "tok-%06d" % next(counter), seed="d%d" % seed)
        self.net = MemoryNetwork(self.host, seed)
        self.rng = Random(seed)
        self.phones = [phone_joins(self.net, "WXYZ", name) for name in names]
        self.gone = set()  # phones whose link dropped

    def live(self):
        return [p for p in self.phones if p not in self.gone]

    def holder(self):
        for phone in self.live():
            if phone.session.seat == self.host.controls.holder:
                return phone
        return None

    def beat(self, ms):
        """Time passes; every live phone pings (so only a dropped one goes away)."""
        self.net.advance(ms)
        for phone in self.live():
            self.net.send(phone, phone.session.ping(1))
        self.net.flush()
        self.net.to_phone.extend(self.host.on_timer(self.net.now_ms))
        self.net.flush()

    def act(self, action):
        """The TV does it (a setup step; the comparisons do not depend on who did it)."""
        out, err = self.host.host_action(action, self.net.now_ms)
        self.net.to_phone.extend(out)
        self.net.flush()
        return err

    def step(self):
        """One random legal move of a live seat, or the host's now and then (never End game or a removal)."""
        host = self.host
        state = host.match.state
        seats = dict((p.session.seat, p) for p in self.live())
        choices = [(pid, m) for pid in host.match.players if pid in seats for m in self.game.legal_moves(state, pid)]
        host_moves = [m for m in self.game.legal_moves(state, HOST) if m["type"] not in ("end_game", "remove")]
        if not choices or self.rng.random() < 0.1:
            choices += [(HOST, m) for m in host_moves]
        if not choices:
            self.beat(20000)
            return
        pid, move = self.rng.choice(choices)
        if pid == HOST:
            self.act({"t": "move", "move": move})
        else:
            seats[pid].send_move(move)
            self.net.flush()
        self.beat(self.rng.randint(0, 1500))

    def compare(self):
        """The TV's decisions are the holder's phone's; returns the phone's page."""
        holder = self.holder()
        assert holder is not None
        moves = set(self.game.host_moves) - {"set_host", "away"}
        page = phone_page(holder)
        tv = offered(tv_page(self.host), moves)
        assert tv == offered(page, moves), "the TV and the controls phone differ"
        for move, _, _, _ in tv:  # nobody is offered to remove themselves
            move = json.loads(move)
            assert holder.session.seat not in (move.get("seat") if move.get("room") == "remove" else None,)
            assert not (move.get("type") == "remove" and move.get("player") == holder.session.seat)
        return page


def main_of(page):
    return page[page.index("<main") :]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_tv_and_the_controls_phone_offer_the_same_decisions_over_whole_games(game_id, monkeypatch):
    draw_every_game(monkeypatch)
    game = GAMES[game_id]
    names = ["Ann", "Ben", "Cat", "Dan"][: max(game.min_players + 1, min(4, game.max_players))]
    if game.max_players == 2:
        names = ["Ann", "Ben"]
    for seed in (1, 2):
        evening = Evening(game, seed, names)
        evening.compare()  # the lobby, nothing picked
        evening.act({"t": "pick", "game": game_id})
        evening.compare()
        assert evening.act({"t": "start"}) is None
        steps = 0
        dropped = None
        while evening.host.phase == "playing" and steps < 600:
            evening.compare()
            if steps == 8 and len(names) > 2:  # a guest's phone dies: their seat goes away
                dropped = evening.phones[-1]
                evening.gone.add(dropped)
                evening.net.disconnect(dropped)
                evening.beat(AWAY_MS + 1)
                page = evening.compare()
                if evening.host.screen()["room"].get("removal"):
                    band = page[page.index("data-controls") :]
                    first = band[: band.index("<details") if "<details" in band else len(band)]
                    assert 'data-away-remove="%s"' % dropped.session.seat in first, "their Remove, first and open"
                # they come back on a new phone, and ask for their seat: at the top of the holder's phone
                fresh = phone_joins(evening.net, "WXYZ", names[-1])
                assert fresh.session.status == "waiting"
                page = evening.compare()
                assert main_of(page).index("data-claim") < main_of(page).index("data-controls")
                evening.gone.add(fresh)  # it waits at the door for now; its link closes
                evening.net.disconnect(fresh)
                evening.net.flush()
            evening.step()
            steps += 1
        evening.compare()  # the results (or the lobby, a game that ended below its players)
        if evening.host.phase == "over":
            evening.act({"t": "lobby"})
            evening.compare()  # tonight's game, to watch again


def test_a_guest_on_a_new_phone_is_let_in_from_the_controls_phone():
    """Issue 48, point 1: Dan's phone dies mid-round of Seven Rounds; his new phone asks for his seat; the holder's
    phone shows the request at its top and lets him in: the new phone has Dan's seat, the TV was never touched."""
    game = GAMES["seven_rounds"]
    evening = Evening(game, 3, ["Ann", "Ben", "Cat", "Dan"])
    ann, dan = evening.phones[0], evening.phones[3]

    def tap(tapped):
        text = ann.session.control(tapped)
        assert text is not None, "not a button of Ann's controls"
        evening.net.send(ann, text)
        evening.net.flush()
        return last(ann)

    tap({"room": "pick", "game": "seven_rounds"})
    tap({"room": "start"})
    seat = dan.session.seat
    evening.gone.add(dan)
    evening.net.disconnect(dan)
    evening.beat(AWAY_MS + 1)
    fresh = phone_joins(evening.net, "WXYZ", "Dan")
    assert fresh.session.status == "waiting"
    page = phone_page(ann)
    claim = re.search(r'data-move="\{&quot;room&quot;:&quot;let_in&quot;,&quot;claim&quot;:(\d+)\}"', page)
    assert claim and main_of(page).index("Let in") < main_of(page).index("You have the controls")
    tap({"room": "let_in", "claim": int(claim.group(1))})
    assert last(ann, "error") is None and last(ann, "ack") is not None
    assert fresh.session.status == "joined" and fresh.session.seat == seat
    assert last(fresh, "view")["view"]["me"] == seat  # Dan plays on, in the round under way
    assert "data-claim" not in phone_page(ann)
    # only the holder: another seat's Let in is refused and changes nothing
    evening.gone.add(fresh)
    evening.net.disconnect(fresh)
    evening.beat(AWAY_MS + 1)
    again = phone_joins(evening.net, "WXYZ", "Dan")
    ben = evening.phones[1]
    evening.net.send(ben, json.dumps({"v": 1, "t": "control", "id": 50, "action": {"t": "let_in", "claim": 2}}))
    evening.net.flush()
    assert last(ben)["code"] == "not_controls" and again.session.status == "waiting"


def test_play_again_with_someone_away_asks_first_naming_them_on_the_tv_and_the_phone():
    """Issue 48, point 4: the next game would start with Dan's empty seat: Play again asks, on both."""
    game = GAMES["seven_rounds"]
    evening = Evening(game, 4, ["Ann", "Ben", "Cat", "Dan"])
    evening.act({"t": "pick", "game": "seven_rounds"})
    evening.act({"t": "start"})
    evening.act({"t": "move", "move": {"type": "end_game"}})
    assert evening.host.phase == "over"

    def again(page):
        found = re.search(r'<button[^>]*data-move="\{&quot;room&quot;:&quot;again&quot;\}"[^>]*>', page).group(0)
        return _attr(found, "data-confirm")

    assert again(tv_page(evening.host)) is None and again(phone_page(evening.phones[0])) is None
    dan = evening.phones[3]
    evening.gone.add(dan)
    evening.net.disconnect(dan)
    evening.beat(AWAY_MS + 1)
    sure = "Dan is away. Play again anyway? Their seat is in the game, and they play on when they are back."
    assert again(tv_page(evening.host)) == sure == again(phone_page(evening.phones[0]))


def test_the_controls_phones_players_fold_opens_by_itself_while_someone_is_away():
    """Issue 48, point 2: in the lobby after a game, Dan's Remove sat in the holder's closed Players fold; it opens
    by itself while someone is away (their Remove is the decision at hand), and is folded when everyone is here."""
    game = GAMES["seven_rounds"]
    evening = Evening(game, 5, ["Ann", "Ben", "Cat", "Dan"])
    ann, dan = evening.phones[0], evening.phones[3]

    def fold(page):
        return re.search(r'<details[^>]*class="controls-people"[^>]*>', main_of(page)).group(0)

    assert " open" not in fold(phone_page(ann))
    evening.gone.add(dan)
    evening.net.disconnect(dan)
    evening.beat(AWAY_MS + 1)
    opened = fold(phone_page(ann))
    assert " open" in opened
    assert 'aria-label="Remove Dan"' in phone_page(ann).split(opened, 1)[1].split("</details>", 1)[0]
