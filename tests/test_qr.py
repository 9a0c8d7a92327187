"""The TV's QR code: lean-qr (npm) encodes the join link, static/js/qr-svg.js draws it; run under node as host.js
bundles them. Every symbol it draws decodes (zxing-cpp) to the exact text, at level M with the one mask qr-svg.js
fixes (the standard lets an encoder pick any; readers decode all eight), in the smallest version that holds it
(segno's capacity table, checked against ISO/IEC 18004's); a text too long for any version is an error. The host
bundle carries lean-qr, and the phone bundle no QR code at all."""

import importlib.util
import re
from pathlib import Path
from random import Random

import pytest


from tests.node import run_node

segno = pytest.importorskip("segno")
zxingcpp = pytest.importorskip("zxingcpp")

ROOT = Path(__file__).resolve().parents[1]
LEAN_QR = ROOT / "node_modules" / "lean-qr" / "index.js"
QR_SVG = ROOT / "static" / "js" / "qr-svg.js"

# node's stdin: a JSON list of texts; stdout: for each, the markup or the error's message. lean-qr is loaded as
# host.js loads it (its exports as window.leanQR)
RUN_QR = r"""
globalThis.window = globalThis;
window.leanQR = require(process.argv[1]);
require(process.argv[2]);
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(texts.map((text) => {
  try { return { svg: pp.qrSvg(text) }; }
  catch (err) { return { error: err.message }; }
})));
"""

ERROR_M = segno.consts.ERROR_LEVEL_M
# ISO/IEC 18004 Table 7, byte mode at level M: a few versions' capacities, to check segno's table against
ISO_CAPACITY = {1: 14, 2: 26, 9: 180, 10: 213, 40: 2331}


def byte_capacity(version):
    count_bits = 8 if version < 10 else 16
    return (segno.consts.SYMBOL_CAPACITY[version][ERROR_M] - 4 - count_bits) // 8


def sample(length):
    """ASCII of a join link's kind, different at every length."""
    return "".join(
        Random(length).choices("abcdefghijklmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789/:.?&=-_%", k=length)
    )


JOIN_URLS = [
    "http://192.168.1.20:8000/join.html?room=ABCD&signal=192.168.1.20:9000/peerjs",
    "http://192.168.1.20:8000/join.html?room=WXYZ&signal=192.168.1.20:9000/peerjs&ice=stun:192.168.1.20:3478&x=1",
    "https://peerparty.example.org/join.html?room=KQ7P",
]
UNICODE = ["é", "café crème", "🎉", "Ünïcødé 🎲 party ✓ 日本語", "é" * 120]
SHORT = ["", "a", "hi", "0", " "] + [sample(n) for n in range(1, 301, 7)] + JOIN_URLS + UNICODE
# the longest text each version holds, and one byte more (the next version; past version 40, an error)
EDGES = [sample(byte_capacity(v)) for v in range(1, 41)] + [sample(byte_capacity(v) + 1) for v in range(1, 40)]
TOO_LONG = [sample(2332), "é" * 1166, "x" * 5000]


@pytest.fixture(scope="module")
def drawn():
    texts = SHORT + EDGES + TOO_LONG
    if not LEAN_QR.is_file():
        pytest.skip("node_modules is not installed (npm ci)")
    return dict(zip(texts, run_node(RUN_QR, [LEAN_QR, QR_SVG], texts, timeout=60)))


def modules(svg):
    """The SVG's dark modules as rows of 0/1: cells of 4 units, a quiet zone of 4 modules (16 units) all round,
    each path part one row's run."""
    box = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    size = (box - 32) // 4
    matrix = [[0] * size for _ in range(size)]
    path = re.search(r'<path d="([^"]*)"', svg).group(1)
    runs = re.findall(r"M(\d+),(\d+)h(\d+)v4h-\3z", path)
    assert "".join("M%s,%sh%sv4h-%sz" % (x, y, w, w) for x, y, w in runs) == path
    for x, y, w in runs:
        row, col, width = (int(y) - 16) // 4, (int(x) - 16) // 4, int(w) // 4
        assert (int(x) - 16) % 4 == 0 and (int(y) - 16) % 4 == 0 and int(w) % 4 == 0
        assert 0 <= row < size and 0 <= col and col + width <= size, "a module in the quiet zone"
        for c in range(col, col + width):
            matrix[row][c] = 1
    return matrix


def decode(matrix, scale=2, quiet=4):
    """What zxing-cpp reads from the symbol drawn black on white with a 4-module quiet zone."""
    size = len(matrix) + 2 * quiet
    rows = []
    for r in range(-quiet, len(matrix) + quiet):
        inside = 0 <= r < len(matrix)
        line = b"".join(
            (b"\x00" if inside and 0 <= c < len(matrix) and matrix[r][c] else b"\xff") * scale
            for c in range(-quiet, len(matrix) + quiet)
        )
        rows += [line] * scale
    image = memoryview(b"".join(rows)).cast("B", (size * scale, size * scale))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "zxing-cpp found %d QR codes" % len(found)
    return found[0].text


def format_mask(matrix):
    """The mask number in the symbol's format information (the copy around the top-left finder)."""
    cells = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + [(8, 14 - i) for i in range(9, 15)]
    bits = sum(matrix[r][c] << i for i, (r, c) in enumerate(cells)) ^ 0x5412
    assert bits >> 13 == 0b00, "error correction level M"
    return (bits >> 10) & 0b111


MASK = int(re.search(r"const MASK = (\d);", QR_SVG.read_text()).group(1))


def check(text, drawn):
    """The symbol decodes to the text, at level M with qr-svg.js's mask; its version is returned."""
    assert "svg" in drawn, drawn
    matrix = modules(drawn["svg"])
    version = (len(matrix) - 17) // 4
    assert len(matrix) == 17 + 4 * version
    if text:  # zxing-cpp reports a symbol with no data as a checksum error
        assert decode(matrix) == text
    assert format_mask(matrix) == MASK
    return version


def test_the_capacity_table_is_isos():
    assert {v: byte_capacity(v) for v in ISO_CAPACITY} == ISO_CAPACITY


@pytest.mark.parametrize("text", SHORT, ids=lambda t: "%d:%s" % (len(t), t[:12]))
def test_symbol_decodes_to_the_text(drawn, text):
    check(text, drawn[text])


@pytest.mark.parametrize("version", range(1, 41))
def test_smallest_version_that_fits(drawn, version):
    # byte mode throughout (qr-svg.js), so a version's fullest text fits it exactly, and one byte more the next:
    # never a larger version than needed
    full = sample(byte_capacity(version))
    assert check(full, drawn[full]) == version
    if version < 40:
        over = sample(byte_capacity(version) + 1)
        assert check(over, drawn[over]) == version + 1


@pytest.mark.parametrize("text", TOO_LONG, ids=lambda t: str(len(t)))
def test_too_long_a_text_is_an_error(drawn, text):
    assert "error" in drawn[text] and "svg" not in drawn[text]


def test_markup_is_what_the_page_sizes(drawn):
    """The markup app.css sizes (`.qr svg`): a scalable viewBox, hidden from screen readers (the page's box names
    it in the page's language), a white ground, and a version 1 symbol
    (21 modules of 4 units) inside a quiet zone of 4 modules on every side."""
    svg = drawn["hi"]["svg"]
    assert svg.startswith(
        '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 116 116" '
        'preserveAspectRatio="xMinYMin meet" aria-hidden="true">'
        '<rect width="100%" height="100%" fill="white" cx="0" cy="0"/><path d="M16,16h28v4h-28z'
    )
    assert svg.endswith('" stroke="transparent" fill="black"/></svg>')
    assert "width=" not in svg.split("<rect")[0], "no fixed size: the CSS sizes it"


def load_build():
    spec = importlib.util.spec_from_file_location("peerparty_build", ROOT / "scripts" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def test_the_host_bundle_has_lean_qr_and_the_phone_bundle_no_qr_code():
    build = load_build()
    assert build.HOST_SCRIPTS[:2] == (build.LEAN_QR, "static/js/qr-svg.js")
    assert not [s for s in build.PHONE_SCRIPTS if "qr" in s], "phones show no QR code"
    assert not (ROOT / "static" / "js" / "qr.js").exists(), "no encoder of our own"
    host_js = ROOT / "static" / "build" / "host.js"
    if not host_js.exists():
        pytest.skip("static/build/host.js is not built (python3 scripts/build.py)")
    bundle = host_js.read_text(encoding="utf-8")
    assert "// --- node_modules/lean-qr/index.js\n(function (exports) {" in bundle
    assert "})(window.leanQR = {});" in bundle
    phone_js = ROOT / "static" / "build" / "phone.js"
    if phone_js.exists():
        assert "pp.qrSvg" not in phone_js.read_text(encoding="utf-8")
