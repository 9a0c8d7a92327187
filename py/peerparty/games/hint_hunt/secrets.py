"""What no view may show before its time (tests/test_leaks.py): others' boards (words, hint) before they are
played; the current board's unclaimed roles until it ends, to everyone but its writer. Read by the tests only,
never shipped to a page."""

from ...engine.leaks import quoted
from . import boards as B

PLAYOUTS = 150  # long games (every pick of targets is a legal move): ~0.3 s a playout


def fragments(s, viewer):
    """[(what, fragment of canonical JSON, how often the viewer's text may hold it)]."""
    out = []
    own = viewer if isinstance(viewer, str) and viewer in s["boards"] and viewer not in s["removed"] else None
    if s["phase"] == "hint_writing":
        started = set()
    elif s["phase"] == "guessing":
        started = set(s["order"][: s["turn"] + 1])
    else:
        return out
    for q, board in s["boards"].items():
        if q == own or q in started:
            continue
        for w in board["words"]:
            out.append(("board of %s" % q, quoted(w), 0))
        if board["hint"]:
            out.append(("hint of %s" % q, quoted(board["hint"]), 0))
    if s["phase"] == "guessing" and not s["ended"]:
        writer = s["order"][s["turn"]]
        board = s["boards"][writer]
        if own != writer:
            for w in board["words"]:
                if w not in s["claimed"]:
                    out.append(
                        ("unclaimed role on %s's board" % writer, "%s:%s" % (quoted(w), quoted(B.role_of(board, w))), 0)
                    )
            # the board before this one has ended: its roles are everyone's (D3-08), once
            out.append(("the roles of the current board", '"roles":', 0 if s["last_board"] is None else 1))
            out.append(("the assassin", '"assassin":', 0))
            out.append(("the locked words", '"civilians":', 0))
    return out


def perturbed(game, s, viewer):
    """The same state with the current board's unclaimed roles rotated among its unclaimed words."""
    if s["phase"] != "guessing" or s["ended"]:
        return []
    writer = s["order"][s["turn"]]
    own = viewer if viewer in s["boards"] and viewer not in s["removed"] else None
    board = s["boards"][writer]
    unclaimed = [w for w in board["words"] if w not in s["claimed"]]
    if own == writer or len(unclaimed) < 2:
        return []
    roles = [B.role_of(board, w) for w in unclaimed]
    moved = dict(zip(unclaimed, roles[1:] + roles[:1]))
    if moved == dict(zip(unclaimed, roles)):
        return []

    def role(w):
        return moved.get(w) or B.role_of(board, w)

    t = game.copy_state(s)
    t["boards"][writer] = dict(
        board,
        targets=[w for w in board["words"] if role(w) == "target"],
        civilians=[w for w in board["civilians"] if role(w) == "civilian"],
        assassin=[w for w in board["words"] if role(w) == "assassin"][0],
    )
    return [t]
