// A link of the site (issue 42) as the address carries it: after `#`, so that
// no host ever receives it. The text itself is the engine's (pygame_core/links.py:
// versioned, with a checksum, only [A-Za-z0-9_-]); the page only knows which
// kind of link the address names and where such a link points:
//   play.html?game=<game>#g=<text>   a whole game, shown as its replay (a spoiler: every hand)
//   play.html?game=<game>#c=<text>   a challenge: the same deal against the same level, the sender's result
//   play.html?game=<game>#p=<text>   a position to play on from (the replay's "Play on from here")
// The page reads a link back only through the engine ("read_link"), which refuses
// a damaged, edited or foreign one; here the address is only split and its
// length bounded, so that a huge address is never handed to the engine at all.

import { isEngineTrouble } from "../engine/client.js";

/** The kinds of link, by the key the address writes before `=`. */
export const LINK_KINDS = Object.freeze({ g: "game", c: "challenge", p: "position" });
const KEYS = Object.freeze(Object.fromEntries(Object.entries(LINK_KINDS).map(([key, kind]) => [kind, key])));

/**
 * The longest link text the page hands to the engine. The engine has its own, lower limit
 * (links.py MAX_LINK_CHARS) and says "link_too_long" below this one; past this one the page says
 * it without asking (a text of megabytes is never copied to the worker).
 */
export const PAGE_LINK_LIMIT = 20_000;

/**
 * The link an address's `#...` part names: null when it names none (no `#`, or an anchor of the
 * page such as #learn), else {kind, text}, or {kind, refused: "link_too_long" | "bad_link"} for one
 * the page refuses before the engine sees it (too long; characters a link never has).
 */
export function addressLink(hash) {
  const match = /^#([gcp])=(.*)$/s.exec(typeof hash === "string" ? hash : "");
  if (!match) return null;
  const kind = LINK_KINDS[match[1]];
  const text = match[2];
  if (text.length > PAGE_LINK_LIMIT) return { kind, refused: "link_too_long" };
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return { kind, refused: "bad_link" };
  return { kind, text };
}

/**
 * The engine's reading of the link `text` (bridge "read_link"), expected of `kind` for the page's
 * `game`: {read} (the reply), {refused: code} (the engine's refusal; a text of another kind than the
 * address says is "bad_link"), or {trouble: err} (the engine failed: its restart reads the link again).
 */
export async function readLink(session, game, kind, text) {
  try {
    const read = await session.call({ cmd: "read_link", link: text, game });
    return read?.kind === kind ? { read } : { refused: "bad_link" };
  } catch (err) {
    if (isEngineTrouble(err)) return { trouble: err };
    console.info("link refused:", err?.message ?? err);
    return { refused: typeof err?.code === "string" ? err.code : "bad_link" };
  }
}

/** The site-relative address of a link of `kind` ("game", "challenge", "position") to `game`. */
export function linkHref(game, kind, text) {
  return `play.html?game=${encodeURIComponent(game)}#${KEYS[kind]}=${text}`;
}

/** The whole address of such a link, at the site's own folder (works under any sub-path). */
export function linkURL(game, kind, text, base = document.baseURI) {
  return new URL(linkHref(game, kind, text), new URL("./", base)).href;
}

/** A saved game's file (issue 42): the same record as the link, with the game named for the start page. */
export const GAME_FILE_FORMAT = "cardgarden-game";
/** The largest file the start page reads as a saved game (a real one is well under 3 kB). */
export const GAME_FILE_LIMIT = 64 * 1024;

/** The text of a saved game's file for the link `text` of a whole game of `game`. */
export function gameFile(game, text) {
  return `${JSON.stringify({ format: GAME_FILE_FORMAT, version: 1, game, link: text,
    saved_at: new Date().toISOString() }, null, 1)}\n`;
}

/**
 * A saved game's file read back: {game, text} (the engine checks the link itself when it is
 * opened), or {refused: "not_a_game_file" | "link_too_long" | "bad_link"}. `games`: the names this
 * site plays; a file of another game is refused here, before any page is opened.
 */
export function readGameFile(content, games) {
  if (typeof content !== "string" || content.length > GAME_FILE_LIMIT) return { refused: "not_a_game_file" };
  let value;
  try {
    value = JSON.parse(content);
  } catch {
    return { refused: "not_a_game_file" };
  }
  if (!value || typeof value !== "object" || value.format !== GAME_FILE_FORMAT || typeof value.game !== "string"
    || !games.includes(value.game) || typeof value.link !== "string") return { refused: "not_a_game_file" };
  if (value.version !== 1) return { refused: "link_version" };
  const link = addressLink(`#g=${value.link}`);
  if (link.refused) return { refused: link.refused };
  return { game: value.game, text: link.text };
}

let pendingRefusal = null; // a refused link's reason, told by the page that takes its place

/** A link was refused: the game's own page, mounted next, says why (takeRefusal). */
export function tellRefusal(code) {
  pendingRefusal = code;
}

/** The reason a link was just refused, once; null when none was. */
export function takeRefusal() {
  const code = pendingRefusal;
  pendingRefusal = null;
  return code;
}
