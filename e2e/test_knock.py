"""The knock (issue 51, docs/trust.md "The knock"): a phone's early link asks the host for a negotiated data
channel (its offer's metadata says `knock: 1`), and a new guest's Join tapped before that offer goes out rides in
it (`metadata.hello`). A host that takes the knock opens its end of the channel as the SCTP association comes up
and takes the hello as the channel's first message: the guest is seated once, with no hello on the channel. A host
that does not (an older page) answers without `knock`, and the phone says its hello on an in-band channel. A
knock's hello is checked as any message: junk gets the protocol's error and seats nobody.

The moment "before the offer goes out" is one the test holds: the signalling server's messages to the phone
(its OPEN first) are held until the Join has been tapped on the first frame; MicroPython is held back too, so the
page's own early link is what says the Join."""

import json

from people import PHONE_VIEW, WAIT_MS, open_host, people_names, received, wait_players
from test_phone_first_frame import hold_micropython

# every data channel a page makes (its options) and every text a page sends on one, before the page's scripts run
RECORD = r"""(() => {
  const seen = (window.__knock = { channels: [], sent: [] });
  const PC = window.RTCPeerConnection.prototype;
  const make = PC.createDataChannel;
  PC.createDataChannel = function (label, config) {
    seen.channels.push(Object.assign({ label }, config || {}));
    return make.call(this, label, config);
  };
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    seen.sent.push(String(data));
    return send.call(this, data);
  };
})();"""


def hold_signal(page):
    """Hold what the signalling server says to this page (its OPEN first) from now on; returns release()."""
    held, open_ = [], []

    def route(ws):
        server = ws.connect_to_server()

        def heard(message):
            if open_:
                ws.send(message)
            else:
                held.append((ws, message))

        server.on_message(heard)

    page.route_web_socket("**/peerjs?**", route)

    def release():
        open_.append(True)
        while held:
            socket, message = held.pop(0)
            socket.send(message)

    return release


def phone_tapping_join_before_its_offer(open_page, site, signal, code, name):
    """A phone whose Join is tapped on the first frame while its socket's OPEN and its MicroPython are held:
    (page, release MicroPython)."""
    phone = open_page(None, viewport=PHONE_VIEW, name="phone-" + name, init_script=RECORD)
    let_signal = hold_signal(phone)
    release = hold_micropython(phone)
    phone.goto(site + "/join.html?room=%s&signal=%s&record=1" % (code, signal))
    phone.wait_for_selector("#join button", timeout=WAIT_MS)
    phone.fill("#name", name)
    phone.click("#join button")
    assert phone.evaluate("() => pp.keptJoin()") == name
    assert phone.evaluate("() => !pp.early.peer.open"), "the phone's socket is held: its offer has not gone out"
    let_signal()
    return phone, release


def hellos(texts):
    return [t for t in texts if json.loads(t).get("t") == "hello"]


def test_a_join_tapped_before_the_offer_rides_in_the_knock_and_seats_the_guest_once(
    open_page, wait_ready, signal, site
):
    host, code = open_host(open_page, wait_ready, signal, init_script=RECORD)
    phone, release = phone_tapping_join_before_its_offer(open_page, site, signal, code, "Zoe")

    wait_players(host, 1)
    assert people_names(host) == ["Zoe"]
    phone.wait_for_selector("body[data-seated=early]", timeout=WAIT_MS)
    assert phone.inner_text("h1") == "You're in!"
    seen = phone.evaluate("() => ({knock: __knock, said: pp.early.said, meta: pp.early.conn.metadata})")
    assert seen["meta"]["knock"] == 1 and json.loads(seen["meta"]["hello"])["name"] == "Zoe"
    assert seen["said"] == "Zoe", "the host's answer took the knock: its hello counts as said"
    # both ends of the one channel are negotiated on stream 0, and the phone said no hello on it
    assert [c["negotiated"] for c in seen["knock"]["channels"] if c["label"] != "_PEERJSTEST"] == [True]
    assert [c["negotiated"] for c in host.evaluate("() => __knock.channels") if c["label"] != "_PEERJSTEST"] == [True]
    assert hellos(seen["knock"]["sent"]) == [], "the hello rode in the knock"

    release()
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert hellos(phone.evaluate("() => __knock.sent")) == [], "Python did not say it again"
    assert [m["t"] for m in received(phone)].count("welcome") == 1
    assert people_names(host) == ["Zoe"]
    # the link carries the game on: the phone leaves, and the TV hears it
    phone.evaluate('() => pp.sendRaw(\'{"v":1,"t":"leave"}\')')
    phone.wait_for_selector("body[data-status=left]", timeout=WAIT_MS)


def test_a_host_that_does_not_take_the_knock_gets_the_hello_on_an_in_band_channel(open_page, wait_ready, signal, site):
    host, code = open_host(open_page, wait_ready, signal, init_script=RECORD)
    host.evaluate("() => { pp.takeKnock = () => null; }")  # an older host page: it knows no knock
    phone, release = phone_tapping_join_before_its_offer(open_page, site, signal, code, "Ian")

    wait_players(host, 1)
    assert people_names(host) == ["Ian"]
    seen = phone.evaluate("() => ({knock: __knock, said: pp.early.said})")
    # the negotiated channel made with the offer, then the in-band one the answer called for, which said the hello
    assert [c.get("negotiated", False) for c in seen["knock"]["channels"] if c["label"] != "_PEERJSTEST"] == [
        True,
        False,
    ]
    assert [json.loads(t)["name"] for t in hellos(seen["knock"]["sent"])] == ["Ian"]
    assert seen["said"] == "Ian"
    release()
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert len(hellos(phone.evaluate("() => __knock.sent"))) == 1 and people_names(host) == ["Ian"]


# a page with PeerJS and nothing of the room knocks with a negotiated channel and junk for its hello
JUNK_KNOCK = """([hostId, host, port, path, hello]) => {
  window.answers = [];
  const peer = new Peer({ host, port, path, secure: false, key: "peerjs", config: { iceServers: [] } });
  peer.on("error", (err) => window.answers.push("error: " + err.type));
  peer.on("open", () => {
    const PC = RTCPeerConnection.prototype;
    const make = PC.createDataChannel;
    PC.createDataChannel = function (label, config) {
      return make.call(this, label, Object.assign({}, config, { negotiated: true, id: 0 }));
    };
    const conn = peer.connect(hostId, { reliable: true, serialization: "raw", metadata: { knock: 1, hello } });
    PC.createDataChannel = make;
    conn.on("data", (data) => window.answers.push(String(data)));
  });
}"""


def test_junk_in_a_knock_gets_the_protocols_error_and_seats_nobody(open_page, wait_ready, signal, site):
    host, code = open_host(open_page, wait_ready, signal)
    stranger = open_page("/static/vendor/peerjs/peerjs.min.js", name="stranger")
    stranger.add_script_tag(url=site + "/static/vendor/peerjs/peerjs.min.js")
    address, path = signal.split("/", 1)
    server, port = address.split(":")
    stranger.evaluate(JUNK_KNOCK, ["peerparty-%s-0" % code, server, int(port), "/" + path, '{"t": "hello", "name": ['])
    stranger.wait_for_function("() => window.answers.length > 0", timeout=WAIT_MS)
    answer = stranger.evaluate("() => window.answers[0]")
    assert json.loads(answer)["t"] == "error"
    assert host.get_attribute("body", "data-players") in (None, "0")
    assert people_names(host) == []
    assert not host.query_selector(".py-error")
