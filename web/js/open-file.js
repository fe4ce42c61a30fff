// A game saved as a file (issue 42), opened again from the start page: with
// the file picker, or dropped anywhere on the page. The file holds the same
// record as a link (js/links.js gameFile); opening it goes to that link's
// address, so the engine checks it exactly as it checks a link, and a file
// that is not one of ours is refused here, before any page is opened.
//
// Owns: the start page's #open-file section (its input and its message) and the
// page's drop target while the start page is shown.

import { GAMES } from "./collection.js";
import { t } from "./i18n.js";
import { GAME_FILE_LIMIT, linkHref, readGameFile } from "./links.js";

/**
 * @param section  the #open-file section
 * @param navigate (href) => void: the site's router
 * @param shown    () => whether the start page is on show (a drop over a game is not ours)
 */
export function mountOpenFile(section, { navigate, shown }) {
  const input = section.querySelector("#open-file-input");
  const message = section.querySelector("#open-file-message");
  let said = null; // the message's key, redrawn in a new language

  function say(key) {
    said = key;
    message.textContent = key ? t(key) : "";
    section.dataset.refused = key ? key.replace("open.refused.", "") : "";
  }

  async function open(file) {
    if (!file) return;
    if (file.size > GAME_FILE_LIMIT) {
      say("open.refused.not_a_game_file");
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch {
      say("open.refused.not_a_game_file");
      return;
    }
    const read = readGameFile(text, GAMES.filter((g) => g.board).map((g) => g.name));
    if (read.refused) {
      say(`open.refused.${read.refused}`);
      return;
    }
    say(null);
    navigate(linkHref(read.game, "game", read.text));
  }

  input.addEventListener("change", () => {
    const [file] = input.files;
    input.value = ""; // the same file chosen again opens again
    open(file);
  });
  // A file dropped anywhere on the start page: the browser would otherwise open it as a page of its own.
  document.addEventListener("dragover", (event) => {
    if (!shown() || !event.dataTransfer?.types?.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  });
  document.addEventListener("drop", (event) => {
    if (!shown() || !event.dataTransfer?.files?.length) return;
    event.preventDefault();
    open(event.dataTransfer.files[0]);
  });
  return {
    /** Redraw the message in the page's language. */
    render: () => say(said),
  };
}
