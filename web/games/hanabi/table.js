// The table everyone sees: the status line (clue tokens, strikes, deck,
// score, turns left), the fireworks and the discard pile; and the fireworks
// the end screen shows.
//
// Owns: the .hb-status, .hb-stacks and .hb-discards elements, and the stack
// heights last drawn (a firework that grew since pops once).
// Draws from the observation alone; the last move's marks (`marks.stack`, the
// firework a card went to, and `marks.discard`, its cell in the discard pile)
// come from last-move.js.

import { COLOURS, COPIES, RANKS, SUITS, cardFace, el, symbol } from "./art.js";

export function createTable({ t, names }) {
  const status = el("div", "hb-status");
  const stacks = el("section", "hb-stacks");
  const discards = el("section", "hb-discards");
  let prevStacks = null; // the heights last drawn: null draws the next without animation

  function stat(label, value, extra) {
    const box = el("div", `hb-stat${extra ? ` ${extra}` : ""}`);
    box.append(el("span", "hb-stat-label", label), el("strong", "hb-stat-value", value));
    return box;
  }

  function tokens(n, max, kind) {
    const row = el("span", `hb-tokens hb-${kind}`);
    for (let i = 0; i < max; i++) row.append(el("span", `hb-token${i < n ? " on" : ""}`));
    row.setAttribute("aria-hidden", "true");
    return row;
  }

  function drawStatus(o) {
    const clues = stat(t("hb.clues"), `${o.clues}/${o.max_clues}`, "hb-stat-clues");
    clues.append(tokens(o.clues, o.max_clues, "clue"));
    const strikes = stat(t("hb.strikes"), `${o.strikes}/${o.max_strikes}`, o.strikes ? "hb-stat-strikes hb-warn" : "hb-stat-strikes");
    strikes.append(tokens(o.strikes, o.max_strikes, "strike"));
    const items = [clues, strikes, stat(t("hb.deck"), String(o.deck), "hb-stat-deck"),
      stat(t("hb.score"), `${o.score}/${o.max_score}`, "hb-stat-score")];
    if (o.turns_left != null) {
      // The last card is drawn: the turns left take the empty deck's place (the line stays one line on a phone).
      const left = stat(t("hb.turns-left"), String(o.turns_left), "hb-stat-turns hb-warn");
      left.title = t("hb.turns-left.help");
      items.splice(2, 1, left);
    }
    status.replaceChildren(...items);
  }

  function drawStacks(o, marks) {
    const row = el("div", "hb-stack-row");
    for (const c of COLOURS) {
      const height = o.stacks[c];
      const slot = el("div", "hb-stack");
      slot.dataset.colour = c;
      slot.dataset.height = String(height);
      slot.setAttribute("aria-label", t("hb.stack", { colour: t(`hb.Colour.${c}`), symbol: t(`hb.symbol.${c}`), n: height }));
      slot.setAttribute("role", "img");
      if (marks.stack === c) slot.classList.add("hb-last-move");
      if (height) {
        const face = cardFace(c, height);
        if (prevStacks && prevStacks[c] !== height) face.classList.add("hb-pop");
        slot.append(face);
      } else {
        const empty = el("span", "hb-card hb-empty");
        empty.style.setProperty("--suit", SUITS[c].colour);
        empty.append(symbol(c, 22));
        slot.append(empty);
      }
      row.append(slot);
    }
    stacks.replaceChildren(el("h3", "hb-title", t("hb.fireworks")), row);
    prevStacks = { ...o.stacks };
  }

  /** One cell of the discard pile: how many of the card are gone, and whether that killed or endangered it. */
  function discardCell(o, c, r, n, marked) {
    const cell = el("span", "hb-pip");
    cell.dataset.rank = String(r);
    cell.style.setProperty("--suit", SUITS[c].colour);
    const played = o.stacks[c] >= r;
    let state = "";
    if (n >= COPIES[r] && !played) state = "dead";
    else if (COPIES[r] - n === 1 && !played) state = "critical";
    else if (played) state = "played";
    if (state) cell.dataset.state = state;
    if (n) cell.classList.add("hb-some");
    if (marked) cell.classList.add("hb-last-move");
    cell.append(el("span", "hb-pip-rank", String(r)), el("span", "hb-pip-count", n ? `${n}/${COPIES[r]}` : ""));
    let text = t("hb.discarded", { card: names.card({ colour: c, rank: r }), gone: n, copies: COPIES[r] });
    if (state === "dead") text += ` (${t("hb.dead")})`;
    if (state === "critical") text += ` (${t("hb.critical")})`;
    cell.title = text;
    cell.setAttribute("aria-label", text);
    cell.setAttribute("role", "img");
    return cell;
  }

  function drawDiscards(o, marks) {
    const gone = {};
    for (const d of o.discards) gone[`${d.colour}${d.rank}`] = (gone[`${d.colour}${d.rank}`] ?? 0) + 1;
    const grid = el("div", "hb-discard-grid");
    for (const c of COLOURS) {
      const row = el("div", "hb-discard-row");
      row.dataset.colour = c;
      const label = el("span", "hb-discard-colour");
      label.append(symbol(c, 16), el("span", null, t(`hb.Colour.${c}`)));
      row.append(label);
      for (const r of RANKS) row.append(discardCell(o, c, r, gone[`${c}${r}`] ?? 0, marks.discard === `${c}${r}`));
      grid.append(row);
    }
    discards.replaceChildren(el("h3", "hb-title", `${t("hb.discards")} (${o.discards.length})`), grid,
      el("p", "hb-note", t("hb.discards.help")));
  }

  return {
    status,
    stacks,
    discards,
    drawStatus,
    drawStacks,
    drawDiscards,
    /** The next fireworks are drawn as they are, none popping (a new game, a plain redraw). */
    still() {
      prevStacks = null;
    },
  };
}

/** The fireworks as the game ended them, for the end screen. */
export function finalStacks(o) {
  const stacks = el("div", "hb-stack-row hb-result-stacks");
  for (const c of COLOURS) {
    const slot = el("div", "hb-stack");
    const h = o.stacks[c];
    if (h) slot.append(cardFace(c, h));
    else {
      const empty = el("span", "hb-card hb-empty");
      empty.append(symbol(c, 22));
      slot.append(empty);
    }
    stacks.append(slot);
  }
  return stacks;
}
