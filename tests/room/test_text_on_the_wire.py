"""A name is sent as text the whole way (issue 38 point 7): the host's JSON writes "🎉Zoë" as itself, not as a
UTF-16 surrogate pair that MicroPython's json reads as six broken characters; a phone's MicroPython reads the
host's message back to the same name, and what it writes the host (CPython) reads back the same. A lone surrogate,
which no screen can draw, stays escaped on the way out and is refused in a move."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from peerparty.room import protocol

from .helpers import join, last, make_room, names

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
PARTY = "\U0001f389Zo\u00eb"  # 🎉Zoë: a character past U+FFFF, an accent
NAMES = [PARTY, "\U0001f1eb\U0001f1f7 Am\u00e9lie", "\u738b\u5c0f\u660e", "Se\u00f1or \U0001f60e"]


def test_the_host_writes_a_name_past_u_ffff_as_itself():
    text = protocol.encode({"t": "view", "seq": 1, "room": {"seats": [{"name": PARTY}]}})
    assert PARTY in text and "\\ud83c" not in text
    assert json.loads(text)["room"]["seats"][0]["name"] == PARTY
    text.encode("utf-8")  # text a link can carry


def test_a_lone_surrogate_stays_escaped_on_the_way_out():
    text = protocol.encode({"t": "view", "note": "Ev\ud800e"})
    assert "\\ud800" in text
    text.encode("utf-8")
    assert json.loads(text)["note"] == "Ev\ud800e"


def test_a_move_holding_a_lone_surrogate_is_refused():
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.parse_client(json.dumps({"v": 1, "t": "move", "id": 1, "move": {"type": "hint", "word": "a\ud800"}}))
    assert refused.value.code == "bad_message" and "broken character" in refused.value.detail
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_client('{"v":1,"t":"ping","n":1,"x":"\ud800"}')


@pytest.mark.parametrize("name", NAMES)
def test_a_phone_joins_with_its_name_and_every_message_carries_it_as_text(name):
    host, net = make_room()
    phone = join(net, name)
    assert names(host) == [name]
    view = last(phone, "view")
    assert [s["name"] for s in view["room"]["people"]] == [name]
    assert all("\\ud8" not in text and "\\ud83" not in text for text in phone.received)


@pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.exists(), reason="node and the npm MicroPython are needed"
)
def test_micropython_reads_the_hosts_text_and_writes_its_own(tmp_path):
    """The phone's json is MicroPython's: it reads what the host (CPython, here as in Pyodide) encoded back to the
    same code points, and what it encodes with room/protocol.py the host parses back to the same name."""
    host_said = [protocol.encode({"t": "view", "name": name}) for name in NAMES]
    (tmp_path / "host_said.json").write_text(json.dumps(host_said, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(
        """
import { loadMicroPython } from "%s";
import fs from "fs";
const mp = await loadMicroPython({stdout: (l) => console.log(l)});
mp.FS.mkdirTree("/peerparty/room");
mp.FS.writeFile("/peerparty/__init__.py", "");
mp.FS.writeFile("/peerparty/room/__init__.py", "");
mp.FS.writeFile("/peerparty/i18n.py", fs.readFileSync("%s/../i18n.py", "utf8"));
for (const f of ["protocol.py", "proof.py"]) mp.FS.writeFile("/peerparty/room/" + f, fs.readFileSync("%s/" + f, "utf8"));
mp.FS.writeFile("/host_said.json", fs.readFileSync("%s", "utf8"));
mp.runPython(`
import sys, json
sys.path.append("/")
from peerparty.room import protocol
out = []
for text in json.loads(open("/host_said.json").read()):
    name = json.loads(text)["name"]
    out.append([[ord(c) for c in name], protocol.encode({"t": "hello", "room": "ABCD", "name": name, "epoch": 0})])
print(json.dumps(out))
`);
"""
        % (MICROPYTHON, ROOT / "py/peerparty/room", ROOT / "py/peerparty/room", tmp_path / "host_said.json")
    )
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120, encoding="utf-8")
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout.strip().splitlines()[-1])
    for name, (code_points, phone_text) in zip(NAMES, said):
        assert code_points == [ord(c) for c in name], "MicroPython read %r as %r" % (name, code_points)
        assert protocol.parse_client(phone_text)["name"] == name
