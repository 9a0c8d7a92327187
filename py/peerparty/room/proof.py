"""Proving a secret without sending it (issue 31): HMAC-SHA256 over fresh nonces.

Three secrets are proved this way, and none ever crosses a link:
- the room key (HostSession.room_key): only the room's host and its successor's replica hold it. A host that
  finds a later epoch's id taken asks it for the key's proof of its fresh nonce (`probe`) and steps aside only
  for the right answer (fence.py).
- a remote screen's key (room/screens.py): proved both ways as a seat's token is, under labels of its own.
- a seat's token: a phone rejoining names its seat by a tag derived from the token, with its own nonce; the host
  answers with the token's proof of that nonce and a nonce of its own (`challenge`); only a host that knows the
  token gets the phone's proof (`prove`). docs/trust.md.

One HMAC for both sides, by hand over hashlib.sha256: the phone runs MicroPython, whose hmac module is not the
standard one everywhere (tests/room/test_proof.py checks this against CPython's hmac). Plain Python only; the
nonce's randomness comes from the page (app/common.py), never from `random`.
"""

import binascii
import hashlib

NONCE_HEX = 32  # a nonce: 16 random bytes, as hex
MAC_HEX = 64  # an HMAC-SHA256, as hex
TAG_HEX = 24  # a seat's public tag: enough to find the seat, nothing to rebuild the token from
_BLOCK = 64


def fresh_nonce():
    """A nonce from the operating system (CPython, Pyodide); MicroPython has no os.urandom, so the phone page
    passes its own, from the browser's crypto (app/common.py nonce)."""
    import os

    return binascii.hexlify(os.urandom(NONCE_HEX // 2)).decode()


def hmac_sha256(key, message):
    """HMAC-SHA256 (RFC 2104) of bytes `message` under bytes `key`, as bytes."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key + b"\x00" * (_BLOCK - len(key))
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key) + message).digest()
    return hashlib.sha256(bytes(b ^ 0x5C for b in key) + inner).digest()


def mac(secret, *parts):
    """The hex HMAC of the parts under a text secret. Each part goes in with its length, so no two lists of parts
    make one message ("a|b" is not "a", "b")."""
    message = "".join(["%d:%s;" % (len(str(p)), p) for p in parts]).encode("utf-8")
    return binascii.hexlify(hmac_sha256(secret.encode("utf-8"), message)).decode()


def same(a, b):
    """Compare two hex texts in time that does not depend on where they differ."""
    if not isinstance(a, str) or not isinstance(b, str) or len(a) != len(b):
        return False
    diff = 0
    for x, y in zip(a, b):
        diff |= ord(x) ^ ord(y)
    return diff == 0


def is_hex(value, length):
    if not isinstance(value, str) or len(value) != length:
        return False
    for ch in value:
        if ch not in "0123456789abcdef":
            return False
    return True


def seat_tag(token):
    """The name a rejoining phone gives its seat instead of the token: one way, so it reveals nothing."""
    return mac(token, "seat")[:TAG_HEX]


# --- the channel: every proof names the host's epoch and the peer id that was dialled (issue 39) -------------------
#
# A stranger at a later epoch's id can relay a handshake unchanged between a phone and the real host. Bound to the
# channel, the host proves for its own epoch and id and the phone checks for the id it dialled: relayed, the two
# differ and neither side's proof is accepted. `peer` is protocol.peer_id(code, epoch) on both sides.


def room_proof(room_key, code, epoch, peer, nonce):
    return mac(room_key, "room", code, epoch, peer, nonce)


# --- a seat's proofs: the host's first (of the phone's nonce), then the phone's (of the host's) -----------------


def host_seat_proof(token, code, epoch, peer, phone_nonce, host_nonce):
    return mac(token, "host", code, epoch, peer, phone_nonce, host_nonce)


def phone_seat_proof(token, code, epoch, peer, phone_nonce, host_nonce):
    return mac(token, "phone", code, epoch, peer, phone_nonce, host_nonce)


# --- a remote screen's key (room/screens.py): the same handshake, under its own labels ---------------------------


def screen_tag(key):
    return mac(key, "screen")[:TAG_HEX]


def host_screen_proof(key, code, epoch, peer, screen_nonce, host_nonce):
    return mac(key, "screen-host", code, epoch, peer, screen_nonce, host_nonce)


def screen_proof(key, code, epoch, peer, screen_nonce, host_nonce):
    return mac(key, "screen-self", code, epoch, peer, screen_nonce, host_nonce)
