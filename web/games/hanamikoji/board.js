// Hanamikoji's board: draws a view and turns taps, clicks and keys into
// actions. It knows no rules: a button is enabled only when the action it
// would send is in the view's legal_actions.
//
// createBoard wires its parts, each a module that says at its top what it owns:
//   hands.js    the two sides: the computer's hidden hand, the player's hand
//   markers.js  each side's four action markers
//   field.js    the geisha row with the items and favour markers; round and piles
//   offer.js    a gift's or competition's offer, and the pairing chooser
//   summary.js  the round summary, which holds the game until it is closed
//   choice.js   the selected cards and the pairing being chosen, and the keys
//   suggestion.js  the elements a suggested action involves (suggest: the review's better move, a hint)

import { loadBoardStyles } from "../styles.js";
import { keyHint as hintFor } from "../keys.js";
import { createSuggestion } from "../suggest.js";
import { el } from "./art.js";
import { createChoice } from "./choice.js";
import { createField } from "./field.js";
import { createSides } from "./hands.js";
import { logLines, namer } from "./log.js";
import { createMarkers } from "./markers.js";
import { messages, rules } from "./messages.js";
import { createOffer } from "./offer.js";
import { suggestionNodes } from "./suggestion.js";
import { createSummary } from "./summary.js";

export { messages, rules };
export { soundOf } from "./sounds.js"; // which sound a move makes (issue 44; the page plays it)

/** Two people may play at one device (js/play/seating.js). */
export const passAndPlay = true;

/** A key's hint in a corner of a button (games/keys.js), in this board's style. */
const keyHint = (key) => hintFor(key, "hk-key");

/** A game as one seat sees it: another person's turn at the same device is a new table to draw. */
const tableOf = (view) => `${view.session}/${view.seat}`;

/**
 * Why the game ended, with the winner's own numbers (seats counted from the player):
 * the charm points or geishas the winner really had, never the threshold alone.
 */
export function resultReason(r, t) {
  if (r.winner == null) return t("hk.result.reason.round_limit_draw", { rounds: r.rounds, charm: r.scores[0] });
  const side = r.winner === 0 ? "you" : "them";
  return t(`hk.result.reason.${r.reason}.${side}`, {
    rounds: r.rounds, charm: r.scores[r.winner], other: r.scores[1 - r.winner], geishas: r.geishas[r.winner],
  });
}

export function createBoard(root, { act, t, signal, turnChanged = () => {} }) {
  loadBoardStyles("hanamikoji");
  root.classList.add("hk");
  const names = namer(t);

  let view = null;
  let session = null;

  const obs = () => view.observation;
  const summary = createSummary(root, { t, names, changed: () => turnChanged() });
  const choice = createChoice(root, { act, signal, hasView: () => view != null, hand: () => obs().hand,
    legal: () => obs().legal_actions ?? [], summary, redraw: draw });
  const markers = createMarkers({ t, count: () => choice.selected().length, ready: choice.ready, choose: choice.choose });
  const sides = createSides({ t, names, markers, keyHint, active: choice.mainTurn, selected: choice.selected,
    toggle: choice.toggle });
  const field = createField({ t, names });
  const offer = createOffer({ t, names, keyHint, isLegal: choice.isLegal, send: choice.send, pairing: choice.pairing,
    pairings: choice.pairings, cancelPairing: choice.cancelPairing });
  const suggestion = createSuggestion(root, { label: () => t("play.suggest"),
    nodesFor: (action) => suggestionNodes(root, action, choice.pairingOf) });
  root.replaceChildren(sides.them, field.field, field.middle, offer.node, sides.you, summary.node);

  function draw() {
    if (!view) return;
    const shown = view.revealed ?? null; // after the game (replay, review): the cards hidden then
    sides.drawThem(obs(), shown);
    field.drawField(obs());
    field.drawMiddle(obs(), shown?.removed ?? null);
    offer.draw(obs());
    sides.drawYou(obs());
    root.dataset.phase = choice.picking() ?? (choice.mainTurn() ? "main" : "wait");
    suggestion.mark(); // the elements were made anew
  }

  return {
    render(next, last) {
      suggestion.follow(next.move, tableOf(next) === session && view != null);
      if (tableOf(next) !== session || (view && next.move < view.move)) {
        // A new game, or a move taken back (the game went back): nothing to animate, no summary owed.
        session = tableOf(next);
        field.newGame();
        summary.newGame(next.observation);
      }
      field.follow(next, last, view);
      view = next;
      choice.follow();
      draw();
      // Only a move just made sums up its round; a past moment (replay, review, take back) never does.
      if (last) summary.follow(obs());
      else summary.seen(obs());
    },
    log: (v) => logLines(v, t),
    /** Mark `action` (one of the view's moment: the review's better move, a hint) on the board, labelled
     *  `word` (a hint's "hint"; the review's "better" when none is given); null clears. */
    suggest(action, word) {
      if (view) suggestion.set(action, view.move, word);
    },
    prompt(v) {
      const types = new Set((v.observation.legal_actions ?? []).map((a) => a.type));
      if (types.has("pick_gift")) return t("hk.prompt.pick-gift");
      if (types.has("pick_pair")) return t("hk.prompt.pick-pair");
      return t("hk.prompt.select");
    },
    result(v) {
      const r = v.observation.result ?? v.result;
      const box = el("div", "hk-result");
      box.append(
        el("p", null, `${t("hk.you")}: ${t("hk.score", { charm: r.scores[0], geishas: r.geishas[0] })}`),
        el("p", null, `${t("hk.them")}: ${t("hk.score", { charm: r.scores[1], geishas: r.geishas[1] })}`),
      );
      box.append(el("p", "hk-reason", resultReason(r, t)));
      return box;
    },
    hold: () => summary.hold(),
    /** While a round's summary holds the game, the toolbar says what to do. */
    heldPrompt: () => (summary.isOpen() ? t("hk.prompt.summary") : null),
  };
}
