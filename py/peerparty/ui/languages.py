"""The phone's language picker: every shipped language in its own words, the one in use pressed. A tap sends
{"room": "lang", "lang": <tag>}; static/js/first-frame.js handles it before MicroPython is up, app/phone.py after."""

from .. import i18n
from ..i18n import _
from .html import esc, move_json, tag


def language_buttons(current, kind, data):
    """Every shipped language in its own words, `current` pressed; a tap sends {"room": kind, "lang": <tag>}. `data`
    names the attribute that marks each button with its tag (the phone's page and the room's picker differ)."""
    out = []
    for lang in i18n.SHIPPED:
        attributes = {
            "type": "button",
            "class_": "btn small ghost",
            "lang": lang,
            data: lang,
            "data_move": move_json({"room": kind, "lang": lang}),
            "aria_pressed": "true" if lang == current else "false",
        }
        out.append(tag("button", esc(i18n.NAMES[lang]), **attributes))
    return "".join(out)


def language_picker():
    buttons = language_buttons(i18n.current().lang, "lang", "data_lang")
    return tag("nav", buttons, class_="languages", aria_label=_("Language"))
