"""Your Secret. Someone Else's Problem. over real PeerJS (issue #6): four phones play a whole game from
their screens (gifts, two-card gifts, exchanges; Accept / DENY / REDIRECT answers) to a winner; after
every move the host's table and every phone show what the engine, replaying the host's own record
under CPython, says they should; the table never shows a hand and no phone ever receives another
phone's hand."""

import json
import statistics
import time
from pathlib import Path

from people import WAIT_MS, host_record, received, save_and_verify, sync, timed_move
from someone_elses_problem_play import HAND_CARD, choose, expected_move, play, read_phone, read_table, start_game

from peerparty.engine import Match
from peerparty.games import REGISTRY

NAMES = ["Ann", "Ben", "Cat", "Dev"]
MAX_CLICKS = 300  # this strategy ends a game in ~15-70 moves (engine playouts); more means a loop
MEASURE = Path(__file__).resolve().parent.parent / "artifacts" / "logs" / "someone_elses_problem-e2e.json"

# Written here from the rulebook, not imported from the screen module under test.
OBJECT_ORDER = ["secret_photo", "spare_key", "love_letter", "burner_phone", "hotel_receipt", "diary", "alibi"]
OBJECT_NAMES = {
    "secret_photo": "Secret Photo",
    "spare_key": "Spare Key",
    "love_letter": "Love Letter",
    "burner_phone": "Burner Phone",
    "hotel_receipt": "Hotel Receipt",
    "diary": "Diary",
    "alibi": "ALIBI",
}
ACTION_ORDER = ["gift", "exchange", "deny", "redirect"]
ACTION_NAMES = {"gift": "GIFT", "exchange": "EXCHANGE", "deny": "DENY", "redirect": "REDIRECT"}


def replay(record):
    return Match.from_record(REGISTRY, record["match"])


def hand_lines(hand):
    return ["%s \u00d7%d" % (ACTION_NAMES[c], hand.count(c)) for c in ACTION_ORDER if c in hand]


def chips(objects):
    return [[OBJECT_NAMES[k], objects[k]] for k in OBJECT_ORDER if objects.get(k)]


def cards_word(n):
    return "1 card" if n == 1 else "%d cards" % n


def check_table(host, table_view, names):
    """The host's table against the engine's table view: every player's objects, scandalous count and
    hand SIZE, and nothing of any hand."""
    table = read_table(host)
    assert [p["name"] for p in table["players"]] == [names[p] for p in table_view["players"]]
    for shown, pid in zip(table["players"], table_view["players"]):
        assert shown["objects"] == chips(table_view["objects"][pid]), shown
        assert shown["facts"] == "%d scandalous \u00b7 %s in hand" % (
            table_view["scandalous"][pid],
            cards_word(table_view["hand_sizes"][pid]),
        ), shown
        for action in ACTION_NAMES.values():
            assert action not in shown["text"], "%s's table panel names a card: %r" % (shown["name"], shown["text"])
    assert not HAND_CARD.search(table["html"]), "a hand card on the table: %r" % HAND_CARD.search(table["html"])
    assert "sep-hand" not in table["html"] and "My hand" not in table["html"]
    g = table_view["pending"]
    if g is None:
        assert table["pending"] == ""
    else:
        assert table["pending"].startswith("Gift: ") and table["pending"].endswith(
            " offered by %s to %s." % (names[g["by"]], names[g["to"]])
        ), table["pending"]
    return table


def check_phone(phone, view, names):
    """A phone against the engine's view for its seat: its own hand, its own objects, whether it acts."""
    screen = read_phone(phone)
    hand = hand_lines(view["hand"]) if view["phase"] != "over" else []  # once it is over, the hand is put away
    assert screen["hand"] == hand, (names[view["me"]], screen["hand"], view["hand"])
    assert [[c["name"], c["count"]] for c in screen["mine"]] == chips(view["objects"][view["me"]])
    assert screen["act"] == ("1" if view["act"] else "0")
    return screen


def check_offer(screen, view, names):
    """The acting phone offers exactly what the engine allows this seat, no more, no less."""
    can = view["can"]
    if view["phase"] == "respond":
        g = view["pending"]
        r = screen["respond"]
        assert r is not None and not (screen["gift"] or screen["gift2"] or screen["exchange"])
        assert r["offer"].startswith("%s offers you " % names[g["by"]]), r["offer"]
        assert r["accept"] and r["deny"] == can["deny"]
        assert (r["redirect"] is not None) == can["redirect"]
        if can["redirect"]:
            assert [o["label"] for o in r["redirect"]["to"]] == [names[q] for q in can["redirect_to"]]
        return
    assert screen["respond"] is None
    assert bool(screen["gift"]) == can["gift"] and bool(screen["gift2"]) == can["gift2"]
    assert screen["pass"] == can["pass"]
    assert [f["from"] for f in screen["exchange"]] == (can["targets"] if can["exchange"] else [])
    for form in (screen["gift"], screen["gift2"]):
        if form:
            assert [o["label"] for o in form["to"]] == [names[q] for q in can["targets"]]
            assert [o["value"] for o in form["objects"]] == [
                k for k in OBJECT_ORDER if view["objects"][view["me"]].get(k)
            ]


def walk(value, path=()):
    """Every (path, key) of every dict key inside a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for v in value:
            yield from walk(v, path + ("[]",))


def dedupe(seq_):
    out = []
    for item in seq_:
        if not out or out[-1] != item:
            out.append(item)
    return out


def engine_hands(record):
    """Each seat's hand after setup and after every step, as the views give it (sorted by type)."""
    m = record["match"]
    match = Match(REGISTRY[m["game"]], m["players"], m["seed"], m["options"])
    hands = dict((p, [match.view(p)["hand"]]) for p in m["players"])
    for player, move, now_ms in m["log"]:
        match.play(player, move, now_ms)
        for p in m["players"]:
            hands[p].append(match.view(p)["hand"])
    return hands


def test_four_phones_play_to_a_winner_and_no_hand_leaves_its_phone(open_page, wait_ready, signal, shot):
    t_start = time.monotonic()
    host, code, phones = start_game(open_page, wait_ready, signal, NAMES)
    t_started = time.monotonic()
    record = host_record(host)
    names = dict((s["id"], s["name"]) for s in record["lobby"]["seats"])
    seat_of = dict((n, pid) for pid, n in names.items())
    assert [names[p] for p in record["match"]["players"]] == NAMES
    pid_of_page = dict((id(p), seat_of[n]) for p, n in zip(phones, NAMES))
    kinds = {}
    shots = set()
    clicks = 0
    step_ms = []
    while True:
        actors = sync(host, phones)
        record = host_record(host)
        match = replay(record)
        check_table(host, match.view(None), names)
        for phone in phones:
            check_phone(phone, match.view(pid_of_page[id(phone)]), names)
        if host.get_attribute("body", "data-phase") != "playing":
            break
        assert len(actors) == 1, "exactly one phone should be asked to act, got %d" % len(actors)
        phone = actors[0]
        pid = pid_of_page[id(phone)]
        assert match.game.awaiting(match.state) == pid
        screen = read_phone(phone)
        check_offer(screen, match.view(pid), names)
        plan = choose(screen)
        if (
            screen["respond"]
            and (screen["respond"]["deny"] or screen["respond"]["redirect"])
            and "respond" not in shots
        ):
            shots.add("respond")
            shot(phone, "someone_elses_problem-phone-answering-a-gift")
            shot(host, "someone_elses_problem-host-gift-pending")
        if (
            screen["respond"]
            and not screen["respond"]["deny"]
            and not screen["respond"]["redirect"]
            and "must-accept" not in shots
        ):
            shots.add("must-accept")
            shot(phone, "someone_elses_problem-phone-gift-accept-only")
        if screen["gift2"] and "gift2" not in shots:
            shots.add("gift2")
            shot(phone, "someone_elses_problem-phone-two-card-gift")
        if screen["gift"] and "turn" not in shots:
            shots.add("turn")
            shot(phone, "someone_elses_problem-phone-my-turn")
        step_ms.append(timed_move(host, lambda: play(phone, plan)))
        clicks += 1
        kinds[plan["kind"]] = kinds.get(plan["kind"], 0) + 1
        # the host logged exactly the move this phone's screen sent, from this phone's seat
        record = host_record(host)
        assert record["match"]["log"][-1][:2] == [pid, expected_move(plan, screen)]
        if clicks == 6:
            shot(host, "someone_elses_problem-host-table-mid-game")
        assert clicks < MAX_CLICKS, "the game did not end within %d clicks" % MAX_CLICKS
    t_played = time.monotonic()
    host.wait_for_selector("body[data-phase=over] .over h2.winners", timeout=WAIT_MS)
    shot(host, "someone_elses_problem-host-final")
    for phone in phones:
        phone.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)

    # --- the engine, replaying the host's own record under CPython -----------------------------------
    record = host_record(host)
    assert record["phase"] == "over" and record["match"]["game"] == "someone_elses_problem"
    assert len(record["match"]["log"]) == clicks, "every click was one accepted move, applied once"
    match = replay(record)
    result = match.result()
    assert result is not None and len(result["winners"]) == 1, "a legal game ends with one winner (A.4.2)"
    winner = names[result["winners"][0]]
    final = match.view(None)
    assert final["scandalous"][result["winners"][0]] == 0
    assert all(final["scandalous"][p] > 0 for p in final["players"] if p not in result["winners"])

    table = check_table(host, final, names)
    assert table["winnersLine"] == winner + " wins!"
    # the room's headline is the one place that names the winner on the big screen (issue #9)
    assert table["result"] == "" and table["status"] == "Game over: the winner holds nothing scandalous."
    assert host.inner_text("#app").count(" wins") == 1
    assert [p["name"] for p in table["players"] if "winner" in p["badges"]] == [winner]
    for phone, name in zip(phones, NAMES):
        assert phone.inner_text("h1.winners") == winner + " wins!"
        mine = phone.inner_text(".sep-phone .sep-result")
        assert mine.startswith("You win! ") == (name == winner), mine
        rows = phone.eval_on_selector_all(".standings tr", "trs => trs.map(tr => tr.cells[0].textContent)")
        assert [r for r in rows if "winner" in r] == [winner + " winner"]
    shot(phones[NAMES.index(winner)], "someone_elses_problem-phone-winner")
    # the game's record, saved from the TV, passes the verifier and gives the engine's result (issue 17)
    saved, _ = save_and_verify(host)
    assert saved["result"] == result

    # --- secrecy: what each phone received over the wire ----------------------------------------------
    hands = engine_hands(record)
    for phone, name in zip(phones, NAMES):
        me = seat_of[name]
        views = [m for m in received(phone) if m["t"] == "view"]
        game_views = [m["view"] for m in views if m["view"] is not None]
        assert views and all(m["me"] == me for m in views)
        assert game_views and all(v["me"] == me for v in game_views)
        for v in game_views:
            keys = set(walk(v))
            assert ((), "hand") in keys
            for path, key in keys:
                assert key not in ("hands", "draw", "deck", "seed") and not (key == "hand" and path != ()), (
                    "%s received %s under %r" % (name, key, path)
                )
        for m in received(phone):
            assert "replica" != m["t"], "this game has no successor: nobody gets the whole room"
        # the hands this phone was shown are exactly its own, step by step
        assert dedupe([v["hand"] for v in game_views]) == dedupe(hands[me]), name

    numbers = {
        "clicks": clicks,
        "moves": kinds,
        "winner": winner,
        "boot_join_start_s": round(t_started - t_start, 1),
        "play_s": round(t_played - t_started, 1),
        "click_to_host_ms_median": round(statistics.median(step_ms)),
        "click_to_host_ms_max": round(max(step_ms)),
        "messages_received": dict((n, len(received(p))) for p, n in zip(phones, NAMES)),
    }
    MEASURE.parent.mkdir(parents=True, exist_ok=True)
    MEASURE.write_text(json.dumps(numbers, indent=2))
    print(json.dumps(numbers))
    # no assertion that a phone was offered a gift it could DENY or REDIRECT: the deal decides it (8 games in 50,000
    # never offer one); check_offer() holds every answer the phones showed to the engine's, at every step
