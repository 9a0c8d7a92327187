"""The phone's language picker: every shipped language in its own words, the one in use pressed. A tap sends
{"room": "lang", "lang": <tag>}; static/js/first-frame.js handles it before MicroPython is up, app/phone.py after."""

from .. import i18n
from ..i18n import _
from .html import esc, move_json, tag


def language_picker():
    current = i18n.current().lang
    buttons = "".join(
        tag(
            "button",
            esc(i18n.NAMES[lang]),
            type="button",
            class_="btn small ghost",
            lang=lang,
            data_lang=lang,
            data_move=move_json({"room": "lang", "lang": lang}),
            aria_pressed="true" if lang == current else "false",
        )
        for lang in i18n.SHIPPED
    )
    return tag("nav", buttons, class_="languages", aria_label=_("Language"))
