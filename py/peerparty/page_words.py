"""The pages' own words: what host.html, screen.html and the scripts in static/js/ write themselves, marked here
so Babel extracts them with every other message (one extraction, one catalog). scripts/build.py translates each
into every language and writes it into the page (host.html's and screen.html's texts, one block a language);
static/js/glue.js `pp.t` looks a word up by its English, so a script says `pp.t("Cancel")`, never a translation
of its own. A word listed here and not in the page's table (PAGE_TEXTS) is still looked up by JS through the
language's bundle (the phone's, once fetched). docs/languages.md "The pages' own words".

The sentences the Python screens draw as well (the boot notices, Sound, the link's problems, a remote screen's
notices) are kept where those screens keep them (ui/room.py, net/reach.py) and listed here from there."""

from .i18n import N_
from .net.reach import BAD_RELAY, HOST_LINK_PROBLEM, HOST_LINK_PROBLEMS
from .room.protocol import ROOM_ERRORS
from .ui.room import MOVED_ON, SCREEN_NOTICES, SOUND_LABELS

# the host's refusals a remote screen shows itself (screen.js pp.sentence: marked in room/protocol.py)
SCREEN_REFUSALS = ("screens_full", "no_screens")

# words the scripts write (static/js/): looked up by their English with pp.t
SCRIPT_WORDS = (
    N_("Cancel"),  # glue.js: the confirm dialog's buttons
    N_("Confirm"),
    # i18n: %s is the error as the browser reports it (English); shown on the TV when its rules stopped
    N_("The rules worker failed: %s"),  # host-room.js fatal
)


# index.html, the landing page: its elements marked data-say hold these English words, which its script swaps for
# the browser's language's (scripts/build.py writes the table into the page)
INDEX_WORDS = (
    N_("Party games on one big screen, played from your phones."),
    N_("Joining from a phone?"),
    N_("Room code"),
    N_("Join"),
    N_("Hosting on a big screen?"),
    N_("Open a room on this screen; everyone joins with their phone."),
    N_("Host a party"),
)


def page_texts(translate):
    """The words host.html and screen.html carry for their scripts, in the language `translate` (i18n._) looks
    them up in: one JSON table a language (scripts/build.py)."""
    return {
        "link": {kind: translate(text) for kind, text in HOST_LINK_PROBLEMS.items()},
        "problem": translate(HOST_LINK_PROBLEM),
        "bad_relay": translate(BAD_RELAY),
        "sound": [translate(label) for label in SOUND_LABELS],
        "moved_on": translate(MOVED_ON),
        "notices": {key: translate(text) for key, text in SCREEN_NOTICES.items()},
        "words": {
            text: translate(text) for text in SCRIPT_WORDS + tuple(ROOM_ERRORS[code] for code in SCREEN_REFUSALS)
        },
    }
