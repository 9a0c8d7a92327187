"""Lighthouse 12.2.3 (npm, run with Node 20) on host.html, desktop preset, against the bench's local PeerServer
and static server; Debian's Chromium (CHROME_PATH). Numbers, never pass/fail.

    python3 -m bench --only lighthouse          (inside the whole bench: python3 -m bench)

Lighthouse is installed on first use into the git-ignored .build-tools/lighthouse/ (npm install, pinned).
"""
import json
import os
import subprocess
import tempfile
from pathlib import Path

from .browser import CHROMIUM, ROOT, host_url

VERSION = "12.2.3"
HOME = ROOT / ".build-tools" / "lighthouse"
CLI = HOME / "node_modules" / "lighthouse" / "cli" / "index.js"
# the flags the bench and the e2e tests give Chromium, less the ones Lighthouse sets itself
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-quic"
AUDITS = {"total-blocking-time": "tbt_ms", "max-potential-fid": "max_fid_ms", "first-contentful-paint": "fcp_ms",
          "largest-contentful-paint": "lcp_ms", "speed-index": "si_ms", "cumulative-layout-shift": "cls"}


def ensure():
    """The pinned Lighthouse CLI, installed by npm into .build-tools/lighthouse/ if it is not there yet."""
    meta = HOME / "node_modules" / "lighthouse" / "package.json"
    if meta.is_file() and json.loads(meta.read_text())["version"] == VERSION:
        return CLI
    HOME.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(HOME),
                    "lighthouse@" + VERSION], check=True, stdout=subprocess.DEVNULL)
    return CLI


def once(url):
    """One Lighthouse run of url: the performance score and the metrics in AUDITS."""
    with tempfile.TemporaryDirectory(prefix="peerparty-lighthouse-") as tmp:
        report = Path(tmp) / "report.json"
        done = subprocess.run(
            ["node", str(ensure()), url, "--preset=desktop", "--only-categories=performance", "--output=json",
             "--output-path=" + str(report), "--chrome-flags=" + FLAGS, "--quiet"],
            env=dict(os.environ, CHROME_PATH=CHROMIUM), capture_output=True, text=True, timeout=600)
        if done.returncode != 0 or not report.is_file():
            raise RuntimeError("lighthouse failed: %s" % (done.stderr.strip()[-2000:] or done.returncode))
        data = json.loads(report.read_text())
    out = {"performance": data["categories"]["performance"]["score"]}
    for audit, key in AUDITS.items():
        out[key] = data["audits"][audit]["numericValue"]
    return out


def run(servers, reps, log):
    runs = []
    for i in range(reps):
        result = once(servers.site + host_url(servers.signal))
        runs.append(result)
        log("  lighthouse %d/%d: performance %.2f, TBT %.0f ms, LCP %.0f ms, CLS %.3f, max potential FID %.0f ms" % (
            i + 1, reps, result["performance"], result["tbt_ms"], result["lcp_ms"], result["cls"],
            result["max_fid_ms"]))
    return runs
