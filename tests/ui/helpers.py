"""What every screen test reads the same way: the moves a rendered screen offers, the MicroPython subset the
screen modules keep to, the pictures in a how-to-play, and the room's own frame around a game."""

import ast
import json
import re
from html import unescape

from peerparty.ui import room

ELEMENT_WITH_MOVE = re.compile(r'<([a-z]+)\b([^>]*\bdata-move="[^"]*"[^>]*)>')


def data_moves(html):
    """Every element with a data-move, in page order: (move, disabled, confirm sentence or None)."""
    out = []
    for found in ELEMENT_WITH_MOVE.finditer(html):
        attrs = found.group(2)
        move = json.loads(unescape(re.search(r'data-move="([^"]*)"', attrs).group(1)))
        bare = re.sub(r'"[^"]*"', '""', attrs)  # attribute names only: a sentence may say "disabled"
        confirm = re.search(r'data-confirm="([^"]*)"', attrs)
        out.append((move, re.search(r"\bdisabled\b", bare) is not None, confirm.group(1) if confirm else None))
    return out


# a screen module imports only the screen helpers and the catalogs' lookups (i18n), so the phone bundle stays small
# and MicroPython-safe: as siblings in py/peerparty/ui/ (..i18n), from a game's package as ...ui.html and ...i18n,
# from outside (examples/) in full
SCREEN_IMPORTS = ("html", "illustrations")


def assert_micropython_subset(module):
    tree = ast.parse(open(module.__file__).read())
    for node in ast.walk(tree):
        assert not isinstance(node, ast.JoinedStr), "no f-strings"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            assert isinstance(node, ast.ImportFrom), ast.dump(node)
            sibling = (node.level == 1 and node.module in SCREEN_IMPORTS) or (node.level == 2 and node.module == "i18n")
            in_package = node.level == 3 and node.module in ["ui." + m for m in SCREEN_IMPORTS] + ["i18n"]
            outside = node.level == 0 and node.module in ["peerparty.ui." + m for m in SCREEN_IMPORTS] + [
                "peerparty.i18n"
            ]
            assert sibling or in_package or outside, ast.dump(node)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "enumerate":
            assert not node.keywords


# --- how-to-play pictures -------------------------------------------------------------------------------

PICTURE = re.compile(
    r'<figure class="ill-step"><div class="ill-art" role="img" aria-label="([^"]+)">(.*?)</div>'
    r"<figcaption>(.*?)</figcaption></figure>",
    re.S,
)


PICTURES = re.compile(r'<ol class="ill".*?</ol>', re.S)


def without_pictures(html):
    """A screen without its how-to-play pictures: their sample words, roles and objects are not the game's."""
    return PICTURES.sub("", html)


def pictures(html):
    """Every how-to-play picture: (aria-label, drawing HTML, visible caption text)."""
    return [
        (unescape(label), art, unescape(re.sub(r"<[^>]+>", "", caption)))
        for label, art, caption in PICTURE.findall(html)
    ]


# --- the room around a game ----------------------------------------------------------------------------


def host_over_screen(game_id, match, names, host_plays=False):
    """The host's whole game-over screen as the room draws it: headline, actions and the game's final view."""
    people = [{"id": p, "name": names[p], "present": True, "host": False, "spectator": False} for p in match.players]
    the_room = {
        "code": "ABCD",
        "phase": "over",
        "game": game_id,
        "people": people,
        "history": [],
        "result": match.result(),
        "result_names": names,
    }
    screen = {"room": the_room, "view": match.view(None), "me": None, "now_ms": 0}
    info = {
        "games": [],
        "join_url": "",
        "join_hint": "",
        "qr_svg": "",
        "status": "",
        "titles": {},
        "can_start": (True, ""),
        "host_plays": host_plays,
    }
    return room.host_screen(screen, info)
