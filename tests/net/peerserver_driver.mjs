// Drives a running PeerServer (npm `peer`) over its WebSocket as PeerJS clients would, and prints what it saw as
// JSON: tests/net/test_peerserver_model.py compares it with the simulator's model (tests/sim/peerserver.py).
// Usage: node peerserver_driver.mjs <port> <scenario>. Times are ms since the scenario's first offer.
import WebSocket from "ws";

const [port, scenario] = process.argv.slice(2);
const t0 = Date.now();
const now = () => Date.now() - t0;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// One client socket (as lib/socket.ts opens it): every server message with the time it came.
function client(id, token = "tok-" + id) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}`);
  const c = { id, ws, heard: [], closedAt: null };
  ws.on("message", (data) => c.heard.push(Object.assign(JSON.parse(String(data)), { at: now() })));
  ws.on("close", () => (c.closedAt = now()));
  c.ready = new Promise((ok) => ws.on("open", ok));
  c.offer = (dst, connectionId) =>
    ws.send(JSON.stringify({ type: "OFFER", dst, payload: { type: "data", connectionId, sdp: { type: "offer" } } }));
  c.heartbeat = () => ws.send(JSON.stringify({ type: "HEARTBEAT" }));
  return c;
}
const opened = async (...cs) => {
  await Promise.all(cs.map((c) => c.ready));
  await sleep(100);
};
const tag = () => Math.random().toString(16).slice(2, 8);

const scenarios = {
  // offers to ids nobody holds, a fifth of a second apart over 1.2 s (longer than the prune period, so they always
  // fall on two prunes or more): each EXPIRE, and the prune grid they fall on
  async expire() {
    const a = client("a-" + tag());
    await opened(a);
    const sent = {};
    for (let i = 0; i < 7; i++) {
      const dst = "absent-" + i + "-" + tag();
      sent[dst] = now();
      a.offer(dst, "dc_" + i);
      await sleep(200);
    }
    await sleep(9000);
    return { sent, heard: a.heard };
  },
  // a second offer to the same absent id, 3 s after the first, joins its queue: one EXPIRE for both
  async joined() {
    const a = client("a-" + tag());
    await opened(a);
    const dst = "absent-" + tag();
    const sent = [now()];
    a.offer(dst, "dc_1");
    await sleep(3000);
    sent.push(now());
    a.offer(dst, "dc_2");
    await sleep(7000);
    return { dst, sent, heard: a.heard };
  },
  // an offer to an id that registers 2.5 s later is handed over, behind OPEN; no EXPIRE
  async handover() {
    const a = client("a-" + tag());
    await opened(a);
    const dst = "late-" + tag();
    a.offer(dst, "dc_late");
    await sleep(2500);
    const b = client(dst);
    await b.ready;
    await sleep(6000);
    return { src: a.id, heard: a.heard, holder: b.heard };
  },
  // an id held under one token: another token is told ID-TAKEN and closed; the same token takes it over, told nothing
  async taken() {
    const id = "held-" + tag();
    const b = client(id, "first");
    await opened(b);
    const c = client(id, "second");
    const d = client(id, "first");
    await sleep(1500);
    const e = client("e-" + tag());
    await opened(e);
    e.offer(id, "dc_t");
    await sleep(1000);
    return { other: c.heard, otherClosed: c.closedAt !== null, same: d.heard, first: b.heard };
  },
  // a socket that closes frees its id at once: another token registers it a moment later
  async close() {
    const id = "gone-" + tag();
    const b = client(id, "first");
    await opened(b);
    b.ws.close();
    await sleep(200);
    const c = client(id, "second");
    await opened(c);
    return { after: c.heard };
  },
  // a client that stops its heartbeats keeps its id until alive_timeout (this server's --alive_timeout), and an
  // offer to it meanwhile is never answered EXPIRE; then the id is free again
  async silent() {
    const id = "silent-" + tag();
    const b = client(id, "first");
    const a = client("a-" + tag());
    await opened(b, a);
    const lastPing = now() - 100; // its registration is its last ping
    a.offer(id, "dc_s");
    let freedAt = null;
    for (let i = 0; i < 40 && freedAt === null; i++) {
      await sleep(250);
      const c = client(id, "other-" + i);
      await new Promise((ok) => {
        c.ws.on("message", (data) => {
          if (JSON.parse(String(data)).type === "OPEN") freedAt = now();
          ok();
        });
        c.ws.on("close", ok);
      });
      if (freedAt === null) c.ws.close();
    }
    // the server frees the id and closes the silent socket in one sweep, but the close frame may reach the holder
    // after another client's OPEN on a loaded machine: wait for it (at most 5 s, then the test says it never came)
    if (freedAt !== null && b.closedAt === null) {
      await new Promise((ok) => {
        b.ws.once("close", ok);
        setTimeout(ok, 5000);
      });
    }
    return { lastPing, freedAt, closedAt: b.closedAt, offered: a.heard, holder: b.heard };
  },
};

const out = await scenarios[scenario]();
console.log(JSON.stringify(out));
process.exit(0);
