// Hanabi's board: draws a view and turns clicks and keys into actions. It
// knows no rules: a clue is offered, and Play or Discard enabled, only when
// the action it would send is in the view's legal_actions.
//
// createBoard wires its parts, each a module that says at its top what it owns:
//   table.js      the status line (clues, strikes, deck, score), fireworks, discard pile
//   last-move.js  the marks of the last move on the board (the page says it in its line above)
//   mates.js      the other players' hands, with what they know
//   clues.js      the clue panel under a teammate's hand and its preview
//   hand.js       the player's own hand, its buttons and the notes on cards
//   choice.js     the selected card and open clue panel, and the keys
//   suggestion.js the elements a suggested action involves (suggest: the review's better move, a hint)
// It keeps the view on the table and the cards already drawn (new ones slide in).
//
// board.css lays the parts out to fit one screen: on a wide screen and on a phone
// on its side, the table and the hand beside the teammates and the clue panel;
// on a phone upright (the page's --board-h is the height it has), the table, the
// teammates one per row, the clue panel and the hand. The discard pile follows below.

import { loadBoardStyles } from "../styles.js";
import { createSuggestion } from "../suggest.js";
import { el } from "./art.js";
import { createChoice } from "./choice.js";
import { createCluePanel } from "./clues.js";
import { createOwnHand } from "./hand.js";
import { createLastMove, marksOf } from "./last-move.js";
import { logLines, namer } from "./log.js";
import { createMates } from "./mates.js";
import { messages, rules } from "./messages.js";
import { suggestionNodes } from "./suggestion.js";
import { createTable, finalStacks } from "./table.js";

export { messages, rules };
export { soundOf } from "./sounds.js"; // which sound a move makes (issue 44; the page plays it)

/** People at one device may take any seats, the computer the rest (js/play/seating.js). */
export const passAndPlay = true;

// The player count is chosen before a game: the page puts a select in its toolbar;
// the seat menu offers only the seats at that table.
export const settings = [
  { key: "players", label: "hb.players", option: "hb.players.n", values: [2, 3, 4, 5], fromSeats: true },
  { key: "seat", label: "hb.seat", option: "hb.seat.n", values: [1, 2, 3, 4, 5], seat: true,
    upTo: "players", outOfRange: "hb.seat.out" },
];

const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** A game as one seat sees it: another person's turn at the same device is a new table to draw. */
const tableOf = (view) => `${view.session}/${view.seat}`;

export function createBoard(root, { act, t, signal, remember = () => {} }) {
  loadBoardStyles("hanabi");
  root.classList.add("hb");
  const names = namer(t);

  let view = null;
  let session = null;
  let seen = new Set(); // card ids already drawn, to animate new ones

  const obs = () => view.observation;
  const legal = () => obs().legal_actions ?? [];
  const isLegal = (action) => legal().some((a) => same(a, action));
  const myTurn = () => !view.is_over && view.waiting_for === "human" && legal().length > 0;
  const cluesFor = (seat) => legal().filter((a) => a.type === "clue" && a.target === seat);
  const isNew = (card) => !seen.has(card.id);

  const choice = createChoice(root, { act, signal, hasView: () => view != null, myTurn, isLegal, cluesFor,
    players: () => obs().players, handSize: () => obs().hands[0].length, redraw: draw });
  const table = createTable({ t, names });
  const lastMove = createLastMove(root);
  const cluePanel = createCluePanel(root, { t, names, cluesFor, send: choice.send, close: () => choice.openClue(null) });
  const mates = createMates({ t, names, myTurn, cluesFor, clueTarget: choice.clueTarget, openClue: choice.openClue,
    isNew, redraw: draw });
  const hand = createOwnHand(root, { t, names, myTurn, isLegal, selected: choice.selected, select: choice.select,
    send: choice.send, isNew, redraw: draw, remember });
  const suggestion = createSuggestion(root, { label: () => t("play.suggest"),
    nodesFor: (action, word) => suggestionNodes(root, action, obs(), t, names, word) });
  const clueSlot = el("div", "hb-clue-slot"); // the clue panel, below the teammates
  root.replaceChildren(table.status, table.stacks, mates.toggle, mates.node, clueSlot, hand.node, table.discards);

  function draw() {
    if (!view) return;
    const marks = marksOf(obs());
    table.drawStatus(obs());
    lastMove.draw(view);
    table.drawStacks(obs(), marks);
    mates.draw(view, marks);
    const target = choice.clueTarget();
    clueSlot.replaceChildren(...(target != null ? [cluePanel.draw(view, target, obs().hands[target])] : []));
    hand.draw(obs(), marks, view.revealed?.hand ?? null); // after the game: the own hand face up
    table.drawDiscards(obs(), marks);
    const phase = choice.clueTarget() != null ? "clue" : choice.selected() != null ? "card" : "main";
    root.dataset.phase = myTurn() ? phase : "wait";
    root.dataset.players = String(obs().players); // board.css sizes the cards on a phone by it
    // The page's turn line follows the choice in progress (the page redraws it on every view).
    const turn = document.getElementById("turn");
    if (turn && myTurn()) turn.textContent = promptText(view);
    for (const cards of obs().hands) for (const card of cards) seen.add(card.id);
    suggestion.mark(); // the elements were made anew
  }

  function promptText(v) {
    const o = v.observation;
    if (v.waiting_for !== "human") return o.to_move ? t("hb.to-move", { name: names.name(o.to_move) }) : "";
    if (view === v && choice.clueTarget() != null) return t("hb.prompt.clue", { name: names.object(choice.clueTarget()) });
    if (view === v && choice.selected() != null) return t("hb.prompt.card", { n: choice.selected() + 1 });
    return t("hb.prompt");
  }

  return {
    render(next, last) {
      suggestion.follow(next.move, tableOf(next) === session && view != null);
      names.setTable(next); // at a table of people, every seat keeps its person's name
      if (tableOf(next) !== session) {
        // Another person's turn at the same game keeps the notes: each is on a card of its writer's hand.
        if (!session?.startsWith(`${next.session}/`)) hand.newGame();
        session = tableOf(next);
        seen = new Set(next.observation.hands.flat().map((c) => c.id));
        table.still();
      }
      view = next;
      if (!last) {
        table.still();
        for (const card of next.observation.hands.flat()) seen.add(card.id);
      }
      if (!myTurn()) hand.stopEditing();
      choice.follow();
      draw();
    },
    log: (v) => logLines(v, t),
    /** Mark `action` (one of the view's moment: the review's better move, a hint) on the board, labelled
     *  `word` (a hint's "hint"; the review's "better" when none is given); null clears. */
    suggest(action, word) {
      if (view) suggestion.set(action, view.move, word);
    },
    keep: () => hand.keep(),
    restore: (kept) => hand.restore(kept),
    prompt: promptText,
    // A cooperative game has no winner: the dialog's title says the show is over.
    resultTitle: () => t("hb.result.title"),
    result(v) {
      const r = v.result ?? v.observation.result;
      const box = el("div", "hb-result");
      box.append(el("p", "hb-result-score", t("hb.result.score", { score: r.scores[v.seat] })));
      box.append(finalStacks(v.observation), el("p", "hb-reason", t(`hb.result.${r.reason}`)));
      return box;
    },
  };
}
