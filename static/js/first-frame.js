// join.html's first frame, run inline as the page is parsed (scripts/build.py copies this file into the page,
// after the frames it draws from ui/room.py): the room code from the URL, the name this phone gave last time, or
// "Rejoining as <name>…" for a phone that holds a seat here. A Join tapped before MicroPython is up is kept:
// the button says "Joining…", the early link says it to the host as soon as it is open (static/js/link.js
// pp.earlyHello) and app/phone.py carries the join on when it starts (pp.takeEarlyJoin).
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const get = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };
  const escape = (text) => text.replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const code = (new URLSearchParams(location.search).get("room") || "").trim().toUpperCase();
  const name = get("peerparty:name") || "";                       // room/rejoin.py NAME_KEY
  const seated = code && get("peerparty:seat:" + code);           // room/rejoin.py seat_key
  const frame = document.getElementById(seated && name ? "frame-rejoin" : seated ? "frame-seat" : "frame-join");
  const app = document.getElementById("app");
  app.innerHTML = frame.innerHTML.split("%CODE%").join(escape(code)).split("%NAME%").join(escape(name));
  const field = document.getElementById("name");
  if (field) field.focus();

  // The runtime's bytes, requested the moment this frame is painted (a hidden tab paints no frame: then a
  // little later); PyScript, which asks for them itself after the page is parsed, then finds them on the way.
  let fetching = false;
  const fetchRuntime = () => {
    const preloads = document.getElementById("runtime-preloads");
    if (fetching || !preloads) return;
    fetching = true;
    document.head.appendChild(preloads.content.cloneNode(true));
  };
  requestAnimationFrame(() => setTimeout(fetchRuntime, 0));
  setTimeout(fetchRuntime, 250);

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
    button.textContent = "Joining…";
    button.disabled = true;
    if (pp.earlyHello) pp.earlyHello();
  }
  document.addEventListener("submit", keep);
  pp.keptJoin = () => early;
  // app/phone.py, once it has mounted its own listeners: the name of a Join tapped meanwhile, or false
  // (false, not undefined: MicroPython hands undefined over as a truthy object)
  pp.takeEarlyJoin = function () {
    document.removeEventListener("submit", keep);
    return early;
  };
})();
