// The page glue Python drives through JS interop: DOM patching, one delegated listener that
// turns data-move clicks and form submits into move JSON, an in-page confirm dialog, countdowns.
// No game logic lives here: screens are Python functions of the view.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  let onMove = null;

  // The pages' own words (py/peerparty/page_words.py), looked up by their English: pp.words is the page's
  // language's table (host.html and screen.html carry one a language; a phone's is its catalog bundle's
  // messages). A word missing there reads in English. "%s" is filled with `value`.
  pp.t = function (english, value) {
    const text = (pp.words && pp.words[english]) || english;
    return value === undefined ? text : text.split("%s").join(String(value));
  };
  // i18n.py sentence(): a sentence the host sent ({"msg": English, "values"}) in the page's language, its %(name)s
  // filled with the values; a message the table lacks shows in English
  pp.sentence = function (english, values) {
    const text = (pp.words && pp.words[english]) || String(english || "");
    return text.replace(/%\((\w+)\)s/g, (all, name) =>
      (values && Object.prototype.hasOwnProperty.call(values, name) ? pp.shown(values[name]) : all));
  };
  // A value in a sentence as i18n.py's _fill shows it: a whole number with the page language's digit groups
  // (pp.group, from the page's words: 12,000 / 12.000), anything else as it is
  pp.shown = function (value) {
    if (typeof value !== "number" || !Number.isInteger(value)) return String(value);
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, pp.group || ",");
    return (value < 0 ? "-" : "") + digits;
  };
  // py/peerparty/i18n.py choose(): the exact tag, else its language ("es-MX" -> "es"), else English
  pp.chooseLanguage = function (preferred, shipped) {
    for (const tag of preferred) {
      const wanted = String(tag).replace(/_/g, "-").toLowerCase();
      const found = shipped.filter((s) => s.toLowerCase() === wanted)[0] || shipped.filter((s) => s === wanted.split("-")[0])[0];
      if (found) return found;
    }
    return shipped.indexOf("en") >= 0 ? "en" : shipped[0];
  };
  // A pseudo-locale a test opens a page in (?lang=en-XA, ?lang=ar-XB: scripts/catalogs.py PSEUDO): its frames and
  // words are in static/build/i18n/<lang>.<page>.html, fetched only then (no page carries them, no cache keeps
  // them). Resolves to true once they are in the page, false for no such parameter or file.
  pp.PSEUDO = ["en-XA", "ar-XB"];
  pp.pseudoLang = function () {
    const lang = new URLSearchParams(location.search).get("lang");
    return pp.PSEUDO.indexOf(lang) >= 0 ? lang : null;
  };
  pp.loadPseudo = function (page) {
    const lang = pp.pseudoLang();
    if (!lang) return Promise.resolve(false);
    return fetch("./static/build/i18n/" + lang + "." + page + ".html")
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status))))
      .then((html) => {
        document.body.insertAdjacentHTML("beforeend", html);
        return true;
      })
      .catch((err) => {
        console.warn("pseudo-locale " + lang + ": " + err);
        return false;
      });
  };
  // The page's language and writing direction on <html> (the pseudo-locale ar-XB, and any right-to-left one)
  pp.setPageLanguage = function (lang, dir) {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir || "ltr";
  };

  function keepsTyping(el) {
    // While a form keeps its id, what the person typed or ticked survives a re-render.
    return (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT") &&
      el.form && el.form.id && el.type !== "hidden" && el.type !== "submit";
  }

  pp.render = function (root, html) {
    const next = document.createElement(root.tagName);
    next.innerHTML = html;
    window.morphdom(root, next, {
      childrenOnly: true,
      onBeforeElUpdated(from, to) {
        if (from.isEqualNode(to)) return false;
        if (keepsTyping(from)) {
          // only the enabled state and the field's example (in the page's language: ui/languages.py) follow the new view
          from.disabled = to.disabled;
          if (from.placeholder !== to.placeholder) from.placeholder = to.placeholder;
          return false;
        }
        if (from.tagName === "DETAILS" && from.id) to.open = from.open;
        if (from.tagName === "DIALOG") return false;
        return true;
      },
    });
    styled(root);
    root.querySelectorAll("input[data-limit]").forEach(counted);
    pp.tick();
    showMoment(root);
  };

  // The moment, in view (issue 48 point 4): a screen marks the decision or result that matters now with
  // data-show="<key>" (the gift to answer, Lock in, the host move the table waits for, who won); when a new key
  // appears, its element is scrolled to the top of the screen if its start is out of view, unless the person
  // is typing (a text field has the focus). The same key again is left alone: the player may scroll away.
  let shownKey = null;
  function showMoment(root) {
    const el = root.querySelector("[data-show]");
    const key = el ? el.dataset.show : null;
    if (key === shownKey) return;
    shownKey = key;
    if (!el) return;
    const active = document.activeElement;
    if (active && (active.tagName === "TEXTAREA" || (active.tagName === "INPUT" &&
        !["radio", "checkbox", "submit", "button"].includes(active.type)))) return;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.top > innerHeight - Math.min(box.height, innerHeight / 3)) {
      el.scrollIntoView({ block: "start" });
    }
    document.body.dataset.shown = key;     // a test waits on it
  }

  // A name field's limit, said under it (ui/room.py name_field): counted in code points after NFC, as the host's
  // clean_name counts (docs/decisions.md "A name is 20 characters"); past the limit the field keeps the first
  // ones and says it is full, where a maxlength (UTF-16 units: an emoji is two) just stopped taking keys.
  function counted(field) {
    const limit = Number(field.dataset.limit);
    const chars = Array.from(field.value.normalize("NFC"));
    if (chars.length > limit) field.value = chars.slice(0, limit).join("");
    const count = Math.min(chars.length, limit);
    const note = document.getElementById(field.getAttribute("aria-describedby"));
    if (!note) return;
    // the sentences come in the page's language on the note (data-none, -some, -full), with their placeholders
    const say = (said, english) => (said || english).split("%(count)s").join(count).split("%(limit)s").join(limit);
    const text = !count ? say(note.dataset.none, "Up to %(limit)s characters")
      : count < limit ? say(note.dataset.some, "%(count)s of %(limit)s characters")
        : say(note.dataset.full, "%(limit)s of %(limit)s: a name holds no more");
    if (note.textContent !== text) note.textContent = text;
    note.classList.toggle("full", count >= limit);
  }
  document.addEventListener("input", (ev) => {
    if (!ev.isComposing && ev.target.matches && ev.target.matches("input[data-limit]")) counted(ev.target);
  });
  document.addEventListener("compositionend", (ev) => {
    if (ev.target.matches && ev.target.matches("input[data-limit]")) counted(ev.target);
  });
  document.querySelectorAll("input[data-limit]").forEach(counted);     // typed before this script loaded

  // A screen links its game's stylesheet (ui/room.py game_style), fetched when the game is picked.
  // body[data-styled] is "1" once every stylesheet the screen links has loaded (or failed: the page still
  // works), "0" meanwhile: what a test waits for before it measures the layout.
  const settled = new WeakSet();
  function styled(root) {
    const links = Array.from(root.querySelectorAll("link[rel=stylesheet]"));
    const pending = links.filter((link) => !link.sheet && !settled.has(link));
    document.body.dataset.styled = pending.length ? "0" : "1";
    for (const link of pending) {
      const done = () => { settled.add(link); styled(root); };
      link.addEventListener("load", done, { once: true });
      link.addEventListener("error", done, { once: true });
    }
  }

  function formMove(form) {
    const move = JSON.parse(form.dataset.move || "{}");
    for (const el of form.elements) {
      if (!el.name || el.disabled) continue;
      if (el.type === "checkbox") {
        if (!Array.isArray(move[el.name])) move[el.name] = [];
        if (el.checked) move[el.name].push(el.value);
      } else if (el.type === "radio") {
        if (el.checked) move[el.name] = el.value;
      } else if (el.type !== "submit" && el.type !== "button") {
        move[el.name] = el.value;
      }
    }
    return move;
  }

  function ask(sentence) {
    // An in-page confirmation: readable on a TV, keyboard friendly, testable by clicking.
    return new Promise((resolve) => {
      let dlg = document.getElementById("pp-confirm");
      if (!dlg) {
        dlg = document.createElement("dialog");
        dlg.id = "pp-confirm";
        dlg.className = "confirm";
        dlg.innerHTML = '<p class="confirm-text"></p><div class="confirm-actions">' +
          '<button type="button" class="btn" data-answer="no"></button>' +
          '<button type="button" class="btn primary" data-answer="yes"></button></div>';
        document.body.appendChild(dlg);
      }
      dlg.querySelector(".confirm-text").textContent = sentence;
      dlg.querySelector("[data-answer=no]").textContent = pp.t("Cancel");     // in the page's language now
      dlg.querySelector("[data-answer=yes]").textContent = pp.t("Confirm");
      const done = (ev) => {
        const b = ev.target.closest("[data-answer]");
        if (!b) return;
        dlg.removeEventListener("click", done);
        dlg.close();
        resolve(b.dataset.answer === "yes");
      };
      dlg.addEventListener("click", done);
      dlg.addEventListener("cancel", () => resolve(false), { once: true });
      dlg.showModal();
      // it opens on its safe choice: OK pressed twice on a TV remote (or Enter on a keyboard) changes nothing
      dlg.querySelector('[data-answer="no"]').focus();
    });
  }

  async function send(json, confirmText) {
    if (confirmText && !(await ask(confirmText))) return;
    if (onMove) onMove(json);
  }

  // A double click (or double tap) is one press: its second click (ev.detail 2) is dropped. By then the screen
  // may have been redrawn, and the second click would land on whatever took the first one's place (Start
  // round 2's spot is +30 s's next). Presses the host still gets twice are harmless races (room/races.py).
  let repeated = false;     // the click that submits a form was a double click's second
  pp.mount = function (root, handler) {
    onMove = handler;
    root.addEventListener("click", (ev) => {
      repeated = ev.detail > 1;
      const el = ev.target.closest("[data-move]");
      if (!el || el.tagName === "FORM" || el.disabled || el.getAttribute("aria-disabled") === "true") return;
      if (el.closest("[data-still]")) return;     // a replay's step: a picture of the game, not the game
      ev.preventDefault();
      if (repeated) return;
      send(el.dataset.move, el.dataset.confirm);
    });
    root.addEventListener("submit", (ev) => {
      const form = ev.target;
      if (!form.dataset.move) return;
      ev.preventDefault();
      if (repeated && ev.submitter) return;
      const submitter = ev.submitter;
      send(JSON.stringify(formMove(form)), (submitter && submitter.dataset.confirm) || form.dataset.confirm);
    });
  };

  // A promise that settles in a later task: long boot work awaits it between its steps, so no one task holds
  // the phone's main thread for long (Lighthouse's Total Blocking Time counts each task's time past 50 ms).
  // scheduler.yield() keeps the page's place in the queue where there is one; elsewhere a timer.
  pp.nextTask = function () {
    // eslint-disable-next-line compat/compat -- tested on this line: Safari has no scheduler
    if (window.scheduler && typeof window.scheduler.yield === "function") return window.scheduler.yield();
    return new Promise((resolve) => setTimeout(resolve, 0));
  };

  // Countdowns tick locally from the time left when the view was rendered.
  let renderedAt = performance.now();
  pp.tick = function () {
    renderedAt = performance.now();
    update();
  };
  function update() {
    const spent = performance.now() - renderedAt;
    // a replay's step (data-still) keeps the time left at that step
    for (const el of document.querySelectorAll("[data-countdown]:not([data-still] *)")) {
      const left = Math.max(0, Number(el.dataset.countdown) - spent);
      const secs = Math.ceil(left / 1000);
      const text = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("expired", left <= 0);
      el.classList.toggle("low", left > 0 && left <= 10000);
    }
  }
  setInterval(update, 250);

  // Save a file from the page (the TV's "Save this game"): no server, a Blob and a download link.
  pp.download = function (name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type: type || "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };

  pp.storage = {
    get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
    remove(key) { try { localStorage.removeItem(key); } catch (e) { /* private mode */ } },
  };

  // Keep a phone's screen on during a game where the Wake Lock API exists.
  let wakeLock = null;
  pp.keepAwake = async function (on) {
    try {
      if (on && !wakeLock && "wakeLock" in navigator && document.visibilityState === "visible") {
        // eslint-disable-next-line compat/compat -- guarded by "wakeLock" in navigator (Safari 16.4)
        wakeLock = await navigator.wakeLock.request("screen");
        wakeLock.addEventListener("release", () => { wakeLock = null; });
      } else if (!on && wakeLock) {
        await wakeLock.release();
        wakeLock = null;
      }
    } catch (e) { wakeLock = null; }
  };
  // A buzz when it is this player's turn. Browsers block vibrate() until the person has tapped the page (a phone
  // reopened on a turn had not, and Chromium logged the blocked call as an error): only after a tap.
  pp.buzz = function () {
    // eslint-disable-next-line compat/compat -- undefined before Safari 16.4: then the buzz is not held back
    const active = navigator.userActivation;
    if (active && !active.hasBeenActive) return;
    // eslint-disable-next-line compat/compat -- tested on this line: no Safari has vibrate()
    try { if (navigator.vibrate) navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed */ }
  };
})();

window.pp.fullscreen = function () {
  // eslint-disable-next-line compat/compat -- undefined on an iPhone and before Safari 16.4: never full screen then
  if (document.fullscreenElement) document.exitFullscreen();
  else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
};

document.addEventListener("click", (ev) => {
  if (ev.target.closest("[data-fullscreen]")) window.pp.fullscreen();
});

// Optional sound on the big screen, made in the browser: a short two-note chime, no assets.
(function () {
  let audio = null;
  function wake() {
    try {
      const done = audio.resume();        // a Promise, except in old webkitAudioContext
      if (done && done.catch) done.catch(() => {});
    } catch (e) { /* not allowed now: the next chime tries again */ }
  }
  window.pp.sound = function (on) {
    if (on && !audio) {
      // made inside the tap on "Sound", which is what Safari needs to let it play
      try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { audio = null; }
      if (audio && audio.state === "suspended") wake();
    } else if (!on && audio) {
      audio.close();
      audio = null;
    }
    return !!audio;
  };
  window.pp.chime = function () {
    if (!audio) return;
    // Safari suspends ("interrupted") a context while the page is hidden or a call comes in
    if (audio.state !== "running") wake();
    const now = audio.currentTime;
    [523.25, 783.99].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.4);
    });
  };
})();
