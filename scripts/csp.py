"""The pages' Content-Security-Policy (issue 39, docs/trust.md): defence in depth should a name, a hint or a frame
ever reach the DOM as markup. A <meta> tag, so it works on any static host; scripts/build.py writes it into
host.html, join.html, screen.html and index.html after every other rewrite, with the sha256 of each inline script
as it is then.

What it allows (docs/decisions.md, "The pages' Content-Security-Policy"):
- scripts: the site's own files, and the inline scripts by hash; WebAssembly ('wasm-unsafe-eval': Pyodide and
  MicroPython); never an inline handler (but the two stylesheet-loading ones join.html has, by hash). The pages
  that run PyScript (host.html, join.html) allow eval too: polyscript builds functions from strings as it boots
  (`Function(...)` in its core), and without it the page never starts. A smuggled <script> or onerror= is still
  refused there: eval runs only what a script already running passes it.
- workers: the site's own and blob: (PyScript makes its worker from one)
- connections: the site itself, and any ws:/wss:/http:/https: host: ?signal= names the signalling server at run
  time (any host), which a tag written at build time cannot know. WebRTC's own traffic is outside CSP.
- nothing else may be framed, embedded or used as the base URL.
"""

import base64
import hashlib
import re

START = "<!-- build.py: csp"
END = "<!-- /build.py: csp -->"

# an inline script the browser runs: no src, and no type, or a JavaScript one (PyScript's type="py"/"mpy" and
# JSON blocks are text to the page, which CSP does not govern)
_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
_HANDLER = re.compile(r"""\son[a-z]+\s*=\s*(["'])(?P<code>.*?)\1""", re.I)
_RUNS = ("", "module", "text/javascript", "application/javascript")


def _sha256(text):
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def inline_scripts(html):
    """The bodies of the inline scripts the browser runs, in page order."""
    out = []
    for m in _SCRIPT.finditer(html):
        attrs = m.group("attrs")
        kind = _TYPE.search(attrs)
        if re.search(r"\bsrc\s*=", attrs, re.I) or (kind.group(1).lower() if kind else "") not in _RUNS:
            continue
        out.append(m.group("body"))
    return out


def handlers(html):
    """The inline event handlers the page's own markup has (outside its scripts)."""
    return sorted(set(m.group("code") for m in _HANDLER.finditer(_SCRIPT.sub("", html))))


def policy(html):
    script = ["'self'", "'wasm-unsafe-eval'"]
    if re.search(r"""<script[^>]*\btype=["']?m?py\b""", html):
        script.append("'unsafe-eval'")  # PyScript (polyscript) makes functions from strings as it boots
    script += [_sha256(body) for body in inline_scripts(html)]
    handler = handlers(html)
    if handler:
        script += ["'unsafe-hashes'"] + [_sha256(code) for code in handler]
    return "; ".join(
        [
            "default-src 'self'",
            "script-src " + " ".join(script),
            "worker-src 'self' blob:",
            "connect-src 'self' blob: data: ws: wss: http: https:",
            "img-src 'self' data: blob:",
            "media-src 'self' data: blob:",
            "style-src 'self' 'unsafe-inline'",
            "font-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-src 'none'",
            "form-action 'self'",
        ]
    )


def meta(html):
    """The block to write between START and END: computed from the page without it (its own text is no script)."""
    return (
        "  %s (generated from the inline scripts below; do not edit) -->\n"
        '  <meta http-equiv="Content-Security-Policy" content="%s">\n  %s'
    ) % (START, policy(html), END)
