// Where a page's signalling server is, and a phone's signalling socket opened before PeerJS has loaded.
// In host.js and screen.js this file comes first (scripts/build.py); join.html has it inline in its head, so the
// socket's TCP and WebSocket handshakes (two round trips) start as the page is parsed, not once phone.js has
// been fetched and compiled (a tenth of a second warm; on a first visit on mobile data, most of a second).
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  pp.PUBLIC_SIGNAL = { host: "0.peerjs.com", port: 443, path: "/", secure: true };
  pp.SIGNAL_KEY = "peerjs";
  pp.PEERJS_VERSION = "%PEERJS_VERSION%";   // scripts/build.py: the vendored PeerJS's, which its socket sends

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

  // Several signalling servers ("?signal=a,b,c": instances that share nothing) spread rooms between them: a room's
  // peers all meet on the one its code picks (FNV-1a of the code), the host, its phones, its screens and a later
  // epoch's host alike, since the join link carries the whole list. Without a room code, the first.
  pp.pickSignal = function (list, room) {
    const all = String(list || "").split(",").map((s) => s.trim()).filter(Boolean);
    if (all.length < 2) return all[0] || "";
    let hash = 0x811c9dc5;
    for (const ch of String(room || "").toUpperCase()) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return room ? all[hash % all.length] : all[0];
  };

  // The server an entry of a ?signal= list names (pp.pickSignal's): {host, port, path, secure}; without one, the
  // public server.
  pp.signalServer = function (signal) {
    return signal ? pp.parseSignal(signal) : Object.assign({}, pp.PUBLIC_SIGNAL);
  };

  // The room code a page's address names (?room=), as the room writes it, or "".
  pp.roomCode = function () {
    return (new URLSearchParams(location.search).get("room") || "").trim().toUpperCase();
  };

  // The address PeerJS's socket opens for a peer (lib/socket.ts start(), with the path as lib/peer.ts sets it:
  // led and ended by "/"); e2e/test_join_round_trips.py checks that PeerJS asks for this very address.
  pp.socketUrl = function (server, id, token) {
    let path = server.path || "/";
    if (path[0] !== "/") path = "/" + path;
    if (path[path.length - 1] !== "/") path += "/";
    return (server.secure ? "wss://" : "ws://") + server.host + ":" + server.port + path + "peerjs?key=" +
      pp.SIGNAL_KEY + "&id=" + id + "&token=" + token + "&version=" + pp.PEERJS_VERSION;
  };

  // A phone's own id: "pp-" and 64 random bits in hex (crypto.getRandomValues works outside secure contexts
  // too). Choosing it saves asking the signalling server for one, a round trip before joining.
  pp.peerId = function () {
    const words = crypto.getRandomValues(new Uint16Array(4));
    return "pp-" + Array.from(words, (w) => w.toString(16).padStart(4, "0")).join("");
  };

  // The socket opened early, as PeerJS will want it, and handed to PeerJS when it asks for that address
  // (pp.prelink): until then its events are kept, and PeerJS's handlers (onopen, onmessage, onclose: all its
  // lib/socket.ts sets) get them in order, so its OPEN, or a refusal, is never lost in the gap.
  function EarlySocket(url) {
    const ws = new WebSocket(url);
    const kept = [];
    const self = {
      url, taken: false, onopen: null, onmessage: null, onclose: null, onerror: null,
      get readyState() { return ws.readyState; },
      send: (data) => ws.send(data),
      close: (code, reason) => ws.close(code, reason),
      // PeerJS's `new WebSocket(url)`: this socket, once, for its own address
      take(asked) {
        if (self.taken || asked !== url) return null;
        self.taken = true;
        queueMicrotask(pass);     // PeerJS sets its handlers right after the constructor returns
        return self;
      },
    };
    function pass() {
      while (kept.length) {
        const [type, ev] = kept.shift();
        const handler = self["on" + type];
        if (handler) handler.call(self, ev);
      }
    }
    ["open", "message", "close", "error"].forEach((type) => ws.addEventListener(type, (ev) => {
      kept.push([type, ev]);
      if (self.taken) pass();
    }));
    return self;
  }

  // join.html's head: a phone with a room code and WebRTC opens its socket now, under the id and token its early
  // link will use (link.js pp.prelink). Without WebRTC there is nothing to signal for: Python says so.
  pp.openEarlySocket = function () {
    const code = pp.roomCode();
    if (!code || typeof window.RTCPeerConnection !== "function" || typeof WebSocket !== "function") return null;
    try {
      const id = pp.peerId();
      const token = Array.from(crypto.getRandomValues(new Uint32Array(2)), (w) => w.toString(36)).join("");
      const socket = EarlySocket(pp.socketUrl(pp.signalServer(pp.pickSignal(new URLSearchParams(location.search).get("signal"), code)), id, token));
      return (pp.earlySocket = { id, token, socket });
    } catch (e) {
      return null;        // a bad ?signal=: PeerJS and Python report it
    }
  };

  if (document.currentScript && "early" in document.currentScript.dataset) pp.openEarlySocket();
})();
