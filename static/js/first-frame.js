// join.html's first frame, run inline as the page is parsed (scripts/build.py copies this file into the page,
// after the frames it draws from ui/room.py): the room code from the URL, the name this phone gave last time, or
// "Rejoining as <name>…" for a phone that holds a seat here. A Join tapped before MicroPython is up is kept:
// the button says "Joining…", the early link says it to the host as soon as it is open (static/js/link.js
// pp.earlyHello) and app/phone.py carries the join on when it starts (pp.takeEarlyJoin).
// Every frame is there once per shipped language (<template data-lang>): the one drawn is in the language this
// phone's person picked (peerparty:lang) or else the first of the browser's they ask for (py/peerparty/i18n.py
// choose, the same rule); MicroPython then loads that language's catalog (pp.catalog) and draws in it too.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const get = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };
  const escape = (text) => text.replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const code = pp.roomCode();     // static/js/signal.js, inline in the head before this
  const name = get("peerparty:name") || "";                       // room/rejoin.py NAME_KEY
  const seated = code && get("peerparty:seat:" + code);           // room/rejoin.py seat_key
  const LANG_KEY = "peerparty:lang";                              // py/peerparty/i18n.py LANG_KEY
  const shipped = [];
  document.querySelectorAll("template[data-lang]").forEach((t) => {
    if (shipped.indexOf(t.dataset.lang) < 0) shipped.push(t.dataset.lang);
  });
  // i18n.py choose(): the exact tag, else its language ("es-MX" -> "es"), else English
  const choose = (preferred) => {
    for (let i = 0; i < preferred.length; i++) {
      const wanted = String(preferred[i]).replace(/_/g, "-").toLowerCase();
      const base = wanted.split("-")[0];
      const found = shipped.filter((tag) => tag.toLowerCase() === wanted)[0] || shipped.filter((tag) => tag === base)[0];
      if (found) return found;
    }
    return shipped.indexOf("en") >= 0 ? "en" : shipped[0];
  };
  const picked = get(LANG_KEY);
  // a test's pseudo-locale (?lang=en-XA or ar-XB, scripts/catalogs.py PSEUDO): its frames are fetched (below), never
  // in this page; MicroPython loads its bundle as any language's
  const asked = new URLSearchParams(location.search).get("lang");
  const pseudo = ["en-XA", "ar-XB"].indexOf(asked) >= 0 ? asked : null;
  pp.lang = pseudo || (shipped.indexOf(picked) >= 0 ? picked : choose(navigator.languages || [navigator.language || "en"]));
  let drawn = shipped.indexOf(pp.lang) >= 0 ? pp.lang : choose(navigator.languages || [navigator.language || "en"]);

  const app = document.getElementById("app");
  let which = seated && name ? "frame-rejoin" : seated ? "frame-seat" : "frame-join";
  let field = null;
  function draw(typed) {
    const frame = document.getElementById(which + "-" + drawn);
    document.documentElement.lang = drawn;
    document.documentElement.dir = frame.dataset.dir || "ltr";
    document.body.setAttribute("data-frame-lang", drawn);        // tests wait on it
    app.innerHTML = frame.innerHTML.split("%CODE%").join(escape(code)).split("%NAME%").join(escape(typed));
    field = document.getElementById("name");
    if (field) field.focus();
  }
  draw(name);
  let pythonUp = false;
  if (pseudo) {
    fetch("./static/build/i18n/" + pseudo + ".join.html").then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        document.body.insertAdjacentHTML("beforeend", html);
        drawn = pseudo;
        if (!pythonUp) draw(field ? field.value : name);
      }).catch((error) => console.warn("pseudo-locale " + pseudo + ": " + error));
  }

  // A language's catalog (static/build/i18n/<lang>.json, scripts/catalogs.py) as text, fetched once
  const catalogs = {};
  pp.catalog = function (lang) {
    if (!catalogs[lang]) {
      catalogs[lang] = fetch("./static/build/i18n/" + lang + ".json").then((r) => {
        if (!r.ok) throw new Error("catalog " + lang + ": HTTP " + r.status);
        return r.text();
      }).catch((error) => {
        delete catalogs[lang];      // the next ask tries again
        throw error;
      });
    }
    return catalogs[lang];
  };
  // A language picked on this page (ui/languages.py's buttons): remembered on this phone; before MicroPython is
  // up the frame is drawn again in it, keeping what was typed; after, app/phone.py draws (it calls this too) and
  // marks <html lang> once its words are in the page (tests wait on that)
  pp.setLanguage = function (lang) {
    if (shipped.indexOf(lang) < 0) return pp.catalog(pp.lang);
    pp.lang = drawn = lang;
    try { localStorage.setItem(LANG_KEY, lang); } catch (e) { /* private mode: for this visit only */ }
    if (!pythonUp) draw(field ? field.value : name);
    return pp.catalog(lang);
  };
  function picker(ev) {
    const button = ev.target.closest && ev.target.closest("[data-lang]");
    if (button && !button.disabled) pp.setLanguage(button.dataset.lang);
  }
  document.addEventListener("click", picker);

  // The runtime (build.py phone_preloads: PyScript's boot chunks, MicroPython, phone.json, most of the page's
  // weight) and the module that boots it (phone-files.js, which imports PyScript). Warm, from the service worker,
  // at once. On a first visit not before the frame is painted (a hidden tab paints no frame: then a little
  // later), and for a new guest whose early link is dialling (signal.js, link.js), once that link is through
  // (pp.linkSettled), at most HOLD_MS after the frame: on mobile data the link's round trips would otherwise
  // queue behind the runtime's download (measured on the lab's 4G: a Join tapped on the first frame reached the
  // TV in 2.6-3.1 s, and 1.3 s on a warm visit). A link that took SLOW_LINK_MS or more to come through is on
  // such a network, where the download takes seconds: there the runtime also waits for the guest's Join to be
  // answered, at most JOIN_HOLD_MS after the frame, so that a Join tapped while the guest would otherwise be
  // downloading does not queue behind it (measured: a Join tapped at 3 s on a first visit on 4G, 406 ms to
  // "You're in" with the runtime fetched as the link came through). The TV seats the guest first, the phone
  // says so (pp.earlyAnswer), and Python follows and takes the link where it stands.
  const HOLD_MS = 4000;
  const SLOW_LINK_MS = 1000;
  const JOIN_HOLD_MS = 6000;
  const frameAt = performance.now();
  let answering = false;      // a slow link is through: the runtime waits for the Join's answer
  let fetching = false;
  const fetchRuntime = () => {
    if (fetching) return;
    fetching = true;
    const preloads = document.getElementById("runtime-preloads");
    if (preloads) document.head.appendChild(preloads.content.cloneNode(true));
    const boot = document.createElement("script");
    boot.type = "module";
    boot.src = "./static/js/phone-files.js";
    document.head.appendChild(boot);
    document.body.setAttribute("data-runtime", String(Math.round(performance.now())));   // tests
    pp.catalog(pp.lang);
  };
  const warm = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  const dialling = !!(pp.earlySocket || pp.early) && !pp.linkDone;
  if (warm) {
    fetchRuntime();
  } else if (which === "frame-join" && dialling) {
    pp.linkSettled = (through) => {
      if (!through || performance.now() - frameAt < SLOW_LINK_MS) return fetchRuntime();
      answering = true;
      document.body.setAttribute("data-runtime-waits", "join");  // tests
      setTimeout(fetchRuntime, Math.max(0, frameAt + JOIN_HOLD_MS - performance.now()));
    };
    setTimeout(() => answering || fetchRuntime(), HOLD_MS);
  } else {
    requestAnimationFrame(() => setTimeout(fetchRuntime, 0));
    setTimeout(fetchRuntime, 250);
  }

  // The host's welcome on the early link before MicroPython is up (link.js): the guest is seated, and this
  // phone says so at once (a first visit on mobile data fetches its Python after the link is through, so a guest
  // who typed their name meets the Join tap's answer before Python). Python then draws the room over it.
  pp.earlyAnswer = function (text) {
    let message = null;
    try { message = JSON.parse(text); } catch (e) { /* not the host's: Python says what is wrong */ }
    if (!pythonUp && message && message.t === "welcome") {
      which = "frame-in";
      draw(field ? field.value : name);
      document.body.setAttribute("data-seated", "early");      // the bench's "tap -> You're in"; tests
    }
    if (answering) fetchRuntime();      // the Join is answered: Python's turn on the link
  };

  let early = false;
  function keep(ev) {
    const form = ev.target;
    if (form.id !== "join") return;
    ev.preventDefault();
    const typed = field.value.trim();
    if (!typed) return;
    early = typed;
    try { localStorage.setItem("peerparty:name", typed); } catch (e) { /* private mode */ }
    const button = form.querySelector("button");
    button.textContent = form.dataset.busy;
    button.disabled = true;
    if (pp.earlyHello) pp.earlyHello();
  }
  document.addEventListener("submit", keep);
  pp.keptJoin = () => early;
  // app/phone.py, once it has mounted its own listeners: the name of a Join tapped meanwhile, or false
  // (false, not undefined: MicroPython hands undefined over as a truthy object)
  pp.takeEarlyJoin = function () {
    document.removeEventListener("submit", keep);
    document.removeEventListener("click", picker);
    pythonUp = true;
    return early;
  };
})();
