// The TV remote (issue 37): host.html works with a D-pad's arrows and OK (Enter) alone, from the sofa.
// - The arrows move the focus to the nearest control in that direction, as the screen is laid out.
// - Every redraw keeps the focus on the same control (by its key: its data-move, id, ...): the rules worker
//   redraws the whole screen after each press, and the focus used to fall back to the top of the page.
// - When a new next sensible action appears, the focus goes to it: the screen's [data-next] (the game picker
//   while Start cannot start), else its enabled primary button (Start, Reveal, Start round 2, Play again).
// - Never by itself on a destructive action (.danger: End game, Remove) or one that asks first (data-confirm):
//   with no next action the focus lands on the first other control; a confirmation opens on Cancel (glue.js).
// - In a replay the focus starts on the game's line: there left and right step it, and OK plays and pauses;
//   up reaches the replay's buttons (Close among them), where the arrows move as anywhere else.
// - html[data-keys] while keys drive the page (a pointer takes it away): the TV draws its thick focus ring then,
//   and whenever Chromium shows :focus-visible (static/css/base.css).
// - OK pressed twice (or held) does not press the next action too: for GUARD_MS after the focus moved to a new
//   next action by itself, and on a key's auto-repeat, OK does nothing (body[data-remote-guard] meanwhile).
(function () {
  "use strict";
  const pp = (window.pp = window.pp || {});
  const FOCUSABLE = "button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]";
  const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
  const TYPED = /^(INPUT|TEXTAREA|SELECT)$/;
  const GUARD_MS = 600;
  let next = null;          // the key of the next sensible action on the last frame
  let guard = null;

  // Reveal pressed twice must not press Start round 2, which takes the focus in between
  function guardOk() {
    clearTimeout(guard);
    document.body.dataset.remoteGuard = "1";
    guard = setTimeout(() => { delete document.body.dataset.remoteGuard; }, GUARD_MS);
  }

  // checkVisibility needs the page's style, not its layout (the frame lays out once, as it paints)
  const SEEN = { checkVisibilityCSS: true };
  const shown = typeof Element.prototype.checkVisibility === "function"
    ? (el) => el.checkVisibility(SEEN)
    : (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";

  function usable(el) {
    if (!el || el.disabled || el.getAttribute("aria-disabled") === "true" || el.tabIndex < 0) return false;
    if (el.closest("[inert], [data-still]")) return false;     // a replay's still picture has no controls
    return shown(el);
  }

  // A destructive control (.danger) or one that asks first (data-confirm) is never where the focus lands by itself
  const risky = (el) => el.matches(".danger, [data-confirm]");

  // A control that starts asking first is another control: the focus kept by its key does not stay on Hint
  // Hunt's Next hint when, as a board opens, it becomes "Move on anyway?". The next action is compared without
  // that (`plain`): Start that starts asking because someone went away is not a new next action.
  function keyOf(el, plain) {
    if (!el || el === document.body || !el.tagName) return null;
    const d = el.dataset || {};
    return el.tagName + "|" + (d.move || el.id || d.answer || (d.fullscreen ? "fullscreen" : "") ||
      el.getAttribute("aria-label") || el.textContent.trim().slice(0, 60)) + (d.confirm && !plain ? "|asks" : "");
  }

  const controls = (scope) => Array.from(scope.querySelectorAll(FOCUSABLE)).filter(usable);

  // the screen's [data-next], else its enabled primary button: only those candidates are looked at
  function nextAction(scope) {
    const usableOf = (selector) => Array.from(scope.querySelectorAll(selector))
      .find((el) => el.matches(FOCUSABLE) && usable(el));
    return usableOf("[data-next]") || usableOf(".primary") || null;
  }

  // where the focus lands when nothing else claims it: the screen's first control that is not risky, or none
  function first(scope) {
    const main = scope.querySelector("main");
    const safe = (list) => list.find((el) => !risky(el));
    return (main && safe(controls(main))) || safe(controls(scope)) || null;
  }

  function put(el) {
    if (el && document.activeElement !== el) el.focus();
  }

  // The nearest usable control from `from` in direction `dir`: of those whose middle is past its edge that way,
  // the smallest distance along the way plus twice the sideways gap (one in line wins over a closer one off to
  // the side).
  function nearest(scope, from, dir) {
    const a = from.getBoundingClientRect();
    const vertical = dir === "up" || dir === "down";
    const sign = dir === "down" || dir === "right" ? 1 : -1;
    const mid = (r) => (vertical ? [(r.top + r.bottom) / 2, (r.left + r.right) / 2]
                                 : [(r.left + r.right) / 2, (r.top + r.bottom) / 2]);
    const [aAlong, aAcross] = mid(a);
    const edgeOf = (r) => (vertical ? (sign > 0 ? r.bottom : r.top) : (sign > 0 ? r.right : r.left));
    let best = null;
    let bestScore = Infinity;
    for (const el of controls(scope)) {
      if (el === from || el.contains(from) || from.contains(el)) continue;
      const b = el.getBoundingClientRect();
      const [bAlong, bAcross] = mid(b);
      if ((bAlong - edgeOf(a)) * sign < 0) continue;       // ahead: its middle is past this control's edge
      const edge = vertical ? (sign > 0 ? b.top - a.bottom : a.top - b.bottom)
                            : (sign > 0 ? b.left - a.right : a.left - b.right);
      const gap = vertical ? Math.max(0, b.left - a.right, a.left - b.right)
                           : Math.max(0, b.top - a.bottom, a.top - b.bottom);
      const score = Math.max(0, edge) + 2 * gap + 0.05 * Math.abs(bAcross - aAcross) + 0.01 * Math.abs(bAlong - aAlong);
      if (score < bestScore) {
        best = el;
        bestScore = score;
      }
    }
    return best;
  }

  // the replay's control that does `what` ("back", "forward", "play" or "pause"), pressed as a tap
  function replayPress(root, what) {
    const bar = root.querySelector(".replay-bar");
    for (const el of bar ? bar.querySelectorAll("[data-move]") : []) {
      let move = {};
      try { move = JSON.parse(el.dataset.move); } catch (e) { /* not a replay control */ }
      if (what.includes(move.do)) {
        if (!el.disabled) el.click();     // through glue.js's listener, as a tap
        return;
      }
    }
  }

  pp.remote = {
    // the key of the focused control, before a redraw of `scope`
    held(scope) {
      const el = document.activeElement;
      return el && el !== document.body && scope.contains(el) ? keyOf(el) : null;
    },

    // after the redraw: a new next action takes the focus; otherwise the same control keeps it (found again by
    // its key if the redraw replaced it); otherwise the next action, or the first control of the screen
    settle(scope, key) {
      const action = nextAction(scope);
      const actionKey = keyOf(action, true);
      const fresh = actionKey !== null && actionKey !== next;
      next = actionKey;
      if (document.querySelector("dialog[open]")) return;       // a confirmation keeps the focus
      const active = document.activeElement;
      if (active && TYPED.test(active.tagName) && scope.contains(active)) return;   // never while typing
      if (fresh) {
        guardOk();
        return put(action);
      }
      if (key && active && scope.contains(active) && keyOf(active) === key && usable(active)) return;
      put((key && controls(scope).find((el) => keyOf(el) === key)) || action || first(scope));
    },

    attach(root) {
      document.addEventListener("pointerdown", () => { delete document.documentElement.dataset.keys; }, true);
      document.addEventListener("keydown", (ev) => {
        if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) return;
        const dir = ARROWS[ev.key];
        const ok = ev.key === "Enter" || ev.key === " ";
        if (!dir && !ok) return;
        document.documentElement.dataset.keys = "1";
        const dialog = document.querySelector("dialog[open]");
        const scope = dialog || root;
        const target = ev.target;
        const typing = TYPED.test(target.tagName) && !["checkbox", "radio", "submit", "button"].includes(target.type);
        const from = scope.contains(target) && usable(target) ? target : null;
        if (ok && (ev.repeat || document.body.dataset.remoteGuard)) return ev.preventDefault();
        if (from && from.hasAttribute("data-replay-line") && (ok || dir === "left" || dir === "right")) {
          ev.preventDefault();
          // the line runs the way the page reads: in a right-to-left room left is forward
          const back = (dir === "left") !== (getComputedStyle(from).direction === "rtl");
          return replayPress(root, ok ? ["play", "pause"] : [back ? "back" : "forward"]);
        }
        if (ok) {
          if (from) return;                  // the focused control answers OK itself
          ev.preventDefault();
          return put(nextAction(scope) || first(scope));
        }
        if (typing && (dir === "left" || dir === "right" || target.tagName !== "INPUT")) return;   // the caret's
        ev.preventDefault();
        if (!from) return put(nextAction(scope) || first(scope));
        put(nearest(scope, from, dir));
      });
    },
  };
})();
