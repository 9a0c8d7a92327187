"""The room's frame around a game at the results (issue 9): the host shows the code and a QR whenever someone
could still join, names who joined for the next game, and a phone that joined at the results gets the result
and its place in the next game, never the ended game's own view."""

import re

from peerparty import i18n
from scripts import catalogs
from peerparty.engine import HOST, Match
from peerparty.games import REGISTRY
from peerparty.ui import room

PLAYERS = ["p1", "p2", "p3"]
NAMES = {"p1": "<b>Ann</b>", "p2": "Ben", "p3": "Cat"}
QR = '<svg class="test-qr" viewBox="0 0 10 10"></svg>'


def ended_seven_rounds():
    m = Match(REGISTRY["seven_rounds"], PLAYERS, "seed")
    m.play(HOST, {"type": "end_game"})
    assert m.result() is not None
    return m


def people(extra=()):
    out = [{"id": p, "name": NAMES[p], "present": True, "host": False, "spectator": False} for p in PLAYERS]
    return out + [dict({"present": True, "host": False, "spectator": False}, **p) for p in extra]


def the_room(phase, match=None, extra=()):
    r = {
        "code": "ABCD",
        "phase": phase,
        "game": "seven_rounds",
        "game_title": "Seven Rounds",
        "people": people(extra),
        "history": [],
    }
    if phase == "over":
        r["result"] = match.result()
        r["result_names"] = dict(NAMES)
    return r


def host_html(phase, match=None, extra=(), spectators=False):
    screen = {
        "room": the_room(phase, match, extra),
        "me": None,
        "now_ms": 0,
        "seq": 1,
        "view": match.view(None) if match is not None else None,
    }
    info = {
        "games": [],
        "join_url": "",
        "join_hint": "192.168.1.5:8000/join",
        "qr_svg": QR,
        "status": "",
        "titles": {},
        "can_start": (True, ""),
        "host_plays": False,
        "spectators": spectators,
    }
    return room.host_screen(screen, info)


def head(html):
    return re.search(r"<header.*?</header>", html, re.S).group(0)


def test_the_game_over_screen_shows_the_code_and_a_qr_to_join_the_next_game():
    html = host_html("over", ended_seven_rounds())
    top = head(html)
    assert 'data-code="ABCD"' in top
    assert '<div class="qr" role="img" aria-label="QR code to join">' + QR + "</div>" in top
    assert "Scan to play the next game, or open <b>192.168.1.5:8000/<wbr>join</b> and type the code." in top
    assert 'class="join-box"' in top  # not the compact box that hides the QR


def test_a_long_winners_headline_takes_the_smaller_type_so_it_keeps_beside_the_buttons():
    def headline(winners, names):
        screen = {"room": the_room("over", ended_seven_rounds()), "me": None, "now_ms": 0, "seq": 1, "view": None}
        screen["room"].update({"result": {"winners": winners}, "result_names": names})
        info = {"join_hint": "", "qr_svg": QR, "host_plays": False}
        return re.search(r'<h2 class="[^"]*">[^<]*</h2>', room.host_screen(screen, info)).group(0)

    assert headline(["p1"], {"p1": "Maximiliana Ortega"}) == '<h2 class="winners">Maximiliana Ortega wins!</h2>'
    assert (
        headline(["p1"], {"p1": "<i>Ann</i> & Co!!"})
        == '<h2 class="winners">&lt;i&gt;Ann&lt;/i&gt; &amp; Co!! wins!</h2>'
    )  # 23 letters, counted unescaped
    assert (
        headline(["p1", "p2"], {"p1": "Ann", "p2": "Bartholomew"})
        == '<h2 class="winners long">Ann and Bartholomew share the win!</h2>'
    )


def test_every_game_keeps_its_qr_and_address_while_it_is_played():
    """Issue 48 point 8: a late guest can join from the screen at any time. A game that takes no watchers
    keeps the code, QR and address up too: the guest waits for the next game, the table on their phone."""
    m = Match(REGISTRY["seven_rounds"], PLAYERS, "seed")
    top = head(host_html("playing", m))
    assert QR in top and "join-hint" in top and "compact" not in top
    assert "Scan to play the next game" in top and 'data-code="ABCD"' in top
    watched = head(host_html("playing", m, spectators=True))  # Hint Hunt: watchers may scan in
    assert QR in watched and "Scan to watch" in watched
    assert QR in head(host_html("lobby"))


def test_the_host_sees_who_joined_for_the_next_game_with_names_escaped():
    m = ended_seven_rounds()
    assert "newcomers" not in host_html("over", m)
    html = host_html("over", m, [{"id": "p4", "name": "<i>Eve</i>"}, {"id": "p5", "name": "Wat", "spectator": True}])
    assert '<p class="newcomers" aria-live="polite">Joining the next game: &lt;i&gt;Eve&lt;/i&gt;</p>' in html
    assert "<i>Eve</i>" not in html


def phone_html(me, view, match, controls=None):
    message = {
        "room": the_room("over", match, [{"id": "p4", "name": "<i>Eve</i>"}]),
        "me": me,
        "view": view,
        "seq": 3,
        "now_ms": 0,
    }
    if controls is not None:
        message["controls"] = controls
    return room.phone_screen({"status": "joined", "code": "ABCD", "view": message, "token": "t"})


def test_a_phone_that_joined_at_the_results_sees_the_result_and_its_seat_in_the_next_game():
    m = ended_seven_rounds()
    html = phone_html("p4", None, m)
    assert html.count('<h1 class="winners"') == 1
    assert html.count('class="standings"') == 1  # the room's table: the only list it gets
    assert "You&#39;re in! You play in the next game." in html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html
    assert "sr-" not in html  # nothing of the ended game's own phone screen


def test_a_player_at_the_results_keeps_the_game_view_and_the_usual_line():
    m = ended_seven_rounds()
    html = phone_html("p2", m.view("p2"), m)
    assert "The host can start another game." in html and "You play in the next game" not in html
    assert html.count('<h1 class="winners"') == 1


def test_the_holder_at_the_results_is_told_the_next_game_is_theirs_to_start():
    """Issue 48 point 3: the phone holding the controls is the host: never told the host can start the next."""
    m = ended_seven_rounds()
    html = phone_html("p2", m.view("p2"), m, controls={"decisions": []})
    assert "Play again or choose another game with your controls above." in html
    assert "The host can start another game." not in html


# --- connectivity (issues 16.4, 19) -------------------------------------------------------------------------


def joining_phone(reach, sentence):
    return room.phone_screen(
        {
            "status": "connecting",
            "code": "ABCD",
            "view": None,
            "token": None,
            "link": "connecting",
            "reach": reach,
            "reach_sentence": sentence,
        }
    )


def test_a_phone_without_webrtc_says_what_to_do_and_its_join_button_says_it_cannot():
    html = joining_phone("no-webrtc", "This browser cannot make the direct connection <the game> needs.")
    assert 'data-reach="no-webrtc"' in html and 'role="alert"' in html
    assert "&lt;the game&gt;" in html  # a sentence is text
    assert "Cannot join from this browser" in html and "Connecting…" not in html


def test_a_phone_with_no_path_says_so_while_it_keeps_trying():
    html = joining_phone("no-path", "Join the TV's Wi-Fi.")
    assert 'data-reach="no-path"' in html and "Still trying…" in html
    connecting = joining_phone("connecting", None)
    assert "data-reach" not in connecting
    assert '<button type="submit" class="btn primary big">Join</button>' in connecting, (
        "while the link opens the form works: a tap is kept until it is up (issue 27)"
    )


def phone_before_seat(status, token=None, name=None):
    return room.phone_screen(
        {
            "status": status,
            "code": "ABCD",
            "view": None,
            "token": token,
            "name": name,
            "link": "connecting",
            "reach": "connecting",
        }
    )


def test_a_join_on_its_way_says_joining_and_the_field_holds_the_name_given_last_time():
    html = phone_before_seat("joining", name="Sam <3")
    assert '<button type="submit" class="btn primary big" disabled>Joining…</button>' in html
    assert 'value="Sam &lt;3"' in html and "autofocus" in html
    assert 'id="how-party"' in html  # how to play, one tap away
    assert 'value=""' in phone_before_seat("connecting")


def test_a_phone_with_a_seat_says_whose_seat_it_is_finding():
    assert "Rejoining as Sam &lt;3…" in phone_before_seat("connecting", token="t", name="Sam <3")
    html = phone_before_seat("joining", token="t")
    assert "Finding your seat…" in html and "Rejoining" not in html and "<form" not in html


def test_the_host_names_the_phones_that_cannot_reach_it_with_names_escaped():
    html = host_html("lobby")
    assert "knocking" not in html
    screen = {"room": the_room("lobby"), "me": None, "now_ms": 0, "seq": 1, "view": None}
    info = {
        "games": [],
        "join_url": "",
        "join_hint": "x/join",
        "qr_svg": QR,
        "titles": {},
        "can_start": (True, ""),
        # a name as the phone gave it; else its kind of phone (static/js/link.js), any other kind "a phone"
        "knocking": [["<i>Sam</i>", "android"], ["", "android"], ["", "ipad"], ["", ""], ["", "toaster"]],
        "relay": False,
    }
    html = room.host_screen(screen, info)
    knockers = ["&lt;i&gt;Sam&lt;/i&gt;", "an Android phone", "an iPad", "a phone", "a phone"]
    assert re.findall(r'class="knocker">([^<]*)<', html) == knockers
    assert 'data-knocking="5"' in html and "turn on a relay" in html
    info["relay"] = True
    assert "turn on a relay" not in room.host_screen(screen, info)
    # a German TV words the kinds of phone in German (issue 49: every word through the catalogs)
    catalogs.ensure_babel(install=False)
    before = i18n.swap(i18n.Language(catalogs.bundle("de", catalogs.read("de"))))
    try:
        html = room.host_screen(screen, info)
    finally:
        i18n.swap(before)
    knockers = ["&lt;i&gt;Sam&lt;/i&gt;", "ein Android-Handy", "ein iPad", "ein Handy", "ein Handy"]
    assert re.findall(r'class="knocker">([^<]*)<', html) == knockers


def test_a_name_keeps_an_emoji_with_its_letters_and_its_limit_is_said():
    """Issue 38 points 4 and 7: "🎉Zoë" never ends a line after its emoji; plain names stay plain; the name field
    says its limit, which is the host's."""
    from peerparty.room.protocol import NAME_MAX
    from peerparty.ui import room as room_ui
    from peerparty.ui.html import name_html

    assert name_html("\U0001f389Zo\u00eb") == '<span class="name-word">\U0001f389Zo\u00eb</span>'
    assert name_html("Ren\u00e9e \U0001f60e") == "Ren\u00e9e \U0001f60e"  # an emoji alone: a space before it
    assert name_html("\u738b\u5c0f\u660e <b>") == '<span class="name-word">\u738b\u5c0f\u660e</span> &lt;b&gt;'
    assert name_html("Ann") == "Ann"
    assert room_ui.NAME_MAX == NAME_MAX
    field = room_ui.name_field("name", "Zo\u00eb")
    assert 'data-limit="20"' in field and "maxlength" not in field and "Up to 20 characters" in field


def test_a_name_against_the_pages_direction_is_an_isolate_and_leaves_its_sentence_in_order():
    """Issue 49: on a Spanish phone "ليلى tú −5 puntos" was drawn "5− tú ليلى puntos": the bidi algorithm ran the
    Arabic name and the number after it together. A name with a right-to-left letter is a <bdi>, and in a
    right-to-left room every name is (a Latin name there runs against the page); a name in the page's own
    direction stays plain text. who() isolates its name always (dir=auto), once."""
    from peerparty import i18n
    from peerparty.ui.html import name_html, who

    assert name_html("ليلى") == "<bdi>ليلى</bdi>"
    assert name_html("דנה <b>") == "<bdi>דנה &lt;b&gt;</bdi>"  # Hebrew, escaped
    assert name_html("Жанна") == "Жанна"  # Cyrillic: left to right
    arabic = dict(i18n.ENGLISH, lang="ar", dir="rtl")
    before = i18n.swap(i18n.Language(arabic))
    try:
        assert name_html("Ann") == "<bdi>Ann</bdi>"
        ctx = {"names": {"a": "Ann"}, "faces": {"a": 0}}
        assert who(ctx, "a").endswith('<span class="who-name" dir="auto">Ann</span>')  # not a <bdi> inside it
    finally:
        i18n.swap(before)
    assert name_html("Ann") == "Ann"


def test_the_add_a_screen_link_breaks_only_where_an_address_does():
    """Issue 48 point 10: the link wrapped mid-word ("127.0.0.1:80" over "00/scr…", break-all). It may end a line
    after a slash or before its query's parts, and the stylesheet breaks no word of it."""
    from pathlib import Path

    url = "http://192.168.1.20:8000/peerparty/screen.html?room=ABCD&key=0123456789abcdef"
    html = room._add_screen({"screen_qr": "<svg></svg>", "screen_url": url})
    link = html[html.index('class="screen-link">') :]
    assert "192.168.1.20:8000/<wbr>peerparty/<wbr>screen.html<wbr>?room=ABCD<wbr>&amp;key=0123456789abcdef" in link
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
    rule = css[css.index(".add-screen .screen-link {") :].split("}")[0]
    assert "break-all" not in rule and "anywhere" not in rule


def test_the_evenings_history_says_who_won_each_game_and_a_game_nobody_won_in_the_tvs_language():
    """Every word of the history comes from the catalogs: "won by" with the winners, or "no winner" alone."""
    screen = {"room": the_room("lobby"), "me": None, "now_ms": 0, "seq": 1, "view": None}
    screen["room"]["history"] = [
        {"game": "seven_rounds", "winners": ["Ann", "Ben"], "replay": False},
        {"game": "hint_hunt", "winners": [], "replay": False},
    ]
    info = {"games": [], "join_hint": "x/join", "qr_svg": QR, "titles": {}, "can_start": (True, "")}

    def lines():
        html = room.host_screen(screen, info)
        return re.findall(r'class="history-won">([^<]*)<', html)

    assert lines() == ["no winner", "won by Ann and Ben"]  # the newest first
    catalogs.ensure_babel(install=False)
    before = i18n.swap(i18n.Language(catalogs.bundle("de", catalogs.read("de"))))
    try:
        german = lines()
    finally:
        i18n.swap(before)
    assert german == ["kein Sieg", "gewonnen von Ann und Ben"]


def test_the_game_picked_in_the_lobby_says_so_in_words_from_the_catalog():
    from peerparty.ui.decisions import game_picker

    games = [("seven_rounds", "Seven Rounds", 3, 12), ("hint_hunt", "Hint Hunt", 4, 12)]
    html = game_picker({"game": "hint_hunt"}, games)
    assert re.findall(r'class="game-chosen"[^>]*>([^<]*)<', html) == [" ✓ chosen"]
    assert html.count('aria-pressed="true"') == 1
