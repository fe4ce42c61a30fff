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
import { FINISHED_LIMIT, lookUpFinished } from "../finished.js";
import { formatDate, t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";

/**
 * Whether the engine answered a load by refusing the save itself (bad_save, a
 * seat out of range, a save too large to send, ...), not with engine trouble
 * (a deadline missed, a crash, a bug), after which a restart may well reopen it.
 */
const refusesTheSave = (err) => typeof err?.code === "string" && !isEngineTrouble(err) && err.code !== "not_ready";

/**
 * A saved game the player never touched (no move of theirs, nothing written on the board, e.g. a
 * Hanabi note): there is nothing to decide about it, nor "after move 0" to read.
 */
const untouched = (save) => save.board == null && (save.played === 0 || (save.played === undefined && save.move === 0));

/**
 * @param slot      the game's save slot (js/saves.js): load(), setAside()
 * @param session   the GameSession: start(), resume()
 * @param board     restore?(kept): what the board keeps, handed back before a save is reopened
 * @param toolbar   level(), setLevel(); settings: options(), seat()
 * @param seating   plan(options): the table of people and computer seats chosen for new games, or null;
 *                  forget(): a remembered table that cannot be dealt is not tried again
 * @param saving    the saving part: latest, forget(), showRefused()
 * @param tabs      the tabs part: owned, elsewhere()
 * @param trouble   the trouble part: show(err)
 * @param cleared   () => void: a new game is on the table (the replay and the result go)
 * @param finished  the id of the finished game this page shows (?finished=), or null (also once it could not be shown)
 * @param shown     () => Promise: a game from a link is shown over (js/play/shared.js): an engine restart shows it again
 * @param gameName  the page's game (a kept game of another is not opened here)
 * @param seed      the deal of the page's first new game (?seed=, as the address writes it), or undefined
 * @param lesson    a lesson's page part (js/play/lesson.js), or null: every game is the lesson's deal
 *                  (its seed, level and options), and only a save of that lesson is reopened
 * @param daily     the deal of the day's part (js/play/daily.js, issue 42), or null: every game is the day's
 *                  deal (the engine's "daily"), and only a save of that date is reopened (an earlier one goes)
 * @param challenge a friend's challenge (js/play/challenge.js, issue 42), or null: every game is the challenge's
 *                  deal (its seed, options, level and seat), and only a save of that challenge is reopened
 */
export function createOpening(frame, { slot, session, board, toolbar, settings, saving, tabs, trouble, toast,
  seating, cleared, finished = null, shown = null, seed, gameName, lesson = null, daily = null, challenge = null }) {
  const $ = frame.$;
  // The address's deal is dealt once: a game shared or replayed by its seed; later games get fresh deals
  // (also after the engine refused the seed, so that "New game" always gives a game).
  let firstSeed = seed;

  /**
   * A new game. Resolves to {ok: true} or {ok: false, code, message} (the embed
   * channel answers the host with it).
   */
  async function newGame({ level = toolbar.level(), options = settings.options(), fromHost = false } = {}) {
    if (lesson) return dealLesson();
    if (daily) return dealDaily();
    if (challenge) return dealChallenge();
    if (!tabs.owned) {
      tabs.elsewhere();
      return { ok: false, code: "not_owner", message: "this game is open in another tab" };
    }
    const first = !session.view;
    if (first) frame.marks().gameState = "starting";
    const table = seating.plan(options); // people at this device, or null: one person against the computer
    if (table?.mismatch) {
      // The address seats another number of players than the game is set for: said as such, nothing dealt.
      if (first) frame.marks().gameState = "failed";
      toast.show(t("play.seats-mismatch", table.mismatch), 8000);
      const { seats, players } = table.mismatch;
      return { ok: false, code: "bad_options", message: `the address seats ${seats} players; the game is set for ${players}` };
    }
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
      if (!isEngineTrouble(err) && !fromHost && table?.remembered) {
        // A remembered table the engine refuses would be refused at every deal: it is forgotten, the
        // default table dealt, and the player told why (a name the engine refuses, said as such).
        seating.forget();
        const dealt = await newGame({ level, options });
        if (dealt.ok) toast.show(t(err.code === "bad_name" ? "play.seating.bad-name" : "play.seating.forgotten"), 10_000);
        return dealt;
      }
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

  /**
   * A game whose deal its page sets (a lesson's, the day's, a friend's challenge): `deal()` resolves to
   * session.start's request, or to null when there is none to deal (its part said why); `failed` is the
   * message said when the engine refuses it; `what` names it ("the lesson") in the refusals.
   */
  async function dealSet(what, deal, failed, { showLevel = false } = {}) {
    if (!tabs.owned) {
      tabs.elsewhere();
      return { ok: false, code: "not_owner", message: `${what} is open in another tab` };
    }
    const first = !session.view;
    if (first) frame.marks().gameState = "starting";
    let request;
    try {
      request = await deal();
      if (!request) {
        if (first && frame.alive) frame.marks().gameState = "failed";
        return { ok: false, code: "bad_link", message: `${what}'s link could not be read` };
      }
      await session.start(request);
    } catch (err) {
      console.warn(`could not deal ${what}:`, err);
      if (first) frame.marks().gameState = "failed";
      if (isEngineTrouble(err)) trouble.show(err);
      else toast.show(t(failed), 8000);
      return { ok: false, code: err.code ?? "internal", message: err.message ?? String(err) };
    }
    if (showLevel) toolbar.setLevel(request.level);
    cleared();
    return { ok: true };
  }

  /** A lesson's game from its first step: its arranged deal, the player in seat 0. */
  const dealLesson = () => dealSet("this lesson", () => {
    const { level, options, seed: dealt } = lesson.lesson;
    lesson.opening(null);
    return { level, options, human: 0, seed: dealt };
  }, "lesson.failed");

  /** The deal of the day (its seed, options and level from the engine), the player in its seat. */
  const dealDaily = () => dealSet("the deal of the day", async () => {
    const { level, options, human, seed: dealt } = await daily.deal();
    return { level, options, human, seed: dealt };
  }, "daily.failed");

  /**
   * A friend's challenge from its deal: the link's seed, options, level and the sender's seat (null from
   * challenge.deal(): the link was refused, its page gives way, or the engine failed, said there).
   */
  const dealChallenge = () => dealSet("this challenge", () => challenge.deal(), "challenge.deal-failed",
    { showLevel: true });

  async function openSaved(record) {
    lesson?.opening(record);
    if (record.level) toolbar.setLevel(record.level);
    board.restore?.(record.board ?? null);
    try {
      await session.resume(record);
      return true;
    } catch (err) {
      if (refusesTheSave(err)) {
        // A save the engine refuses to load is set aside, as a copy: restarting would only refuse it again.
        // With no room for the copy it stays in the slot, and the player is offered it to download.
        const kept = slot.setAside("engine");
        saving.forget();
        saving.showRefused("engine", { kept });
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
    $("confirm-new-title").textContent = t("play.confirm-new.title");
    $("confirm-new-start").textContent = t("play.confirm-new.start");
    $("confirm-new-text").textContent = t("play.confirm-new.text", { move });
    return question($("confirm-new"), { yes: "confirm-new-start", no: "confirm-new-keep", focus: "confirm-new-keep" });
  }

  /**
   * The player's answer before a position from a link (issue 42, "Play on from here") takes the place of
   * the game under way in the slot, saved after `move` (the same dialog, its own words): true to replace it.
   */
  function askToReplace(move) {
    $("confirm-new-title").textContent = t("play.playon.confirm.title");
    $("confirm-new-start").textContent = t("play.playon");
    $("confirm-new-text").textContent = t("play.playon.confirm.text", { move });
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
      saving.showRefused(stored.refused, { kept: stored.kept });
      return newGame();
    }
    if (stored.missing) return newGame();
    const { save } = stored;
    if (lesson && !lesson.owns(save)) return newGame(); // another lesson's game: this lesson from its start
    if (challenge && !challenge.owns(save)) return newGame(); // another challenge's game: this one's deal replaces it
    if (daily && !daily.owns(save)) {
      // An unfinished daily of an earlier date never counts: it goes, said, and today's deal is dealt.
      daily.expired(save);
      slot.drop();
      return newGame();
    }
    // A game the player never touched is simply reopened.
    if (ask && !untouched(save) && !(await askToResume(save))) return newGame(); // the player's word: the new game's save replaces this one
    return openSaved(save);
  }

  /**
   * A position from a link (issue 42, "Play on from here": the record read_link gives, as a save is
   * loaded) in the game's own slot. A game under way there is the player's, so it asks first; "Keep
   * playing" reopens that game instead. The position is opened by the same load as a save and saved
   * by its first view like any game (the running game's save stays until then). Resolves to "opened",
   * "kept" (the running game back on the table), "refused" (the engine would not load the record) or
   * "trouble" (the engine failed: its notice is up).
   */
  async function openPosition(record) {
    const stored = slot.load();
    if (stored.refused) saving.showRefused(stored.refused, { kept: stored.kept }); // set aside, and said
    else if (stored.save && !untouched(stored.save) && !(await askToReplace(stored.save.move ?? "?"))) {
      await openSaved(stored.save);
      return "kept";
    }
    if (record.level) toolbar.setLevel(record.level);
    board.restore?.(null); // nothing the running game's board kept belongs to this one
    try {
      await session.resume(record);
    } catch (err) {
      if (!isEngineTrouble(err)) return "refused";
      trouble.show(err);
      return "trouble";
    }
    return "opened";
  }

  /**
   * A finished game kept for its replay and review (js/finished.js), shown over: never saved,
   * never recorded again, the running game's save untouched. Resolves to "shown"; "gone" (not
   * kept on this device: another device's address, or past the limit) or "damaged" (kept, but its
   * entry is damaged, of another game, or refused by the engine): see liveInstead; "trouble" (the
   * engine failed: the trouble notice is up, and a restart opens it again).
   */
  async function openFinished(id) {
    const found = lookUpFinished(id);
    if (!found.entry) return found.damaged ? "damaged" : "gone";
    const kept = found.entry;
    if (kept.game !== gameName) return "damaged";
    if (kept.record.level) toolbar.setLevel(kept.record.level);
    try {
      await session.resume(kept.record);
      return "shown";
    } catch (err) {
      if (isEngineTrouble(err)) {
        trouble.show(err);
        return "trouble";
      }
      return "damaged";
    }
  }

  /** The game that ended on this page, back on the table at its end (after an engine restart). */
  async function openEnded(record) {
    try {
      await session.resume(record);
    } catch (err) {
      if (isEngineTrouble(err)) trouble.show(err);
      else await newGame();
    }
  }

  /**
   * A finished game that cannot be shown ("gone", "damaged"): a notice says which, and the game's
   * own page takes its place (the running game offered back, or a new deal), never an empty board.
   */
  async function liveInstead(reason) {
    finished = null;
    showNotice($("notices"), "finished-missing", {
      tone: "info",
      text: () => t(`play.finished-${reason}`, { n: FINISHED_LIMIT }),
      actions: [{ id: "finished-dismiss", label: () => t("history.dismiss"), onClick: () => hideNotice("finished-missing") }],
    });
    if (await tabs.acquire()) await resumeOrStart({ ask: true });
  }

  return {
    newGame,
    newGameAsked,
    openFinished,
    liveInstead,
    openPosition,
    resumeOrStart,
    /** Put the saved game back on the table without asking (restart, take-over). */
    reopen: () => {
      if (shown) return shown(); // a game from a link (js/play/shared.js), shown over, never saved
      if (finished) return openFinished(finished);
      // The game that ended on this page (its review failed, say): back to it, kept or not.
      if (!saving.latest && saving.ended) return openEnded(saving.ended);
      return saving.latest ? openSaved(saving.latest) : resumeOrStart({ ask: false });
    },
  };
}
