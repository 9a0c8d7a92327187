// PeerJS options for both pages, a phone's own peer id, and a phone's head start on its link to the host.
// PeerJS options are always explicit, so nothing falls back to the public cloud server by accident.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const PUBLIC_SIGNAL = { host: "0.peerjs.com", port: 443, path: "/", secure: true };
  const PUBLIC_ICE = [{ urls: "stun:stun.l.google.com:19302" }];

  // "host:port/path", optionally led by wss:// or https:// (secure) or ws:// / http://.
  pp.parseSignal = function (text) {
    let secure = false;
    const scheme = text.indexOf("://");
    if (scheme >= 0) {
      secure = ["wss", "https"].includes(text.slice(0, scheme));
      text = text.slice(scheme + 3);
    }
    const slash = text.indexOf("/");
    const hostport = slash >= 0 ? text.slice(0, slash) : text;
    const path = "/" + (slash >= 0 ? text.slice(slash + 1) : "");
    const [host, port] = hostport.split(":");
    if (!host) throw new Error("no host in signal");
    return { host, port: port ? Number(port) : secure ? 443 : 80, path, secure };
  };

  // The public server with STUN by default; a given server (a LAN or a local PeerServer) with no ICE
  // servers, since host candidates suffice on one network; ?ice= lists ICE server URLs.
  pp.peerOptions = function (signal, ice) {
    const options = signal ? pp.parseSignal(signal) : Object.assign({}, PUBLIC_SIGNAL);
    const servers = ice ? ice.split(",").filter(Boolean).map((urls) => ({ urls })) : signal ? [] : PUBLIC_ICE;
    return Object.assign(options, { key: "peerjs", debug: 1, config: { iceServers: servers } });
  };

  // A phone's own id: "pp-" and 64 random bits in hex (crypto.getRandomValues works outside secure contexts
  // too). Choosing it saves asking the signalling server for one, a round trip before joining.
  pp.peerId = function () {
    const words = crypto.getRandomValues(new Uint16Array(4));
    return "pp-" + Array.from(words, (w) => w.toString(16).padStart(4, "0")).join("");
  };

  pp.DATA_OPTIONS = { reliable: true, serialization: "raw" };

  // join.html calls this at once: the link to the room's host opens while MicroPython boots, instead of
  // after. The host id is a guess made as app/phone.py makes it (room code and the epoch this phone last
  // knew); Python checks it in pp.takeEarlyLink and starts afresh when it differs.
  pp.prelink = function () {
    const q = new URLSearchParams(location.search);
    const code = (q.get("room") || "").trim().toUpperCase();
    if (!code || !window.Peer) return;
    let epoch = 0;
    try { epoch = Number(localStorage.getItem("peerparty:seat:" + code + ":epoch") || 0); } catch (e) { /* private mode */ }
    try {
      const peer = new window.Peer(pp.peerId(), pp.peerOptions(q.get("signal"), q.get("ice")));
      const early = { peer, hostId: "peerparty-" + code + "-" + epoch, conn: false, errors: [], taken: false };
      peer.on("open", () => {
        if (!early.taken && !early.conn) early.conn = peer.connect(early.hostId, pp.DATA_OPTIONS);
      });
      peer.on("error", (err) => { if (!early.taken) early.errors.push(String(err.type || "unknown")); });
      pp.early = early;
    } catch (e) {
      pp.early = false;     // a bad ?signal=: Python reports it
    }
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
