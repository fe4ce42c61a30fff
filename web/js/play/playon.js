// "Play on from here" (issue 42): in the replay and in the review, at a decision of the person
// whose screen is shown, the engine makes a link of kind "position" (the game's first moves up to
// that decision, its seats and levels; pygame_core/links.py) and the page follows it,
// play.html?game=<game>#p=<text>, through the site's router (the same document, the same engine).
// Opening such a link, the engine reads it back (read_link), the position takes the game's own save
// slot by the same load a save takes (js/play/opening.js openPosition: a game under way there is
// asked about first), and the address loses its #p= so that a reload continues the saved game. The
// engine counts one take-back for it: a game played on from an earlier position earns no points.
//
// Owns: the replay bar's and the review's "Play on from here" buttons, the position each of them
// stands at, and the `playOn` mark ("opened" once a position link is on the table, "kept" when the
// player kept the running game instead).

import { isEngineTrouble } from "../../engine/client.js";
import { t } from "../i18n.js";
import { linkHref, readLink } from "../links.js";

const ICON = '<svg class="playon-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 12h9M10 7l5 5-5 5"/>'
  + '<path d="M19 5v14"/></svg>';

/**
 * @param name      the game's name (the link's address)
 * @param session   the GameSession: view (the finished game on the table) and call()
 * @param opening   the opening part: openPosition(record)
 * @param refused   (code) => void: a link refused is said, and the game's own page shown instead
 * @param toast     says what failed and, once opened, where the game goes on from
 * @param goTo      (href) => void: the site's router
 * @param onTrouble (err) => void: the engine failed while making or reading a link
 */
export function createPlayOn(frame, { name, session, opening, refused, toast, goTo, onTrouble }) {
  const $ = frame.$;
  const marks = frame.marks;
  let offered = false; // a game of the site (not a lesson, not an embed)
  let busy = false; // a link on its way: one tap makes one
  const replayButton = $("replay-playon"); // in the shell, its word translated with the page
  replayButton.insertAdjacentHTML("afterbegin", ICON);
  let replayAt = null; // {final, move}: the replay's position, when it is the person's decision

  /** A button of this part: the icon and its word (the review's is made afresh with its box). */
  function button(id) {
    const node = document.createElement("button");
    node.type = "button";
    node.id = id;
    node.className = "secondary playon";
    node.innerHTML = ICON;
    // Its words in full, and short on a phone (play.css shows one of them).
    for (const [form, key] of [["long", "play.playon"], ["short", "play.playon.short"]]) {
      node.append(Object.assign(document.createElement("span"), { className: `playon-${form}`, textContent: t(key) }));
    }
    return node;
  }

  /** The link to decision `move` of the finished game `final`, followed; said when it cannot be made. */
  async function playOn(final, move) {
    if (busy || !frame.alive || session.view !== final) return;
    busy = true;
    try {
      const made = await session.call({ cmd: "link", session: final.session, seat: final.seat, kind: "position", at: move });
      if (frame.alive && session.view === final) goTo(linkHref(name, "position", made.link));
    } catch (err) {
      console.warn("no link to play on from:", err);
      if (!frame.alive) return;
      if (isEngineTrouble(err)) onTrouble(err);
      else toast.show(t("play.playon.failed"), 6000);
    } finally {
      busy = false;
    }
  }

  replayButton.addEventListener("click", () => replayAt && playOn(replayAt.final, replayAt.move));

  /** The address without its #p= part: a reload now continues the game saved in the slot. */
  function forgetAddress() {
    const url = new URL(location.href);
    if (!url.hash) return;
    url.hash = "";
    history.replaceState(history.state, "", url);
  }

  return {
    /** Whether the game on this page may be played on from (never in a lesson nor an embed). */
    offer(yes) {
      offered = Boolean(yes);
      if (!offered) replayButton.hidden = true;
    },

    /**
     * The replay shows `step` ({move, moves, decisions}: the bridge's replay) of the finished game
     * `final`: the button stands there when that move is the shown person's decision.
     */
    replayShown(final, step) {
      const mine = offered && step.move < step.moves && (step.decisions ?? []).includes(step.move);
      replayAt = mine ? { final, move: step.move } : null;
      replayButton.hidden = !mine;
    },

    /** The replay closed. */
    replayClosed() {
      replayAt = null;
      replayButton.hidden = true;
    },

    /**
     * The review's button for its decision on show (`move` of `final`), in a row of its own (beside
     * the steps on a phone, under the title in a wide screen's narrow column), or null where there is none.
     */
    reviewButton(final, move) {
      if (!offered || move == null || !final?.is_over) return null;
      const node = button("review-playon");
      node.addEventListener("click", () => playOn(final, move));
      const row = document.createElement("div");
      row.className = "review-playon-row";
      row.append(node);
      return row;
    },

    /**
     * A position link in the address (js/links.js addressLink: {kind: "position", text}, or
     * {refused}): read by the engine, put in the game's slot (asked first over a game under way),
     * the address cleared. A link refused (by the page, the engine, or a load that fails) is said
     * and the game's own page opened instead (`refused`), the running game's save untouched.
     */
    async open(link) {
      if (link.refused) return refused(link.refused);
      const { read, refused: code, trouble: err } = await readLink(session, name, "position", link.text);
      if (!frame.alive) return;
      // The engine failed: its notice offers the restart (which reopens the game saved in the slot); the
      // address keeps the link, so a reload reads it again.
      if (err) return onTrouble(err);
      if (code || !read.record) return refused(code ?? "bad_link");
      const opened = await opening.openPosition(read.record);
      if (!frame.alive) return;
      if (opened === "refused") return refused("bad_link");
      if (opened === "trouble") return;
      forgetAddress();
      marks().playOn = opened;
      if (opened === "opened") toast.show(t("play.playon.opened", { move: read.at }), 8000);
    },
  };
}
