"""py/peerparty/i18n.py, the words' runtime, against CLDR as Babel gives it: plural categories for English, Spanish
and German, digit grouping, list joining; a language chosen from a browser's list; and the same answers from the
very module under MicroPython (the phones' runtime) as under CPython."""

import json
from pathlib import Path

import pytest
from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.plural import to_python

from peerparty import i18n
from scripts import catalogs
from tests.node import run_node

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
COUNTS = list(range(0, 230)) + [999, 1000, 1001, 100000, 1000000, 1000001, 2000000, 3500000, -1, -2]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.ENGLISH)


def language(lang):
    return i18n.use(catalogs.language_data(lang) | {"messages": {}})


# --- plural forms ---------------------------------------------------------------------------------------------

KNOWN = {  # CLDR's categories for counts, as a grammar book gives them
    "en": {0: "other", 1: "one", 2: "other", 5: "other", 21: "other", 1000000: "other"},
    "de": {0: "other", 1: "one", 2: "other", 5: "other", 21: "other", 1000000: "other"},
    # Spanish: "un millón de puntos", "many" for whole millions (CLDR 42 on), and "one" only for 1
    "es": {
        0: "other",
        1: "one",
        2: "other",
        21: "other",
        1000: "other",
        1000000: "many",
        2000000: "many",
        1000001: "other",
    },
}


@pytest.mark.parametrize("lang", sorted(KNOWN))
def test_plural_categories_are_cldrs_for_known_counts(lang):
    rule = language(lang).plural
    assert {n: rule(n) for n in KNOWN[lang]} == KNOWN[lang]


@pytest.mark.parametrize("lang", sorted(KNOWN))
def test_the_compiled_rule_agrees_with_babels_own(lang):
    reference = to_python(Locale.parse(lang).plural_form)
    rule = language(lang).plural
    assert [rule(n) for n in COUNTS] == [reference(abs(n)) for n in COUNTS]


@pytest.mark.parametrize("lang", sorted(KNOWN))
def test_the_javascript_rule_agrees_with_babels_own(lang):
    """The bundle's plural_js, the pages' scripts' rule (run under node)."""
    script = 'const rule = eval(process.argv[1]); process.stdout.write(JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8")).map(rule)));'
    got = run_node(script, [catalogs.language_data(lang)["plural_js"]], COUNTS)
    reference = to_python(Locale.parse(lang).plural_form)
    assert got == [reference(abs(n)) for n in COUNTS]


def test_ngettext_picks_the_form_of_the_count_and_formats_it():
    i18n.use(
        catalogs.language_data("es") | {"messages": {"%(n)s point": ["%(n)s punto", "%(n)s de puntos", "%(n)s puntos"]}}
    )
    said = [i18n.ngettext("%(n)s point", "%(n)s points", n) for n in (1, 2, 1000000, 1234)]
    assert said == ["1 punto", "2 puntos", "1.000.000 de puntos", "1.234 puntos"]
    i18n.use(i18n.ENGLISH)
    assert [i18n.ngettext("%(n)s point", "%(n)s points", n) for n in (1, 2, 1234)] == [
        "1 point",
        "2 points",
        "1,234 points",
    ]


def test_a_plural_the_bundle_lacks_shows_its_english():
    i18n.use(catalogs.language_data("de") | {"messages": {}})
    assert i18n.ngettext("%(n)s point", "%(n)s points", 3) == "3 points"


def test_the_english_the_runtime_starts_with_is_cldrs():
    """i18n.ENGLISH, in use until a bundle is loaded (and on a phone whose catalog fails to load)."""
    built = catalogs.bundle("en")
    del built["plural_js"]
    assert i18n.ENGLISH == built


# --- messages -------------------------------------------------------------------------------------------------


def test_a_message_is_looked_up_whole_and_its_placeholders_filled():
    i18n.use(
        catalogs.language_data("de")
        | {"messages": {"%(name)s joined": "%(name)s ist dabei", "card" + i18n.CONTEXT + "Double": "Doppelt"}}
    )
    assert i18n._("%(name)s joined", name="Zoë") == "Zoë ist dabei"
    assert i18n._("%(count)s left", count=12345) == "12.345 left"  # not in the bundle: English, the number German
    assert i18n.pgettext("card", "Double") == "Doppelt"
    assert i18n.pgettext("bet", "Double") == "Double"
    assert i18n._("100%") == "100%", "a message without values is not %-formatted"
    assert i18n.N_("kept") == "kept"


# --- numbers and lists ----------------------------------------------------------------------------------------

NUMBERS = [0, 7, 999, 1000, 1234, 12345, 999999, 1000000, 1234567890, -1, -1234, -1234567]


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_numbers_are_grouped_as_cldr_groups_them(lang):
    spoken = language(lang)
    assert [spoken.number(n) for n in NUMBERS] == [format_decimal(n, locale=lang) for n in NUMBERS]


NAMES = ["Ann", "Ben", "Cat", "Dev", "Eli"]


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_lists_are_joined_with_cldrs_patterns(lang):
    spoken = language(lang)
    for size in range(0, len(NAMES) + 1):
        expected = format_list(NAMES[:size], locale=lang) if size else ""
        assert spoken.join(NAMES[:size]) == expected


def test_the_lists_people_read():
    assert [language(lang).join(NAMES[:3]) for lang in ("en", "es", "de")] == [
        "Ann, Ben, and Cat",
        "Ann, Ben y Cat",
        "Ann, Ben und Cat",
    ]


def test_spanish_says_e_before_an_i_sound():
    spanish = language("es")
    assert spanish.join(["Ben", "Inés"]) == "Ben e Inés"
    assert spanish.join(["Ana", "Ben", "Iván"]) == "Ana, Ben e Iván"
    assert spanish.join(["Ana", "Íñigo"]) == "Ana e Íñigo"
    assert spanish.join(["Ana", "Hilda"]) == "Ana e Hilda"
    assert spanish.join(["Ana", "Hierro"]) == "Ana y Hierro", "hie- sounds like ye-"
    assert spanish.join(["Inés", "Ana"]) == "Inés y Ana"
    assert language("de").join(["Ben", "Inés"]) == "Ben und Inés"


# --- choosing a language --------------------------------------------------------------------------------------

CHOICES = [
    (["es-MX", "en"], "es"),
    (["de-DE", "de", "en-US"], "de"),
    (["de-AT"], "de"),
    (["es-419"], "es"),
    (["fr-FR", "fr", "es"], "es"),
    (["fr-FR", "it"], "en"),
    (["en-GB"], "en"),
    (["pt_BR", "DE"], "de"),
    ([], "en"),
    (None, "en"),
]


@pytest.mark.parametrize("preferred, chosen", CHOICES)
def test_a_shipped_language_is_chosen_from_a_browsers_list(preferred, chosen):
    assert i18n.choose(preferred) == chosen


def test_an_exact_tag_beats_its_language_only_where_both_are_supported():
    assert i18n.choose(["en-XA"], ("en", "en-XA")) == "en-XA"
    assert i18n.choose(["en-US"], ("en", "en-XA")) == "en"


def test_each_language_is_named_in_its_own_words_as_cldr_names_it():
    assert set(i18n.NAMES) == set(i18n.SHIPPED)
    for lang, name in i18n.NAMES.items():
        own = Locale.parse(lang).get_display_name(lang)
        assert name == own[:1].upper() + own[1:]


def test_the_first_frame_uses_the_same_storage_key():
    assert '"%s"' % i18n.LANG_KEY in (ROOT / "static" / "js" / "first-frame.js").read_text()


# --- the same module under MicroPython -----------------------------------------------------------------------

# node's stdin: {source, bundles: {lang: bundle}, cases: [[lang, call, args]]}; stdout: each case's answer
RUN_MICROPYTHON = r"""
(async () => {
  const { loadMicroPython } = await import(process.argv[1]);
  const given = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const mp = await loadMicroPython({ stdout: () => {}, stderr: (t) => process.stderr.write(t + "\n") });
  mp.FS.writeFile("i18n.py", given.source);
  mp.globals.set("given_json", JSON.stringify(given));
  mp.runPython(`
import json, i18n
given = json.loads(given_json)
out = []
for lang, call, args in given["cases"]:
    i18n.use(given["bundles"][lang])
    if call == "_":
        out.append(i18n._(args[0], **args[1]))
    elif call == "ngettext":
        out.append(i18n.ngettext(args[0], args[1], args[2]))
    elif call == "plural":
        out.append(i18n.current().plural(args))
    elif call == "number":
        out.append(i18n.number(args))
    elif call == "join":
        out.append(i18n.join(args))
    elif call == "choose":
        out.append(i18n.choose(args))
answers = json.dumps(out)
`);
  process.stdout.write(mp.globals.get("answers"));
})();
"""


def answer(call, args):
    if call == "_":
        return i18n._(args[0], **args[1])
    if call == "ngettext":
        return i18n.ngettext(*args)
    if call == "plural":
        return i18n.current().plural(args)
    if call == "number":
        return i18n.number(args)
    if call == "join":
        return i18n.join(args)
    return i18n.choose(args)


def test_micropython_answers_as_cpython_does():
    if not MICROPYTHON.is_file():
        pytest.skip("node_modules has no MicroPython (npm ci)")
    bundles = {lang: catalogs.bundle(lang, catalogs.read(lang)) for lang in ("es", "de")}
    bundles["es"]["messages"]["%(n)s point"] = ["%(n)s punto", "%(n)s de puntos", "%(n)s puntos"]
    bundles["en"] = i18n.ENGLISH
    cases = []
    for lang in ("en", "es", "de"):
        cases += [[lang, "plural", n] for n in (0, 1, 2, 11, 1000000, 2000000)]
        cases += [[lang, "number", n] for n in NUMBERS]
        cases += [[lang, "join", NAMES[:size]] for size in range(len(NAMES) + 1)]
        cases += [[lang, "join", ["Ana", "Inés"]], [lang, "_", ["Join the party", {}]]]
        cases += [
            [lang, "_", ["Room %(code)s", {"code": "WXYZ"}]],
            [lang, "_", ["Up to %(limit)s characters", {"limit": 1234}]],
        ]
        cases += [[lang, "ngettext", ["%(n)s point", "%(n)s points", n]] for n in (1, 3, 1000000)]
    cases += [["en", "choose", preferred] for preferred, _ in CHOICES if preferred is not None]
    source = (ROOT / "py" / "peerparty" / "i18n.py").read_text(encoding="utf-8")
    got = run_node(RUN_MICROPYTHON, [MICROPYTHON.as_uri()], {"source": source, "bundles": bundles, "cases": cases})
    expected = []
    for lang, call, args in json.loads(json.dumps(cases)):
        i18n.use(bundles[lang])
        expected.append(answer(call, args))
    assert got == expected
    assert "Únete a la fiesta" in json.dumps(got, ensure_ascii=False), "the Spanish catalog was in use"
