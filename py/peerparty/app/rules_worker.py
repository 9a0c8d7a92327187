"""The rules worker's entry: PyScript's Pyodide worker (host.html's <script type="py" worker name="rules">,
configured by pyscript.toml) feeds app/rules.py's Rules with the screen thread's messages.

The screen thread (static/js/host-room.js) posts {t, ...} messages through the worker's xworker; each is one call
on Rules (CALLS), and what Rules answers goes back as one plain object (see rules.py for both sides). Messages
posted while Python boots are held by PyScript and delivered in order as soon as this module has run: they are
answered together in one message (with how the boot went), so phones that joined early appear on the big screen in
one redraw. Later, a message is answered as soon as it is handled (the flush is a microtask, not a timer).

The interpreter under it (static/js/rules-interpreter.mjs) left self.ppBoot: how the boot went, reported with the
first answer, for the bench and the tests. docs/host-threads.md.
"""

import sys

import js
from pyodide.ffi import create_once_callable, jsnull, to_js

from .rules import Rules


def _arg(value):
    """A JS message's value as Python: null and undefined both mean "absent"."""
    return None if value is jsnull else value


CALLS = {
    "open": lambda r, m: r.open(
        m["mode"],
        m["code"],
        m["epoch"],
        m["now"],
        m.get("storage") or {},
        _arg(m.get("seed")),
        m.get("languages"),
        _arg(m.get("pseudo")),
    ),
    "catalog": lambda r, m: r.catalog(m["lang"], m["text"]),
    "knock": lambda r, m: r.knock(
        m["cid"], m["peer"], _arg(m.get("name")) or "", m["now"], _arg(m.get("device")) or ""
    ),
    "connect": lambda r, m: r.connect(m["cid"], m["now"]),
    "data": lambda r, m: r.data(m["cid"], m["text"], m["now"]),
    "close": lambda r, m: r.close(m["cid"], m["now"]),
    "path": lambda r, m: r.path(m["cid"], m["relayed"]),
    "page": lambda r, m: r.page(m["info"]),
    "peer": lambda r, m: r.peer(m["open"], m["now"]),
    "tick": lambda r, m: r.tick(m["now"]),
    "action": lambda r, m: r.action(m["text"], m["now"], _arg(m.get("ref"))),
    "moved_on": lambda r, m: r.moved_on(m["epoch"]),
    "probed": lambda r, m: r.probed(m["now"]),
    "probe_open": lambda r, m: r.probe_open(m["epoch"], m["now"]),
    "probe_answer": lambda r, m: r.probe_answer(m["epoch"], m["text"], m["now"]),
}

LISTS = ("send", "hangup", "probe", "unprobe", "storage", "catalog")  # answers merged: lists add up,
LATEST = (
    "screen",
    "watchers",
    "record",
    "opened",
    "leave",
    "download",
    "fatal",
    "acted",
)  # the latest of the rest wins


def merge(into, out):
    for key in LISTS:
        if out.get(key):
            into[key] = into.get(key, []) + list(out[key])
    for key in LATEST:
        if key in out:
            into[key] = out[key]
    return into


def _runtime():
    """ "pyscript" when PyScript's worker runs this (its polyscript module gave the xworker), for the tests."""
    return "pyscript" if "polyscript" in sys.modules else "pyodide"


class Worker:
    def __init__(self, xworker, rules=None):
        self.xworker = xworker
        self.rules = rules or Rules()
        self.pending = {}  # answers not yet posted (a flush is due): first, the boot's backlog
        self.boot = getattr(js, "ppBoot", None)
        # the held messages are handled in microtasks once this module has run: a timer comes after all of them
        js.setTimeout(create_once_callable(self.flush), 0)

    def on_message(self, event):
        try:
            message = event.data.to_py()
            out = CALLS[message["t"]](self.rules, message)
        except Exception as err:  # the room's own bug: the TV says so rather than going quiet
            out = {"fatal": "%s: %s" % (type(err).__name__, err)}
        if not out:
            return  # nothing to say (most ticks): say nothing
        if self.pending is None:
            self.pending = {}
            js.queueMicrotask(create_once_callable(self.flush))
        merge(self.pending, out)

    def flush(self):
        out, self.pending = self.pending, None
        boot, self.boot = self.boot, None
        if boot is not None:
            out.update(
                ready_ms=boot.elapsed(),
                wasm=boot.wasm,
                snapshot=boot.snapshot,
                runtime=_runtime(),
                boot_ms=list(boot.boot_ms.to_py()) + [boot.elapsed()],
            )  # + the rules made
        if out:
            self.xworker.postMessage(to_js(out, dict_converter=js.Object.fromEntries, create_pyproxies=False))
        if boot is not None:
            boot.keep()


def serve(xworker):
    """Answer the screen thread's messages from now on (the held ones first)."""
    worker = Worker(xworker)
    xworker.onmessage = worker.on_message
    return worker
