// The host page's screen thread, JS half. It runs as soon as the page is parsed, before any Python:
// - decides the room code: a new one, the saved one (a reload), or the next epoch's (?takeover=1: this tab was
//   the host's successor), and draws the first frame with the code and QR code (the <template>s scripts/build.py
//   renders into host.html from ui/room.py's host_frame);
// - starts the rules worker (static/js/rules-worker.js: Pyodide, the HostSession, every secret);
// - opens the room to phones (PeerJS lives here: WebRTC does not exist in workers) and relays: what each
//   connection says goes to the worker, what the worker says goes to the connections, the big screen's data to
//   the Python half (peerparty.app.screen), the room's record to localStorage, unread.
// A phone that connects before the worker is ready is told {"t":"wait"} ("The host is getting ready…"); its
// messages queue in the worker and are answered, in order, once the rules are up. docs/host-threads.md.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const store = pp.storage;
  const query = new URLSearchParams(location.search);
  const RECORD = "peerparty:host";            // the room's record: written and read by the worker only
  const ROOM = "peerparty:host:room";         // "CODE EPOCH" of that record: the code, known before the worker
  const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ";   // = room/lobby.py's (tests/test_host_threads.py checks)
  const CODE_LENGTH = 4;
  const WAIT = '{"v":1,"t":"wait"}';
  const SIGNAL_HELP = "The signalling server cannot be reached, so phones cannot join yet. Retrying…";
  const SIGNAL_DOWN = ["network", "server-error", "socket-error", "socket-closed", "disconnected"];

  function mark(name, value) {
    document.body.setAttribute("data-" + name, String(value));
  }

  function newCode() {
    const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
    return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  }

  function decide() {
    if (query.has("takeover")) {
      const code = (query.get("room") || "").trim().toUpperCase();
      const replica = store.get("peerparty:replica:" + code);
      const token = store.get("peerparty:seat:" + code);
      if (code && replica && token) {
        // the epoch this device's phone page last joined, plus one: the replica was sent under that epoch
        const epoch = Number(store.get("peerparty:seat:" + code + ":epoch") || 0) + 1;
        return { mode: "takeover", code, epoch, replica, token };
      }
    }
    if (!query.has("new")) {
      const saved = (store.get(ROOM) || "").split(" ");
      const record = store.get(RECORD);
      if (saved.length === 2 && record) return { mode: "restore", code: saved[0], epoch: Number(saved[1]), record };
    }
    store.remove(RECORD);     // a reload before the worker's first record opens a new room, not the old one
    store.remove(ROOM);
    return { mode: "new", code: newCode(), epoch: 0, seed: query.get("seed") || undefined };
  }

  // the URL the QR code carries: this page's folder, join.html, and this page's ?signal= / ?ice=
  function joinUrl(code) {
    const base = location.href.split("?")[0].split("#")[0];
    let url = base.slice(0, base.lastIndexOf("/") + 1) + "join.html?room=" + code;
    for (const key of ["signal", "ice"]) if (query.has(key)) url += "&" + key + "=" + encodeURIComponent(query.get(key));
    return url;
  }

  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  const room = decide();
  const host = (pp.host = {
    code: room.code,
    epoch: room.epoch,
    mode: room.mode,
    joinHint: location.host + "/join.html",
    qrSvg: pp.qrSvg(joinUrl(room.code)),
    status: null,         // a sentence while phones cannot reach the room (signalling), else null
    screen: null,         // the rules worker's last screen (JSON text)
    ready: false,         // the rules worker has answered
    onScreen: null,
    onStatus: null,
    listen(onScreen, onStatus) {
      host.onScreen = onScreen;
      host.onStatus = onStatus;
      if (host.screen) onScreen(host.screen);
    },
    action(text) {
      worker.postMessage({ t: "action", text: String(text), now: Date.now() });
    },
    forget() {            // this tab leaves the room for good: nothing saves it again
      saving = false;
      store.remove(RECORD);
      store.remove(ROOM);
    },
  });

  // --- the first frame: ui/room.py's host_frame, rendered by the build with placeholders ----------------------
  function drawFrame() {
    const frame = document.getElementById("frame-" + room.mode);
    const app = document.getElementById("app");
    if (!frame || !app) return;
    app.innerHTML = frame.innerHTML.split("%CODE%").join(room.code)
      .split("%QR%").join(host.qrSvg)
      .split("%HINT%").join(escapeHtml(host.joinHint).split("/").join("/<wbr>"));
  }
  drawFrame();

  // --- the rules worker -------------------------------------------------------------------------------------
  // host.html's head started it already, so Pyodide loads while the rest of the page does
  const worker = window.ppRules || new Worker("./static/js/rules-worker.js", { type: "module" });
  worker.postMessage({ t: "open", mode: room.mode, code: room.code, epoch: room.epoch, record: room.record,
                       replica: room.replica, token: room.token, seed: room.seed, now: Date.now() });
  const started = performance.now();
  let saving = true;
  let record = null;        // the newest record not yet written
  let saveDue = false;

  worker.onmessage = (ev) => {
    const out = ev.data;
    if (out.fatal) fatal(out.fatal);
    if (out.opened) opened(out.opened);
    if (out.ready_ms !== undefined) {
      host.ready = true;
      host.boot = out.boot_ms;
      mark("rules-ready", Math.round(performance.now() - started));
    }
    if (out.screen) {
      host.screen = out.screen;
      if (host.onScreen) host.onScreen(out.screen);    // the big screen first: the room watches the TV
      if (probeDue) probe(out.screen);
    }
    if (out.send) for (const [cid, text] of out.send) send(cid, text);
    if (out.record) {
      record = out.record;
      if (!saveDue) {
        saveDue = true;
        setTimeout(save, 0);    // after the screen is drawn: a tap's answer never waits for the write
      }
    }
    if (out.moved_on) movedOn(out.moved_on);
  };
  worker.onerror = (ev) => fatal("The rules worker failed: " + (ev.message || "unknown error"));

  function save() {
    saveDue = false;
    if (saving && record) {
      store.set(RECORD, record);
      store.set(ROOM, room.code + " " + room.epoch);
      record = null;
    }
  }
  window.addEventListener("pagehide", save);    // a reload saves first

  setInterval(() => {
    if (host.ready) worker.postMessage({ t: "tick", now: Date.now() });
  }, 250);

  function opened(how) {
    if (how.mode === "refused") {
      // the replica could not be taken over (this seat is not in it): back to the room as a phone
      store.remove("peerparty:replica:" + room.code);
      saving = false;
      location.replace(joinUrl(room.code));
    } else if (how.mode === "takeover") {
      store.remove("peerparty:replica:" + room.code);      // this tab is the room now
      store.set("peerparty:seat:" + room.code + ":epoch", String(room.epoch));
    }
  }

  // An uncaught Python error shows as PyScript shows its own (tests fail on any .py-error).
  function fatal(text) {
    const box = document.createElement("pre");
    box.className = "py-error";
    box.textContent = text;
    document.body.appendChild(box);
  }

  // --- PeerJS: the room's id, and every phone's connection --------------------------------------------------
  const conns = new Map();
  let peer = null;
  let retry = null;
  let probeDue = false;

  function setStatus(sentence) {
    host.status = sentence;
    mark("signal", sentence ? "down" : "up");
    if (host.onStatus) host.onStatus();
  }

  function startPeer() {
    try {
      peer = new window.Peer("peerparty-" + room.code + "-" + room.epoch,
                             pp.peerOptions(query.get("signal") || "", query.get("ice") || ""));
    } catch (err) {
      setStatus("Connection problem: " + String(err.message || err));
      return;
    }
    peer.on("open", () => {
      setStatus(null);
      mark("room-ready", room.code);
      mark("epoch", room.epoch);
      probeDue = true;
      if (host.screen) probe(host.screen);
    });
    peer.on("connection", connection);
    peer.on("error", (err) => peerError(String((err && err.type) || "unknown")));
    peer.on("disconnected", () => peerError("disconnected"));
  }

  function later(ms, fn) {
    clearTimeout(retry);
    retry = setTimeout(fn, ms);
  }

  function peerError(kind) {
    if (SIGNAL_DOWN.includes(kind)) {
      setStatus(SIGNAL_HELP);
      // back to the signalling server; open data channels keep working meanwhile
      later(2000, () => { if (peer && !peer.destroyed && peer.disconnected) peer.reconnect(); });
    } else if (kind === "unavailable-id") {
      // the id is still held: this tab's previous registration (a reload) or another tab
      setStatus("This room is still open elsewhere; taking it over…");
      later(1500, () => { peer.destroy(); startPeer(); });
    } else if (kind !== "peer-unavailable") {
      setStatus("Connection problem: " + kind);
    }
  }

  function connection(conn) {
    const cid = String(conn.connectionId);
    conns.set(cid, conn);
    conn.on("open", () => {
      worker.postMessage({ t: "connect", cid, now: Date.now() });
      if (!host.ready) conn.send(WAIT);
    });
    conn.on("data", (data) => {
      const text = String(data);
      // a phone's heartbeat while the rules boot: "still getting ready", so it never thinks the host is gone
      if (!host.ready && text.length < 64 && text.includes('"ping"')) conn.send(WAIT);
      worker.postMessage({ t: "data", cid, text, now: Date.now() });
    });
    const closed = () => {
      if (conns.delete(cid)) worker.postMessage({ t: "close", cid, now: Date.now() });
    };
    conn.on("close", closed);
    conn.on("error", closed);
  }

  function send(cid, text) {
    const conn = conns.get(cid);
    if (conn && conn.open) conn.send(text);
  }

  // A host that comes back to a room whose host plays (Hint Hunt) may find a successor already running it
  // under the next epoch's id: then this tab rejoins the room as a phone.
  function probe(screenText) {
    probeDue = false;
    const screen = JSON.parse(screenText);
    if (!screen.info.host_plays || screen.room.phase === "lobby") return;
    const conn = peer.connect("peerparty-" + room.code + "-" + (room.epoch + 1), pp.DATA_OPTIONS);
    conn.on("open", () => {
      conn.close();
      worker.postMessage({ t: "moved_on" });
    });
  }

  function movedOn(seat) {
    if (seat.token) store.set("peerparty:seat:" + room.code, seat.token);
    store.set("peerparty:seat:" + room.code + ":epoch", String(seat.epoch));
    host.forget();
    location.replace(joinUrl(room.code));
  }

  // in a task of its own: the frame is painted first, and no task of the page's boot grows long
  setTimeout(startPeer, 0);
})();
