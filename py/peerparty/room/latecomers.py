"""Late guests (issue 38, point 3): a phone that asks to join while a game that takes no watchers is under way
(DX-05: nobody new becomes a player mid-game) waits, its name kept, and is seated by itself once the game ends
and the results are up. It is told so in words, not refused. Pure data: HostSession seats them."""

WAIT_FOR_GAME = "A game is under way: you'll join when it ends."


class Latecomers:
    def __init__(self):
        self._waiting = []  # [(conn, name)] in the order they asked

    def wait(self, conn, name):
        self.drop(conn)  # a hello sent again (after a reconnect) keeps its place at the back
        self._waiting.append((conn, name))

    def drop(self, conn):
        self._waiting = [w for w in self._waiting if w[0] != conn]

    def take_all(self):
        waiting, self._waiting = self._waiting, []
        return waiting

    def __len__(self):
        return len(self._waiting)
