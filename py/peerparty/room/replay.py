"""Watch it again: the TV's replay of a finished game, built on the host from the game's record.

A replay shows only what the table saw: the table's view (game.view(state, None)) after every step, never a
seat's, and the moves themselves stay out of it (a Seven Rounds lock is secret until its reveal). It marks the
steps where a secret became public, in each game's words (its `moment`, games/<id>/moments.py). It is a screen
state of the host, not a room phase: phones keep their own screens, and starting a game closes it (HostSession).
"""

from ..engine.record import RecordRefused, dumps, play_back, write
from ..i18n import N_

SPEEDS = (1, 2, 4, 8)
STEP_MS = 1600  # one step at 1x; at 8x, 200 ms (the host page ticks every 250 ms, so about that)


def moments(game, events, names):
    """The sentences for what a step's events made public (an empty list for most steps), in the words of the
    game's own `moment` (games/<id>/moments.py); a game without one marks nothing."""
    caption = getattr(game, "moment", None)
    if caption is None:
        return []
    out = []
    for event in events:
        text = caption(event, names)
        if text:
            out.append(text)
    return out


class Replay:
    """The TV's replay of one game of the room's history: where it is, whether it plays, how fast."""

    def __init__(self, games, index, entry):
        record = entry["record"]
        self.index = index
        self.game = games[record["game"]]
        self.names = dict(entry["names"])
        self.faces = dict(entry.get("faces") or {})  # a room saved before faces: plain faces (0)
        self.result = entry["result"]
        self.seed = record["seed"]
        self.steps = play_back(
            games, record["game"], record["players"], record["seed"], record["options"], record["log"]
        )
        self.marks = []  # [[step, sentence]] in step order
        for n, step in enumerate(self.steps):
            for text in moments(self.game, step.events, self.names):
                self.marks.append([n, text])
        self.at = 0
        self.playing = False
        self.speed = 1
        self.due_ms = None

    @property
    def last(self):
        return len(self.steps) - 1

    def control(self, do, at, now_ms):
        """A control of the replay screen; returns an error sentence or None."""
        if do == "play":
            if self.at >= self.last:
                self.at = 0  # Play at the end plays it again
            self.playing = True
            self.due_ms = now_ms + self.interval()
        elif do == "pause":
            self._pause()
        elif do in ("back", "forward"):
            self._pause()
            self.at = max(0, min(self.last, self.at + (1 if do == "forward" else -1)))
        elif do == "speed":
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
            if self.playing:
                self.due_ms = now_ms + self.interval()
        elif do in ("previous_moment", "next_moment"):
            self._pause()
            if do == "next_moment":
                later = [n for n, _ in self.marks if n > self.at]
                self.at = later[0] if later else self.last
            else:
                earlier = [n for n, _ in self.marks if n < self.at]
                self.at = earlier[-1] if earlier else 0
        elif do == "seek":
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= self.last:
                return N_("There is no such step.")
            self._pause()
            self.at = at
        else:
            return N_("Unknown replay control.")
        return None

    def _pause(self):
        self.playing = False
        self.due_ms = None

    def interval(self):
        return STEP_MS // self.speed

    def next_timer_ms(self):
        return self.due_ms if self.playing else None

    def on_timer(self, now_ms):
        """Play on: one step per interval. True when the screen changed."""
        if not self.playing or now_ms < self.due_ms:
            return False
        self.at += 1
        if self.at >= self.last:
            self.at = self.last
            self._pause()
        else:
            self.due_ms = now_ms + self.interval()
        return True

    def screen(self):
        """What the replay screen draws: the table's view at this step, and where this step is in the game."""
        step = self.steps[self.at]
        return {
            "index": self.index,
            "game": self.game.id,
            "names": self.names,
            "faces": self.faces,
            "at": self.at,
            "last": self.last,
            "playing": self.playing,
            "speed": self.speed,
            "view": self.game.view(step.state, None),
            "now_ms": step.entry[2] if step.entry else 0,
            "moments": [text for n, text in self.marks if n == self.at],
            "marks": self.marks,
            "result": self.result if self.at == self.last else None,
        }


# --- the room's history -------------------------------------------------------------------------------------

RECORDS_KEPT = 3  # finished games whose record (seed, options, log) the room keeps for Watch it again


def keep_records(history):
    """Drop the records of all but the last RECORDS_KEPT games: the room is saved to localStorage after every
    step, and a long game's log is tens of kilobytes. Older games keep their result and names."""
    for entry in history[:-RECORDS_KEPT]:
        entry["record"] = None


def game_file(games, code, index, entry):
    """(file name, JSON text) of one game's record file, for the TV's Save button."""
    data = write(games, entry["record"], entry["names"], entry["result"])
    name = "peerparty-%s-%s-game%d.json" % (data["game"].replace("_", "-"), code, index + 1)
    return name, dumps(data)


# --- the TV's Watch it again and Save, on the room's history ------------------------------------------------------


def act(room, kind, action, now_ms):
    """Open ("watch"), drive ("replay") or close ("close_replay") the TV's replay; an error sentence or None. The
    phones see nothing of it: no seq, no views."""
    if kind == "close_replay":
        room.replay = None
        return None
    if kind == "watch":
        index = finished(room, action.get("game"))
        if isinstance(index, str):
            return index
        try:
            room.replay = Replay(room.games, index, room.history[index])
        except RecordRefused as refused:  # kept by an older version whose rules differ
            return {
                "msg": N_("This game cannot be replayed by this version (%(why)s)."),
                "values": {"why": str(refused)},
            }
        return None
    if room.replay is None:
        return N_("No replay is open.")
    return room.replay.control(action.get("do"), action.get("at"), now_ms)


def finished(room, index):
    """The history index of a game that can be replayed or saved, or an error sentence."""
    if room.phase == "playing":
        return N_("Finish this game first.")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(room.history):
        return N_("That game is not in tonight's history.")
    if not room.history[index].get("record"):
        return N_("Only the last few games can be watched again.")
    return index


def saved_game(room, index):
    """("peerparty-<game>-<room>-<n>.json", the record's JSON text) for the Save button, or (None, error)."""
    index = finished(room, index)
    if isinstance(index, str):
        return None, index
    try:
        return game_file(room.games, room.code, index, room.history[index])
    except RecordRefused as refused:
        return None, {
            "msg": N_("This game cannot be saved by this version (%(why)s)."),
            "values": {"why": str(refused)},
        }
