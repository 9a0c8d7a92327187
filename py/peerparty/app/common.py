"""What both pages' wiring needs: the query string, the clock, storage and rendering via glue.js."""

import js


def query():
    params = js.URLSearchParams.new(js.location.search)
    out = {}
    for key in ("room", "signal", "ice", "turn", "force_relay", "new", "record", "takeover", "seed"):
        # has() first: a missing key is JS null, which Pyodide hands over as jsnull, not None
        if params.has(key):
            out[key] = str(params.get(key))
    return out


def same_signal(url, query):
    """url (which has a query already) with this page's own ?signal=, ?ice= and ?turn=, so the page it opens
    (a phone through the join link and QR code) meets the same signalling server and relays (a local
    PeerServer in tests, your own TURN). Not ?force_relay=: that tests one page's relay."""
    for key in ("signal", "ice", "turn"):
        if key in query:
            url += "&%s=%s" % (key, str(js.encodeURIComponent(query[key])))
    return url


def nonce():
    """16 random bytes from the browser's crypto, as hex (MicroPython has no os.urandom): room/proof.py's nonces."""
    values = js.crypto.getRandomValues(js.Uint8Array.new(16))
    return "".join("%02x" % int(values[i]) for i in range(16))


def now_ms():
    return int(js.Date.now())


def store_get(key):
    value = js.pp.storage.get(key)
    return str(value) if isinstance(value, str) else None  # JS null arrives as jsnull on Pyodide


def store_set(key, value):
    js.pp.storage.set(key, value)


def store_remove(key):
    js.pp.storage.remove(key)


class _Storage:
    """localStorage as room/rejoin.py and room/fence.py take it: get, set, remove."""

    def get(self, key):
        return store_get(key)

    def set(self, key, value):
        store_set(key, value)

    def remove(self, key):
        store_remove(key)


STORAGE = _Storage()


def render(root, html):
    js.pp.render(root, html)


def mark(name, value):
    """Signals for people and tests: body[data-<name>] set from Python."""
    js.document.body.setAttribute("data-" + name, str(value))
