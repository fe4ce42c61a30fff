// The review's decision on show, in the box above the board (beside it on a wide screen): its
// sign, move and verdict with what it cost as the title, steps to the previous and next move,
// and its sentences (review-words.js): what was played, the better move, the values, why.
// Before a move is chosen it says how to choose one.
//
// Owns: the #review-detail box's elements and its `data-verdict`.

import { t } from "../i18n.js";
import { el } from "./review-panel.js";
import { costText, decisionLines, SYMBOLS, verdictName } from "./review-words.js";

/**
 * @param detail  the #review-detail element
 * @param onStep  (step) => void: -1 the previous decision, 1 the next
 */
export function createReviewDetail(detail, { onStep }) {
  return {
    /** Show `entry` (a review reply; null: none chosen yet); `has(step)` says whether that neighbour is
     *  checked; `logLine` is the log's line of the move played (said when the game's coach names no action);
     *  `tools` are controls for that decision (Play on from here), after its steps. */
    draw(entry, { coach, has, logLine = null, tools = [] }) {
      const title = el("h2", "review-detail-title");
      title.id = "review-detail-title";
      title.tabIndex = -1;
      if (!entry) {
        delete detail.dataset.verdict;
        title.textContent = t("play.review.pick.title");
        detail.replaceChildren(title, el("p", "review-hint", t("play.review.pick")));
        return;
      }
      if (SYMBOLS[entry.verdict]) title.append(el("span", "review-sign-text", SYMBOLS[entry.verdict]), " ");
      title.append(t("play.review.mark", { n: entry.move + 1, verdict: verdictName(entry.verdict) }));
      if (entry.verdict !== "best") title.append(" ", el("span", "review-cost", `(${costText(entry.loss, entry.unit)})`));
      detail.dataset.verdict = entry.verdict;
      const steps = el("div", "review-steps");
      for (const [key, step, sign] of [["prev", -1, "◀"], ["next", 1, "▶"]]) {
        const button = el("button", "secondary review-step", sign);
        button.type = "button";
        button.dataset.step = key;
        button.setAttribute("aria-label", t(`play.review.${key}`));
        button.title = t(`play.review.${key}`);
        button.disabled = !has(step);
        button.addEventListener("click", () => onStep(step));
        steps.append(button);
      }
      const head = el("div", "review-detail-head");
      head.append(title, steps, ...tools);
      const body = el("div", "review-detail-body");
      body.append(...decisionLines(coach, entry, { logLine }).map(({ kind, text }) => el("p", `review-${kind}`, text)));
      detail.replaceChildren(head, body);
    },
    /** The next decision was checked: its step may be taken now. */
    allowNext(yes) {
      const next = detail.querySelector('[data-step="next"]');
      if (next) next.disabled = !yes;
    },
    focus: () => detail.querySelector("#review-detail-title")?.focus({ preventScroll: true }),
    clear() {
      delete detail.dataset.verdict;
      detail.replaceChildren();
    },
  };
}
