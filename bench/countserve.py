"""scripts/serve.py, unchanged, plus a byte counter for the benchmark: every byte written to a socket (headers
and bodies) is counted, and GET /__bench__/bytes answers the running total as JSON {"bytes", "requests",
"by_path"}. It sees what the browser's page-level CDP events miss: the service worker's own fetches (precache).

    python3 bench/countserve.py --host 127.0.0.1 --port PORT
"""

import importlib.util
import json
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("peerparty_serve", ROOT / "scripts" / "serve.py")
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)

LOCK = threading.Lock()
TOTAL = {"bytes": 0, "requests": 0, "by_path": {}}


class _Counting:
    def __init__(self, raw, path_of):
        self._raw = raw
        self._path_of = path_of

    def write(self, data):
        n = self._raw.write(data)
        size = len(data) if n is None else n
        path = self._path_of()
        with LOCK:
            TOTAL["bytes"] += size
            TOTAL["by_path"][path] = TOTAL["by_path"].get(path, 0) + size
        return n

    def flush(self):
        return self._raw.flush()

    def __getattr__(self, name):
        return getattr(self._raw, name)


class CountingHandler(serve.Handler):
    def setup(self):
        super().setup()
        self.wfile = _Counting(self.wfile, lambda: getattr(self, "path", "?").split("?", 1)[0])

    def do_GET(self):
        if self.path.startswith("/__bench__/bytes"):
            with LOCK:
                body = json.dumps(TOTAL).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self._raw_write(body)
            return
        with LOCK:
            TOTAL["requests"] += 1
        super().do_GET()

    def _raw_write(self, body):
        self.wfile._raw.write(body)


serve.Handler = CountingHandler  # make_server() builds its handler from serve.Handler

if __name__ == "__main__":
    sys.exit(serve.main())
