"""The cards of Someone Else's Problem: every count and name lives here, so the decks can change."""

# D4-01: six scandalous object types x 6 copies, plus ALIBI x 4 (not scandalous). Config, not text.
ALIBI = "alibi"
SCANDALOUS = ("secret_photo", "spare_key", "love_letter", "burner_phone", "hotel_receipt", "diary")
OBJECT_TYPES = SCANDALOUS + (ALIBI,)
OBJECT_DECK = {
    "secret_photo": 6,
    "spare_key": 6,
    "love_letter": 6,
    "burner_phone": 6,
    "hotel_receipt": 6,
    "diary": 6,
    ALIBI: 4,
}

# D4-02: GIFT 16 / EXCHANGE 8 / DENY 12 / REDIRECT 12 = 48 action cards. Config, not text.
GIFT, EXCHANGE, DENY, REDIRECT = "gift", "exchange", "deny", "redirect"
ACTION_TYPES = (GIFT, EXCHANGE, DENY, REDIRECT)
ACTION_DECK = {GIFT: 16, EXCHANGE: 8, DENY: 12, REDIRECT: 12}

OBJECTS_PER_PLAYER = 5
HAND_SIZE = 4
MIN_PLAYERS, MAX_PLAYERS = 3, 6

LOG_KEEP = 40  # narration entries kept in state (the view shows the last few)
LOG_SHOWN = 12
MAX_OPTION_CARDS = 200  # sanity bound on explicit decks in options
D4_03_REDEALS = 1000  # redeal attempts before a config is declared unable to give everyone a secret


def is_scandalous(kind):
    # D4-01: every type except ALIBI is scandalous.
    return kind != ALIBI


def deck(counts):
    """The deck as a list, in the fixed order of its types (shuffled by the caller)."""
    out = []
    for kind in counts:
        out.extend([kind] * counts[kind])
    return out


def scandalous_count(objects):
    """Scandalous objects in a {type: n} group (D4-01: everything but ALIBI)."""
    return sum(objects.values()) - objects.get(ALIBI, 0)


def holds(hand, cards):
    """Whether a hand holds all these cards (repeats counted)."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def pairs_in(hand):
    """Every distinct two-card choice from a hand (for the substitute gift, D4-04)."""
    kinds = [k for k in ACTION_TYPES if k in hand]
    out = []
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if holds(hand, [a, b]):
                out.append([a, b])
    return out
