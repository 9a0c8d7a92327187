// Registers sw.js, which makes the site load offline after the first visit. The script tag says the page's
// role: "host" precaches everything (Pyodide too); "phone" skips Pyodide, unless this device already hosts a
// room (its active worker is the host's), which it then keeps.
// data-after="ready" waits for body[data-ready] (Python started), then data-delay ms more, before
// registering: on a first visit the worker's install fetches and hashes every file the phone may need
// (~0.8 MB), which otherwise competes with the page's boot, and then with its Join tap, for the network and
// both cores (measured: cold phone ready 1.64x -> 1.31x the bare MicroPython page, without it). The offline
// copy is for the next visit; joining now comes first. A page whose Python never starts registers after 10 s.
(function () {
  "use strict";
  const script = document.currentScript;
  const role = script && script.dataset.role;
  if (!("serviceWorker" in navigator) || !role) return;

  function start() {
    const register = (r) => navigator.serviceWorker.register("./sw.js?role=" + r);
    if (role === "host") {
      register("host").catch(() => {});
      return;
    }
    navigator.serviceWorker.getRegistration().then((reg) => {
      const url = reg && reg.active && reg.active.scriptURL;
      return register(url && url.includes("role=host") ? "host" : "phone");
    }).catch(() => {});
  }

  const after = script.dataset.after && "data-" + script.dataset.after;
  if (!after) {
    start();
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    watch.disconnect();
    setTimeout(start, Number(script.dataset.delay) || 0);
  };
  const watch = new MutationObserver(() => { if (document.body.hasAttribute(after)) go(); });
  watch.observe(document.body, { attributes: true, attributeFilter: [after] });
  if (document.body.hasAttribute(after)) go();
  else setTimeout(go, 10000);
})();
