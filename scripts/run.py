#!/usr/bin/env python3
"""`make run`: build what is missing, start a local PeerServer and the static server, print the LAN URL.

    python3 scripts/run.py [--port 8000] [--signal-port 9000] [--root dist] [--no-build]

Phones on the same Wi-Fi open the printed URL (or scan the QR code): the page's ?signal= points every peer at
the PeerServer started here, so a room works on a LAN with nothing external. Ctrl-C stops both servers.
"""

from __future__ import annotations

import argparse
import signal as signals
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEERJS_BIN = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
SIGNAL_PATH = "/peerjs"


def lan_ip() -> str:
    """The address of the interface that routes outward. A UDP connect() only picks a route: it sends nothing."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 9))
            ip = s.getsockname()[0]
            if not ip.startswith("0."):
                return ip
    except OSError:
        pass
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
        ips = [a for a in out if "." in a and not a.startswith("127.")]
        if ips:
            return ips[0]
    except (OSError, subprocess.SubprocessError):
        pass
    return "127.0.0.1"


def wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"run: {what} exited with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"run: {what} did not listen on port {port} within {timeout:.0f} s")


def print_qr(url: str) -> None:
    try:
        import segno
    except ImportError:
        print("(pip install segno to get a QR code of this URL here)")
        return
    segno.make(url, error="l").terminal(compact=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", default="0.0.0.0", help="interface both servers listen on")
    ap.add_argument("--port", type=int, default=8000, help="static site port")
    ap.add_argument("--signal-port", type=int, default=9000, help="PeerServer port")
    ap.add_argument("--root", type=Path, help="serve this folder (e.g. dist) instead of the repository")
    ap.add_argument("--no-build", action="store_true", help="do not run scripts/build.py first")
    ap.add_argument("--log", action="store_true", help="log every HTTP request")
    args = ap.parse_args(argv)

    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], cwd=ROOT, check=True)
    if not PEERJS_BIN.is_file():
        sys.exit("run: node_modules/peer is missing: run `npm ci`")

    children: list[subprocess.Popen] = []

    def stop_all(*_):
        for p in children:
            if p.poll() is None:
                p.terminate()
        for p in children:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()

    signals.signal(signals.SIGTERM, lambda *_: (stop_all(), sys.exit(0)))
    try:
        peer = subprocess.Popen(
            ["node", str(PEERJS_BIN), "--host", args.host, "--port", str(args.signal_port), "--path", SIGNAL_PATH],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
        )
        children.append(peer)
        serve_cmd = [sys.executable, str(ROOT / "scripts" / "serve.py"), "--host", args.host, "--port", str(args.port)]
        if args.root:
            serve_cmd += ["--root", str(args.root)]
        if args.log:
            serve_cmd.append("--log")
        web = subprocess.Popen(serve_cmd, cwd=ROOT, stdin=subprocess.DEVNULL)
        children.append(web)
        wait_port(args.signal_port, peer, "PeerServer")
        wait_port(args.port, web, "static server")

        ip = lan_ip() if args.host in ("0.0.0.0", "::") else args.host
        url = f"http://{ip}:{args.port}/host.html?signal={ip}:{args.signal_port}{SIGNAL_PATH}"
        local = f"http://localhost:{args.port}/host.html?signal=localhost:{args.signal_port}{SIGNAL_PATH}"
        print()
        print(f"  PeerParty on your LAN:  {url}")
        print(f"  on this machine:        {local}   (offline support needs localhost or HTTPS)")
        print(f"  PeerServer:             ws://{ip}:{args.signal_port}{SIGNAL_PATH}")
        print()
        print_qr(url)
        print("Ctrl-C stops both servers.", flush=True)
        while all(p.poll() is None for p in children):
            time.sleep(0.5)
        dead = next(p for p in children if p.poll() is not None)
        print(
            f"run: {'PeerServer' if dead is peer else 'static server'} stopped (code {dead.returncode})",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        print("\nrun: stopping")
        return 0
    finally:
        stop_all()


if __name__ == "__main__":
    sys.exit(main())
