// PeerJS options for both pages (the signalling server's address is static/js/signal.js's), and a phone's head
// start on its link to the host.
// PeerJS options are always explicit, so nothing falls back to the public cloud server by accident.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const PUBLIC_STUN = { urls: "stun:stun.l.google.com:19302" };
  // The relay PeerJS runs for its public server (the library's own default config): phones on mobile data or on
  // Wi-Fi that keeps devices apart have no direct path. ICE ranks relayed pairs last, so direct paths win.
  const PUBLIC_RELAY = { urls: ["turn:eu-0.turn.peerjs.com:3478", "turn:us-0.turn.peerjs.com:3478"],
                         username: "peerjs", credential: "peerjsp" };

  // A relay as the host gives it: "turn:user:password@host:port" (turns: for TLS; a ?transport=tcp tail is
  // kept). The password may hold ":" and "@" (the host is after the last "@"); a user name holds no ":".
  // Returns an RTCIceServer, or null.
  pp.parseTurn = function (text) {
    const m = /^(turns?):(.*)@([^@]+)$/.exec(String(text).trim());
    const colon = m ? m[2].indexOf(":") : -1;
    if (!m || colon <= 0) return null;
    return { urls: m[1] + ":" + m[3], username: m[2].slice(0, colon), credential: m[2].slice(colon + 1) };
  };

  // The public server with STUN, then PeerJS's relay; a given server (a LAN or a local PeerServer) with no
  // ICE servers, since host candidates suffice on one network. ?ice= lists ICE server URLs instead; ?turn=
  // gives the host's own relay (in place of PeerJS's). forceRelay (?force_relay=1, for tests and for checking
  // a relay) lets ICE use relayed candidates only. options.badRelay keeps a ?turn= entry that is not a relay.
  pp.peerOptions = function (signal, ice, turn, forceRelay, room) {
    signal = pp.pickSignal(signal, room);     // static/js/signal.js
    const options = pp.signalServer(signal);
    let servers = ice ? ice.split(",").filter(Boolean).map((urls) => ({ urls })) : signal ? [] : [PUBLIC_STUN];
    const relays = [];
    let badRelay = "";
    for (const entry of (turn || "").split(",").filter(Boolean)) {
      const relay = pp.parseTurn(entry);
      if (relay) relays.push(relay);
      else badRelay = entry;
    }
    if (relays.length) servers = servers.concat(relays);
    else if (!signal && !ice) servers = servers.concat([PUBLIC_RELAY]);
    const config = { iceServers: servers };
    if (forceRelay) config.iceTransportPolicy = "relay";
    options.badRelay = badRelay;
    return Object.assign(options, { key: pp.SIGNAL_KEY, debug: 1, config, logFunction: peerLog });
  };

  // PeerJS's log. "Could not connect to peer" is an answer, not a fault: room/fence.py (the host) and
  // room/rejoin.py (a phone) look for later epochs' ids that are usually not there, and a phone asks for a host
  // that has gone; each page handles it as the "peer-unavailable" error. Written at the debug level, it no
  // longer fills the console with some 70 errors a Hint Hunt game (issue 38). Everything else as PeerJS writes it.
  const UNAVAILABLE = /Could not connect to peer/;
  function peerLog(level, ...args) {
    if (level <= 1 && args.some((arg) => UNAVAILABLE.test(String(arg)))) return console.debug("PeerJS:", ...args);
    if (level >= 3) console.log("PeerJS:", ...args);
    else if (level === 2) console.warn("WARNING PeerJS:", ...args);
    else console.error("ERROR PeerJS:", ...args);
  }

  // Does this page's ICE setup include a relay? (What to tell a phone that finds no path depends on it.)
  pp.hasRelay = function (options) {
    return options.config.iceServers.some((s) => [].concat(s.urls).some((u) => /^turns?:/.test(u)));
  };

  // WebRTC can be missing (iPhone Lockdown Mode, hardened browsers, Firefox's media.peerconnection.enabled,
  // some in-app webviews). PeerJS's own test: it can make a data channel.
  pp.hasWebRTC = function () {
    return !!(window.peerjs && window.peerjs.util.supports.data);
  };

  pp.DATA_OPTIONS = { reliable: true, serialization: "raw" };

  // What a phone shows the host when it knocks (PeerJS connection metadata): the name typed on the join
  // form or given last time, and what kind of device it is, so the TV can say who cannot get through.
  pp.knockMeta = function () {
    const field = document.getElementById("name");
    let name = field ? field.value.trim() : "";
    if (!name) name = pp.storage ? pp.storage.get("peerparty:name") || "" : "";
    const ua = navigator.userAgent;
    const device = /iPhone/.test(ua) ? "iphone" : /iPad/.test(ua) ? "ipad" : /Android/.test(ua) ? "android" : "";
    return { name: name.slice(0, 20), device };
  };

  pp.dataOptions = function () {
    return Object.assign({ metadata: pp.knockMeta() }, pp.DATA_OPTIONS);
  };

  // The host's side of a knock: the name and the kind of phone from the phone's metadata (any shape: a phone can
  // send junk), the kind one of ui/room.py's DEVICES or "" (the big screen words it in its own language).
  pp.knockWho = function (conn) {
    const meta = conn.metadata;
    const text = (v) => (typeof v === "string" ? v.trim().slice(0, 20) : "");
    if (!meta || typeof meta !== "object") return { name: "", device: "" };
    const kind = text(meta.device).toLowerCase();
    const device = ["iphone", "ipad", "android"].filter((k) => kind.startsWith(k))[0] || "";
    return { name: text(meta.name), device };
  };

  // Which path a connection took: the candidate types of its selected pair ("host", "srflx", "relay").
  pp.linkPath = async function (conn) {
    const pc = conn && conn.peerConnection;
    if (!pc) return null;
    const stats = await pc.getStats();
    let pair = null;
    stats.forEach((s) => {
      if (s.type === "transport" && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId);
    });
    if (!pair) {     // Firefox marks the pair itself
      stats.forEach((s) => { if (s.type === "candidate-pair" && s.selected) pair = s; });
    }
    if (!pair) return null;
    const local = stats.get(pair.localCandidateId) || {};
    const remote = stats.get(pair.remoteCandidateId) || {};
    return { local: local.candidateType, remote: remote.candidateType, protocol: local.protocol,
             relayProtocol: local.relayProtocol || null, state: pair.state,
             bytesSent: pair.bytesSent || 0, bytesReceived: pair.bytesReceived || 0 };
  };

  // PeerJS drops what a peer's socket is given between the socket's start and its open (lib/socket.ts send()
  // queues only until the peer has an id, and these pages bring their own). Held here and sent on the server's
  // OPEN instead, so a phone dials the moment it has a peer: the offer is made and ICE gathers (STUN, the
  // relay's allocation) while the signalling socket's TCP and WebSocket handshakes take their two round trips.
  pp.holdUntilOpen = function (peer) {
    const socket = peer.socket;
    const send = socket.send.bind(socket);
    const held = [];
    socket.send = (data) => (peer.open ? send(data) : held.push(data));
    peer.on("open", () => {
      socket.send = send;
      held.splice(0).forEach(send);
    });
  };

  // The host's side of the DTLS handshake, as its answer says (PeerJS's sdpTransform): passive, so the phone
  // is the DTLS client. The phone dials and controls ICE: it learns first that a path works, and as the client
  // it starts the handshake there and then; an active host would start it only once the phone's nomination
  // had crossed the path, half a round trip later. RFC 8842 lets an answerer take either role.
  pp.answerPassive = function (sdp) {
    return sdp.replace(/^a=setup:active\r?$/gm, (line) => line.replace("active", "passive"));
  };

  // The knock (issue 51, docs/trust.md "The knock"): the early link's data channel is negotiated (stream
  // KNOCK_STREAM, agreed in the offer's metadata, `knock: 1`), so the host's end opens with its SCTP association,
  // with no in-band DATA_CHANNEL_OPEN to wait for; and a new guest's Join tapped before the offer goes out rides in
  // that offer (`metadata.hello`), which the host takes as the channel's first message once it opens. The TV then
  // seats the guest as the association comes up, a round trip sooner (SCTP's COOKIE-ACK and the hello's own flight
  // over the phone's path). A host that takes the knock says so in its answer (`payload.knock`); one that does not
  // (an older page) answers without it, and the phone makes an in-band channel instead, before SCTP starts, and
  // says its hello on it.
  const KNOCK_STREAM = 0;
  const KNOCK_HELLO_MAX = 512;

  function knock(peer, hostId) {
    const PC = window.RTCPeerConnection.prototype;
    const make = PC.createDataChannel;
    PC.createDataChannel = function (label, config) {     // PeerJS makes the channel inside connect()
      return make.call(this, label, Object.assign({}, config, { negotiated: true, id: KNOCK_STREAM }));
    };
    let conn;
    try {
      const options = pp.dataOptions();
      options.metadata.knock = 1;
      conn = peer.connect(hostId, options);
    } finally {
      PC.createDataChannel = make;
    }
    conn.knockSaid = false;
    peer.socket.on("message", (message) => {     // after PeerJS's own handler: the answer is being set
      const payload = message && message.type === "ANSWER" && message.payload;
      if (!payload || payload.connectionId !== conn.connectionId || !conn.peerConnection) return;
      if (payload.knock === 1) {
        conn.knockSaid = conn.metadata.hello ? JSON.parse(conn.metadata.hello).name : false;
        return;
      }
      const negotiated = conn.dataChannel;
      if (negotiated) {
        negotiated.onopen = negotiated.onmessage = negotiated.onclose = null;
        negotiated.close();
      }
      conn._initializeDataChannel(conn.peerConnection.createDataChannel(conn.label, { ordered: true }));
    });
    return conn;
  }

  // The hello by name of a Join tapped on the first frame (pp.keptJoin), for the early link to say, or null:
  // room/guest.py's hello (tests/room/test_early_join.py). A phone that holds a seat here draws no Join form, and
  // its proof is Python's.
  function helloByName(early) {
    const name = pp.keptJoin ? pp.keptJoin() : false;
    if (!name) return null;
    let token = null;
    try { token = localStorage.getItem("peerparty:seat:" + early.code); } catch (e) { /* private mode */ }
    if (token) return null;
    return JSON.stringify({ t: "hello", room: early.code, name, epoch: early.epoch, v: 1 });
  }

  // The name said in the knock, once the host's answer took it (false before, and after an older host's
  // answer): app/phone.py does not say that hello again (net/peerjs.py GuestLink._watch).
  pp.knockSaid = function (conn) {
    return (conn && conn.knockSaid) || false;
  };

  // The host's side of a knock (host-room.js `connection`, before PeerJS makes its answer): a phone that asked
  // for it gets the negotiated channel's other end, and its answer says so (pp.answerKnocks). Returns the hello
  // that rode in the knock (any text: the rules check it as any message), or null; null for no knock at all.
  pp.takeKnock = function (conn) {
    const meta = conn.metadata;
    if (!meta || typeof meta !== "object" || meta.knock !== 1 || !conn.peerConnection) return null;
    conn._initializeDataChannel(conn.peerConnection.createDataChannel(conn.label,
      { ordered: true, negotiated: true, id: KNOCK_STREAM }));
    conn.knockTaken = true;
    const hello = meta.hello;
    return typeof hello === "string" && hello.length <= KNOCK_HELLO_MAX ? hello : null;
  };

  // The host's answers to knocks it took carry `knock: 1` (the PeerServer passes a payload on as it is).
  pp.answerKnocks = function (peer) {
    const socket = peer.socket;
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      const payload = data && data.type === "ANSWER" && data.payload;
      const conn = payload && peer.getConnection(data.dst, payload.connectionId);
      if (conn && conn.knockTaken) payload.knock = 1;
      return send(data);
    };
  };

  // join.html calls this at once: the link to the room's host opens while MicroPython boots, instead of
  // after. The host id is a guess made as app/phone.py makes it (room code and the epoch this phone last
  // knew); Python checks it in pp.takeEarlyLink and starts afresh when it differs. A Join tapped on the first
  // frame (pp.keptJoin) is said the moment the channel opens (pp.earlyHello), and what the host answers before
  // Python takes the link is kept for it (early.inbox): the TV seats the guest while the phone's Python boots.
  pp.prelink = function () {
    const q = new URLSearchParams(location.search);
    const code = pp.roomCode();
    if (!code || !window.Peer || !pp.hasWebRTC()) {       // without WebRTC, Python says so
      if (pp.earlySocket) pp.earlySocket.socket.close();
      pp.earlySocket = null;
      return settled(false);
    }
    let epoch = 0;
    try { epoch = Number(localStorage.getItem("peerparty:seat:" + code + ":epoch") || 0); } catch (e) { /* private mode */ }
    try {
      const options = pp.peerOptions(q.get("signal"), q.get("ice"), q.get("turn"), q.get("force_relay") === "1", code);
      const peer = peerOnEarlySocket(options);
      const early = { peer, code, epoch, hostId: "peerparty-" + code + "-" + epoch, conn: false, errors: [],
                      taken: false, said: false, inbox: [] };
      peer.on("error", (err) => {
        if (!early.taken) early.errors.push(String(err.type || "unknown"));
        settled(false);
      });
      peer.on("disconnected", () => settled(false));
      peer.on("open", () => {     // before pp.holdUntilOpen's: the held offer goes out with a Join tapped by now
        const hello = helloByName(early);
        if (hello && early.conn) early.conn.metadata.hello = hello;
      });
      pp.holdUntilOpen(peer);
      early.conn = knock(peer, early.hostId);
      early.conn.on("open", () => {
        early.said = early.said || early.conn.knockSaid;
        pp.earlyHello();
        settled(true);
      });
      early.conn.on("error", () => settled(false));
      early.conn.on("close", () => settled(false));
      early.conn.on("data", (data) => {
        if (early.taken) return;
        early.inbox.push(String(data));
        if (pp.earlyAnswer) pp.earlyAnswer(String(data));     // first-frame.js: "You're in!" before Python
      });
      pp.early = early;
    } catch (e) {
      pp.early = false;     // a bad ?signal=: Python reports it
      settled(false);
    }
  };

  // The early link is through (its channel open, a Join kept on the first frame said) or has failed: a first
  // visit's page may fetch its runtime now (first-frame.js pp.linkSettled; pp.linkDone if it has not asked yet).
  function settled(through) {
    if (pp.linkDone) return;
    pp.linkDone = true;
    if (pp.linkSettled) pp.linkSettled(through);
  }

  // A Peer under the id and token of the socket join.html's head opened (signal.js pp.openEarlySocket), which its
  // Socket is handed when it asks for that address: PeerJS opens the socket in its constructor, so `new
  // WebSocket` is this page's own only for that call. Without an early socket (or another address), PeerJS's own.
  function peerOnEarlySocket(options) {
    const early = pp.earlySocket;
    pp.earlySocket = null;
    if (!early) return new window.Peer(pp.peerId(), options);
    const Socket = window.WebSocket;
    window.WebSocket = function (url, protocols) {
      return early.socket.take(url) || (protocols === undefined ? new Socket(url) : new Socket(url, protocols));
    };
    try {
      return new window.Peer(early.id, Object.assign(options, { token: early.token }));
    } finally {
      window.WebSocket = Socket;
      if (!early.socket.taken) early.socket.close();     // PeerJS asked for another address: its own is open
      pp.earlySocketTaken = early.socket.taken;          // e2e/test_join_round_trips.py
    }
  }

  // The hello of a Join tapped before Python is up, on the early link once it is open, once, if Python has not
  // taken the link and the knock did not carry it. Python is told the name said (early.said) and does not say it
  // again.
  pp.earlyHello = function () {
    const early = pp.early;
    if (!early || early.taken || early.said || !early.conn || !early.conn.open) return;
    const hello = helloByName(early);
    if (!hello) return;
    early.said = JSON.parse(hello).name;
    early.conn.send(hello);
  };

  // Python's GuestLink takes the early link if it went to the host it wants, else it is closed. Absent is
  // false, not undefined: MicroPython hands undefined over as a truthy JS object; false stays False.
  pp.takeEarlyLink = function (hostId) {
    const early = pp.early;
    pp.early = false;
    if (!early) return false;
    early.taken = true;
    if (early.hostId === hostId && !early.peer.destroyed) return early;
    early.peer.destroy();
    return false;
  };

  if (document.currentScript && "prelink" in document.currentScript.dataset) pp.prelink();
})();
