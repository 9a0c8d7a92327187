"""The bench's "lab" section: a phone's join and the game's latency measured over real paths (bench/netlab.py),
not Chromium's emulation (which adds its latency to each direction of a data channel's packets). The TV is on the
home Wi-Fi; the measured phones are on one profile at a time: the TV's Wi-Fi, 4G behind the carrier NAT (150 ms
round trip, 1.6 Mbit/s, 1 % loss) or bad 3G (300 ms, 400 kbit/s, 3 % loss), through the lab's coturn where there
is no direct path. The figures are bench/browser.py's own, measured the same way:
  phone_pairs   page open to seated on the TV, cold then warm (the service worker's cache), a typed join, the bare
                MicroPython page beside it
  latency       Seven Rounds with 4 phones on the profile (one Chromium in its namespace, the phones sharing its
                link): tap -> TV, TV -> each phone
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

from . import browser, netlab

PROFILES = (("wifi", "w1"), ("4g", "m4g"), ("3g", "m3g"))


class LabSite:
    """What bench/browser.py's figures read of their servers (Servers): the lab's site and signalling server,
    with the lab's relay in every page's address (the phones on mobile data have no other path to the TV)."""

    def __init__(self, lab):
        self.site = lab.site
        self.signal = "%s&turn=%s" % (lab.signal, quote(lab.turn, safe=""))
        self.tmp = None


class LabDevices(browser.Lab):
    """bench/browser.py's Lab on the network lab: the TV's Chromium in the TV's namespace, the phones' in the
    namespace of the profile measured."""

    def __init__(self, playwright, lab, phone_device, locale=None):
        self.playwright = playwright
        self.locale = locale  # --lang, as browser.Lab
        self.net = lab
        self.s = LabSite(lab)
        self.problems = []
        args = browser.CHROMIUM_ARGS + [lab.secure_flag]
        self.browser = playwright.chromium.launch(
            executable_path=lab.chromium(lab.devices["tv"], browser.CHROMIUM), args=args, headless=True
        )
        self.phones = playwright.chromium.launch(
            executable_path=lab.chromium(lab.devices[phone_device], browser.CHROMIUM), args=args, headless=True
        )
        self.others = self.third = None

    def close(self):
        self.browser.close()
        self.phones.close()

    allowed_hosts = {netlab.PUBLIC}

    def browser_for(self, viewport, other_device, screen_device):
        return self.phones if other_device or viewport == browser.PHONE_VIEW else self.browser


def run(playwright, reps, rounds, log, profiles=PROFILES, locale=None):
    """{profile: {"join": phone_pairs' figures, "latency": latency's, "link": the profile's description}}."""
    problem = netlab.missing()
    if problem:
        log("  lab skipped: " + problem)
        return {"skipped": problem}
    lab = netlab.Lab()
    out = {}
    tmp = tempfile.TemporaryDirectory(prefix="peerparty-lab-")
    try:
        # a frozen copy of the site, as bench/browser.py's Servers serve: a rebuild meanwhile cannot change it
        site = Path(tmp.name) / "site"
        subprocess.run(
            [sys.executable, str(netlab.ROOT / "scripts" / "build.py"), "--dist", str(site)],
            cwd=netlab.ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        shutil.copytree(netlab.ROOT / "bench" / "pages", site / "bench" / "pages")
        lab.up(site_root=str(site))
        lab.device("tv", "wifi")
        for profile, device in profiles:
            lab.device(device, profile)
        for profile, device in profiles:
            devices = LabDevices(playwright, lab, device, locale)
            link = netlab.PROFILES.get(profile)
            log("lab, phones on %s…" % (link.describe() if link else "the TV's Wi-Fi"))
            try:
                join = browser.phone_pairs(devices, reps, log, label="lab " + profile)
                lat = browser.latency(devices, 4, rounds, log, aside=False)
            finally:
                devices.close()
            kept = ("tap_to_host", "host_to_phone", "host_to_all")
            out[profile] = {
                "join": join,
                "latency": dict((k, lat[k]) for k in kept),
                "link": link.describe() if link else "the TV's Wi-Fi (a bridge, no shaping)",
                "problems": devices.problems,
            }
    finally:
        lab.close()
        tmp.cleanup()
    return out
