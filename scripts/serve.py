#!/usr/bin/env python3
"""A threaded static file server for the site (the repository root, or a built dist/ folder).

    python3 scripts/serve.py [--root DIR] [--host 0.0.0.0] [--port 8000] [--log]

Serves only the site: development folders (node_modules, .git, tests, e2e, scripts, .ci, py, ...) answer 404,
except /bench/pages/ (the benchmark's bare baseline pages). Every answer carries `Cache-Control: no-cache`
(the service worker does the offline caching, with content hashes).
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import io
import http.server
import posixpath
import socket
import sys
import urllib.parse
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".jpg": "image/jpeg",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
}

# first path segments that are never served; any segment starting with "." is refused too
DENY = {
    "node_modules",
    "tests",
    "e2e",
    "bench",
    "scripts",
    "py",
    "dist",
    "artifacts",
    "__pycache__",
    "docs",
    "examples",
}
ALLOW_PREFIXES = ("bench/pages/",)


def allowed(url_path: str) -> bool:
    path = posixpath.normpath(urllib.parse.unquote(url_path.split("?", 1)[0].split("#", 1)[0]))
    parts = [p for p in path.split("/") if p]
    if any(p.startswith(".") or p == "__pycache__" for p in parts):
        return False
    rel = "/".join(parts)
    if rel.startswith(ALLOW_PREFIXES):
        return True
    if parts and parts[0] in DENY:
        return False
    if len(parts) == 1 and parts[0] in {
        "Makefile",
        "package.json",
        "package-lock.json",
        "pyproject.toml",
        "requirements-dev.txt",
        "README.md",
    }:
        return False
    return True


COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".toml", ".txt", ".svg", ".webmanifest"}
_gzipped: dict = {}  # (path, mtime) -> gzip bytes: each file is compressed once per change


def gzipped(path: Path) -> bytes:
    key = (str(path), path.stat().st_mtime_ns)
    if key not in _gzipped:
        _gzipped[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
    return _gzipped[key]


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    log_requests = False
    protocol_version = "HTTP/1.1"

    def send_head(self):
        if not allowed(self.path):
            self.send_error(404, "Not Found")
            return None
        # no directory listings: a folder is served only through its index.html
        path = self.translate_path(self.path)
        if Path(path).is_dir() and not (Path(path) / "index.html").is_file():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the usual redirect to "dir/"
            self.send_error(404, "Not Found")
            return None
        file = Path(path)
        if file.is_file() and file.suffix.lower() in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", ""):
            return self.send_gzipped(file)
        return super().send_head()

    def send_gzipped(self, file: Path):
        """What any static host does: text and wasm go compressed (a phone's first visit is mostly these)."""
        stat = file.stat()
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime):
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        body = gzipped(file)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return io.BytesIO(body)

    def guess_type(self, path):
        ext = posixpath.splitext(str(path))[1].lower()
        return MIME.get(ext) or super().guess_type(path)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if self.log_requests:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return  # browsers drop connections all the time
        super().handle_error(request, client_address)


def make_server(root: Path, host: str, port: int, log: bool = False) -> Server:
    handler = partial(type("SiteHandler", (Handler,), {"log_requests": log}), directory=str(root))
    cls = type("SiteServer", (Server,), {"address_family": socket.AF_INET6 if ":" in host else socket.AF_INET})
    return cls((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", type=Path, default=ROOT, help="folder to serve (default: the repository root)")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--log", action="store_true", help="log every request")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    if not root.is_dir():
        sys.exit(f"serve: {root} is not a folder")
    srv = make_server(root, args.host, args.port, args.log)
    print(f"serve: {root} on http://{args.host}:{srv.server_address[1]}/", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
