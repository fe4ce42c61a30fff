// What a finished game adds to its history entry for the statistics (issue 44): a few public facts
// each game's figures need, read from the finished view the page already holds (the result and the
// help counted), never from hidden cards. Pure: no DOM, no storage (Node's tests import it).
//
// entry.detail = {v: 1, hints, take_backs, scores? ([mine, theirs] in a duel), ...the game's own}:
//   hanamikoji  how ("charm" | "geishas" | "round_limit" | "round_limit_draw"), geishas [mine, theirs],
//               rounds (how many were played)
//   koikoi      rounds: [{w, p, yaku}] per round: w the round's winner counted from the player
//               (0 the player, 1 the computer, null nobody), p the points it scored, yaku the names of
//               the winner's yaku (engine keys, e.g. "inoshikacho")
//   hanabi      players, score, max (the variant's maximum), strikes, end ("strikes" | "perfect" |
//               "final_round")
// Entries written before issue 44 have no `detail`: they still count wherever the older fields do
// (outcome, scores, level, helped) and are left out, and said to be, where only a detail would tell.

export const DETAIL_VERSION = 1;

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const count = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);
const pair = (value) => (Array.isArray(value) && value.length === 2 && value.every(Number.isFinite) ? [...value] : null);

/** The koikoi rounds of a finished view's result: [{w, p, yaku}] (the view counts seats from the player). */
function koikoiRounds(rounds) {
  if (!Array.isArray(rounds)) return [];
  return rounds.filter(isObject).map((r) => ({
    w: r.winner === 0 || r.winner === 1 ? r.winner : null,
    p: Number.isFinite(r.points) ? r.points : 0,
    yaku: r.winner === 0 || r.winner === 1
      ? (Array.isArray(r.yaku) ? r.yaku : []).map((y) => y?.name).filter((n) => typeof n === "string") : [],
  }));
}

/**
 * The detail of `game`'s finished session `view` (the bridge's view of the player's seat), or null
 * when it is not a finished game. Read: the seat's observation (its result counts seats from the
 * player, whatever seat the player had) and the help counted (view.assists); nothing else.
 */
export function detailOf(game, view) {
  const seen = isObject(view?.observation) ? view.observation : null;
  const result = seen?.result;
  if (!isObject(result)) return null;
  // scores: the final scores, the player's first (the history's own `scores` are by the table's seats)
  const detail = { v: DETAIL_VERSION, hints: count(view.assists?.hints), take_backs: count(view.assists?.take_backs),
    ...(pair(result.scores) && game !== "hanabi" ? { scores: pair(result.scores) } : {}) };
  if (game === "hanamikoji") {
    return { ...detail, how: typeof result.reason === "string" ? result.reason : null, geishas: pair(result.geishas),
      rounds: count(result.rounds) };
  }
  if (game === "koikoi") return { ...detail, rounds: koikoiRounds(result.rounds) };
  if (game === "hanabi") {
    const score = Array.isArray(result.scores) && Number.isFinite(result.scores[0]) ? result.scores[0] : 0;
    return { ...detail, players: count(seen.players), score, max: Number.isInteger(seen.max_score) ? seen.max_score : 25,
      strikes: count(result.strikes), end: typeof result.reason === "string" ? result.reason : null };
  }
  return detail;
}

/** Whether a history entry carries a detail this code reads (a later version's is left alone). */
export const hasDetail = (entry) => isObject(entry?.detail) && entry.detail.v === DETAIL_VERSION;
