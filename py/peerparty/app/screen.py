"""The host page's screen thread, Python half (MicroPython, like the phones): it draws the big screen and
turns the host's taps into actions.

static/js/host-room.js (the JS half, running before any Python) has already chosen the room code, drawn the
first frame, opened the room to phones and started the rules worker; it hands this module the worker's
screens (pp.host.listen). A screen holds the room summary and the table's view (or, when the host plays, the
host's own seat's view): nothing else of the room reaches this thread, and this module imports neither the
engine nor the games (tests/test_layering.py). docs/host-threads.md describes the split.
"""
import json

import js

from . import common


class Screen:
    def __init__(self):
        self.host = js.pp.host
        self.root = js.document.getElementById("app")
        self.screen = None            # the last screen the rules worker sent, or None until it has
        self.drawn = None             # the HTML on screen, so an unchanged screen is not redrawn
        self.sound = False            # browsers allow sound only after a tap, so it starts off
        self.last_moment = None

    def start(self):
        """Listen, and nothing more in this task: the page already shows host_frame (host-room.js drew it), so the
        screens are imported in the next task, and drawn when there is something new to draw."""
        js.pp.mount(self.root, common.proxy(self.on_action))
        js.document.addEventListener("keydown", common.proxy(self.on_key))
        self.host.listen(common.proxy(self.on_screen), common.proxy(self.refresh))
        js.setTimeout(common.proxy(screens), 0)
        common.mark("ready", "1")

    def on_screen(self, text):
        self.screen = json.loads(str(text))
        self.refresh()

    def on_action(self, text):
        text = str(text)
        action = json.loads(text)
        kind = action.get("room")
        if kind == "sound":
            self.sound = bool(js.pp.sound(not self.sound))
            common.store_set("peerparty:sound", "1" if self.sound else "0")
            self.refresh()
        elif kind == "new_room":
            self.host.forget()
            js.location.reload()
        else:
            self.host.action(text)       # the rules worker answers with a new screen (or an error on it)

    def on_key(self, event):
        if str(event.key) == "f" and str(event.target.tagName) not in ("INPUT", "TEXTAREA"):
            js.pp.fullscreen()

    def info(self):
        """What the page itself adds to every screen: the QR code, the join address, sound, the link's state."""
        status = self.host.status
        return {"join_hint": str(self.host.joinHint), "qr_svg": str(self.host.qrSvg),
                "status_error": str(status) if status else None, "sound": self.sound}

    def refresh(self, *args):
        host_frame, host_screen = screens()
        screen = self.screen
        if screen is None:
            html = host_frame(str(self.host.code), str(self.host.mode), self.info())
        else:
            info = screen["info"]
            info.update(self.info())
            info["error"] = screen["error"]
            view = screen["view"] or {}
            moment = (screen["room"]["phase"], view.get("phase"), view.get("round"))
            if self.sound and moment != self.last_moment:
                js.pp.chime()             # a new phase, round or game: a soft cue for the room
            self.last_moment = moment
            html = host_screen(screen, info)
        if html != self.drawn:
            self.drawn = html
            common.render(self.root, html)
        if screen is not None:
            common.mark("seq", screen["seq"])
            common.mark("phase", screen["room"]["phase"])
            common.mark("players", len(screen["room"]["people"]))


def screens(*args):
    """The room's screens (ui/room.py and what it imports), imported on first use."""
    from ..ui.room import host_frame, host_screen
    return host_frame, host_screen


def main():
    screen = Screen()
    screen.start()
    return screen
