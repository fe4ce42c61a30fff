// The choice in progress, by pointer or by key: the cards selected in the
// player's hand, the action marker that takes them, and for a competition how
// the four cards are paired. It knows no rules: a marker takes the cards only
// when the action they make is in the view's legal_actions (`legal()`), and
// isLegal, mainTurn and picking tell the other parts what that list allows.
//
// Owns: the selection (positions in the hand), whether the pairing chooser is
// open, and the board's keys on the document (1-9 a card or an offered choice,
// S T G C a marker, Esc back; Enter or Escape close a round summary). The keys
// end with `signal`; `redraw()` draws the whole board again.

import { onBoardKeys } from "../keys.js";
import { ACTIONS, SIZES } from "./markers.js";

const KEYS = { s: "secret", t: "tradeoff", g: "gift", c: "competition" };
const numeric = (a, b) => a - b;

/** JSON with sorted keys: how two actions are compared. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The (up to three) distinct ways to split four cards into two pairs, in the engine's form. */
function pairings(cards) {
  const [a, b, c, d] = cards;
  const splits = [[[a, b], [c, d]], [[a, c], [b, d]], [[a, d], [b, c]]].map((pairs) =>
    pairs.map((p) => [...p].sort(numeric)).sort((x, y) => x[0] - y[0] || x[1] - y[1]),
  );
  const seen = new Set();
  return splits.filter((pairs) => !seen.has(canonical(pairs)) && seen.add(canonical(pairs)));
}

export function createChoice(root, { act, signal, hasView, hand, legal, summary, redraw }) {
  let selected = []; // positions in the hand
  let pairing = false; // choosing how four selected cards are paired

  const legalKeys = () => new Set(legal().map(canonical));
  const isLegal = (action) => legalKeys().has(canonical(action));
  const mainTurn = () => legal().some((a) => ACTIONS.includes(a.type));
  const picking = () => legal().find((a) => a.type === "pick_gift" || a.type === "pick_pair")?.type ?? null;
  const selectedCards = () => selected.map((i) => hand()[i]).sort(numeric);
  const legalPairings = () => pairings(selectedCards()).filter((pairs) => isLegal({ type: "competition", pairs }));

  function send(action) {
    selected = [];
    pairing = false;
    act(action);
  }

  function ready(kind) {
    if (!mainTurn() || selected.length !== SIZES[kind]) return false;
    const cards = selectedCards();
    if (kind === "competition") return pairings(cards).some((pairs) => isLegal({ type: kind, pairs }));
    return isLegal({ type: kind, cards });
  }

  function choose(kind) {
    if (!ready(kind)) return;
    if (kind === "competition") {
      const options = legalPairings();
      if (options.length === 1) send({ type: kind, pairs: options[0] });
      else {
        pairing = true;
        redraw();
        root.querySelector(".hk-pairing button")?.focus({ preventScroll: true }); // keys 1-3 or the arrows and Enter
      }
      return;
    }
    send({ type: kind, cards: selectedCards() });
  }

  function toggle(i) {
    if (!mainTurn() || i >= hand().length) return;
    selected = selected.includes(i) ? selected.filter((x) => x !== i) : [...selected, i];
    pairing = false;
    redraw();
    root.querySelector(`.hk-card[data-index="${i}"]`)?.focus({ preventScroll: true });
  }

  function cancelPairing() {
    pairing = false;
    redraw();
    root.querySelector(".hk-marker[data-action=competition]")?.focus({ preventScroll: true });
  }

  onBoardKeys(signal, (key, event) => {
    if (!hasView()) return false;
    if (summary.isOpen()) {
      // Enter or Escape closes the summary and is used up here: left to its default, the key
      // would press whatever takes the focus next (after the last round, the end screen's
      // "New game", which dealt a new game before the player saw the result).
      if (key !== "enter" && key !== "escape") return false;
      summary.close();
      return true;
    }
    const digit = Number(event.key);
    const pick = picking();
    if (pairing && digit >= 1) {
      root.querySelectorAll(".hk-pairing button[data-pairing]")[digit - 1]?.click();
    } else if (pick && digit >= 1) {
      root.querySelectorAll(".hk-offer button")[digit - 1]?.click();
    } else if (digit >= 1 && digit <= 9) {
      toggle(digit - 1);
    } else if (KEYS[key] && mainTurn()) {
      choose(KEYS[key]);
    } else if (key === "escape" && pairing) {
      root.querySelector(".hk-pairing-cancel")?.click(); // back to the four selected cards
    } else if (key === "escape") {
      selected = [];
      pairing = false;
      redraw();
    } else {
      return false;
    }
    return true;
  });

  return {
    isLegal,
    mainTurn,
    picking,
    selected: () => selected,
    pairing: () => pairing,
    pairings: legalPairings,
    send,
    ready,
    choose,
    toggle,
    cancelPairing,
    /**
     * Which of the open chooser's pairings (its buttons' data-pairing) `pairs` is, in any order
     * (a hint's competition: its pairing is marked there too); -1 when none is, or no chooser is open.
     */
    pairingOf(pairs) {
      if (!pairing || !Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && p.length === 2)) return -1;
      const key = canonical(pairs.map((p) => [...p].sort(numeric)).sort((x, y) => x[0] - y[0] || x[1] - y[1]));
      return legalPairings().findIndex((option) => canonical(option) === key);
    },
    /** A new view: a selection outlives it only on the player's main turn, and only cards still in the hand. */
    follow() {
      selected = selected.filter((i) => i < hand().length);
      if (!mainTurn()) {
        selected = [];
        pairing = false;
      }
    },
  };
}
