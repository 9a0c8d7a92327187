"""The room's language (issue 49): the big screen's, changed in the lobby from the TV or the controls phone (one
decision of ui/decisions.py), kept in the room's record, drawn by the rules worker from the language's catalog
bundle, and handed to the games that declare they take it. Game records and moves stay language-neutral."""

import copy
import html
import json
import re

import pytest

from peerparty.i18n import sentence
from peerparty import i18n
from peerparty.app.rules import ROOM_LANG_KEY, Rules
from peerparty.engine.record import allowed_options
from peerparty.games import REGISTRY
from peerparty.room import record as room_record
from peerparty.room.host import HostSession
from peerparty.ui.decisions import room_language
from scripts import catalogs

from ..test_host_threads import PAGE, ScreenThread, tokens
from .helpers import act, join, last, make_room, started, tv
from .test_controls import control, tap


@pytest.fixture(scope="module")
def bundles():
    """Each shipped language's bundle, made from its .po as the build makes it (scripts/catalogs.py)."""
    made = dict((lang, catalogs.bundle(lang, catalogs.read(lang))) for lang in catalogs.translated_languages())
    return dict((lang, json.dumps(bundle)) for lang, bundle in made.items())


def text_of(drawn):
    """The words a person reads on the big screen, roughly: tags dropped."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", drawn)))


# --- the room action -----------------------------------------------------------------------------------------


def test_a_new_room_speaks_english_and_the_host_changes_it_in_the_lobby():
    host, net = make_room()
    assert host.lang == "en" and host.screen()["room"]["lang"] == "en"
    seq = host.seq
    assert act(host, net, {"t": "language", "lang": "es"}) is None
    assert host.lang == "es" and host.screen()["room"]["lang"] == "es"
    assert host.seq == seq + 1, "a change of the record moves seq: the page saves it"


@pytest.mark.parametrize("lang", ["fr", "", None, 3, ["es"], "ES", "en-XA"])
def test_a_language_not_offered_is_refused_with_a_sentence_and_changes_nothing(lang):
    host, net = make_room()
    join(net, "Ann")
    seq, before = host.seq, host.snapshot()
    error = act(host, net, {"t": "language", "lang": lang})
    assert sentence(error) == "That language is not offered here (English, Español, Deutsch are)."
    assert host.seq == seq and host.snapshot() == before


def test_a_game_under_way_keeps_the_rooms_language():
    host, net, _ = started("Ann", "Ben")
    assert act(host, net, {"t": "language", "lang": "de"}) == "Finish or leave the current game first."
    assert host.lang == "en"


def test_the_controls_phone_changes_it_with_the_button_the_tv_shows_and_no_one_else_can():
    host, net = make_room()
    ann, ben = join(net, "Ann"), join(net, "Ben")  # Ann, the first to join, holds the controls
    # the decision is the TV's and the holder's alike: its button's data-move is what both send
    button = room_language(host.screen()["room"])
    assert '"room":"language","lang":"de"' in html.unescape(button).replace(" ", "")
    assert "data-lang=" not in button, "the phone's page would take it for the phone's own language"
    answer = control(net, ben, {"t": "language", "lang": "de"})
    assert answer["t"] == "error" and answer["code"] == "not_controls"
    assert host.lang == "en"
    tap(net, ann, {"room": "language", "lang": "de"})
    assert host.lang == "de" and last(ann, "ack") is not None and last(ann, "error") is None
    control(net, ann, {"t": "language", "lang": "xx"}, msg_id=100)
    answer = last(ann, "error")
    assert answer["t"] == "error" and answer["code"] == "refused" and "not offered" in answer["msg"]
    assert host.lang == "de"
    assert last(ben, "view")["room"]["lang"] == "de", "every phone's summary says the room's language"


# --- the record ----------------------------------------------------------------------------------------------


def test_the_record_keeps_the_language_and_an_older_record_reads_as_english():
    host, net = make_room()
    act(host, net, {"t": "language", "lang": "de"})
    saved = json.loads(json.dumps(host.snapshot()))
    assert saved["lang"] == "de"
    assert HostSession.restore(saved, host.games).lang == "de"
    del saved["lang"]
    assert HostSession.restore(saved, host.games).lang == "en"
    saved["lang"] = "klingon"
    assert HostSession.restore(saved, host.games).lang == "en"


def test_a_successors_replica_holds_the_language():
    host, net = make_room()
    act(host, net, {"t": "language", "lang": "es"})
    assert room_record.snapshot(host, records=False)["lang"] == "es"


# --- games that take it --------------------------------------------------------------------------------------


def words_game():
    """Seven Rounds, declaring that it takes the room's language (as Hint Hunt does for its words)."""
    game = copy.copy(REGISTRY["seven_rounds"])
    game.room_options = {"words_lang": "lang"}
    return game


def started_in_spanish(game):
    """A room of three whose language is Spanish starts this game; returns its host."""
    host, net = make_room({game.id: game})
    for name in ("Ann", "Ben", "Cat"):
        join(net, name)
    act(host, net, {"t": "language", "lang": "es"})
    act(host, net, {"t": "pick", "game": game.id})
    assert act(host, net, {"t": "start"}) is None
    return host


def test_a_game_that_declares_the_language_gets_it_at_setup_and_others_do_not():
    game = words_game()
    host = started_in_spanish(game)
    assert host.match.options == {"words_lang": "es"}
    # the record of the game holds the option, and a saved game with it is one the host could have set up
    assert {"words_lang": "es"} in allowed_options(game, ["p1", "p2", "p3"])
    assert {"words_lang": "fr"} not in allowed_options(game, ["p1", "p2", "p3"])

    host = started_in_spanish(REGISTRY["seven_rounds"])
    assert host.match.options == {}, "moves and records of a game that does not take it stay language-neutral"


# --- the big screen in the room's language -------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "es",
            ["Elige un juego", "Código de la sala", "Jugadores (2)", "anfitrión", "Escanea, o abre", "Elige un juego."],
        ),
        ("de", ["Wähl ein Spiel", "Raumcode", "Spieler (2)", "Gastgeber", "Scanne, oder öffne", "Wähl ein Spiel."]),
    ],
)
def test_the_lobby_is_drawn_in_the_rooms_language_from_its_catalog(bundles, lang, words):
    host, net = make_room()
    join(net, "Ann")
    seating = host.host_action({"t": "join_local", "name": "Tia"}, net.now_ms)
    assert seating[1] is None
    before = i18n.swap(i18n.Language(json.loads(bundles[lang])))
    try:
        drawn = tv(host)
    finally:
        i18n.swap(before)
    shown = text_of(drawn)
    for word in words:
        assert word in shown, (word, shown)
    for english in ("Pick a game", "Room code", "Players (", "Ready when you are"):
        assert english not in shown


def test_a_new_tv_opens_in_its_browsers_language_asks_for_its_catalog_once_and_redraws_in_it(bundles):
    rules = Rules(REGISTRY, token_source=tokens())
    thread = ScreenThread(rules)
    out = rules.open("new", "WXYZ", 0, thread.now, storage={}, languages=["es-ES", "en"])
    assert rules.session.lang == "es"
    assert out["catalog"] == ["es"]
    assert "Pick a game" in out["screen"]["html"], "English until the bundle is here"
    out = rules.page(PAGE)
    assert "catalog" not in out
    out = rules.catalog("es", bundles["es"])
    assert "Elige un juego" in out["screen"]["html"] and out["screen"]["marks"]["lang"] == "es"
    assert "storage" not in out, "a language the browser chose is not stored: only a choice made"
    assert i18n.current().lang == "en", "the worker puts the language it drew in back"


def test_switching_the_rooms_language_redraws_the_tv_remembers_it_and_a_reload_keeps_it(bundles):
    rules = Rules(REGISTRY, token_source=tokens())
    thread = ScreenThread(rules)
    thread.take(
        {k: v for k, v in rules.open("new", "WXYZ", 0, thread.now, languages=["es-ES"]).items() if k != "catalog"}
    )
    thread.take(rules.catalog("es", bundles["es"]))
    thread.join("Ann")
    out = rules.action(json.dumps({"room": "language", "lang": "de"}), thread.now)
    assert out["catalog"] == ["de"] and "storage" in out
    thread.take({k: v for k, v in out.items() if k != "catalog"})
    assert thread.storage[ROOM_LANG_KEY] == "de"
    thread.take(rules.catalog("de", bundles["de"]))
    assert "Wähl ein Spiel" in thread.drawn()["html"]
    # a refused language changes nothing, and says why on the big screen
    thread.action({"room": "language", "lang": "fr"})
    assert (
        rules.session.lang == "de" and "Diese Sprache gibt es hier nicht" in thread.drawn()["html"]
    )  # in the room's language

    # a reload: the record it saved opens the room again, in German, whatever the browser says
    storage = {"peerparty:host": thread.record, ROOM_LANG_KEY: thread.storage[ROOM_LANG_KEY]}
    again = Rules(REGISTRY, token_source=tokens())
    out = again.open("restore", "WXYZ", 0, thread.now, storage=storage, languages=["es-ES"])
    assert out["opened"]["mode"] == "restore" and again.session.lang == "de"
    assert out["catalog"] == ["de"]
    # and a new room on this TV opens in the language it last had
    fresh = Rules(REGISTRY, token_source=tokens())
    fresh.open("new", "QRST", 0, thread.now, storage={ROOM_LANG_KEY: "de"}, languages=["es-ES"])
    assert fresh.session.lang == "de"


# --- the room's sentences reach each phone in its own language ------------------------------------------------


def test_the_controls_phone_reads_the_start_reason_and_a_refusal_in_its_own_language_while_the_tv_is_english():
    """The reason Start waits (room/table.py can_start) and a refusal of the holder's control travel as English and
    values; the Spanish phone holding the controls draws both from the real es catalog, the TV in the room's
    English."""
    from peerparty.ui.room import phone_screen

    spanish = i18n.Language(catalogs.bundles(install=False)["es"])
    host, net = make_room()
    ann = join(net, "Ann")  # the first to join holds the controls
    assert control(net, ann, {"t": "pick", "game": "race"})["t"] != "error"
    refused = control(net, ann, {"t": "start"}, msg_id=7)  # one player: the race needs two
    assert refused["t"] == "error" and refused["msg"] == "This game needs at least %(n)s player."

    def phone_text():
        state = {"status": ann.session.status, "code": "ABCD", "view": ann.session.view, "error": ann.session.error}
        before = i18n.swap(spanish)
        try:
            return text_of(phone_screen(state))
        finally:
            i18n.swap(before)

    on_phone = phone_text()
    assert "Este juego necesita al menos 2 jugadores." in on_phone  # beside Start, and as the refusal
    assert on_phone.count("Este juego necesita al menos 2 jugadores.") == 2
    assert "needs at least" not in on_phone
    on_tv = text_of(tv(host))
    assert "This game needs at least 2 players." in on_tv and "Este juego" not in on_tv
    # a refusal of the room's own (ProtocolError with values): Give controls to a seat that is not in the room
    refused = control(net, ann, {"t": "give_controls", "seat": "nobody"}, msg_id=8)
    assert refused["t"] == "error"
    assert "Esa persona no está en la sala." in phone_text()
    out, error = host.host_action({"t": "give_controls", "seat": "nobody"}, 0)
    assert sentence(error) == "That player is not in the room."
