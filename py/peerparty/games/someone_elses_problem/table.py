"""Setting the table: reading the explicit options, dealing the rest from the rng (D4-03 redeal)."""

from .cards import (
    ACTION_DECK,
    ACTION_TYPES,
    D4_03_REDEALS,
    HAND_SIZE,
    MAX_OPTION_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OBJECT_DECK,
    OBJECT_TYPES,
    OBJECTS_PER_PLAYER,
    deck,
    is_scandalous,
)


def _names(value, allowed, what):
    if not isinstance(value, list) or len(value) > MAX_OPTION_CARDS:
        raise ValueError("%s must be a list of card names" % what)
    for name in value:
        if not isinstance(name, str) or name not in allowed:
            raise ValueError("%s: unknown card %r" % (what, name))
    return list(value)


def _per_player(options, key, players, allowed):
    given = options.get(key) or {}
    if not isinstance(given, dict):
        raise ValueError("options[%r] must map player ids to lists" % key)
    out = {}
    for pid, cards in given.items():
        if pid not in players:
            raise ValueError("options[%r]: %r is not a player" % (key, pid))
        out[pid] = _names(cards, allowed, "options[%r][%r]" % (key, pid))
    return out


def _without(pool, cards):
    # Explicit cards come out of the deck when it has them; a test table may exceed the counts.
    for card in cards:
        if card in pool:
            pool.remove(card)


def counts_of(cards):
    counts = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def deal(players, rng, options):
    """Returns (objects {pid: {type: n}}, hands {pid: [cards]}, draw pile top first, first seat)."""
    players = list(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError("Someone Else's Problem needs %d-%d players" % (MIN_PLAYERS, MAX_PLAYERS))
    if len(set(players)) != len(players):
        raise ValueError("player ids must be distinct")
    options = options or {}
    fixed_objects = _per_player(options, "objects", players, OBJECT_TYPES)
    fixed_hands = _per_player(options, "hands", players, ACTION_TYPES)

    pool = deck(OBJECT_DECK)
    for cards in fixed_objects.values():
        _without(pool, cards)
    dealt_to = [p for p in players if p not in fixed_objects]
    if len(pool) < OBJECTS_PER_PLAYER * len(dealt_to):
        raise ValueError("the object deck is too small for this table")
    for _ in range(D4_03_REDEALS):
        rng.shuffle(pool)
        dealt = {}
        for i, p in enumerate(dealt_to):
            dealt[p] = pool[i * OBJECTS_PER_PLAYER : (i + 1) * OBJECTS_PER_PLAYER]
        # D4-03: redeal until every dealt player holds at least one scandalous object. An explicit
        # table is used as given, so a test can build any position.
        if all(any(is_scandalous(c) for c in dealt[p]) for p in dealt_to):
            break
    else:
        raise ValueError("D4-03: this object deck cannot give every player a scandalous object")
    dealt.update(fixed_objects)
    objects = {p: counts_of(dealt[p]) for p in players}

    actions = deck(ACTION_DECK)
    for cards in fixed_hands.values():
        _without(actions, cards)
    draw = None
    if "draw_pile" in options and options["draw_pile"] is not None:
        draw = _names(options["draw_pile"], ACTION_TYPES, "options['draw_pile']")
        _without(actions, draw)
    rng.shuffle(actions)
    hands = {}
    for p in players:
        if p in fixed_hands:
            hands[p] = fixed_hands[p]
        else:
            hands[p] = actions[:HAND_SIZE]
            del actions[:HAND_SIZE]
    if draw is None:
        draw = actions

    first = options.get("first_player")
    if first is None:
        seat = rng.randrange(len(players))
    elif first in players:
        seat = players.index(first)
    else:
        raise ValueError("options['first_player'] must be one of the players")
    return objects, hands, draw, seat
