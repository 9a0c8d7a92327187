"""PeerParty's benchmark suite: `python3 -m bench [--quick]`. See bench/__main__.py and docs/performance.md."""
