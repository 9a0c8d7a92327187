"""Bank or Bust: what leaves the host. Everything on the table is public (D2-22) except the deck
ORDER: the deck appears only as a count. Built from an allow-list, never by copying state."""

from . import cards as C


def _row_view(row, name):
    # Hot path (7 views per move): one pass builds the cards and finds the reference (D2-09).
    ref = C.START_CARD[name]
    cards = []
    for c in row["cards"]:
        mods = c["mods"]
        value = c["value"] + sum(mods) if mods else c["value"]
        if not c["covered"]:
            ref = value
        cards.append({"value": c["value"], "modifiers": list(mods), "effective": value, "covered": c["covered"]})
    return {
        "start": C.START_CARD[name],
        "cards": cards,
        "doubled": row["doubled"],
        "reference": ref,
        "count": len(cards),
    }


def _pending_view(s):
    card = s["pending"]
    if card is None:
        return None
    rows = s["rows"][s["turn"]]
    out = {"card": card, "kind": C.card_kind(card), "player": s["turn"]}
    if C.is_number(card):
        out["fits"] = C.rows_for_number(rows, card)
    else:
        out["rows"] = C.rows_for_power(rows, card)
        if card in C.MODIFY_AMOUNT:
            out["amount"] = C.MODIFY_AMOUNT[card]
    return out


LAST_SHOWN = 5  # the pile's top cards the TV shows


def _discard_pile_view(pile):
    """The discard pile is public (D2-22): its Number cards by value, its Power cards counted by name. Its
    full order is not shown (nobody at a table tracks it, and a reshuffle randomises it anyway, D2-16), only
    its top few cards, as they lie face up on a table."""
    numbers = []
    power = {}
    for card in pile:
        if C.is_number(card):
            numbers.append(card)
        else:
            power[card] = power.get(card, 0) + 1
    numbers.sort()
    return {"numbers": numbers, "power": power, "last": list(pile[-LAST_SHOWN:])}


def build_view(game, s, viewer):
    status = s["status"]
    players = []
    removed = []
    for q in s["seats"]:
        if q not in status:
            removed.append(q)
            continue
        rows = s["rows"][q]
        players.append(
            {
                "id": q,
                "status": status[q],
                "holds_discard": s["holds"][q],
                "total": s["totals"][q],
                "top": _row_view(rows["top"], "top"),
                "bottom": _row_view(rows["bottom"], "bottom"),
            }
        )
    summary = s["summary"]
    view = {
        "phase": s["phase"],
        "round": s["round"],
        "starter": s["starter"],
        "turn": s["turn"],
        "grace_ms": s.get("grace_ms"),  # D2-28: when the away player's turn passes over them
        "players": players,
        "removed": removed,
        "pending": _pending_view(s),
        "deck_count": len(s["deck"]),
        "discard_count": len(s["discard"]),
        "discard_pile": _discard_pile_view(s["discard"]),
        "supply_count": s["supply"],
        "log": [dict(e) for e in s["log"]],
        "summary": summary and {"round": summary["round"], "lines": [dict(line) for line in summary["lines"]]},
        "target": C.WINNING_TOTAL,
        "winners": list(s["winners"]),
        "ended": s["ended"],
    }
    if isinstance(viewer, str) and viewer in s["status"]:
        moves = game.legal_moves(s, viewer) if s["turn"] == viewer else []
        view["me"] = viewer
        view["act"] = bool(moves)
        view["moves"] = moves
    return view
