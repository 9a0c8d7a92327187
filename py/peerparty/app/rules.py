"""The rules worker's Python: the room's authority (HostSession, the engine, every secret), fed with plain
messages by the host page's screen thread and answering with plain data.

It runs in PyScript's Pyodide worker (app/rules_worker.py calls these methods) and, unchanged, under
CPython in tests: it imports nothing from the browser and never reads a clock (every call brings the screen
thread's `now`). Beside HostSession it keeps the host page's other decisions that need the room: which phones
knock and never get through (net/reach.py's Knocking) and whether the room moved on to a successor
(room/fence.py). What leaves it, per call, is one dict with any of:
  "send"     [[conn, text], ...]   protocol messages for the screen thread to send to phones
  "hangup"   [conn, ...]           connections to close (a phone's abandoned or stuck attempts)
  "watchers" [conn, ...]            the remote screens watching (room/screens.py), whenever that changes: the
                                   screen thread sends each of them the big screen it draws, and nothing else
  "screen"   {"html", "ref", "moment", "marks"}   the big screen, drawn here by ui/room.py's host_screen from
                                   screen() alone (the room summary, the table's view or the host's own seat's, a
                                   replay's step) and the page's own part (the QR code, the link's state, sound);
                                   the ref of the view on it, the moment (a chime when it changes) and the body
                                   marks (seq, phase, players, knocking)
  "record"   text (JSON)           the room to persist for a reload; the screen thread stores it unread
  "storage"  [["set", key, value] | ["remove", key], ...]   localStorage writes fence.py made (a takeover,
                                   stepping aside), for the screen thread to make
  "probe"    [[epoch, text], ...]  look for a host of these epochs (room/fence.py): connect to their ids (say
                                   probed() once dialled: the first probe's deadline counts from then), send the
                                   text once open (say probe_open(epoch)), and pass on what it answers
                                   (probe_answer(epoch, text))
  "unprobe"  [epoch, ...]          close the probe's connection to that epoch's id: it has answered
  "leave"    True | "screen"       this tab leaves the room (stepped aside): rejoin it on the phone page, or (the
                                   big screen, no seat of its own) watch the new host as a remote screen
  "download" [name, text]          the Save button's game record
  "opened"   {"mode", "code", "epoch"}   the answer to open(): how the room was opened ("refused": a takeover
                                   that could not be made)
  "catalog"  [lang, ...]             fetch these languages' catalog bundles (static/build/i18n/<lang>.json) and
                                   pass each in (catalog()): the room's language, to draw the big screen in
  "acted"    n                     how many of the big screen's taps (action()) have been answered: tests wait
                                   on it (body[data-acted]) before they look for what a tap showed
docs/host-threads.md describes the split.
"""

import json

from .. import i18n
from ..i18n import N_
from ..games import REGISTRY
from ..net.reach import BAD_RELAY, Knocking, host_link_problem
from ..room import fence
from ..room.host import HostSession
from ..room import protocol, races
from ..room.rejoin import HOST_KEY
from ..ui.room import host_screen

PRESENCE_MS = 1000  # presence (away marks) is recomputed this often when nothing else happens
PSEUDO = ("en-XA", "ar-XB")  # scripts/catalogs.py PSEUDO: the tests' pseudo-locales (static/js/glue.js pp.PSEUDO)
ROOM_LANG_KEY = "peerparty:room-lang"  # localStorage: the language this TV's rooms open in (the last one it had)


def _with_room(method):
    """Everything but open() needs the room: once a takeover was refused there is none, and the page is leaving
    (what it still passes on is dropped)."""

    def call(self, *args, **kwargs):
        if self.session is None:
            return {}
        return method(self, *args, **kwargs)

    call.__doc__ = method.__doc__
    return call


class PageStorage:
    """The page's localStorage as this worker sees it (room/fence.py takes get, set and remove): the values the
    page read at boot, and the writes made here, which the page makes in turn."""

    def __init__(self, values):
        self.values = dict(values or {})
        self.writes = []

    def get(self, key):
        return self.values.get(key)

    def set(self, key, value):
        self.values[key] = value
        self.writes.append(["set", key, value])

    def remove(self, key):
        self.values.pop(key, None)
        self.writes.append(["remove", key])


class Rules:
    def __init__(self, games=None, token_source=None):
        self.games = games or REGISTRY
        self.token_source = token_source
        self.session = None
        self.store = None
        self.fence = None
        self.knocking = Knocking()  # phones whose connections come in but never open
        self.paths = {}  # conn -> "relay" | "direct": the path the screen thread saw it take
        self.shown_knocking = []
        self.watchers = []  # the remote screens' connections the page was last told of
        self.peer_open = False
        self.error = None  # the sentence refusing the host's last action, shown on the big screen
        self.error_since = 0  # ... since then, at that decision (room/races.py: it leaves by itself)
        self.error_ref = None
        self.acted = 0  # the big screen's taps answered
        self.persisted_seq = None
        self.last_presence_ms = 0
        # the languages the big screen can be drawn in: English (the messages' own), and each bundle the page
        # passed in (catalog()); a room in another language asks the page for its bundle once
        self.languages = {i18n.SOURCE: i18n.Language(i18n.ENGLISH)}
        self.asked = set()
        # the page's own part of the big screen (host-room.js sends it: page()): the join link and its QR code,
        # the link's state, sound, whether a relay is set up (and a ?turn= entry that is not one)
        self.page_info = {
            "join_url": "",
            "join_hint": "",
            "qr_svg": "",
            "status": None,
            "sound": False,
            "relay": False,
            "bad_relay": "",
            "screen_url": "",
            "screen_qr": "",
        }

    # --- opening the room ---------------------------------------------------------------------------

    def open(self, mode, code, epoch, now, storage=None, seed=None, languages=(), pseudo=None):
        """The room the screen thread chose: "new" (code and epoch decided there), "restore" (its saved record)
        or "takeover" (the replica this tab kept as the host's successor, and its seat token: D3-12). `storage`
        holds the page's localStorage entries for this room. A record that does not hold this code and epoch
        (an older version's, say) gives way to a new room; a takeover that cannot be made is answered "refused"
        and changes nothing. `languages`: the browser's (navigator.languages, best first): a new room speaks the
        one this TV's last room spoke (ROOM_LANG_KEY), else the first of them shipped (i18n.choose). `pseudo`:
        a pseudo-locale a test opened the page in (host.html?lang=en-XA), for this TV's own new room only: no peer
        can ask for one (room/table.py language refuses what is not shipped)."""
        self.store = PageStorage(storage)
        session = None
        if mode == "takeover":
            session = self._take_over(code, now)
            if session is None or session.epoch != epoch:
                return {"opened": {"mode": "refused", "code": code, "epoch": epoch}}
        elif mode == "restore":
            session = self._restore(self.store.get(HOST_KEY))
            if session is not None and (session.code != code or session.epoch != epoch):
                session = None
            if session is None:
                mode = "new"
        if session is None:
            lang = i18n.choose([self.store.get(ROOM_LANG_KEY) or ""] + list(languages or ()))
            if pseudo in PSEUDO:
                lang = pseudo
            session = HostSession(code, self.games, epoch=epoch, token_source=self.token_source, seed=seed, lang=lang)
        self.session = session
        self.stored_lang = session.lang  # a language the room changes to is remembered for this TV's next rooms
        self.fence = fence.Fence(session.epoch, mode == "takeover")  # who leads: room/fence.py
        self.held = []  # phones' messages waiting for the fence to settle (data)
        self.last_presence_ms = now
        out = self._out([])
        out["opened"] = {"mode": mode, "code": code, "epoch": epoch}
        return out

    def _restore(self, record):
        try:
            return HostSession.restore(json.loads(record), self.games, self.token_source)
        except Exception:
            return None

    def _take_over(self, code, now):
        try:
            return fence.take_over(self.store, code, self.games, now, self.token_source)
        except Exception:
            return None

    # --- what the screen thread passes on --------------------------------------------------------------

    @_with_room
    def knock(self, conn, peer, name, now, device=""):
        """A phone's connection came in (it may never open: net/reach.py), with the name and the kind of phone
        its metadata gave."""
        self.knocking.knock(conn, peer, name, now, device)
        return {}

    @_with_room
    def connect(self, conn, now):
        abandoned = self.knocking.opened(conn)
        return self._out(self.session.on_connect(conn, now), abandoned)

    @_with_room
    def data(self, conn, text, now):
        if self.fence.holds(now, fence.may_have_moved(self.session)):
            # not yet sure this page still leads the room: nothing is acknowledged until its probe has answered
            # (room/fence.py); the phone hears "wait", as while the rules boot, and is answered in order after
            self.held.append((conn, text, now))
            return self._out([(conn, protocol.encode({"t": "wait"}))])
        return self._out(self._answer_held(now) + self.session.on_message(conn, text, now))

    def _answer_held(self, now):
        """The phones' messages held while the first probe was out, answered in order once this page leads."""
        if not self.held or self.fence.holds(now, fence.may_have_moved(self.session)):
            return []
        held, self.held = self.held, []
        messages = []
        for conn, text, at in held:
            if text is None:  # the link closed after what it sent (close)
                messages += self.session.on_disconnect(conn, at)
            else:
                messages += self.session.on_message(conn, text, at)
        return messages

    @_with_room
    def path(self, conn, relayed):
        """Which path an open connection took, as this screen's own WebRTC stats say (never a phone's word):
        the people list marks a seat reached through the relay (issue 41: the TV says which)."""
        self.paths[conn] = "relay" if relayed is True else "direct"
        self.session.dirty = True
        return self._out([])

    @_with_room
    def close(self, conn, now):
        self.knocking.closed(conn, now)
        self.paths.pop(conn, None)
        if self.held:
            # in order, behind the messages held: a screen's watch or a hello answered after its link had closed
            # would give a place to a connection that is gone (a screen's place, held for good)
            self.held.append((conn, None, now))
            return self._out([])
        return self._out(self.session.on_disconnect(conn, now))

    @_with_room
    def page(self, info):
        """The page's own part of the big screen changed (at boot: the join link and its QR code; then the link's
        state, sound)."""
        for key, value in dict(info).items():
            if key in self.page_info and self.page_info[key] != value:
                self.page_info[key] = value
                self.session.dirty = True
        return self._out([])

    @_with_room
    def catalog(self, lang, text):
        """A language's catalog bundle, as the build wrote it (JSON text), which the page fetched when asked."""
        try:
            self.languages[lang] = i18n.Language(json.loads(text))
        except Exception:
            return {}  # a broken bundle: the big screen stays in English rather than stopping
        if lang == self.session.lang:
            self.session.dirty = True
        return self._out([])

    @_with_room
    def peer(self, is_open, now):
        """The room's peer id opened at the signalling server (or lost it)."""
        self.peer_open = bool(is_open)
        return self._out([], probe=self._probe(now))

    @_with_room
    def tick(self, now):
        """Called a few times a second: game deadlines when due, presence about once a second, phones stuck
        knocking, and whether a successor runs the room now."""
        late = self.knocking.tick(now)
        if self.knocking.labels() != self.shown_knocking:
            self.session.dirty = True
        probe = self._probe(now)
        messages = self._answer_held(now)
        if self.error is not None and not races.still_shown(self.error_since, self.error_ref, now, self._ref()):
            self.error = None
            self.session.dirty = True
        due = self.session.next_timer_ms()
        if (due is not None and now >= due) or now - self.last_presence_ms >= PRESENCE_MS:
            self.last_presence_ms = now
            messages += self.session.on_timer(now)
        return self._out(messages, late, probe)

    def _probe(self, now):
        """If a successor runs the room under a later epoch (it took over while this tab was away or booting),
        this tab steps aside once it proves it holds the room: asked when the peer opens and every few seconds
        (issue 20, issue 31)."""
        if not (self.peer_open and self.fence.probe_due(now, fence.may_have_moved(self.session))):
            return []
        intruder = self.fence.intruder
        probes = []
        for epoch in fence.later_epochs(self.session):
            text = self.fence.ask(self.session.code, epoch, now)
            if text is not None:
                probes.append([epoch, text])
        if self.fence.intruder != intruder:
            self.session.dirty = True
        return probes

    @_with_room
    def probed(self, now):
        """The screen thread has dialled the probes it was given: phones' messages are held until ANSWER_MS from
        now, or an answer (room/fence.py sent)."""
        self.fence.sent(now)
        return self._out([])

    @_with_room
    def probe_open(self, epoch, now):
        """A peer at a later epoch's id opened the probe's connection (and was sent the probe)."""
        self.fence.opened(epoch, now)
        return {}

    @_with_room
    def probe_answer(self, epoch, text, now):
        """What that peer answered: a proof of the room key steps this tab aside; "wait" waits; anything else
        is ignored, and the big screen warns that someone tried to take the room over."""
        verdict = self.fence.answered(self.session.room_key, self.session.code, epoch, text, now)
        if verdict == "proved":
            return self.moved_on(epoch)
        if verdict == "refused":
            self.session.dirty = True
        out = self._out([])
        if verdict == "refused":
            out["unprobe"] = [epoch]
        return out

    @_with_room
    def action(self, text, now, ref=None):
        """A tap on the big screen, as the screen's data-move JSON: a room action ({"room": "start"}) or a move
        the host makes ({"type": "reveal"}), which names the decision on screen when it was tapped (`ref`: stale
        once the room moved on). A refusal is a sentence on the big screen for a few seconds, unless it is a
        harmless race (room/races.py: a double click, Start twice), which shows nothing."""
        try:
            action = json.loads(text)
        except Exception:
            action = None
        out, error, download = [], None, None
        if not isinstance(action, dict):
            error = N_("Unknown action.")
        elif action.get("room") == "save":  # Save this game: the record file, for the browser to download
            name, file_text = self.session.game_file(action.get("game"))
            if name is not None:
                download = [name, file_text]
            else:
                error = file_text
        else:
            action = protocol.host_action_of(action, ref)
            out, error = self.session.host_action(action, now)
            if error is not None and races.host_race(action["t"], self.session.refused, self.session.phase):
                error = None  # its effect already holds (docs/decisions.md, "A harmless race shows nothing")
        if error is not None:
            self.error_since, self.error_ref = now, self._ref()
        if error != self.error:
            self.error = error
            self.session.dirty = True
        self.acted += 1
        result = self._out(out)
        result["acted"] = self.acted
        if download is not None:
            result["download"] = download
        return result

    @_with_room
    def moved_on(self, epoch):
        """A host of a later epoch answered (the probe), or another successor holds this epoch's id: this tab
        steps aside: a tab that played a seat rejoins the room as that player (leave: True); the room's big screen
        (no seat) comes back as a remote screen of the new host ("screen"), the table with its code and QR code.
        What phones sent meanwhile is for that host: dropped here."""
        self.held = []
        seated = any(s.local and not s.removed for s in self.session.lobby.seats)
        fence.step_aside(self.session, self.store, epoch)
        return {"storage": self._writes(), "leave": True if seated else "screen"}

    # --- what goes out -------------------------------------------------------------------------------

    def _out(self, messages, hangup=(), probe=()):
        out = {}
        if messages:
            out["send"] = [[conn, text] for conn, text in messages]
        if hangup:
            out["hangup"] = list(hangup)
        if probe:
            out["probe"] = list(probe)
        session = self.session
        if session.lang not in self.languages and session.lang not in self.asked:
            self.asked.add(session.lang)
            out["catalog"] = [session.lang]
        if session.lang != self.stored_lang:  # this TV's next new room opens in it (a reload keeps the record's)
            self.stored_lang = session.lang
            self.store.set(ROOM_LANG_KEY, session.lang)
        if session.dirty:
            session.dirty = False
            out["screen"] = self.draw()
        if session.seq != self.persisted_seq:
            # with the same message as the views it goes with: a reload never resumes a room behind its phones
            self.persisted_seq = session.seq
            out["record"] = json.dumps(session.snapshot(), separators=(",", ":"))
        watchers = session.screens.conns()
        if watchers != self.watchers:
            self.watchers = out["watchers"] = watchers
        writes = self._writes()
        if writes:
            out["storage"] = writes
        return out

    def _ref(self):
        """The decision the big screen shows (its view's ref), None outside a game."""
        return (self.session.screen()["view"] or {}).get("ref")

    def _writes(self):
        writes, self.store.writes = self.store.writes, []
        return writes

    def screen(self):
        """Everything of the room the big screen may show: HostSession.screen() (the room summary and the table's
        view, or the host's own seat's when the host plays; a replay's step; the seed once a game is over), what
        the lobby needs to draw its picker, who cannot get through, and the last action's error."""
        screen = self.session.screen()
        for person in screen["room"]["people"]:
            seat = self.session.lobby.by_id(person["id"])
            person["path"] = self.paths.get(seat.conn) if seat is not None and seat.conn is not None else None
        info = self.session.screen_info()
        self.shown_knocking = info["knocking"] = self.knocking.labels()
        info["intruder"] = bool(self.fence and self.fence.intruder)
        screen["info"] = info
        screen["error"] = self.error
        return screen

    def draw(self):
        """The big screen for the page: drawn from screen() and the page's own part only (draw()), in the room's
        language once its bundle is here (English until then)."""
        language = self.languages.get(self.session.lang, self.languages[i18n.SOURCE])
        before = i18n.swap(language)
        try:
            return draw(self.screen(), self.page_info)
        finally:
            i18n.swap(before)


def draw(screen, page_info):
    """The big screen's HTML and what the page does with it, from the room's screen() and the page's own part:
    nothing else of the room goes into it (tests/test_host_threads.py). In the language i18n uses now."""
    info = dict(screen["info"])
    info.update(
        {
            "join_url": page_info["join_url"],
            "join_hint": page_info["join_hint"],
            "qr_svg": page_info["qr_svg"],
            "sound": page_info["sound"],
            "relay": page_info["relay"],
            "screen_url": page_info["screen_url"],
            "screen_qr": page_info["screen_qr"],
            "status_error": host_link_problem(page_info["status"]),
            "error": screen["error"] or (BAD_RELAY % page_info["bad_relay"] if page_info["bad_relay"] else None),
        }
    )
    room, view = screen["room"], screen["view"] or {}
    drawn = {
        "html": host_screen(screen, info),
        "ref": view.get("ref"),
        # a new phase, round or game: the page chimes, if its sound is on
        "moment": "%s/%s/%s" % (room["phase"], view.get("phase"), view.get("round")),
        "marks": {
            "seq": screen["seq"],
            "phase": room["phase"],
            "players": len(room["people"]),
            "knocking": len(info["knocking"]),
            "lang": i18n.current().lang,  # the language it is drawn in: the page's <html lang>
            "dir": i18n.current().dir,  # and its writing direction: the page's <html dir>
        },
    }
    if info.get("host_plays"):
        # a host tab that is a seat's screen: its remote screens (a successor's, HostSession.takes_screens) are
        # sent the table, drawn as the TV draws it, never this seat
        table = dict(screen, view=screen["controls"], me=None, controls=None)
        drawn["table"] = host_screen(table, dict(info, host_plays=False, took_over=False))
    return drawn
