// The running game of each kind, saved after every move, and what happens to
// a save the site cannot use: it is never simply deleted. A save that fails
// our checks here, or that the engine refuses to load, is set aside as a copy
// the player can download, with a notice; only the player's word deletes it.
//
// Saves live in localStorage under `cardgarden.save.<game>`; an embedded game
// keeps its own, `cardgarden.embed.save.<game>`, so a host page can never
// touch the game a player has running on the site itself; a lesson's game
// (js/play/lesson.js) its own too, `cardgarden.learn.save.<game>`, and so do the
// deal of the day (`daily.save.<game>`) and a friend's challenge (`challenge.save.<game>`, issue 42).

import { levelsOf } from "./collection.js";
import { readJSON, readText, remove, writeJSON, writeText } from "./storage.js";

export const SAVE_FORMAT = 1;
/** The games kept in slots of their own besides the embed's and the lesson's (issue 42). */
const SLOT_KINDS = ["daily", "challenge"];

/**
 * The save slot of one game on one kind of page.
 *
 *   const slot = saveSlot("hanamikoji", { embed: false });
 *   slot.load()   -> {missing: true} | {save} | {refused: "corrupt" | "older" | "newer" | "other-game", kept: bool}
 *   slot.record({save, level, human, notes, board, engine, move, played, assists, lesson}) -> the stored form, with format and date
 *     (played: how many moves the player made, 0 for a game nobody touched, which is reopened without asking;
 *     notes: why the AI made its moves, as the player was shown it; the engine checks them on load;
 *     board: what the player wrote on the board, e.g. Hanabi's notes on cards, checked by the board;
 *     assists: the hints and take-backs used, {hints, take_backs}, checked by the engine on load;
 *     seats, names, seat_notes, seat: who sits where at every table (pass and play too), checked by the engine on load)
 *   slot.store(record) -> true | false (storage full or blocked)
 *   slot.drop()                       the game ended and its result is recorded
 *   slot.setAside(reason) -> bool     keep the stored text as the refused copy, free the slot (false: no room)
 *   slot.storedText() -> text | null  the stored text as it is
 *   slot.refusedCopy() -> {text, reason, at} | null;  slot.forgetRefused()
 */
export function saveSlot(game, { embed = false, lesson = false, kind = null } = {}) {
  // kind: "daily" | "challenge" (issue 42), a slot of its own like a lesson's
  const prefix = embed ? "embed." : lesson ? "learn." : SLOT_KINDS.includes(kind) ? `${kind}.` : "";
  const key = `${prefix}save.${game}`;
  const keptKey = `${key}.refused`;

  function check(stored) {
    if (stored.missing) return { missing: true };
    const value = stored.value;
    if (stored.corrupt !== undefined || !value || typeof value !== "object" || Array.isArray(value)) {
      return { refused: "corrupt" };
    }
    if (Number.isInteger(value.format) && value.format > SAVE_FORMAT) return { refused: "newer" };
    if (Number.isInteger(value.format) && value.format < SAVE_FORMAT) return { refused: "older" };
    if (value.format !== SAVE_FORMAT) return { refused: "corrupt" };
    if (typeof value.game === "string" && value.game !== game) return { refused: "other-game" };
    if (value.game !== game || typeof value.save !== "object" || value.save === null || Array.isArray(value.save)
      || !(levelsOf(game).includes(value.level) || (value.level === null && Array.isArray(value.seats)))
      || !Number.isInteger(value.human)) return { refused: "corrupt" };
    return { save: value };
  }

  const slot = {
    key,
    /**
     * The stored game, checked; a refused one is set aside (see setAside), with `kept` saying whether
     * its copy could be written (storage full: not, and the slot still holds it).
     */
    load() {
      const result = check(readJSON(key));
      if (result.refused) return { ...result, kept: slot.setAside(result.refused) };
      return result;
    },

    /** The stored text as it is (unchecked), or null: a save that could not be copied is downloaded from it. */
    storedText() {
      return readText(key);
    },

    /** The stored form of a game: what store() writes and what the player may download. */
    record({ save, level, human, notes = [], board = null, engine, move, played, assists, seats, names,
      seat_notes: seatNotes, seat, lesson, daily, challenge }) {
      return {
        format: SAVE_FORMAT, game, engine, level, human, move, ...(Number.isInteger(played) ? { played } : {}),
        saved_at: new Date().toISOString(), save, notes,
        ...(board == null ? {} : { board }),
        ...(assists === undefined ? {} : { assists }),
        // A table of people (pass and play): the engine checks these on load; `seat` is whose screen comes back.
        ...(Array.isArray(seats) ? { seats, names, seat_notes: seatNotes, seat } : {}),
        ...(lesson ? { lesson } : {}), // a lesson's game: {id, n, step} (js/play/lesson.js)
        ...(daily ? { daily } : {}), // a deal of the day: {date} (js/play/daily.js, issue 42)
        ...(challenge ? { challenge } : {}), // a friend's challenge: {link} (js/play/challenge.js, issue 42)
      };
    },

    /** Write a record made by record(); false when storage is full or blocked. */
    store(record) {
      return writeJSON(key, record);
    },

    /** Whether a save is stored at all (without checking it). */
    exists() {
      return readText(key) != null;
    },

    /** The move the stored save is at, if it says (without checking or setting anything aside). */
    storedMove() {
      const move = readJSON(key).value?.move;
      return Number.isInteger(move) ? move : null;
    },

    drop() {
      remove(key);
    },

    /**
     * Move the stored save to the refused copy, so a new game can start in the
     * slot while the player keeps the old one. If the copy cannot be written
     * (storage full), the save stays where it is: nothing is lost.
     */
    setAside(reason) {
      const text = readText(key);
      if (text == null) return true;
      const kept = writeJSON(keptKey, { reason, at: new Date().toISOString(), text });
      if (kept) remove(key);
      return kept;
    },

    refusedCopy() {
      const stored = readJSON(keptKey);
      const value = stored.value;
      if (!value || typeof value.text !== "string") return null;
      return { text: value.text, reason: String(value.reason ?? "corrupt"), at: value.at ?? null };
    },

    forgetRefused() {
      remove(keptKey);
    },
  };
  return slot;
}

/** Offer `text` to the player as a file to download (a save, a kept copy). */
export function downloadText(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
