"""Firefox ESR pages for e2e tests, beside the Chromium ones: e2e/firefox_bridge.mjs (npm puppeteer-core over
WebDriver BiDi, no geckodriver) runs one Firefox; FirefoxPage offers the few Page calls the e2e helpers make
(people.py, seven_rounds_play.py), with Playwright's names and millisecond timeouts, so a Firefox phone plays
through the same helpers as a Chromium one. Every wait is on a selector or a function of the page."""

import json
import queue
import subprocess
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "e2e" / "firefox_bridge.mjs"
FIREFOX = "/usr/bin/firefox-esr"
WAIT_MS = 60_000
LAUNCH_S = 180


class FirefoxError(RuntimeError):
    pass


class Firefox:
    """One Firefox ESR (its own profile, with `prefs`); every open() is a new browser context: one person."""

    def __init__(self, log_path, prefs=None, executable=FIREFOX):
        self.log = open(log_path, "wb")
        settings = {"executable": executable, "prefs": prefs or {}}
        node_modules = ROOT / "node_modules" / "puppeteer-core"
        if not node_modules.is_dir():
            raise FirefoxError("node_modules/puppeteer-core is missing: run `npm ci` (or `make build`)")
        self.proc = subprocess.Popen(
            ["node", str(BRIDGE), json.dumps(settings)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            bufsize=1,
        )
        self.answers = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.n = 0
        self.pages = []
        self.version = self.call("version", timeout_ms=LAUNCH_S * 1000)

    def _read(self):
        for line in self.proc.stdout:
            self.answers.put(json.loads(line))
        self.answers.put(None)  # the bridge ended

    def _ended(self):
        code = self.proc.wait(timeout=30)  # negative: killed by that signal
        return FirefoxError("the Firefox bridge ended (exit %s); see its log: %s" % (code, self.log.name))

    def call(self, op, timeout_ms=WAIT_MS, **args):
        if self.proc.poll() is not None:
            raise self._ended()
        self.n += 1
        self.proc.stdin.write(json.dumps(dict(args, id=self.n, op=op, timeout=timeout_ms)) + "\n")
        self.proc.stdin.flush()
        try:
            answer = self.answers.get(timeout=timeout_ms / 1000 + 30)
        except queue.Empty:
            raise FirefoxError("%s: no answer from the Firefox bridge" % op) from None
        if answer is None:
            raise self._ended()
        assert answer["id"] == self.n, answer
        if "error" in answer:
            raise FirefoxError("%s %s: %s" % (op, args.get("selector") or args.get("url") or "", answer["error"]))
        return answer["value"]

    def open(self, url, viewport, name):
        page = FirefoxPage(self, self.call("open", url=url, viewport=list(viewport)), name)
        self.pages.append(page)
        return page

    def close(self):
        try:
            self.call("quit", timeout_ms=30_000)
        except Exception:
            pass
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log.close()


class FirefoxPage:
    def __init__(self, firefox, page_id, name):
        self.ff = firefox
        self.id = page_id
        self.name = name
        self.closed = False

    def _call(self, op, **args):
        return self.ff.call(op, page=self.id, **args)

    # --- Playwright's names ------------------------------------------------------------------------------
    def goto(self, url):
        self._call("goto", url=url, timeout_ms=WAIT_MS)

    def reload(self):
        self._call("reload", timeout_ms=WAIT_MS)

    def wait_for_selector(self, selector, timeout=WAIT_MS, state="visible"):
        self._call("waitForSelector", selector=selector, visible=state == "visible", timeout_ms=timeout)

    def wait_for_function(self, fn, arg=None, timeout=WAIT_MS):
        self._call("waitForFunction", fn=fn, arg=arg, timeout_ms=timeout)

    def evaluate(self, fn, arg=None):
        return self._call("evaluate", fn=fn, arg=arg)

    def click(self, selector, timeout=WAIT_MS):
        self._call("click", selector=selector, timeout_ms=timeout)

    def fill(self, selector, text, timeout=WAIT_MS):
        self._call("fill", selector=selector, text=text, timeout_ms=timeout)

    def get_attribute(self, selector, name):
        return self._call("attribute", selector=selector, name=name)

    def inner_text(self, selector):
        return self._call("innerText", selector=selector)

    def locator(self, selector):
        return FirefoxLocator(self, selector)

    def screenshot(self, path, full_page=True, animations="allow"):  # the keywords Playwright takes
        self._call("screenshot", path=str(path))

    def is_closed(self):
        return self.closed

    # --- for the test's teardown -----------------------------------------------------------------------------
    def problems(self):
        """What should fail the test: a Python error on the page, a page error, a request that left 127.0.0.1."""
        got = self._call("problems")
        out = []
        if got["pyErrors"]:
            out.append("[%s] .py-error shown:\n%s" % (self.name, "\n---\n".join(got["pyErrors"])))
        if got["pageErrors"]:
            out.append("[%s] pageerror:\n%s" % (self.name, "\n".join(got["pageErrors"])))
        if got["blocked"]:
            out.append("[%s] requests tried to leave 127.0.0.1 (blocked):\n%s" % (self.name, "\n".join(got["blocked"])))
        return out, got["consoleErrors"]

    def close(self):
        if not self.closed:
            self.closed = True
            self._call("close")


class FirefoxLocator:
    """page.locator(selector) for count() and the first match's text or click."""

    def __init__(self, page, selector):
        self.page = page
        self.selector = selector

    @property
    def first(self):
        return self

    def count(self):
        return self.page._call("count", selector=self.selector)

    def inner_text(self):
        return self.page.inner_text(self.selector)

    def click(self):
        self.page.click(self.selector)


def wait_ready(page, timeout=WAIT_MS * 3 // 2):
    """body[data-ready] set from Python; fails at once on a .py-error (PyScript's uncaught Python error)."""
    page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=timeout)
    if page.locator(".py-error").count():
        raise AssertionError("Python error on %s:\n%s" % (page.name, page.inner_text(".py-error")))
