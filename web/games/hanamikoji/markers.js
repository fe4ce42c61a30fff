// The four action markers of a side (secret, trade-off, gift, competition):
// the computer's as tokens, the player's as buttons that take the selected
// cards. A button is enabled only when its action, with the cards selected,
// is legal (choice.js decides; the markers only show it).
//
// Owns: nothing between draws. `count()` is how many cards are selected,
// `ready(kind)` whether that action can be taken now, `choose(kind)` takes it.

import { el } from "./art.js";

export const ACTIONS = ["secret", "tradeoff", "gift", "competition"];
/** How many cards each action takes. */
export const SIZES = { secret: 1, tradeoff: 2, gift: 3, competition: 4 };

export function createMarkers({ t, count, ready, choose }) {
  function token(kind, used) {
    const label = t(`hk.action.${kind}`);
    const node = el("span", `hk-marker${used ? " used" : ""}`, label);
    node.dataset.action = kind;
    node.title = used ? t("hk.action.used", { action: label }) : label;
    return node;
  }

  function button(kind, used) {
    const label = t(`hk.action.${kind}`);
    const node = el("button", `hk-marker${used ? " used" : ""}`);
    node.type = "button";
    node.dataset.action = kind;
    const size = SIZES[kind];
    // More cards selected than it takes: it says how many it takes ("1 card"), never "4/1".
    const over = count() > size;
    node.append(
      el("span", "hk-marker-name", label),
      el("span", "hk-marker-count", used ? t("hk.used") : over ? t("hk.action.takes", { size }) : `${count()}/${size}`),
    );
    // Its name is what it shows ("Gift 2/3", "Gift used"); what it does is its description.
    node.title = used ? t("hk.action.used", { action: label })
      : `${t(over ? "hk.action.too-many" : "hk.action.do", { action: label, n: count(), size })}. ${t(`hk.action.${kind}.help`)}`;
    node.disabled = used || !ready(kind);
    node.addEventListener("click", () => choose(kind));
    return node;
  }

  return {
    /** A side's markers (`player` from the observation); the player's own are `interactive`. */
    draw(player, interactive) {
      const box = el("div", "hk-markers");
      for (const kind of ACTIONS) box.append(interactive ? button(kind, player.used[kind]) : token(kind, player.used[kind]));
      return box;
    },
  };
}
