"""Whether phones reach the host, and the sentence that tells people what to do when they do not.

Pure (events and the clock in, states and sentences out), so it runs under pytest as on the pages:
`PhoneReach` is a phone's own diagnosis, `Knocking` the host's list of phones that knock (their offer
arrives through the signalling server) but whose connection never opens (no network path between them).
"""

from ..i18n import N_

NO_PATH_MS = 10000  # attempts with the signalling server up and the host there, none opening: no path
KNOCK_STUCK_MS = 8000  # the host gives a connection this long to open before it counts the phone as stuck
KNOCK_FORGET_MS = 15000  # a stuck phone that stopped knocking (page closed, joined another way) is forgotten

# shown by ui/room.py's phone_screen in the phone's language: _(sentence)
PHONE_NO_WEBRTC = N_(
    "This browser cannot make the direct connection the game needs (WebRTC is off or missing): "
    "open the link in Safari, Chrome or Firefox, with Lockdown Mode or strict privacy settings off."
)
HOST_NO_WEBRTC = (
    "This browser cannot make the direct connections phones need (WebRTC is off or missing): "
    "open this page in Chrome, Safari or Firefox, with strict privacy settings off."
)
PHONE_NO_PATH = (
    "This phone cannot reach the TV from this network: join the TV's Wi-Fi, or ask the host to turn on a relay."
)
# what the host page says of its own link (static/js/host-room.js reports the kind; the page shows the sentence)
HOST_LINK_PROBLEMS = {
    "signal-down": N_("The signalling server cannot be reached, so phones cannot join yet. Retrying…"),
    "id-held": N_("This room is still open elsewhere; taking it over…"),
    "no-webrtc": HOST_NO_WEBRTC,
    "bad-signal": N_("The signalling address in this page's link (?signal=) is not host:port/path."),
}


# i18n: %s is the name of a connection error as the PeerJS library gives it (an English code like "browser-incompatible")
HOST_LINK_PROBLEM = N_("Connection problem: %s")  # any other PeerJS error type
# i18n: %s is the relay address typed in the page's link
BAD_RELAY = N_("The relay %s is not turn:user:password@host:port; phones join without it.")  # a ?turn= entry


def host_link_problem(kind):
    """The host page's sentence for a link problem host-room.js reports."""
    if not kind:
        return None
    return HOST_LINK_PROBLEMS.get(kind, HOST_LINK_PROBLEM % kind)


PHONE_NO_PATH_RELAYED = "This phone cannot reach the TV, even through the relay: join the TV's Wi-Fi."


class PhoneReach:
    """A phone's view of its link: "connecting", "open", "no-webrtc" (for good) or "no-path" (still trying)."""

    def __init__(self, relay):
        self.relay = relay  # the phone's ICE setup includes a TURN relay
        self.webrtc = True
        self.trying_since = None  # first attempt of the current run that nothing else explains
        self.ice_failed = False  # WebRTC itself said the connection failed
        self.open = False

    def no_webrtc(self):
        self.webrtc = False

    def attempt(self, now_ms):
        """A connection offer went to the host through a working signalling server."""
        if self.trying_since is None:
            self.trying_since = now_ms

    def path_failed(self):
        """ICE failed (PeerJS negotiation-failed, or a webrtc error): direct and relayed paths all failed."""
        self.ice_failed = True

    def explained(self):
        """The signalling server is down or no host holds the room: not a path problem, start counting afresh."""
        self.trying_since = None
        self.ice_failed = False

    def opened(self):
        self.open = True
        self.explained()

    def closed(self):
        self.open = False

    def state(self, now_ms):
        if not self.webrtc:
            return "no-webrtc"
        if self.open:
            return "open"
        if self.trying_since is not None and (self.ice_failed or now_ms - self.trying_since >= NO_PATH_MS):
            return "no-path"
        return "connecting"

    def sentence(self, now_ms):
        state = self.state(now_ms)
        if state == "no-webrtc":
            return PHONE_NO_WEBRTC
        if state == "no-path":
            return PHONE_NO_PATH_RELAYED if self.relay else PHONE_NO_PATH
        return None


def _told(phone, name, device):
    """A stuck phone keeps the newest name and kind of phone a knock gave; a knock that gave none keeps the last."""
    phone["name"] = name or phone["name"]
    phone["device"] = device or phone["device"]


class Knocking:
    """The host's side: connections that came in and have not opened, and the phones that keep failing."""

    def __init__(self):
        self.pending = {}  # connection id -> {"peer": the phone's peer id, "name", "device", "since"}
        self.stuck = {}  # the phone's peer id -> {"name", "device", "since", "last"}: last = its latest knock

    def knock(self, cid, peer, name, now_ms, device=""):
        """A connection came in from `peer`, with the name its phone was given (or "") and its kind of phone
        (ui/room.py DEVICES' keys, or "")."""
        self.pending[cid] = {"peer": peer, "name": name, "device": device, "since": now_ms}
        phone = self.stuck.get(peer)
        if phone is not None:
            phone["last"] = now_ms
            _told(phone, name, device)  # a name typed meanwhile

    def opened(self, cid):
        """A connection opened: its phone got through. Returns the same phone's earlier, abandoned
        connections (it retried meanwhile) for the host to hang up."""
        knock = self.pending.pop(cid, None)
        if knock is None:
            return []
        self.stuck.pop(knock["peer"], None)
        abandoned = [other for other, k in self.pending.items() if k["peer"] == knock["peer"]]
        for other in abandoned:
            del self.pending[other]
        return abandoned

    def closed(self, cid, now_ms):
        """A connection closed before it opened: its ICE failed (or the host gave up on it)."""
        knock = self.pending.pop(cid, None)
        if knock is None:
            return
        phone = self.stuck.setdefault(knock["peer"], {"name": "", "device": "", "since": now_ms, "last": now_ms})
        _told(phone, knock["name"], knock["device"])

    def tick(self, now_ms):
        """The connection ids to hang up (pending far too long to be coming); forgets phones gone quiet."""
        late = [cid for cid, k in self.pending.items() if now_ms - k["since"] >= KNOCK_STUCK_MS]
        for cid in late:
            self.closed(cid, now_ms)
        waiting = set(k["peer"] for k in self.pending.values())
        for peer in list(self.stuck):
            if peer not in waiting and now_ms - self.stuck[peer]["last"] >= KNOCK_FORGET_MS:
                del self.stuck[peer]
        return late

    def labels(self):
        """Who is trying and failing, in the order they got stuck: [name, kind of phone] each, the name "" where
        the phone gave none (the big screen words the kind in its language: ui/room.py knocking_banner)."""
        phones = sorted(self.stuck.values(), key=lambda phone: phone["since"])
        return [[phone["name"], phone["device"]] for phone in phones]
