// Koi-Koi's round summary: when a round ends, who won it and why, the yaku and
// the count, the match score and the next dealer, in the field's place on the
// ended round's final table. It holds the game (no next deal, no move of the
// computer) until the player goes on (Continue, Enter or Escape), also
// through a reload: keep() and restore() carry an open summary in the save.
// Also the match's rounds for the page's result dialog.
// Owns: which rounds' summaries were shown, the round on show and its final
// table, a summary to reopen from a save, and the board root's data-summary
// ("open" while one is on show).

import { el } from "./art.js";

/**
 * The round that just ended as an observation to draw: both sides' captures,
 * the table and the scores as they were, and no hand and no decision, so
 * the summary sits on the final table until the player goes on. null for a
 * summary without the final table (the engine sends it since this board).
 */
function endedRound(record, live) {
  if (!record?.captured) return null;
  const points = (list) => list.reduce((sum, y) => sum + y.points, 0);
  return {
    ...live, round: record.round, dealer: record.dealer, table: record.table, stock: record.stock ?? 0,
    hand: [], pending: null, legal_actions: [],
    players: [0, 1].map((seat) => ({
      ...live.players[seat], hand_size: 0, captured: record.captured[seat], yaku: record.captured_yaku[seat],
      points: points(record.captured_yaku[seat]), koikoi: record.koikoi[seat], score: record.scores[seat],
    })),
  };
}

/**
 * The summary in `node` on the board `root`. view() is the board's view;
 * draw() draws the board (the final table while a summary is open);
 * closed() is called when the player goes on.
 */
export function createSummary({ root, node, t, faces, overlay, view, draw, closed }) {
  let shown = 0; // round summaries already shown
  let record = null; // the round on show
  let ended = null; // that round's final table, drawn instead of the next deal until the player goes on
  let reopen = null; // from a save: how many rounds had ended when the player left a summary open
  node.hidden = true;
  const who = (seat) => t(seat === 0 ? "kk.who.you" : "kk.who.them");

  /** How the round was won: the reason, then the yaku and the count in `count`. */
  function outcomeOf(round, box, outcome, count) {
    if (round.winner == null) {
      box.dataset.winner = "none";
      outcome.append(el("h3", null, t("kk.summary.draw")),
        el("p", null, t(round.reason === "teshi_both" ? "kk.summary.draw.teshi" : "kk.summary.draw.text")));
      return;
    }
    box.dataset.winner = round.winner === 0 ? "you" : "them";
    outcome.append(el("h3", null, t(`kk.summary.win.${round.winner === 0 ? "you" : "them"}`)),
      el("p", "kk-reason", t(`kk.summary.reason.${round.reason}`, { who: who(round.winner) })));
    const math = el("table", "kk-math-table");
    const line = (text, value, cls) => {
      const row = el("tr", cls);
      row.append(el("th", null, text), el("td", null, value));
      math.append(row);
    };
    line(t("kk.summary.base"), String(round.base));
    if (round.seven_plus) line(t("kk.summary.seven"), t("kk.summary.times"));
    if (round.opponent_koikoi) line(t(`kk.summary.called.${round.winner === 0 ? "them" : "you"}`), t("kk.summary.times"));
    line(t("kk.summary.total"), round.multiplier > 1 ? `${round.base} × ${round.multiplier} = ${round.points}` : String(round.points), "kk-total");
    count.append(faces.yakuList(round.yaku), math);
  }

  /** Show the summary of the round `round` (one of the view's rounds_played) on its final table. */
  function show(round) {
    record = round;
    ended = endedRound(round, view().observation);
    const o = ended ?? view().observation;
    node.replaceChildren();
    node.setAttribute("role", "dialog");
    const heading = t("kk.summary.title", { round: round.round, rounds: o.rounds });
    node.setAttribute("aria-label", heading);
    // Two columns on a wide screen: the outcome and the way on; the yaku and the count.
    const outcome = el("div", "kk-summary-outcome");
    const count = el("div", "kk-summary-count");
    outcome.append(el("p", "kk-summary-round", heading));
    outcomeOf(round, node, outcome, count);
    outcome.append(el("p", "kk-summary-scores", t("kk.summary.scores", { a: round.scores[0], b: round.scores[1] })));
    if (!view().is_over) {
      outcome.append(el("p", "kk-summary-dealer", t("kk.summary.dealer", { who: who(view().observation.dealer) })));
    }
    const go = el("button", "primary", t("kk.summary.continue"));
    go.type = "button";
    go.id = "kk-continue";
    go.addEventListener("click", close);
    // The text scrolls inside the summary where the screen is short; the way on stays in view under it.
    const body = el("div", "kk-summary-body");
    // A box that scrolls is reached by the keyboard too (Tab, then the arrow keys), under the summary's name.
    body.tabIndex = 0;
    body.setAttribute("role", "group");
    body.setAttribute("aria-label", heading);
    body.append(outcome);
    if (count.childElementCount) body.append(count);
    const foot = el("div", "kk-summary-foot");
    foot.append(go);
    node.append(body, foot);
    node.hidden = false;
    root.dataset.summary = "open";
    overlay.hide(); // a decision or a moment of the ended round is over
    draw(); // the final table of the round, under the summary
    go.focus({ preventScroll: true }); // the page never scrolls by itself: the summary is in view
  }

  /** The player goes on: the summary closes and the next deal (or the match's end) is drawn. */
  function close() {
    if (root.dataset.summary !== "open") return;
    node.hidden = true;
    node.replaceChildren();
    delete root.dataset.summary;
    ended = null;
    record = null;
    closed();
  }

  /**
   * A new game (or a reopened one): no summary owed, except for rounds that ended
   * before the first move (a dealt hand that wins under the house rule teshi), and
   * a summary the save says was still open, shown again on its final table.
   */
  function reset(next) {
    const over = next.observation.rounds_played.length; // rounds ended so far
    shown = next.observation.move === 0 ? 0 : over;
    if (reopen === over && !next.is_over) shown = over - 1;
    reopen = null;
    ended = null;
    record = null;
    node.hidden = true;
    delete root.dataset.summary;
  }

  /** The round whose summary is owed now (marked as shown), or null. */
  function owed() {
    const played = view().observation.rounds_played;
    if (played.length <= shown) return null;
    shown = played.length;
    return played[played.length - 1];
  }

  /** A moment drawn without a move (the replay or the review going forward, a redraw): its ended rounds count as seen. */
  function seen() {
    shown = Math.max(shown, view().observation.rounds_played.length);
  }

  return {
    show, close, reset, owed, seen,
    /** A summary is on show: it holds the game. */
    get open() {
      return root.dataset.summary === "open";
    },
    /** The ended round's observation while its summary is open (null otherwise, or without its final table). */
    get ended() {
      return ended;
    },
    /** Draw the open summary again (a new language). */
    redraw() {
      if (root.dataset.summary === "open") show(record);
    },
    // What the save keeps: an open summary, by the number of rounds ended, so a reload shows it again.
    keep: () => (root.dataset.summary === "open" ? { summary: shown } : null),
    restore(kept) {
      const rounds = kept?.summary;
      reopen = Number.isInteger(rounds) && rounds > 0 ? rounds : null; // anything else is dropped
    },
  };
}

/** The match's rounds and final score, for the page's result dialog (the board's result(view)). */
export function matchResult(v, t, faces) {
  const r = v.observation.result;
  const box = el("div", "kk-result");
  const list = el("ul", "kk-result-rounds");
  for (const round of r.rounds) {
    const key = round.winner == null ? "draw" : round.winner === 0 ? "you" : "them";
    const item = el("li", null, t(`kk.result.round.${key}`, { round: round.round, points: round.points }));
    item.dataset.winner = key;
    const names = round.yaku.map((y) => faces.yaku(y.name)).join(", ");
    if (names) item.append(el("span", "kk-result-yaku", ` (${names})`));
    list.append(item);
  }
  box.append(list, el("p", "kk-result-total", t("kk.result.total", { a: r.scores[0], b: r.scores[1] })));
  return box;
}
