// A practice position in the engine (issue 41): its save opened with the bridge's "load", the
// player in the position's seat and the computer (easy) in the others, so the view the board
// draws is that seat's and nothing more. No move is ever sent: the verdict is the page's. The
// session is closed when the page moves on to another position or leaves.
//
// Owns: the engine session of the position on show.

import { isEngineTrouble } from "../../engine/client.js";

const DEADLINE_MS = 20_000; // a load replays the game to the decision: a slow phone needs a while

export function createPracticeTable(engine, game) {
  let open = null; // the session id of the position on show
  let asked = 0; // positions asked for: an answer to an older ask is closed at once

  function close() {
    const sid = open;
    open = null;
    if (sid != null) engine.call({ cmd: "close", session: sid }).catch(() => {}); // gone already: nothing to close
  }

  return {
    /** The seat's view of `position`, opened in the engine; the position before it is closed first. */
    async open(position) {
      close();
      const ask = ++asked;
      const view = await engine.call({ cmd: "load", game, save: position.save, human: position.seat, level: "easy" },
        { timeout: DEADLINE_MS });
      if (ask !== asked) { // another position was asked for meanwhile (or the page left): this one is not shown
        engine.call({ cmd: "close", session: view.session }).catch(() => {});
        return view;
      }
      open = view.session;
      return view;
    },
    /** Close the position on show, and any still on its way. */
    close() {
      asked++;
      close();
    },
    /** Whether `err` is the engine's failure (restart it) rather than a refusal of this position. */
    isTrouble: isEngineTrouble,
    /** A fresh engine after a failure; nothing was open in it. */
    async restart() {
      open = null;
      await engine.restart();
    },
  };
}
