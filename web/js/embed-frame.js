// The embedded game's side of the postMessage protocol (see README, "Embedding").
//
// Out, to the host page: {protocol: "card-garden", version: 1, type, game, ...}
//   ready   {level}                     the engine is up and a game is on the table
//   resize  {height}                    the content's height in CSS pixels, on every change
//   result  {outcome, winner, scores, ranking_points, level}   at the end of a game
// In, from the host page only:
//   {protocol: "card-garden", version: 1, type: "new-game", level?, options?}
// Anything else is ignored with a console warning; nothing here reaches into
// the host page, and nothing the host sends can do more than start a new game.

export const PROTOCOL = "card-garden";
const VERSION = 1;
const LEVELS = ["easy", "normal", "hard"];
const COMMANDS = { "new-game": new Set(["protocol", "version", "type", "level", "options"]) };

/** Why a message from the host is refused, or null when it is a valid command. */
export function problemWith(message) {
  if (!message || typeof message !== "object" || Array.isArray(message)) return "not an object";
  if (message.protocol !== PROTOCOL) return "not a card-garden message";
  if (message.version !== VERSION) return `unsupported version ${JSON.stringify(message.version)}`;
  const allowed = COMMANDS[message.type];
  if (!allowed || !Object.hasOwn(COMMANDS, message.type)) return `unknown type ${JSON.stringify(message.type)}`;
  const extra = Object.keys(message).filter((key) => !allowed.has(key));
  if (extra.length) return `unknown field(s) ${extra.join(", ")}`;
  if ("level" in message && !LEVELS.includes(message.level)) return `bad level ${JSON.stringify(message.level)}`;
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

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return; // only the page that embeds us
    const problem = problemWith(event.data);
    if (problem) {
      console.warn(`card-garden: ignored a message from the host page (${problem})`);
      return;
    }
    const { level, options } = event.data;
    newGame({ ...(level ? { level } : {}), ...(options ? { options } : {}) });
  });
}
