// A game on the page: mountGame(root, {name, boot, status, params}) shows
// web/games/<name>/board.js in `root` and wires it to a GameSession with the
// document's engine. The site (js/app.js) mounts it for play.html?game=<name>
// [&level=easy|normal|hard][&<option>=<value>] and unmounts it when the
// player goes back to the collection; embed.html (js/embed-page.js) mounts it
// without the site's chrome. The board only draws views and turns clicks and
// keys into actions. The page around it is made of parts in js/play/, each a
// module that owns one piece of the page and says so at its top: frame (the
// elements, the marks on <html>, the game's lifetime), toolbar (level, pace),
// settings, toast, turn (whose turn it is), log, result, replay, review (the
// coach's verdict on each of the player's decisions, after the game), rules,
// saving (the save after every move, the history of results), trouble (a
// failed engine and its restart), tabs (one game, one tab), opening (new
// game, resume), fit (the board's share of a phone's screen), hint (the
// strongest AI's choice, on asking), takeback (the player's last decision
// undone), helpbar (where those two stand), seating (who sits where: people
// and computer seats) and privacy (the screen between two people's turns at one
// device), lesson (a step of a lesson, play.html?game=<name>&learn=<n>, issue 41), offer
// (the lessons offered once on a game's first visit), challenge (a deal sent to a friend from the result,
// and a friend's challenge played from its link, #c=, issue 42) and playon ("Play on from here" at a decision
// of the replay or the review, and a position link, #p=, opened in the game's own slot, issue 42) and sound
// (the Sound menu and each move's sound, issue 44). This module only wires them to the board and the session.
//
// A board module exports:
//   messages  {en: {...}, de: {...}}      its texts, merged into the catalogue
//   rules     {en: [[title, para, ...], ...], de: [...]}
//   createBoard(root, {act, t, signal, remember, pace, turnChanged}) -> {render(view, last), log(view), and optionally
//             (t fills {them}, {Them}, {them_dat}, {them_acc}, {them_gen}, {Them_gen} and {them_label} with the other side
//             of a two-seat table: the computer, or the person sitting there; js/people.js otherSide)
//                                  prompt(view), result(view), resultTitle(view), hold(),
//                                  keep(), restore(kept), suggest(action | null)}
//             A game with a coach may have web/games/<game>/coach.js: coachReason(why, t, {action, observation})
//             words a hint's or a review's reason in one sentence, and actionText?(action, t,
//             observation) names a choice (js/play/hint.js and js/play/review-words.js load it).
//             `signal` (an AbortSignal) ends with the game: listeners the board adds outside
//             its root (keys on the document) are added with it. keep() returns what the
//             board keeps for the player (Hanabi's notes on cards, Koi-Koi's open round summary:
//             plain JSON), saved with the game; restore(kept) hands it back, unchecked, before a
//             saved game is reopened, and the board drops what it cannot use. The board
//             calls remember() when that changes, and the page saves it at once.
//             suggest(action | null, word?) marks on the board as drawn now the cards and controls that
//             `action` (one of the moment's actions: the review's better move, a hint) involves, with a
//             clear outline and a small label in words (`word`: a hint's "hint"; without it the
//             review's "better", games/suggest.js), never colour
//             alone; null clears it. The mark lasts through redraws of the same moment and goes with
//             a view of another move. A board without it shows no mark; the hint and the review
//             still say the choice in words.
//             render's view may carry `revealed` (the replay's and, after the game, the review's: the
//             bridge's cards hidden from the player at that moment, the game's reveal.py): the board
//             draws them face up, marked "revealed" in words and by a dashed frame; never while playing.
//             log(view) gives the log's lines [{seat, text, auto?, move?}] (seat 0 the player, null
//             neutral; `auto` marks what happened to the player unasked, like a draw; `move` the
//             position the line belongs to, moves made once it happened: the replay goes there
//             when the line is clicked); the newest
//             line of the other side, or the player's own newer choice, is said above the board
//             unless the board sets `ownsLastMove`. On a phone (compact) the root carries
//             --board-h, the height it has to the bottom of the screen (js/play/fit.js): the hand,
//             the table and the controls of the decision at hand must fit inside it.
//   soundOf   optional (prev, view) => sound name | null: the sound of the move that led from prev to view
//             (web/games/<game>/sounds.js, issue 44; js/sound.js SOUND_NAMES); without it a move is a card's
//             sound and a game's end a win or a loss
//   passAndPlay  optional true: people at one device may take seats (js/play/seating.js)
//   settings  optional [{key, label, values, option?, valueLabels?, seat?, group?}]: match options
//             chosen before a game (Koi-Koi's rounds, Hanabi's players); the page puts a select for
//             each next to the level. A setting marked `seat` is the player's 1-based place at the
//             table instead. `valueLabels` names each value's text ({"false": key, "true": key});
//             settings with the same `group` ({label, count?, hint?}: message keys) share one menu
//             (Koi-Koi's house rules). `fromSeats: true` lets the address's ?seats= count set it (Hanabi's
//             players). `upTo: "<key>"` bounds a setting by an earlier one (Hanabi's
//             seat by its players; `outOfRange` names the message said when a value is brought in range).
//
// Events for the embedding channel (js/embed-frame.js) go out on `gameEvents`:
//   "ready" {game, level}, "result" {view}, "view" {view}.
//
// When something fails, nothing the player did is lost (docs/offline.md,
// "When something goes wrong"): a failed engine leaves the board as it was with a
// notice and "Restart the engine", which reopens the save at its last move;
// a save that cannot be written is told at once; a save that cannot be read
// is kept as a copy; a game open in two tabs is played in one of them.

import { isEngineTrouble } from "../engine/client.js";
import { GAMES, TEST_GAMES, levelsOf } from "./collection.js";
import { addMessages, t } from "./i18n.js";
import { hideNotice, showNotice } from "./notices.js";
import { otherSide } from "./people.js";
import { addressLink, takeRefusal, tellRefusal } from "./links.js";
import { saveSlot } from "./saves.js";
import { GameSession } from "./session.js";
import { createFrame } from "./play/frame.js";
import { fitBoard } from "./play/fit.js";
import { placeHelp } from "./play/helpbar.js";
import { createHint } from "./play/hint.js";
import { createLesson } from "./play/lesson.js";
import { offerLessons } from "./play/offer.js";
import { fetchCourse } from "./learn/progress.js";
import { readCourse } from "./learn/steps.js";
import { createChallenge } from "./play/challenge.js";
import { createMoveLog } from "./play/log.js";
import { createOpening } from "./play/opening.js";
import { createPlayOn } from "./play/playon.js";
import { createDaily } from "./play/daily.js";
import { DAILY_GAMES, utcDate } from "./daily.js";
import { createPrivacy } from "./play/privacy.js";
import { createReplay } from "./play/replay.js";
import { createReview } from "./play/review.js";
import { createResult } from "./play/result.js";
import { createRulesPanel } from "./play/rules.js";
import { createSaving } from "./play/saving.js";
import { createSeating } from "./play/seating.js";
import { createSettings } from "./play/settings.js";
import { createShare } from "./play/share.js";
import { createShared } from "./play/shared.js";
import { createSound } from "./play/sound.js";
import { createTabs } from "./play/tabs.js";
import { createTakeBack } from "./play/takeback.js";
import { createToast } from "./play/toast.js";
import { createToolbar } from "./play/toolbar.js";
import { createTrouble } from "./play/trouble.js";
import { createTurnLine } from "./play/turn.js";
import { MAX_MARGIN_MS, MIN_MARGIN_MS, queryNumber, queryValue } from "./query.js";
import { themeMenu } from "./theme.js";

/** A lesson's number from the address (1-based), or null without ?learn; a damaged one is 0 (said as missing). */
function lessonNumber(text) {
  if (text == null) return null;
  return /^[1-9][0-9]{0,2}$/.test(text) ? Number(text) : 0;
}

export function isKnownGame(game) {
  return GAMES.some((g) => g.name === game && g.board) || TEST_GAMES.includes(game);
}

/**
 * Show game `name` in `root` with the document's engine.
 *   boot      what mountEngineStatus returned: {engine, onReady(fn)}
 *   status    the engine's status section, shown in the game until a game is dealt
 *   params    the page's URLSearchParams (level, options, pace, margin)
 *   embedded  an embedded game: its own save, no site chrome
 *   after     a promise (the previous game's unmount) to wait for before claiming the save
 *   ask       whether a saved game is offered back ("Continue your game?") or simply reopened
 *   goTo      (href) => void: follow a link of the site (the site's router; a page load by default)
 * Returns {gameEvents, newGame, unmount}. unmount() takes the game off the
 * page: its last save is written first, its claim on the game let go, its
 * session closed in the engine; it resolves when all that is done.
 */
export function mountGame(root, { name, boot, status, params = new URLSearchParams(), hash = "", embedded = false,
  after = null, ask = true, goTo = (href, { replace = false } = {}) => (replace ? location.replace(href) : location.assign(href)) }) {
  const gameEvents = new EventTarget();
  // #g= / #c= / #p=: a link (js/links.js, issue 42), never in an embed nor over a finished game or a lesson
  const link = embedded || params.has("finished") || params.has("learn") ? null : addressLink(hash);
  // ?daily: the deal of the day (js/play/daily.js, issue 42), today's by the UTC date; in its own save slot
  const daily = embedded || link || params.has("finished") || params.has("learn") || !params.has("daily")
    || !DAILY_GAMES.includes(name) ? null : utcDate();
  const game = {
    name, boot, status, params, after, ask, embedded, goTo, link, daily,
    // ?finished=<id>: a finished game kept for its replay and review (js/finished.js), never in an embed
    finished: embedded ? null : params.get("finished"),
    // ?learn=<n>: lesson n of the game's course (js/play/lesson.js), never in an embed nor over a finished game
    learn: embedded || params.has("finished") ? null : lessonNumber(params.get("learn")),
    frame: createFrame({ levels: levelsOf(name) }),
    // An embedded game keeps its own save, and a lesson's game its own: neither touches the site's running game.
    slot: saveSlot(name, { embed: embedded, lesson: !embedded && !params.has("finished") && params.has("learn"),
      kind: link?.kind === "challenge" ? "challenge" : daily ? "daily" : null }),
    emit: (type, detail) => gameEvents.dispatchEvent(new CustomEvent(type, { detail })),
    parts: null, // once the board is loaded: every part of the page, by name
    ready: false, // once the engine listed the game: new games can be dealt
    shown: false, // once its first board is drawn
    leaving: null,
  };
  start(root, game).catch((err) => {
    console.warn("the game could not be shown:", err);
    if (!game.frame.alive) return;
    if (game.parts) game.parts.trouble.show(err);
    else {
      showPlayError(game, "failed"); // its board could not be loaded (offline before the first full visit)
      game.frame.onLanguage(() => showPlayError(game, "failed"));
    }
  });
  return {
    gameEvents,
    async newGame(request) {
      if (!game.ready) return { ok: false, code: "not_ready", message: "the game is still loading" };
      return game.parts.opening.newGame(request);
    },
    unmount: () => (game.leaving ??= leave(game)),
  };
}

/** Put the frame on the page, load the board, and deal (or resume) once the engine is up. */
async function start(root, game) {
  const { frame, name, status } = game;
  root.append(frame.node);
  frame.node.querySelector(".engine-slot").replaceWith(status);
  // The site's theme in the toolbar's Settings, after the pace (issue 44); an embed's theme is its host's (embed.js's data-theme).
  if (!game.embedded) frame.$("sound").closest("label").before(themeMenu({ id: "theme", className: "setting group-setting theme-choice", signal: frame.signal }));
  status.hidden = document.documentElement.dataset.engine === "ready"; // shown while the engine boots or when it failed
  frame.marks().gameState = "none";
  const refusal = takeRefusal(); // the link this page replaces could not be shown: said here (issue 42)
  if (refusal) linkRefusedNotice(frame, refusal);
  if (!isKnownGame(name)) {
    showPlayError(game, "missing");
    frame.onLanguage(() => showPlayError(game, "missing"));
    return;
  }
  const title = () => {
    if (!frame.alive) return;
    const heading = document.getElementById("game-title"); // the site's header; an embed has none
    if (heading) heading.textContent = t(`game.${name}.title`);
    if (heading && game.daily) { // the deal of the day says so under the game's name (issue 42)
      heading.append(Object.assign(document.createElement("small"), { className: "title-daily", textContent: t("daily.entry.link") }));
    }
    document.title = `${t(`game.${name}.title`)} · ${t("site.title")}`;
  };
  title(); // at once: the site's catalogue names every game
  const module = await import(`../games/${name}/board.js`);
  if (!frame.alive) return;
  addMessages(module.messages);
  title(); // a game the site's catalogue does not list (the test game) names itself
  if (game.learn != null) {
    game.lessons = await lessonsOf(name);
    if (!frame.alive) return;
    if (!game.lessons || !game.lessons[game.learn - 1]) {
      showPlayError(game, game.lessons ? "lesson-missing" : "lesson-failed");
      frame.onLanguage(() => showPlayError(game, game.lessons ? "lesson-missing" : "lesson-failed"));
      return;
    }
  }
  const parts = wire(game, module);
  frame.onLanguage(() => {
    title();
    if (parts.privacy.active) parts.privacy.redraw();
    else if (parts.review.active) parts.review.redraw();
    else if (parts.replay.active) parts.replay.redraw();
    else if (parts.session.view) show(game, parts.session.view, null);
    parts.lesson?.redraw();
    parts.turn.render(); // the toolbar's line too, whichever of them is on show
  });
  frame.onClose(game.boot.onReady((info) => ready(game, module, info)));
}

/** The lessons of the game's course, or null when its file cannot be fetched or read (said on the page). */
async function lessonsOf(name) {
  try {
    const lessons = readCourse(await fetchCourse(name), name);
    if (lessons instanceof Error) throw lessons;
    return lessons;
  } catch (err) {
    console.warn("the lessons could not be read:", err);
    return null;
  }
}

/** Every part of the page, made and joined to the board and the session. */
function wire(game, module) {
  const { frame, name, params, slot } = game;
  const engine = game.boot.engine;
  const running = () => Boolean(session.view && !session.view.is_over);
  const changed = () => { // (the parts below are made before it is called)
    if (!frame.alive) return;
    turn.render();
    hint.update();
    takeBack.update();
  };
  const toast = createToast(frame);
  const toolbar = createToolbar(frame, { name, params, toast, running, onPace: (ms) => (session.pace = ms) });
  const settings = createSettings(frame, { name, params, toast, running });
  // Sound (issue 44): the menu's switch, and each move's sound as the game names it; an embed only if its host asks.
  const sound = createSound(frame, { soundOf: module.soundOf, toast, embedded: game.embedded, asked: params.get("sound") });
  const session = new GameSession(engine, name, {
    onView: (view, last) => show(game, view, last),
    onBusy: changed,
    onTrouble: (err) => frame.alive && trouble.show(err),
    pace: toolbar.pace(),
    // Every engine call's margin over its budget; ?margin=ms (tests) changes it, within a sane range.
    margin: queryNumber(params, "margin", { min: MIN_MARGIN_MS, max: MAX_MARGIN_MS, fallback: 10_000 }),
    // A board showing a round's scoring holds the AI, and so does a lesson's step being read.
    hold: () => Promise.all([board.hold?.() ?? Promise.resolve(), lesson?.hold()]),
    onHandover: (seat) => {
      if (!frame.alive) return;
      privacy.show(seat);
      saving.persist(session.view); // a reload now comes back to this screen
    },
  });
  const board = module.createBoard(frame.$("board"), {
    // The board's texts name the other side as the table has it: the computer, or the person there.
    t: (key, params) => t(key, { ...otherSide(session.view), ...params }),
    pace: toolbar.pace,
    turnChanged: changed, // the board stopped or started holding the game
    signal: frame.signal, // the board's listeners on the document end with the game
    remember: () => saving.again(), // the same move, saved again with what the player wrote
    act: async (action) => {
      const step = lesson?.index;
      if (lesson && !lesson.check(action)) {
        // Answered in the lesson's words, never sent: the board is drawn again as it was (a clue panel
        // the board closed on sending, a card it had lifted), with the step's marks.
        if (session.view) board.render(session.view, null);
        lesson.redraw();
        return "lesson";
      }
      const refused = await session.act(action);
      if (refused && lesson) lesson.refused(step);
      if (refused && refused !== "not_your_turn") toast.show(t("play.refused"));
      return refused;
    },
  });
  const lesson = game.lessons ? createLesson(frame, { name, n: game.learn, lessons: game.lessons, board,
    again: () => saving.again() }) : null;
  const daily = game.daily ? createDaily(frame, { name, date: game.daily, session }) : null;
  const turn = createTurnLine(frame, { session, board });
  const tabs = createTabs(frame, {
    slotKey: slot.key, changed,
    onLost: () => session.halt({ code: "elsewhere" }),
    onTaken: () => {
      saving.forget(); // the other tab played on: its save is the newest
      return opening.resumeOrStart({ ask: false });
    },
  });
  const saving = createSaving(frame, { name, slot, toast, session, board, owned: () => tabs.owned,
    engine: () => game.engineVersion, lesson: () => lesson?.state() ?? null, daily, challenge: () => challenge.state() });
  const hint = createHint(frame, { name, session, board, saving, toast });
  const takeBack = createTakeBack(frame, { session, board, toast });
  placeHelp(frame);
  const trouble = createTrouble(frame, { engine, session, keptMove: saving.keptMove,
    reopen: () => opening.reopen(), changed });
  const log = createMoveLog(frame, board);
  const fit = fitBoard(frame, { embedded: game.embedded });
  const result = createResult(frame, { name, board, current: () => session.view,
    onShown: (view) => game.emit("result", { view }) });
  const privacy = createPrivacy(frame, { session, changed, shown: () => fit.update() });
  const replay = createReplay(frame, { session, board, log, result, toast, onTrouble: trouble.show,
    onStep: (final, step) => playOn.replayShown(final, step), onClose: () => playOn.replayClosed() });
  const share = createShare(frame, { name, session, toast, replay });
  const review = createReview(frame, { name, session, board, log, result, replay, onTrouble: trouble.show,
    share: (move) => share.offered && share.share(move),
    tools: (final, move) => [playOn.reviewButton(final, move)].filter(Boolean) });
  // A whole game from a link (#g=, issue 42): refused, it gives way to the game's own page, which says why.
  const shared = game.link?.kind === "game" && !game.link.refused ? createShared(frame, { name, session, replay, trouble,
    refused: (code) => linkRefused(game, code), away: () => game.goTo(ownPage) }) : null;
  // A friend's challenge (#c=, issue 42): the same deal in a slot of its own; a refused link gives way to the
  // game's own page, which says why. Every result of one person against the computer can send one.
  const challenge = createChallenge(frame, { name, session, trouble, refused: (code) => linkRefused(game, code),
    incoming: game.link?.kind === "challenge" && !game.link.refused ? game.link.text : null });
  const seating = createSeating(frame, { name, offered: module.passAndPlay === true && !lesson && !daily && !challenge.incoming,
    count: (options) => options.players ?? 2, options: () => settings.options(),
    level: () => toolbar.level(), deal: () => game.ready && opening.newGameAsked(), params, embedded: game.embedded });
  const opening = createOpening(frame, { slot, session, board, toolbar, settings, saving, tabs, trouble, toast, seating,
    finished: game.finished, shown: shared ? () => shared.reopen() : null, gameName: name, seed: params.has("seed") ? queryValue(params.get("seed")) : undefined, lesson,
    daily, challenge: challenge.incoming ? challenge : null,
    cleared: () => {
      review.close(); // a new game stops the review's work
      replay.close();
      result.close();
    } });
  // Play on from a decision of the replay or the review (issue 42), and a position link (#p=) opened.
  const playOn = createPlayOn(frame, { name, session, opening, toast, goTo: game.goTo, onTrouble: trouble.show,
    refused: (code) => linkRefused(game, code) });
  createRulesPanel(frame, module.rules);
  // Over a finished game from the list of recent games or from a link, a new game is the game's own page (its running game).
  const ownPage = `play.html?game=${encodeURIComponent(name)}`;
  const live = () => game.goTo(ownPage);
  const elsewhere = () => game.finished || shared || challenge.incoming;
  frame.$("new-game").addEventListener("click", () => game.ready && (elsewhere() ? live() : opening.newGameAsked()));
  frame.$("rematch").addEventListener("click", () => game.ready && (elsewhere() ? live() : opening.newGame()));
  if (lesson) {
    // A lesson's game is the lesson's: no level, settings nor table to choose; "New game" deals it again.
    frame.$("level").closest("label").classList.add("lesson-hidden");
    frame.$("new-game").dataset.i18n = "lesson.restart";
    frame.$("new-game").textContent = t("lesson.restart");
    frame.$("lesson-menu-list").hidden = false;
  }
  if (daily) {
    // The deal of the day is the same for everyone: its level and options are the day's; both buttons deal it again.
    frame.$("level").closest("label").classList.add("lesson-hidden");
    for (const [id, key] of [["new-game", "daily.restart"], ["rematch", "daily.again"]]) {
      frame.$(id).dataset.i18n = key;
      frame.$(id).textContent = t(key);
    }
  }
  game.parts = { toast, toolbar, settings, session, board, turn, tabs, saving, trouble, log, result, replay, review,
    opening, fit, hint, takeBack, privacy, seating, lesson, share, shared, playOn, challenge, daily, sound };
  return game.parts;
}

/** The engine is up: the game's options and settings, then this tab's claim, then a game on the table. */
async function ready(game, module, info) {
  const { frame, parts } = game;
  if (game.ready || !frame.alive) return;
  game.engineVersion = info.version.engine;
  // A failure here shows the engine panel's error and "Try again", so the panel stays until it works.
  const games = await game.boot.engine.call({ cmd: "list_games", hidden: true });
  if (game.ready || !frame.alive) return;
  game.ready = true;
  game.status.hidden = true;
  const listed = games.find((g) => g.name === game.name);
  const lesson = parts.lesson;
  parts.settings.mount(lesson || parts.daily || parts.challenge.incoming ? [] : module.settings ?? [], listed?.options ?? {});
  parts.review.offer(!lesson && listed?.review === true); // Review only where the engine has a coach for the game
  parts.hint.offer(lesson ? null : listed?.hint); // the help this game offers while playing (issue 26); a lesson is its own help
  parts.takeBack.offer(lesson ? null : listed?.take_back);
  parts.share.offer(!lesson && !game.embedded); // a finished game as a link or a file (issue 42)
  parts.challenge.offer(!lesson && !game.embedded && !parts.shared); // the deal sent as a challenge (issue 42)
  parts.playOn.offer(!lesson && !game.embedded); // play on from a decision of the replay or the review (issue 42)
  game.emit("ready", { game: game.name, level: parts.toolbar.level() });
  await game.after; // the game this one replaces has let go of its save
  if (game.link?.refused) {
    linkRefused(game, game.link.refused); // refused by the page itself (too long, not a link's characters)
    return;
  }
  if (parts.shared) {
    // A whole game from a link: shown over, like a finished game; this tab never claims the running game's save.
    if (frame.alive) await parts.shared.open(game.link.text);
    return;
  }
  if (game.link?.kind === "position") {
    // A position to play on from (js/play/playon.js): it takes the game's own slot, asking over a game under way.
    if (frame.alive && (await parts.tabs.acquire())) await parts.playOn.open(game.link);
    return;
  }
  if (game.finished) {
    // A finished game from the list of recent games: this tab never claims the running game's save.
    const shown = frame.alive ? await parts.opening.openFinished(game.finished) : "shown";
    if (!frame.alive || (shown !== "gone" && shown !== "damaged")) return;
    // Not kept here (another device's address, past the limit) or damaged: said, and the game's own page
    // instead, under its own address (the finished game's would show the same again after a reload).
    game.finished = null;
    const url = new URL(location.href);
    url.searchParams.delete("finished");
    history.replaceState(history.state, "", url);
    await parts.opening.liveInstead(shown);
    return;
  }
  // A friend's challenge is read (and said) first; a refused one gives way to the game's own page.
  if (parts.challenge.incoming && !(await parts.challenge.read())) return;
  if (!frame.alive || !(await parts.tabs.acquire())) return;
  // A lesson under way comes back at its step without asking; a lesson's deal is always the same.
  const own = lesson || parts.daily || parts.challenge.incoming; // a daily or a challenge under way comes back too
  await parts.opening.resumeOrStart({ ask: game.ask && !own });
  if (!own && !game.embedded && frame.alive) offerLessons(frame, { name: game.name, goTo: game.goTo });
}

/** A view of the game on the table: drawn, logged, saved, told to the embedding page. */
function show(game, view, last) {
  const { frame, parts } = game;
  if (!frame.alive) {
    parts.saving.persist(view); // a move answered after the game left the page is still saved
    return;
  }
  if (parts.session.handover != null) {
    parts.saving.persist(view); // the device is being passed: nothing of any hand is drawn
    return;
  }
  if (!game.shown) {
    game.shown = true;
    performance.mark("board-ready"); // benchmarks: the first board a player can use
  }
  frame.marks().gameState = view.is_over ? "over" : "playing";
  frame.marks().move = String(view.move);
  parts.board.render(view, last); // (off the page while the privacy screen is up: it goes back drawn)
  parts.sound.moved(view, last); // the move's sound, if the player wants sound (js/play/sound.js)
  parts.lesson?.render(view); // the step's words and marks, on the board as drawn now
  parts.log.render(view);
  parts.privacy.close();
  parts.turn.render();
  parts.hint.render(view);
  parts.takeBack.update();
  parts.fit.update();
  parts.saving.persist(view);
  game.emit("view", { view });
  parts.share.update();
  // A lesson says its own end; a game from a link opens on its replay, its result filled for "Back to the end".
  if (view.is_over && !parts.lesson) {
    if (parts.shared) parts.result.fill(view);
    else {
      parts.challenge.render(view); // its button, and a friend's challenge's two results side by side
      parts.result.show(view, last ? 900 : 0);
    }
    parts.daily?.ended(view); // the deal of the day: beside the par, and the days in a row
  }
}

/**
 * A link that cannot be shown (issue 42: damaged, cut short, edited, of another game or version, too
 * long): nothing of it is opened; the game's own page takes its place under its own address (the
 * running game offered back, untouched) and says why.
 */
function linkRefused(game, code) {
  if (!game.frame.alive) return;
  tellRefusal(code);
  game.goTo(`play.html?game=${encodeURIComponent(game.name)}`, { replace: true });
}

const LINK_REFUSALS = ["bad_link", "link_version", "link_game", "link_too_long"];

/** The notice of a refused link, on the page that took its place. */
function linkRefusedNotice(frame, code) {
  const reason = LINK_REFUSALS.includes(code) ? code : "bad_link";
  showNotice(frame.$("notices"), "link-refused", {
    tone: "info",
    text: () => t(`link.refused.${reason}`),
    actions: [{ id: "link-refused-dismiss", label: () => t("history.dismiss"), onClick: () => hideNotice("link-refused") }],
  });
  frame.marks().link = `refused-${reason}`;
}

/** A game this site does not have ("missing"), or whose board could not be loaded ("failed"): say so, with the way back. */
function showPlayError({ frame, status }, what) {
  frame.marks().gameState = what;
  const error = frame.$("play-error");
  error.hidden = false;
  error.replaceChildren(
    Object.assign(document.createElement("span"), { textContent: t(`play.${what}`) + " " }),
    Object.assign(document.createElement("a"), { href: "./", textContent: t("play.back") }),
  );
  status.hidden = true;
  for (const id of ["new-game", "show-rules", "level"]) frame.$(id).disabled = true;
}

/**
 * Off the page at once (the next route can mount its own game in the same
 * root now); then the game is put away: a move on its way to the engine is
 * saved, the AI stops, every save is written before this tab lets go of the game.
 */
async function leave({ frame, status, parts, boot }) {
  frame.close(status);
  if (!parts) return;
  const { session, saving, tabs } = parts;
  await session.settled();
  session.halt({ code: "closed" });
  await saving.settled();
  tabs.release();
  const open = session.view?.session;
  if (open != null && !isEngineTrouble(session.trouble)) {
    boot.engine.call({ cmd: "close", session: open }).catch(() => {}); // behind any AI move still thinking
  }
}
