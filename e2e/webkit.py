"""WebKit for e2e tests: Debian's WebKitGTK (package webkit2gtk-driver: WebKitWebDriver and its MiniBrowser), on a
display of its own (Xvfb), driven over plain W3C WebDriver by the selenium package. WebKitWebDriver speaks no
WebDriver BiDi: no console, no error events, no request routing. What the pages do is read from the pages
themselves (window.ppCaught, static/js/caught.js), and what the network does is done by the site's server here
(Site: it can hold a file back, and stop).

Each Browser is a new MiniBrowser with its own data folders: no service worker or storage of an earlier run."""

import glob
import os
import socket
import subprocess
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

from scripts import serve

ROOT = Path(__file__).resolve().parent.parent
DRIVER = os.environ.get("PEERPARTY_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = "/usr/bin/Xvfb"


def minibrowser():
    """The browser WebKitWebDriver starts: Debian installs it under its multiarch folder."""
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    return found[0] if found else None


def missing():
    """What this machine lacks to run WebKit, or None."""
    lacks = [what for what, path in (("WebKitWebDriver", DRIVER), ("Xvfb", XVFB)) if not os.path.exists(path)]
    if not lacks and not minibrowser():
        lacks.append("MiniBrowser")
    try:
        import selenium  # noqa: F401
    except ImportError:
        lacks.append("the selenium package (pip install -r requirements-dev.txt)")
    return ", ".join(lacks) or None


class Display:
    """An X display of its own: Xvfb picks a free number and writes it to a pipe (-displayfd)."""

    def __init__(self, log_path):
        read, write = os.pipe()
        self.log = open(log_path, "wb")
        self.proc = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=[write],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            raise RuntimeError("Xvfb gave no display number; see " + str(log_path))
        self.name = ":" + number

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.log.close()


class Browser:
    """One MiniBrowser under WebKitWebDriver. page_load_strategy "none": get() returns at once, and the test
    waits on what the page shows (a held file would otherwise hold get() until the load event)."""

    def __init__(self, display, log_path, size):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.home = tempfile.mkdtemp(prefix="peerparty-webkit-")
        env = dict(os.environ, DISPLAY=display.name)
        for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
            env[var] = os.path.join(self.home, var.lower())
        options = Options()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        options.page_load_strategy = "none"
        service = Service(executable_path=DRIVER, env=env, log_output=str(log_path))
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_size(*size)
        self.version = self.driver.capabilities.get("browserVersion")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, script, timeout_s, what):
        """Wait until `script` (a function body) returns something truthy; that value. A call that fails while the
        page is between documents (a reload) is asked again; the last failure is in the message if time runs out."""
        from selenium.common.exceptions import WebDriverException

        deadline = time.monotonic() + timeout_s
        last = None
        while True:
            try:
                value = self.js(script)
                if value:
                    return value
            except WebDriverException as err:
                last = err
            if time.monotonic() > deadline:
                raise AssertionError("WebKit: %s, not within %d s (last error: %s)" % (what, timeout_s, last))
            time.sleep(0.05)

    def close(self):
        try:
            self.driver.quit()
        finally:
            subprocess.run(["rm", "-rf", self.home], check=False)


class Site:
    """scripts/serve.py's server, in this process: hold(path) answers that file only once release() is called;
    stop() closes the server and every connection it has open, as a phone that lost the network sees it."""

    def __init__(self):
        self.held = {}
        self.connections = set()
        site = self

        class Handler(serve.Handler):
            def setup(self):
                super().setup()
                site.connections.add(self.connection)

            def finish(self):
                site.connections.discard(self.connection)
                super().finish()

            def send_head(self):
                gate = site.held.get(self.path.split("?", 1)[0])
                if gate is not None:
                    gate.wait(timeout=120)
                return super().send_head()

        self.server = serve.Server(("127.0.0.1", 0), partial(Handler, directory=str(ROOT)))
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def hold(self, path):
        gate = self.held[path] = threading.Event()
        return gate.set

    def stop(self):
        for gate in self.held.values():
            gate.set()
        self.server.shutdown()
        self.server.server_close()
        for conn in list(self.connections):
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.thread.join(timeout=10)
