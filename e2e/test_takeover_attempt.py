"""Issue 31 over real PeerJS: a stranger who knows the room's code registers its next epoch's id
(peerparty-CODE-1) on the local PeerServer and answers the host's probes with a made-up proof, and says hello
to the host from epoch 9. The host stays the host (it does not step aside or forget its room), the TV says
someone tried to take the room over, the game plays on, and the stranger received no seat's token, no room key
and no seed. Real successors still take over: e2e/test_hint_hunt.py."""

import json

from hint_hunt_play import read_write_form, seat_host_and_join, submit, tick_and_type
from people import WAIT_MS, host_record, open_host, seq, wait_seq_above

# the stranger's page: PeerJS and the code, nothing of the room. It answers a probe with a made-up proof and a
# phone's hello with a made-up challenge, and keeps everything it hears.
STRANGER = """([id, host, port, path]) => new Promise((resolve, reject) => {
  window.heard = [];
  const peer = new Peer(id, { host, port, path, secure: false, key: "peerjs", config: { iceServers: [] } });
  peer.on("open", () => resolve(true));
  peer.on("error", (err) => reject(String(err.type)));
  peer.on("connection", (conn) => {
    conn.on("data", (data) => {
      const text = String(data);
      window.heard.push(text);
      let m = {};
      try { m = JSON.parse(text); } catch (e) {}
      if (m.t === "probe") conn.send(JSON.stringify({ v: 1, t: "proof", epoch: m.epoch, proof: "0".repeat(64) }));
      if (m.t === "hello") conn.send(JSON.stringify({ v: 1, t: "challenge", nonce: "1".repeat(32), proof: "2".repeat(64) }));
    });
  });
  window.strangerPeer = peer;
})"""

# and it knocks on the host's own id as a phone would, saying hello from a later epoch
KNOCK = """([id, code]) => new Promise((resolve) => {
  const conn = window.strangerPeer.connect(id, { reliable: true, serialization: "raw" });
  window.answers = [];
  conn.on("open", () => conn.send(JSON.stringify({ v: 1, t: "hello", room: code, epoch: 9 })));
  conn.on("data", (data) => { window.answers.push(String(data)); resolve(window.answers); });
})"""


def test_a_stranger_at_the_next_epochs_id_cannot_take_the_room(open_page, wait_ready, signal, site, shot):
    hana, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = seat_host_and_join(hana, open_page, wait_ready, signal, code, "Hana", ["Ann", "Ben"])
    hana.click("#start")
    hana.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    assert hana.query_selector(".banner.intruder") is None

    stranger = open_page("/static/vendor/peerjs/peerjs.min.js", name="stranger")
    stranger.add_script_tag(url=site + "/static/vendor/peerjs/peerjs.min.js")
    address, path = signal.split("/", 1)
    server, port = address.split(":")
    stranger.evaluate(STRANGER, ["peerparty-%s-1" % code, server, int(port), "/" + path])

    # the host probes epoch 1 every 5 s (room/fence.py): the stranger answers, wrongly, and is named on the TV
    hana.wait_for_selector(".banner.intruder[data-intruder='1']", timeout=WAIT_MS)
    assert "Someone tried to take over this room" in hana.inner_text(".banner.intruder")
    shot(hana, "takeover-attempt-host")
    assert "/host.html" in hana.url, "the host stepped aside"
    assert hana.get_attribute("body", "data-room-ready") == code
    record = host_record(hana)
    assert record is not None and record["epoch"] == 0, "the host forgot its room"
    heard = stranger.evaluate("() => window.heard")
    assert any(json.loads(t).get("t") == "probe" for t in heard)

    # a hello from epoch 9 changes nothing: it is told the room moved on, and nothing else happens
    before = seq(hana)
    answers = stranger.evaluate(KNOCK, ["peerparty-%s-0" % code, code])
    assert [json.loads(t)["code"] for t in answers] == ["old_host"]
    assert seq(hana) == before and host_record(hana)["epoch"] == 0

    # the game plays on: Ann writes her hint, and the host takes it
    form = read_write_form(phones["Ann"])
    h = seq(hana)
    tick_and_type(phones["Ann"], form["unlocked"][:2], "ORBIT")
    assert submit(phones["Ann"]) == "ORBIT 2"
    wait_seq_above(hana, h)
    assert not hana.query_selector(".py-error")

    # nothing the stranger heard holds a seat's token, the room key or the seed
    record = host_record(hana)
    secrets = [s["token"] for s in record["lobby"]["seats"]] + [record["room_key"], record["match"]["seed"]]
    heard = stranger.evaluate("() => window.heard.concat(window.answers)")
    assert heard and not [s for s in secrets if any(s in t for t in heard)]
