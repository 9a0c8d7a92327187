"""The words a person reads, in their language: lookups in one language's catalog bundle, CLDR plural forms, numbers
and lists. Runs on MicroPython (phones) and CPython/Pyodide (host, build, tests); imports nothing of the package.

    _("Join the party")                                  # a whole message, never one built from fragments
    _("Rejoining as %(name)s…", name=name)               # named placeholders, gettext's python-format
    ngettext("%(n)s point", "%(n)s points", count)       # CLDR's plural form of count; %(n)s is count, formatted
    pgettext("card", "Double")                           # context, where one English word has two meanings
    N_("...")                                            # marks a message kept in a constant: show it with _(CONSTANT)
    sentence({"msg": "...", "values": {...}})            # a sentence the host sent, in this page's language
    number(12345)                                        # "12,345" / "12.345"
    join(["Ann", "Ben", "Cat"])                          # "Ann, Ben, and Cat" / "Ann, Ben y Cat" / "Ann, Ben und Cat"
    choose(["es-MX", "en"])                              # "es": the shipped language to use
    use(bundle)                                          # the language of every call above, from its bundle

A bundle is what scripts/catalogs.py builds from locale/<lang>/LC_MESSAGES/messages.po (docs/languages.md): the
translations, the plural rule Babel compiles from CLDR, the number symbols and list patterns. English is the
source language: a message missing from the bundle shows its English. An int among the values is formatted with
number(); every other value is put in as given (a screen escapes a name before it passes it).
"""

SOURCE = "en"  # the language the messages are written in
SHIPPED = ("en", "es", "de")  # the languages a person can pick (the pseudo-locales are for tests only)
NAMES = {"en": "English", "es": "Español", "de": "Deutsch"}  # each in its own words (CLDR's, tests/test_i18n.py)
LANG_KEY = "peerparty:lang"  # localStorage: the language this phone's person picked (static/js/first-frame.js)
CONTEXT = "\x04"  # gettext's separator between a message's context and its text


def _in(x, ranges):
    for low, high in ranges:
        if low <= x <= high:
            return True
    return False


def _within(x, ranges):
    return _in(x, ranges)  # integers only: "within" and "in" agree


def _plural_rule(rules):
    """[(tag, expression)] as Babel's Python compiler writes them (IN, WITHIN, MOD over CLDR's operands) -> a
    function int -> tag. Integers only: a count has no visible fraction, so v, w, f, t (and c, e) are 0."""
    scope = {"IN": _in, "WITHIN": _within, "MOD": lambda a, b: a % b}
    tests = [(tag, eval("lambda n, i, v, w, f, t, c, e: " + expr, scope)) for tag, expr in rules]

    def tag_of(count):
        n = abs(int(count))
        for tag, test in tests:
            if test(n, n, 0, 0, 0, 0, 0, 0):
                return tag
        return "other"

    return tag_of


ENGLISH = {
    "lang": "en",
    "dir": "ltr",
    "plural": [["one", "(IN(i, [(1, 1)]) and IN(v, [(0, 0)]))"]],
    "forms": ["one", "other"],
    "group": ",",
    "list": {"start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0}, and {1}", "2": "{0} and {1}"},
    "messages": {},
}


class Language:
    """One language's bundle, ready to look messages up in."""

    def __init__(self, bundle):
        self.lang = bundle["lang"]
        self.dir = bundle.get("dir", "ltr")
        self.messages = bundle["messages"]
        self.forms = bundle["forms"]
        self.plural = _plural_rule(bundle["plural"])
        self.group = bundle["group"]
        self.list = bundle["list"]
        self.list_before = bundle.get("list_before")  # Spanish "y" -> "e" before an "i" sound (scripts/catalogs.py)

    def text(self, key, english):
        found = self.messages.get(key)
        return found if isinstance(found, str) and found else english

    def plural_text(self, key, singular, plural, count):
        forms = self.messages.get(key)
        if isinstance(forms, list) and len(forms) == len(self.forms):
            form = forms[self.forms.index(self.plural(count))]
            if form:
                return form
        return singular if abs(int(count)) == 1 else plural

    def number(self, value):
        digits = str(abs(int(value)))
        groups = []
        while len(digits) > 3:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        groups.insert(0, digits)
        return ("-" if value < 0 else "") + self.group.join(groups)

    def join(self, items):
        items = [str(item) for item in items]
        if len(items) < 2:
            return items[0] if items else ""
        if len(items) == 2:
            return self._pair(self.list["2"], items[0], items[1])
        text = self._pair(self.list["end"], items[-2], items[-1])
        for item in reversed(items[1:-2]):
            text = self._pair(self.list["middle"], item, text)
        return self._pair(self.list["start"], items[0], text)

    def _pair(self, pattern, first, second):
        before = self.list_before
        if before and pattern == before["pattern"] and _starts(second, before["starts"], before["except"]):
            pattern = before["instead"]
        return pattern.replace("{0}", first).replace("{1}", second)


def _starts(text, starts, unless):
    head = text[:4].lower()
    for upper, lower in (("Í", "í"), ("Ï", "ï")):  # MicroPython's lower() knows ASCII only
        head = head.replace(upper, lower)
    return any(head.startswith(s) for s in starts) and not any(head.startswith(u) for u in unless)


_current = Language(ENGLISH)


def use(bundle):
    """Make `bundle` (a dict, as the build writes it) the language of every lookup; returns its Language."""
    global _current
    _current = Language(bundle)
    return _current


def current():
    return _current


def swap(language):
    """Make a Language (one use() or current() returned) the language of every lookup; returns the one it
    replaces. The host's worker draws the big screen in the room's language and puts the previous one back."""
    global _current
    before, _current = _current, language
    return before


def _fill(message, values):
    if not values:
        return message
    for key in values:
        value = values[key]
        if isinstance(value, int) and not isinstance(value, bool):
            values[key] = _current.number(value)
    return message % values


def N_(message):
    """Marks a message for extraction where it is kept (a constant); translate it where it is shown: _(CONSTANT)."""
    return message


def _(message, **values):
    return _fill(_current.text(message, message), values)


def pgettext(context, message, **values):
    return _fill(_current.text(context + CONTEXT + message, message), values)


def ngettext(singular, plural, count, **values):
    if "n" not in values:
        values["n"] = count
    return _fill(_current.plural_text(singular, singular, plural, count), values)


def kept_ngettext(singular, plural, count, **values):
    """A plural message kept to be shown later, by another page in its own language (the host's reason why Start
    waits, which the controls phone shows): {"msg", "plural", "values"}, shown with sentence(). Import it as
    ngettext where it is written, so Babel extracts it as the plural it is; it translates nothing."""
    values["n"] = count
    return {"msg": singular, "plural": plural, "values": values}


def sentence(message, values=None):
    """A sentence the host sent (a refusal, a wait: {"msg": English, "values": {...}}, or the English alone; a
    plural adds its English "plural" and counts values["n"]) in this page's language. The English is the
    catalog's key; values a host sends are names, counts and field names, never words to translate. A message
    this catalog lacks, or values that do not fit it, show as sent."""
    plural = None
    if isinstance(message, dict):
        message, values, plural = message.get("msg"), message.get("values"), message.get("plural")
    if not isinstance(message, str):
        return ""
    if not isinstance(values, dict):
        values = {}
    count = values.get("n")
    if not isinstance(plural, str) or isinstance(count, bool) or not isinstance(count, int):
        plural = None
    try:
        if plural is not None:
            return _fill(_current.plural_text(message, message, plural, count), dict(values))
        return _fill(_current.text(message, message), dict(values))
    except (KeyError, TypeError, ValueError):
        try:
            english = message if plural is None or abs(count) == 1 else plural
            return _fill(english, dict(values))
        except (KeyError, TypeError, ValueError):
            return message


def number(value):
    return _current.number(value)


def join(items):
    return _current.join(items)


def choose(preferred, supported=SHIPPED):
    """The first of `supported` a person's languages (navigator.languages, best first) ask for: the exact tag,
    else its language ("es-MX" -> "es"); English when none is. static/js/first-frame.js does the same in JS."""
    by_tag = {}
    for tag in supported:
        by_tag[tag.lower()] = tag
    for wanted in preferred or ():
        wanted = str(wanted).replace("_", "-").lower()
        if wanted in by_tag:
            return by_tag[wanted]
        base = wanted.split("-")[0]
        if base in by_tag:
            return by_tag[base]
    return SOURCE if SOURCE in supported else supported[0]
