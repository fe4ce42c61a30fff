// Koi-Koi's moments: the computer's yaku and every koi-koi call, announced one
// at a time in a panel over the field (overlay.js). A moment stays long enough
// to read at the computer's pace and ends sooner on a click, Enter, Escape or
// Space. The player's own yaku is not a moment: it is the decision panel.
// Owns the queue of moments still to show, the timer of the one on show and
// the board root's data-moment ("yaku" | "koikoi" while one is on show).

import { el } from "./art.js";

/**
 * pace() is the computer's pace in ms; held() says whether a round summary
 * holds the game (no moment then); idle() is called when the queue runs dry.
 */
export function createMoments({ root, t, faces, overlay, pace, held, idle }) {
  const queue = []; // yaku made and koi-koi calls still to show, one at a time
  let timer = null; // ends the moment on show

  /** What the new log entries announce, in order. The player's own yaku is the decision panel. */
  function add(entries) {
    for (const e of entries) {
      if (e.type === "yaku" && e.seat === 1) queue.push({ kind: "yaku", seat: 1, yaku: e.yaku, points: e.points });
      if (e.type === "koikoi") queue.push({ kind: "koikoi", seat: e.seat, count: e.count, points: e.points });
    }
  }

  function panel(m) {
    const box = el("div", `kk-panel kk-moment kk-moment-${m.kind}`);
    box.setAttribute("role", "status");
    box.dataset.seat = m.seat === 0 ? "you" : "them";
    if (m.kind === "yaku") {
      const names = m.yaku.map((y) => faces.yaku(y.name)).join(" · ");
      box.append(el("h3", null, t("kk.moment.yaku", { names, points: m.points })), faces.yakuList(m.yaku));
    } else {
      const title = el("h3", "kk-moment-call");
      title.append(el("span", null, t(`kk.moment.koikoi.${m.seat === 0 ? "you" : "them"}`)));
      box.append(title, el("p", null, t(`kk.moment.koikoi.${m.seat === 0 ? "you" : "them"}.text`, { points: m.points })));
    }
    box.addEventListener("click", end);
    return box;
  }

  /** Show the next moment, unless one is on show, the decision is or a summary holds the game. */
  function next() {
    if (timer || overlay.kind === "decide" || held()) return;
    const m = queue.shift();
    if (!m) return idle();
    overlay.show(panel(m), "moment");
    root.dataset.moment = m.kind;
    // Long enough to read at the normal pace; a faster pace shortens it, a click ends it.
    timer = setTimeout(end, Math.max(600, Math.min(2600, pace() * 3.5)));
  }

  /** End the moment on show (its time is up, or the player clicked or pressed a key) and go to the next. */
  function end() {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    delete root.dataset.moment;
    if (overlay.kind === "moment") overlay.hide();
    next();
  }

  /** Forget every moment still owed (a new game, or a round summary that tells how the round ended). */
  function clear() {
    queue.length = 0;
    clearTimeout(timer);
    timer = null;
    delete root.dataset.moment;
  }

  return {
    add, next, end, clear,
    /** A moment is on show. */
    get showing() {
      return timer != null;
    },
    /** Moments are still to be shown after the one on show. */
    get queued() {
      return queue.length > 0;
    },
  };
}
