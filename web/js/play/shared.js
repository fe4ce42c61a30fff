// A whole game opened from a link (play.html?game=<game>#g=<text>, issue 42). The
// engine reads the link back (bridge "read_link": a damaged, edited, cut or foreign
// link is refused, and the page that replaces this one says why); the reader is told
// first that it shows every hand; then the game goes on the table through the same
// path a save is loaded by (session.resume) and its replay opens at the link's move,
// the review one click away. Never saved nor recorded: this page never claims the
// running game's save (the tab is not acquired), so the reader's own game is untouched.
//
// Owns: the #spoiler dialog and the `link` mark ("reading", "spoiler", "game").

import { isEngineTrouble } from "../../engine/client.js";
import { t } from "../i18n.js";
import { readLink } from "../links.js";

/**
 * @param name     the game's name
 * @param session  the GameSession: call(), resume(record)
 * @param replay   the replay part: open(at)
 * @param trouble  the trouble part: show(err) (the engine failed; its restart opens the link again)
 * @param refused  (code) => void: the link cannot be shown (the game's own page instead, saying why)
 * @param away     () => void: the reader would rather not see it (the game's own page)
 */
export function createShared(frame, { name, session, replay, trouble, refused, away }) {
  const $ = frame.$;
  const dialog = $("spoiler");
  let record = null; // the link's game, once read and accepted: a restart of the engine reopens it
  let at = 0;
  let asked = null; // the link's text, once asked to open

  /** The reader's answer to "This shows every hand": true to see the game. */
  function ask() {
    $("spoiler-title").textContent = t("shared.spoiler.title", { game: t(`game.${name}.title`) });
    return new Promise((resolve) => {
      const pick = (value) => () => {
        dialog.close();
        resolve(value);
      };
      $("spoiler-show").onclick = pick(true);
      $("spoiler-away").onclick = pick(false);
      dialog.oncancel = pick(false);
      dialog.showModal();
      $("spoiler-show").focus();
    });
  }

  /** Put the read game on the table at its end and open its replay at the link's move. */
  async function show() {
    try {
      await session.resume(record);
    } catch (err) {
      if (isEngineTrouble(err)) trouble.show(err);
      else refused(err.code);
      return;
    }
    if (!frame.alive) return;
    frame.marks().link = "game";
    replay.open(at);
  }

  /** Read the link `text`, ask, and show its game. */
  async function open(text) {
    asked = text;
    frame.marks().link = "reading";
    const { read, refused: code, trouble: err } = await readLink(session, name, "game", text);
    if (!frame.alive) return;
    if (err) return trouble.show(err);
    if (code) return refused(code); // also a challenge's or a position's text under #g=
    frame.marks().link = "spoiler";
    if (!(await ask())) {
      away();
      return;
    }
    if (!frame.alive) return;
    record = read.record;
    at = read.at;
    await show();
  }

  return {
    open,
    /** After an engine restart: the game read from the link, back on the table (asked already). */
    reopen: () => (record ? show() : asked ? open(asked) : Promise.resolve()),
    get shown() {
      return record !== null;
    },
  };
}
