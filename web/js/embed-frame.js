// The embedded game's side of the postMessage protocol (see docs/embedding.md).
//
// Out, to the host page: {protocol: "card-garden", version: 1, type, game, ...}
//   ready   {level}                     the engine is up and a game is on the table
//   resize  {height}                    the content's height in CSS pixels, on every change
//   result  {outcome, winner, scores, ranking_points, level}   at the end of a game
//   error   {code, message, request}    a command of the host's was refused; the game goes on
// In, from the host page only:
//   {protocol: "card-garden", version: 1, type: "new-game", level?, options?}
// A card-garden message that is not a valid command is refused with an
// `error` (code "bad_message") and a console warning; a `new-game` is checked
// by the engine completely before the running game is touched, and refused
// with the engine's code ("bad_options", ...) when it cannot start. Messages
// of other protocols are ignored with a warning. Nothing here reaches into
// the host page, and nothing the host sends can do more than start a new game.

import { levelsOf } from "./collection.js";

export const PROTOCOL = "card-garden";
const VERSION = 1;
const COMMANDS = { "new-game": new Set(["protocol", "version", "type", "level", "options"]) };

/** Why a message from the host is refused, or null when it is a valid command for `game`. */
export function problemWith(message, game) {
  if (!message || typeof message !== "object" || Array.isArray(message)) return "not an object";
  if (message.protocol !== PROTOCOL) return "not a card-garden message";
  if (message.version !== VERSION) return `unsupported version ${JSON.stringify(message.version)}`;
  const allowed = COMMANDS[message.type];
  if (!allowed || !Object.hasOwn(COMMANDS, message.type)) return `unknown type ${JSON.stringify(message.type)}`;
  const extra = Object.keys(message).filter((key) => !allowed.has(key));
  if (extra.length) return `unknown field(s) ${extra.join(", ")}`;
  if ("level" in message && !levelsOf(game).includes(message.level)) return `bad level ${JSON.stringify(message.level)}`;
  if ("options" in message) {
    const o = message.options;
    if (!o || typeof o !== "object" || Array.isArray(o)) return "options must be an object";
  }
  return null;
}

export function connectEmbed({ game, gameEvents, newGame }) {
  if (window.parent === window) return; // opened on its own: nobody to talk to
  const post = (type, data = {}) =>
    window.parent.postMessage({ protocol: PROTOCOL, version: VERSION, type, game, ...data }, "*");

  gameEvents.addEventListener("ready", (event) => post("ready", { level: event.detail.level }));
  gameEvents.addEventListener("result", (event) => {
    const view = event.detail.view;
    const { winner, scores, ranking_points: points } = view.result;
    const outcome = winner == null ? "draw" : winner === view.seat ? "win" : "loss";
    post("result", {
      outcome,
      winner: winner == null ? null : winner === view.seat ? "player" : "computer",
      scores,
      ranking_points: points[view.seat],
      level: view.level,
    });
  });

  let height = 0;
  const measure = () => {
    const now = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (now !== height) {
      height = now;
      post("resize", { height });
    }
  };
  new ResizeObserver(measure).observe(document.body);
  measure();

  const refuse = (code, message, type) => post("error", { code, message, request: type ?? null });
  window.addEventListener("message", async (event) => {
    if (event.source !== window.parent) return; // only the page that embeds us
    const message = event.data;
    const problem = problemWith(message, game);
    if (problem) {
      console.warn(`card-garden: ignored a message from the host page (${problem})`);
      // Ours but malformed: the host is told why. Other protocols' messages are not ours to answer.
      if (message?.protocol === PROTOCOL) {
        refuse("bad_message", problem, typeof message.type === "string" ? message.type.slice(0, 40) : null);
      }
      return;
    }
    const { level, options } = message;
    const outcome = await newGame({ ...(level ? { level } : {}), ...(options ? { options } : {}), fromHost: true });
    if (!outcome.ok) refuse(outcome.code, outcome.message, "new-game");
  });
}
