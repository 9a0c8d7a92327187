"""Small pictures for the games' how-to-play, drawn in HTML/CSS and a few inline SVG shapes (no image files).

A how-to-play picture is a numbered strip of steps. Each step is a <figure>: the drawing is one
role="img" element whose aria-label says what it shows, and a visible <figcaption> explains the step, so
the picture reads without sight and nothing depends on colour: cards carry their value, roles their name,
scandalous objects a solid diamond and ALIBIs an open circle, locks and ticks are shapes with words.
Styles: static/css/app.css (.ill*). Runs on MicroPython (phones) and Pyodide (host).
"""

from ..i18n import _
from .html import esc, tag

_LOCK = (
    '<svg class="ill-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<path d="M7.5 11V8a4.5 4.5 0 0 1 9 0v3" fill="none" stroke="currentColor" stroke-width="2.6"/>'
    '<rect x="4.5" y="11" width="15" height="11" rx="2.5" fill="currentColor"/></svg>'
)
_PERSON = (
    '<svg class="ill-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<circle cx="12" cy="7.5" r="4.5" fill="currentColor"/>'
    '<path d="M3 23c0-5.5 4-9 9-9s9 3.5 9 9z" fill="currentColor"/></svg>'
)


def steps(title, items):
    """A numbered strip of pictures. items: [(label, drawing_html, caption_html)]; label is plain text."""
    out = []
    for label, drawing, caption in items:
        out.append(
            tag(
                "li",
                tag(
                    "figure",
                    tag("div", drawing, class_="ill-art", role="img", aria_label=label) + tag("figcaption", caption),
                    class_="ill-step",
                ),
            )
        )
    return tag("ol", "".join(out), class_="ill", aria_label=title)


def mini_card(text, kind=""):
    """A small playing card with its text on it; kind: "" (face up), "back" (face down), "drawn", "bust"."""
    return tag("span", text, class_="ill-card" + (" ill-" + kind if kind else ""))


def mini_cards(values, kind=""):
    return "".join([mini_card(esc(v), kind) for v in values])


def lock(text=None):
    """A padlock and a word under it (HTML; "locked" in this screen's language when none is given)."""
    if text is None:
        # i18n: the word under a padlock in a how-to-play picture
        text = esc(_("locked"))
    return tag("span", _LOCK + tag("span", text, class_="ill-word"), class_="ill-badge")


def person(name, body=""):
    """A little person with a name (plain text); `body` is drawn above the name (e.g. a card they hold)."""
    return tag("span", body + _PERSON + tag("span", esc(name), class_="ill-name"), class_="ill-person")


def arrow(word="", back=False):
    """An arrow (right, or back to the left) with an optional word on it."""
    return tag(
        "span",
        tag("span", word, class_="ill-word") + tag("span", "&larr;" if back else "&rarr;", class_="ill-arrow-head"),
        class_="ill-arrow",
    )


def chip(text, kind=""):
    """A word on a rounded chip: an object, a role, a score."""
    return tag("span", text, class_="ill-chip" + (" ill-" + kind if kind else ""))


def column(*parts):
    return tag("span", "".join(parts), class_="ill-col")


def row(*parts):
    return tag("span", "".join(parts), class_="ill-row")


def tile(word, note="", kind=""):
    """A word tile of a board, with an optional small word under it (its role, or what a tap did)."""
    return tag(
        "span",
        tag("span", word, class_="ill-tile-word") + (tag("span", note, class_="ill-word") if note else ""),
        class_="ill-tile" + (" ill-" + kind if kind else ""),
    )


def grid(cells):
    """Tiles in a small three-column board."""
    return tag("span", "".join(cells), class_="ill-grid")


def rules_box(rules, summary=None, id_=None, open_=False):
    """A game's pictures and rules folded under one tap (summary: HTML, "How to play" when none is given). Give it an id: an open one stays open while the
    screen re-renders (static/js/glue.js keeps the open state of a details element that has an id)."""
    return tag(
        "details",
        tag("summary", esc(_("How to play")) if summary is None else summary) + tag("div", rules, class_="rules-text"),
        class_="how-to-play",
        id=id_,
        open=open_,
    )
