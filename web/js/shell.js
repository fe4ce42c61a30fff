// A game's shell, shared by the site (js/app.js) and embed.html: toolbar
// (on a phone its controls fold into one labelled menu, js/play/toolbar.js, beside which
// Hint and Take back stay one tap away, js/play/hint.js and takeback.js; on a wide screen they
// stand beside the last move instead, js/play/helpbar.js),
// table (last move, board and move log), toast and dialogs; whether the games
// play offline (js/offline-line.js: in the menu on a phone, under the log on a
// wide screen). Its engine-slot takes the document's engine status
// (js/engine-status.js) while the engine boots.
// Constant markup with no data in it but the game's levels; texts are filled
// in from the catalogue by translate().

import { LEVELS, levelOptions } from "./collection.js";
import { translate } from "./i18n.js";

const SHELL = `
  <div class="toolbar" role="region" data-i18n-aria="play.controls" aria-label="Game controls">
    <button type="button" id="menu-toggle" class="menu-toggle secondary" aria-expanded="false" aria-controls="game-menu">
      <span class="menu-icon" aria-hidden="true">☰</span> <span data-i18n="play.menu">Menu</span>
    </button>
    <div id="game-menu" class="game-menu">
      <label class="level">
        <span data-i18n="play.level">Level</span>
        <select id="level"></select>
      </label>
      <details id="preferences" class="setting-group preferences">
        <summary><span data-i18n="play.preferences">Settings</span></summary>
        <div class="setting-panel">
          <label class="setting group-setting speed">
            <span data-i18n="play.speed">Speed</span>
            <select id="speed">
              <option value="relaxed" data-i18n="speed.relaxed">Relaxed</option>
              <option value="normal" data-i18n="speed.normal" selected>Normal</option>
              <option value="fast" data-i18n="speed.fast">Fast</option>
            </select>
          </label>
          <label class="setting group-setting sound-choice">
            <span data-i18n="sound.label">Sound</span>
            <select id="sound">
              <option value="off" data-i18n="sound.off" selected>Off</option>
              <option value="on" data-i18n="sound.on">On</option>
            </select>
          </label>
        </div>
      </details>
      <button type="button" id="new-game" class="secondary" data-i18n="play.new">New game</button>
      <button type="button" id="seating-open" class="secondary" data-i18n="play.seating">Who plays</button>
      <button type="button" id="show-rules" class="secondary" data-i18n="play.rules">Rules</button>
      <a id="lesson-skip" class="button secondary" href="./" data-i18n="lesson.skip" hidden>Skip this lesson</a>
      <a id="lesson-menu-list" class="button secondary" href="./#learn" data-i18n="lesson.list" hidden>All lessons</a>
      <offline-line class="offline-line in-menu"></offline-line>
    </div>
    <p id="turn" class="turn" aria-live="polite"></p>
    <div id="assist" class="assist">
      <button type="button" id="hint-button" class="secondary assist-button" aria-keyshortcuts="h" hidden>
        <svg class="assist-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z"/></svg>
        <span class="assist-label" data-i18n="play.hint">Hint</span>
      </button>
      <button type="button" id="take-back" class="secondary assist-button" hidden>
        <svg class="assist-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5 4 10l5 5M4 10h10a6 6 0 0 1 0 12h-3"/></svg>
        <span class="assist-label" data-i18n="play.take-back">Take back</span>
      </button>
    </div>
  </div>

  <main class="table">
    <div class="engine-slot"></div>
    <p id="play-error" class="play-error" role="alert" hidden></p>
    <div id="notices" class="notices"></div>
    <div id="replay-bar" class="replay-bar" role="group" data-i18n-aria="play.replay" hidden>
      <button type="button" id="replay-first" class="secondary" data-i18n-aria="play.replay.first">«</button>
      <button type="button" id="replay-prev" class="secondary" data-i18n-aria="play.replay.prev">◀</button>
      <input type="range" id="replay-slider" min="0" max="0" value="0" data-i18n-aria="play.replay.slider">
      <button type="button" id="replay-next" class="secondary" data-i18n-aria="play.replay.next">▶</button>
      <button type="button" id="replay-last" class="secondary" data-i18n-aria="play.replay.last">»</button>
      <span id="replay-position" class="replay-position"></span>
      <button type="button" id="replay-review" class="secondary" data-i18n="play.review.short" hidden>Review</button>
      <button type="button" id="replay-playon" class="secondary playon" hidden><span class="playon-long" data-i18n="play.playon">Play on from here</span><span class="playon-short" data-i18n="play.playon.short">Play on</span></button>
      <button type="button" id="replay-share" class="secondary" data-i18n="share.short" hidden>Share</button>
      <button type="button" id="replay-close" class="primary"><span class="replay-close-long" data-i18n="play.replay.close">Back to the end</span><span class="replay-close-short" data-i18n="play.replay.close.short">Close</span></button>
    </div>
    <div id="news" class="news">
      <p id="last-move" class="last-move" hidden></p>
      <p id="hint" class="hint-line" role="status" tabindex="0" hidden></p>
    </div>
    <div id="offer-slot" class="offer-slot"></div>
    <section id="lesson" class="lesson" aria-labelledby="lesson-title" hidden>
      <h2 id="lesson-title" class="lesson-title"></h2>
      <p id="lesson-say" class="lesson-say" role="status" tabindex="-1"></p>
      <div class="lesson-buttons">
        <button type="button" id="lesson-next" class="primary" data-i18n="lesson.next" hidden>Next</button>
        <button type="button" id="lesson-again" class="primary" data-i18n="lesson.try-again" hidden>Try again</button>
        <a id="lesson-more" class="button primary" href="./" data-i18n="lesson.more" hidden>Next lesson</a>
        <a id="lesson-play" class="button primary" href="./" data-i18n="lesson.play" hidden>Play a real game</a>
        <a id="lesson-list" class="button secondary" href="./#learn" data-i18n="lesson.list" hidden>All lessons</a>
      </div>
    </section>
    <section id="review-detail" class="review-detail" aria-labelledby="review-detail-title" hidden></section>
    <section id="board" class="board"></section>
    <section id="review" class="review-panel" aria-labelledby="review-title" hidden></section>
    <aside class="log-panel">
      <h2 id="log-heading" data-i18n="play.log">Moves</h2>
      <ol id="log" class="log" tabindex="0" aria-labelledby="log-heading"></ol>
      <offline-line class="offline-line in-log"></offline-line>
    </aside>
  </main>

  <div id="toast" class="toast" role="status" aria-live="polite" hidden></div>

  <dialog id="result" class="result" aria-labelledby="result-title">
    <h2 id="result-title"></h2>
    <section id="result-versus" class="result-versus" aria-live="polite" hidden></section>
    <div id="result-details"></div>
    <section id="result-daily" class="result-daily" aria-live="polite" hidden></section>
    <p id="result-points" class="points"></p>
    <p id="result-rule" class="points-rule"></p>
    <div class="dialog-buttons">
      <button type="button" id="rematch" class="primary" data-i18n="play.rematch">Play again</button>
      <button type="button" id="review-open" class="secondary" data-i18n="play.review" hidden>Review your moves</button>
      <button type="button" id="replay-open" class="secondary" data-i18n="play.replay">Watch the replay</button>
      <button type="button" id="result-close" class="secondary" data-i18n="play.view-board">See the board</button>
      <a href="./" class="button secondary back-link" data-i18n="play.back">Back to the collection</a>
    </div>
    <div id="result-share" class="result-share" role="group" aria-labelledby="result-share-label">
      <span id="result-share-label" class="result-share-label" data-i18n="share.row">Send it on</span>
      <button type="button" id="challenge-friend" class="secondary" data-i18n="challenge.button" hidden>Challenge a friend</button>
      <button type="button" id="share-game" class="secondary" data-i18n="share.button" hidden>Share this game</button>
      <button type="button" id="save-game-file" class="secondary" data-i18n="share.file" hidden>Save as a file</button>
    </div>
    <p id="share-said" class="challenge-said" role="status" hidden></p>
    <p id="challenge-said" class="challenge-said" role="status" hidden></p>
    <input type="text" id="challenge-field" class="share-field challenge-field" readonly hidden
      data-i18n-aria="challenge.field">
  </dialog>

  <dialog id="share-dialog" class="share-dialog" aria-labelledby="share-dialog-title">
    <h2 id="share-dialog-title" data-i18n="share.by-hand.title">Copy this link</h2>
    <p data-i18n="share.by-hand.text">This browser could not copy it by itself. Select the link and copy it.</p>
    <input type="text" id="share-field" class="share-field" readonly data-i18n-aria="share.by-hand.title">
    <div class="dialog-buttons">
      <button type="button" id="share-dialog-close" class="primary" data-i18n="share.by-hand.close">Done</button>
    </div>
  </dialog>

  <dialog id="spoiler" class="spoiler" aria-labelledby="spoiler-title">
    <h2 id="spoiler-title"></h2>
    <p data-i18n="shared.spoiler.text">This link shows a whole game from the deal to the end, with every hand face up. If you would rather play this deal yourself first, do not look yet.</p>
    <div class="dialog-buttons">
      <button type="button" id="spoiler-show" class="primary" data-i18n="shared.spoiler.show">Show the game</button>
      <button type="button" id="spoiler-away" class="secondary" data-i18n="shared.spoiler.away">Not now</button>
    </div>
  </dialog>

  <dialog id="resume" class="resume" aria-labelledby="resume-title">
    <h2 id="resume-title" data-i18n="play.resume.title">Continue your game?</h2>
    <p id="resume-text"></p>
    <div class="dialog-buttons">
      <button type="button" id="resume-continue" class="primary" data-i18n="play.resume.continue">Continue</button>
      <button type="button" id="resume-new" class="secondary" data-i18n="play.resume.new">Start a new game</button>
    </div>
  </dialog>

  <dialog id="confirm-new" class="confirm-new" aria-labelledby="confirm-new-title">
    <h2 id="confirm-new-title" data-i18n="play.confirm-new.title">Start a new game?</h2>
    <p id="confirm-new-text"></p>
    <div class="dialog-buttons">
      <button type="button" id="confirm-new-keep" class="primary" data-i18n="play.confirm-new.keep">Keep playing</button>
      <button type="button" id="confirm-new-start" class="secondary" data-i18n="play.confirm-new.start">Start a new game</button>
    </div>
  </dialog>

  <dialog id="seating" class="seating" aria-labelledby="seating-title">
    <h2 id="seating-title" data-i18n="play.seating.title">Who plays?</h2>
    <p class="seating-help" data-i18n="play.seating.help">Friends at this device take turns; the screen hides each hand while the device is passed.</p>
    <div id="seating-rows" class="seating-rows"></div>
    <p id="seating-note" class="seating-note" role="status"></p>
    <div class="dialog-buttons">
      <button type="button" id="seating-start" class="primary" data-i18n="play.seating.start">Deal</button>
      <button type="button" id="seating-alone" class="secondary" data-i18n="play.seating.alone">Just me against the computer</button>
      <button type="button" id="seating-cancel" class="secondary" data-i18n="play.close">Close</button>
    </div>
  </dialog>

  <dialog id="rules" class="rules" aria-labelledby="rules-title">
    <h2 id="rules-title" data-i18n="play.rules">Rules</h2>
    <div id="rules-body" class="rules-body" tabindex="0"></div>
    <div class="dialog-buttons">
      <button type="button" id="rules-close" class="primary" data-i18n="play.close">Close</button>
    </div>
  </dialog>
`;

/** Draw the shell into `container`, with a level menu of `levels` (normal chosen). */
export function mountShell(container, { levels = LEVELS } = {}) {
  container.innerHTML = SHELL;
  container.querySelector("#level").append(...levelOptions(levels));
  translate(container);
}
