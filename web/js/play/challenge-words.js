// A challenge's results in words (issue 42, js/play/challenge.js): the sender's result as the
// friend is told it before the deal, and both results side by side at the end. Pure: the words
// come from `t`, so tests read them through Node in every language (tests/test_challenge_words.py).

/** Games in which nobody wins or loses: the team's score is the result (as js/ranking.js lists them). */
export const COOPERATIVE = new Set(["hanabi"]);
const OUTCOME_RANK = { loss: 0, draw: 1, win: 2 };

/**
 * A finished game's result (the engine's {scores, winner, helped}) for the person in seat `human`:
 * {outcome: "win" | "loss" | "draw" | "team", mine, theirs, helped}; `theirs` is the best other
 * seat's score (null in a cooperative game).
 */
export function standing(game, { scores, winner, helped }, human) {
  const mine = scores[human];
  if (COOPERATIVE.has(game)) return { outcome: "team", mine, theirs: null, helped: Boolean(helped) };
  const theirs = Math.max(...scores.filter((_, seat) => seat !== human));
  const outcome = winner == null ? "draw" : winner === human ? "win" : "loss";
  return { outcome, mine, theirs, helped: Boolean(helped) };
}

/**
 * > 0 when `a` is the better result, < 0 when `b` is, 0 for the same: a win beats a draw beats a
 * loss, then the larger lead (or the smaller deficit) wins; a cooperative game's higher score.
 */
export function compare(a, b) {
  if (a.outcome === "team") return a.mine - b.mine;
  return OUTCOME_RANK[a.outcome] - OUTCOME_RANK[b.outcome] || (a.mine - a.theirs) - (b.mine - b.theirs);
}

/** A result in a sentence's words: "a win, 7 to 3", "a team score of 18 out of 25", "... (with help: ...)". */
export function resultWords(result, t) {
  const words = result.outcome === "team" ? t("challenge.result.team", { score: result.mine })
    : t(`challenge.result.${result.outcome}`, { mine: result.mine, theirs: result.theirs });
  return result.helped ? `${words} ${t("challenge.result.helped")}` : words;
}

/**
 * Both results side by side: {verdict: "better" | "worse" | "same" (the friend's, `you`, against the
 * sender's), title, sides: [{who: "friend" | "you", outcome, heading, outcomeText, score, help}]}.
 */
export function versusWords(friend, you, t) {
  const order = compare(you, friend);
  const verdict = order > 0 ? "better" : order < 0 ? "worse" : "same";
  const side = (who, result) => ({
    who,
    outcome: result.outcome,
    heading: t(`challenge.versus.${who}`),
    outcomeText: t(`challenge.versus.${result.outcome}`),
    score: result.outcome === "team" ? t("challenge.versus.team-score", { score: result.mine })
      : `${result.mine} : ${result.theirs}`,
    help: t(result.helped ? "challenge.versus.helped" : "challenge.versus.unhelped"),
  });
  return { verdict, title: t(`challenge.verdict.${verdict}`), sides: [side("friend", friend), side("you", you)] };
}
