// The koi-koi decision: when the player's yaku ask whether to stop (Shōbu, S)
// or play on (Koi-Koi, K), a panel laid over the field (overlay.js) shows the
// yaku with their cards, the count and the two buttons; both sides' captures
// stay in view. Owns the panel while it is on show; the decision itself is the
// engine's pending step, so it is on show exactly while the player has one.

import { keyHint } from "../keys.js";
import { el } from "./art.js";

/**
 * obs() is the observation on show, legal() its legal actions, pendingMine(type)
 * whether the player is to make a step of that type; send(action) plays one.
 */
export function createDecision({ t, faces, overlay, obs, legal, pendingMine, send }) {
  /** The koi-koi decision, laid over the field: both sides' captures stay in view. */
  function show() {
    const pend = obs().pending;
    const box = el("div", "kk-panel kk-decide");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-labelledby", "kk-decide-title");
    const title = el("h3", null, t(pend.previous ? "kk.koikoi.title.higher" : "kk.koikoi.title"));
    title.id = "kk-decide-title";
    const math = el("ul", "kk-math");
    math.append(el("li", null, t("kk.koikoi.base", { n: pend.points })));
    if (pend.seven_plus) math.append(el("li", null, t("kk.koikoi.seven")));
    if (pend.opponent_koikoi) math.append(el("li", null, t("kk.koikoi.called")));
    const text = el("div", "kk-decide-text");
    // The list scrolls where the screen is short: a box the keyboard reaches too, under the title.
    text.tabIndex = 0;
    text.setAttribute("role", "group");
    text.setAttribute("aria-labelledby", "kk-decide-title");
    text.append(title, math, faces.yakuList(pend.yaku)); // the title and the count share a line
    box.append(text);
    const buttons = el("div", "kk-decide-buttons");
    const stop = el("button", "kk-big kk-shobu");
    stop.type = "button";
    stop.id = "kk-shobu";
    stop.append(el("strong", null, t("kk.koikoi.stop")), el("span", null, t("kk.koikoi.stop.score", { points: t("kk.points", { n: pend.shobu_points }) })),
      keyHint("S", "kk-key"));
    stop.addEventListener("click", () => decide("shobu"));
    const go = el("button", "kk-big kk-go");
    go.type = "button";
    go.id = "kk-koikoi";
    // On a phone the risk is said in short (board.css shows one of the two).
    go.append(el("strong", null, t("kk.koikoi.go")), el("span", "kk-go-help", t("kk.koikoi.go.help")),
      el("span", "kk-go-short", t("kk.koikoi.go.short")), keyHint("K", "kk-key"));
    go.addEventListener("click", () => decide("koikoi"));
    buttons.append(stop, go);
    box.append(buttons);
    overlay.show(box, "decide");
    stop.focus({ preventScroll: true });
  }

  /** Stop ("shobu") or play on ("koikoi"), when the player is deciding and the engine allows it. */
  function decide(type) {
    if (!pendingMine("koikoi") || !legal().some((a) => a.type === type)) return;
    overlay.hide();
    send({ type });
  }

  /** Show the decision when the player has one to make and it is not on show yet. */
  function offer() {
    if (pendingMine("koikoi") && overlay.kind !== "decide") show();
  }

  /** After a draw: the decision on show while the player has one to make, and only then. */
  function sync() {
    if (pendingMine("koikoi")) offer();
    else if (overlay.kind === "decide") overlay.hide();
  }

  return { decide, offer, sync };
}
