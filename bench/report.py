"""Statistics, budgets and the Markdown table from the raw figures bench/__main__.py collects."""

import statistics


LAB_PROFILES = (("wifi", "the TV's Wi-Fi"), ("4g", "4G"), ("3g", "bad 3G"))  # bench/lab.py's, in the lab


def p95(values):
    ordered = sorted(values)
    rank = max(1, -(-95 * len(ordered) // 100))  # nearest rank
    return ordered[rank - 1]


def stat(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "p95": p95(values), "n": len(values)}


def paired(num, den):
    return [a / b for a, b in zip(num, den) if b]


def _ms(v):
    return "%.0f" % v if v >= 10 else "%.1f" % v if v >= 1 else "%.2f" % v


def _kb(v):
    return "%.1f KB" % (v / 1000) if v < 1_000_000 else "%.2f MB" % (v / 1_000_000)


def fmt(s, unit):
    if s is None:
        return "–", "–"
    f = {"ms": lambda v: _ms(v) + " ms", "x": lambda v: "%.2f×" % v, "B": _kb, "pts": lambda v: "%.0f" % v}[unit]
    return f(s["median"]), f(s["p95"])


def summarize(raw):
    """raw figures -> (rows, budgets, derived numbers). rows: (section, figure, median, p95, n)."""
    rows = []
    d = {}

    def add(section, label, values, unit):
        s = stat(values)
        med, hi = fmt(s, unit)
        rows.append((section, label, med, hi, s["n"] if s else 0))
        d[label] = s
        return s

    boot = raw.get("boot")
    if boot:
        for mode in ("cold", "warm"):
            add("Boot", "host → room code and QR code on screen, %s" % mode, boot["host_qr_" + mode], "ms")
            add("Boot", "bare MicroPython → ready, %s" % mode, boot["mpy_" + mode], "ms")
            add(
                "Boot",
                "host QR / bare MicroPython, %s (paired)" % mode,
                paired(boot["host_qr_" + mode], boot["mpy_" + mode]),
                "x",
            )
            add("Boot", "host → room open and rules up (first move accepted), %s" % mode, boot["host_up_" + mode], "ms")
            add("Boot", "bare Pyodide → ready, %s" % mode, boot["pyodide_" + mode], "ms")
            add(
                "Boot",
                "host up / bare Pyodide, %s (paired)" % mode,
                paired(boot["host_up_" + mode], boot["pyodide_" + mode]),
                "x",
            )
            add(
                "Boot",
                "host main-thread blocking (TBT-style) until up + 1 s, %s" % mode,
                boot["host_blocking_" + mode],
                "ms",
            )
            add("Boot", "host main-thread long tasks total, %s" % mode, boot["host_longtasks_" + mode], "ms")
            for i, phase in enumerate(
                (
                    "Pyodide up (started, or restored from the snapshot)",
                    "rules imported (or restored)",
                    "rules ready for the backlog",
                )
            ):
                add(
                    "Boot",
                    "rules worker: %s, %s" % (phase, mode),
                    [w["phases"][i] for w in boot.get("host_worker", []) if w["mode"] == mode],
                    "ms",
                )
        add("Boot", "bare Pyodide long tasks total, cold", boot["pyodide_longtasks"], "ms")
        if boot.get("host_keep_wasm_blocking"):
            add(
                "Boot",
                "first visit, later in the lobby: the page compiles the wasm for the code cache, blocking",
                boot["host_keep_wasm_blocking"],
                "ms",
            )
            add("Boot", "first visit, later in the lobby: its longest task", boot["host_keep_wasm_longest"], "ms")

    early = raw.get("early")
    if early:
        add("Early phone", "host rules up", early["host_up"], "ms")
        add("Early phone", "phone shown on the TV (host clock)", early["joined"], "ms")
        add("Early phone", "phone shown on the TV after the rules were up", early["after_up"], "ms")
    over = raw.get("takeover")
    if over:
        add("Takeover", "successor → room code on screen", over["code"], "ms")
        add("Takeover", "successor → room accepting moves", over["up"], "ms")
    light = raw.get("lighthouse")
    if light:
        add("Lighthouse", "host.html performance score (desktop)", [r["performance"] * 100 for r in light], "pts")
        for key, label in (
            ("tbt_ms", "Total Blocking Time"),
            ("max_fid_ms", "max potential FID"),
            ("fcp_ms", "First Contentful Paint"),
            ("lcp_ms", "Largest Contentful Paint"),
            ("si_ms", "Speed Index"),
        ):
            add("Lighthouse", "host.html %s" % label, [r[key] for r in light], "ms")
        add("Lighthouse", "host.html Cumulative Layout Shift (×1000)", [r["cls"] * 1000 for r in light], "pts")
    light = raw.get("lighthouse_phone")
    if light:
        add("Lighthouse", "join.html performance score (mobile)", [r["performance"] * 100 for r in light], "pts")
        for key, label in (
            ("fcp_ms", "First Contentful Paint"),
            ("lcp_ms", "Largest Contentful Paint"),
            ("tbt_ms", "Total Blocking Time"),
            ("si_ms", "Speed Index"),
        ):
            add("Lighthouse", "join.html %s (mobile)" % label, [r[key] for r in light], "ms")
        add("Lighthouse", "join.html Cumulative Layout Shift (×1000, mobile)", [r["cls"] * 1000 for r in light], "pts")
        add("Lighthouse", "join.html first visit, gzip", [r["gzip_bytes"] for r in light], "B")
    for key, name in (("phone", "phone"), ("phone_mobile", "phone @1.6 Mbit/s 150 ms, Chromium emulation")):
        ph = raw.get(key)
        if not ph:
            continue
        for mode in ("cold", "warm"):
            add("Join", "%s → joined on host, %s" % (name, mode), ph[mode], "ms")
            add("Join", "%s: phone Python ready (app started), %s" % (name, mode), ph.get("python_" + mode, []), "ms")
            add("Join", "%s: join form usable, %s" % (name, mode), ph["usable_" + mode], "ms")
            add(
                "Join",
                "%s: typed 3 s, tap → You're in on the phone, %s" % (name, mode),
                ph.get("typed_" + mode, []),
                "ms",
            )
            add("Join", "%s: long tasks total, %s" % (name, mode), ph.get("longtasks_" + mode, []), "ms")
            add("Join", "bare MicroPython%s → ready, %s" % (name[5:], mode), ph["mpy_" + mode], "ms")
            add(
                "Join",
                "%s joined / bare MicroPython, %s (paired)" % (name, mode),
                paired(ph[mode], ph["mpy_" + mode]),
                "x",
            )
        add("Join", "%s: Join tap → host shows player" % name, ph["tap_to_host"], "ms")
        if ph.get("warm_half"):
            add(
                "Join",
                "%s → joined on host, warm, the data channel at the profile's round trip (half latency)" % name,
                ph["warm_half"],
                "ms",
            )
    for profile, name in LAB_PROFILES:
        lab = (raw.get("lab") or {}).get(profile)
        if not lab:
            continue
        ph, lat = lab["join"], lab["latency"]
        for mode in ("cold", "warm"):
            add("Lab", "phone on %s → joined on the TV, %s" % (name, mode), ph[mode], "ms")
            add("Lab", "phone on %s: typed 3 s, tap → You're in, %s" % (name, mode), ph["typed_" + mode], "ms")
            add("Lab", "bare MicroPython on %s → ready, %s" % (name, mode), ph["mpy_" + mode], "ms")
        add("Lab", "phone on %s: Join tap → the TV shows the player" % name, ph["tap_to_host"], "ms")
        add("Lab", "4 phones on %s: tap → TV updated" % name, lat["tap_to_host"], "ms")
        add("Lab", "4 phones on %s: TV change → each phone updated" % name, lat["host_to_phone"], "ms")
    by = raw.get("bytes")
    if by:
        for page in [
            p for p in ("host", "phone", "screen", "bare_pyodide", "bare_micropython") if "%s_first_page" % p in by
        ]:
            for visit in ("first", "second"):
                add("Bytes", "%s, %s visit: page (CDP)" % (page, visit), by["%s_%s_page" % (page, visit)], "B")
                add(
                    "Bytes",
                    "%s, %s visit: wire incl. service worker" % (page, visit),
                    by["%s_%s_wire" % (page, visit)],
                    "B",
                )
    for n in (4, 12):
        lat = raw.get("latency_%d" % n)
        if not lat:
            continue
        add("Latency", "%d phones: tap → host screen updated" % n, lat["tap_to_host"], "ms")
        add("Latency", "%d phones: host change → each phone updated" % n, lat["host_to_phone"], "ms")
        add("Latency", "%d phones: host change → all phones updated" % n, lat["host_to_all"], "ms")
        add(
            "Latency",
            "%d phones: host main-thread long tasks (> 50 ms) during play" % n,
            lat.get("host_longtasks") or [0],
            "ms",
        )
        if "host_main_tasks" in lat:
            add(
                "Latency",
                "%d phones: those tasks' own CPU time (trace)" % n,
                [cpu for wall, cpu in lat["host_main_tasks"] if wall > 50] or [0],
                "ms",
            )
        if lat.get("screen_after_tv"):
            add(
                "Screen",
                "%d phones: a frame on the remote screen after the TV drew it" % n,
                lat["screen_after_tv"],
                "ms",
            )
            add(
                "Screen",
                "%d phones: bytes per frame sent to a screen (whole, or its changed middle)" % n,
                lat["screen_message_bytes"],
                "B",
            )
            add("Screen", "%d phones: a whole frame's HTML" % n, lat["screen_frame_bytes"], "B")
            add("Screen", "screen opened mid-game → its first frame, cold", lat.get("screen_open_midgame", []), "ms")
    relay = raw.get("relay")
    if relay:
        for kind, name in (("direct", "direct path"), ("relay", "through the relay (coturn, 127.0.0.1)")):
            add("Relay", "phone → joined on host, cold, %s" % name, relay["join_" + kind], "ms")
            add("Relay", "tap → host screen updated, %s" % name, relay["tap_" + kind], "ms")
    for runtime in ("cpython", "pyodide"):
        eng = raw.get("engine_" + runtime)
        if not eng:
            continue
        for game_id, row in sorted(eng.items()):
            label = "%s, %d players (%s): move + %d views" % (game_id, row["players"], runtime, row["views"])
            add("Engine", label, row["step_ms"], "ms")
            add("Engine", label + " + JSON (%s)" % _kb(row["view_bytes"]), row["json_ms"], "ms")
    return rows, budgets(raw, d), d


def _verdict(value, limit, unit="ms"):
    if value is None:
        return "not measured"
    show = (lambda v: _ms(v) + " ms") if unit == "ms" else (lambda v: "%.2f×" % v) if unit == "x" else _kb
    if value <= limit:
        return "met: %s ≤ %s" % (show(value), show(limit))
    return "**missed** by %.0f%%: %s > %s" % ((value / limit - 1) * 100, show(value), show(limit))


def budgets(raw, d):
    out = []
    ph = raw.get("phone")
    if ph:
        rtt = 2 * statistics.median(ph["tap_to_host"])  # one message each way, host processing included
        for mode in ("cold", "warm"):
            joined = d.get("phone → joined on host, %s" % mode)
            bare = d.get("bare MicroPython → ready, %s" % mode)
            limit = 1.5 * bare["median"] + rtt
            out.append(
                (
                    "Phone joined ≤ 1.5× bare MicroPython + 1 round trip (%s; RTT ≈ %.0f ms)" % (mode, rtt),
                    _verdict(joined["median"], limit),
                )
            )
        out.append(("Phone joined < 1 s warm", _verdict(d["phone → joined on host, warm"]["median"], 1000)))
    # the mobile budgets are measured on the network lab's 4G (bench/lab.py), not under Chromium's emulation,
    # which adds its latency to each direction of a data channel's packets (issue 41)
    name = dict(LAB_PROFILES)["4g"]
    if d.get("phone on %s → joined on the TV, warm" % name):
        rtt = 150
        for mode in ("cold", "warm"):
            joined = d["phone on %s → joined on the TV, %s" % (name, mode)]
            bare = d["bare MicroPython on %s → ready, %s" % (name, mode)]
            limit = 1.5 * bare["median"] + rtt
            out.append(
                (
                    "Phone joined on 4G ≤ 1.5× bare MicroPython on 4G + 1 round trip (%s)" % mode,
                    _verdict(joined["median"], limit),
                )
            )
        out.append(
            (
                "Warm join on 4G (150 ms, 1.6 Mbit/s, 1 % loss: the lab) ≤ 1.29 s (median)",
                _verdict(d["phone on %s → joined on the TV, warm" % name]["median"], 1290),
            )
        )
        tapped = d.get("phone on %s: Join tap → the TV shows the player" % name)
        out.append(
            (
                "Join tapped on the first frame on 4G → the TV shows the player ≤ 1.5 s (median)",
                _verdict(tapped["median"] if tapped else None, 1500),
            )
        )
        for mode in ("cold", "warm"):
            typed = d.get("phone on %s: typed 3 s, tap → You're in, %s" % (name, mode))
            out.append(
                (
                    "Typed 3 s, tap → You're in on 4G ≤ 300 ms (%s, median)" % mode,
                    _verdict(typed["median"] if typed else None, 300),
                )
            )
    if raw.get("boot"):
        # issue 25's budgets: the rules in PyScript's worker, as fast as the hand-made worker was
        for mode, up in (("cold", 1.1), ("warm", 0.35)):
            r = d["host QR / bare MicroPython, %s (paired)" % mode]
            out.append(
                (
                    "Host room code and QR ≤ 0.7× bare MicroPython (%s, median of paired ratios)" % mode,
                    _verdict(r["median"], 0.7, "x"),
                )
            )
            r = d["host up / bare Pyodide, %s (paired)" % mode]
            out.append(
                (
                    "Host first move accepted ≤ %s× bare Pyodide (%s, median of paired ratios)" % (up, mode),
                    _verdict(r["median"], up, "x"),
                )
            )
            r = d["host main-thread blocking (TBT-style) until up + 1 s, %s" % mode]
            out.append(("Host boot main-thread blocking < 100 ms (%s, p95)" % mode, _verdict(r["p95"], 100)))
        qr = d["host → room code and QR code on screen, warm"]
        out.append(("Host room code and QR < 1 s warm (p95)", _verdict(qr["p95"], 1000)))
    if raw.get("early"):
        r = d["phone shown on the TV after the rules were up"]
        out.append(("Early phone on the TV ≤ 300 ms after the rules are up (p95)", _verdict(r["p95"], 300)))
    if raw.get("takeover"):
        out.append(
            ("Takeover: room code on screen < 1 s (p95)", _verdict(d["successor → room code on screen"]["p95"], 1000))
        )
        if raw.get("boot"):
            bare = d["bare Pyodide → ready, cold"]["median"]
            out.append(
                (
                    "Takeover: accepting moves ≤ 1.1× bare Pyodide, cold (medians)",
                    _verdict(d["successor → room accepting moves"]["median"] / bare, 1.1, "x"),
                )
            )
    if raw.get("lighthouse"):
        out.append(("Lighthouse TBT < 50 ms (median)", _verdict(d["host.html Total Blocking Time"]["median"], 50)))
        score = d["host.html performance score (desktop)"]["median"]
        out.append(
            (
                "Lighthouse performance 1.00 (median)",
                "met: %.2f" % (score / 100) if score >= 100 else "**missed**: %.2f < 1.00" % (score / 100),
            )
        )
    if raw.get("lighthouse_phone"):
        score = d["join.html performance score (mobile)"]["median"]
        out.append(
            (
                "Lighthouse join.html (mobile) performance ≥ 0.95 (median)",
                "met: %.2f" % (score / 100) if score >= 95 else "**missed**: %.2f < 0.95" % (score / 100),
            )
        )
        for label in ("First Contentful Paint", "Largest Contentful Paint"):
            out.append(
                (
                    "Lighthouse join.html %s ≤ 1.5 s (median)" % label,
                    _verdict(d["join.html %s (mobile)" % label]["median"], 1500),
                )
            )
        out.append(
            (
                "Lighthouse join.html TBT < 150 ms (median)",
                _verdict(d["join.html Total Blocking Time (mobile)"]["median"], 150),
            )
        )
        cls = d["join.html Cumulative Layout Shift (×1000, mobile)"]["median"]
        out.append(("Lighthouse join.html CLS 0 (median)", "met: 0" if cls == 0 else "**missed**: %.3f" % (cls / 1000)))
        out.append(
            (
                "join.html first visit ≤ 450 KB gzip (median)",
                _verdict(d["join.html first visit, gzip"]["median"], 450_000, "B"),
            )
        )
    after = d.get("12 phones: a frame on the remote screen after the TV drew it")
    if after:
        out.append(("Remote screen, 12 phones: a frame ≤ 30 ms after the TV's (median)", _verdict(after["median"], 30)))
        out.append(("Remote screen, 12 phones: a frame ≤ 100 ms after the TV's (p95)", _verdict(after["p95"], 100)))
        joined = d.get("phone → joined on host, cold")
        opened = d.get("screen opened mid-game → its first frame, cold")
        if joined and opened:
            out.append(
                (
                    "Screen opened mid-game ≤ 1.5× the phone's join, cold (medians)",
                    _verdict(opened["median"] / joined["median"], 1.5, "x"),
                )
            )
    lat = d.get("12 phones: tap → host screen updated")
    if lat:
        out.append(("Tap → host, 12 phones: median < 30 ms", _verdict(lat["median"], 30)))
        out.append(("Tap → host, 12 phones: p95 < 100 ms", _verdict(lat["p95"], 100)))
        # the budget counts wall time, as the Long Tasks API does; the trace adds each task's own CPU time, which
        # tells the page's work from time spent waiting for a core
        tasks = raw["latency_12"].get("host_longtasks") or []
        waited = [(wall, cpu) for wall, cpu in raw["latency_12"].get("host_main_tasks") or [] if wall > 50]
        if not tasks and not waited:
            said = "met: none (Long Tasks API and trace)"
        else:
            said = "**missed**: %d (Long Tasks API), the longest %.0f ms" % (len(tasks), max(tasks or [0]))
            if waited:
                said += "; traced: %d, the longest %.0f ms of which %.0f ms CPU" % ((len(waited),) + max(waited))
        out.append(("12 phones: no host main-thread long task > 50 ms during play", said))
    if raw.get("bytes"):
        for how in ("wire incl. service worker", "page (CDP)"):
            first = d["phone, first visit: %s" % how]["median"]
            second = d["phone, second visit: %s" % how]["median"]
            out.append(("Phone first visit < 1 MB (%s)" % how, _verdict(first, 1_000_000, "B")))
            out.append(("Phone second visit < 20 KB (%s)" % how, _verdict(second, 20_000, "B")))
    eng = raw.get("engine_cpython")
    if eng:
        for game_id, row in sorted(eng.items()):
            a, b = statistics.median(row["step_ms"]), statistics.median(row["json_ms"])
            out.append(
                (
                    "%s: move + all views < 1 ms, CPython (%d players)" % (game_id, row["players"]),
                    _verdict(a, 1.0) + "; with JSON " + _verdict(b, 1.0),
                )
            )
    return out


def markdown(rows, budget_rows, meta):
    lines = [
        "# PeerParty benchmark, %s" % meta["when"],
        "",
        "%s; %s; repetitions: %s. Medians and p95 (nearest rank) over n runs; ratios are per-run pairs "
        "loaded the same way in the same run."
        % (meta["machine"], meta["mode"], meta["reps"])
        + (" Browsers ask for %s (--lang)." % meta["lang"] if meta.get("lang", "en").split(" ")[0] != "en" else ""),
        "",
        "| section | figure | median | p95 | n |",
        "|---|---|---|---|---|",
    ]
    for section, label, med, hi, n in rows:
        lines.append("| %s | %s | %s | %s | %d |" % (section, label, med, hi, n))
    lines += ["", "| budget | where it stands |", "|---|---|"]
    for label, verdict in budget_rows:
        lines.append("| %s | %s |" % (label, verdict))
    for note in meta.get("notes", []):
        lines += ["", note]
    return "\n".join(lines) + "\n"
