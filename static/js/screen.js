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
  const code = pp.roomCode();
  const KEY = "peerparty:screen:" + code;     // {"key", "epoch"}: this screen's key and the host term it knows
  const PING_MS = 2000;        // = room/protocol.py's PING_MS, HOST_LOST_MS; rejoin.py's RETRY_MS
  const LOST_MS = 7000;
  const RETRY_MS = 4000;
  const PROOF_MS = 30000;      // = protocol.py's PROOF_MS: a later term's id that has not proved itself by then is left
  const SOUND = '{"room":"sound"}';
  const app = document.getElementById("app");
  const status = document.getElementById("screen-status");
  // This screen's own words (py/peerparty/page_words.py), one table a language: its browser's until the TV's
  // frames arrive (they are in the room's language); a test's ?lang=en-XA once that pseudo-locale's is fetched
  const tables = () => Array.from(document.querySelectorAll("script[id^=screen-texts-]"));
  const shipped = tables().map((t) => t.dataset.lang);
  let texts = {};
  function useLanguage(lang) {
    texts = JSON.parse(document.getElementById("screen-texts-" + lang).textContent);
    pp.words = texts.words;
    pp.group = texts.group;
    if (html === null) pp.setPageLanguage(lang, texts.dir);
    mark("frame-lang", lang);
  }

  let saved = {};
  try { saved = JSON.parse(store.get(KEY) || "{}") || {}; } catch (e) { saved = {}; }
  if (!saved || typeof saved !== "object") saved = {};
  // which term to dial, what an answer means, when to forget the key: static/js/screen-terms.js (pure, and the
  // simulator's model is checked against it); this file does the page's I/O
  const terms = pp.screenTerms(code, saved, pp.mac);
  const state = terms.state;
  let peer = null;
  let conn = null;
  let attemptNo = 0;           // the attempt the current link belongs to
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

  let said = [""];
  let values = null;           // the values of the host's last refusal
  function say(key, arg) {
    said = [key, arg];
    const text = key ? String(texts.notices[key]).split("%s").join(arg || "") : "";
    status.textContent = text;
    status.hidden = !text || html === null;     // before a first frame, the text is the page
    mark("screen", key || "watching");
    if (html === null && text) app.innerHTML = '<section class="panel frame-notice"><p class="boot"></p></section>';
    const boot = html === null && app.querySelector(".boot");
    if (boot) boot.textContent = text;
  }

  function save() {
    store.set(KEY, JSON.stringify({ key: state.key, epoch: state.epoch }));
  }

  // --- the link: the term's host id screen-terms.js names ------------------------------------------------------
  function attempt() {
    clearTimeout(timer);
    if (stopped) return;
    hangUp();
    ensurePeer();
    if (!peer.open) {            // PeerJS drops an offer made before its socket is open: connect once it is
      timer = setTimeout(attempt, RETRY_MS);
      return;
    }
    const dialled = terms.dial();
    const k = (attemptNo = dialled.n);
    const c = (conn = peer.connect(dialled.id, pp.DATA_OPTIONS));
    c.on("open", () => {
      if (conn !== c) return;
      lastHeard = openedAt = Date.now();
      decide(terms.opened(k, nonce()));
    });
    c.on("data", (data) => {
      if (conn === c) receive(k, String(data));
    });
    const closed = () => {
      if (conn === c) decide(terms.closed(k));
    };
    c.on("close", closed);
    c.on("error", closed);
    timer = setTimeout(() => {
      if (conn === c) decide(terms.timedOut(k));
    }, RETRY_MS);
  }

  function hangUp() {
    const old = conn;
    conn = null;
    if (old) old.close();
  }

  // what screen-terms.js decided, done
  function decide(d) {
    if (!d) return;
    if (d.save) save();
    if (d.send) send(d.send);
    if ("watching" in d) {
      say("");
      mark("screen-no", d.watching);
      mark("screen-epoch", state.epoch);
    }
    if (d.stop) return stop(d.stop);
    if (d.again !== undefined) {
      clearTimeout(timer);
      hangUp();
      if (d.say) say(d.say, d.msg && pp.sentence(d.msg, values));
      else say(state.forgot ? "forgotten" : html === null ? "connecting" : "reconnecting");
      timer = setTimeout(attempt, d.again);
    } else if (d.say && (d.say !== "waiting" || html === null)) {
      say(d.say, d.msg && pp.sentence(d.msg, values));
    }
  }

  function nonce() {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function send(message) {
    if (conn && conn.open) conn.send(JSON.stringify(Object.assign({ v: 1 }, message)));
  }

  // --- what the host says ---------------------------------------------------------------------------------------
  function receive(k, text) {
    screen.bytes += text.length;
    if (screen.received) screen.received.push(text);
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    if (!m || typeof m !== "object" || !terms.heard(k, m.t)) return;     // before the host proved the key: not shown
    lastHeard = Date.now();
    if (m.t === "frame" || m.t === "patch") {
      if (screen.sizes.length < 2000) screen.sizes.push([text.length, m.t === "frame" ? m.html.length : -1]);
      if (state.watching) drawn(m);
    } else {
      values = m.values;          // a refusal's values (its English is d.msg): filled in this screen's language
      decide(terms.said(k, m));
    }
  }

  function stop(key) {
    if (key === "dropped") store.remove(KEY);
    stopped = true;
    clearTimeout(timer);
    hangUp();
    html = null;
    say(key);
  }

  // --- the big screen ---------------------------------------------------------------------------------------------
  function drawn(m) {
    if (m.t === "patch") {
      if (m.base !== frame || html === null) {     // a frame went missing: start again from a whole one
        frame = -1;
        return attempt();          // the same term, a fresh link
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
    if (m.marks && m.marks.lang) pp.setPageLanguage(m.marks.lang, m.marks.dir);    // the room's language
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
  screen.terms = () => state;        // tests: the term it knows, the one it dials, whether it forgot its key
  screen.peer = () => peer;

  useLanguage(pp.chooseLanguage(Array.from(navigator.languages || [navigator.language || "en"]), shipped));
  pp.loadPseudo("screen").then((loaded) => {
    if (!loaded) return;
    useLanguage(pp.pseudoLang());
    if (html === null) say(said[0], said[1]);     // what it says now, in the pseudo-locale
    showSound();
  });

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
      if (kind === "peer-unavailable") {
        // "Could not connect to peer <id>": it names the id, not the connection (screen-terms.js unavailable)
        const named = /^peerparty-[A-Z]{4}-(\d+)$/.exec(String(err.message || "").split(" ").pop());
        if (named && named[0] === terms.hostId(Number(named[1]))) decide(terms.unavailable(Number(named[1])));
      } else {
        decide(terms.trouble());
      }
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
    if (now - lastHeard > LOST_MS || (terms.unproved() && now - openedAt > PROOF_MS)) return decide(terms.silent(attemptNo));
    send({ t: "ping", n: (pings += 1) });
  }, PING_MS);
})();
