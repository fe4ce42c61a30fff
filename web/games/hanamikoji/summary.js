// The round summary: when a round is scored, a card over the board reveals
// both secrets and shows who has the majority for each geisha and the totals,
// until the player closes it (Continue, Enter or Escape). While it is open the
// board holds the game (hold()), so the page shows the end screen only after it.
//
// Owns: the .hk-summary element, the board's data-summary mark, the number of
// scorings already shown, and the promise hold() gave.

import { GEISHAS, cardBack, el, itemFace, symbol } from "./art.js";

export function createSummary(root, { t, names, changed = () => {} }) {
  const node = el("div", "hk-summary");
  node.hidden = true;
  let shownScorings = 0; // scorings already shown as a round summary
  let release = null; // resolves hold() when the summary closes

  /**
   * The secrets revealed, as a row of the table under its head, each side's card in that side's
   * column: the head names the sides once (a row of its own named them a second time and took the
   * height a phone needs for Continue).
   */
  function secretsRow(record) {
    const row = el("div", "hk-summary-row hk-summary-secrets");
    row.append(el("span", "hk-summary-geisha", t("hk.summary.secrets")));
    record.secrets.forEach((g, seat) => {
      const cell = el("span", `hk-count ${seat === 0 ? "you" : "them"}`);
      const flip = el("span", "hk-flip");
      if (g == null) flip.append(el("span", "hk-none", t("hk.summary.none")));
      else flip.append(cardBack(), itemFace(g));
      cell.append(flip);
      row.append(cell);
    });
    row.append(el("span"));
    return row;
  }

  function majorities(record) {
    const table = el("div", "hk-summary-table");
    for (let g = 0; g < GEISHAS.length; g++) {
      const row = el("div", "hk-summary-row");
      const winner = record.majority[g];
      row.dataset.majority = winner === 0 ? "you" : winner === 1 ? "them" : "tie";
      const label = el("span", "hk-summary-geisha");
      label.append(symbol(g, 20), el("span", null, names.card(g)));
      // The winner by the head's own short name ("Computer", not "Der Computer"): one line on a phone.
      const result = winner == null ? t("hk.summary.tie") : t(winner === 0 ? "hk.you" : "hk.them");
      row.append(label, el("span", "hk-count you", String(record.items[0][g])),
        el("span", "hk-count them", String(record.items[1][g])), el("span", "hk-summary-winner", result));
      table.append(row);
    }
    const head = el("div", "hk-summary-row hk-summary-head");
    head.append(el("span"), el("span", "hk-count", t("hk.you")), el("span", "hk-count", t("hk.them")), el("span"));
    table.prepend(head, secretsRow(record));
    return table;
  }

  function show(record) {
    const box = el("div", "hk-summary-card");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", t("hk.summary.title", { round: record.round }));
    box.append(el("h3", null, t("hk.summary.title", { round: record.round })));
    // Each side's totals on a line of its own: two lines on a phone, not three broken anywhere.
    const totals = el("p", "hk-summary-totals");
    totals.append(
      el("span", null, `${t("hk.you")}: ${t("hk.score", { charm: record.charm[0], geishas: record.geishas[0] })}`),
      el("span", null, `${t("hk.them")}: ${t("hk.score", { charm: record.charm[1], geishas: record.geishas[1] })}`));
    const go = el("button", "primary", t("hk.summary.continue"));
    go.type = "button";
    go.id = "hk-continue";
    go.addEventListener("click", close);
    box.append(majorities(record), totals, go);
    node.replaceChildren(box);
    node.hidden = false;
    root.dataset.summary = "open";
    go.focus({ preventScroll: true }); // the page never scrolls itself
    changed();
  }

  function close() {
    const was = root.dataset.summary === "open";
    node.hidden = true;
    delete root.dataset.summary;
    release?.();
    release = null;
    if (was) changed();
  }

  return {
    node,
    close,
    isOpen: () => root.dataset.summary === "open",
    /** A new game (observation `o`): no summary owed, none open. */
    newGame(o) {
      shownScorings = o.scorings.length;
      close();
    },
    /**
     * A view drawn without a move (a redraw, the replay or the review going through the game, a
     * move taken back): its scorings count as seen, so no summary pops up for them.
     */
    seen(o) {
      shownScorings = o.scorings.length;
    },
    /** After a view is drawn: a round scored since is summed up. */
    follow(o) {
      const scorings = o.scorings;
      if (scorings.length > shownScorings) {
        shownScorings = scorings.length;
        show(scorings[scorings.length - 1]);
      }
    },
    /** Resolves when the open summary closes (at once if none is open). */
    hold() {
      if (root.dataset.summary !== "open") return Promise.resolve();
      return new Promise((resolve) => {
        const previous = release;
        release = () => {
          previous?.();
          resolve();
        };
      });
    },
  };
}
