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


def esc(text):
    """Escape text for element content and quoted attribute values."""
    text = str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


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
    return tag("button", esc(label), type="button", class_=cls,
               data_move=move_json(move) if move is not None else None,
               disabled=disabled, data_confirm=confirm, **attributes)


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
    initial = (person.get("name") or "?").strip()[:1].upper() or "?"
    return tag("span", esc(initial), class_="face face-%d" % (person.get("face") or 0), aria_hidden="true")


def name_of(ctx, pid):
    """The escaped display name of a player id, from the roster the room sends with each view."""
    return esc(ctx["names"].get(pid, "?"))
