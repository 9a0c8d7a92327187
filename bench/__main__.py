"""python3 -m bench [--quick] [--only engine,boot,early,takeover,phone,mobile,bytes,latency,relay,lighthouse,
                    lighthouse_phone,lab]
                    [--site DIR] [--no-midgame-screens] [--lang TAG] [--docs]

Runs PeerParty's benchmark suite in real headless Chromium (/usr/bin/chromium, or $PEERPARTY_CHROMIUM) against
a local PeerServer and scripts/serve.py on 127.0.0.1 (and coturn for "relay": direct and relayed phones in one
room), plus the engine under CPython, and (section "lab", as root) the phone's join and the game's latency
over bench/netlab.py's real paths: the TV's Wi-Fi, 4G and bad 3G behind a carrier NAT; writes
bench/results/<timestamp>.json (raw samples and summaries) and .md, and prints the Markdown table.
Numbers only: nothing here passes or fails on time. The default takes about half an hour on a 2-core machine;
--quick runs a few repetitions of everything to check that the suite works end to end (26 min at load 15-29).
--site DIR serves another checkout's pages (e.g. `git archive main | tar -x -C DIR`, with node_modules linked in)
with this checkout's bench, for before/after figures measured the same way; --no-midgame-screens keeps the
12 phones' game to its one watching screen (no screen opened and closed each round), for a --site build whose
screens do not hang up as their tab goes (before 98b727e), so both sides carry the same load.
--lang de-DE opens every page in a browser that asks for German, so the phones' figures include loading a
catalog (docs/languages.md). --docs then keeps the run in docs/runs/ and rewrites the tables README.md and docs/
quote from it, with
`python3 -m bench.load`'s table (bench/docs.py; `make bench-docs` is the full run with --docs).
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from . import docs, engine, report

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
SECTIONS = (
    "engine",
    "boot",
    "early",
    "takeover",
    "phone",
    "mobile",
    "bytes",
    "latency",
    "relay",
    "lighthouse",
    "lighthouse_phone",
    "lab",
)
FULL = {
    "boot": 8,
    "early": 6,
    "takeover": 6,
    "phone": 10,
    "mobile": 4,
    "bytes": 1,
    "rounds": 7,
    "relay": 4,
    "lighthouse": 3,
    "lighthouse_phone": 3,
    "engine": 300,
    "engine_pyodide": 100,
    "lab": 3,
    "lab_rounds": 4,
}
QUICK = {
    "boot": 2,
    "early": 2,
    "takeover": 2,
    "phone": 2,
    "mobile": 1,
    "bytes": 1,
    "rounds": 2,
    "relay": 2,
    "lighthouse": 1,
    "lighthouse_phone": 1,
    "engine": 50,
    "engine_pyodide": 20,
    "lab": 1,
    "lab_rounds": 2,
}


def log(text):
    print(text, file=sys.stderr, flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--quick", action="store_true", help="few repetitions: a fast end-to-end check")
    ap.add_argument("--only", default=",".join(SECTIONS), help="comma-separated subset of: " + ", ".join(SECTIONS))
    ap.add_argument("--build", action="store_true", help="run scripts/build.py first (default: only if unbuilt)")
    ap.add_argument("--site", help="serve this checkout's pages instead (before/after comparisons)")
    ap.add_argument(
        "--no-midgame-screens",
        action="store_true",
        help="latency: no remote screen opened and closed each round (the one watching screen stays)",
    )
    ap.add_argument(
        "--lang",
        metavar="TAG",
        help="every browser asks for this language (e.g. de-DE): the phones and the TV load its catalog",
    )
    ap.add_argument(
        "--docs",
        action="store_true",
        help="keep the run in docs/runs/ and rewrite the tables the docs quote from it (bench/docs.py)",
    )
    args = ap.parse_args(argv)
    only = set(s.strip() for s in args.only.split(",") if s.strip())
    unknown = only - set(SECTIONS)
    if unknown:
        ap.error("unknown sections: " + ", ".join(sorted(unknown)))
    reps = QUICK if args.quick else FULL
    if args.build or not (ROOT / "static" / "build" / "precache.js").is_file():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], cwd=ROOT, check=True)

    started = time.time()
    raw = {}
    if "engine" in only:
        log("engine under CPython…")
        raw["engine_cpython"] = engine.run(reps["engine"], max(5, reps["engine"] // 10))
    browser_sections = only - {"engine", "lab"}
    if browser_sections or "engine" in only:
        from playwright.sync_api import sync_playwright

        from . import browser, lighthouse

        with browser.Servers(relay="relay" in only, site=args.site) as servers, sync_playwright() as pw:
            lab = browser.Lab(pw, servers, locale=args.lang)
            try:
                if "engine" in only:
                    log("engine in Pyodide…")
                    raw["engine_pyodide"] = browser.engine_pyodide(
                        lab, reps["engine_pyodide"], max(5, reps["engine_pyodide"] // 10), log
                    )
                if "boot" in only:
                    log("host page vs bare MicroPython and bare Pyodide…")
                    raw["boot"] = browser.boot_pairs(lab, reps["boot"], log)
                if "early" in only:
                    log("a phone that scans the moment the QR code is up…")
                    raw["early"] = browser.early_phone(lab, reps["early"], log)
                if "takeover" in only:
                    log("a successor taking over the room…")
                    raw["takeover"] = browser.takeover(lab, reps["takeover"], log)
                if "phone" in only:
                    log("phone page vs bare MicroPython…")
                    raw["phone"] = browser.phone_pairs(lab, reps["phone"], log)
                if "mobile" in only:
                    log("phone page vs bare MicroPython, throttled to 1.6 Mbit/s down, 750 kbit/s up, 150 ms…")
                    raw["phone_mobile"] = browser.phone_pairs(lab, reps["mobile"], log, browser.MOBILE, "mobile")
                if "bytes" in only:
                    log("bytes per visit…")
                    raw["bytes"] = browser.bytes_visits(lab, reps["bytes"], log)
                if "latency" in only:
                    for n in (4, 12):
                        log("Seven Rounds with %d phones…" % n)
                        raw["latency_%d" % n] = browser.latency(
                            lab, n, reps["rounds"], log, midgame_screens=not args.no_midgame_screens
                        )
                if "relay" in only:
                    log("direct and relayed phones (coturn on 127.0.0.1), %d each, one room…" % reps["relay"])
                    raw["relay"] = browser.relay_paths(lab, reps["relay"], reps["rounds"], log)
                if "lighthouse" in only:
                    log("Lighthouse on host.html (desktop preset)…")
                    raw["lighthouse"] = lighthouse.run(servers, reps["lighthouse"], log)
                if "lighthouse_phone" in only:
                    log("Lighthouse on join.html?room=CODE (mobile preset), a host's room open meanwhile…")
                    raw["lighthouse_phone"] = lighthouse.phone(lab, reps["lighthouse_phone"], log)
            finally:
                raw["problems"] = lab.problems
                lab.close()

    if "lab" in only:
        from playwright.sync_api import sync_playwright

        from . import lab

        with sync_playwright() as pw:
            raw["lab"] = lab.run(pw, reps["lab"], reps["lab_rounds"], log, locale=args.lang)

    rows, budget_rows, _ = report.summarize(raw)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    meta = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "mode": "quick" if args.quick else "full",
        "reps": ", ".join("%s %d" % kv for kv in reps.items()),
        "site": str(args.site or ROOT),
        "midgame_screens": not args.no_midgame_screens,
        "lang": args.lang or "en (Chromium's own)",
        "machine": "%s, %d cores, Python %s, load average %s"
        % (
            platform.machine(),
            os.cpu_count() or 0,
            platform.python_version(),
            " ".join("%.1f" % v for v in os.getloadavg()),
        ),
        "seconds": round(time.time() - started),
        "notes": notes(raw),
        "commit": docs.commit(),
        "sections": sorted(only),
        "all": list(SECTIONS),
    }
    md = report.markdown(rows, budget_rows, meta)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / (stamp + ".json")).write_text(
        json.dumps({"meta": meta, "raw": raw, "rows": rows, "budgets": budget_rows}, indent=1)
    )
    (RESULTS / (stamp + ".md")).write_text(md)
    print(md)
    log("wrote bench/results/%s.json and .md in %d s" % (stamp, meta["seconds"]))
    if args.docs:
        from . import load

        docs.update(
            {"meta": meta, "raw": raw, "rows": rows, "budgets": budget_rows},
            stamp,
            RESULTS,
            load.main() if not args.site else None,
            log,
        )
    return 0


def notes(raw):
    """Profile facts worth reading beside the table (what loads at boot, where the bytes go)."""
    out = []
    boot = raw.get("boot")
    if boot and boot.get("host_resources"):
        res = sorted(boot["host_resources"], key=lambda r: -r[2])[:8]
        out.append(
            "Host cold boot, slowest resources (path, transfer bytes, duration ms, start ms): "
            + "; ".join("%s %d B %d ms @%d" % tuple(r) for r in res)
        )
        out.append(
            "Host cold boot, first time of each body signal (ms since navigation): "
            + json.dumps(boot.get("host_marks_cold"))
        )
        out.append(
            "Who compiled Pyodide's wasm (page: host.html's head, from the code cache; worker: its own), cold: "
            "%s; warm: %s" % (boot.get("host_wasm_cold"), boot.get("host_wasm_warm"))
        )
        out.append(
            "The rules' Python (made: started and imported, its memory snapshot then kept; restored: from "
            "that snapshot), cold: %s; warm: %s" % (boot.get("host_snapshot_cold"), boot.get("host_snapshot_warm"))
        )
    for key in ("latency_4", "latency_12"):
        frames = (raw.get(key) or {}).get("host_long_frames")
        if frames:
            out.append(
                "Host long animation frames during play, %s phones (start ms, duration ms, scripts: "
                "type, invoker, file, function, ms): %s"
                % (key.split("_")[1], json.dumps([[round(f["at"]), round(f["ms"]), f["scripts"]] for f in frames]))
            )
    by = raw.get("bytes")
    if by:
        for key in ("phone_first_top", "phone_second_top", "host_second_top"):
            if by.get(key):
                out.append(
                    "Largest wire bytes, %s: %s"
                    % (key[:-4].replace("_", " "), "; ".join("%s %d B" % (p, n) for p, n in by[key]))
                )
    if raw.get("relay"):
        out.append(
            "Relay run, each phone's selected candidate pair (local/remote type): "
            + "; ".join(
                "%s %s/%s"
                % ("forced relay" if forced else "free", (path or {}).get("local"), (path or {}).get("remote"))
                for forced, path in raw["relay"]["paths"]
            )
        )
    for profile, figures in sorted((raw.get("lab") or {}).items()):
        if isinstance(figures, dict):
            out.append(
                "Lab %s: %s%s"
                % (
                    profile,
                    figures["link"],
                    "; problems: " + "; ".join(figures["problems"][:5]) if figures["problems"] else "",
                )
            )
    if raw.get("problems"):
        out.append("Problems seen: " + "; ".join(raw["problems"][:10]))
    return out


if __name__ == "__main__":
    sys.exit(main())
