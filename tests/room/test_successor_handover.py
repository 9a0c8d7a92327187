"""A replica lives only on the current successor's phone, and is erased everywhere else once that is safe
(DESIGN.md; room/replication.py): when the successor changes, the last one keeps its replica until the new one
says it keeps one (`kept`). Issue 47, bug 7: erased at once, a TV that died while the new successor's replica was
on its way left nobody able to take Hint Hunt over."""

from peerparty.games import REGISTRY
from peerparty.room.host import HostSession
from peerparty.room.protocol import AWAY_MS

from .helpers import last
from .test_room_causality import hint_hunt_guessing


def tick_with(net, phones, ms):
    """`ms` pass a second at a time; only these phones ping."""
    for _ in range(ms // 1000):
        net.advance(1000)
        for phone in phones:
            net.send(phone, phone.session.ping(1))
        net.flush()


def test_bug_7_the_last_successor_keeps_its_replica_until_the_new_one_keeps_one():
    host, net, phones = hint_hunt_guessing(("Ann", "Ben", "Cat"))  # Hosty plays on the TV
    ann, ben, cat = phones["Ann"], phones["Ben"], phones["Cat"]
    assert host.successor().id == ann.session.seat and ann.session.replica is not None
    # Ann's phone falls silent: Ben, the next by join order, is the successor; once he keeps the replica, hers goes
    tick_with(net, [ben, cat], AWAY_MS + 1000)
    assert host.successor().id == ben.session.seat
    assert ben.session.replica is not None and ann.session.replica is None
    # Ann is back: she joined first, so she is the successor again, and her replica is on its way...
    net.send(ann, ann.session.ping(2))
    net.flush()
    net.advance(1000)
    assert host.successor().id == ann.session.seat
    while net.deliver_to_phone(ben.conn):  # ...while Ben's link is quick
        pass
    assert ben.session.replica is not None, "Ben erased his replica before Ann held hers"
    # the TV dies now, Ann's replica lost with it: Ben's phone still takes the room over (rejoin.is_successor)
    assert ben.session.replica["epoch"] == ben.session.epoch
    taken = HostSession.restore(ben.session.replica["snapshot"], REGISTRY)
    taken.take_over(ben.session.token, net.now_ms)
    assert taken.epoch == 1 and taken.phase == "playing"
    # the TV lives on instead: Ann's replica arrives, she says she keeps it, and only then is Ben's erased
    net.flush()
    assert ann.session.replica is not None and ben.session.replica is None
    assert last(ben, "replica") == {"v": 1, "t": "replica", "drop": True}
    assert cat.session.replica is None


def test_a_phone_away_that_held_a_replica_is_told_to_erase_it_when_it_comes_back():
    """Ben held the replica and his link dropped while Ann became the successor: nobody could tell his phone then.
    Once Ann keeps hers, Ben's phone hears it at its welcome (successor: false) and erases its copy."""
    host, net, phones = hint_hunt_guessing(("Ann", "Ben", "Cat"))
    ann, ben, cat = phones["Ann"], phones["Ben"], phones["Cat"]
    tick_with(net, [ben, cat], AWAY_MS + 1000)
    assert ben.session.replica is not None
    net.disconnect(ben)
    net.send(ann, ann.session.ping(2))
    net.flush()
    tick_with(net, [ann, cat], 2000)
    assert host.successor().id == ann.session.seat and ann.session.replica is not None
    assert ben.session.replica is not None  # his phone was away: it still has it
    net.connect(ben)
    net.flush()
    assert last(ben, "welcome")["successor"] is False
    assert ben.session.replica is None and ben.session.replica_dropped


def test_a_kept_that_crossed_a_drop_or_names_no_replica_sent_teaches_the_host_nothing():
    """A phone's `kept` names the replica it stored (its number n). Ann kept replica k, then was told to drop it
    (Ben became the successor); back as the successor, her new replica is on its way when her word about k arrives
    late: it is not about the replica she holds now (she holds none), so Ben's stays."""
    host, net, phones = hint_hunt_guessing(("Ann", "Ben", "Cat"))
    ann, ben, cat = phones["Ann"], phones["Ben"], phones["Cat"]
    earlier = ann.session.replica["n"]
    tick_with(net, [ben, cat], AWAY_MS + 1000)
    assert ann.session.replica is None and ben.session.replica is not None
    net.send(ann, ann.session.ping(2))
    net.flush()
    net.advance(1000)  # Ann is the successor again: her replica is sent (and held back here)
    assert host.successor().id == ann.session.seat
    net.to_phone = [(c, t) for c, t in net.to_phone if c != ann.conn]
    for late in (
        '{"v":1,"t":"kept","epoch":0,"n":%d}' % earlier,  # crossed the drop
        '{"v":1,"t":"kept","epoch":1,"n":%d}' % host.replicas_sent,  # another term's
        '{"v":1,"t":"kept","epoch":0,"n":%d}' % (host.replicas_sent + 5),  # never sent
    ):
        out = host.on_message(ann.conn, late, net.now_ms)
        assert out == [], late
    for bad in ('{"v":1,"t":"kept","epoch":0}', '{"v":1,"t":"kept","epoch":-1,"n":1}'):
        out = host.on_message(ann.conn, bad, net.now_ms)
        assert [c for c, t in out] == [ann.conn] and '"code":"bad_message"' in out[0][1]
    net.flush()
    assert ben.session.replica is not None
    # the right word: Ben's replica goes
    out = host.on_message(ann.conn, '{"v":1,"t":"kept","epoch":0,"n":%d}' % host.replicas_sent, net.now_ms)
    assert [(c, t) for c, t in out] == [(ben.conn, '{"t":"replica","drop":true,"v":1}')]
