// Values the page reads from its address (?margin=, ?pace=, a game's options
// such as ?round_limit=): each number within a sane range, or the default.
// A number the browser cannot hold (1e309 is Infinity) or a timer cannot wait
// for (setTimeout overflows past 2**31-1 ms and fires at once) never reaches
// an engine call's deadline or a game's options.

/** The most milliseconds one engine call may be given over its budget (?margin=). */
export const MAX_MARGIN_MS = 600_000;
/** The least: a deadline shorter than this would stop a healthy engine. */
export const MIN_MARGIN_MS = 500;
/** The longest pause the board may be given for each move of the computer (?pace=). */
export const MAX_PACE_MS = 10_000;

/**
 * The number `name` in `params`, clamped to [min, max]; `fallback` when it is
 * missing, empty or not a finite number.
 */
export function queryNumber(params, name, { min, max, fallback }) {
  const raw = params.get(name);
  if (raw == null || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/**
 * A game option or setting as the address writes it: JSON (6, true, null,
 * [..]) or else the text itself. JSON with a number the browser cannot hold
 * (1e309) stays text, so the engine refuses it with a notice instead of
 * reading null (JSON has no Infinity).
 */
export function queryValue(raw) {
  let finite = true;
  try {
    const value = JSON.parse(raw, (key, v) => {
      if (typeof v === "number" && !Number.isFinite(v)) finite = false;
      return v;
    });
    return finite ? value : raw;
  } catch {
    return raw;
  }
}
