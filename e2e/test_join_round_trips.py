"""The join's round trips that are the page's own (issue 51, docs/performance.md "The join's round trips"): the
phone's signalling socket is opened by join.html's head as the page is parsed (static/js/signal.js), and PeerJS is
handed that socket, not a second one; a phone dials the moment it has a peer, so its offer is made and ICE gathers
without waiting for the server's OPEN (static/js/link.js pp.holdUntilOpen sends what PeerJS would drop before the
socket is open); and the TV answers as the DTLS server, so the phone, which learns first that a path works,
starts the DTLS handshake there and then (pp.answerPassive). All checked on what the browsers did, not on time."""

from people import join, open_host, people_names, wait_players

# every createOffer with the state of the page's signalling socket at that moment, and every local description
# as set (type and its a=setup: line), recorded before the page's own scripts run
RECORD = r"""(() => {
  const seen = (window.__joinPath = { sockets: [], offers: [], described: [] });
  const WS = window.WebSocket;
  function Socket(url, protocols) {
    const ws = protocols === undefined ? new WS(url) : new WS(url, protocols);
    seen.sockets.push(ws);
    const script = document.currentScript;     // which script opened it: join.html's head has data-early
    seen.openedBy = (seen.openedBy || []).concat([script ? (script.hasAttribute("data-early") ? "head" : script.src) : ""]);
    return ws;
  }
  Socket.prototype = WS.prototype;
  Object.assign(Socket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Socket;
  const PC = window.RTCPeerConnection.prototype;
  const createOffer = PC.createOffer;
  PC.createOffer = function (...args) {
    seen.offers.push(seen.sockets.map((ws) => ws.readyState));
    return createOffer.apply(this, args);
  };
  const setLocal = PC.setLocalDescription;
  PC.setLocalDescription = function (description, ...rest) {
    if (description) {
      const setup = /^a=setup:(\w+)/m.exec(description.sdp || "");
      seen.described.push([description.type, setup ? setup[1] : null]);
    }
    return setLocal.call(this, description, ...rest);
  };
})();"""


def test_a_phone_dials_while_its_socket_opens_and_is_the_dtls_client(open_page, wait_ready, signal):
    host, code = open_host(open_page, wait_ready, signal, init_script=RECORD)
    phone = open_page(
        "/join.html?room=%s&signal=%s&record=1" % (code, signal),
        viewport=(390, 844),
        name="phone-Ann",
        init_script=RECORD,
    )
    wait_ready(phone)
    join(phone, "Ann")
    wait_players(host, 1)
    assert people_names(host) == ["Ann"]

    seen = phone.evaluate(
        "() => ({offers: __joinPath.offers, described: __joinPath.described, by: __joinPath.openedBy,"
        " taken: pp.earlySocketTaken})"
    )
    # one signalling socket, opened by the page's head as it was parsed, and handed to PeerJS (pp.earlySocketTaken:
    # PeerJS asked for the very address the head opened, its id and token)
    assert seen["by"] == ["head"], seen
    assert seen["taken"] is True, seen
    # the first offer is the early link's (PeerJS's own support check makes none): made on that one socket
    # (connecting or open: the head opened it before phone.js ran)
    assert len(seen["offers"][0]) == 1, seen
    assert seen["described"][0] == ["offer", "actpass"], seen
    answers = host.evaluate("() => __joinPath.described.filter((d) => d[0] === 'answer')")
    assert answers == [["answer", "passive"]], "the TV answers as the DTLS server: the phone is the client"
