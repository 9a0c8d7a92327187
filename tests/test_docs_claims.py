"""The docs' claims read against the code they describe (tests/test_docs.py checks links, paths and names).

- **Screen words.** A phrase the docs set in double quotes ("Start round 2", “Give controls”) is text a person
  sees: it must be found in the screens' strings (the Python of ui/, games/, room/, app/ and net/, the scripts of
  static/js and the pages), where a `%s` or `${…}` of the code matches the docs' example (Ann, 2, r). A quoted
  phrase that is not screen text is a heading of the docs, a bench figure's label, a game's title, or one of the
  few listed in `NOT_ON_A_SCREEN` with why. A word of the printed rules is set in italics instead.
- **The wire.** Every JSON message the docs show (`{"v":1,"t":…}`) is a message of room/protocol.py with the
  keys its docstring gives, and the value of each key has the type the code's own messages carry (read off a
  real Seven Rounds room over the memory network). A code the docs say something is refused or answered with
  (`room_full`, `stale`) is an error code of the room or of the rules, or a protocol message.
- **Constants.** A figure the docs give a named constant (`AWAY_MS` = 6.5 s, 12 people (`ROOM_CAP`)) is that
  constant's value; each game's page and the rules' index give the game's player counts, and the index's
  columns say what the registry says of each game (whether the host plays, what a newcomer mid-game does,
  whether the host can remove a player during play).
"""

import ast
import html
import json
import pathlib
import re

import pytest

from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room import protocol
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").rglob("*.md") if p.parent.name != "runs")
RULES = ROOT / "docs" / "rules"
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
SPAN = re.compile(r"(`+)(.+?)\1", re.S)

# Quoted, and not found as one string: (doc, or "*" for any, phrase) -> why
NOT_ON_A_SCREEN = {
    ("docs/add-a-game.md", "no tests ran"): "pytest's own words for exit code 5",
    ("docs/browsers.md", "internet"): "the network lab's name for its public network",
    ("docs/relay.md", "internet"): "the network lab's name for its public network",
    ("docs/browsers.md", "interrupted"): "the Web Audio state Safari gives a suspended page",
    ("docs/relay.md", "client isolation"): "a router's setting",
    ("docs/relay.md", "AP isolation"): "a router's setting",
    ("docs/decisions.md", "🎉Zoë"): "a name a person types",
    ("*", "via relay"): 'ui/room.py draws it from two strings, "via " in a span and "relay"',
}


def text(path):
    return path.read_text(encoding="utf-8")


def rel(path):
    return str(path.relative_to(ROOT))


def prose(md):
    """The markdown a reader reads as sentences: no fenced blocks, code spans, HTML tags or comments."""
    md = FENCE.sub("", md)
    md = re.sub(r"<!--.*?-->", "", md, flags=re.S)
    md = SPAN.sub(" ", md)
    return re.sub(r"<[^>\n]+>", " ", md)


# --- what the screens say -----------------------------------------------------------------------------------

HOLE = "\x00"  # a value the code fills in, or a value the docs' example filled in
PY_FORMAT = re.compile(r"%(?:\([^)]*\))?[-+ #0]*\d*(?:\.\d+)?[sdirfgx%]")
JS_STRING = re.compile(r"'((?:[^'\\\n]|\\.)*)'|\"((?:[^\"\\\n]|\\.)*)\"|`((?:[^`\\]|\\.)*)`", re.S)


def norm(s):
    s = html.unescape(s).replace("\u2019", "'").replace("\u2018", "'").replace("...", "\u2026")
    s = s.replace("\u201c", '"').replace("\u201d", '"').replace("\u00a0", " ")
    return re.sub(r"\s+", " ", s).strip()


def _py_strings(path):
    """The string literals of a module, its docstrings aside (they are about the code, not on a screen)."""
    tree = ast.parse(text(path))
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.value
        elif isinstance(node, ast.JoinedStr):
            yield "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def _with_holes(s):
    s = PY_FORMAT.sub(HOLE, s)
    s = re.sub(r"\$\{[^}]*\}|\{[a-z_0-9]*\}", HOLE, s)
    s = re.sub(r"<[^>]*>", " ", s)  # markup between words
    return norm(s)


JS_TERM = r"[\w.$]+(?:\([^()\n]*\))?"


def js_joined(js):
    """Literals joined with `+` around an expression are one string with a hole: `n + " of " + max + "…"`."""
    for _ in range(4):
        js = re.sub(r"([\"'])\s*\+\s*%s\s*\+\s*\1" % JS_TERM, HOLE, js)
    js = re.sub(r"(?<![\w.$])%s\s*\+\s*([\"'])" % JS_TERM, lambda m: m.group(1) + HOLE, js)
    return re.sub(r"([\"'])\s*\+\s*%s(?=\s*[;,)\n:])" % JS_TERM, lambda m: HOLE + m.group(1), js)


def screen_texts():
    """Every string a screen can show, its formatting holes marked."""
    out = []
    for package in ("ui", "games", "room", "app", "net"):
        for path in sorted((ROOT / "py" / "peerparty" / package).rglob("*.py")):
            out += [_with_holes(s) for s in _py_strings(path)]
    for path in sorted((ROOT / "examples").rglob("*.py")):  # the worked example's screens and rules
        out += [_with_holes(s) for s in _py_strings(path)]
    for path in sorted((ROOT / "static" / "js").glob("*.*js")):
        for m in JS_STRING.finditer(js_joined(text(path))):
            out.append(_with_holes(next(g for g in m.groups() if g is not None).replace("\\'", "'")))
    for page in sorted(ROOT.glob("*.html")):
        body = re.sub(r"<(script|style)\b.*?</\1>", " ", text(page), flags=re.S)
        out += [_with_holes(t) for t in re.split(r"<[^>]*>", body) if t.strip()]
        out += [_with_holes(a) for a in re.findall(r"\b(?:aria-label|title|alt|placeholder)=\"([^\"]*)\"", body)]
    return [t for t in out if t.strip()]


EXAMPLE = re.compile(r"\*[^*]+\*|<[a-z ]+>|\b(?:Ann|Ben|Cat|Dan|Sam|Kim|Eve|Zoë|N|k|r(?:-1)?|\d+(?:\.\d+)?)\b")


def said_on_a_screen(phrase, texts):
    """Whether `phrase` (the docs' example: names, numbers) is part of something a screen shows."""
    phrase = norm(phrase).strip("\u2026 ")  # "…even through the relay": a part of a longer sentence
    q = EXAMPLE.sub(HOLE, phrase)
    part = re.compile(re.escape(q).replace(re.escape(HOLE), "(?:%s|[^\\s:,.?!]+)" % HOLE))
    for t in texts:
        if part.search(t):
            return True
        fixed = re.sub(r"[^A-Za-z]", "", t.replace(HOLE, ""))
        if (
            HOLE in t
            and len(fixed) * 2 >= len(re.sub(r"[^A-Za-z]", "", phrase))
            and re.fullmatch(re.escape(t).replace(re.escape(HOLE), ".+?"), phrase)
        ):
            return True  # the whole sentence, a hole filled with several words ("you scored 7 points")
    return False


def quotes(md):
    body = prose(md)
    found = re.findall(r"(?<![\w=])\"([^\"\n]{1,160}?)\"(?!\w)", body)
    found += re.findall(r"\u201c([^\u201d]{1,160})\u201d", body)
    return [q for q in found if q.strip(" ,.;:()")]


def headings():
    out = set()
    for doc in DOCS:
        out.update(norm(h) for h in re.findall(r"^#+\s+(.+?)\s*$", FENCE.sub("", text(doc)), re.M))
    return out


def bench_labels():
    out = set()
    for path in (ROOT / "bench").glob("*.py"):
        out.update(norm(s) for s in _py_strings(path))
    return out


def table_heads(md):
    """The column names of a page's tables (a page may quote its own column)."""
    rows = re.findall(r"^\|(.+)\|\s*\n\|[-| :]+\|\s*$", md, re.M)
    return {norm(c).lower() for row in rows for c in row.split("|")}


def unseen_quotes(docs, texts):
    known = headings() | {norm(g.title) for g in REGISTRY.values()}
    labels = bench_labels()
    bad = []
    for doc in docs:
        for q in quotes(text(doc)):
            n = norm(q).rstrip(",")
            if (
                (rel(doc), q) in NOT_ON_A_SCREEN
                or ("*", q) in NOT_ON_A_SCREEN
                or n in known
                or any(n in label for label in labels)
            ):
                continue
            if n.lower() in table_heads(text(doc)):
                continue
            if not said_on_a_screen(n, texts):
                bad.append('%s: "%s"' % (rel(doc), q))
    return bad


@pytest.fixture(scope="module")
def texts():
    return screen_texts()


def test_every_quoted_screen_word_is_on_a_screen(texts):
    assert unseen_quotes(DOCS, texts) == []


def test_a_screen_word_no_screen_shows_is_found(texts, tmp_path):
    page = tmp_path / "docs" / "x.md"
    page.parent.mkdir()
    page.write_text(
        'The host presses "Start round 2", then "Next round"; Ann sees "Remove Sam from the room? They cannot '
        'rejoin." and `"Not a claim"`.\n<img alt="Not one either">\n'
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert unseen_quotes([page], texts) == ['docs/x.md: "Next round"']
    finally:
        ROOT = saved


# --- the wire ---------------------------------------------------------------------------------------------------


def may_be_null(kind, key):
    """Whether room/protocol.py's docstring lets `key` of a `kind` message be null (`"name":str|None`)."""
    return re.search(r'"t":"%s"[^\n]*"%s":[\w|]*None' % (kind, key), protocol.__doc__) is not None


def protocol_schema():
    """{message type: keys} from room/protocol.py's docstring (one message per `{"v":1,"t":…}` there)."""
    doc = protocol.__doc__
    schema = {}
    for m in re.finditer(r'\{"v":1,"t":"(\w+)"(.*?)\}(?=\s|$|\s*\|)', doc):
        schema.setdefault(m.group(1), set()).update(re.findall(r'"(\w+)":', m.group(2)))
    for m in re.finditer(r'\{"v":1,"t":"(\w+)"([^\n]*)', doc):  # a message whose schema spans a line
        schema.setdefault(m.group(1), set()).update(re.findall(r'"(\w+)":', m.group(2)))
    for m in re.finditer(r'^\s+"(\w+)":', doc, re.M):  # continuation lines (the view's "controls")
        schema.setdefault("view", set()).add(m.group(1))
    return schema


def error_codes():
    codes = set(protocol.ROOM_ERRORS)
    for path in (ROOT / "py" / "peerparty").rglob("*.py"):
        codes.update(re.findall(r"(?:IllegalMove|ProtocolError|_error)\(\s*(?:\w+,\s*)?\"([a-z_]+)\"", text(path)))
    return codes


def examples(md):
    """The protocol messages a page shows: lines of its fenced blocks that are one message."""
    out = []
    for block in re.findall(r"^```json\n(.*?)^```", md, re.M | re.S):
        for line in block.splitlines():
            if line.startswith('{"v":1'):
                out.append(line)
    return out


def loads_example(line):
    """An example with its elisions (`…`) read as empty."""
    line = re.sub(r",\s*…", "", line)
    line = line.replace('"…"', '""').replace("{…}", "{}").replace("[…]", "[]").replace("…", "")
    return json.loads(line)


def real_messages():
    """Every message both ways of a short evening (joins, a leave, Seven Rounds with a lock, a refused lock, a ping
    and a phone that comes back and proves its seat, then Hint Hunt with its replica and a removal), by type."""
    games = {g: REGISTRY[g] for g in ("seven_rounds", "hint_hunt")}
    host = HostSession("DDQH", games, token_source=iter("tok%04d" % i for i in range(999)).__next__)
    net = MemoryNetwork(host, 0)
    seen = []
    on_message = host.on_message

    def heard(conn, message, now_ms):
        seen.append(message)
        return on_message(conn, message, now_ms)

    host.on_message = heard
    phones = []
    for name in ("Ann", "Ben", "Cat", "Dan"):
        phone = Phone(net, GuestSession("DDQH", name=name))
        net.connect(phone)
        net.flush()
        phones.append(phone)
    net.send(phones[3], '{"v":1,"t":"leave"}')
    net.flush()

    def tv(action):
        out, refused = host.host_action(action, net.now_ms)
        assert refused is None, refused
        net.to_phone.extend(out)
        net.flush()

    tv({"t": "pick", "game": "seven_rounds"})
    tv({"t": "start"})
    ann = phones[0]
    for _ in range(2):  # the second lock is refused
        ann.send_move({"type": "lock", "action": "bank"})
        net.flush()
    net.send(ann, ann.session.ping(7))
    net.flush()
    net.disconnect(phones[1])
    net.connect(phones[1])  # Ben's phone comes back: its seat's tag, challenge, prove, welcome
    net.flush()
    tv({"t": "move", "move": {"type": "end_game"}})
    tv({"t": "lobby"})
    tv({"t": "pick", "game": "hint_hunt"})
    tv({"t": "start"})
    tv({"t": "remove", "seat": host.lobby.by_name("Cat").id})
    by_type = {}
    for t in seen + [t for p in phones for t in p.received]:
        m = json.loads(t)
        by_type.setdefault(m["t"], []).append(m)
    return by_type


def json_type(value):
    return {bool: "bool", int: "number", float: "number", str: "string", list: "list", dict: "object"}.get(
        type(value), "null"
    )


def shape_errors(example, reals, where):
    """Keys of `example` whose value's type no real message of its kind has for that key (nested objects too)."""
    bad = []
    for key, value in example.items():
        seen = [r[key] for r in reals if isinstance(r, dict) and key in r]
        if not seen:
            continue
        types = {json_type(v) for v in seen}
        if value is None and may_be_null(where.split(": ")[-1].split(".")[0], key):
            continue
        if json_type(value) not in types and value not in ("", {}, []):
            bad.append("%s.%s is a %s; the code sends %s" % (where, key, json_type(value), "/".join(sorted(types))))
        elif isinstance(value, dict):
            bad += shape_errors(value, [v for v in seen if isinstance(v, dict)], "%s.%s" % (where, key))
    return bad


def wire_errors(docs, reals):
    schema = protocol_schema()
    bad = []
    for doc in docs:
        for line in examples(text(doc)):
            message = loads_example(line)
            kind = message.get("t")
            where = "%s: %s" % (rel(doc), kind)
            if kind not in schema:
                bad.append("%s is no message of room/protocol.py" % where)
                continue
            extra = set(message) - schema[kind] - {"v", "t"}
            if extra:
                bad.append("%s has %s, which room/protocol.py does not give it" % (where, sorted(extra)))
            if message.get("code") is not None and message["code"] not in error_codes():
                bad.append("%s: no error %s" % (where, message["code"]))
            bad += shape_errors(message, reals.get(kind, []), where)
    return bad


@pytest.fixture(scope="module")
def reals():
    return real_messages()


def test_the_real_evening_sends_what_the_examples_need(reals):
    assert {"hello", "prove", "move", "ping", "leave", "challenge", "welcome", "view", "ack", "error", "pong"} <= set(
        reals
    )
    assert {"bye", "replica"} <= set(reals)


def test_every_message_the_docs_show_is_the_codes(reals):
    assert wire_errors(DOCS, reals) == []


def test_a_message_the_code_never_sends_is_found(reals, tmp_path):
    page = tmp_path / "x.md"
    page.write_text(
        '```json\n{"v":1,"t":"move","id":0,"ref":1,"move":{}}\n{"v":1,"t":"shout"}\n'
        '{"v":1,"t":"error","code":"too_loud","msg":"x","id":1}\n{"v":1,"t":"ack","id":0,"why":"x"}\n```\n'
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert wire_errors([page], reals) == [
            "x.md: move.ref is a number; the code sends string",
            "x.md: shout is no message of room/protocol.py",
            "x.md: error: no error too_loud",
            "x.md: ack has ['why'], which room/protocol.py does not give it",
        ]
    finally:
        ROOT = saved


# A code span the docs say something is refused with, answered or told: refused as `stale`, gets `room_full`
CODE_CLAIM = re.compile(
    r"(?:refus\w*|answer\w*|error|gets|told|tells?)\s+(?:(?:as|with|it|them|the error|an?|its)\s+)*`([a-z_]+)`"
)


def code_claims(md):
    return CODE_CLAIM.findall(FENCE.sub("", md))


def worker_messages():
    """The screen thread's messages to the rules worker (app/rules_worker.py CALLS) and the keys of its answers."""
    source = text(ROOT / "py" / "peerparty" / "app" / "rules_worker.py")
    calls = re.search(r"^CALLS = \{(.*?)^\}", source, re.M | re.S).group(1)
    answers = re.search(r"^LISTS = (.*?)^\)", source, re.M | re.S).group(1)
    return set(re.findall(r'^    "(\w+)":', calls, re.M)), set(re.findall(r'"(\w+)"', answers))


def test_every_error_code_the_docs_name_is_the_codes():
    known = error_codes() | set(protocol_schema()) | worker_messages()[0]
    bad = sorted("%s: `%s`" % (rel(doc), c) for doc in DOCS for c in code_claims(text(doc)) if c not in known)
    assert bad == []


def test_an_error_code_is_read_where_the_docs_claim_one():
    assert code_claims("refused as `stale`; gets `room_full`, told `waiting`; the `view` key") == [
        "stale",
        "room_full",
        "waiting",
    ]


# --- constants ----------------------------------------------------------------------------------------------------

NUMBER_WORDS = dict(
    (w, i) for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())
)
UNITS = {"ms": 1, "s": 1000, "bytes": 1, "kb": 1000, "min": 60000}
VALUE = r"(\d[\d,]*(?:\.\d+)?|%s)(?:\s*(ms|s|bytes|KB|min)\b)?" % "|".join(NUMBER_WORDS)
# `NAME` = 6.5 s, `NAME` (30 s), or 12 people (`NAME`, ...)
CONST_AFTER = re.compile(r"`([A-Z][A-Z0-9_]{2,})`\s*(?:=|\()\s*" + VALUE)
CONST_BEFORE = re.compile(VALUE + r"(?:\s+[a-z]+){0,3}\s*\(`([A-Z][A-Z0-9_]{2,})`")


def constants():
    """Every module-level NAME = number in py/peerparty."""
    out = {}
    for path in (ROOT / "py" / "peerparty").rglob("*.py"):
        for node in ast.parse(text(path)).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                try:
                    value = ast.literal_eval(node.value)
                except ValueError:
                    continue
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    out.setdefault(node.targets[0].id, set()).add(value)
    return out


def as_number(figure, unit, name):
    n = NUMBER_WORDS[figure] if figure in NUMBER_WORDS else float(figure.replace(",", ""))
    if unit and name.endswith("_MS"):
        return n * UNITS[unit.lower()]
    return n


def constant_claims(md):
    body = FENCE.sub("", md)
    claims = [(name, as_number(f, u, name)) for name, f, u in CONST_AFTER.findall(body)]
    claims += [(name, as_number(f, u, name)) for f, u, name in CONST_BEFORE.findall(body)]
    return claims


def test_every_constant_the_docs_quote_has_the_codes_value():
    known = constants()
    bad = []
    for doc in DOCS:
        for name, value in constant_claims(text(doc)):
            if name in known and value not in known[name]:
                bad.append("%s: %s = %s, the code says %s" % (rel(doc), name, value, sorted(known[name])))
    assert bad == []


def test_a_constant_claim_is_read_in_each_form():
    assert constant_claims(
        "`AWAY_MS` = 6.5 s, 12 people (`ROOM_CAP`), at most four (`MAX_SCREENS`), `X_MS` (30 s)"
    ) == [
        ("AWAY_MS", 6500.0),
        ("X_MS", 30000.0),
        ("ROOM_CAP", 12.0),
        ("MAX_SCREENS", 4),
    ]


PAGES = {
    "seven_rounds": "seven-rounds.md",
    "bank_or_bust": "bank-or-bust.md",
    "hint_hunt": "hint-hunt.md",
    "someone_elses_problem": "someone-elses-problem.md",
}


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_every_player_count_on_a_games_page_is_the_games(game_id):
    game, md = REGISTRY[game_id], text(RULES / PAGES[game_id])
    said = re.findall(r"(\d+) to (\d+) players", md)
    assert said and set(said) == {(str(game.min_players), str(game.max_players))}
    cap = min(game.max_players, protocol_cap())
    assert set(re.findall(r"\b(\d+)th (?:join|person|player)", md)) <= {str(cap + 1)}


def protocol_cap():
    from peerparty.room.lobby import ROOM_CAP

    return ROOM_CAP


def index_rows():
    """The rules' index table: {game id: {column: cell}}."""
    md = text(RULES / "README.md")
    lines = [ln for ln in md.splitlines() if ln.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = {}
    for ln in lines[2:]:
        cells = dict(zip(head, [c.strip() for c in ln.strip("|").split("|")]))
        rows[cells["Id in code"].strip("`")] = cells
    return rows


def what_the_registry_says(game):
    """The index's cells, as the registry has them."""
    return {
        "Players": "%d–%d" % (game.min_players, game.max_players),
        "The big screen": "the table",
        "Who hosts": "a player, on the phone with the controls" if game.host_is_player else "no player",
        "A newcomer mid-game": "watches" if game.spectators else "joins at the results",
        "Remove mid-game": "yes" if "remove" in game.host_moves else "no",
    }


def test_the_rules_index_says_what_the_registry_says():
    rows = index_rows()
    assert set(rows) == set(REGISTRY)
    bad = []
    for game_id, game in REGISTRY.items():
        for column, cell in what_the_registry_says(game).items():
            if rows[game_id].get(column) != cell:
                bad.append("%s %s: %r, the registry says %r" % (game_id, column, rows[game_id].get(column), cell))
    assert bad == []


def host_threads_tables():
    """docs/host-threads.md's two message tables: the first column's names, each table after its heading line."""
    md = text(ROOT / "docs" / "host-threads.md").split("## The messages", 1)[1].split("\n## ", 1)[0]
    tables = re.findall(r"((?:^\|.*\|\s*\n)+)", md, re.M)
    names = []
    for table in tables[:2]:
        rows = table.strip().splitlines()[2:]
        names.append({n for row in rows for n in re.findall(r"`(\w+)`", row.split("|")[1])})
    return names


def test_the_host_threads_message_tables_are_the_workers():
    to_worker, from_worker = host_threads_tables()
    calls, answers = worker_messages()
    source = text(ROOT / "py" / "peerparty" / "app" / "rules_worker.py")
    boot = set(
        re.findall(r"(\w+)=", re.search(r"out\.update\((.*?)\)  #", source, re.S).group(1))
    )  # the first answer's
    assert to_worker - {"wasm"} == calls
    assert from_worker == answers | boot


# --- what a page's script bundle holds ------------------------------------------------------------------------


def bundle_scripts():
    """{bundle: the names of the project's own scripts in it} from scripts/build.py (*_SCRIPTS)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("peerparty_build", ROOT / "scripts" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    own = lambda scripts: {pathlib.Path(s).name for s in scripts if s.startswith("static/js/")}  # noqa: E731
    return {"host": own(build.HOST_SCRIPTS), "phone": own(build.PHONE_SCRIPTS), "screen": own(build.SCREEN_SCRIPTS)}


def bundle_lists(md):
    """[(bundle, {script names})] wherever a page lists what `static/build/<bundle>.js` holds, in the parentheses
    or table cell after it."""
    body = FENCE.sub("", md)
    out = []
    for m in re.finditer(
        r"(?:static/build/)?(host|phone|screen)\.js`?(?::\s*|\s*\(|`?\s*\()([^|)\n]*(?:\n[^|)\n]*)?)", body
    ):
        names = set(re.findall(r"`(?:static/js/)?([\w-]+\.js)`", m.group(2)))
        if len(names) >= 2:
            out.append((m.group(1), names))
    return out


def test_every_list_of_a_bundles_scripts_is_the_builds():
    scripts = bundle_scripts()
    bad = []
    for doc in DOCS:
        for bundle, names in bundle_lists(text(doc)):
            if names != scripts[bundle]:
                bad.append(
                    "%s: %s.js holds %s, the build %s" % (rel(doc), bundle, sorted(names), sorted(scripts[bundle]))
                )
    assert bad == []


def test_a_bundle_list_is_read():
    md = "| loads | `static/build/host.js`: lean-qr, `qr-svg.js`, `glue.js` |\n(`static/build/screen.js`: `a.js`, `b.js`)"
    assert bundle_lists(md) == [("host", {"qr-svg.js", "glue.js"}), ("screen", {"a.js", "b.js"})]


def test_every_count_of_the_bundles_is_the_builds():
    """ "builds the three pages' script bundles": as many as scripts/build.py makes (host.js, phone.js, screen.js)."""
    count = len(bundle_scripts())
    said = [
        (rel(doc), NUMBER_WORDS[n])
        for doc in DOCS
        for n in re.findall(
            r"\b(two|three|four)\s+(?:app\s+|pages'\s+script\s+)?bundles\b", re.sub(r"\s+", " ", text(doc))
        )
    ]
    assert said and [s for s in said if s[1] != count] == []
