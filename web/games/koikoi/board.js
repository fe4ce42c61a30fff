// Koi-Koi's board: draws a view and turns clicks, taps and keys into actions.
// It knows no rules: a card or button is enabled only when the action it
// sends is in the view's legal_actions; yaku and scores come from the view.
//
// createBoard is the page's board contract (web/js/play.js) wired to the
// board's parts, each a module that says at its top what it owns and draws:
//   status.js    the round, the match points, the house rules in play
//   captures.js  each side's head, captured cards by kind (buttons that open a pile at full size) and yaku progress
//   hand.js      the player's hand and its selection; the computer's hand
//   field.js     stock, turned card and table; the choice between two table cards
//   overlay.js   the slot over the field: the decision or a moment
//   decision.js  the koi-koi / shobu decision
//   moments.js   the computer's yaku and the koi-koi calls, one at a time
//   motion.js    the cards' flights and the rings on the last move's cards
//   summary.js   the round summary that holds the game (keep/restore); the match's result
//   keyboard.js  which key goes to which part, and when
//   faces.js     card names, labels, faces and yaku lists in the page's language
//   suggestion.js  the elements a suggested action involves (suggest: the review's better move, a hint)
// The board itself owns the view on show, the log entries it has already
// shown, the last move's cards and hold()'s promise.

import { loadBoardStyles } from "../styles.js";
import { language } from "../../js/i18n.js";
import { onBoardKeys } from "../keys.js";
import { createSuggestion } from "../suggest.js";
import { el } from "./art.js";
import { createCaptures } from "./captures.js";
import { createDecision } from "./decision.js";
import { createFaces } from "./faces.js";
import { createField } from "./field.js";
import { createHand } from "./hand.js";
import { keyboard } from "./keyboard.js";
import { logLines } from "./log.js";
import { messages, rules } from "./messages.js";
import { createMoments } from "./moments.js";
import { animate, markLast, movedCards, snapshot } from "./motion.js";
import { createOverlay } from "./overlay.js";
import { drawStatus } from "./status.js";
import { suggestionNodes } from "./suggestion.js";
import { createSummary, matchResult } from "./summary.js";

export { messages, rules };
export { soundOf } from "./sounds.js"; // which sound a move makes (issue 44; the page plays it)

/** Two people may play at one device (js/play/seating.js). */
export const passAndPlay = true;

// Chosen before a match, next to the level (the game page draws the select).
// The house rules (seeds/koikoi.md, "House rules") sit together in one menu, each off by default.
const HOUSE_RULES = ["plus_one_yaku", "no_sake_yaku", "koikoi_once", "teshi"];
const ON_OFF = { false: "kk.house.off", true: "kk.house.on" };
export const settings = [
  { key: "rounds", label: "kk.rounds", option: "kk.rounds.n", values: [3, 6, 12] },
  ...HOUSE_RULES.map((key) => ({
    key, label: `kk.house.${key}`, values: [false, true], valueLabels: ON_OFF,
    group: { label: "kk.house", count: "kk.house.on.count", hint: "kk.house.hint" },
  })),
];

/**
 * The board's places, top to bottom: the status bar, the computer's side, the stage (the
 * field, and over it the choice and the overlay), the round summary, the player's side.
 */
function layout(root) {
  const parts = {
    status: el("div", "kk-status"),
    them: el("section", "kk-side kk-them"),
    stage: el("div", "kk-stage"), // the field, and over it a choice, the decision and the moments
    field: el("section", "kk-field"),
    over: el("div", "kk-over"),
    choice: el("div", "kk-choice"),
    summary: el("section", "kk-panel kk-summary"),
    you: el("section", "kk-side kk-you"),
  };
  // The choice between two table cards is laid over the field too: the hand never moves down.
  parts.stage.append(parts.field, parts.choice, parts.over);
  root.replaceChildren(parts.status, parts.them, parts.stage, parts.summary, parts.you);
  return parts;
}

/** A game as one seat sees it: another person's turn at the same device is a new table to draw. */
const tableOf = (view) => `${view.session}/${view.seat}`;

/** The board in `root`: what it takes and returns is the board contract at the top of web/js/play.js. */
export function createBoard(root, { act, t, signal, pace = () => 700, turnChanged = () => {}, remember = () => {} }) {
  loadBoardStyles("koikoi");
  root.classList.add("kk");
  const faces = createFaces(t);

  let view = null;
  let session = null;
  let logSeen = 0; // log entries already animated
  let lastCards = new Set(); // the cards the last move played, turned or took: marked until the next
  let endedCards = new Set(); // the same for the ended round's final table, under its summary
  let release = null; // resolves hold() when the summary closes and the moments are over

  const parts = layout(root);

  // What the parts read of the view on show: the ended round until the player goes on.
  const obs = () => summary.ended ?? view.observation;
  const legal = () => obs().legal_actions ?? [];
  const mine = () => !summary.ended && view.waiting_for === "human" && !view.is_over;
  const pendingMine = (type) => mine() && obs().pending?.type === type && obs().pending.seat === 0;
  const playsOf = (card) => legal().filter((a) => a.type === "play" && a.card === card);
  const reads = { t, faces, obs, legal, mine, pendingMine, playsOf };

  const overlay = createOverlay(root, parts.over);
  const captures = createCaptures({ ...reads, root });
  const hand = createHand({
    ...reads, send, draw, highlight: (m) => field.highlight(m), focusChoice: () => field.focusChoice(),
  });
  const field = createField({
    ...reads, root, node: parts.field, choiceNode: parts.choice, send, choosing: () => hand.choosing,
    cancel() {
      hand.drop();
      draw();
    },
  });
  const decision = createDecision({ ...reads, overlay, send });
  const moments = createMoments({ root, t, faces, overlay, pace, held: () => summary.open, idle: releaseIfIdle });
  const summary = createSummary({
    root, node: parts.summary, t, faces, overlay, view: () => view, draw,
    closed() {
      draw(); // now the next deal
      turnChanged();
      releaseIfIdle();
      remember(); // the save no longer owes the summary
    },
  });

  const suggestion = createSuggestion(root, { label: () => t("play.suggest"),
    nodesFor: (action, word) => suggestionNodes(root, action, t, word) });

  function send(action) {
    hand.drop();
    act(action);
  }

  function draw() {
    if (!view) return;
    const ended = summary.ended;
    drawStatus(parts.status, obs(), t, HOUSE_RULES);
    parts.status.append(el("span", "kk-keys", t("kk.keys"))); // where the line has room (a wide screen)
    const them = captures.head(1);
    them.append(hand.drawTheirs(ended ? null : view.revealed?.opponent?.hand)); // after the game (replay, review): face up
    parts.them.replaceChildren(them, captures.groups(1));
    field.draw();
    parts.you.replaceChildren(captures.groups(0), captures.head(0), hand.drawOwn());
    const pend = obs().pending;
    root.dataset.phase = ended ? "summary" : view.is_over ? "over" : mine() ? (hand.choosing != null ? "choose" : pend.type) : "wait";
    root.dataset.ended = String(Boolean(ended));
    markLast(root, ended ? endedCards : lastCards);
    // The ended round: its summary takes the field's place, between the two sides' captures.
    parts.stage.hidden = Boolean(ended);
    if (!summary.open && !moments.showing) decision.sync();
    suggestion.mark(); // the elements were made anew
  }

  /** hold() resolves when nothing is left for the player to see before the next AI move. */
  function releaseIfIdle() {
    if (moments.showing || moments.queued || summary.open) return;
    decision.offer();
    release?.();
    release = null;
  }

  /** A new game (or a reopened one, or one taken back): nothing to animate, nothing owed but what summary.reset keeps. */
  function start(next) {
    session = tableOf(next);
    summary.reset(next);
    logSeen = next.observation.log.length;
    hand.drop();
    lastCards = new Set();
    endedCards = new Set();
    captures.close();
    moments.clear();
    release?.();
    release = null;
    overlay.hide();
  }

  function render(next, last) {
    suggestion.follow(next.move, tableOf(next) === session && view != null);
    // A new game, or a move taken back (the game went back): nothing to animate, no summary owed.
    const fresh = tableOf(next) !== session || (view != null && next.move < view.move);
    if (fresh) start(next);
    const entries = next.observation.log.slice(logSeen);
    logSeen = next.observation.log.length;
    const moved = last ? movedCards(entries) : null;
    if (moved?.round) endedCards = moved.round;
    if (moved?.deal) lastCards = moved.deal;
    const newRound = view && next.observation.round !== view.observation.round;
    const before = !fresh && last && !newRound ? snapshot(root) : null;
    view = next;
    hand.check();
    if (!fresh && !last && overlay.kind === "decide") overlay.hide(); // a redraw (language): build it anew
    draw();
    if (!fresh && !last) summary.redraw();
    animate(root, before, entries, { stock: parts.field, hand: parts.them });
    if (last) moments.add(entries);
    // Only a move just made, a new deal or a reopened game sums up a round: the replay and the review
    // stepping forward past a round's end do not pop its summary over the board.
    if (!last && !fresh) summary.seen();
    const round = summary.owed();
    if (round) {
      moments.clear(); // the summary tells how the round ended; hold() waits for it
      summary.show(round); // the page's save after this render keeps it open (keep)
    } else {
      moments.next();
    }
  }

  onBoardKeys(signal, keyboard({
    ready: () => view != null, obs, pendingMine, summary, moments, decision, hand, field, draw,
  }));

  return {
    render,
    log: (v) => logLines(v, t, language()),
    /** Mark `action` (one of the view's moment: the review's better move, a hint) on the board, labelled
     *  `word` (a hint's "hint"; the review's "better" when none is given); null clears. */
    suggest(action, word) {
      if (view) suggestion.set(action, view.move, word);
    },
    keep: summary.keep,
    restore: summary.restore,
    heldPrompt: () => (summary.ended ? t("kk.prompt.summary") : null),
    prompt(v) {
      if (summary.ended) return t("kk.prompt.summary");
      const pend = v.observation.pending;
      if (pend?.type === "take") return t("kk.prompt.take");
      if (pend?.type === "koikoi") return t("kk.prompt.koikoi");
      return hand.choosing != null ? t("kk.prompt.choose") : t("kk.prompt.play");
    },
    result: (v) => matchResult(v, t, faces),
    hold() {
      if (!summary.open && !moments.showing && !moments.queued) return Promise.resolve();
      return new Promise((resolve) => {
        const previous = release;
        release = () => {
          previous?.();
          resolve();
        };
      });
    },
  };
}
