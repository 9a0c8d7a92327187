"""Broadcast: what each screen is shown. After a change every seat's phone is sent its own full view (the room,
and the game's view for that seat; small and self-healing), numbered by the room's `seq`; the TV draws screen().

What every seat is sent alike (the room's summary, the table a watcher sees) is encoded once per change and
spliced into each seat's message: with twelve phones, JSON was most of the host's time per move. A view identical
to the last one a connection was sent, at the same `seq`, is not sent again. Once `seq` moves every phone is sent
its view, even one that reads as before (a change only the record or the holder sees): a phone at the host's seq
has seen all there is, which is what a phone's races (room/races.py) and the tests' sync read.
"""

from ..engine import HOST
from ..engine.record import fingerprint
from . import admission, away, protocol, replication, table


def views(room):
    """Every seat's view that differs from what its phone was last sent."""
    out = []
    room._last_presence = room._presence()
    summary = protocol.dumps(room._room_summary())  # through the room: tests plant a leak there (tests/test_sim.py)
    shown = None
    for seat in room.lobby.seats:
        conn = seat.conn
        if conn is None or seat.removed or seat.local:
            continue
        view = "null"
        if room.match is not None and seat.id in room.match.players:
            view = protocol.dumps(room.match.sent_view(seat.id))
        elif room.match is not None and (seat.spectator or room.phase == "playing"):
            if shown is None:
                shown = protocol.dumps(room.match.sent_view(None))  # a watcher: the table, as on the big screen
            view = shown
        # else: joined at the results for the next game; the room's result is all they need
        controls = ""
        if seat.id == room.controls.holder:
            controls = ',"controls":' + protocol.dumps(controls_for(room))
        body = '{"t":"view","me":%s,"room":%s,"view":%s%s,"v":%d}' % (
            protocol.dumps(seat.id),
            summary,
            view,
            controls,
            protocol.VERSION,
        )
        if room._sent.get(conn) == (body, room.seq):
            continue
        room._sent[conn] = (body, room.seq)
        # encoded once: the sequence number and clock are spliced into the closing brace
        out.append((conn, '%s,"seq":%d,"now_ms":%d}' % (body[:-1], room.seq, room._now)))
    return out + latecomer_tables(room)


def latecomer_tables(room):
    """The table, as the big screen shows it, to the phones waiting for the game to end (latecomers.py)."""
    if room.match is None or room.phase != "playing" or not len(room.latecomers):
        return []
    said, shown = protocol.dumps(room._room_summary()), protocol.dumps(room.match.sent_view(None))
    return room.latecomers.tables(said, shown, room.seq, room._now)


def summary(room):
    """The room as every seat and the TV see it: people, phase, game, history, claims, successor, result."""
    holder = room.controls.holder
    people = [
        {
            "id": s.id,
            "name": s.name,
            "present": s.present(room._now),
            "spectator": s.spectator,
            "host": s.local,
            "face": s.face,
            "controls": s.id == holder,
        }
        for s in room.lobby.seats
        if not s.removed
    ]
    game = room.game()
    said = {
        "code": room.code,
        "epoch": room.epoch,
        "phase": room.phase,
        "game": room.game_id,
        "game_title": game.title if game else None,
        "lang": room.lang,
        "people": people,
        "history": [
            {
                "game": h["game"],
                "winners": [h["names"].get(w, "?") for w in h["result"]["winners"]],
                "replay": bool(h.get("record")),
            }
            for h in room.history
        ],
    }
    if room.match is not None and room.phase != "lobby":
        said["deal"] = fingerprint(room.match.seed)  # shown from the game's first view on
        # the game's removed players, by name: its log and last reveal still tell what they did
        said["former"] = dict((s.id, s.name) for s in room.lobby.seats if s.removed and s.id in room.match.players)
        said["removal"] = away.removal(game, room.phase)
    successor = replication.successor(room)
    said["successor"] = successor.id if successor is not None else None
    said["claims"] = [{"claim": n, "seat": pid, "name": room.lobby.by_id(pid).name} for n, pid in room.claims.listed()]
    if room.phase == "over" and room.history:
        said["result"] = room.history[-1]["result"]
        said["result_names"] = room.history[-1]["names"]
        said["final"] = room.history[-1].get("final")
    return said


def controls_for(room):
    """What the holder's phone needs to draw the TV's buttons (ui/room.py controls_band): the view the game's host
    buttons are drawn from, the game's host moves, and what the lobby's picker and Start show."""
    game = room.game()
    ok, reason = table.can_start(room)
    return {
        "view": room.match.sent_view(HOST) if room.match is not None and room.phase == "playing" else None,
        "moves": sorted(m for m in (game.host_moves if game else ()) if m not in ("set_host", away.AWAY_MOVE)),
        "games": [[g.id, g.title, g.min_players, g.max_players] for g in room.games.values()],
        "can_start": [ok, reason],
        "screens": room.screens.watching(),
    }


def screen(room):
    """What the host screen shows: the room, and the table's view, which is what every player may see; only a
    host who said "I play on this screen" (a local seat in the game) gets that seat's own view. The table is drawn
    from view(s, HOST): a game's table view plus the host's controls, nothing private
    (tests/test_big_screen_leaks.py holds every game to it)."""
    local = room._local_seat()
    plays = local is not None and room.match is not None and local.id in room.match.players
    view = None
    if room.match is not None:
        view = room.match.sent_view(local.id if plays else HOST)
    return {
        "room": room._room_summary(),
        "view": view,
        "me": local.id if local else None,
        # the table (its view has the host's buttons): beside the seat during play, and on the remote screens of
        # a successor who hosts from its own phone (app/rules.py draw)
        "controls": room.match.sent_view(HOST) if plays else None,
        "now_ms": room._now,
        "seq": room.seq,
        # the results reveal the seed on the TV (phones keep to its fingerprint: the seed never goes out)
        "seed": room.match.seed if room.phase == "over" and room.match is not None else None,
        "replay": room.replay.screen() if room.replay is not None else None,
    }


def screen_info(room):
    """What the host screen needs beside screen() that the room knows: the games to pick from, whether Start is
    allowed, whether the host plays. The page adds its own (QR code, join address, errors)."""
    game = room.game()
    plays = admission.plays_here(room)
    return {
        "games": [(g.id, g.title, g.min_players, g.max_players) for g in room.games.values()],
        "titles": dict((g.id, g.title) for g in room.games.values()),
        "can_start": table.can_start(room),
        "host_plays": plays,
        "took_over": plays and room.epoch > 0,
        "spectators": bool(game and game.spectators and room.phase == "playing"),
        "screens": room.screens.watching(),
    }
