// What a remote screen decides about the room's terms (docs/second-screen.md): which term's id to dial, what a
// host's answer, a refusal or the signalling server's "nobody holds that id" means, when to forget its key. Pure:
// no PeerJS, no DOM, no clock, no randomness (screen.js does the I/O and passes nonces in). The simulator's
// tests/sim/screen.py Terms is its twin, and tests/test_screen_terms.py drives this very file under node with the
// same traces as the twin and compares every decision, so the page and its model cannot drift apart.
//
// Every call returns null (nothing to do) or a decision: {again: ms} hang up and dial tryEpoch after ms;
// {send: message} on the current link; {say: notice, msg} show it; {watching: n} a host welcomed this screen;
// {save: true} store {key, epoch}; {stop: reason}; {impostor: true} the host at that id could not prove the key.
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const AGAIN_MS = 1000;        // after a lost link or an id nobody holds, the next attempt
  const FULL_RETRY_MS = 10000;  // a host that takes no screen now (all four watch, or it is a seat's own screen)
  const LOOK_AHEAD = 8;         // = room/rejoin.py's LOOK_AHEAD
  const PROVEN = ["challenge", "wait", "pong", "error"];     // all a host may say before it proved the key

  pp.screenTerms = function (code, saved, mac) {
    const s = {
      epoch: Number(saved.epoch) || 0,    // the latest term whose host this screen watched
      key: saved.key || null,
      tryEpoch: 0,                        // the term the next attempt dials
      looks: 0,
      watching: false,
      forgot: false,                      // its key was forgotten: it says so until a host welcomes it anew
      walk: null,                         // since a later term's host refused the key: {from, absent: [terms]}
    };
    s.tryEpoch = s.epoch;
    let n = 0;
    let at = null;                        // the current attempt: {n, epoch, open, asked}
    const hostId = (term) => "peerparty-" + code + "-" + term;
    const current = (k) => at !== null && at.n === k;
    const unproved = () => !s.watching && at !== null && at.epoch !== s.epoch;

    // The term after a look that found nobody, as a phone looks (room/rejoin.py retry): every other attempt its own
    // term's host (it may be reloading), the others mostly the next term (a takeover is one on, its host maybe
    // still booting) and every third one term further than the last such look, up to LOOK_AHEAD. Once a later
    // term's host refused the key, the room has moved past its own term: the terms above that one, in turn, to
    // find its newest host.
    function nextTerm() {
      if (s.walk !== null) {
        for (let t = s.walk.from + 1; t <= s.epoch + LOOK_AHEAD; t++) if (!s.walk.absent.includes(t)) return t;
      }
      if (s.tryEpoch !== s.epoch) return s.epoch;
      s.looks += 1;
      return s.epoch + (s.looks % 3 ? 1 : 2 + ((Math.floor(s.looks / 3) - 1) % (LOOK_AHEAD - 1)));
    }

    function next(ms) {
      s.tryEpoch = nextTerm();
      s.watching = false;
      return { again: ms };
    }

    // The key is forgotten when the host of its own term refuses it, or when the newest host it can reach does:
    // a later term's host refused it and nobody holds any term above that one, up to the look-ahead. A stranger at
    // a later id cannot make it forget: the room's own host, below or above it, proves the key first.
    function forget() {
      s.key = null;
      s.forgot = true;
      s.walk = null;
      s.looks = 0;
      s.tryEpoch = s.epoch;
      s.watching = false;
      return { again: 0, save: true, say: "forgotten" };
    }

    function walkDone() {
      for (let t = s.walk.from + 1; t <= s.epoch + LOOK_AHEAD; t++) if (!s.walk.absent.includes(t)) return false;
      return true;
    }

    // --- the attempts -------------------------------------------------------------------------------------------
    function dial() {
      n += 1;
      at = { n, epoch: s.tryEpoch, open: false, asked: null };
      s.watching = false;
      return { n, epoch: at.epoch, id: hostId(at.epoch) };
    }

    function opened(k, nonce) {
      if (!current(k)) return null;
      at.open = true;
      const message = { v: 1, t: "watch", room: code, epoch: s.epoch };
      if (s.key) {
        at.asked = nonce;
        message.screen = mac(s.key, "screen").slice(0, 24);
        message.nonce = nonce;
      }
      return { send: message };
    }

    // The signalling server's "nobody holds that id" (PeerJS's peer-unavailable names the id, never the
    // connection, and the server sends it 5-6 s after the offer). It answers the current attempt only if that
    // dials this id and has not opened: the id was nobody's for those seconds. About another id, or once the
    // link is open, it answers an earlier attempt and changes nothing: a live link and its term stay.
    function unavailable(term) {
      if (at === null || at.open || at.epoch !== term) return null;
      if (s.walk !== null && term > s.walk.from) {
        if (!s.walk.absent.includes(term)) s.walk.absent.push(term);
        if (walkDone()) return forget();
      }
      return next(AGAIN_MS);
    }

    // the current link closed or failed; a later term's id that had not proved itself: back to its own term
    function closed(k) {
      if (!current(k)) return null;
      if (unproved()) s.tryEpoch = s.epoch;
      s.watching = false;
      return { again: AGAIN_MS };
    }

    // no link within RETRY_MS: the same term again
    function timedOut(k) {
      if (!current(k) || at.open) return null;
      return { again: 0 };
    }

    // the open link said nothing for LOST_MS, or a later term's id did not prove itself within PROOF_MS
    function silent(k) {
      if (!current(k)) return null;
      if (unproved()) s.tryEpoch = s.epoch;
      s.watching = false;
      return { again: 0 };
    }

    // another of the page's peer errors (the signalling server out of reach): try again unless watching
    function trouble() {
      return s.watching ? null : { again: AGAIN_MS };
    }

    // Whether a message of this kind on attempt k is to be read: only the current link's, and before the host
    // proved the key only a challenge, a wait, a pong or an error.
    function heard(k, kind) {
      return current(k) && (at.asked === null || PROVEN.includes(kind));
    }

    // --- what the host says ------------------------------------------------------------------------------------
    function said(k, m) {
      if (!heard(k, m.t)) return null;
      if (m.t === "wait") {
        s.walk = null;            // a host is there, its rules booting
        return { say: "waiting" };
      }
      if (m.t === "challenge") return challenged(m);
      if (m.t === "watching") return watched(m);
      if (m.t === "bye") {
        s.key = null;
        s.forgot = false;
        return { stop: "dropped", save: true };
      }
      if (m.t === "error") return refused(m);
      return null;
    }

    function challenged(m) {
      const key = s.key;
      if (at.asked === null || !key) return null;
      const hostNonce = String(m.nonce);
      // bound to the channel (proof.py): the term and the id this attempt dialled, so a relayed handshake proves nothing
      const channel = [at.epoch, hostId(at.epoch)];
      const asked = at.asked;
      at.asked = null;
      if (m.proof !== mac(key, "screen-host", code, ...channel, asked, hostNonce)) {
        return Object.assign(next(AGAIN_MS), { impostor: true });      // someone else at that id
      }
      s.walk = null;
      return { send: { v: 1, t: "prove", proof: mac(key, "screen-self", code, ...channel, asked, hostNonce) } };
    }

    function watched(m) {
      if (m.room !== code || !(m.epoch >= s.epoch)) return next(AGAIN_MS);
      if (m.key) s.key = m.key;
      s.epoch = s.tryEpoch = m.epoch;
      s.looks = 0;
      s.watching = true;
      s.forgot = false;
      s.walk = null;
      return { watching: m.screen === undefined ? null : m.screen, save: true };
    }

    function refused(m) {
      const own = at.epoch === s.epoch;
      const msg = String(m.msg || "");
      if (m.code === "screens_full") return { say: "full", msg, again: FULL_RETRY_MS };
      if (m.code === "no_screens") return { say: "no_screens", msg, again: FULL_RETRY_MS };
      if (m.code === "bad_proof" && own) return forget();      // its own term's host does not know its key
      if (m.code === "bad_proof") {
        if (s.walk === null || at.epoch > s.walk.from) s.walk = { from: at.epoch, absent: [] };
        if (walkDone()) return forget();
        return next(AGAIN_MS);
      }
      if (m.code === "old_host") return next(AGAIN_MS);    // a host of an earlier term
      if (m.code === "wrong_room") return own ? { stop: "wrong_room" } : next(AGAIN_MS);
      return null;
    }

    return { state: s, hostId, dial, opened, unavailable, closed, timedOut, silent, trouble, heard, said,
             unproved, attempt: () => at };
  };
})();
