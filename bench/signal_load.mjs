// The PeerServer's side of a night of parties, simulated (bench/signal_load.py starts it; loopback only).
// node bench/signal_load.mjs WS_BASE PHONES_PER_ROOM LEVELS SAMPLE HOLD_MS
// For each level (a number of rooms, rising): the missing rooms register (a host "peerparty-CODE-0" and its
// phones "pp-<hex>", each a websocket as PeerJS opens it: ?key=peerjs&id=..&token=..), every phone introduces
// itself to its host as PeerJS does (OFFER, the host's ANSWER, three CANDIDATEs each way), and every socket
// sends PeerJS's HEARTBEAT each 5 s, for HOLD_MS. Then SAMPLE phones introduce themselves again: the
// introduction time at that load is OFFER sent to ANSWER received. One JSON line per level on stdout.
import WebSocket from "ws";

const [base, phonesArg, levelsArg, sampleArg, holdArg] = process.argv.slice(2);
const PHONES = Number(phonesArg), LEVELS = levelsArg.split(",").map(Number), SAMPLE = Number(sampleArg);
const HOLD_MS = Number(holdArg);
const HEARTBEAT_MS = 5000;                 // PeerJS's pingInterval
const IN_FLIGHT = 200;                     // sockets opening at once
const SDP = "v=0\r\n" + "a=candidate:1 1 udp 2122260223 10.0.0.1 5000 typ host\r\n".repeat(20);   // ~1 KB
let closed = 0, errors = 0;
const rooms = [];

function hex(n) {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join("");
}

function open(id) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}?key=peerjs&id=${id}&token=${hex(10)}`);
    const peer = { id, ws, waiting: new Map() };
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === "OPEN") resolve(peer);
      else if (msg.type === "OFFER") {        // a host answers, then trickles its candidates
        send(peer, { type: "ANSWER", dst: msg.src, payload: { sdp: { type: "answer", sdp: SDP },
                                                              connectionId: msg.payload.connectionId } });
        for (let i = 0; i < 3; i++) send(peer, { type: "CANDIDATE", dst: msg.src, payload: { candidate: SDP.slice(0, 90) } });
      } else if (msg.type === "ANSWER") {
        const done = peer.waiting.get(msg.payload.connectionId);
        if (done) done();
      } else if (msg.type === "ERROR" || msg.type === "ID-TAKEN") reject(new Error(JSON.stringify(msg)));
    });
    ws.on("close", () => { closed++; });
    ws.on("error", (e) => { errors++; reject(e); });
    peer.beat = setInterval(() => send(peer, { type: "HEARTBEAT" }), HEARTBEAT_MS);
  });
}

function send(peer, msg) {
  if (peer.ws.readyState === WebSocket.OPEN) peer.ws.send(JSON.stringify(msg));
}

function introduce(phone, hostId) {
  const cid = "dc_" + hex(12);
  const t0 = performance.now();
  return new Promise((resolve) => {
    phone.waiting.set(cid, () => { phone.waiting.delete(cid); resolve(performance.now() - t0); });
    send(phone, { type: "OFFER", dst: hostId, payload: { sdp: { type: "offer", sdp: SDP + SDP }, type: "data",
                                                         connectionId: cid, label: cid, reliable: true,
                                                         serialization: "raw", metadata: { name: "", device: "" } } });
    for (let i = 0; i < 3; i++) send(phone, { type: "CANDIDATE", dst: hostId, payload: { candidate: SDP.slice(0, 90) } });
  });
}

async function pool(items, fn) {
  const out = [];
  let next = 0;
  async function worker() {
    while (next < items.length) { const i = next++; out[i] = await fn(items[i]); }
  }
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
  return out;
}

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : null;
}

for (const level of LEVELS) {
  const t0 = performance.now();
  const fresh = [];
  while (rooms.length < level) {
    const code = hex(6).toUpperCase();
    const room = { hostId: "peerparty-" + code + "-0", phoneIds: Array.from({ length: PHONES }, () => "pp-" + hex(16)) };
    rooms.push(room);
    fresh.push(room);
  }
  await pool(fresh, async (room) => { room.host = await open(room.hostId); });
  await pool(fresh, async (room) => { room.phones = await Promise.all(room.phoneIds.map(open)); });
  const registered = performance.now() - t0;
  const introMs = await pool(fresh.flatMap((r) => r.phones.map((p) => [p, r.hostId])), ([p, h]) => introduce(p, h));
  const introduced = performance.now() - t0;
  await new Promise((r) => setTimeout(r, HOLD_MS));
  const picks = Array.from({ length: SAMPLE }, () => rooms[Math.floor(Math.random() * rooms.length)]);
  const sample = [];
  for (const room of picks) sample.push(await introduce(room.phones[Math.floor(Math.random() * PHONES)], room.hostId));
  console.log(JSON.stringify({ rooms: rooms.length, peers: rooms.length * (PHONES + 1), closed, errors,
                               register_ms: Math.round(registered), introduce_all_ms: Math.round(introduced - registered),
                               burst_p50_ms: quantile(introMs, 0.5), burst_p95_ms: quantile(introMs, 0.95),
                               held_p50_ms: quantile(sample, 0.5), held_p95_ms: quantile(sample, 0.95),
                               held_max_ms: Math.max(...sample) }));
}
process.exit(0);
