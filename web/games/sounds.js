// What the games' sounds.js share (issue 44): the log entries a view adds to the
// one before it, and whether a finished game is the player's win or loss. Pure:
// no page, no audio (js/sound.js plays; tests/test_sound_names.py reads these in Node).

/** The log entries `view` has beyond `prev` (the same table one move earlier); [] when not comparable. */
export function newEntries(prev, view) {
  const before = prev?.observation?.log;
  const after = view?.observation?.log;
  if (!Array.isArray(before) || !Array.isArray(after) || after.length < before.length) return [];
  return after.slice(before.length);
}

/**
 * "win" or "loss" for the game `view` ended with, as the one holding the device hears it: against
 * the computer, the player's seat won or not; at a table of people, a person won ("win") or the
 * computer did ("loss"). A draw (no winner) is neither: null.
 */
export function outcomeSound(view) {
  const winner = view?.result?.winner;
  if (!Number.isInteger(winner)) return null;
  const seats = Array.isArray(view.seats) ? view.seats : null;
  const people = seats ? seats.filter((s) => s === "human").length : 1;
  if (people > 1) return seats[winner] === "human" ? "win" : "loss";
  return winner === view.seat ? "win" : "loss";
}
