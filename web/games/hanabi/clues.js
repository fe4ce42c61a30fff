// The clue panel for one teammate (the board draws it below the teammates): one button per clue the player may
// give them, each with its preview: the cards it touches (marked in the hand
// while the button is pointed at or focused) and how the teammate will read
// it, computed by the engine with the bots' own reading (view.preview), from
// the player's view only.
//
// Owns: the .hb-clue-choices panel and the hb-touch marks on the teammate's
// cards. Which teammate's panel is open is the choice's (choice.js).

import { el, symbol } from "./art.js";

function touches(hand, clue) {
  return hand.map((card, i) => (clue.colour ? card.colour === clue.colour : card.rank === clue.rank) ? i : -1).filter((i) => i >= 0);
}

const previewOf = (view, seat, clue) => (view.preview ?? []).find((e) => e.target === seat
  && (clue.colour ? e.colour === clue.colour : e.rank === clue.rank)) ?? null;

/**
 * `cluesFor(seat)`: the legal clues to that teammate; `send(clue)` gives one;
 * `close()` shuts the panel.
 */
export function createCluePanel(root, { t, names, cluesFor, send, close }) {
  function shortReading(read) {
    const n = read.focus == null ? "" : read.focus + 1;
    if (read.warn) return `⚠ ${t(`hb.read.short.${read.warn}`, { n })}`;
    return t(`hb.read.short.${read.reading}`, { n });
  }

  function readingText(seat, read) {
    const params = { name: names.name(seat), n: read.focus == null ? "" : read.focus + 1,
      card: read.card ? names.card(read.card) : "", chop: read.chop ? names.card(read.chop) : "" };
    const base = t(`hb.read.${read.reading}`, params);
    return read.warn ? `${base} ${t(`hb.read.warn.${read.warn}`, params)}` : base;
  }

  function choiceButton(view, seat, hand, clue, explain) {
    const button = el("button", "hb-clue-choice");
    button.type = "button";
    if (clue.colour) {
      button.dataset.colour = clue.colour;
      button.append(symbol(clue.colour, 18), el("span", null, t(`hb.Colour.${clue.colour}`)));
    } else {
      button.dataset.rank = String(clue.rank);
      button.append(el("span", "hb-clue-rank", String(clue.rank)));
    }
    const slots = touches(hand, clue);
    const read = previewOf(view, seat, clue);
    const touchText = t("hb.clue.touches", { value: names.value(clue), slots: slots.map((s) => s + 1).join(", ") });
    const readText = read ? readingText(seat, read) : "";
    if (read) {
      button.dataset.reading = read.reading;
      if (read.warn) button.dataset.warn = read.warn;
      const short = el("span", "hb-clue-read");
      short.dataset.text = shortReading(read); // drawn by CSS; the name below says it in full
      button.append(short);
    }
    // The name begins with what the button shows (the colour or the number), then says the rest.
    const shown = clue.colour ? t(`hb.Colour.${clue.colour}`) : String(clue.rank);
    button.setAttribute("aria-label", `${shown}: ${readText ? `${touchText}. ${readText}` : touchText}`);
    button.title = button.getAttribute("aria-label");
    // One clue previewed at a time: pointing at one and focusing another shows only the latest.
    const mark = (on) => {
      for (const node of root.querySelectorAll(".hb-slot.hb-touch")) node.classList.remove("hb-touch");
      if (!on) return;
      for (const s of slots) root.querySelector(`.hb-mate[data-seat="${seat}"] .hb-slot[data-slot="${s}"]`)?.classList.add("hb-touch");
      explain.textContent = readText;
    };
    button.addEventListener("pointerenter", () => mark(true));
    button.addEventListener("pointerleave", () => mark(false));
    button.addEventListener("focus", () => mark(true));
    button.addEventListener("blur", () => mark(false));
    button.addEventListener("click", () => send(clue));
    return button;
  }

  return {
    /** The panel of clues to teammate `seat` (counted from the player), whose cards are `hand`. */
    draw(view, seat, hand) {
      const box = el("div", "hb-clue-choices");
      box.dataset.seat = String(seat); // whose clues (a suggested clue marks its choice here: suggestion.js)
      const explain = el("p", "hb-clue-explain");
      explain.setAttribute("aria-live", "polite");
      box.append(el("span", "hb-clue-pick", t("hb.clue.pick", { name: names.object(seat) })));
      for (const clue of cluesFor(seat)) box.append(choiceButton(view, seat, hand, clue, explain));
      const cancel = el("button", "secondary hb-cancel", t("hb.cancel"));
      cancel.type = "button";
      cancel.addEventListener("click", () => close());
      box.append(cancel, explain);
      return box;
    },
  };
}
