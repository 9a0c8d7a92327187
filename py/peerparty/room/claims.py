"""A guest on a new phone asks for their own seat back (issue 38, point 2; docs/trust.md).

A hello whose name is an AWAY seat's is neither refused ("Someone in the room already has that name.") nor
seated: it waits here, a request the host answers on the TV (Let in / Refuse). Only the host's yes moves the
seat, never the name alone: a name is public, anyone can type it. A request dies when its connection closes,
and is void once the seat's own phone is back (the seat is connected again).

Pure data: HostSession does the seating (a fresh token for the new phone, the old one revoked)."""


class Claims:
    def __init__(self):
        self._asking = []  # [(number, conn, seat id)] in the order asked
        self._count = 0

    def ask(self, conn, seat_id):
        """`conn` asks for the seat; the number the host's answer names. One request per connection (a
        hello sent again after a reconnect replaces it) and per seat (a second asker is refused: None)."""
        self.drop(conn)
        if self.for_seat(seat_id):
            return None
        self._count += 1
        self._asking.append((self._count, conn, seat_id))
        return self._count

    def take(self, number):
        """The request `number` answered: (conn, seat id), gone from the list; None if it is no longer open."""
        for entry in self._asking:
            if entry[0] == number and not isinstance(number, bool):
                self._asking.remove(entry)
                return entry[1], entry[2]
        return None

    def drop(self, conn):
        """The asking connection closed (or asked again): its request dies. True if there was one."""
        before = len(self._asking)
        self._asking = [e for e in self._asking if e[1] != conn]
        return len(self._asking) != before

    def for_seat(self, seat_id):
        """The connections asking for this seat."""
        return [e[1] for e in self._asking if e[2] == seat_id]

    def void(self, seat_id):
        """The seat's own phone is back: its requests are void. Returns their connections."""
        conns = self.for_seat(seat_id)
        self._asking = [e for e in self._asking if e[2] != seat_id]
        return conns

    def listed(self):
        """[(number, seat id)] for the host's screen."""
        return [(e[0], e[2]) for e in self._asking]
