"""join.html's boot: the phone's modules imported one task at a time.

Importing a module runs its top level (classes made, tables built), and the phone's modules together held a
mid-range phone's main thread for a quarter to two thirds of a second in one task (Lighthouse's 4x CPU throttle),
all of it Total Blocking Time past the first 50 ms. Imported one module per task, with the browser let in between
(pp.nextTask), the longest is one module's own top level.

MODULES is app/phone.py's import tree in an order where each module imports only modules before it, so importing
one runs that module alone; tests/test_phone_boot.py proves the order, that the list is the whole tree, and that
every module is in the phone's bundle (static/build/phone.json).
"""

MODULES = (
    "peerparty.i18n",
    "peerparty.net.peerjs",
    "peerparty.net.reach",
    "peerparty.room.proof",
    "peerparty.room.protocol",
    "peerparty.room.races",
    "peerparty.room.guest",
    "peerparty.room.rejoin",
    "peerparty.ui.html",
    "peerparty.ui.screens",
    "peerparty.ui.languages",
    "peerparty.ui.decisions",
    "peerparty.ui.illustrations",
    "peerparty.ui.room",
    "peerparty.app.common",
    "peerparty.app.phone",
)


async def boot():
    """Import MODULES one per task; returns app/phone.py's main."""
    import js  # here, so pytest reads MODULES without a browser

    for name in MODULES:
        __import__(name)
        await js.pp.nextTask()
    from .phone import main

    return main
