// The page's script errors and unhandled rejections, from the first script on: scripts/build.py copies this file
// inline as the first script of join.html's and screen.html's head. window.ppCaught lists them for anyone
// looking from outside, as e2e/test_webkit.py does where the browser's driver reports no errors (WebKitWebDriver
// has no WebDriver BiDi). The first few are kept: a page that fails in a loop does not grow without end.
(function () {
  "use strict";
  const caught = (window.ppCaught = []);
  const keep = (text) => { if (caught.length < 20) caught.push(text); };
  window.addEventListener("error", (ev) => {
    keep("error: " + ev.message + " (" + ev.filename + ":" + ev.lineno + ")");
  });
  window.addEventListener("unhandledrejection", (ev) => {
    const reason = ev.reason;       // JavaScriptCore's stack has no message line: both
    keep("unhandled rejection: " + String(reason) + (reason && reason.stack ? "\n" + reason.stack : ""));
  });
})();
