"""The phone's GuestLink (py/peerparty/net/peerjs.py) over the simulator's PeerJS (tests/sim/peerjs.py, whose error
surface tests/net/test_peerserver_model.py checks against PeerJS's own build): a "peer-unavailable" names an id,
not a connection, and comes 5-6 s after its offer, so it is matched to the attempt it answers (issue 47, bug 1)."""

from tests.sim import peerjs, peerserver
from tests.sim.world import World

GuestLink = peerjs.guest_link_class()
MINE, NEXT = "peerparty-WXYZ-0", "peerparty-WXYZ-1"


class Page:
    alive = True
    asleep = False

    def __init__(self):
        self.world = World(1)
        self.heard = []

    def event(self, fn, *args):
        fn(*args)

    # GuestLink's events (app/phone.py's)
    def on_attempt(self):
        self.heard.append("attempt")

    def on_open(self, said=None):
        self.heard.append("open")

    def on_close(self):
        self.heard.append("close")

    def on_data(self, text):
        self.heard.append(text)

    def on_path_failed(self):
        self.heard.append("path_failed")

    def on_peer_error(self, kind, text):
        self.heard.append(kind)

    def on_unavailable(self, peer_id, ended):
        self.heard.append(("unavailable", peer_id, ended))


def started(host_id):
    page = Page()
    link = GuestLink(host_id, peerjs.Options(page), page)
    link.start()
    page.world.run_until(1000)  # the peer opens and dials host_id (nobody holds it: the offer waits)
    assert link.conn is not None and str(link.conn.peer) == host_id
    return page, link


def opens(conn):
    conn.open = True  # the data channel opened (DataConnection: "open" once its channel does)
    conn.emit("open")


def test_a_late_answer_for_another_id_leaves_the_open_link_alone():
    page, link = started(NEXT)  # a look at the next epoch
    link.host_id = MINE
    link.reconnect()  # back to its own host, which answers
    opens(link.conn)
    live = link.conn
    link.peer._handle(peerserver.EXPIRE, NEXT)  # the look at the next epoch, answered now
    assert link.connected() and link.conn is live and not live.closed
    assert page.heard[-1] == ("unavailable", NEXT, False) and "close" not in page.heard
    live.data('{"v":1,"t":"pong","n":1}')
    assert page.heard[-1] == '{"v":1,"t":"pong","n":1}'


def test_a_late_answer_for_the_same_id_leaves_the_open_link_alone():
    page, link = started(MINE)
    link.reconnect()  # the first attempt timed out; the second opens (the id was taken meanwhile)
    opens(link.conn)
    link.peer._handle(peerserver.EXPIRE, MINE)
    assert link.connected() and page.heard[-1] == ("unavailable", MINE, False)


def test_the_answer_for_the_attempt_under_way_ends_it():
    page, link = started(MINE)
    dialling = link.conn
    link.peer._handle(peerserver.EXPIRE, MINE)
    assert link.conn is None and dialling.closed and page.heard[-1] == ("unavailable", MINE, True)


def test_an_answer_for_another_id_leaves_the_attempt_under_way_alone():
    page, link = started(NEXT)
    link.host_id = MINE
    link.reconnect()
    dialling = link.conn
    link.peer._handle(peerserver.EXPIRE, NEXT)
    assert link.conn is dialling and not dialling.closed and page.heard[-1] == ("unavailable", NEXT, False)


def test_the_real_server_model_answers_an_absent_id_after_its_window():
    """End to end over the model: nobody takes the id, and the answer comes 5-6 s after the offer."""
    page, link = started(MINE)
    page.world.run_until(peerserver.EXPIRE_TIMEOUT_MS)  # its offer left after the clock's start
    assert not [h for h in page.heard if isinstance(h, tuple)]
    page.world.run_until(1000 + peerserver.EXPIRE_TIMEOUT_MS + peerserver.CLEANUP_OUT_MSGS_MS + 200)  # and by 1 s
    assert [h for h in page.heard if isinstance(h, tuple)] == [("unavailable", MINE, True)]
