// A person's name at a table (pass and play), by the one rule the engine holds too
// (pygame_core/session.py clean_name; tests/test_names.py runs both on the same names):
// every white space (a tab, a line break, a no-break space, U+3000 as Japanese input types it,
// U+2028, ...) counts as a plain space, runs of it as one, none at either end; a control, format
// or lone surrogate character is no part of a name, except the zero-width joiners that emoji and
// some scripts are made with; then 1-MAX_NAME characters (code points, so an emoji counts once).
// What a person types is cleaned by this rule before it goes to the engine, so the engine never
// refuses a name the page let through. Owns nothing.

export const MAX_NAME = 24; // pygame_core/session.py MAX_NAME_CHARS

// Unicode's White_Space property, written out (JS's \s and Python's isspace() each differ from it).
const WHITE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/gu;
const BARRED = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
const JOINERS = new Set(["\u200c", "\u200d"]);

/** A typed name as the table keeps it, cut to MAX_NAME characters; null when nothing of it is left. */
export function cleanName(text) {
  const kept = String(text ?? "").replace(WHITE, " ").replace(BARRED, (ch) => (JOINERS.has(ch) ? ch : ""))
    .split(" ").filter(Boolean).join(" ");
  const name = Array.from(kept).slice(0, MAX_NAME).join("").trim();
  return name || null;
}
