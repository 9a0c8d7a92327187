"""Late guests (issue 38, point 3): a phone that asks to join while a game that takes no watchers is under way
(DX-05: nobody new becomes a player mid-game) waits, its name kept, and is seated by itself once the game ends
and the results are up. It is told so in words, not refused, and meanwhile shown the table as the big screen
shows it (issue 48 point 8: a waiting phone had an empty page). Pure data: HostSession seats them."""

from . import protocol
from ..i18n import N_

WAIT_FOR_GAME = N_("A game is under way: you'll join when it ends.")


class Latecomers:
    def __init__(self):
        self._waiting = []  # [(conn, name)] in the order they asked
        self._sent = {}  # conn -> the last table message sent to it (sent again only when it changes)

    def wait(self, conn, name):
        self.drop(conn)  # a hello sent again (after a reconnect) keeps its place at the back
        self._waiting.append((conn, name))

    def drop(self, conn):
        self._waiting = [w for w in self._waiting if w[0] != conn]
        self._sent.pop(conn, None)

    def take_all(self):
        waiting, self._waiting = self._waiting, []
        self._sent = {}
        return waiting

    def tables(self, room, table, seq, now_ms):
        """The table as the big screen shows it, to each waiting phone that has not been sent this one: room and
        table are JSON already (the room's summary, the game's view for no seat: a watcher's). [(conn, text)]"""
        sent = self._sent
        body = '{"t":"waiting","why":"game","msg":%s,"room":%s,"view":%s,"v":%d}' % (
            protocol.dumps(WAIT_FOR_GAME),
            room,
            table,
            protocol.VERSION,
        )
        out = []
        for conn, _ in self._waiting:
            if sent.get(conn) != body:
                sent[conn] = body
                out.append((conn, '%s,"seq":%d,"now_ms":%d}' % (body[:-1], seq, now_ms)))
        return out

    def __len__(self):
        return len(self._waiting)
