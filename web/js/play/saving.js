// Keeping the game safe: the save after every move, the result in the
// history once a game ends (and the finished game kept for its replay), and what the player is told when storage fails.
// Only the tab that owns the game writes (js/ownership.js). A write that
// storage refuses is told at once; the game goes on and the next move tries again.
//
// Owns: the game's save slot writes and the saves on their way to storage,
// the newest save record the engine gave (`latest`, kept even when storage
// refused it, so it can be downloaded and a restart reopens it), which
// sessions' results are recorded, the notices "storage failed" and "save set
// aside", and the `storage` and `saveRefused` marks.

import { peopleAt } from "../people.js";
import { t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";
import { keepFinished } from "../finished.js";
import { clearHistory, recordResult } from "../records.js";
import { downloadText } from "../saves.js";
import { helpedIn, outcomeOf } from "./result.js";

/**
 * @param name     the game's name (the history's key, the names of downloaded copies)
 * @param slot     the game's save slot (js/saves.js)
 * @param session  the GameSession: save(), view, trouble
 * @param board    the board: keep?() is saved with the game
 * @param owned    () => whether this tab holds the game
 * @param engine   () => the engine's version, written into the save record
 */
export function createSaving(frame, { name, slot, toast, session, board, owned, engine }) {
  const notices = frame.$("notices");
  const marks = frame.marks;
  const writes = new Set(); // saves on their way to storage: unmount waits for them
  const recorded = new Set(); // sessions whose result is in the history
  const keptGames = new Map(); // session -> the id its finished game is kept under (js/finished.js), or null
  let latest = null;
  let savedAt = null; // "session:move" last written, so a redraw does not save again

  function persist(view) {
    const write = persistNow(view).finally(() => writes.delete(write));
    writes.add(write);
  }

  async function persistNow(view) {
    if (!owned() || session.trouble) return;
    const key = `${view.session}:${view.move}`;
    if (savedAt === key) return;
    savedAt = key;
    if (view.is_over) {
      await finish(view);
      return;
    }
    let record;
    try {
      const { save, human, level, notes, played, assists, seats, names, seat_notes: seatNotes } = await session.save();
      const kept = board.keep?.() ?? null;
      // At a table of people: who sits where, each person's notes, and whose screen a reload comes back to.
      const table = peopleAt(seats)
        ? { seats, names, seat_notes: seatNotes, seat: session.handover ?? view.seat } : {};
      record = slot.record({ save, human, level, notes, board: kept, engine: engine(), move: view.move, played,
        assists, ...table });
    } catch (err) {
      console.warn("could not save the game:", err);
      savedAt = null;
      return;
    }
    if (session.view?.session !== view.session || !owned()) return;
    latest = record;
    if (slot.store(record)) storageWorks();
    else {
      savedAt = null;
      storageFailed("save");
    }
  }

  /**
   * A finished game: kept for its replay and review (js/finished.js), its result into the
   * history (once) naming it, then its running save goes.
   */
  async function finish(view) {
    if (!recorded.has(view.session)) {
      if (!keptGames.has(view.session)) keptGames.set(view.session, await keepGame(view));
      const kept = keptGames.get(view.session);
      if (session.view?.session !== view.session || !owned()) return;
      const people = peopleAt(view.seats);
      const stored = recordResult(people ? {
        // A game between people: their names and result, apart from the ranking against the computer.
        game: name, level: view.level, people: view.seats.map((s, i) => (s === "human" ? view.names[i] ?? "" : null)),
        winner: view.result.winner ?? null, scores: view.result.scores, points: 0, ...(kept ? { kept } : {}),
      } : {
        game: name, level: view.level, outcome: outcomeOf(view),
        points: view.result.ranking_points[view.seat], scores: view.result.scores, helped: helpedIn(view),
        ...(kept ? { kept } : {}),
      });
      if (stored === false) {
        storageFailed("result"); // the save stays: the finished game can still be recorded
        savedAt = null;
        return;
      }
      recorded.add(view.session);
    }
    slot.drop();
    latest = null;
    storageWorks();
  }

  /** The finished game's save kept for the list of recent games: its id, or null (it is only a replay lost). */
  async function keepGame(view) {
    try {
      const { save, human, level, notes, assists, seats, names, seat_notes: seatNotes } = await session.save();
      const table = peopleAt(seats) ? { seats, names, seat_notes: seatNotes } : {};
      return keepFinished(name, { save, human, level, notes, assists, ...table });
    } catch (err) {
      console.warn("could not keep the finished game for its replay:", err, view.session);
      return null;
    }
  }

  function storageFailed(what) {
    if (!frame.alive) return; // the game has left the page; its last save that worked stays
    marks().storage = "failed";
    showNotice(notices, "storage", {
      text: () => t(what === "result" ? "storage.result-failed" : "storage.failed"),
      actions: [
        { id: "storage-download", label: () => t("storage.download"), primary: true,
          onClick: () => latest && downloadText(JSON.stringify(latest, null, 1), `${name}-game.json`),
          disabled: !latest },
        { id: "storage-clear", label: () => t("storage.clear"), onClick: () => {
          clearHistory();
          savedAt = null;
          if (session.view) persist(session.view);
        } },
      ],
    });
  }

  function storageWorks() {
    if (!frame.alive || marks().storage !== "failed") return;
    marks().storage = "ok";
    hideNotice("storage");
    toast.show(t("storage.saved-again"));
  }

  return {
    /** Save `view`'s game (or record its result) unless that move is saved already. */
    persist,
    /** Save the move on the table again: the board keeps something new for the player (remember()), or a hint was given. */
    again() {
      if (!session.view || session.view.is_over) return;
      savedAt = null;
      persist(session.view);
    },
    /** The newest save record of this game, or null (none yet, or the game ended). */
    get latest() {
      return latest;
    },
    /** The move the kept save is at (the newest, else the stored one), or null. */
    keptMove() {
      return latest?.move ?? slot.storedMove();
    },
    /** Forget the newest record: the slot's is newer (another tab played on) or it failed to load. */
    forget() {
      latest = null;
      savedAt = null;
    },
    /** A save the site cannot use is kept as a copy; the notice lets the player download or delete it. */
    showRefused(reason) {
      marks().saveRefused = reason;
      const copy = slot.refusedCopy();
      showNotice(notices, "save-refused", {
        text: () => t(`play.save-refused.${reason}`),
        actions: copy ? [
          { id: "refused-download", label: () => t("save.download"), primary: true,
            onClick: () => downloadText(copy.text, `${name}-saved-game-copy.json`) },
          { id: "refused-forget", label: () => t("save.forget"), onClick: () => {
            slot.forgetRefused();
            hideNotice("save-refused");
          } },
        ] : [],
      });
    },
    /** Resolves once every save on its way to storage is written. */
    settled() {
      return Promise.allSettled([...writes]);
    },
  };
}
