// The player's own hand, face down with what the player knows of each card,
// its Play, Discard and Note buttons, and the notes the player writes on their
// own cards (as players do on theirs). After the game, in the replay and the
// review, the cards face up as they really were, marked as revealed.
//
// Owns: the .hb-you element, the notes on cards (by card id: kept with the
// save through keep() and restore()) and the note being written.
// `selected()` is the chosen card's slot and `select(slot)` chooses one
// (choice.js); `send(action)` sends a move if it is legal; `remember()` tells
// the page the notes changed.

import { cardBack, cardFace, el } from "./art.js";
import { chopOf, knownText } from "./cards.js";

const NOTE_CHARS = 20;

/** Notes a save brings back: {card id: text}, plain and short, or nothing (a damaged one is dropped). */
function checkedNotes(kept) {
  const out = new Map();
  if (!kept || typeof kept !== "object" || Array.isArray(kept) || typeof kept.notes !== "object" || !kept.notes) return out;
  for (const [id, text] of Object.entries(kept.notes).slice(0, 10)) {
    if (/^\d{1,3}$/.test(id) && typeof text === "string" && text.trim()) out.set(Number(id), text.trim().slice(0, NOTE_CHARS));
  }
  return out;
}

export function createOwnHand(root, { t, names, myTurn, isLegal, selected, select, send, isNew, redraw, remember }) {
  const node = el("section", "hb-you");
  const known = knownText(t);
  let cardNotes = new Map(); // by card id
  let restoredNotes = null; // handed back by a save, for the session about to open
  let editing = null; // the slot whose note is being written

  /** `shown`: after the game (replay, review), what the card really was ({colour, rank}), else null. */
  function cardButton(card, i, chop, touched, shown) {
    const button = el("button", "hb-slot hb-own-card");
    button.type = "button";
    button.dataset.slot = String(i);
    button.setAttribute("aria-pressed", String(selected() === i));
    const knew = { n: i + 1, colours: known.colours(card.colours), ranks: known.ranks(card.ranks) };
    const label = shown ? t("hb.own-card.revealed", { ...knew, card: names.card(shown) }) : t("hb.own-card", knew);
    const note = cardNotes.get(card.id);
    const full = card.clued ? `${label} (${t("hb.clued")})` : label;
    button.setAttribute("aria-label", note ? `${full}. ${t("hb.note.aria", { text: note })}` : full);
    button.title = button.getAttribute("aria-label");
    if (card.clued) button.classList.add("hb-clued");
    if (touched.has(card.id)) button.classList.add("hb-last-move");
    button.disabled = !myTurn();
    const back = shown ? cardFace(shown.colour, shown.rank) : cardBack(card);
    if (shown) back.classList.add("hb-shown");
    if (isNew(card)) back.classList.add("hb-enter");
    const key = el("span", "hb-key");
    key.dataset.text = i === chop ? `${i + 1} · ${t("hb.chop")}` : String(i + 1); // drawn by CSS: not in the name
    button.append(back, key);
    if (note) button.append(el("span", "hb-card-note", note));
    button.addEventListener("click", () => select(i));
    return button;
  }

  function actionButton(id, className, text, disabled, onClick) {
    const button = el("button", className, text);
    button.type = "button";
    button.id = id;
    button.disabled = disabled;
    button.addEventListener("click", onClick);
    return button;
  }

  function actions() {
    const slot = selected();
    const move = (type) => () => selected() != null && send({ type, slot: selected() });
    return [
      actionButton("hb-play", "primary", t("hb.play"), slot == null || !isLegal({ type: "play", slot }), move("play")),
      actionButton("hb-discard", "secondary", t("hb.discard"), slot == null || !isLegal({ type: "discard", slot }), move("discard")),
      actionButton("hb-note", "secondary", t("hb.note"), slot == null, () => {
        editing = selected();
        redraw();
        root.querySelector("#hb-note-input")?.focus({ preventScroll: true }); // the page never scrolls itself
      }),
    ];
  }

  function noteEditor(card, slot) {
    const input = el("input", "hb-note-input");
    input.id = "hb-note-input";
    input.maxLength = NOTE_CHARS;
    input.value = cardNotes.get(card.id) ?? "";
    input.setAttribute("aria-label", t("hb.note.label", { n: slot + 1 }));
    input.placeholder = t("hb.note.label", { n: slot + 1 });
    const done = (keepIt) => {
      if (keepIt) {
        const text = input.value.trim().slice(0, NOTE_CHARS);
        if (text) cardNotes.set(card.id, text);
        else cardNotes.delete(card.id);
      }
      editing = null;
      redraw();
      root.querySelector(`.hb-own-card[data-slot="${slot}"]`)?.focus({ preventScroll: true }); // the page never scrolls itself
      if (keepIt) remember();
    };
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") done(true);
      else if (event.key === "Escape") done(false);
      else return;
      event.preventDefault();
    });
    const save = el("button", "primary", t("hb.note.save"));
    save.type = "button";
    save.id = "hb-note-save";
    save.addEventListener("click", () => done(true));
    const cancel = el("button", "secondary", t("hb.cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", () => done(false));
    return [input, save, cancel];
  }

  return {
    node,
    /** `revealed`: after the game (replay, review), the hand as it really was ({id, colour, rank} by slot). */
    draw(o, marks, revealed = null) {
      const hand = o.hands[0];
      const head = el("div", "hb-mate-head");
      head.append(el("strong", "hb-who", t("hb.hand.yours")));
      if (revealed) head.append(el("span", "hb-revealed-tag", t("hb.revealed")));
      const cards = el("div", "hb-hand hb-own");
      cards.setAttribute("role", "group");
      cards.setAttribute("aria-label", revealed ? t("hb.hand.revealed") : t("hb.hand.yours"));
      const chop = chopOf(hand);
      const faces = new Map((revealed ?? []).map((c) => [c.id, c]));
      hand.forEach((card, i) => cards.append(cardButton(card, i, chop, marks.touched, faces.get(card.id) ?? null)));
      for (const id of [...cardNotes.keys()]) if (!hand.some((c) => c.id === id)) cardNotes.delete(id);
      const row = el("div", "hb-actions");
      row.append(...actions());
      if (editing != null && hand[editing]) row.replaceChildren(...noteEditor(hand[editing], editing));
      if (o.to_move === 0 && !o.over) node.classList.add("hb-moving");
      else node.classList.remove("hb-moving");
      node.replaceChildren(head, cards, row, el("p", "hb-keys", t("hb.keys")));
    },
    /** A new game on the table: it starts without notes; a reopened one has those its save kept. */
    newGame() {
      cardNotes = restoredNotes ?? new Map();
      restoredNotes = null;
      editing = null;
    },
    /** The note being written is dropped (the turn passed). */
    stopEditing() {
      editing = null;
    },
    keep: () => (cardNotes.size ? { notes: Object.fromEntries(cardNotes) } : null),
    restore(kept) {
      restoredNotes = checkedNotes(kept);
    },
  };
}
