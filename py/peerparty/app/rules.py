"""The rules worker's Python: the room's authority (HostSession, the engine, every secret), fed with plain
messages by the host page's screen thread and answering with plain data.

It runs in a Web Worker on Pyodide (static/js/rules-worker.js calls these methods) and, unchanged, under
CPython in tests: it imports nothing from the browser and never reads a clock (every call brings the screen
thread's `now`). What leaves it, per call, is one dict with any of:
  "send"    [[conn, text], ...]   protocol messages for the screen thread to send to phones
  "screen"  text (JSON)           what the big screen shows: the room summary, the table's view (the host's own
                                  seat's view when the host plays), the picker's games, the last action's error
  "record"  text (JSON)           the room to persist for a reload; the screen thread stores it unread
  "opened"  {"mode", "code", "epoch"}   the answer to open(): how the room was opened
  "moved_on" {"token"}            the answer to moved_on(): the host's own seat, to rejoin as a phone
docs/host-threads.md describes the split.
"""
import json

from ..games import REGISTRY
from ..room.host import HostSession

PRESENCE_MS = 1000      # presence (away marks) is recomputed this often when nothing else happens


class Rules:
    def __init__(self, games=None, token_source=None):
        self.games = games or REGISTRY
        self.token_source = token_source
        self.session = None
        self.error = None              # the sentence refusing the host's last action, shown on the big screen
        self.persisted_seq = None
        self.last_presence_ms = 0

    # --- opening the room ---------------------------------------------------------------------------

    def open(self, mode, code, epoch, now, record=None, replica=None, token=None, seed=None):
        """The room the screen thread chose: "new" (code and epoch decided there), "restore" (its saved record)
        or "takeover" (the replica this tab kept as the host's successor, and this tab's seat token, D3-12).
        A record that does not hold this code and epoch (an older version's, say) gives way to a new room; a
        takeover that cannot be made is answered "refused" and changes nothing."""
        session = None
        if mode == "takeover":
            session = self._take_over(replica, token, now)
            if session is None or session.code != code or session.epoch != epoch:
                return {"opened": {"mode": "refused", "code": code, "epoch": epoch}}
        elif mode == "restore":
            session = self._restore(record)
            if session is not None and (session.code != code or session.epoch != epoch):
                session = None
            if session is None:
                mode = "new"
        if session is None:
            session = HostSession(code, self.games, epoch=epoch, token_source=self.token_source, seed=seed)
        self.session = session
        self.last_presence_ms = now
        out = self._out([])
        out["opened"] = {"mode": mode, "code": code, "epoch": epoch}
        return out

    def _restore(self, record):
        try:
            return HostSession.restore(json.loads(record), self.games, self.token_source)
        except Exception:
            return None

    def _take_over(self, replica, token, now):
        try:
            session = HostSession.restore(json.loads(replica)["snapshot"], self.games, self.token_source)
            session.take_over(token, now)
            return session
        except Exception:
            return None

    # --- what the screen thread passes on --------------------------------------------------------------

    def connect(self, conn, now):
        return self._out(self.session.on_connect(conn, now))

    def data(self, conn, text, now):
        return self._out(self.session.on_message(conn, text, now))

    def close(self, conn, now):
        return self._out(self.session.on_disconnect(conn, now))

    def tick(self, now):
        """Called a few times a second: game deadlines when due, and presence about once a second."""
        due = self.session.next_timer_ms()
        if (due is not None and now >= due) or now - self.last_presence_ms >= PRESENCE_MS:
            self.last_presence_ms = now
            return self._out(self.session.on_timer(now))
        return {}

    def action(self, text, now):
        """A tap on the big screen, as the screen's data-move JSON: a room action ({"room": "start"}) or a move
        the host makes ({"type": "reveal"}). Refusals are sentences on the big screen."""
        try:
            action = json.loads(text)
        except Exception:
            action = None
        if not isinstance(action, dict):
            out, error = [], "Unknown action."
        else:
            if "room" in action:
                action = dict(action)
                action["t"] = action.pop("room")
            else:
                action = {"t": "move", "move": action}
            out, error = self.session.host_action(action, now)
        if error != self.error:
            self.error = error
            self.session.dirty = True
        return self._out(out)

    def moved_on(self):
        """This tab's room now runs at a successor (a higher epoch answered): the host's own seat, so this tab
        can rejoin it as a phone."""
        local = [s for s in self.session.lobby.seats if s.local and not s.removed]
        return {"moved_on": {"token": local[0].token if local else None, "epoch": self.session.epoch + 1}}

    # --- what goes out -------------------------------------------------------------------------------

    def _out(self, messages):
        out = {}
        if messages:
            out["send"] = [[conn, text] for conn, text in messages]
        session = self.session
        if session.dirty:
            session.dirty = False
            out["screen"] = json.dumps(self.screen(), separators=(",", ":"))
        if session.seq != self.persisted_seq:
            # with the same message as the views it goes with: a reload never resumes a room behind its phones
            self.persisted_seq = session.seq
            out["record"] = json.dumps(session.snapshot(), separators=(",", ":"))
        return out

    def screen(self):
        """Everything the big screen may know: HostSession.screen() (the room summary and the table's view, or
        the host's own seat's when the host plays) and what the lobby needs to draw its picker."""
        screen = self.session.screen()
        screen["info"] = self.session.screen_info()
        screen["error"] = self.error
        return screen
