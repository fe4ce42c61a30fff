// How a game comes onto the table: a new deal, the saved game offered back
// ("Continue your game?"), or the save reopened without asking after an
// engine restart or a take-over from another tab. The engine checks a new or
// saved game completely first: until it has dealt it, the running game stays
// on the table and in its save. A finished game from the list of recent games
// is opened for its replay and review only, beside the running game's save.
//
// Owns: the #resume dialog, the #confirm-new dialog ("New game" while a game
// runs asks first: the running game is the player's) and the `gameState`
// marks "starting" / "failed".

import { isEngineTrouble } from "../../engine/client.js";
import { FINISHED_LIMIT, finishedGame } from "../finished.js";
import { formatDate, t } from "../i18n.js";

/**
 * Whether the engine answered a load by refusing the save itself (bad_save, a
 * seat out of range, a save too large to send, ...), not with engine trouble
 * (a deadline missed, a crash, a bug), after which a restart may well reopen it.
 */
const refusesTheSave = (err) => typeof err?.code === "string" && !isEngineTrouble(err) && err.code !== "not_ready";

/**
 * @param slot      the game's save slot (js/saves.js): load(), setAside()
 * @param session   the GameSession: start(), resume()
 * @param board     restore?(kept): what the board keeps, handed back before a save is reopened
 * @param toolbar   level(), setLevel(); settings: options(), seat()
 * @param seating   plan(options): the table of people and computer seats chosen for new games, or null
 * @param saving    the saving part: latest, forget(), showRefused()
 * @param tabs      the tabs part: owned, elsewhere()
 * @param trouble   the trouble part: show(err)
 * @param cleared   () => void: a new game is on the table (the replay and the result go)
 * @param finished  the id of the finished game this page shows (?finished=), or null
 * @param seed      the deal of the page's first new game (?seed=, as the address writes it), or undefined
 */
export function createOpening(frame, { slot, session, board, toolbar, settings, saving, tabs, trouble, toast,
  seating, cleared, finished = null, seed }) {
  const $ = frame.$;
  // The address's deal is dealt once: a game shared or replayed by its seed; later games get fresh deals
  // (also after the engine refused the seed, so that "New game" always gives a game).
  let firstSeed = seed;

  /**
   * A new game. Resolves to {ok: true} or {ok: false, code, message} (the embed
   * channel answers the host with it).
   */
  async function newGame({ level = toolbar.level(), options = settings.options(), fromHost = false } = {}) {
    if (!tabs.owned) {
      tabs.elsewhere();
      return { ok: false, code: "not_owner", message: "this game is open in another tab" };
    }
    const first = !session.view;
    if (first) frame.marks().gameState = "starting";
    const table = seating.plan(options); // people at this device, or null: one person against the computer
    try {
      const dealt = firstSeed;
      firstSeed = undefined;
      await session.start({ level, options, human: settings.seat(options), seed: dealt,
        ...(table ? { seats: table.seats, names: table.names } : {}) });
    } catch (err) {
      console.warn("could not start a game:", err);
      if (first) frame.marks().gameState = "failed";
      // The address's seats are a setting like the others: the engine refusing them is bad settings.
      const badSettings = err.code === "bad_options" || (table?.fromAddress && err.code === "bad_request");
      if (isEngineTrouble(err)) trouble.show(err);
      else if (fromHost) toast.show(t("embed.refused"), 6000);
      else toast.show(badSettings ? t("play.bad-options") : t("play.failed"), 6000);
      return { ok: false, code: err.code ?? "internal", message: err.message ?? String(err) };
    }
    if (session.view?.level) toolbar.setLevel(session.view.level);
    cleared();
    // A notice about the last game ("applies from the next game") is stale now; before the
    // first game there was none, and a notice about the settings it was dealt with stays.
    if (!first) toast.clear();
    return { ok: true };
  }

  async function openSaved(record) {
    if (record.level) toolbar.setLevel(record.level);
    board.restore?.(record.board ?? null);
    try {
      await session.resume(record);
      return true;
    } catch (err) {
      if (refusesTheSave(err)) {
        // A save the engine refuses to load is set aside, as a copy: restarting would only refuse it again.
        slot.setAside("engine");
        saving.forget();
        saving.showRefused("engine");
        await newGame();
      } else {
        trouble.show(err); // the engine, not the save: the save stays as it is
      }
      return false;
    }
  }

  /** "New game" from the toolbar: a game under way is the player's, so it asks first. */
  async function newGameAsked() {
    const view = session.view;
    if (view && !view.is_over && view.move > 0 && !(await askToEnd(view.move))) return { ok: false, code: "kept" };
    return newGame();
  }

  /**
   * A question in `dialog` answered by one of two buttons (Escape: `no`): resolves to true for
   * `yes`. Focus starts on `focus` when given (the answer that loses nothing).
   */
  function question(dialog, { yes, no, focus = null }) {
    return new Promise((resolve) => {
      const pick = (value) => () => {
        dialog.close();
        resolve(value);
      };
      $(yes).onclick = pick(true);
      $(no).onclick = pick(false);
      dialog.oncancel = pick(false);
      dialog.showModal();
      if (focus) $(focus).focus();
    });
  }

  /** The player's answer to "Start a new game?" (the running game ends): true to start one. */
  function askToEnd(move) {
    $("confirm-new-text").textContent = t("play.confirm-new.text", { move });
    return question($("confirm-new"), { yes: "confirm-new-start", no: "confirm-new-keep", focus: "confirm-new-keep" });
  }

  /** The player's answer to "Continue your game?": true to continue. */
  function askToResume(save) {
    $("resume-text").textContent = t("play.resume.text", { date: formatDate(save.saved_at), move: save.move ?? "?" });
    return question($("resume"), { yes: "resume-continue", no: "resume-new" });
  }

  /**
   * Offer the saved game back (or, with ask: false, simply reopen it). A save
   * that fails our checks or the engine's is kept as a copy with a notice and
   * a new game starts; an engine that fails while reopening it leaves the save
   * exactly where it was.
   */
  async function resumeOrStart({ ask = true } = {}) {
    const stored = slot.load();
    if (stored.refused) {
      saving.showRefused(stored.refused);
      return newGame();
    }
    if (stored.missing) return newGame();
    const { save } = stored;
    // A game the player never touched (no move of theirs, nothing written on the board, e.g. a Hanabi
    // note) is simply reopened: there is nothing to decide, nor "after move 0" to read.
    const untouched = save.board == null && (save.played === 0 || (save.played === undefined && save.move === 0));
    if (ask && !untouched && !(await askToResume(save))) return newGame(); // the player's word: the new game's save replaces this one
    return openSaved(save);
  }

  /**
   * A finished game kept for its replay and review (js/finished.js), shown over: never saved,
   * never recorded again, the running game's save untouched. false when it is no longer kept
   * or cannot be opened (said on the page).
   */
  async function openFinished(id) {
    const kept = finishedGame(id);
    if (!kept) {
      toast.show(t("play.finished-gone", { n: FINISHED_LIMIT }), 8000);
      return false;
    }
    if (kept.record.level) toolbar.setLevel(kept.record.level);
    try {
      await session.resume(kept.record);
      return true;
    } catch (err) {
      if (isEngineTrouble(err)) trouble.show(err);
      else toast.show(t("play.finished-gone", { n: FINISHED_LIMIT }), 8000);
      return false;
    }
  }

  return {
    newGame,
    newGameAsked,
    openFinished,
    resumeOrStart,
    /** Put the saved game back on the table without asking (restart, take-over). */
    reopen: () => {
      if (finished) return openFinished(finished);
      return saving.latest ? openSaved(saving.latest) : resumeOrStart({ ask: false });
    },
  };
}
