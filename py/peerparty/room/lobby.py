"""The room's people: seats in join order, tokens, presence, spectators, removal. Pure data.

A seat is bound to the secret token the host issued at join, never to the name a phone claims.
Join order is seat order (DX-01). A removed seat keeps its place in history but its token is
revoked for good.
"""

import unicodedata  # host only: phones (MicroPython, which lacks it) import no module of seats

from ..i18n import N_
from .protocol import AWAY_MS, NAME_MAX, peer_id  # noqa: F401 (peer_id beside the room code)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: nothing to confuse with 1 or 0
CODE_LENGTH = 4
ROOM_CAP = 12  # people in the lobby and at the results; during play, newcomers watch or wait (DX-05)


def new_room_code(rng):
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# Characters that draw nothing or reorder what follows: a name holding one could pose as another
# ("Ann\u200b" beside "Ann", "\u202eevE" shown as "Eve"). Format (Cf) covers the zero-width, bidi and
# invisible operators; these others draw nothing either.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u034f\u2800") | frozenset(chr(c) for c in range(0xFE00, 0xFE10))


# An emoji sequence is written with characters that draw nothing on their own: the zero-width joiner between two
# emoji ("👨‍👩‍👧", "🏳️‍🌈"), a variation selector after one ("❤️"), the tag letters of a subdivision flag after a
# black flag. Each is allowed there and only there; anywhere else it is one of the characters above.
ZWJ, EMOJI_STYLE, TEXT_STYLE = "\u200d", "\ufe0f", "\ufe0e"
BLACK_FLAG, TAG_END = "\U0001f3f4", "\U000e007f"
KEYCAP = "0123456789#*"  # "1️⃣": a digit, the emoji style, the enclosing keycap
# pictographs and symbols that are written as emoji (Unicode's Extended_Pictographic, by block)
EMOJI_BLOCKS = ((0x1F000, 0x1FAFF), (0x2600, 0x27BF), (0x2300, 0x23FF), (0x2B00, 0x2BFF), (0x2190, 0x21FF))
EMOJI_MARKS = ("\u00a9", "\u00ae", "\u203c", "\u2049", "\u2122", "\u2139", "\u3030", "\u303d", "\u3297", "\u3299")


def is_emoji(ch):
    n = ord(ch)
    return ch in EMOJI_MARKS or any(low <= n <= high for low, high in EMOJI_BLOCKS)


def skin_tone(ch):
    return 0x1F3FB <= ord(ch) <= 0x1F3FF


def _in_emoji_sequence(raw, i):
    """Whether raw[i], a character that draws nothing alone, is part of an emoji sequence there."""
    ch = raw[i]
    before = raw[i - 1] if i else ""
    after = raw[i + 1] if i + 1 < len(raw) else ""
    if ch in (EMOJI_STYLE, TEXT_STYLE):
        return bool(before) and (is_emoji(before) or before in KEYCAP)
    if ch == ZWJ:  # joins the emoji before it (with its style or skin tone) to the emoji after it
        while before and (before == EMOJI_STYLE or skin_tone(before)) and i > 1:
            i -= 1
            before = raw[i - 1]
        return bool(before) and is_emoji(before) and bool(after) and is_emoji(after)
    if 0xE0020 <= ord(ch) <= 0xE007F:  # a subdivision flag: the black flag, tag letters, the cancel tag
        j = i
        while j > 0 and 0xE0020 <= ord(raw[j - 1]) <= 0xE007E:
            j -= 1
        k = i
        while k < len(raw) and 0xE0020 <= ord(raw[k]) <= 0xE007E:
            k += 1
        return j > 0 and raw[j - 1] == BLACK_FLAG and k < len(raw) and raw[k] == TAG_END
    return False


def clean_name(raw):
    """(name, None) or (None, the reason: {"msg": a message of the catalogs, "values": what fills it}). The host's rule for a seat's name: spaces trimmed
    and collapsed, NFC, 1 to NAME_MAX characters, and no control, lone-surrogate or invisible/bidi character
    but inside an emoji sequence (a joiner between two emoji, a variation selector after one, a flag's tags).
    (The phone pre-checks with protocol.clean_name, which MicroPython can run; this one decides.)"""
    if not isinstance(raw, str):
        return None, {"msg": N_("A name is text."), "values": {}}
    for i, ch in enumerate(raw):
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs") and ch not in "\t\n\r":  # whitespace is collapsed below
            return None, {"msg": N_("Names cannot hold control characters."), "values": {}}
        if (category == "Cf" or ch in INVISIBLE) and not _in_emoji_sequence(raw, i):
            return None, {
                "msg": N_("Names cannot hold invisible or direction-changing characters (%(code)s)."),
                "values": {"code": "U+%04X" % ord(ch)},
            }
    name = unicodedata.normalize("NFC", " ".join(raw.split()))
    if not 1 <= len(name) <= NAME_MAX:
        return None, {"msg": N_("Names are 1 to %(n)s characters."), "values": {"n": NAME_MAX}}
    return name, None


def fold(name):
    """The form two names are compared in: NFKC, case-folded, invisibles dropped. Two seats never fold alike."""
    name = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in name if unicodedata.category(ch) not in ("Cf", "Cc", "Cs") and ch not in INVISIBLE)


FACES = 12  # a seat's face (its colour and mark on every screen, ui/html.py face()): one of these, unique
# among the seats still in the room, kept for the seat's life


class Seat:
    __slots__ = ("id", "name", "token", "spectator", "removed", "local", "conn", "last_seen_ms", "last_move_id", "face")

    def __init__(self, pid, name, token, spectator=False, local=False, face=0):
        self.id = pid
        self.face = face
        self.name = name
        self.token = token
        self.spectator = spectator
        self.removed = False
        self.local = local  # the host's own seat (Hint Hunt: the host plays too)
        self.conn = None
        self.last_seen_ms = 0
        self.last_move_id = -1  # moves with an id at or below this were already handled

    def present(self, now_ms):
        if self.local:
            return True
        return self.conn is not None and now_ms - self.last_seen_ms <= AWAY_MS

    def to_record(self):
        return {
            "id": self.id,
            "name": self.name,
            "token": self.token,
            "spectator": self.spectator,
            "removed": self.removed,
            "local": self.local,
            "last_move_id": self.last_move_id,
            "face": self.face,
        }

    @classmethod
    def from_record(cls, record):
        seat = cls(record["id"], record["name"], record["token"], record["spectator"], record["local"])
        seat.removed = record["removed"]
        seat.last_move_id = record["last_move_id"]
        seat.face = record.get("face", 0)
        return seat


class Lobby:
    """Seats in join order, with the lookups the host needs."""

    def __init__(self):
        self.seats = []
        self.next_number = 1
        self.barred = []  # folded names of the players the host removed: they cannot rejoin

    def add(self, name, token, spectator=False, local=False):
        taken = [s.face for s in self.active()]
        free = [f for f in range(FACES) if f not in taken]
        # the first face no one in the room wears (past twelve, the first again: the initial still tells them apart)
        seat = Seat("p%d" % self.next_number, name, token, spectator, local, free[0] if free else 0)
        self.next_number += 1
        self.seats.append(seat)
        return seat

    def by_id(self, pid):
        for seat in self.seats:
            if seat.id == pid:
                return seat
        return None

    def by_token(self, token):
        for seat in self.seats:
            if seat.token == token:
                return seat
        return None

    def by_conn(self, conn):
        for seat in self.seats:
            if seat.conn == conn and conn is not None:
                return seat
        return None

    def active(self):
        return [s for s in self.seats if not s.removed]

    def players(self):
        return [s for s in self.seats if not s.removed and not s.spectator]

    def name_taken(self, name):
        folded = fold(name)
        return any(fold(s.name) == folded for s in self.active())

    def by_name(self, name):
        """The seat in the room whose name folds as `name` does, or None."""
        folded = fold(name)
        for seat in self.active():
            if fold(seat.name) == folded:
                return seat
        return None

    def bar(self, name):
        """Refuse this name (folded as name_taken folds it) for the rest of the room."""
        if fold(name) not in self.barred:
            self.barred.append(fold(name))

    def name_barred(self, name):
        return fold(name) in self.barred

    def to_record(self):
        return {
            "seats": [s.to_record() for s in self.seats],
            "next_number": self.next_number,
            "barred": list(self.barred),
        }

    @classmethod
    def from_record(cls, record):
        lobby = cls()
        lobby.seats = [Seat.from_record(r) for r in record["seats"]]
        lobby.next_number = record["next_number"]
        lobby.barred = list(record.get("barred", []))
        return lobby
