"""A TURN relay on this machine: Debian's coturn (`apt-get install coturn`) with one static user, for the e2e
tests and the benchmark, or by hand to try ?turn= on a LAN:

    python3 scripts/coturn.py --port 3478 --user peerparty:secret --listen 0.0.0.0

then open host.html?turn=turn:peerparty:secret@<this machine>:3478. docs/relay.md has a config for a real one.
"""

import argparse
import os
import shutil
import sys
import tempfile


def turnserver():
    """coturn's binary, or None."""
    return shutil.which("turnserver") or next(
        (p for p in ("/usr/bin/turnserver", "/usr/sbin/turnserver") if os.path.exists(p)), None
    )


def argv(port, user, password, workdir, low_port=49160, listen="127.0.0.1", loopback=True):
    """turnserver's command line: long-term credentials, no TLS (the relayed traffic is DTLS already), relay
    ports low_port .. low_port + 500, its pid file and user database in workdir (not /var). loopback lets it
    relay to 127.0.0.1, which tests need (everything runs there) and a real relay must not allow."""
    cmd = [
        turnserver() or "turnserver",
        "-n",
        "--listening-ip=%s" % listen,
        "--listening-port=%d" % port,
        "--lt-cred-mech",
        "--user=%s:%s" % (user, password),
        "--realm=peerparty",
        "--no-tls",
        "--no-dtls",
        "--no-cli",
        "--min-port=%d" % low_port,
        "--max-port=%d" % (low_port + 500),
        "--pidfile=%s" % os.path.join(workdir, "turnserver.pid"),
        "--userdb=%s" % os.path.join(workdir, "turndb"),
        "--log-file=stdout",
        "--simple-log",
    ]
    if listen == "127.0.0.1":
        cmd.append("--relay-ip=127.0.0.1")
    if loopback:
        cmd.append("--allow-loopback-peers")
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=3478)
    ap.add_argument("--user", default="peerparty:secret", help="user:password")
    ap.add_argument("--listen", default="127.0.0.1")
    args = ap.parse_args()
    if turnserver() is None:
        sys.exit("turnserver is missing: apt-get install coturn")
    user, _, password = args.user.partition(":")
    work = tempfile.mkdtemp(prefix="peerparty-coturn-")
    cmd = argv(args.port, user, password, work, listen=args.listen, loopback=args.listen == "127.0.0.1")
    print("relay: turn:%s:%s@%s:%d" % (user, password, args.listen, args.port), file=sys.stderr)
    os.execv(cmd[0], cmd)


if __name__ == "__main__":
    main()
