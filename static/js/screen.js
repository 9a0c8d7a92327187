// A remote screen (screen.html?room=CODE, issue 29): the room's big screen, live, anywhere. No Python: the host
// page's screen thread sends the HTML it draws on the TV (whole, or the changed middle of it), and this page puts
// it in #app as the TV does. The host's controls are shown disabled; Fullscreen and Sound work here, for here.
//
// It is not a seat (room/screens.py): it says "watch", and keeps the key the host gives it, so that a reload
// or a lost link takes its own place again, and so that it shows a host only once that host proved it knows the
// key (a restarted host, or Hint Hunt's successor at the next epoch: it follows the room as a phone does).
// The HMAC is proof.py's, here in JS (tests check they agree): crypto.subtle needs a secure context, and a
// LAN party's http:// page is not one.
(function () {
  "use strict";
  const pp = window.pp;
  const store = pp.storage;
  const query = new URLSearchParams(location.search);
  const code = (query.get("room") || "").trim().toUpperCase();
  const KEY = "peerparty:screen:" + code;     // {"key", "epoch"}: this screen's key and the host term it knows
  const PING_MS = 2000;        // = room/protocol.py's PING_MS, HOST_LOST_MS; rejoin.py's RETRY_MS, LOOK_AHEAD
  const LOST_MS = 7000;
  const RETRY_MS = 4000;
  const AGAIN_MS = 1000;       // after a lost link or an id nobody holds, the next attempt
  const FULL_RETRY_MS = 10000; // a room with all its screens: asked again this often
  const LOOK_AHEAD = 8;
  const PROOF_MS = 30000;      // = protocol.py's PROOF_MS: a later term's id that has not proved itself by then is left
  const SOUND = '{"room":"sound"}';
  const app = document.getElementById("app");
  const status = document.getElementById("screen-status");
  const texts = JSON.parse(document.getElementById("screen-texts").textContent);

  let saved = {};
  try { saved = JSON.parse(store.get(KEY) || "{}") || {}; } catch (e) { saved = {}; }
  let epoch = Number(saved.epoch) || 0;          // the latest term whose host this screen watched
  let tryEpoch = epoch;
  let peer = null;
  let conn = null;
  let asked = null;            // our nonce, while the host has not proved the key
  let watching = false;
  let stopped = false;
  let lastHeard = 0;
  let openedAt = 0;            // when the current link opened
  let timer = null;
  let html = null;             // the frame shown, as sent
  let frame = -1;              // its number
  let moment = null;
  let sound = false;
  let pings = 0;
  // for tests and the bench: bytes received, frames shown, each frame message's size and its whole frame's
  const screen = (pp.screen = { code, bytes: 0, frames: 0, sizes: [] });
  if (query.get("record") === "1") {     // tests: every text received, every frame shown
    screen.received = [];
    screen.shown = [];
  }

  function mark(name, value) {
    document.body.setAttribute("data-" + name, String(value));
  }

  function say(key, arg) {
    const text = key ? String(texts[key]).replace("%s", arg || "") : "";
    status.textContent = text;
    status.hidden = !text || html === null;     // before a first frame, the text is the page
    mark("screen", key || "watching");
    if (html === null && text) app.innerHTML = '<section class="panel frame-notice"><p class="boot"></p></section>';
    const boot = html === null && app.querySelector(".boot");
    if (boot) boot.textContent = text;
  }

  function save() {
    store.set(KEY, JSON.stringify({ key: saved.key || null, epoch }));
  }

  // --- the link: this term's host id, or the next terms' while it is gone --------------------------------------
  const hostId = (term) => "peerparty-" + code + "-" + term;

  // a link to a later term's id whose holder has not proved it knows this screen's key (or, to a new screen,
  // welcomed it) within PROOF_MS, or that closed or fell silent before: a stranger's; back to our own term's host
  function unproved() {
    return !watching && tryEpoch !== epoch;
  }

  function attempt() {
    clearTimeout(timer);
    if (stopped) return;
    const old = conn;
    conn = null;
    if (old) old.close();
    watching = false;
    asked = null;
    ensurePeer();
    if (!peer.open) {            // PeerJS drops an offer made before its socket is open: connect once it is
      timer = setTimeout(attempt, RETRY_MS);
      return;
    }
    const c = (conn = peer.connect(hostId(tryEpoch), pp.DATA_OPTIONS));
    c.on("open", () => {
      if (conn !== c) return;
      lastHeard = openedAt = Date.now();
      c.send(watchMessage());
    });
    c.on("data", (data) => {
      if (conn === c) receive(String(data));
    });
    const closed = () => {
      if (conn !== c) return;
      if (unproved()) tryEpoch = epoch;
      again(AGAIN_MS);
    };
    c.on("close", closed);
    c.on("error", closed);
    timer = setTimeout(() => {
      if (conn === c && !c.open) again(0);
    }, RETRY_MS);
  }

  // The term after a look that found nobody, as a phone looks (room/rejoin.py retry): every other attempt our own
  // term's host (it may be reloading), the others mostly the next term (a takeover is one on, its host maybe
  // still booting) and every third one term further than the last such look, up to LOOK_AHEAD. Walking on one
  // term per look kept a screen away from a successor that was one term on for a minute.
  let looks = 0;
  function nextTerm() {
    if (tryEpoch !== epoch) return epoch;
    looks += 1;
    return epoch + (looks % 3 ? 1 : 2 + (Math.floor(looks / 3) - 1) % (LOOK_AHEAD - 1));
  }

  function again(ms, next) {
    clearTimeout(timer);
    if (stopped) return;
    if (next) tryEpoch = nextTerm();
    say(html === null ? "connecting" : "reconnecting");
    watching = false;
    timer = setTimeout(attempt, ms);
  }

  function watchMessage() {
    const message = { v: 1, t: "watch", room: code, epoch };
    if (saved.key) {
      asked = nonce();
      message.screen = pp.mac(saved.key, "screen").slice(0, 24);
      message.nonce = asked;
    }
    return JSON.stringify(message);
  }

  function nonce() {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function send(message) {
    if (conn && conn.open) conn.send(JSON.stringify(Object.assign({ v: 1 }, message)));
  }

  // --- what the host says ---------------------------------------------------------------------------------------
  function receive(text) {
    screen.bytes += text.length;
    if (screen.received) screen.received.push(text);
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    if (!m || typeof m !== "object") return;
    const own = tryEpoch === epoch;
    if (asked !== null && !["challenge", "wait", "pong", "error"].includes(m.t)) return;   // not proved yet
    lastHeard = Date.now();
    if (m.t === "wait") {
      if (html === null) say("waiting");
    } else if (m.t === "challenge") {
      challenged(m);
    } else if (m.t === "watching") {
      watched(m);
    } else if (m.t === "frame" || m.t === "patch") {
      if (screen.sizes.length < 2000) screen.sizes.push([text.length, m.t === "frame" ? m.html.length : -1]);
      if (watching) drawn(m);
    } else if (m.t === "bye") {
      dropped();
    } else if (m.t === "error") {
      refused(m, own);
    }
  }

  function challenged(m) {
    const key = saved.key;
    if (asked === null || !key) return;
    const hostNonce = String(m.nonce);
    // bound to the channel (proof.py): the term and the id this screen dialled, so a relayed handshake proves nothing
    const channel = [tryEpoch, hostId(tryEpoch)];
    if (m.proof !== pp.mac(key, "screen-host", code, ...channel, asked, hostNonce)) {
      asked = null;              // it does not know this screen: someone else at that id
      return again(AGAIN_MS, true);
    }
    send({ t: "prove", proof: pp.mac(key, "screen-self", code, ...channel, asked, hostNonce) });
    asked = null;
  }

  function watched(m) {
    if (m.room !== code || !(m.epoch >= epoch)) return again(AGAIN_MS, true);
    if (m.key) saved.key = m.key;
    epoch = tryEpoch = m.epoch;
    looks = 0;
    watching = true;
    save();
    say("");
    mark("screen-no", m.screen);
    mark("screen-epoch", epoch);
  }

  function refused(m, own) {
    if (m.code === "screens_full") {
      say("full", String(m.msg || ""));
      clearTimeout(timer);
      timer = setTimeout(attempt, FULL_RETRY_MS);
    } else if (m.code === "bad_proof" && own) {
      // the host of this screen's own term does not know its key (it was forgotten): watch as a new screen
      saved.key = null;
      save();
      attempt();
    } else if (m.code === "old_host" || m.code === "bad_proof") {
      again(AGAIN_MS, true);     // a host of an earlier term, or one that cannot prove it is this room's
    } else if (m.code === "wrong_room" && own) {
      stop("wrong_room");
    } else if (m.code === "wrong_room") {
      again(AGAIN_MS, true);     // whoever holds a later term's id is not this room: look further
    }
  }

  function dropped() {
    saved = {};
    store.remove(KEY);
    stop("dropped");
  }

  function stop(key) {
    stopped = true;
    clearTimeout(timer);
    if (conn) conn.close();
    conn = null;
    html = null;
    say(key);
  }

  // --- the big screen ---------------------------------------------------------------------------------------------
  function drawn(m) {
    if (m.t === "patch") {
      if (m.base !== frame || html === null) {     // a frame went missing: start again from a whole one
        frame = -1;
        return attempt();
      }
      html = html.slice(0, m.at) + m.text + html.slice(m.at + m.cut);
    } else {
      html = m.html;
    }
    frame = m.n;
    screen.frames += 1;
    if (screen.shown) screen.shown.push(html);
    pp.render(app, html);
    for (const el of app.querySelectorAll("[data-move]")) {
      if (el.dataset.move === SOUND) continue;
      if (el.tagName === "FORM") el.inert = true;
      else el.disabled = true;      // the host's: shown, not pressable here
    }
    showSound();
    if (sound && m.moment !== moment) pp.chime();
    moment = m.moment;
    for (const name in m.marks || {}) mark(name, m.marks[name]);
    mark("frame", frame);
  }

  function showSound() {
    const button = app.querySelector("[data-move='" + SOUND + "']");
    if (!button) return;
    button.textContent = texts.sound[sound ? 1 : 0];
    button.setAttribute("aria-pressed", String(sound));
  }

  pp.mount(app, (tap) => {
    if (tap !== SOUND) return;
    sound = !!pp.sound(!sound);
    showSound();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "f") pp.fullscreen();
  });
  screen.html = () => html;
  screen.conn = () => conn;
  screen.frame = () => frame;

  // --- start ------------------------------------------------------------------------------------------------------
  if (!/^[A-Z]{4}$/.test(code)) return say("no_code");
  let options = null;
  try {
    options = pp.peerOptions(query.get("signal") || "", query.get("ice") || "", query.get("turn") || "",
                             query.get("force_relay") === "1", code);
  } catch (err) {
    return say("bad_signal");
  }
  if (!pp.hasWebRTC()) return say("no_webrtc");
  // this page's own peer, made again if PeerJS gave it up (the signalling server was out of reach)
  function ensurePeer() {
    if (peer && !peer.destroyed) {
      if (peer.disconnected) peer.reconnect();
      return;
    }
    const mine = (peer = new window.Peer(pp.peerId(), options));
    mine.on("open", () => {
      if (peer === mine && !conn && !stopped) attempt();
    });
    mine.on("error", (err) => {
      if (peer !== mine) return;
      const kind = String((err && err.type) || "");
      if (kind === "peer-unavailable") again(AGAIN_MS, true);     // nobody holds that term's id: the next one
      else if (!watching) again(AGAIN_MS);
    });
  }

  // The tab is going: hang up now, so the host frees this screen's place at once (at most MAX_SCREENS watch) rather
  // than when WebRTC notices the silence. A page kept for back/forward keeps its link.
  window.addEventListener("pagehide", (ev) => {
    if (ev.persisted) return;
    try {
      if (conn) conn.close();
      if (peer && !peer.destroyed) peer.destroy();
    } catch (e) { /* going anyway */ }
  });

  say("connecting");
  attempt();
  setInterval(() => {
    if (stopped || !conn || !conn.open) return;
    const now = Date.now();
    if (now - lastHeard > LOST_MS || (unproved() && now - openedAt > PROOF_MS)) {
      if (unproved()) tryEpoch = epoch;
      return again(0);
    }
    send({ t: "ping", n: (pings += 1) });
  }, PING_MS);
})();
