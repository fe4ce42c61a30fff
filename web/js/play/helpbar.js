// Where Hint and Take back stand (#assist): on a phone (compact, as css/play.css has it) in the
// toolbar beside whose turn it is, one tap away without a row of their own above the hand; on a
// wide screen in the row above the board beside the last move (or the hint's sentence), where a
// game's long toolbar (Koi-Koi's house rules, Hanabi's seats) has no room left for them. The
// buttons keep their listeners and their state wherever they stand (hint.js, takeback.js).
//
// Owns: the place of the #assist group, and the media query that moves it.

const COMPACT = "(max-width: 760px), (max-height: 500px)"; // css/play.css's compact mode

export function placeHelp(frame) {
  const assist = frame.$("assist");
  const turn = frame.$("turn");
  const news = frame.$("news");
  const compact = matchMedia(COMPACT);
  const place = () => {
    if (compact.matches) turn.after(assist);
    else news.append(assist);
  };
  compact.addEventListener("change", place, { signal: frame.signal });
  place();
}
