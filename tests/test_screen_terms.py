"""The remote screen's decisions (static/js/screen-terms.js) and the simulator's model of them (tests/sim/screen.py
Terms): the very JS file the page bundles runs under node, driven by the same event traces as the model, and every
decision and state after every event must be the same. Random traces cover what a screen meets (attempts that
open or not, answers late or for another id, hosts that prove the key or cannot, refusals, welcomes, drops); the
scripted ones are issue 47's screen bugs, each checked on both sides.

Issue 47: 2 (a late "nobody holds that id" moved the term under a live link, and the successor's genuine proof was
checked against the wrong term), 4 (a key no living host knows was walked with for ever), 5 (a TV that is a seat's
own screen refused it, and it said "Connecting…" for ever).
"""

import json
from pathlib import Path
from random import Random


from peerparty.room import proof
from tests.node import run_node
from peerparty.room.protocol import ROOM_ERRORS, peer_id
from tests.sim.screen import AGAIN_MS, FULL_RETRY_MS, LOOK_AHEAD, Terms

ROOT = Path(__file__).resolve().parents[1]
MAC_JS = ROOT / "static" / "js" / "mac.js"
TERMS_JS = ROOT / "static" / "js" / "screen-terms.js"
CODE = "WXYZ"

# node's stdin: a JSON list of traces {code, saved, events}; stdout: for each trace, per event [result, state].
# The files are loaded as the page's bundle loads them: classic scripts on window.pp.
RUN_TRACES = r"""
globalThis.window = globalThis;
require(process.argv[1]);
require(process.argv[2]);
const traces = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = traces.map(({ code, saved, events }) => {
  const terms = pp.screenTerms(code, saved, pp.mac);
  return events.map(([name, ...args]) => {
    const result = terms[name](...args);
    return [result === undefined ? null : result, JSON.parse(JSON.stringify(terms.state))];
  });
});
process.stdout.write(JSON.stringify(out));
"""

PY_NAMES = {"timedOut": "timed_out", "hostId": "host_id"}


def in_python(trace):
    terms = Terms(trace["code"], trace["saved"])
    out = []
    for name, *args in trace["events"]:
        result = getattr(terms, PY_NAMES.get(name, name))(*args)
        out.append([json.loads(json.dumps(result)), terms.state()])
    return out


def in_node(traces):
    return run_node(RUN_TRACES, [MAC_JS, TERMS_JS], traces)


def both(*traces):
    """Each trace's results, the same in the page's module and in the model (or the test fails where they part)."""
    js = in_node(list(traces))
    for trace, there in zip(traces, js):
        here = in_python(trace)
        for i, (a, b) in enumerate(zip(here, there)):
            assert a == b, "event %d %r: the model says %r, screen-terms.js %r" % (i, trace["events"][i], a, b)
    return js


def one(trace):
    return both(trace)[0]


# --- what a screen meets, at random -------------------------------------------------------------------------------

ERRORS = ["screens_full", "no_screens", "bad_proof", "old_host", "wrong_room", "bad_message", "rate_limited"]


def random_trace(seed, length=120):
    """Events a screen meets, chosen from the model's state as they are made (so a host that knows the key proves
    it right, against the nonce the screen sent and the term it dialled), and sometimes made up or stale."""
    rng = Random(seed)
    saved = rng.choice([{}, {"epoch": rng.randint(0, 3)}, {"epoch": rng.randint(0, 3), "key": "key-%d" % seed}])
    terms = Terms(CODE, saved)
    events = []
    known = {saved.get("key")} if saved.get("key") else set()  # keys the room's hosts know

    def add(*event):
        events.append(list(event))
        name, *args = event
        return getattr(terms, PY_NAMES.get(name, name))(*args)

    add("dial")
    for _ in range(length):
        at = terms.at
        k = at["n"] if at and rng.random() < 0.85 else rng.randint(0, terms.n + 1)  # now and then a stale one
        roll = rng.random()
        if roll < 0.12:
            add("dial")
        elif roll < 0.22:
            add("opened", k, "%032x" % rng.getrandbits(128))
        elif roll < 0.32:
            term = at["epoch"] if at and rng.random() < 0.7 else rng.randint(0, terms.epoch + LOOK_AHEAD + 1)
            add("unavailable", term)
        elif roll < 0.38:
            add(rng.choice(["closed", "timedOut", "silent"]), k)
        elif roll < 0.40:
            add("trouble")
        elif roll < 0.45:
            add("heard", k, rng.choice(["frame", "patch", "challenge", "wait", "watching", "error", "pong"]))
        elif roll < 0.47:
            add("unproved")
        elif roll < 0.60 and at is not None:
            # a host's challenge: it knows the key (a right proof for this attempt), or not, or garbles it
            nonce = "%032x" % rng.getrandbits(128)
            key = terms.key if terms.key in known and rng.random() < 0.7 else "other"
            asked = at["asked"] or "00"
            right = proof.host_screen_proof(key, CODE, at["epoch"], peer_id(CODE, at["epoch"]), asked, nonce)
            message = {"v": 1, "t": "challenge", "nonce": nonce, "proof": right}
            if rng.random() < 0.1:
                del message["proof"]
            add("said", k, message)
        elif roll < 0.72:
            epoch = max(0, terms.epoch + rng.randint(-1, 2))
            message = {"v": 1, "t": "watching", "screen": rng.randint(1, 4), "room": CODE, "epoch": epoch}
            if rng.random() < 0.1:
                message["room"] = "QQQQ"
            if rng.random() < 0.4:
                message["key"] = "key-%d-%d" % (seed, len(events))
                known.add(message["key"])
            add("said", k, message)
        elif roll < 0.92:
            code = rng.choice(ERRORS)
            add("said", k, {"v": 1, "t": "error", "code": code, "msg": ROOM_ERRORS.get(code, code), "id": None})
        elif roll < 0.95:
            add("said", k, {"v": 1, "t": rng.choice(["wait", "pong", "frame"]), "n": 1})
        else:
            add("said", k, {"v": 1, "t": "bye", "reason": "dropped"})
    return {"code": CODE, "saved": saved, "events": events}


def test_the_simulators_screen_decides_as_screen_terms_js_does():
    traces = [random_trace(seed) for seed in range(300)]
    both(*traces)
    # the traces reach every decision there is
    kinds = set()
    for trace in traces:
        for result, _ in in_python(trace):
            if isinstance(result, dict):
                kinds.update(result)
                kinds.update("say:" + str(result["say"]) for _ in [0] if "say" in result)
                kinds.update("stop:" + str(result["stop"]) for _ in [0] if "stop" in result)
    assert {"again", "send", "say", "watching", "save", "stop", "impostor"} <= kinds, kinds
    assert {"say:full", "say:no_screens", "say:forgotten", "say:waiting", "stop:dropped", "stop:wrong_room"} <= kinds


# --- issue 47's screen bugs, on both sides ------------------------------------------------------------------------


def challenge(key, term, asked, nonce="cd" * 16):
    return {
        "v": 1,
        "t": "challenge",
        "nonce": nonce,
        "proof": proof.host_screen_proof(key, CODE, term, peer_id(CODE, term), asked, nonce),
    }


def test_bug_2_a_late_nobody_holds_that_id_never_moves_a_live_link_or_its_term():
    """Epoch 0's host is gone. The screen dialled its id twice (a RETRY_MS between); the server's answer to the
    first sent it on to epoch 1, the successor, whose link opens; then the server's late answer to the second
    offer arrives. Before, it moved the term back to 0 under the open link, the successor's genuine proof was checked
    against epoch 0's id and refused as an impostor; and once watching, another late answer dropped the live
    link. Now an answer about an id is the current attempt's only if that attempt dials it and has not opened."""
    key = "screen-key"
    events = [
        ["dial"],  # 1: epoch 0, nobody there now
        ["unavailable", 0],  # the id is nobody's: the next term
        ["dial"],  # 2: epoch 1, the successor
        ["opened", 2, "ab" * 16],
        ["unavailable", 0],  # late: about attempt 1's id, not this link's
        ["said", 2, challenge(key, 1, "ab" * 16)],
        ["said", 2, {"v": 1, "t": "watching", "screen": 1, "room": CODE, "epoch": 1}],
        ["unavailable", 0],  # later still, while it watches
        ["unavailable", 1],  # and one naming its own host's id, from an earlier attempt there
    ]
    results = one({"code": CODE, "saved": {"key": key, "epoch": 0}, "events": events})
    assert results[4][0] is None and results[4][1]["tryEpoch"] == 1, "the late answer left the open link alone"
    prove = results[5][0]
    assert "impostor" not in prove and prove["send"]["t"] == "prove", "the successor's genuine proof was taken"
    assert prove["send"]["proof"] == proof.screen_proof(key, CODE, 1, peer_id(CODE, 1), "ab" * 16, "cd" * 16)
    assert results[6][1]["watching"] and results[6][1]["epoch"] == 1
    for result, state in results[7:]:
        assert result is None and state["watching"] and state["tryEpoch"] == 1


def test_bug_2_an_answer_about_the_id_it_dials_moves_it_on_even_late():
    """The server answers 5-6 s after the offer, after the screen's own RETRY_MS dialled the same id again: that
    answer is about the id the current attempt dials, which nobody held all that time, so the screen looks on."""
    events = [["dial"], ["timedOut", 1], ["dial"], ["unavailable", 0]]
    results = one({"code": CODE, "saved": {"epoch": 0}, "events": events})
    assert results[1][0] == {"again": 0} and results[1][1]["tryEpoch"] == 0
    assert results[3][0] == {"again": AGAIN_MS} and results[3][1]["tryEpoch"] == 1


def walk_to_forgetting(key="lost-key", epoch=0):
    """Its own term's host is gone; the successor at epoch + 1 does not know the key; nobody holds the terms above."""
    events = [["dial"], ["unavailable", epoch], ["dial"], ["opened", 2, "ab" * 16]]
    events.append(["said", 2, {"v": 1, "t": "error", "code": "bad_proof", "msg": ROOM_ERRORS["bad_proof"], "id": None}])
    n = 2
    for term in range(epoch + 2, epoch + LOOK_AHEAD + 1):
        n += 1
        events += [["dial"], ["unavailable", term]]
    return {"code": CODE, "saved": {"key": key, "epoch": epoch}, "events": events}


def test_bug_4_a_key_the_newest_host_refuses_is_forgotten_and_the_screen_says_so():
    trace = walk_to_forgetting()
    results = one(trace)
    dialled = [r[0]["epoch"] for r, e in zip(results, trace["events"]) if e[0] == "dial"]
    # its own term, the successor (refuses the key), then every term above it in turn: the newest host it can reach
    assert dialled == list(range(0, LOOK_AHEAD + 1)), dialled
    last, state = results[-1]
    assert last == {"again": 0, "save": True, "say": "forgotten"}
    assert state["key"] is None and state["forgot"] and state["tryEpoch"] == 0
    for result, state in results[:-1]:
        assert state["key"] == "lost-key", "not forgotten before the walk found no newer host"
    # as a new screen it looks again, and the successor welcomes it with a new key
    more = trace["events"] + [
        ["dial"],
        ["unavailable", 0],
        ["dial"],
        ["opened", LOOK_AHEAD + 3, "ee" * 16],
        ["said", LOOK_AHEAD + 3, {"v": 1, "t": "watching", "screen": 2, "room": CODE, "epoch": 1, "key": "new-key"}],
    ]
    results = one(dict(trace, events=more))
    watch = results[-2][0]["send"]
    assert "screen" not in watch and "nonce" not in watch, "it watches as a new screen"
    assert results[-1][1] == dict(results[-1][1], key="new-key", epoch=1, watching=True, forgot=False)


def test_bug_4_a_stranger_above_cannot_make_it_forget_while_the_rooms_host_proves_the_key():
    """A stranger at epoch 1 refuses the key; the room's successor at epoch 2 knows it and proves it: watched, and
    the key kept."""
    key = "kept-key"
    events = [
        ["dial"],
        ["unavailable", 0],
        ["dial"],
        ["opened", 2, "ab" * 16],
        ["said", 2, {"v": 1, "t": "error", "code": "bad_proof", "msg": "?", "id": None}],
        ["dial"],
        ["opened", 3, "cd" * 16],
        ["said", 3, challenge(key, 2, "cd" * 16)],
        ["said", 3, {"v": 1, "t": "watching", "screen": 1, "room": CODE, "epoch": 2}],
    ]
    results = one({"code": CODE, "saved": {"key": key, "epoch": 0}, "events": events})
    assert results[5][0]["epoch"] == 2, "after the refusal it looks above it"
    assert results[-1][1]["key"] == key and results[-1][1]["watching"] and results[-1][1]["walk"] is None


def test_bug_4_its_own_terms_host_refusing_the_key_is_forgotten_at_once():
    events = [["dial"], ["opened", 1, "ab" * 16]]
    events.append(["said", 1, {"v": 1, "t": "error", "code": "bad_proof", "msg": "?", "id": None}])
    results = one({"code": CODE, "saved": {"key": "k", "epoch": 3}, "events": events})
    assert results[-1][0] == {"again": 0, "save": True, "say": "forgotten"} and results[-1][1]["tryEpoch"] == 3


def test_bug_5_a_tv_that_is_a_seats_screen_refuses_and_the_screen_says_so_and_asks_again():
    """Before, the refusal (bad_message) was read as nothing: the link stayed open, pings answered, "Connecting…"
    for ever. Now it is shown in the host's words and the screen asks again every few seconds."""
    msg = ROOM_ERRORS["no_screens"]
    events = [
        ["dial"],
        ["opened", 1, "ab" * 16],
        ["said", 1, {"v": 1, "t": "error", "code": "no_screens", "msg": msg, "id": None}],
        ["dial"],
        ["opened", 2, "cd" * 16],
        ["said", 2, {"v": 1, "t": "watching", "screen": 1, "room": CODE, "epoch": 0, "key": "k"}],
    ]
    results = one({"code": CODE, "saved": {}, "events": events})
    assert results[2][0] == {"say": "no_screens", "msg": msg, "again": FULL_RETRY_MS}
    assert results[3][0]["epoch"] == 0, "it asks the same host again"
    assert results[-1][1]["watching"] and results[-1][1]["key"] == "k"
