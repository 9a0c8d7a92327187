"""Bank or Bust: the cards, the two rows and the round scoring, as plain data and pure functions.

Every component count and bonus lives here, in one place (docs/rules/bank-or-bust.md: the designers'
numbers are config). A card is an int 2..99 (a Number card) or one of the Power card names below.
"""

NUMBER_LOW = 2
NUMBER_HIGH = 99
MODIFY_AMOUNT = {"mod10": 10, "mod20": 20}  # D2-03: the player picks the sign when playing
POWER_CARDS = ("mod10", "mod20", "cover", "double")
POWER_MIX = (("mod20", 2), ("mod10", 6), ("cover", 6), ("double", 4))
DISCARD_SUPPLY = 6  # one per player at most, so the supply never runs out (A.2.2)
WINNING_TOTAL = 50  # D2-23: "50 or more"
PAIRS_BONUS = ((5, 50), (4, 15), (3, 5))  # D2-19: tier by the shorter row
LONGEST_ROW_BONUS = 5
ROWS = ("top", "bottom")
START_CARD = {"top": 100, "bottom": 1}  # top descends from 100, bottom ascends from 1
SIGNS = ("+", "-")


def is_number(card):
    return type(card) is int and NUMBER_LOW <= card <= NUMBER_HIGH


def is_card(card):
    return is_number(card) or (type(card) is str and card in POWER_CARDS)


def full_deck():
    """The 116-card deck, unshuffled: 98 Number cards and 18 Power cards."""
    deck = list(range(NUMBER_LOW, NUMBER_HIGH + 1))
    for name, count in POWER_MIX:
        deck.extend([name] * count)
    return deck


def card_kind(card):
    if is_number(card):
        return "number"
    return "modify" if card in MODIFY_AMOUNT else card


# --- the row model (A.2.1): Row = {cards: [slot], doubled}; slot = {value, mods, covered} ----


def new_row():
    return {"cards": [], "doubled": False}


def new_rows():
    return {"top": new_row(), "bottom": new_row()}


def effective(slot):
    return slot["value"] + sum(slot["mods"])


def reference(row, name):
    # D2-09: the effective value of the rightmost uncovered card, else the start card.
    cards = row["cards"]
    for i in range(len(cards) - 1, -1, -1):
        if not cards[i]["covered"]:
            return effective(cards[i])
    return START_CARD[name]


def fits(row, name, n):
    # D2-12: strict comparisons ("lower" / "higher").
    ref = reference(row, name)
    return n < ref if name == "top" else n > ref


def rows_for_number(rows, n):
    return [name for name in ROWS if fits(rows[name], name, n)]


def can_take_power(row, card):
    cards = row["cards"]
    if card in MODIFY_AMOUNT:
        # D2-10: only on the Number card at the end, and not when that card is covered.
        return bool(cards) and not cards[-1]["covered"]
    if card == "cover":
        # D2-08: needs an uncovered Number card somewhere in the row (never the start card).
        for slot in cards:
            if not slot["covered"]:
                return True
        return False
    return not row["doubled"]  # double: D2-13, once per row, allowed on an empty row


def rows_for_power(rows, card):
    return [name for name in ROWS if can_take_power(rows[name], card)]


def keepable(rows, card):
    """Would drawing this card give the player something to do (place, play, or at worst bust)?"""
    return is_number(card) or bool(rows_for_power(rows, card))


def play_power(row, card, sign):
    cards = row["cards"]
    if card in MODIFY_AMOUNT:
        amount = MODIFY_AMOUNT[card]
        cards[-1]["mods"].append(amount if sign == "+" else -amount)  # D2-11: may pass 1..100
    elif card == "cover":
        for i in range(len(cards) - 1, -1, -1):  # D2-08: the rightmost uncovered card
            if not cards[i]["covered"]:
                cards[i]["covered"] = True
                break
    else:
        row["doubled"] = True


def row_discards(row):
    """Every physical card in a row, for the discard pile (D2-14): Numbers, Modify, Cover, Double."""
    out = []
    for slot in row["cards"]:
        out.append(slot["value"])
        for mod in slot["mods"]:
            out.append("mod10" if abs(mod) == 10 else "mod20")
        if slot["covered"]:
            out.append("cover")
    if row["doubled"]:
        out.append("double")
    return out


def copy_rows(rows):
    out = {}
    for name in ROWS:
        row = rows[name]
        out[name] = {
            "cards": [{"value": c["value"], "mods": list(c["mods"]), "covered": c["covered"]} for c in row["cards"]],
            "doubled": row["doubled"],
        }
    return out


# --- round scoring ------------------------------------------------------------------------


def tally(row):
    # A.2.1: one point per Number card (covered ones too, D2-20), doubled by a Double.
    return len(row["cards"]) * (2 if row["doubled"] else 1)


def pairs_bonus(rows):
    shorter = min(len(rows["top"]["cards"]), len(rows["bottom"]["cards"]))
    for at_least, bonus in PAIRS_BONUS:
        if shorter >= at_least:
            return bonus
    return 0


def longest(rows):
    return max(len(rows["top"]["cards"]), len(rows["bottom"]["cards"]))


def score_round(order, rows_of, status_of):
    """One line per player in seat order: each part of the round score. Busted players score 0."""
    banked = [p for p in order if status_of[p] == "banked"]
    # D2-18: only banked players compete; at least 1 card; any tie means nobody gets it.
    best = max([longest(rows_of[p]) for p in banked] or [0])
    holders = [p for p in banked if longest(rows_of[p]) == best]
    longest_winner = holders[0] if best >= 1 and len(holders) == 1 else None
    lines = []
    for p in order:
        rows = rows_of[p]
        line = {
            "player": p,
            "status": status_of[p],
            "cards_top": len(rows["top"]["cards"]),
            "cards_bottom": len(rows["bottom"]["cards"]),
            "doubled_top": rows["top"]["doubled"],
            "doubled_bottom": rows["bottom"]["doubled"],
            "tally_top": 0,
            "tally_bottom": 0,
            "tally": 0,
            "pairs": 0,
            "longest_row": 0,
            "round_score": 0,
        }
        if status_of[p] == "banked":
            line["tally_top"] = tally(rows["top"])
            line["tally_bottom"] = tally(rows["bottom"])
            line["tally"] = line["tally_top"] + line["tally_bottom"]
            line["pairs"] = pairs_bonus(rows)
            line["longest_row"] = LONGEST_ROW_BONUS if p == longest_winner else 0
            line["round_score"] = line["tally"] + line["pairs"] + line["longest_row"]
        lines.append(line)
    return lines
