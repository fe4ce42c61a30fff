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
import { detailOf } from "../stats/detail.js";

const detailed = (detail) => (detail ? { detail } : {}); // a game without one (a test game) stores none

/**
 * @param name     the game's name (the history's key, the names of downloaded copies)
 * @param slot     the game's save slot (js/saves.js)
 * @param session  the GameSession: save(), view, trouble
 * @param board    the board: keep?() is saved with the game
 * @param owned    () => whether this tab holds the game
 * @param engine   () => the engine's version, written into the save record
 * @param lesson   () => what a lesson's save keeps of it ({id, n, step}), or null; a lesson's game
 *                 ends without a result in the history nor a kept replay (js/play/lesson.js)
 * @param daily    the deal of the day's part (js/play/daily.js), or null: its save keeps the date, and only
 *                 the day's first finished try is recorded (marked `daily: <date>`)
 * @param challenge () => what a friend's challenge's save keeps of it ({link}: js/play/challenge.js), or null
 */
export function createSaving(frame, { name, slot, toast, session, board, owned, engine, lesson = () => null,
  daily = null, challenge = () => null }) {
  const notices = frame.$("notices");
  const marks = frame.marks;
  const writes = new Set(); // saves on their way to storage: unmount waits for them
  const recorded = new Set(); // sessions whose result is in the history
  const keptGames = new Map(); // session -> {id, record, again} of its finished game (keepGame)
  let latest = null;
  let savedAt = null; // "session:move" last written, so a redraw does not save again
  // The game that ended on this page: {session, id, record} (its save record, in memory whether or not
  // storage kept it), so an engine restart under its end screen or review shows it again.
  let ended = null;
  // The text of a stored save the site could not use nor copy aside (storage full): the slot keeps it,
  // and no new save is written over it, until the player downloads or deletes it (holdBack).
  let holding = null;

  function persist(view) {
    if (ended && ended.session !== view.session && !view.is_over) ended = null; // another game is on the table
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
      const saved = await session.save();
      const kept = board.keep?.() ?? null;
      // Whose screen a reload comes back to (every save names its table).
      const table = Array.isArray(saved.seats) ? { seat: session.handover ?? view.seat } : {};
      record = slot.record({ ...gameRecord(saved), board: kept, engine: engine(), move: view.move, played: saved.played,
        ...table, lesson: lesson(), daily: daily?.state(), challenge: challenge() });
    } catch (err) {
      console.warn("could not save the game:", err);
      savedAt = null;
      return;
    }
    if (session.view?.session !== view.session || !owned()) return;
    latest = record;
    if (holding != null) return; // the old save stays in the slot until the player has it (holdBack)
    if (slot.store(record)) storageWorks();
    else {
      savedAt = null;
      storageFailed("save");
    }
  }

  /**
   * What a record keeps of the engine's `save` reply: the save, the notes, the help counted, and who
   * sits where as the engine has it (levels and names too, so every table comes back as it was: one
   * person with computer seats of different levels has no one `level`) with each person's notes.
   */
  function gameRecord({ save, human, level, notes, assists, seats, names, seat_notes: seatNotes }) {
    return { save, human, level, notes, assists, ...(Array.isArray(seats) ? { seats, names, seat_notes: seatNotes } : {}) };
  }

  /**
   * A finished game: kept for its replay and review (js/finished.js), its result into the
   * history (once) naming it, then its running save goes. The same game shown again after an
   * engine restart (the same save) is neither kept nor recorded a second time.
   */
  async function finish(view) {
    if (lesson()) {
      // A lesson's game counts for nothing: no result, no replay kept; its save goes.
      if (holding == null) slot.drop();
      latest = null;
      return;
    }
    if (daily && !recorded.has(view.session) && !daily.verdict(view)) {
      // The deal of the day played again the same day (issue 42): neither recorded nor kept among the
      // recent games; an engine restart under its end screen shows it again all the same.
      recorded.add(view.session);
      try {
        ended = { session: view.session, id: null, record: gameRecord(await session.save()) };
      } catch (err) {
        console.warn("could not keep the finished game in memory:", err);
      }
    }
    if (!recorded.has(view.session)) {
      if (!keptGames.has(view.session)) keptGames.set(view.session, await keepGame(view));
      const kept = keptGames.get(view.session);
      if (session.view?.session !== view.session || !owned()) return;
      if (!kept.again) {
        const people = peopleAt(view.seats);
        const named = kept.id ? { kept: kept.id } : {};
        const stored = recordResult(people ? {
          // A game between people: their names and result, apart from the ranking against the computer.
          game: name, level: view.level, people: view.seats.map((s, i) => (s === "human" ? view.names[i] ?? "" : null)),
          winner: view.result.winner ?? null, scores: view.result.scores, points: 0, ...named,
        } : {
          game: name, level: view.level, outcome: outcomeOf(view),
          points: view.result.ranking_points[view.seat], scores: view.result.scores, helped: helpedIn(view),
          ...detailed(detailOf(name, view)), // what the statistics need of this game (issue 44: js/stats/detail.js)
          ...named, ...(daily ? { daily: daily.date } : {}), // the deal of the day of that date (issue 42)
        });
        if (stored === false) {
          storageFailed("result", kept.record); // the save stays: the finished game can still be recorded
          savedAt = null;
          return;
        }
        daily?.recorded(view);
      }
      recorded.add(view.session);
      if (kept.record) ended = { session: view.session, id: kept.id, record: kept.record };
      // Recorded, but its replay could not be kept: said, with the file (storageWorks below leaves that notice).
      if (kept.record && !kept.id && !kept.again) storageFailed("replay", kept.record);
    }
    if (holding == null) slot.drop();
    latest = null;
    storageWorks();
  }

  /**
   * The finished game's save record, kept for the list of recent games: {id, record, again}; id is
   * null when storage has no room even for it (record null: the engine gave no save), and `again`
   * marks the game that ended on this page shown again (an engine restart), kept already.
   */
  async function keepGame(view) {
    let record;
    try {
      record = gameRecord(await session.save());
    } catch (err) {
      console.warn("could not keep the finished game for its replay:", err, view.session);
      return { id: null, record: null };
    }
    if (ended && ended.record.save?.check === record.save?.check) return { id: ended.id, record, again: true };
    return { id: keepFinished(name, record), record };
  }

  /** Storage refused a write (`what`: "save", "result", "replay"); `finished` the finished game's record, if it was that. */
  function storageFailed(what, finished = null) {
    if (!frame.alive) return; // the game has left the page; its last save that worked stays
    marks().storage = what === "replay" ? "replay-failed" : "failed";
    const file = () => finished ?? latest;
    showNotice(notices, "storage", {
      text: () => t({ result: "storage.result-failed", replay: "storage.replay-failed" }[what] ?? "storage.failed"),
      actions: [
        { id: "storage-download", label: () => t("storage.download"), primary: true,
          onClick: () => file() && downloadText(JSON.stringify(file(), null, 1), `${name}-game.json`),
          disabled: !file() },
        { id: "storage-clear", label: () => t("storage.clear"), onClick: () => {
          clearHistory();
          savedAt = null;
          if (session.view) persist(session.view);
        } },
      ],
    });
  }

  /**
   * A stored save the site could not use and had no room to copy aside: it stays in the slot, the new
   * game is not written over it, and the notice offers it at once: downloaded or deleted, it goes.
   */
  function holdBack() {
    const text = slot.storedText();
    if (text == null) return;
    holding = text;
    marks().saveHeld = "true";
    const release = () => {
      holding = null;
      delete marks().saveHeld;
      hideNotice("save-refused");
      savedAt = null;
      if (session.view) persist(session.view); // the new game is saved now, in the old one's place
    };
    showNotice(notices, "save-refused", {
      text: () => t("play.save-refused.no-copy"),
      actions: [
        { id: "refused-download", label: () => t("save.download-now"), primary: true, onClick: () => {
          downloadText(text, `${name}-saved-game.json`);
          release();
        } },
        { id: "refused-forget", label: () => t("save.delete-old"), onClick: release },
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
    /**
     * A save the site cannot use is kept as a copy; the notice lets the player download or delete it.
     * `kept` false: storage had no room for the copy, so the save stays in its slot, nothing is written
     * over it, and the notice offers it to download at once (holdBack).
     */
    showRefused(reason, { kept = true } = {}) {
      marks().saveRefused = reason;
      if (!kept) {
        holdBack();
        return;
      }
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
    /** The save record of the game that ended on this page (in memory), or null: a restart shows it again. */
    get ended() {
      return ended?.record ?? null;
    },
    /** Resolves once every save on its way to storage is written. */
    settled() {
      return Promise.allSettled([...writes]);
    },
  };
}
