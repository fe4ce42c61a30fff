// The hint while playing against the computer (issue 26): "Hint" (or the key H) asks the
// engine for the strongest AI's choice at the decision the player faces, marks it on the
// board (board.suggest, where the board has it) and says why in one sentence, in the game's
// own words: web/games/<game>/coach.js's coachReason(why, t), loaded the first time a hint is
// asked, so a game without one (or one
// that fails to load) still gets a plain sentence. A board without suggest() gets the choice
// named in words instead, where the module has actionText(action, t, observation). A hint counts as help: the game is then marked in the
// history and earns no ranking points (the engine counts it; saving writes the count at once).
//
// Owns: the #hint-button, the #hint line above the board (it stands in for the last-move
// line while it shows), the H key, the `hint` mark ("asking" | "shown"), and the game's
// coach module once loaded.

import { formatNumber, language, t } from "../i18n.js";

/**
 * @param name     the game's name: its coach module is web/games/<name>/coach.js
 * @param session  the GameSession: view, busy, trouble, hint()
 * @param board    the board: suggest?(action | null) marks a choice on the board
 * @param saving   the saving part: again() writes the save with the new count
 * @param toast    the toast part: a refused hint is told there
 */
export function createHint(frame, { name, session, board, saving, toast }) {
  const button = frame.$("hint-button");
  const line = frame.$("hint");
  const lastMove = frame.$("last-move");
  let offered = false; // the game has a coach (list_games)
  let shown = null; // {view, hint} of the hint on show, for the view it answers
  let asking = null; // the view a hint is being asked for
  let coach = null; // the game's coach module (a promise; null inside when it has none)

  const coachModule = () => (coach ??= import(`../../games/${name}/coach.js`).catch(() => null));

  /** A coach module's words, or "" when it has none for this (or fails). */
  const words = (fn, ...args) => {
    try {
      const text = fn?.(...args);
      return typeof text === "string" ? text.trim() : "";
    } catch (err) {
      console.warn("the coach could not word this hint:", err);
      return "";
    }
  };

  /** {choice, why}: the choice in words ("" when the coach cannot name it) and one sentence why. */
  async function sentence({ action, why }, view) {
    const module = await coachModule();
    const choice = words(module?.actionText, action, t, view.observation, view);
    // The same context the review gives (coach.js: coachReason(why, t, {action, observation, table})).
    const reason = words(module?.coachReason, why, t, { action, observation: view.observation, table: view });
    if (!reason) return { choice, why: t("play.hint.fallback") };
    return { choice, why: /[.!?…]$/.test(reason) ? reason : `${reason}.` };
  }

  /** How good the choice is, in its unit ("" for a unit this page does not know). */
  function value({ value: v, unit }) {
    if (!Number.isFinite(v)) return "";
    if (unit === "win_chance") {
      const chance = new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 }).format(v);
      return t("play.hint.win-chance", { chance });
    }
    if (unit === "score") return t("play.hint.score", { score: formatNumber(v, 1) }); // "23.2", "23,2"
    return "";
  }

  async function draw() {
    if (!shown) return;
    const at = shown;
    const { choice, why } = await sentence(at.hint, at.view);
    if (shown !== at || !frame.alive) return;
    const label = document.createElement("strong");
    label.textContent = `${t("play.hint.label")} `;
    // The choice in words only where the board cannot mark it: on a phone every line counts.
    const named = choice && !board.suggest ? [Object.assign(document.createElement("span"),
      { className: "hint-choice", textContent: `${choice}. ` })] : [];
    const more = value(at.hint);
    line.replaceChildren(label, ...named, why, ...(more ? [" ", more] : []));
    line.hidden = false;
    lastMove.classList.add("covered");
    frame.marks().hint = "shown";
  }

  function clear() {
    if (shown || asking) board.suggest?.(null);
    shown = null;
    asking = null;
    line.hidden = true;
    line.replaceChildren();
    lastMove.classList.remove("covered");
    delete frame.marks().hint;
  }

  async function ask() {
    const view = session.view;
    if (button.hidden || button.disabled || !view) return;
    if (shown?.view === view) return draw(); // asked again: the same answer, not counted twice
    clear();
    asking = view;
    frame.marks().hint = "asking";
    update();
    line.replaceChildren(t("play.hint.thinking"));
    line.hidden = false;
    lastMove.classList.add("covered");
    const hint = await session.hint();
    if (asking !== view || !frame.alive) return; // the board moved on meanwhile
    asking = null;
    if (hint.refused) {
      clear();
      update();
      if (hint.refused !== "stale_move" && !session.trouble) toast.show(t("play.hint.refused"));
      return;
    }
    shown = { view, hint };
    board.suggest?.(hint.action, t("play.hint.mark")); // labelled as the hint's, not the review's "better"
    update();
    saving.again(); // the help is counted: a reload keeps the game's mark
    await draw();
  }

  function update() {
    const view = session.view;
    button.hidden = !offered;
    button.disabled = !view?.can_hint || session.busy || Boolean(session.trouble) || asking != null
      || Boolean(board.heldPrompt?.());
    button.classList.toggle("shown", shown != null); // (no aria-pressed: a second press says the hint again, it is no toggle)
    button.title = t("play.hint.title");
  }

  button.addEventListener("click", ask);
  document.addEventListener("keydown", (event) => {
    if (event.key.toLowerCase() !== "h" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]") || event.target.closest?.("input, select, textarea, [contenteditable]")) return;
    if (button.hidden || button.disabled) return;
    event.preventDefault();
    ask();
  }, { signal: frame.signal });

  return {
    /** Whether the game offers hints at all (it has a coach): the button shows only then. */
    offer(yes) {
      offered = Boolean(yes);
      update();
    },
    /** A view is on the table: a hint for another position goes, one for this one is worded again. */
    render(view) {
      if (shown && (view.session !== shown.view.session || view.move !== shown.view.move)) clear();
      else if (asking && (view.session !== asking.session || view.move !== asking.move)) clear();
      else if (shown) {
        shown = { ...shown, view };
        board.suggest?.(shown.hint.action, t("play.hint.mark")); // the board was drawn again: its mark too
        draw(); // the language may have changed
      }
      update();
    },
    /** The turn or the page's state changed (the AI thinks, a summary holds the game). */
    update,
    /** Take the hint down (a replay starts, a new game is dealt). */
    clear,
  };
}
