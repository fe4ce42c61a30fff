// Share a finished game (issue 42): the whole game as a link (the engine's "link",
// js/links.js), from the result, from the replay (opening at the move on show) and
// from the review (at the decision on show); on a phone through the system's share
// sheet, elsewhere copied and said so; and the same record as a small file.
//
// Owns: the result's #share-game and #save-game-file buttons, the replay bar's
// #replay-share, the #share-dialog (the link to copy by hand when neither the sheet
// nor the clipboard works) and the `shared` mark ("copied", "shared", "shown").

import { gameFile, linkURL } from "../links.js";
import { t } from "../i18n.js";
import { downloadText } from "../saves.js";
import { shareLink } from "../share-text.js";

/**
 * @param name     the game's name
 * @param session  the GameSession: view (the finished game on the table) and call()
 * @param toast    says what happened ("Link copied")
 * @param replay   the replay part: the move it shows (`move`, while `active`)
 */
export function createShare(frame, { name, session, toast, replay }) {
  const $ = frame.$;
  const dialog = $("share-dialog");
  let offered = false;

  /** The link of the finished game on the table, opening at `at`; null when it cannot be made. */
  async function makeLink(at) {
    const final = session.view;
    if (!final?.is_over) return null;
    try {
      const made = await session.call({ cmd: "link", session: final.session, seat: final.seat, kind: "game",
        ...(Number.isInteger(at) ? { at } : {}) });
      return made.link;
    } catch (err) {
      console.warn("could not make the game's link:", err);
      return null;
    }
  }

  /** Share the game, opening at move `at` (the end when not given). */
  async function share(at) {
    const text = await makeLink(at);
    if (!frame.alive) return;
    if (!text) {
      toast.show(t("share.failed"));
      return;
    }
    const url = linkURL(name, "game", text);
    const outcome = await shareLink({ url, title: t("share.title", { game: t(`game.${name}.title`) }),
      text: t("share.sheet-text") });
    if (!frame.alive) return;
    if (outcome === "copied") say(t("share.copied"));
    if (outcome === "failed") showByHand(url);
    if (outcome !== "cancelled") frame.marks().shared = outcome === "failed" ? "shown" : outcome;
  }

  /**
   * What happened, where the player looks: in the result dialog, under its Share row (a toast would
   * lie behind the dialog), else the toast.
   */
  function say(text) {
    const line = $("share-said");
    if ($("result").open) {
      line.textContent = text;
      line.hidden = false;
      line.scrollIntoView({ block: "nearest" });
    } else {
      toast.show(text, 6000);
    }
  }

  /** Neither the sheet nor the clipboard: the link in a field, selected, to copy by hand. */
  function showByHand(url) {
    for (const open of frame.node.querySelectorAll("dialog[open]")) open.close();
    const field = $("share-field");
    field.value = url;
    dialog.showModal();
    field.focus();
    field.select();
  }

  async function saveFile() {
    const text = await makeLink();
    if (!frame.alive) return;
    if (!text) {
      toast.show(t("share.failed"));
      return;
    }
    const day = new Date().toISOString().slice(0, 10);
    downloadText(gameFile(name, text), `card-garden-${name}-${day}.json`);
    say(t("share.saved-file"));
  }

  $("share-game").addEventListener("click", () => share());
  $("save-game-file").addEventListener("click", () => saveFile());
  $("replay-share").addEventListener("click", () => share(replay.active ? replay.move : undefined));
  $("share-dialog-close").addEventListener("click", () => dialog.close());

  function update() {
    const on = offered && Boolean(session.view?.is_over);
    if (!on) $("share-said").hidden = true; // a new game: the last one's message goes
    for (const id of ["share-game", "save-game-file", "replay-share"]) $(id).hidden = !on;
  }

  return {
    /** Whether whole games are shared on this page (not in a lesson, nor an embed). */
    offer(on) {
      offered = on;
      update();
    },
    update,
    /** Share at move `at` (the review's decision on show). */
    share,
    get offered() {
      return offered;
    },
  };
}
