"""Lighthouse 12.2.3 (npm, run with Node 20) against the bench's local PeerServer and static server; Debian's
Chromium (CHROME_PATH). Numbers, never pass/fail.

    python3 -m bench --only lighthouse          host.html, desktop preset
    python3 -m bench --only lighthouse_phone    join.html?room=CODE, mobile preset (Lighthouse's default: simulated
                                                slow 4G, 150 ms, 1.6 Mbit/s, 4x CPU), and the first visit's bytes
                                                as a static host serves them (each file gzipped, level 6)

Lighthouse is installed on first use into the git-ignored .build-tools/lighthouse/ (npm install, pinned).
"""

import gzip
import json
import os
import subprocess
import tempfile
from pathlib import Path

from urllib.parse import urlsplit

from .browser import CHROMIUM, ROOT, host_url, join_url

VERSION = "12.2.3"
HOME = ROOT / ".build-tools" / "lighthouse"
CLI = HOME / "node_modules" / "lighthouse" / "cli" / "index.js"
# the flags the bench and the e2e tests give Chromium, less the ones Lighthouse sets itself
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-quic"
AUDITS = {
    "total-blocking-time": "tbt_ms",
    "max-potential-fid": "max_fid_ms",
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "speed-index": "si_ms",
    "cumulative-layout-shift": "cls",
}


def ensure():
    """The pinned Lighthouse CLI, installed by npm into .build-tools/lighthouse/ if it is not there yet."""
    meta = HOME / "node_modules" / "lighthouse" / "package.json"
    if meta.is_file() and json.loads(meta.read_text())["version"] == VERSION:
        return CLI
    HOME.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(HOME), "lighthouse@" + VERSION],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return CLI


def once(url, preset="desktop", site=ROOT, locale=None):
    """One Lighthouse run of url: the performance score, the metrics in AUDITS and the bytes fetched. With
    `locale` the browser asks for that language (navigator.languages), so the page loads its catalog."""
    flags = FLAGS + (" --lang=%s --accept-lang=%s" % (locale, locale) if locale else "")
    with tempfile.TemporaryDirectory(prefix="peerparty-lighthouse-") as tmp:
        report = Path(tmp) / "report.json"
        done = subprocess.run(
            ["node", str(ensure()), url]
            + (["--preset=" + preset] if preset != "mobile" else [])
            + [
                "--only-categories=performance",
                "--output=json",
                "--output-path=" + str(report),
                "--chrome-flags=" + flags,
                "--quiet",
            ],
            env=dict(os.environ, CHROME_PATH=CHROMIUM),
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0 or not report.is_file():
            raise RuntimeError("lighthouse failed: %s" % (done.stderr.strip()[-2000:] or done.returncode))
        data = json.loads(report.read_text())
    out = {"performance": data["categories"]["performance"]["score"]}
    for audit, key in AUDITS.items():
        out[key] = data["audits"][audit]["numericValue"]
    fetched = [
        urlsplit(r["url"]).path
        for r in data["audits"]["network-requests"]["details"]["items"]
        if r["url"].startswith("http")
    ]
    out["files"] = sorted(set(fetched))
    out["gzip_bytes"] = sum(gzipped(Path(site), path) for path in out["files"])
    return out


def gzipped(site, path):
    """A served file's size gzipped (what a static host that compresses sends), 0 if it is not a file here."""
    local = site / (path.lstrip("/") or "index.html")
    return len(gzip.compress(local.read_bytes(), 6)) if local.is_file() else 0


def run(servers, reps, log):
    runs = []
    for i in range(reps):
        result = once(servers.site + host_url(servers.signal))
        runs.append(result)
        log(
            "  lighthouse %d/%d: performance %.2f, TBT %.0f ms, LCP %.0f ms, CLS %.3f, max potential FID %.0f ms"
            % (
                i + 1,
                reps,
                result["performance"],
                result["tbt_ms"],
                result["lcp_ms"],
                result["cls"],
                result["max_fid_ms"],
            )
        )
    return runs


def phone(lab, reps, log):
    """join.html?room=CODE on Lighthouse's mobile preset, what a guest's phone meets on mobile data, with a host's
    room open (its rules up, so the phone's screen is the one a guest sees, not "no room is open")."""
    from .browser import open_host

    hctx, host, code = open_host(lab)
    lab.wait_mark(host, "rules-ready")
    runs = []
    try:
        for i in range(reps):
            result = once(lab.s.site + join_url(lab.s.signal, code), "mobile", lab.s.root, lab.locale)
            runs.append(result)
            log(
                "  lighthouse phone %d/%d: performance %.2f, FCP %.0f ms, LCP %.0f ms, TBT %.0f ms, CLS %.3f, "
                "%d files, %.0f KB gzip"
                % (
                    i + 1,
                    reps,
                    result["performance"],
                    result["fcp_ms"],
                    result["lcp_ms"],
                    result["tbt_ms"],
                    result["cls"],
                    len(result["files"]),
                    result["gzip_bytes"] / 1000,
                )
            )
    finally:
        hctx.close()
    return runs
