// Registers sw.js, which makes the site load offline after the first visit. The script tag says the page's
// role: "host" precaches everything (Pyodide too); "phone" skips Pyodide, unless this device already hosts a
// room (its active worker is the host's), which it then keeps.
(function () {
  "use strict";
  const role = document.currentScript && document.currentScript.dataset.role;
  if (!("serviceWorker" in navigator) || !role) return;
  const register = (r) => navigator.serviceWorker.register("./sw.js?role=" + r);
  if (role === "host") {
    register("host").catch(() => {});
    return;
  }
  navigator.serviceWorker.getRegistration().then((reg) => {
    const url = reg && reg.active && reg.active.scriptURL;
    return register(url && url.includes("role=host") ? "host" : "phone");
  }).catch(() => {});
})();
