"""The pages' own words: what host.html, screen.html and the scripts in static/js/ write themselves, marked here
so Babel extracts them with every other message (one extraction, one catalog). scripts/build.py translates each
into every language and writes it into the page (host.html's and screen.html's texts, one block a language);
static/js/glue.js `pp.t` looks a word up by its English, so a script says `pp.t("Cancel")`, never a translation
of its own. A word listed here and not in the page's table (PAGE_TEXTS) is still looked up by JS through the
language's bundle (the phone's, once fetched). docs/languages.md "The pages' own words".

Some of these sentences are kept in ui/room.py and net/reach.py too (the Python screens draw them); the same
English is one message in the catalog, so a translation made for one is the other's."""

from .i18n import N_
from .room.protocol import ROOM_ERRORS

# what the big screen says while its rules worker boots (ui/room.py FRAME_NOTICES)
FRAME_NOTICES = {
    "new": N_("Getting the games ready…"),
    "restore": N_("Resuming the room…"),
    "takeover": N_("Taking over…"),
}

# the Sound button, off and on (ui/room.py SOUND_LABELS): host-room.js and screen.js switch it themselves
SOUND_LABELS = (N_("Sound: off"), N_("Sound: on"))

# the TV's last words in a room a later host leads (ui/room.py MOVED_ON)
MOVED_ON = N_("This room has moved on: another device hosts it now. This screen follows it there…")

# the host page's own link (net/reach.py HOST_LINK_PROBLEMS, HOST_LINK_PROBLEM, BAD_RELAY)
HOST_LINK_PROBLEMS = {
    "signal-down": N_("The signalling server cannot be reached, so phones cannot join yet. Retrying…"),
    "id-held": N_("This room is still open elsewhere; taking it over…"),
    "no-webrtc": N_(
        "This browser cannot make the direct connections phones need (WebRTC is off or missing): "
        "open this page in Chrome, Safari or Firefox, with strict privacy settings off."
    ),
    "bad-signal": N_("The signalling address in this page's link (?signal=) is not host:port/path."),
}
# i18n: %s is the name of a connection error as the PeerJS library gives it (an English code like "browser-incompatible")
HOST_LINK_PROBLEM = N_("Connection problem: %s")
# i18n: %s is the relay address typed in the page's link
BAD_RELAY = N_("The relay %s is not turn:user:password@host:port; phones join without it.")

# what a remote screen says of its link (ui/room.py SCREEN_NOTICES); %s in "full" is the host's refusal, shown in
# this screen's language
SCREEN_NOTICES = {
    "connecting": N_("Connecting to the room…"),
    "reconnecting": N_("Reconnecting to the room…"),
    "waiting": N_("The host is getting ready…"),
    # i18n: %s is the host's sentence saying why this screen was refused (the room has enough screens)
    "full": N_("%s This screen asks again every few seconds."),
    "no_screens": N_("%s This screen asks again every few seconds."),
    "forgotten": N_(
        "The room's host no longer knows this screen (it was dropped, or a new host took over without it), so it "
        "joins as a new screen. If it stays here, open the screen link the TV shows again (Add a screen)."
    ),
    "dropped": N_("The host closed this screen. Open the link again to watch the room."),
    "wrong_room": N_("That is a different room. Check the link."),
    "no_code": N_("This link has no room code. Open the screen link the TV shows (Add a screen)."),
    "bad_signal": N_("The signalling address in this page's link (?signal=) is not host:port/path."),
    "no_webrtc": N_("This browser cannot make the direct connections a screen needs (WebRTC is off or missing)."),
}

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
