// How much of the screen the board has: the height from the
// board's top to the bottom of the viewport (the page at its top), as the CSS
// variable --board-h on the board, so a board can fit its hand, its table and
// the controls of the decision at hand into one screen. Kept up to date as
// the screen turns or the lines above the board (turn, last move, notices)
// change. Set at every size (a board uses it where it chooses: compact mode
// on phones, a Koi-Koi round summary on a desktop) and never in an embed,
// whose frame is as tall as its content: a board sized by the frame would
// grow it without end.
//
// Owns: the board's --board-h and the observers that keep it.

const MIN_HEIGHT = 240;

export function fitBoard(frame, { embedded }) {
  const board = frame.$("board");
  if (embedded) return { update() {} };
  const update = () => {
    if (!frame.alive) return;
    const top = board.getBoundingClientRect().top + scrollY;
    const height = Math.max(MIN_HEIGHT, Math.floor(innerHeight - top - 8));
    board.style.setProperty("--board-h", `${height}px`);
  };
  const watcher = new ResizeObserver(update);
  const watched = () => {
    watcher.disconnect();
    const above = [document.querySelector(".site-header"), frame.$("menu-toggle").closest(".toolbar")];
    for (let node = board.previousElementSibling; node; node = node.previousElementSibling) above.push(node);
    for (const node of above) if (node) watcher.observe(node);
  };
  addEventListener("resize", update, { signal: frame.signal });
  frame.onClose(() => watcher.disconnect());
  watched();
  update();
  return {
    /** Measure again (the board came onto the page, or what stands above it changed). */
    update() {
      watched();
      update();
    },
  };
}
