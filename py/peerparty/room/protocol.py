"""The wire protocol, version 1: every message is one JSON object sent as text.

Runs on the phone (MicroPython) and the host (Pyodide), so it keeps to plain Python.

phone -> host
  {"v":1,"t":"hello","room":CODE,"name":str|None,"epoch":int}       join with a name
  {"v":1,"t":"hello","room":CODE,"name":str|None,"seat":tag,"nonce":hex,"epoch":int}
                                            rejoin a seat: the tag (proof.seat_tag) names it, the nonce asks
                                            the host to prove it knows the seat's token (the token itself never
                                            crosses the link: issue 31, docs/trust.md); epoch: the highest host
                                            term this phone has been welcomed by (it refuses any lower one)
  {"v":1,"t":"prove","proof":hex}           the phone's proof of the token, for the host's challenge nonce
  {"v":1,"t":"probe","room":CODE,"epoch":int,"nonce":hex}
                                            from another host page: are you this room's host at `epoch`?
  {"v":1,"t":"move","id":int,"ref":str|int|None,"move":{"type":...}}
                                            a game move; id counts up per seat; ref names the decision
                                            it answers (the view's "ref"): another one is refused, `stale`
  {"v":1,"t":"ping","n":int}                                           heartbeat (every PING_MS)
  {"v":1,"t":"leave"}                                                  give up my seat (lobby, results)
  {"v":1,"t":"control","id":int,"action":{"t":kind,...}}
                                            from the seat holding the controls (room/controls.py): one of the
                                            TV's own actions (HostSession.host_action), checked as the TV's;
                                            from any other seat it is refused, `not_controls`. id counts with
                                            the seat's moves; a control is answered (ack or error), never resent
  {"v":1,"t":"kept","epoch":int,"n":int}    the successor's phone has stored replica number n (room/replication.py:
                                            until the host hears it, the replica the last successor holds stays)
  {"v":1,"t":"watch","room":CODE,"epoch":int[,"screen":tag,"nonce":hex]}
                                            a remote screen (screen.html), not a seat: room/screens.py
host -> phone
  {"v":1,"t":"challenge","nonce":hex,"proof":hex}   the host's proof of the seat's token for the phone's
                                            nonce, and a nonce of its own for the phone to prove it with
  {"v":1,"t":"welcome","seat":pid,"token":str|absent,"next_id":int,"room":CODE,"epoch":int,"successor":bool}
                                            the token only to a new seat (a rejoined phone has it)
                                            seq counts afresh within an epoch; only the successor may keep
                                            a replica (host migration)
  {"v":1,"t":"view","seq":int,"now_ms":int,"me":pid,"room":{...},"view":{...,"ref":...}|None,
   "controls":{...}|absent}               controls: only to the seat holding them (what its buttons need)
  {"v":1,"t":"ack","id":int}              a move was applied (or had been: a resent duplicate)
  {"v":1,"t":"error","code":str,"msg":sentence,"id":int|None}
  {"v":1,"t":"pong","n":int}
  {"v":1,"t":"bye","reason":"removed"|"left"|"seat_moved"}   the seat is gone (seat_moved: the host let a new
                                          phone take it, room/claims.py): the phone stops and closes
  {"v":1,"t":"waiting","why":"claim"|"game","msg":sentence}   a hello that waits, its name kept: for the host to
                                          let it into an away seat of that name (claim), or for the game under way
                                          to end (game: it is seated by itself at the results, room/latecomers.py)
  {"v":1,"t":"closing"}                   the host's tab is going (closed, or reloading): sent as it goes, then
                                          every link is hung up (static/js/host-room.js pagehide; rejoin.py)
  {"v":1,"t":"replica","epoch":int,"n":int,"snapshot":{...}}   the room's record, to the successor only; n numbers
                                          it among this tab's replicas (the phone answers kept with it)
  {"v":1,"t":"replica","drop":true}       erase the replica: sent once the current successor keeps one
  {"v":1,"t":"proof","epoch":int,"proof":hex}   to a probe: the room key's proof (room/fence.py checks it)
  {"v":1,"t":"wait"}                      the host page is up but its rules are still loading: what the phone
                                          sends is kept and answered once they are (the host's screen thread
                                          says it on connect, and to pings, until its rules worker is ready)
"""

import json

from ..i18n import N_
from .proof import MAC_HEX, NONCE_HEX, TAG_HEX, is_hex

VERSION = 1
MAX_TEXT = 8192  # bytes of one message; anything longer is refused unread
MAX_DEPTH = 4  # nesting of a move object
MAX_KEYS = 16  # keys per object / items per list inside a move
MAX_STR = 200  # any string inside a move
NAME_MAX = 20
PING_MS = 2000  # phones ping this often
AWAY_MS = 6500  # a seat silent this long shows as away
HOST_LOST_MS = 7000  # a phone that hears nothing this long reconnects
PROOF_MS = 30000  # a peer at a later epoch's id proves itself within this, or is dropped (a successor's
# rules boot in <= 25 s, saying "wait" meanwhile): room/fence.py, rejoin.py, screen.js
MAX_SCREENS = 4  # remote screens watching a room at once (room/screens.py)

# Sentences a player understands, one per error code the room itself produces: messages of the catalogs, sent in
# English with what fills them ("values") and shown by the phone in its own language (i18n.sentence)
ROOM_ERRORS = {
    "bad_json": N_("That message could not be read."),
    "bad_message": N_("That message is not one PeerParty understands."),
    "too_large": N_("That message is too large."),
    "not_joined": N_("Join the room with a name first."),
    "bad_token": N_("That seat is not known here. Join again with your name."),
    "bad_name": N_("Names are 1 to 20 characters."),
    "name_taken": N_("Someone in the room already has that name."),
    "name_removed": N_("The host removed the player with that name, and a removed player cannot rejoin this room."),
    "room_full": N_("This room is full."),
    "game_running": N_("A game is under way; new players can join when it ends."),
    "removed": N_("The host removed you from this room."),
    "rate_limited": N_("Slow down: too many messages."),
    "wrong_room": N_("That is a different room."),
    "not_a_player": N_("Spectators watch; they cannot make moves."),
    "no_game": N_("No game is running."),
    "stale": N_("That was for an earlier moment of the game; here is where it stands now."),
    "old_host": N_("This room has moved to a new host."),
    "bad_proof": N_("That seat could not be proved. Join again with your name."),
    "internal": N_("The host could not handle that move. Nothing changed."),
    "claim_refused": N_("The host did not let this phone into that seat. Join with another name."),
    "claim_void": N_("That player is back on their own phone. Join with another name."),
    "claim_pending": N_("Another phone is already asking for that seat."),
    "seat_moved": N_("The host gave your seat to another phone."),
    "not_controls": N_("Only the player with the controls can do that."),
    "screens_full": N_("This room already has %(n)s screens. The host can drop one on the TV (People)."),
    # a host tab that is a seat's own screen ("I play on this screen") takes none (room/host.py takes_screens)
    "no_screens": N_(
        "The room's TV shows a player's own cards (I play on this screen), so it takes no other screen now."
    ),
}


ROOM_ERROR_VALUES = {"screens_full": {"n": MAX_SCREENS}}


class ProtocolError(Exception):
    def __init__(self, code, detail=None, **values):
        Exception.__init__(self, code)
        self.code = code
        self.detail = detail or ROOM_ERRORS.get(code, code)
        self.values = values or ({} if detail else dict(ROOM_ERROR_VALUES.get(code) or {}))


def _json_text():
    """json.dumps that writes every character as itself. CPython's default escapes a character past U+FFFF as
    a UTF-16 surrogate pair ("\\ud83c\\udf89"), which MicroPython's json.loads reads as two broken characters:
    a phone showed "🎉Zoë" as six replacement marks. A lone surrogate (no text, but JSON can carry
    one) stays escaped, as JavaScript's JSON.stringify does. MicroPython's own dumps writes text as it is and
    takes no ensure_ascii."""
    try:
        json.dumps("", ensure_ascii=False)
    except TypeError:
        return lambda value: json.dumps(value, separators=(",", ":"))

    def dumps(value):
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeError:
            return json.dumps(value, separators=(",", ":"))
        return text

    return dumps


dumps = _json_text()


def encode(message):
    message["v"] = VERSION
    return dumps(message)


def is_text(value):
    """A str that is text: no lone surrogate (half of a UTF-16 pair, which JSON may carry as an escape), which
    no screen can draw and which could not be sent on as text."""
    for ch in value:
        if 0xD800 <= ord(ch) <= 0xDFFF:
            return False
    return True


def _check_value(value, depth):
    if value is None or isinstance(value, (bool, int)):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**31:
            raise ProtocolError("bad_message", N_("A number in that move is out of range."))
        return
    if isinstance(value, str):
        if len(value) > MAX_STR:
            raise ProtocolError("bad_message", N_("A text in that move is too long."))
        if not is_text(value):
            raise ProtocolError("bad_message", N_("A text in that move holds a broken character."))
        return
    if depth >= MAX_DEPTH:
        raise ProtocolError("bad_message", N_("That move is nested too deeply."))
    if isinstance(value, list):
        if len(value) > MAX_KEYS:
            raise ProtocolError("bad_message", N_("That move has too many items."))
        for item in value:
            _check_value(item, depth + 1)
        return
    if isinstance(value, dict):
        if len(value) > MAX_KEYS:
            raise ProtocolError("bad_message", N_("That move has too many fields."))
        for key, item in value.items():
            if len(key) > 32 or not is_text(key):
                raise ProtocolError("bad_message", N_("A field name in that move is too long."))
            _check_value(item, depth + 1)
        return
    raise ProtocolError("bad_message", N_("That move holds a value PeerParty does not accept."))


def _opt_str(message, key, limit):
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError("bad_message", N_("The field %(field)s is not valid."), field=key)
    return value


def _int(message, key):
    value = message.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > 2**31:
        raise ProtocolError("bad_message", N_("The field %(field)s must be a whole number."), field=key)
    return value


def parse_client(text):
    """Decode and validate one phone -> host message; raises ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("bad_message")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeError:  # a lone surrogate outside any JSON escape: not text
        raise ProtocolError("bad_message")
    if len(text) > MAX_TEXT or size > MAX_TEXT:
        raise ProtocolError("too_large")
    try:
        message = json.loads(text)
    except Exception:
        raise ProtocolError("bad_json")
    if not isinstance(message, dict) or message.get("v") != VERSION:
        raise ProtocolError("bad_message")
    kind = message.get("t")
    if kind == "hello":
        epoch = message.get("epoch", 0)
        seat, nonce = message.get("seat"), message.get("nonce")
        if (seat is not None or nonce is not None) and not (is_hex(seat, TAG_HEX) and is_hex(nonce, NONCE_HEX)):
            raise ProtocolError("bad_message", N_("The fields seat and nonce are not valid."))
        return {
            "t": "hello",
            "room": _opt_str(message, "room", 8) or "",
            "name": _opt_str(message, "name", 200),
            "seat": seat,
            "nonce": nonce,
            "epoch": _int(message, "epoch") if epoch else 0,
        }
    if kind == "prove":
        if not is_hex(message.get("proof"), MAC_HEX):
            raise ProtocolError("bad_message", N_("The field proof is not valid."))
        return {"t": "prove", "proof": message["proof"]}
    if kind == "probe":
        if not is_hex(message.get("nonce"), NONCE_HEX):
            raise ProtocolError("bad_message", N_("The field nonce is not valid."))
        return {
            "t": "probe",
            "room": _opt_str(message, "room", 8) or "",
            "epoch": _int(message, "epoch"),
            "nonce": message["nonce"],
        }
    if kind == "move":
        move = message.get("move")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise ProtocolError("bad_message", N_("A move needs a type."))
        _check_value(move, 1)
        ref = message.get("ref")
        if ref is not None and (
            isinstance(ref, bool) or not isinstance(ref, (int, str)) or (isinstance(ref, str) and len(ref) > 64)
        ):
            raise ProtocolError("bad_message", N_("The field ref is not valid."))
        return {"t": "move", "id": _int(message, "id"), "ref": ref, "move": move}
    if kind == "control":
        action = message.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("t"), str):
            raise ProtocolError("bad_message", N_("A control needs an action."))
        _check_value(action, 1)
        return {"t": "control", "id": _int(message, "id"), "action": action}
    if kind == "watch":
        screen, nonce = message.get("screen"), message.get("nonce")
        if (screen is not None or nonce is not None) and not (is_hex(screen, TAG_HEX) and is_hex(nonce, NONCE_HEX)):
            raise ProtocolError("bad_message", N_("The fields screen and nonce are not valid."))
        return {
            "t": "watch",
            "room": _opt_str(message, "room", 8) or "",
            "screen": screen,
            "nonce": nonce,
            "epoch": _int(message, "epoch") if message.get("epoch", 0) else 0,
        }
    if kind == "ping":
        return {"t": "ping", "n": _int(message, "n")}
    if kind == "kept":
        return {"t": "kept", "epoch": _int(message, "epoch"), "n": _int(message, "n")}
    if kind == "leave":
        return {"t": "leave"}
    raise ProtocolError("bad_message")


def host_action_of(tapped, ref=None):
    """A button's data-move as the host's action: a room action ({"room": "start"}) or a host move ({"type":
    "reveal"}), which names the decision it was tapped on (`ref`). The TV's taps and the controls phone's go
    through this one function (app/rules.py, app/phone.py), so a button means the same on both."""
    if "room" in tapped:
        action = dict(tapped)
        action["t"] = action.pop("room")
        return action
    return {"t": "move", "move": tapped, "ref": ref}


def peer_id(code, epoch):
    """The namespaced PeerJS id of a room's host; epoch counts host migrations."""
    return "peerparty-%s-%d" % (code, epoch)


def said(detail, values=None):
    """A sentence kept for a screen to draw in its own language (i18n.sentence): the English message alone, or with
    its values {"msg", "values"}; a sentence already in that shape (a plural's) as it is."""
    if isinstance(detail, dict) or not values:
        return detail
    return {"msg": detail, "values": values}


def error(code, detail=None, msg_id=None, values=None):
    """A refusal: `msg` is the English message (a catalog's key) and `values` what fills its placeholders (a
    plural adds its English `plural`), so the phone shows it in its own language (i18n.sentence)."""
    plural = None
    if isinstance(detail, dict):  # said(): a sentence with its values
        detail, values, plural = detail.get("msg"), detail.get("values") or values, detail.get("plural")
    out = {"t": "error", "code": code, "msg": detail or ROOM_ERRORS.get(code, code), "id": msg_id}
    if plural:
        out["plural"] = plural
    values = values or (None if detail else ROOM_ERROR_VALUES.get(code))
    if values:
        out["values"] = values
    return out
