// The host page's screen thread (its main thread, which runs no Python). It runs as soon as the page is parsed:
// - decides the room code: a new one, the saved one (a reload), or the next epoch's (?takeover=1: this tab was
//   the host's successor), and draws the first frame with the code and QR code (the <template>s scripts/build.py
//   renders into host.html from ui/room.py);
// - starts the rules worker's room (host.html's PyScript worker, app/rules_worker.py: the HostSession, every secret), which
//   draws the big screen with the ui/ screens the phones run: this thread puts its HTML on the page;
// - opens the room to phones (PeerJS lives here: WebRTC does not exist in workers) and relays: what each
//   connection says goes to the worker, what the worker says goes to the connections, the room's record to
//   localStorage, unread; the host's taps, sound, fullscreen and the link's state stay here.
// A phone that connects before the worker is ready is told {"t":"wait"} ("The host is getting ready…"); its
// messages queue in the worker and are answered, in order, once the rules are up. docs/host-threads.md.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const store = pp.storage;
  const query = new URLSearchParams(location.search);
  // localStorage, as room/rejoin.py names it: the host tab's room, and this device's seat in a room
  const HOST_KEY = "peerparty:host";
  const seatKey = (code) => "peerparty:seat:" + code;
  const epochKey = (code) => "peerparty:seat:" + code + ":epoch";
  const replicaKey = (code) => "peerparty:replica:" + code;
  const ROOM_LANG = "peerparty:room-lang";   // the language this TV's rooms open in (app/rules.py ROOM_LANG_KEY)
  const ROOM = "peerparty:host:room";         // "CODE EPOCH" of the saved room: the code, known before the worker
  const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ";   // = room/lobby.py's (tests/test_host_threads.py checks)
  const CODE_LENGTH = 4;
  const WAIT = '{"v":1,"t":"wait"}';
  const CLOSING = '{"v":1,"t":"closing"}';
  const WASM_KEY = "peerparty:wasm";         // set once this browser has compiled Pyodide's wasm in a page (host.html)
  const KEEP_WASM_AFTER_MS = 2000;
  const LEAVE_NOTICE_MS = 2500;              // how long the big screen says the room moved on before it rejoins
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
      const code = pp.roomCode();
      if (code && store.get(replicaKey(code)) && store.get(seatKey(code))) {
        // the epoch this device's phone page last joined, plus one: the replica was sent under that epoch
        return { mode: "takeover", code, epoch: Number(store.get(epochKey(code)) || 0) + 1 };
      }
    }
    if (!query.has("new")) {
      const saved = (store.get(ROOM) || "").split(" ");
      if (saved.length === 2 && store.get(HOST_KEY)) return { mode: "restore", code: saved[0], epoch: Number(saved[1]) };
    }
    store.remove(HOST_KEY);     // a reload before the worker's first record opens a new room, not the old one
    store.remove(ROOM);
    return { mode: "new", code: newCode(), epoch: 0 };
  }

  // what the worker may read of this device's storage for the room (room/fence.py's take_over, a reload)
  function roomStorage(code) {
    const out = {};
    for (const key of [HOST_KEY, seatKey(code), epochKey(code), replicaKey(code), ROOM_LANG]) {
      const value = store.get(key);
      if (value !== null) out[key] = value;
    }
    return out;
  }

  // this page's folder and `file`, with this page's ?signal=, ?ice= and ?turn= (not ?force_relay=, which
  // tests one page's relay): the phones, and this tab when it rejoins as one, meet the same servers
  function sameSignal(file) {
    const base = location.href.split("?")[0].split("#")[0];
    let url = base.slice(0, base.lastIndexOf("/") + 1) + file;
    for (const key of ["signal", "ice", "turn"]) {
      if (query.has(key)) url += "&" + key + "=" + encodeURIComponent(query.get(key));
    }
    return url;
  }

  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  const room = decide();
  let options = null;
  try {
    options = pp.peerOptions(query.get("signal") || "", query.get("ice") || "", query.get("turn") || "",
                             query.get("force_relay") === "1", room.code);
  } catch (err) {
    options = null;     // a ?signal= that is not host:port/path: said on the screen
  }
  const joinUrl = sameSignal("join.html?room=" + room.code);
  const qrSvg = pp.qrSvg(joinUrl);
  const host = (pp.host = {
    code: room.code,
    epoch: room.epoch,
    mode: room.mode,
    ready: false,         // the rules worker has answered
    boot: null,           // the rules worker's boot phases, ms (for the bench)
  });
  // the page's own part of the big screen, which the rules worker draws in: the join link, the link's state
  // ("signal-down", "id-held", "no-webrtc", "bad-signal" or another PeerJS error type, as net/reach.py words it)
  const page = { join_url: joinUrl, join_hint: location.host + "/join.html", qr_svg: qrSvg, status: null,
                 sound: false, relay: !!options && pp.hasRelay(options), bad_relay: (options && options.badRelay) || "",
                 screen_url: "", screen_qr: "" };

  // --- the first frame: ui/room.py's host_frame and banners, rendered by the build with placeholders; drawn again
  // as the page's own part changes, until the rules worker's first screen ----------------------------------------
  const app = document.getElementById("app");
  const template = (id) => (document.getElementById(id) || { innerHTML: "" }).innerHTML;
  // The first frame's language is the room's (docs/languages.md "The room's language"): the one this TV's last
  // room had, else the first of the browser's the site ships; a test's ?lang=en-XA draws in a pseudo-locale,
  // once its frames are fetched (pp.loadPseudo), and opens the room in it. The frames are there per language
  const shipped = Array.from(document.querySelectorAll("template[data-lang]"), (t) => t.dataset.lang)
    .filter((lang, i, all) => all.indexOf(lang) === i);
  const browserLangs = Array.from(navigator.languages || [navigator.language || "en"]);
  let frameLang = pp.chooseLanguage([store.get(ROOM_LANG) || ""].concat(browserLangs), shipped);
  let texts = {};
  function useLanguage(lang) {
    frameLang = lang;
    texts = JSON.parse(template("frame-texts-" + lang) || "{}");      // page_words.py: the link's words, Sound
    pp.words = texts.words;
    pp.group = texts.group;
    pp.setPageLanguage(lang, texts.dir);
    mark("frame-lang", lang);
  }
  useLanguage(frameLang);
  const bannerHtml = (kind, text) => template("banner-" + kind).split("%TEXT%").join(escapeHtml(text));
  function drawFrame() {
    if (host.screen) return;
    pp.render(app, template("frame-" + room.mode + "-" + frameLang).split("%CODE%").join(room.code).split("%QR%").join(qrSvg)
      .split("%JOIN%").join(escapeHtml(joinUrl))
      .split("%HINT%").join(escapeHtml(page.join_hint).split("/").join("/<wbr>")));
    const banners = [];
    if (page.status) banners.push(["error", (texts.link || {})[page.status] || String(texts.problem).replace("%s", page.status)]);
    if (page.bad_relay) banners.push(["warn", String(texts.bad_relay).replace("%s", page.bad_relay)]);
    const header = app.querySelector("header");
    for (const [kind, text] of banners.reverse()) {
      if (header) header.insertAdjacentHTML("afterend", bannerHtml(kind, text));
    }
    const sound = app.querySelector("[data-move='{\"room\":\"sound\"}']");
    if (sound && texts.sound) {
      sound.textContent = texts.sound[page.sound ? 1 : 0];
      sound.setAttribute("aria-pressed", String(page.sound));
    }
  }
  drawFrame();
  pp.loadPseudo("host").then((loaded) => {
    if (!loaded) return;
    useLanguage(pp.pseudoLang());
    drawFrame();
  });

  // --- the rules worker -------------------------------------------------------------------------------------
  // host.html's PyScript worker (window.ppRules holds what is posted until PyScript has made it)
  const worker = window.ppRules;
  const post = (message) => worker.postMessage(Object.assign(message, { now: Date.now() }));
  // A successor whose host said it was closing came here at once (?closing=1, room/rejoin.py hands_over_now):
  // the rules boot while confirmTakeover makes sure the old host is gone, and the room opens only then
  const confirming = room.mode === "takeover" && query.has("closing");
  function openRoom() {
    post({ t: "open", mode: room.mode, code: room.code, epoch: room.epoch, storage: roomStorage(room.code),
           seed: query.get("seed") || undefined, languages: browserLangs,
           pseudo: pp.pseudoLang() || undefined });
    post({ t: "page", info: page });
  }
  if (!confirming) openRoom();
  const started = performance.now();
  let saving = true;
  let record = null;        // the newest record not yet written
  let saveDue = false;

  let leaving = false;
  worker.onmessage = (ev) => {
    if (leaving) return;
    const out = ev.data;
    if (out.fatal) fatal(out.fatal);
    if (out.opened && out.opened.mode === "refused") {
      // the replica could not be taken over (this seat is not in it): back to the room as a phone
      store.remove(replicaKey(room.code));
      leave();
      return;
    }
    if (out.storage) {
      for (const [how, key, value] of out.storage) how === "set" ? store.set(key, value) : store.remove(key);
    }
    if (out.ready_ms !== undefined) {
      host.ready = true;
      host.boot = out.boot_ms;
      host.wasm = out.wasm === "page" ? window.ppWasm.by : out.wasm;   // who compiled it: "page", "thread" or "worker"
      mark("rules-ready", Math.round(performance.now() - started));
      mark("runtime", out.runtime);      // "pyscript": the rules run in PyScript's worker (e2e checks it)
      keepWasm();
    }
    // the rules' memory snapshot: "restored"; "made", then "kept" (or "not kept"); "none" on a takeover. For tests
    if (out.snapshot) mark("snapshot", host.snapshot = out.snapshot);
    if (out.screen) draw(out.screen);      // the big screen first: the room watches the TV
    if (out.acted !== undefined) mark("acted", out.acted);     // the TV's taps answered (tests wait on it)
    if (out.send) for (const [cid, text] of out.send) send(cid, text);
    if (out.hangup) for (const cid of out.hangup) hangUp(cid);
    if (out.watchers) watch(out.watchers);
    if (out.record) {
      record = out.record;
      if (!saveDue) {
        saveDue = true;
        setTimeout(save, 0);    // after the screen is drawn: a tap's answer never waits for the write
      }
    }
    if (out.probe) {
      let dialled = 0;
      for (const [epoch, text] of out.probe) dialled += probe(epoch, text);
      // the first probe's deadline counts from now (room/fence.py sent), not from when the rules, booting behind
      // their queue, decided to probe
      if (dialled) post({ t: "probed" });
    }
    if (out.unprobe) for (const epoch of out.unprobe) unprobe(epoch);
    if (out.download) pp.download(out.download[0], out.download[1]);
    if (out.catalog) for (const lang of out.catalog) catalog(lang);
    if (out.leave) leave(texts.moved_on, out.leave === "screen");
  };
  worker.onerror = (ev) => fatal(pp.t("The rules worker failed: %s", ev.message || "?"));

  // --- the big screen: the worker's HTML, and the host's taps ------------------------------------------------
  let drawnRef;             // the decision the screen shows: a move tapped on it names it (stale once over)
  let settling = null;      // the TV remote's focus, to settle before the next paint
  let moment = null;

  function draw(screen) {
    host.screen = screen;
    host.frame += 1;
    if (host.drawn) host.drawn.push(screen.html);
    const made = new Map();      // this frame's message, by the frame it patches: screens in step share it
    for (const cid of watchers.keys()) showOn(cid, made);      // the remote screens first: they are further away
    // the TV remote's place survives the redraw (static/js/remote.js). It settles as the frame is about to paint,
    // not in this task: its look at what is shown needs the page's style, which the frame works out anyway (in
    // this task it added 3 ms to a tap -> TV with twelve phones, bench latency); the focus held before the first
    // of the frame's redraws is the one kept
    if (!settling) {
      settling = { key: pp.remote.held(app), el: document.activeElement };
      requestAnimationFrame(() => {
        // an arrow pressed meanwhile moved the focus to another control: that one is held now
        const moved = document.activeElement !== settling.el && document.activeElement !== document.body;
        const key = moved ? pp.remote.held(app) : settling.key;
        settling = null;
        pp.remote.settle(app, key);
      });
    }
    pp.render(app, screen.html);
    drawnRef = screen.ref;
    if (page.sound && screen.moment !== moment) pp.chime();    // a new phase, round or game: a soft cue
    moment = screen.moment;
    for (const name in screen.marks) mark(name, screen.marks[name]);
    if (screen.marks.lang) pp.setPageLanguage(screen.marks.lang, screen.marks.dir);
    mark("frame", host.frame);
  }

  // --- remote screens (screen.html, room/screens.py): the rules say which connections watch; each is sent what
  // this thread draws, and nothing else. A frame past PATCH_OVER characters goes as the changed middle of the
  // last one that screen was sent (the rest of a step's frame is the same: the header, the people, the table).
  const PATCH_OVER = 8192;
  const watchers = new Map();      // cid -> [frame number, html] last sent to it
  host.frame = 0;
  host.screenBytes = 0;            // every frame's bytes sent to the screens, for the bench
  if (query.get("record") === "1") host.drawn = [];      // tests: every frame this thread drew

  function watch(cids) {
    const now = new Set(cids);
    for (const cid of watchers.keys()) if (!now.has(cid)) watchers.delete(cid);
    for (const cid of cids) {
      if (!watchers.has(cid)) {
        watchers.set(cid, null);
        if (host.screen) showOn(cid);
      }
    }
  }

  function showOn(cid, made) {
    const screen = host.screen;
    const last = watchers.get(cid);
    const html = screen.table || screen.html;     // a seat's own screen sends its screens the table (app/rules.py)
    const base = last ? last[0] : null;
    if (made && made.has(base)) return sendFrame(cid, html, made.get(base));
    const message = { v: 1, t: "frame", n: host.frame, moment: screen.moment, marks: screen.marks };
    if (last && html.length > PATCH_OVER) {
      const before = last[1];
      let at = 0;
      const most = Math.min(before.length, html.length);
      while (at < most && before.charCodeAt(at) === html.charCodeAt(at)) at++;
      let end = 0;
      while (end < most - at && before.charCodeAt(before.length - 1 - end) === html.charCodeAt(html.length - 1 - end)) end++;
      Object.assign(message, { t: "patch", base: last[0], at, cut: before.length - at - end,
                               text: html.slice(at, html.length - end) });
    } else {
      message.html = html;
    }
    const text = JSON.stringify(message);
    if (made) made.set(base, text);
    sendFrame(cid, html, text);
  }

  function sendFrame(cid, html, text) {
    watchers.set(cid, [host.frame, html]);
    host.screenBytes += text.length;
    send(cid, text);
  }

  // the page's own part of the big screen changed: the worker draws it in (and this thread, until it is up)
  function pageChanged(info) {
    Object.assign(page, info);
    post({ t: "page", info });
    drawFrame();
  }

  pp.mount(app, (tap) => {
    const action = JSON.parse(tap);
    if (action.room === "sound") {         // browsers allow sound only after a tap, so it starts off
      const on = !!pp.sound(!page.sound);
      store.set("peerparty:sound", on ? "1" : "0");
      pageChanged({ sound: on });
    } else if (action.room === "add_screen") {     // the screen link and its QR code, over the big screen
      const url = page.screen_qr ? "" : sameSignal("screen.html?room=" + room.code);
      pageChanged({ screen_url: url, screen_qr: url ? pp.qrSvg(url) : "" });
    } else if (action.room === "new_room") {
      forget();
      location.reload();
    } else {
      post({ t: "action", text: tap, ref: drawnRef === null ? undefined : drawnRef });
      mark("taps", host.taps = (host.taps || 0) + 1);    // the worker answers each: body[data-acted] (tests)
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "f" && !["INPUT", "TEXTAREA"].includes(ev.target.tagName)) pp.fullscreen();
  });
  pp.remote.attach(app);

  function save() {
    saveDue = false;
    if (saving && record) {
      store.set(HOST_KEY, record);
      store.set(ROOM, room.code + " " + room.epoch);
      record = null;
    }
  }
  window.addEventListener("pagehide", save);    // a reload saves first
  // The tab is going (closed, or reloading): every phone and screen hears it now, not after HOST_LOST_MS of
  // silence, and the signalling server frees the id at once, so a Hint Hunt successor takes over within
  // TAKEOVER_MS (room/rejoin.py) and a reload is back before that. A page kept for back/forward keeps its links.
  window.addEventListener("pagehide", (ev) => {
    if (ev.persisted) return;
    for (const conn of conns.values()) {
      try {
        if (conn.open) conn.send(CLOSING);      // room/protocol.py "closing": a successor need not wait long
        conn.close();
      } catch (e) { /* closing anyway */ }
    }
    if (peer && !peer.destroyed) peer.destroy();
  });

  setInterval(() => {
    if (host.ready) post({ t: "tick" });
  }, 250);

  // This tab leaves the room for good (a new room, or the room moved on): nothing saves it again.
  function forget() {
    saving = false;
    store.remove(HOST_KEY);
    store.remove(ROOM);
  }

  // This tab leaves the room to another host (it stepped aside, or its takeover was refused): it rejoins the
  // room as a player, on the phone page, with the seat its storage now names. A room that moved on to a later
  // host says so on the big screen first (issue 26 B: a TV reopened takeovers behind), for LEAVE_NOTICE_MS.
  function leave(notice, asScreen) {
    forget();
    leaving = true;            // the rules have nothing more to say to this screen
    // the big screen stays the big screen: it watches the new host as a remote screen does (issue 37)
    const page = asScreen ? "screen.html?room=" : "join.html?room=";
    const go = () => location.replace(sameSignal(page + room.code));
    if (!notice) return go();
    const header = app.querySelector("header");
    const html = bannerHtml("warn", notice);
    header ? header.insertAdjacentHTML("afterend", html) : app.insertAdjacentHTML("afterbegin", html);
    const stale = app.querySelector("main");
    if (stale) stale.inert = true;       // the old room's controls: shown faded, not pressable
    mark("moved-on", room.epoch);
    setTimeout(go, LEAVE_NOTICE_MS);
  }

  // The room's language's catalog bundle (scripts/catalogs.py), which the rules ask for to draw the big screen in
  // it; until it is here (or if it cannot be had) the big screen stays in English
  function catalog(lang) {
    fetch("./static/build/i18n/" + encodeURIComponent(lang) + ".json")
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status))))
      .then((text) => post({ t: "catalog", lang, text }))
      .catch((err) => console.warn("catalog " + lang + ": " + err));
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

  function setStatus(status) {
    mark("signal", status === "no-webrtc" ? "no-webrtc" : status ? "down" : "up");
    if (status !== page.status) pageChanged({ status });
  }

  function startPeer() {
    if (!options) return setStatus("bad-signal");
    if (!pp.hasWebRTC()) return setStatus("no-webrtc");     // no retry can help; the screen says what will
    peer = new window.Peer("peerparty-" + room.code + "-" + room.epoch, options);
    peer.on("open", () => {
      setStatus(null);
      mark("room-ready", room.code);
      mark("epoch", room.epoch);
      post({ t: "peer", open: true });
    });
    pp.answerKnocks(peer);
    peer.on("connection", connection);
    peer.on("error", (err) => peerError(String((err && err.type) || "unknown")));
    peer.on("disconnected", () => peerError("disconnected"));
  }

  function later(ms, fn) {
    clearTimeout(retry);
    retry = setTimeout(fn, ms);
  }

  function peerError(kind) {
    if (page.status === "no-webrtc") return;
    if (SIGNAL_DOWN.includes(kind)) {
      post({ t: "peer", open: false });
      setStatus("signal-down");
      // back to the signalling server; open data channels keep working meanwhile. A peer PeerJS destroyed
      // meanwhile (it aborts on a taken id, and its socket's close can come after that error and replace the
      // id-held retry here) is made again, never left for good
      later(2000, () => {
        if (!peer || peer.destroyed) startPeer();
        else if (peer.disconnected) peer.reconnect();
      });
    } else if (kind === "unavailable-id" && room.mode === "takeover") {
      // room/fence.py's Fence.id_taken: a page that took over lost the race to another successor: join it
      post({ t: "moved_on", epoch: room.epoch });
    } else if (kind === "unavailable-id") {
      // the id is still held: this tab's previous registration (a reload) or another tab
      setStatus("id-held");
      later(1500, () => { peer.destroy(); startPeer(); });
    } else if (kind !== "peer-unavailable") {
      setStatus(kind);
    }
  }

  function connection(conn) {
    // this page answers as the DTLS server (link.js pp.answerPassive): PeerJS makes the answer after this event
    // (after setRemoteDescription resolves), so the option set here is the one it reads
    conn.options.sdpTransform = pp.answerPassive;
    const knocked = pp.takeKnock(conn);     // link.js: a hello that rode in the knock is the channel's first message
    const cid = String(conn.connectionId);
    conns.set(cid, conn);
    const who = pp.knockWho(conn);
    post({ t: "knock", cid, peer: String(conn.peer), name: who.name, device: who.device });
    conn.on("open", () => {
      post({ t: "connect", cid });
      if (!host.ready) conn.send(WAIT);
      if (knocked) post({ t: "data", cid, text: knocked });
      reportPath(cid, conn, null, 0);
    });
    conn.on("data", (data) => {
      const text = String(data);
      // a phone's heartbeat while the rules boot: "still getting ready", so it never thinks the host is gone
      if (!host.ready && text.length < 64 && text.includes('"ping"')) conn.send(WAIT);
      post({ t: "data", cid, text });
    });
    const closed = () => {
      if (conns.delete(cid)) post({ t: "close", cid });
    };
    conn.on("close", closed);
    conn.on("error", closed);
  }

  // Which path an open connection took, from this page's own WebRTC stats (a phone's word is never asked): the
  // people list marks a phone reached through the relay. The selected pair can lag the channel's open (seconds on
  // a busy machine) and can change later (ICE picks another pair), so it is read while the link is open: often at
  // first, then every PATH_EVERY_MS; the rules hear it only when it says something new.
  const PATH_FIRST_MS = [0, 500, 1000, 2000, 4000];
  const PATH_EVERY_MS = 15000;
  function reportPath(cid, conn, said, tries) {
    const again = (said2) => setTimeout(() => reportPath(cid, conn, said2, tries + 1),
      tries + 1 < PATH_FIRST_MS.length ? PATH_FIRST_MS[tries + 1] : PATH_EVERY_MS);
    pp.linkPath(conn).then((path) => {
      if (conns.get(cid) !== conn || !conn.open) return;
      if (path && path.state === "succeeded") {
        const relayed = path.local === "relay" || path.remote === "relay";
        if (relayed !== said) post({ t: "path", cid, relayed });
        again(relayed);
      } else {
        again(said);
      }
    }, () => { if (conns.get(cid) === conn && conn.open) again(said); });
  }

  function send(cid, text) {
    const conn = conns.get(cid);
    if (conn && conn.open) conn.send(text);
  }

  function hangUp(cid) {
    const conn = conns.get(cid);
    if (!conn) return;
    if (!conn.open) conns.delete(cid);    // PeerJS says nothing when an unopened connection closes
    conn.close();
  }

  // Pyodide's wasm into Chromium's code cache, for host.html's head to compile from on the next visit: on a first
  // visit the worker compiled its own, which Chromium does not keep. Once per browser, when the room has been up
  // a while and the page is idle: decoding the 9 MB here takes this thread 2-3 tasks of 60-140 ms.
  function keepWasm() {
    if (store.get(WASM_KEY) || !window.ppWasm || !WebAssembly.compileStreaming) return;
    // eslint-disable-next-line compat/compat -- tested on this line: Safari has no requestIdleCallback
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 0));
    setTimeout(() => idle(() => {
      WebAssembly.compileStreaming(fetch(window.ppWasm.url)).then(() => {
        store.set(WASM_KEY, "1");
        mark("wasm", "kept");
      }, () => {});
    }, { timeout: 5000 }), KEEP_WASM_AFTER_MS);
  }

  // Does a host of a later epoch run this room? (room/fence.py decides when to ask, and what.) The probe's text
  // asks it to prove it holds the room; its answer goes to the worker unread, which steps this tab aside only
  // for a right one (issue 31: anyone can register that id).
  const probes = new Map();        // epoch -> the probe's connection
  function probe(epoch, text) {
    unprobe(epoch);
    if (!peer || peer.destroyed || peer.disconnected) return 0;     // PeerJS dials nothing then: the next probe will
    const conn = peer.connect("peerparty-" + room.code + "-" + epoch, pp.DATA_OPTIONS);
    probes.set(epoch, conn);
    conn.on("open", () => {
      conn.send(text);
      post({ t: "probe_open", epoch });
    });
    conn.on("data", (data) => post({ t: "probe_answer", epoch, text: String(data) }));
    return 1;
  }

  function unprobe(epoch) {
    const conn = probes.get(epoch);
    probes.delete(epoch);
    if (conn) conn.close();
  }

  // The old host's id, looked for from a peer of no room's: the signalling server answers "peer-unavailable" for
  // an id nobody holds once it has held the offer about 5 s, and hands the offer to a page that takes the id
  // meanwhile, so a reload of the old host answers it. Gone: this page opens the room under the next epoch (the
  // rules have booted meanwhile). Answered, or no answer after CONFIRM_TRIES: back to the phone page, whose own
  // rules (room/rejoin.py) go on from there with the seat and replica this device still holds.
  const CONFIRM_MS = 7000;
  const CONFIRM_TRIES = 2;
  function confirmTakeover() {
    if (!options || !pp.hasWebRTC()) return startPeer();      // the screen says why nothing can open
    const oldId = "peerparty-" + room.code + "-" + (room.epoch - 1);
    const looker = new window.Peer(options);
    let tries = 0;
    let timer = null;
    let done = false;
    const finish = (gone) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      looker.destroy();
      mark("takeover-check", gone ? "gone" : "back");
      if (!gone) return location.replace(sameSignal("join.html?room=" + room.code));
      openRoom();
      startPeer();
    };
    const dial = () => {
      tries += 1;
      looker.connect(oldId, pp.DATA_OPTIONS).on("open", () => finish(false));
      timer = setTimeout(() => (tries < CONFIRM_TRIES ? dial() : finish(false)), CONFIRM_MS);
    };
    looker.on("open", dial);
    looker.on("error", (err) => {
      const kind = String((err && err.type) || "unknown");
      if (kind === "peer-unavailable") finish(true);
      else if (SIGNAL_DOWN.includes(kind)) finish(false);
    });
  }

  // in a task of its own: the frame is painted first, and no task of the page's boot grows long
  setTimeout(confirming ? confirmTakeover : startPeer, 0);
  mark("ready", "1");
})();
