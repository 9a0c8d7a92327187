"""The TV's QR encoder, static/js/qr.js, run under node: every symbol it draws decodes (zxing-cpp) to the exact
text, is module for module the symbol segno makes for the same version and mask, and its version and mask are the
ones segno picks itself (both score masks as ISO/IEC 18004 7.8.3 orders it, before the format and version
information are added). The host bundle carries it instead of qrcode-generator, and the phone bundle neither.

segno 1.6.6 adds a whole zero byte where a bit stream already ends on a codeword boundary (heuer/segno issue 148,
open), which a byte-mode stream always does after its terminator; 7.4.10 adds pad bits only to reach a boundary.
Readers skip that byte, but it changes the codewords, so segno is compared here with that one function fixed."""
import importlib.util
import json
import re
import shutil
import subprocess
from pathlib import Path
from random import Random

import pytest

segno = pytest.importorskip("segno")
zxingcpp = pytest.importorskip("zxingcpp")

ROOT = Path(__file__).resolve().parents[1]
QR_JS = ROOT / "static" / "js" / "qr.js"

# node's stdin: a JSON list of texts; stdout: for each, the markup or the error's message
RUN_QR = r"""
globalThis.window = globalThis;
require(process.argv[1]);
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(texts.map((text) => {
  try { return { svg: pp.qrSvg(text), penalties: pp.qrSymbol(text).penalties }; }
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
    return "".join(Random(length).choices("abcdefghijklmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789/:.?&=-_%",
                                          k=length))


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


@pytest.fixture(scope="module", autouse=True)
def segno_pads_as_iso():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(segno.encoder, "write_padding_bits",
                      lambda buff, version, length: buff.extend([0] * (-length % 8)))
        yield


@pytest.fixture(scope="module")
def drawn():
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    texts = SHORT + EDGES + TOO_LONG
    out = subprocess.run([node, "-e", RUN_QR, str(QR_JS)], input=json.dumps(texts), capture_output=True,
                         text=True, check=True, timeout=60)
    return dict(zip(texts, json.loads(out.stdout)))


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
        line = b"".join((b"\x00" if inside and 0 <= c < len(matrix) and matrix[r][c] else b"\xff") * scale
                        for c in range(-quiet, len(matrix) + quiet))
        rows += [line] * scale
    image = memoryview(b"".join(rows)).cast("B", (size * scale, size * scale))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "zxing-cpp found %d QR codes" % len(found)
    return found[0].bytes


def format_mask(matrix):
    """The mask number in the symbol's format information (the copy around the top-left finder)."""
    cells = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + [(8, 14 - i) for i in range(9, 15)]
    bits = sum(matrix[r][c] << i for i, (r, c) in enumerate(cells)) ^ 0x5412
    assert bits >> 13 == 0b00, "error correction level M"
    return (bits >> 10) & 0b111


def segno_choice(data):
    """segno's own version and mask for the text, and the penalty it gave each mask, in mask order."""
    penalties = []
    score = segno.encoder.evaluate_mask

    def evaluate(matrix, width, height):
        penalties.append(score(matrix, width, height))
        return penalties[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(segno.encoder, "evaluate_mask", evaluate)
        code = segno.make_qr(data, error="m", mode="byte", boost_error=False)
    return code.version, code.mask, penalties


def check(text, drawn, compare_choice=True):
    """The symbol decodes to the text and is segno's for its version and mask; and (compare_choice) that version
    and mask are the ones segno picks, with the same penalty for each of the eight masks."""
    assert "svg" in drawn, drawn
    matrix = modules(drawn["svg"])
    data = text.encode("utf-8")
    version = (len(matrix) - 17) // 4
    assert len(matrix) == 17 + 4 * version
    if data:    # zxing-cpp reports a symbol with no data as a checksum error (segno's and qrcode-generator's too)
        assert decode(matrix) == data
    mask = format_mask(matrix)
    fixed = segno.make_qr(data, version=version, error="m", mode="byte", mask=mask, boost_error=False)
    assert [list(row) for row in fixed.matrix] == matrix, "segno's symbol for version %d, mask %d" % (version, mask)
    if compare_choice:
        assert segno_choice(data) == (version, mask, drawn["penalties"])
    return version


def test_the_capacity_table_is_isos():
    assert {v: byte_capacity(v) for v in ISO_CAPACITY} == ISO_CAPACITY


@pytest.mark.parametrize("text", SHORT, ids=lambda t: "%d:%s" % (len(t), t[:12]))
def test_symbol_decodes_and_is_segnos(drawn, text):
    check(text, drawn[text])


@pytest.mark.parametrize("version", range(1, 41))
def test_smallest_version_that_fits(drawn, version):
    # segno's choice is compared up to version 20 (its scoring in Python takes a second or so above that)
    full = sample(byte_capacity(version))
    assert check(full, drawn[full], compare_choice=version <= 20) == version
    if version < 40:
        over = drawn[sample(byte_capacity(version) + 1)]["svg"]
        assert 'viewBox="0 0 %d ' % (4 * (17 + 4 * (version + 1)) + 32) in over


@pytest.mark.parametrize("text", TOO_LONG, ids=lambda t: str(len(t)))
def test_too_long_a_text_is_an_error(drawn, text):
    assert drawn[text] == {"error": "This text is too long for a QR code: %d bytes in UTF-8, and a QR code at level "
                                    "M holds at most 2331." % len(text.encode("utf-8"))}


def test_markup_is_what_the_page_sizes(drawn):
    """The markup app.css sizes (`.qr svg`): a scalable viewBox, the label, a white ground, and a version 1 symbol
    (21 modules of 4 units) inside a quiet zone of 4 modules on every side."""
    svg = drawn["hi"]["svg"]
    assert svg.startswith('<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 116 116" '
                          'preserveAspectRatio="xMinYMin meet" role="img" aria-labelledby="qrcode-description">'
                          '<description id="qrcode-description">QR code to join</description>'
                          '<rect width="100%" height="100%" fill="white" cx="0" cy="0"/><path d="M16,16h28v4h-28z')
    assert svg.endswith('" stroke="transparent" fill="black"/></svg>')
    assert "width=" not in svg.split("<rect")[0], "no fixed size: the CSS sizes it"


def load_build():
    spec = importlib.util.spec_from_file_location("peerparty_build", ROOT / "scripts" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def test_host_bundle_has_our_encoder_and_not_qrcode_generator():
    build = load_build()
    assert "static/js/qr.js" in build.HOST_SCRIPTS
    assert "static/js/qr.js" not in build.PHONE_SCRIPTS, "phones show no QR code"
    assert not [s for s in build.HOST_SCRIPTS if "qrcode" in s]
    host_js = ROOT / "static" / "build" / "host.js"
    if not host_js.exists():
        pytest.skip("static/build/host.js is not built (python3 scripts/build.py)")
    bundle = host_js.read_text(encoding="utf-8")
    assert "// --- static/js/qr.js\n" in bundle
    # the library's own words (its name stands in qr.js's comments)
    for mark in ("vendor/qrcode", "QR Code Generator for JavaScript", "Kazuhiko Arase", "stringToBytes", "createSvgTag ="):
        assert mark not in bundle, mark
    phone_js = ROOT / "static" / "build" / "phone.js"
    if phone_js.exists():
        assert "pp.qrSvg" not in phone_js.read_text(encoding="utf-8")
