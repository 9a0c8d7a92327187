"""Players have a face (issue 30): each seat's initial on a colour and shape (ui/html.py face(), app.css .face-N),
unique among the seats in the room, kept through a reload of the host, the same on the TV and on that player's
phone header, and readable: the initial's contrast on its colour is AA (4.5:1) or better."""

import json
import re
from pathlib import Path

from peerparty.room.host import HostSession
from peerparty.room.lobby import FACES
from peerparty.ui.room import host_screen, phone_screen

from ..room.helpers import join, last, make_room
from ..room.toy_game import GAME as RACE

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
INFO = {"games": [], "titles": {}, "can_start": (False, "Pick a game."), "join_url": "", "join_hint": "", "qr_svg": ""}


def faces_on(html):
    """(face number, initial) of every face in the HTML, in order."""
    return [
        (int(n), i) for n, i in re.findall(r'<span class="face face-(\d+)" aria-hidden="true">([^<]*)</span>', html)
    ]


def test_every_seat_up_to_twelve_wears_its_own_face():
    host, net = make_room()
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lee"]
    for name in names:
        join(net, name)
    people = host.screen()["room"]["people"]
    assert sorted(p["face"] for p in people) == list(range(FACES))
    shown = faces_on(host_screen(dict(host.screen(), info=INFO, error=None), INFO))
    assert shown == [(p["face"], p["name"][0]) for p in people]


def test_a_face_is_kept_for_the_seat_and_freed_when_it_goes():
    host, net = make_room()
    for name in ("Ann", "Ben", "Cat"):
        join(net, name)
    ben = host.lobby.seats[1]
    host.host_action({"t": "remove", "seat": ben.id}, 5)
    join(net, "Dan")  # takes Ben's freed face, never a face someone in the room wears
    assert [(s.name, s.face) for s in host.lobby.active()] == [("Ann", 0), ("Cat", 2), ("Dan", 1)]
    restored = HostSession.restore(json.loads(json.dumps(host.snapshot())), {RACE.id: RACE})
    assert [(s.name, s.face) for s in restored.lobby.active()] == [("Ann", 0), ("Cat", 2), ("Dan", 1)]


def test_the_phone_header_wears_the_face_the_tv_shows_for_that_player():
    host, net = make_room()
    join(net, "Ann")
    cat = join(net, "Cat")
    view = last(cat, "view")
    header = phone_screen({"status": "joined", "code": "ABCD", "view": view}).split("</header>")[0]
    tv = dict((p["name"], p["face"]) for p in host.screen()["room"]["people"])
    assert faces_on(header) == [(tv["Cat"], "C")] and 'data-face="%d"' % tv["Cat"] in header


def _luminance(hex_colour):
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_every_faces_initial_has_aa_contrast_on_its_colour():
    base = re.search(r"\.face \{[^}]*color: (#[0-9a-fA-F]{3,6});", CSS).group(1)
    for n in range(FACES):
        rule = [
            body
            for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", CSS)
            if re.search(r"\.face-%d\b" % n, sel) and "background" in body
        ][0]
        background = re.search(r"background: (#[0-9a-fA-F]{6})", rule).group(1)
        ink = re.search(r"[^-]color: (#[0-9a-fA-F]{3,6})", rule)
        ink = ink.group(1) if ink else base
        ink = "#" + "".join(c * 2 for c in ink[1:]) if len(ink) == 4 else ink
        hi, lo = sorted((_luminance(background), _luminance(ink)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (n, background, ink)


def test_an_emoji_sequence_is_a_face_whole():
    """Issue 48 point 9: a name that starts with an emoji sequence wears all of it, on the TV and its phone: the
    family joined by U+200D, the thumb with its skin tone, a flag's two letters, a heart with its emoji style."""
    host, net = make_room()
    firsts = {
        "\U0001f468\u200d\U0001f469\u200d\U0001f467Kim": "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        "\U0001f44d\U0001f3fdLu": "\U0001f44d\U0001f3fd",
        "\U0001f1eb\U0001f1f7 Zo\u00e9": "\U0001f1eb\U0001f1f7",
        "\u2764\ufe0f Jo": "\u2764\ufe0f",
        "e\u0301mile": "\u00c9",  # NFC on the host: one letter, capitalised
    }
    phones = [join(net, name) for name in firsts]
    assert [p.session.status for p in phones] == ["joined"] * len(firsts)
    html = host_screen(host.screen(), INFO)
    assert [i for _, i in faces_on(html)] == list(firsts.values())
    for phone, initial in zip(phones, firsts.values()):
        state = {"status": "joined", "code": host.code, "view": last(phone, "view")}
        assert faces_on(phone_screen(state))[0][1] == initial
