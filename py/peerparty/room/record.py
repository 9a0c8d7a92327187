"""The room's record: what a reloaded host tab resumes from, and what a Hint Hunt successor takes over from.

snapshot() writes it, restore() reads it back. Nothing here saves anything: the host page saves the record
whenever its `seq` moves (app/rules.py _out), and the successor's replica goes out when `seq` or the successor
moves (room/replication.py). So the record is only as good as the rule that every change to it moves `seq`.
That rule is kept in one place, HostSession._commit, the last step of every event: it compares the record's
mark() with the mark of the record last saved and moves `seq` when they differ, whichever part changed what.
A part cannot forget to save, because saving is not its job.
"""

from ..engine import Match
from ..i18n import SHIPPED
from . import away
from .controls import Controls
from .lobby import Lobby
from .screens import Screens


def snapshot(room, records=True, logs=True):
    """The room as JSON-safe data. Without `records` (the successor's replica, sent after every change) the
    history leaves out the finished games' records: the new host then offers no replay of them. Without `logs`
    (mark()) the match's log is its length: the log only grows, one entry per step."""
    history = room.history if records else [dict(h, record=None) for h in room.history]
    match = room.match.to_record() if room.match is not None else None
    if match is not None and not logs:
        match["log"] = len(match["log"])
    return {
        "code": room.code,
        "epoch": room.epoch,
        "lobby": room.lobby.to_record(),
        "game_id": room.game_id,
        "phase": room.phase,
        "seq": room.seq,
        "seed": room.seed,
        "match": match,
        "history": history,
        "room_key": room.room_key,
        "screens": room.screens.to_record(),
        "controls": room.controls.to_record(),
        "lang": room.lang,
    }


def mark(room):
    """What the record holds, cheaply (the match's log by its length, the history without its game records, no
    seq): equal for two moments exactly when their records are equal, but for `seq` itself. Made by snapshot()
    so that a field the record gains is in the mark too."""
    record = snapshot(room, records=False, logs=False)
    del record["seq"]
    record["kept"] = [h.get("record") is not None for h in room.history]  # keep_records drops old ones
    return record


def restore(room, record, games):
    """Fill a new room (`room`, made with the record's code, epoch, seed and room key) from the record."""
    room.lobby = Lobby.from_record(record["lobby"])
    room.game_id = record["game_id"]
    room.phase = record["phase"]
    room.seq = record["seq"]
    room.history = record["history"]
    room.screens = Screens.from_record(record.get("screens"))
    room.controls = Controls.from_record(record.get("controls"))
    if record.get("lang") in SHIPPED:  # an older record has none: the room's default stays
        room.lang = record["lang"]
    away.restored(room)  # the game hears who is away once the phones had the time to come back
    if record["match"] is not None:
        room.match = Match.from_record(games, record["match"])
    room.saved = mark(room)
    return room
