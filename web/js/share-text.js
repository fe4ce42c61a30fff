// Handing a link to another person (issue 42): on a phone the system's share
// sheet (Web Share API), elsewhere the clipboard; where neither works (an
// insecure page, a refused permission) the caller shows the link to copy by hand.
// Used by the Share of a whole game (js/play/share.js) and a challenge.

/** Whether this device shares through its own sheet: a touch screen with the Web Share API. */
function hasShareSheet(data) {
  if (typeof navigator.share !== "function") return false;
  if (!matchMedia("(pointer: coarse)").matches) return false; // a desktop copies: one click, said at once
  try {
    return typeof navigator.canShare !== "function" || navigator.canShare(data);
  } catch {
    return false;
  }
}

/**
 * Share `url` (with a `title` and a line of `text` for the share sheet). Resolves to
 * "shared" (the sheet took it), "cancelled" (the player closed the sheet: nothing to say),
 * "copied" (on the clipboard) or "failed" (neither: show the link to copy by hand).
 */
export async function shareLink({ url, title = "", text = "" }) {
  const data = { url, title, text };
  if (hasShareSheet(data)) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (err) {
      if (err?.name === "AbortError") return "cancelled";
      // Any other refusal (no user gesture left, a blocked sheet): the clipboard next.
    }
  }
  try {
    if (!navigator.clipboard?.writeText) return "failed";
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch {
    return "failed";
  }
}
