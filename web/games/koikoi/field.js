// Koi-Koi's field: the stock, the card just turned from it, and the table; and
// laid over them, the choice between two table cards when the player's card
// (a selected hand card, or the turned card) matches two (keys A and B, on the
// table and in the panel; Escape drops a selected hand card). Also marks the
// table cards of the month the player points at (data-hover on the root).
// Owns nothing: drawn anew from the observation and the hand's selection.

import { keyHint } from "../keys.js";
import { cardBack, el } from "./art.js";
import { month } from "./faces.js";

/** The keys of the two table cards to choose from, in the order they lie on the table. */
export const CHOICE_KEYS = ["a", "b"];

/**
 * The field in `node` and its choice panel in `choiceNode`. obs(), legal(),
 * pendingMine(type) and playsOf(card) read the view on show; choosing() is the
 * hand's selection, cancel() drops it; send(action) plays one.
 */
export function createField({ root, node, choiceNode, t, faces, obs, legal, pendingMine, playsOf, choosing, cancel, send }) {
  choiceNode.hidden = true;

  /** A table card the player may take: a button with its key. */
  function pickButton(id, index, className) {
    const key = CHOICE_KEYS[index].toUpperCase();
    const button = el("button", className);
    button.type = "button";
    button.dataset.choice = CHOICE_KEYS[index];
    button.setAttribute("aria-label", `${faces.label(id)} (${t("kk.choose.key", { key })})`);
    button.addEventListener("click", () => pick(id));
    return button;
  }

  /** The stock, the turned card and the table; the cards to choose from are buttons. */
  function drawField() {
    const o = obs();
    const pend = o.pending;
    const stock = el("div", "kk-stock");
    const pile = cardBack(t("kk.stock", { n: o.stock }));
    pile.classList.add("kk-pile-back");
    stock.append(pile, el("span", "kk-stock-count", t("kk.stock", { n: o.stock })));
    const turned = el("div", "kk-turned");
    let choices = [];
    if (pend?.type === "take") {
      turned.append(faces.face(pend.card), el("span", "kk-turned-label", t("kk.turned")));
      choices = pend.seat === 0 ? pend.choices : [];
    } else {
      turned.hidden = true;
    }
    if (choosing() != null) choices = playsOf(choosing()).map((a) => a.take);
    const table = el("div", "kk-table");
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", t("kk.table"));
    for (const id of o.table) {
      const index = choices.indexOf(id);
      if (index >= 0) {
        const button = pickButton(id, index, "kk-table-card kk-pick");
        button.append(faces.face(id), keyHint(CHOICE_KEYS[index].toUpperCase(), "kk-key"));
        table.append(button);
      } else {
        const slot = el("span", "kk-table-card");
        slot.append(faces.face(id));
        table.append(slot);
      }
    }
    if (!o.table.length) table.append(el("p", "kk-empty", t("kk.table.empty")));
    if (pend?.type === "take" && pend.seat === 0) {
      for (const c of table.querySelectorAll(".kk-table-card:not(.kk-pick) .kk-face")) c.classList.add("kk-dim");
    }
    node.replaceChildren(stock, turned, table);
  }

  /** The choice between two table cards, laid over the field: the hand never moves down. */
  function drawChoice() {
    const o = obs();
    let title = null;
    let options = [];
    if (choosing() != null) {
      title = t("kk.choose.play", { card: faces.name(choosing()) });
      options = playsOf(choosing()).map((a) => a.take);
    } else if (pendingMine("take")) {
      title = t("kk.choose.take", { card: faces.name(o.pending.card) });
      options = legal().filter((a) => a.type === "take").map((a) => a.card);
    }
    choiceNode.hidden = !title;
    delete choiceNode.dataset.alike;
    if (!title) return choiceNode.replaceChildren();
    // Two alike cards (one month's plain cards): which one makes no difference, so the choice is a
    // small strip under the table, which stays in view (its two cards are buttons too).
    if (options.length > 1 && new Set(options.map((id) => faces.label(id))).size === 1) {
      choiceNode.dataset.alike = "true";
      title = t("kk.choose.alike"); // the cards beside it and on the table show which
    }
    const row = el("div", "kk-choice-row");
    const lead = faces.face(choosing() ?? o.pending.card, false);
    lead.classList.add("kk-choice-lead");
    row.append(lead, el("span", "kk-arrow", "→"));
    options.forEach((id, i) => {
      const button = pickButton(id, i, "kk-choice-card");
      const caption = el("span", "kk-choice-name");
      caption.dataset.text = faces.name(id); // drawn by CSS: the button's name is the card's full label
      button.append(faces.face(id, false), caption, keyHint(CHOICE_KEYS[i].toUpperCase(), "kk-key"));
      row.append(button);
    });
    const children = [el("p", "kk-choice-title", title), row];
    if (choosing() != null) {
      const back = el("button", "secondary kk-cancel", t("kk.cancel"));
      back.type = "button";
      back.addEventListener("click", cancel);
      children.push(back);
    }
    choiceNode.replaceChildren(...children);
  }

  /** Take table card `tableCard` with the selected hand card, or with the turned card. */
  function pick(tableCard) {
    if (choosing() != null) {
      const action = playsOf(choosing()).find((a) => a.take === tableCard);
      if (action) send(action);
    } else if (pendingMine("take")) {
      if (legal().some((a) => a.type === "take" && a.card === tableCard)) send({ type: "take", card: tableCard });
    }
  }

  return {
    draw() {
      drawField();
      drawChoice();
    },
    /** Mark the table cards of month m (null: none); the root's data-hover names the month, 1-12. */
    highlight(m) {
      for (const face of node.querySelectorAll(".kk-table .kk-face")) {
        face.classList.toggle("kk-match", m != null && month(Number(face.dataset.card)) === m);
      }
      root.dataset.hover = m == null ? "" : String(m + 1);
    },
    /** Focus the first button of the choice (a hand card was just selected). */
    focusChoice() {
      choiceNode.querySelector("button")?.focus({ preventScroll: true });
    },
    /** Press the choice's button for key "a" or "b", if it is there. */
    press(key) {
      choiceNode.querySelector(`button[data-choice="${key}"]`)?.click();
    },
  };
}
