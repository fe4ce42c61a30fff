// Challenge a friend (issue 42). After a game of one person against the computer, the
// result offers a link that holds the deal (game, options, seed, the person's seat, the
// computer's level) and the sender's result, never a card nor a move: the engine's "link"
// of kind "challenge", at play.html?game=<game>#c=<text> (js/links.js). The friend who
// opens it is told what it is in plain words, gets the same deal against the same level in
// a save slot of its own (js/saves.js: the friend's running game is never touched; a reload
// comes back to the challenge, whose save carries the link), and at the end sees both
// results side by side. The page reads the link only through the engine ("read_link"),
// which refuses a damaged, edited or foreign one; the page that takes its place says why.
//
// Owns: the result's #challenge-friend button, its line (#challenge-said) and the link to
// copy by hand (#challenge-field), the result's side-by-side block (#result-versus), the
// "challenge" notice and the `challenge` mark ("reading", "ready"; after the button:
// "shared", "copied", "shown", "failed").

import { t } from "../i18n.js";
import { linkURL, readLink } from "../links.js";
import { hideNotice, showNotice } from "../notices.js";
import { peopleAt } from "../people.js";
import { shareLink } from "../share-text.js";
import { COOPERATIVE, resultWords, standing, versusWords } from "./challenge-words.js";
import { helpedIn } from "./result.js";

/**
 * @param name      the game's name
 * @param session   the GameSession: view (the game on the table), call()
 * @param incoming  the challenge link's text when this page was opened from one (#c=), else null
 * @param trouble   the trouble part: show(err) (the engine failed while reading the link)
 * @param refused   (code) => void: the link cannot be played (the game's own page instead, saying why)
 */
export function createChallenge(frame, { name, session, incoming = null, trouble, refused }) {
  const $ = frame.$;
  const button = $("challenge-friend");
  const said = $("challenge-said");
  const field = $("challenge-field");
  let offered = false;
  let made = null; // {session, url: Promise<string | null>}: the link of the finished game on the table
  let challenge = null; // the incoming challenge once read: {text, options, seed, human, level, result}

  /** The person's result in the finished game of `view`. */
  const resultOf = (view) => standing(name, { scores: view.result.scores, winner: view.result.winner,
    helped: helpedIn(view) }, view.seat);

  // ------------------------------------------------------------- the sender's side
  /** Whether the finished game of `view` may be sent as a challenge: one person against the computer. */
  function sendable(view) {
    return offered && Boolean(view?.is_over) && !peopleAt(view.seats) && typeof view.level === "string"
      && !document.documentElement.dataset.daily; // the deal of the day is everybody's already
  }

  /** The challenge's address for the finished game of `view`, asked once per game (null: refused). */
  function linkOf(view) {
    if (made?.session !== view.session) {
      const url = session.call({ cmd: "link", session: view.session, seat: view.seat, kind: "challenge" })
        .then((reply) => linkURL(name, "challenge", reply.link))
        .catch((err) => {
          console.warn("could not make the challenge's link:", err);
          made = null; // asked again on the next tap
          return null;
        });
      made = { session: view.session, url };
    }
    return made.url;
  }

  function say(key) {
    said.hidden = !key;
    said.textContent = key ? t(key) : "";
    said.dataset.key = key ?? "";
  }

  async function send() {
    const view = session.view;
    if (!sendable(view)) return;
    field.hidden = true;
    say(null);
    const url = await linkOf(view);
    if (!frame.alive || session.view !== view) return;
    if (!url) {
      say("challenge.failed");
      frame.marks().challenge = "failed";
      return;
    }
    const mine = resultOf(view);
    const outcome = await shareLink({ url, title: t("challenge.title", { game: t(`game.${name}.title`) }),
      text: t("challenge.sheet-text", { game: t(`game.${name}.title`), result: resultWords(mine, t) }) });
    if (!frame.alive || session.view !== view) return;
    if (outcome === "cancelled") return;
    frame.marks().challenge = outcome === "failed" ? "shown" : outcome;
    if (outcome === "failed") {
      // Neither the share sheet nor the clipboard: the link in a field, selected, to copy by hand.
      say("challenge.by-hand");
      field.value = url;
      field.hidden = false;
      field.focus();
      field.select();
    } else say(outcome === "copied" ? "challenge.copied" : "challenge.shared");
    (field.hidden ? said : field).scrollIntoView({ block: "nearest" }); // the dialog's foot may be below a phone's screen
  }

  button.addEventListener("click", send);
  field.addEventListener("focus", () => field.select());

  // ------------------------------------------------------------- the friend's side
  /** The challenge in a newcomer's words, before the deal and while it is played. */
  function notify() {
    const theirs = standing(name, challenge.result, challenge.human);
    showNotice($("notices"), "challenge", {
      tone: "info",
      text: () => t(COOPERATIVE.has(name) ? "challenge.notice.team" : "challenge.notice",
        { level: t(`level.${challenge.level}`), result: resultWords(theirs, t) }),
      actions: [{ id: "challenge-dismiss", label: () => t("challenge.notice.go"), onClick: () => hideNotice("challenge") }],
    });
  }

  /**
   * Read the incoming link through the engine and say what it is. Resolves to true when it is a
   * challenge of this game; false when it was refused (the refusal is handed on) or the engine failed
   * (its notice is up, and its restart reads the link again through deal()).
   */
  async function read() {
    if (challenge) return true;
    frame.marks().challenge = "reading";
    const { read: reply, refused: code, trouble: err } = await readLink(session, name, "challenge", incoming);
    if (!frame.alive) return false;
    if (err || code) {
      if (err) trouble.show(err);
      else refused(code); // also a whole game's or a position's text under #c=
      return false;
    }
    challenge = { text: incoming, options: reply.options, seed: reply.seed, human: reply.human, level: reply.level,
      result: reply.result };
    frame.marks().challenge = "ready";
    notify();
    return true;
  }

  /** Both results side by side, for the finished challenge game of `view` (else nothing). */
  function renderVersus(view) {
    const box = $("result-versus");
    if (!challenge || !view?.is_over || peopleAt(view.seats)) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const words = versusWords(standing(name, challenge.result, challenge.human), resultOf(view), t);
    box.dataset.verdict = words.verdict;
    const line = (tag, className, text) => Object.assign(document.createElement(tag), { className, textContent: text });
    const sides = line("div", "versus-sides", "");
    for (const side of words.sides) {
      const cell = line("div", `versus-side versus-${side.who}`, "");
      cell.dataset.outcome = side.outcome;
      cell.append(line("h3", "versus-who", side.heading), line("p", "versus-outcome", side.outcomeText),
        line("p", "versus-score", side.score), line("p", "versus-help", side.help));
      sides.append(cell);
    }
    const title = line("p", "versus-verdict", words.title);
    box.replaceChildren(title, sides);
    box.hidden = false;
  }

  return {
    /** Whether challenges are sent from this page's results (not in a lesson nor an embed). */
    offer(on) {
      offered = on;
    },
    /** The result of `view` is being shown: the button (and its link, made ahead) and the comparison. */
    render(view) {
      const on = sendable(view);
      button.hidden = !on;
      if (made?.session !== view?.session) {
        say(null);
        field.hidden = true;
      } else if (said.dataset.key) say(said.dataset.key); // the same game drawn again: in the language on show
      if (on) linkOf(view); // made now, so that the tap shares at once (a share sheet wants the tap's moment)
      renderVersus(view);
    },
    read,
    /** Whether this page plays a challenge from a link. */
    get incoming() {
      return incoming != null;
    },
    /** Whether a saved game is this challenge's (the same link): reopened, else the challenge is dealt. */
    owns(save) {
      return incoming != null && save?.challenge?.link === incoming;
    },
    /** What the challenge's save keeps of it ({link}), or null on a page of no challenge. */
    state() {
      return incoming != null ? { link: incoming } : null;
    },
    /** The deal of the challenge for session.start ({level, options, human, seed}), or null (refused, trouble). */
    async deal() {
      if (!(await read())) return null;
      const { level, options, human, seed } = challenge;
      return { level, options, human, seed };
    },
  };
}
