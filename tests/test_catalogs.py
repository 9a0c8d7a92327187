"""The message catalogs (locale/, scripts/catalogs.py, docs/languages.md): every shipped language has every message
the source marks, translated, with its English's placeholders and never left as its English without a reason;
the template in the repository is what the source marks; the build's bundles carry what the .po files say; the
pseudo-locales are generated in their shape. Each check is also shown to fail on a catalog that breaks it."""

import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from peerparty import i18n
from scripts import catalogs

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in i18n.SHIPPED if lang != i18n.SOURCE]


@pytest.fixture(scope="module")
def template():
    return catalogs.extract()


def ids(catalog):
    return sorted((m.context or "", catalogs.key(m), m.pluralizable) for m in catalog if m.id)


def test_every_shipped_language_but_english_has_a_catalog():
    assert catalogs.translated_languages() == sorted(TRANSLATED)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_shipped_catalog_has_every_message_translated(template, lang):
    assert catalogs.problems(template, catalogs.read(lang), lang) == []


def test_the_template_in_the_repository_is_what_the_source_marks(template):
    with open(catalogs.TEMPLATE, "rb") as f:
        kept = read_po(f)
    assert ids(kept) == ids(template), "run make catalogs"


def test_the_slice_of_issue_49_is_in_the_catalogs(template):
    """The join page's words and its no-WebRTC sentence are marked (the rest of the screens come next)."""
    from peerparty.net.reach import PHONE_NO_WEBRTC
    from peerparty.ui.room import JOIN_WAITING, PARTY_HOW

    marked = {catalogs.key(m) for m in template}
    assert {PHONE_NO_WEBRTC, PARTY_HOW, "Join the party", "Join", "Joining…", "Language"} <= marked
    assert set(JOIN_WAITING.values()) <= marked


# --- the checks fail where they should ------------------------------------------------------------------------


def spanish():
    return catalogs.read("es")


def test_a_catalog_missing_a_message_fails(template):
    broken = spanish()
    del broken["Join the party"]
    assert catalogs.problems(template, broken, "es") == [
        "es: 'Join the party' is missing: run make catalogs, then translate it"
    ]


def test_a_message_added_to_the_source_and_not_to_a_catalog_fails(template):
    grown = Catalog()
    for message in template:
        grown[message.id] = message
    grown.add("A new sentence")
    assert catalogs.problems(grown, spanish(), "es") == [
        "es: 'A new sentence' is missing: run make catalogs, then translate it"
    ]


def test_an_untranslated_or_fuzzy_message_fails(template):
    broken = spanish()
    broken["Join"].string = ""
    broken["Your name"].flags.add("fuzzy")
    # in the template's order, which is the source files' (page_words.py marks "Join" too): compared as sets
    assert sorted(catalogs.problems(template, broken, "es")) == sorted(
        [
            "es: 'Your name' is fuzzy: check its translation, then drop the fuzzy flag",
            "es: 'Join' is not translated",
        ]
    )


def test_a_translation_left_as_its_english_fails_unless_a_translator_says_why(template):
    broken = spanish()
    broken["Join"].string = "Join"
    assert catalogs.problems(template, broken, "es") == [
        "es: 'Join' is the same as its English: translate it, or say why with \"# same: <why>\""
    ]
    broken["Join"].user_comments.append("same: the button's word in every language at this party")
    assert catalogs.problems(template, broken, "es") == []


def test_a_translation_with_other_placeholders_fails(template):
    broken = spanish()
    broken["Rejoining as %(name)s…"].string = "Volviendo como %(nombre)s…"
    broken["Room %(code)s"].string = "Sala"
    assert catalogs.problems(template, broken, "es") == [
        "es: 'Room %(code)s' has placeholders [], its English ['code']",
        "es: 'Rejoining as %(name)s…' has placeholders ['nombre'], its English ['name']",
    ]


def test_a_translation_with_markup_its_english_lacks_fails(template):
    broken = spanish()
    broken["Join"].string = "<b>Entrar</b>"
    assert catalogs.problems(template, broken, "es") == [
        "es: 'Join' holds '<', its English does not (the screens escape values, not messages)"
    ]


def test_plural_forms_other_than_cldrs_fail(template):
    broken = spanish()
    broken._num_plurals = 2  # what pybabel init wrote for Spanish before CLDR 42's "many"
    assert catalogs.problems(template, broken, "es")[0].startswith("es: Plural-Forms says 2 forms, CLDR has 3")


def test_a_plural_message_needs_every_form(template):
    grown = Catalog()
    grown.add(("%(n)s point", "%(n)s points"))
    catalog = Catalog(locale="es")
    catalog.add(("%(n)s point", "%(n)s points"), ("%(n)s punto", "", "%(n)s puntos"))
    assert catalogs.problems(grown, catalog, "es") == ["es: '%(n)s point' is not translated"]
    catalog["%(n)s point"].string = ("%(n)s punto", "%(n)s de puntos", "%(n)s puntos")
    assert catalogs.problems(grown, catalog, "es") == []


# --- bundles ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_built_bundle_holds_the_catalogs_translations(template, lang):
    built = ROOT / "static" / "build" / "i18n" / (lang + ".json")
    if not built.is_file():
        pytest.skip("not built: python3 scripts/build.py")
    bundle = json.loads(built.read_text(encoding="utf-8"))
    catalog = catalogs.read(lang)
    assert bundle == catalogs.bundle(lang, catalog)
    assert set(bundle["messages"]) == {catalogs.key(m) for m in template if m.id}
    assert bundle["forms"] == catalogs.plural_forms(lang)


def test_a_fuzzy_translation_is_left_out_of_the_bundle():
    catalog = spanish()
    catalog["Join"].flags.add("fuzzy")
    assert "Join" not in catalogs.bundle("es", catalog)["messages"]
    i18n.use(catalogs.bundle("es", catalog))
    try:
        assert i18n._("Join") == "Join" and i18n._("Your name") == "Tu nombre"
    finally:
        i18n.use(i18n.ENGLISH)


# --- the pseudo-locales ----------------------------------------------------------------------------------------


def test_pseudo_text_is_accented_longer_and_marked():
    assert catalogs.pseudo("Scan to join") == "[Šçåñ ţö ĵöîñ ····]"
    assert catalogs.pseudo("Rejoining as %(name)s…") == "[Ŕéĵöîñîñĝ åš %(name)s… ········]"
    assert catalogs.pseudo("<b>Hi</b> &amp; bye") == "[<b>Ĥî</b> &amp; ƀýé ·······]"


@pytest.mark.parametrize("lang", sorted(catalogs.PSEUDO))
def test_every_message_has_its_pseudo_form(template, lang):
    bundle = catalogs.pseudo_bundle(template, lang)
    assert bundle["dir"] == catalogs.PSEUDO[lang]
    assert set(bundle["messages"]) == {catalogs.key(m) for m in template if m.id}
    for message in template:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        said = bundle["messages"][catalogs.key(message)]
        said = said if isinstance(said, str) else said[0]
        assert said.startswith("[") and said.endswith("]")
        assert catalogs.placeholders(said) == catalogs.placeholders(english)
        plain = catalogs.KEEP.sub("", said)
        assert not any("a" <= ch.lower() <= "z" for ch in plain), said  # every letter accented: a raw one is a leak
        assert len(said) - 2 >= 1.4 * len(english) - 1
        if lang == "ar-XB":
            assert "\u202e" in said and "\u202c" in said
