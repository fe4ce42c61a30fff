// Each side of Koi-Koi's table as its captures tell it: the side's head (who,
// the dealer's badge, the yaku points now, the koi-koi calls) and its captured
// cards by kind, each group with its count and progress toward its yaku, then
// chips for the yaku made and the special sets half done. Each group is a
// button that shows its pile at full size, with the cards' names, in a dialog
// (Escape or Close shuts it and the focus goes back to the group).
// Owns the pile dialog while it is open; the rest is drawn anew from the
// observation the board shows (the ended round's, under a summary).

import { el, kindBadge } from "./art.js";
import { JA, KINDS, SAKE_CUP, SETS, YAKU } from "./cards.js";

/** Progress of each captured group toward its yaku: {have, need, yaku}. */
function groupProgress(kind, captured) {
  if (kind === "bright") {
    const have = captured.bright.length;
    return { have, need: have < 3 ? 3 : Math.min(5, have + (have < 5 ? 1 : 0)), yaku: "sanko" };
  }
  if (kind === "animal") return { have: captured.animal.length, need: 5, yaku: "tane" };
  if (kind === "ribbon") return { have: captured.ribbon.length, need: 5, yaku: "tanzaku" };
  const have = captured.chaff.length + (captured.animal.includes(SAKE_CUP) ? 1 : 0);
  return { have, need: 10, yaku: "kasu" };
}

/** The special sets that are half done or done: [{key, have, need}] (no sake yaku under that house rule). */
function setProgress(captured, house) {
  const all = new Set(Object.values(captured).flat());
  const out = [];
  const keys = ["inoshikacho", "akatan", "aotan", ...(house?.no_sake_yaku ? [] : ["hanami_zake", "tsukimi_zake"])];
  for (const key of keys) {
    const need = SETS[key].length;
    const have = SETS[key].filter((id) => all.has(id)).length;
    if (have >= Math.max(1, need - 1)) out.push({ key, have, need });
  }
  return out;
}

/**
 * The sides' heads and captures. obs() is the observation on show; faces
 * (faces.js) names and draws the cards. Seat 0 is the player, 1 the computer.
 */
export function createCaptures({ root, t, faces, obs }) {
  let dialog = null; // the pile on show at full size (made on first use)

  /** The side's head line; the board appends what else stands on it (the computer's hand, the keys). */
  function head(seat) {
    const o = obs();
    const player = o.players[seat];
    const line = el("div", "kk-side-head");
    line.append(el("strong", "kk-who", t(seat === 0 ? "kk.you" : "kk.them")));
    if (o.dealer === seat) {
      const badge = el("span", "kk-dealer", t("kk.dealer"));
      badge.title = t("kk.dealer.help");
      line.append(badge);
    }
    line.append(el("span", "kk-points", player.points ? t("kk.yaku-now", { points: player.points }) : t("kk.no-yaku")));
    if (player.koikoi) line.append(el("span", "kk-called", t("kk.koikoi-calls", { n: player.koikoi })));
    // The yaku made and the sets on their way: beside the points on a wide screen, a line of their own on a phone.
    const made = chips(player);
    if (made.childElementCount) line.append(made);
    return line;
  }

  /** One group of captured cards of a kind: a button with its count, its progress and its cards, fanned to fit. */
  function group(seat, kind, captured) {
    const cards = captured[kind];
    const { have, need, yaku } = groupProgress(kind, captured);
    const box = el("button", "kk-group");
    box.type = "button";
    box.dataset.seat = String(seat);
    box.dataset.kind = kind;
    box.dataset.count = String(cards.length);
    box.dataset.done = String(have >= need && (kind !== "bright" || have >= 3));
    box.setAttribute("aria-haspopup", "dialog");
    box.title = t("kk.progress.help", { name: `${faces.yaku(yaku)} (${YAKU[yaku][JA]})`, have, need });
    // The button's name is what it shows, led by the kind and the count for a screen reader (a phone
    // shows only the badge and the progress); the cards are seen in the pile it opens.
    const said = el("span", "visually-hidden", `${t("kk.group.label", { kind: t(`kk.kind.${kind}`), n: cards.length })}. `);
    const line = el("span", "kk-group-head");
    line.append(kindBadge(kind, 16), el("span", "kk-group-name", t(`kk.kind.${kind}`)),
      el("span", "kk-ja", YAKU[yaku][JA]), el("b", "kk-count", t("kk.progress", { have, need })));
    const row = el("span", "kk-pile");
    row.setAttribute("aria-hidden", "true");
    for (const id of cards) {
      const slot = el("span", "kk-slot"); // shrinks when the pile is crowded: the cards then overlap evenly
      slot.append(faces.face(id));
      row.append(slot);
    }
    box.append(said, line, row);
    box.addEventListener("click", () => openPile(seat, kind));
    return box;
  }

  /** The pile of `kind` of side `seat` at full size, each card with its name, in a modal dialog. */
  function openPile(seat, kind) {
    const cards = obs().players[seat].captured[kind];
    const { have, need, yaku } = groupProgress(kind, obs().players[seat].captured);
    dialog ??= makeDialog();
    const title = el("h3", "kk-pile-title", t(`kk.pile.title.${seat === 0 ? "you" : "them"}`,
      { kind: t(`kk.kind.${kind}`), n: cards.length }));
    title.id = "kk-pile-title";
    const list = el("ul", "kk-pile-cards");
    for (const id of cards) {
      const item = el("li", "kk-pile-card");
      item.append(faces.face(id, false), el("span", "kk-pile-name", faces.name(id)));
      list.append(item);
    }
    if (!cards.length) list.append(el("li", "kk-pile-none", t("kk.pile.none")));
    const close = el("button", "primary kk-pile-close", t("kk.pile.close"));
    close.type = "button";
    close.addEventListener("click", () => dialog.close());
    dialog.replaceChildren(title,
      el("p", "kk-pile-progress", t("kk.progress.help", { name: `${faces.yaku(yaku)} (${YAKU[yaku][JA]})`, have, need })),
      list, close);
    dialog.dataset.seat = String(seat);
    dialog.dataset.kind = kind;
    dialog.showModal();
    close.focus();
  }

  /** The dialog, made once: Escape (the browser's cancel) or Close shuts it; a click beside it too. */
  function makeDialog() {
    const node = el("dialog", "kk-pile-dialog");
    node.setAttribute("aria-labelledby", "kk-pile-title");
    node.addEventListener("click", (event) => {
      if (event.target === node) node.close(); // the backdrop
    });
    node.addEventListener("close", () => {
      // Back to the group's button (drawn anew since, maybe): the focus stays where the player was.
      root.querySelector(`.kk-group[data-seat="${node.dataset.seat}"][data-kind="${node.dataset.kind}"]`)
        ?.focus({ preventScroll: true });
    });
    root.append(node);
    return node;
  }

  /** The yaku made (with points) and the special sets on their way (have / need). */
  function chips(player) {
    const box = el("div", "kk-chips");
    for (const y of player.yaku) {
      const chip = el("span", "kk-chip kk-chip-done", `${faces.yaku(y.name)} ${t("kk.points.short", { n: y.points })}`);
      chip.dataset.yaku = y.name;
      chip.title = YAKU[y.name]?.[JA] ?? y.name;
      box.append(chip);
    }
    const done = new Set(player.yaku.map((y) => y.name));
    for (const s of setProgress(player.captured, obs().house_rules)) {
      if (s.have >= s.need && (done.has(s.key) || done.has("akatan_aotan"))) continue;
      const chip = el("span", "kk-chip", `${faces.yaku(s.key)} ${t("kk.progress", { have: s.have, need: s.need })}`);
      chip.dataset.yaku = s.key;
      chip.title = YAKU[s.key][JA];
      box.append(chip);
    }
    if (box.childElementCount) {
      // On a phone the row scrolls sideways (board.css): the keyboard reaches it too, and it is named.
      box.tabIndex = 0;
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", t("kk.ref.yaku"));
    }
    return box;
  }

  /** The side's captured cards by kind. */
  function groups(seat) {
    const player = obs().players[seat];
    const box = el("div", "kk-captured");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t(seat === 0 ? "kk.captured.you" : "kk.captured.them"));
    for (const kind of KINDS) box.append(group(seat, kind, player.captured));
    return box;
  }

  return {
    head, groups,
    /** Close the pile dialog (a new game). */
    close() {
      if (dialog?.open) dialog.close();
    },
  };
}
