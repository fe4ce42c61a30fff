// The choice in progress on the player's turn, by pointer or by key: which
// card of their own hand is selected, and which teammate's clue panel is open.
// It knows no rules: a move is sent only when it is in the view's legal_actions.
//
// Owns: the selected slot, the clue target (a seat counted from the player),
// and the board's keys on the document (1-9 a card, P play, D discard,
// C a clue panel and again the next teammate's, then 1-5 or R Y G B W, Esc).
// `redraw()` draws the whole board again; the keys end with `signal`.

import { onBoardKeys } from "../keys.js";

const COLOUR_KEYS = { r: "red", y: "yellow", g: "green", b: "blue", w: "white" };

export function createChoice(root, { act, signal, hasView, myTurn, isLegal, cluesFor, players, handSize, redraw }) {
  let selected = null; // slot in your hand
  let clueTarget = null; // seat (relative) whose clue choices are open

  function send(action) {
    if (!isLegal(action)) return;
    selected = null;
    clueTarget = null;
    act(action);
  }

  function openClue(seat) {
    clueTarget = seat;
    if (seat != null) selected = null;
    redraw();
    if (seat != null) root.querySelector(".hb-clue-choice")?.focus({ preventScroll: true }); // the page never scrolls itself
  }

  function select(i) {
    if (!myTurn() || i >= handSize()) return;
    selected = selected === i ? null : i;
    clueTarget = null;
    redraw();
    root.querySelector(`.hb-own-card[data-slot="${i}"]`)?.focus({ preventScroll: true }); // the page never scrolls itself
  }

  function nextClueTarget() {
    const n = players();
    for (let step = 1; step < n; step++) {
      const seat = clueTarget == null ? step : ((clueTarget - 1 + step) % (n - 1)) + 1;
      if (cluesFor(seat).length) return openClue(seat);
    }
    return openClue(null);
  }

  /** What a key does with a clue panel open; false if nothing. */
  function clueKey(key, digit) {
    const clues = cluesFor(clueTarget);
    const pick = digit >= 1 && digit <= 5 ? clues.find((c) => c.rank === digit)
      : COLOUR_KEYS[key] ? clues.find((c) => c.colour === COLOUR_KEYS[key]) : null;
    if (pick) send(pick);
    else if (key === "escape") openClue(null);
    else if (key === "c") nextClueTarget();
    else return false;
    return true;
  }

  onBoardKeys(signal, (key, event) => {
    if (!hasView() || !myTurn()) return false;
    const digit = Number(event.key);
    if (clueTarget != null) return clueKey(key, digit);
    if (digit >= 1 && digit <= 9) {
      select(digit - 1);
    } else if (key === "p" && selected != null) {
      send({ type: "play", slot: selected });
    } else if (key === "d" && selected != null) {
      send({ type: "discard", slot: selected });
    } else if (key === "c") {
      nextClueTarget();
    } else if (key === "escape") {
      selected = null;
      redraw();
    } else {
      return false;
    }
    return true;
  });

  return {
    selected: () => selected,
    clueTarget: () => clueTarget,
    send,
    select,
    openClue,
    /** A new view: a choice outlives it only on the player's turn, and a selection only while its card is in the hand. */
    follow() {
      if (!myTurn()) {
        selected = null;
        clueTarget = null;
      }
      if (selected != null && selected >= handSize()) selected = null;
    },
  };
}
