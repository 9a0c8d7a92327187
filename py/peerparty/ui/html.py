"""Tiny HTML-building helpers for screens; runs on MicroPython (phones) and Pyodide (host).

A screen is a pure function view -> HTML string. Every piece of text a person typed goes
through esc(), so a name like <b>x</b> shows literally. Interaction is declared, not wired:

- any element with data-move='{"type": ...}' sends that move when clicked;
- a <form data-move='{...}'> sends the move plus its named fields on submit: a checkbox
  group gives a list of the checked values, a radio group the checked value, other inputs
  their text;
- data-confirm="sentence" asks the person first (an in-page dialog) and sends only on yes;
- give a form an id that changes when its context changes (e.g. "lock-r3"): while the id
  stays, what the person has typed or ticked survives re-renders;
- an element with data-countdown="<ms left>" ticks down by itself (m:ss).
"""

import json

from peerparty import i18n


def esc(text):
    """Escape text for element content and quoted attribute values."""
    text = str(text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def attrs(values):
    """Render an attribute dict; None/False drop the attribute, True writes it bare."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        if value is True:
            out.append(" " + key)
        else:
            out.append(' %s="%s"' % (key, esc(value)))
    return "".join(out)


def tag(name, body="", **attributes):
    """<name attrs>body</name>. `body` is raw HTML: escape text with esc() first."""
    return "<%s%s>%s</%s>" % (name, attrs(attributes), body, name)


def move_json(move):
    return json.dumps(move, separators=(",", ":"))


def button(label, move=None, cls="btn", disabled=False, confirm=None, **attributes):
    """A button that sends `move`; `label` is plain text (escaped here)."""
    return tag(
        "button",
        esc(label),
        type="button",
        class_=cls,
        data_move=move_json(move) if move is not None else None,
        disabled=disabled,
        data_confirm=confirm,
        **attributes,
    )


def icon_button(label, icon, move, cls="btn small", confirm=None, **attributes):
    """A button whose word gives way to an icon where rows are narrow (the TV's side list during a game, its
    lobby with many people: static/css/app.css [data-icon]); the word stays for a screen reader and the
    accessible name, which should start with it (axe: the visible word is part of the name)."""
    return tag(
        "button",
        tag("span", esc(label), class_="btn-word"),
        type="button",
        class_=cls,
        data_move=move_json(move),
        data_confirm=confirm,
        data_icon=icon,
        title=attributes.get("aria_label"),
        **attributes,
    )


def countdown(ms_left, cls="countdown"):
    ms_left = max(0, int(ms_left))
    secs = (ms_left + 999) // 1000
    return tag("span", "%d:%02d" % (secs // 60, secs % 60), class_=cls, data_countdown=str(ms_left))


def signed(n):
    """A score change as people write it: +3, &minus;1 (a real minus sign), 0."""
    if n > 0:
        return "+%d" % n
    if n < 0:
        return "&minus;%d" % (-n)
    return "0"


def face(person):
    """A seat's face: its initial on its colour and shape (static/css/app.css .face-N), the same on the TV and
    on that player's phone, so Ann on the TV is Ann's phone at a glance; never colour alone (the initial, and
    six colours twice, round then square)."""
    name = (person.get("name") or "?").strip()
    initial = first_grapheme(name[:1].upper() + name[1:]) or "?"
    return tag("span", esc(initial), class_="face face-%d" % (person.get("face") or 0), aria_hidden="true")


def _extends(n):
    """Whether code point n belongs to the character before it (a grapheme's tail): a combining mark, a
    variation selector, a skin tone, a tag of a subdivision flag, an enclosing keycap."""
    return (
        0x0300 <= n <= 0x036F
        or 0x1AB0 <= n <= 0x1AFF
        or 0x1DC0 <= n <= 0x1DFF
        or 0x20D0 <= n <= 0x20FF
        or 0xFE00 <= n <= 0xFE0F
        or 0xFE20 <= n <= 0xFE2F
        or 0x1F3FB <= n <= 0x1F3FF
        or 0xE0020 <= n <= 0xE007F
    )


def first_grapheme(text):
    """The first character of `text` as a person sees it: with its accents, its skin tone ("👍🏽"), a flag's
    two letters ("🇫🇷") and the emoji a zero-width joiner binds to it ("👨‍👩‍👧"), which the host accepts in a name
    (room/lobby.py clean_name). MicroPython has no unicodedata: the ranges are written out."""
    if not text:
        return ""
    end = 1
    if 0x1F1E6 <= ord(text[0]) <= 0x1F1FF and len(text) > 1 and 0x1F1E6 <= ord(text[1]) <= 0x1F1FF:
        end = 2  # a flag: two regional indicators
    while end < len(text):
        n = ord(text[end])
        if _extends(n):
            end += 1
        elif n == 0x200D and end + 1 < len(text):
            end += 2
        else:
            break
    return text[:end]


def _rtl(text):
    """Whether `text` holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
    presentation forms). MicroPython has no unicodedata: the ranges are written out."""
    for ch in text:
        n = ord(ch)
        if 0x0590 <= n <= 0x08FF or 0xFB1D <= n <= 0xFDFF or 0xFE70 <= n <= 0xFEFF:
            return True
    return False


def _name_words(name):
    """A name as HTML, escaped. A browser may end a line between an emoji or a CJK character and the letter
    beside it (Unicode's line breaking treats them as ideographs): "🎉" on one line and "Zoë." on the next. A
    word of the name holding one is kept whole (.name-word, white-space: nowrap)."""
    out = []
    for word in str(name).split(" "):
        if len(word) > 1 and any(ord(ch) >= 0x2600 for ch in word):
            out.append('<span class="name-word">%s</span>' % esc(word))
        else:
            out.append(esc(word))
    return " ".join(out)


def name_html(name):
    """A name as HTML, escaped (_name_words). A name that may run against the page's direction (an Arabic name in a
    Spanish sentence, any name in a right-to-left room) is a <bdi>, an isolate: without it the sentence around
    it is reordered with it ("5− tú ليلى puntos" for "ليلى tú −5 puntos"). Other names stay plain text."""
    words = _name_words(name)
    if _rtl(str(name)) or i18n.current().dir == "rtl":
        return "<bdi>%s</bdi>" % words
    return words


def name_of(ctx, pid):
    """The display name of a player id (HTML, escaped), from the roster the room sends with each view."""
    return name_html(ctx["names"].get(pid, "?"))


def first_name_of(ctx, pid):
    """A player's first word (HTML, escaped), where a tile has room for one: who claimed a Hint Hunt tile, after
    their face; the scores beside it say the name whole."""
    name = ctx["names"].get(pid, "?").strip()
    return name_html(name.split()[0] if name else "?")


def seat_face(ctx, pid):
    """A player's face, from the roster and faces the room sends with each view."""
    return face({"name": ctx["names"].get(pid, "?"), "face": (ctx.get("faces") or {}).get(pid, 0)})


def who(ctx, pid):
    """A player where the TV lists them in a game: their face, then their name (escaped). The name is an isolate
    in its own script's direction (dir="auto"): in a right-to-left room a Latin name reads left to right, and in a
    .who-line (static/css/app.css) one cut short ends in its ellipsis at its end, not its start."""
    return seat_face(ctx, pid) + tag("span", _name_words(ctx["names"].get(pid, "?")), class_="who-name", dir="auto")


# --- moments: a short sequence the table can follow (issue 30) -------------------------------------------
# A moment is the finished frame with its parts marked as beats: each beat rises in at its own time after the
# moment's element first appears (static/css/app.css .beat), so the table sees the rulebook's order step by step.
# The whole sequence ends within MOMENT_MS; nothing waits for it (the host's Next moves on at any time), and
# with prefers-reduced-motion every beat is simply there. A moment's element carries an id of its own
# (moment_key): the page's redraw (morphdom) keeps an element whose id stays, so a redraw mid-moment does not
# start it again, and the next moment (another id) is a new element that plays from its start.
MOMENT_MS = 3000
BEAT_MS = 300  # one beat's rise; a beat at `at` is done at at + BEAT_MS


def beat(at_ms, body, name="span", cls="", **attributes):
    """A part of a moment that appears `at_ms` after the moment starts (at_ms + BEAT_MS <= MOMENT_MS)."""
    at_ms = max(0, min(int(at_ms), MOMENT_MS - BEAT_MS))
    return tag(name, body, class_=("beat " + cls).strip(), style="--at:%dms" % at_ms, **attributes)


def passing(at_ms, for_ms, body, name="span", cls="", **attributes):
    """A caption that shows from `at_ms` for `for_ms`, then gives way to the next one in the same place
    (.beat-pass, stacked in a .beat-stack). Screen readers and reduced motion skip it: the finished frame says
    the same in full."""
    at_ms = max(0, min(int(at_ms), MOMENT_MS - BEAT_MS))
    for_ms = max(BEAT_MS, min(int(for_ms), MOMENT_MS - at_ms))
    return tag(
        name,
        body,
        class_=("beat-pass " + cls).strip(),
        style="--at:%dms;--for:%dms" % (at_ms, for_ms),
        aria_hidden="true",
        **attributes,
    )


def moment_key(*parts):
    """The id of a moment's element: the same for one moment across redraws, new for the next one."""
    return "moment-" + "-".join(str(p) for p in parts)
