// PeerJS 1.5's own build (node_modules/peerjs, the CommonJS bundle of the same source as the pages' file) against a
// running PeerServer, in node: WebRTC is stood in for by the least that lets a DataConnection make its offer (no
// channel ever opens). It dials two ids nobody holds, 2 s apart, and prints every event as JSON, with times in ms:
// tests/net/test_peerserver_model.py checks what the simulator's PeerJS (tests/sim/peerjs.py) takes from it.
// Usage: node peerjs_driver.cjs <port>
globalThis.window = globalThis;
globalThis.navigator = { userAgent: "Mozilla/5.0 Chrome/120.0.0.0", mediaDevices: {} };
globalThis.location = { protocol: "http:" };
globalThis.WebSocket = require("ws");
class Channel extends EventTarget {
  constructor(label) { super(); this.label = label; }
  close() {}
}
class PeerConnection extends EventTarget {
  createDataChannel(label) { return new Channel(label); }
  async createOffer() { return { type: "offer", sdp: "v=0" }; }
  async setLocalDescription(d) { this.localDescription = d; }
  close() {}
}
globalThis.RTCPeerConnection = PeerConnection;
globalThis.RTCSessionDescription = class { constructor(d) { Object.assign(this, d); } };
globalThis.RTCIceCandidate = class {};

const { Peer } = require("peerjs");
const t0 = Date.now();
const events = [];
const log = (what) => events.push(Object.assign(what, { at: Date.now() - t0 }));
const peer = new Peer("phone-" + Math.random().toString(16).slice(2, 8),
                      { host: "127.0.0.1", port: Number(process.argv[2]), path: "/peerjs", key: "peerjs", debug: 0 });
const dial = (id) => {
  const conn = peer.connect(id, { reliable: true, serialization: "raw" });
  log({ event: "dial", id });
  for (const name of ["open", "close", "error"]) conn.on(name, (e) => log({ event: "conn " + name, id, type: e && e.type }));
  return conn;
};
const conns = [];
peer.on("open", () => {
  conns.push(dial("nobody-" + Math.random().toString(16).slice(2, 8)));
  setTimeout(() => conns.push(dial("nobody-else-" + Math.random().toString(16).slice(2, 8))), 2000);
});
peer.on("error", (err) => log({ event: "peer error", type: err.type, message: err.message, text: String(err) }));
setTimeout(() => {
  console.log(JSON.stringify({ events, open: conns.map((c) => c.open), destroyed: peer.destroyed }));
  process.exit(0);
}, 10000);
