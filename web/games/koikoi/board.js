// Koi-Koi's board: draws a view and turns clicks, taps and keys into actions.
// It knows no rules: a card or button is enabled only when the action it
// sends is in the view's legal_actions; yaku and scores come from the view.

import { language } from "../../js/i18n.js";
import { keyHint } from "../keys.js";
import { cardBack, cardFace, el, kindBadge } from "./art.js";
import { CARDS, KINDS, SAKE_CUP, SETS, YAKU, cardName, kindText, yakuName } from "./cards.js";
import { logLines } from "./log.js";
import { messages, rules } from "./messages.js";

export { messages, rules };

// Chosen before a match, next to the level (the game page draws the select).
// The house rules (seeds/koikoi.md, "House rules") sit together in one menu, each off by default.
const HOUSE_RULES = ["plus_one_yaku", "no_sake_yaku", "koikoi_once", "teshi"];
const ON_OFF = { false: "kk.house.off", true: "kk.house.on" };
export const settings = [
  { key: "rounds", label: "kk.rounds", option: "kk.rounds.n", values: [3, 6, 12] },
  ...HOUSE_RULES.map((key) => ({
    key, label: `kk.house.${key}`, values: [false, true], valueLabels: ON_OFF,
    group: { label: "kk.house", count: "kk.house.on.count", hint: "kk.house.hint" },
  })),
];
const CHOICE_KEYS = ["a", "b"];

const month = (id) => id >> 2;
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

function loadStyles() {
  if (document.querySelector("link[data-board='koikoi']")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./board.css", import.meta.url).href;
  link.dataset.board = "koikoi";
  document.head.append(link);
}

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
 * The round that just ended as an observation to draw: both sides' captures,
 * the table and the scores as they were, and no hand and no decision, so
 * the summary sits on the final table until the player goes on. null for a
 * summary without the final table (the engine sends it since this board).
 */
function endedRound(record, live) {
  if (!record?.captured) return null;
  const points = (list) => list.reduce((sum, y) => sum + y.points, 0);
  return {
    ...live, round: record.round, dealer: record.dealer, table: record.table, stock: record.stock ?? 0,
    hand: [], pending: null, legal_actions: [],
    players: [0, 1].map((seat) => ({
      ...live.players[seat], hand_size: 0, captured: record.captured[seat], yaku: record.captured_yaku[seat],
      points: points(record.captured_yaku[seat]), koikoi: record.koikoi[seat], score: record.scores[seat],
    })),
  };
}

export function createBoard(root, { act, t, signal, pace = () => 700, turnChanged = () => {}, remember = () => {} }) {
  loadStyles();
  root.classList.add("kk");
  const lang = () => language();
  const name = (id) => cardName(id, lang());
  const label = (id) => {
    const card = CARDS[id];
    return t("kk.card.label", { name: name(id), ja: card.name.ja, month: card.month, kind: kindText(card, t) });
  };
  const face = (id, fly = true) => {
    const node = cardFace(id, label(id));
    if (fly) node.dataset.fly = String(id);
    return node;
  };

  let view = null;
  let session = null;
  let choosing = null; // a hand card with two matching table cards, waiting for the pick
  let shownRounds = 0; // round summaries already shown
  let logSeen = 0; // log entries already animated
  let release = null; // resolves hold() when the summary closes and the moments are over
  let summaryRecord = null; // the round on show in the summary
  let reopenSummary = null; // from a save: how many rounds had ended when the player left a summary open
  let ended = null; // that round's final table, drawn instead of the next deal until the player goes on
  const moments = []; // yaku made and koi-koi calls still to show, one at a time
  let lastCards = new Set(); // the cards the last move played, turned or took: marked until the next
  let momentTimer = null;

  const parts = {
    status: el("div", "kk-status"),
    them: el("section", "kk-side kk-them"),
    stage: el("div", "kk-stage"), // the field, and over it a choice, the decision and the moments
    field: el("section", "kk-field"),
    over: el("div", "kk-over"),
    choice: el("div", "kk-choice"),
    summary: el("section", "kk-panel kk-summary"),
    you: el("section", "kk-side kk-you"),
  };
  parts.over.hidden = true;
  parts.choice.hidden = true;
  parts.summary.hidden = true;
  // The choice between two table cards is laid over the field too: the hand never moves down.
  parts.stage.append(parts.field, parts.choice, parts.over);
  root.replaceChildren(parts.status, parts.them, parts.stage, parts.summary, parts.you);

  const obs = () => ended ?? view.observation; // the ended round until the player goes on
  const legal = () => obs().legal_actions ?? [];
  const mine = () => !ended && view.waiting_for === "human" && !view.is_over;
  const pendingMine = (type) => mine() && obs().pending?.type === type && obs().pending.seat === 0;
  const playsOf = (card) => legal().filter((a) => a.type === "play" && a.card === card);

  function send(action) {
    choosing = null;
    act(action);
  }

  // ------------------------------------------------------------ status bar
  function drawStatus() {
    const o = obs();
    const [you, them] = o.players;
    const round = el("strong", "kk-round", t("kk.round", { round: o.round, rounds: o.rounds }));
    const score = el("span", "kk-match");
    score.append(el("span", "kk-you-score", `${t("kk.you")} ${you.score}`), el("span", "kk-colon", " : "),
      el("span", "kk-them-score", `${them.score} ${t("kk.them")}`));
    score.setAttribute("aria-label", `${t("kk.you")}: ${t("kk.match-points.long", { n: you.score })}, ${t("kk.them")}: ${t("kk.match-points.long", { n: them.score })}`);
    const link = el("a", "kk-reference", t("kk.reference"));
    link.href = new URL("../../koikoi-cards.html", import.meta.url).href;
    link.target = "_blank";
    link.rel = "noopener";
    const house = HOUSE_RULES.filter((key) => o.house_rules?.[key]);
    const active = house.length
      ? [el("span", "kk-house", t("kk.house.active", { list: house.map((key) => t(`kk.house.${key}`)).join(" · ") }))]
      : []; // the source's rules: nothing to say
    parts.status.replaceChildren(round, score, ...active, link);
  }

  // ------------------------------------------------------------ a side: head and captured cards
  function sideHead(seat) {
    const o = obs();
    const player = o.players[seat];
    const head = el("div", "kk-side-head");
    head.append(el("strong", "kk-who", t(seat === 0 ? "kk.you" : "kk.them")));
    if (o.dealer === seat) {
      const badge = el("span", "kk-dealer", t("kk.dealer"));
      badge.title = t("kk.dealer.help");
      head.append(badge);
    }
    head.append(el("span", "kk-points", player.points ? t("kk.yaku-now", { points: player.points }) : t("kk.no-yaku")));
    if (player.koikoi) head.append(el("span", "kk-called", t("kk.koikoi-calls", { n: player.koikoi })));
    return head;
  }

  function capturedGroups(seat) {
    const player = obs().players[seat];
    const box = el("div", "kk-captured");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t(seat === 0 ? "kk.captured.you" : "kk.captured.them"));
    for (const kind of KINDS) {
      const cards = player.captured[kind];
      const { have, need, yaku } = groupProgress(kind, player.captured);
      const group = el("div", "kk-group");
      group.dataset.kind = kind;
      group.dataset.done = String(have >= need && (kind !== "bright" || have >= 3));
      const head = el("div", "kk-group-head");
      const count = el("b", "kk-count", t("kk.progress", { have, need }));
      head.append(kindBadge(kind, 16), el("span", "kk-group-name", t(`kk.kind.${kind}`)),
        el("span", "kk-ja", YAKU[yaku][2]), count);
      head.title = t("kk.progress.help", { name: `${yakuName(yaku, lang())} (${YAKU[yaku][2]})`, have, need });
      const row = el("div", "kk-pile");
      if (cards.length > 8) row.dataset.many = cards.length > 14 ? "lots" : "some"; // one row, closer together
      for (const id of cards) row.append(face(id));
      group.append(head, row);
      box.append(group);
    }
    const chips = el("div", "kk-chips");
    for (const y of player.yaku) {
      const chip = el("span", "kk-chip kk-chip-done", `${yakuName(y.name, lang())} ${t("kk.points.short", { n: y.points })}`);
      chip.dataset.yaku = y.name;
      chip.title = YAKU[y.name]?.[2] ?? y.name;
      chips.append(chip);
    }
    const done = new Set(player.yaku.map((y) => y.name));
    for (const s of setProgress(player.captured, obs().house_rules)) {
      if (s.have >= s.need && (done.has(s.key) || done.has("akatan_aotan"))) continue;
      const chip = el("span", "kk-chip", `${yakuName(s.key, lang())} ${t("kk.progress", { have: s.have, need: s.need })}`);
      chip.dataset.yaku = s.key;
      chip.title = YAKU[s.key][2];
      chips.append(chip);
    }
    if (chips.childElementCount) box.append(chips);
    return box;
  }

  function drawThem() {
    const them = obs().players[1];
    const hand = el("div", "kk-backs");
    hand.setAttribute("role", "img");
    hand.setAttribute("aria-label", t("kk.their-hand", { n: them.hand_size }));
    for (let i = 0; i < them.hand_size; i++) hand.append(cardBack());
    const head = sideHead(1);
    head.append(hand);
    parts.them.replaceChildren(head, capturedGroups(1));
  }

  // ------------------------------------------------------------ the field: stock, turned card, table
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
      turned.append(face(pend.card), el("span", "kk-turned-label", t("kk.turned")));
      choices = pend.seat === 0 ? pend.choices : [];
    } else {
      turned.hidden = true;
    }
    if (choosing != null) choices = playsOf(choosing).map((a) => a.take);
    const table = el("div", "kk-table");
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", t("kk.table"));
    for (const id of o.table) {
      const index = choices.indexOf(id);
      if (index >= 0) {
        const button = el("button", "kk-table-card kk-pick");
        button.type = "button";
        button.dataset.choice = CHOICE_KEYS[index];
        button.setAttribute("aria-label", `${label(id)} (${t("kk.choose.key", { key: CHOICE_KEYS[index].toUpperCase() })})`);
        button.append(face(id), keyHint(CHOICE_KEYS[index].toUpperCase(), "kk-key"));
        button.addEventListener("click", () => pick(id));
        table.append(button);
      } else {
        const slot = el("span", "kk-table-card");
        slot.append(face(id));
        table.append(slot);
      }
    }
    if (!o.table.length) table.append(el("p", "kk-empty", t("kk.table.empty")));
    if (pend?.type === "take" && pend.seat === 0) {
      for (const c of table.querySelectorAll(".kk-table-card:not(.kk-pick) .kk-face")) c.classList.add("kk-dim");
    }
    parts.field.replaceChildren(stock, turned, table);
  }

  // ------------------------------------------------------------ choosing between two table cards
  function drawChoice() {
    const o = obs();
    let title = null;
    let options = [];
    if (choosing != null) {
      title = t("kk.choose.play", { card: name(choosing) });
      options = playsOf(choosing).map((a) => a.take);
    } else if (pendingMine("take")) {
      title = t("kk.choose.take", { card: name(o.pending.card) });
      options = legal().filter((a) => a.type === "take").map((a) => a.card);
    }
    parts.choice.hidden = !title;
    if (!title) return parts.choice.replaceChildren();
    const row = el("div", "kk-choice-row");
    const lead = face(choosing ?? o.pending.card, false);
    lead.classList.add("kk-choice-lead");
    row.append(lead, el("span", "kk-arrow", "→"));
    options.forEach((id, i) => {
      const button = el("button", "kk-choice-card");
      button.type = "button";
      button.dataset.choice = CHOICE_KEYS[i];
      const caption = el("span", "kk-choice-name");
      caption.dataset.text = name(id); // drawn by CSS: the button's name is the card's full label
      button.append(face(id, false), caption, keyHint(CHOICE_KEYS[i].toUpperCase(), "kk-key"));
      button.setAttribute("aria-label", `${label(id)} (${t("kk.choose.key", { key: CHOICE_KEYS[i].toUpperCase() })})`);
      button.addEventListener("click", () => pick(id));
      row.append(button);
    });
    const children = [el("p", "kk-choice-title", title), row];
    if (choosing != null) {
      const cancel = el("button", "secondary kk-cancel", t("kk.cancel"));
      cancel.type = "button";
      cancel.addEventListener("click", () => {
        choosing = null;
        draw();
      });
      children.push(cancel);
    }
    parts.choice.replaceChildren(...children);
  }

  function pick(tableCard) {
    if (choosing != null) {
      const action = playsOf(choosing).find((a) => a.take === tableCard);
      if (action) send(action);
    } else if (pendingMine("take")) {
      if (legal().some((a) => a.type === "take" && a.card === tableCard)) send({ type: "take", card: tableCard });
    }
  }

  // ------------------------------------------------------------ your hand
  function drawYou() {
    const o = obs();
    const hand = el("div", "kk-hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", t("kk.hand"));
    const canPlay = pendingMine("play");
    const tableMonths = new Set(o.table.map(month));
    o.hand.forEach((id, i) => {
      const button = el("button", "kk-hand-card");
      button.type = "button";
      button.dataset.index = String(i);
      button.dataset.card = String(id);
      button.setAttribute("aria-label", `${label(id)} (${i + 1})`);
      if (tableMonths.has(month(id))) button.classList.add("kk-has-match");
      button.setAttribute("aria-pressed", String(choosing === id));
      button.disabled = !canPlay || !playsOf(id).length;
      button.append(face(id), keyHint(i + 1, "kk-key"));
      button.addEventListener("click", () => playCard(id));
      for (const type of ["mouseenter", "focus"]) button.addEventListener(type, () => highlight(month(id)));
      for (const type of ["mouseleave", "blur"]) button.addEventListener(type, () => highlight(null));
      hand.append(button);
    });
    const head = sideHead(0);
    head.append(el("span", "kk-keys", t("kk.keys"))); // on the head's line: the hand keeps its room
    parts.you.replaceChildren(capturedGroups(0), head, hand);
  }

  function highlight(m) {
    for (const node of parts.field.querySelectorAll(".kk-table .kk-face")) {
      node.classList.toggle("kk-match", m != null && month(Number(node.dataset.card)) === m);
    }
    root.dataset.hover = m == null ? "" : String(m + 1);
  }

  function playCard(id) {
    if (!pendingMine("play")) return;
    const plays = playsOf(id);
    if (!plays.length) return;
    if (plays.length === 1) return send(plays[0]);
    choosing = choosing === id ? null : id;
    draw();
    parts.choice.querySelector("button")?.focus();
  }

  // ------------------------------------------------------------ the koi-koi decision
  /** The koi-koi decision, laid over the field: both sides' captures stay in view. */
  function showDecision() {
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
    text.append(title, math, yakuList(pend.yaku)); // the title and the count share a line
    box.append(text);
    const buttons = el("div", "kk-decide-buttons");
    const stop = el("button", "kk-big kk-shobu");
    stop.type = "button";
    stop.id = "kk-shobu";
    stop.append(el("strong", null, t("kk.koikoi.stop")), el("span", null, t("kk.koikoi.stop.score", { points: pend.shobu_points === 1 ? t("kk.point") : t("kk.points", { n: pend.shobu_points }) })),
      keyHint("S", "kk-key"));
    stop.addEventListener("click", () => decide("shobu"));
    const go = el("button", "kk-big kk-go");
    go.type = "button";
    go.id = "kk-koikoi";
    go.append(el("strong", null, t("kk.koikoi.go")), el("span", null, t("kk.koikoi.go.help")), keyHint("K", "kk-key"));
    go.addEventListener("click", () => decide("koikoi"));
    buttons.append(stop, go);
    box.append(buttons);
    parts.over.replaceChildren(box);
    parts.over.hidden = false;
    root.dataset.overlay = "decide";
    stop.focus({ preventScroll: true });
  }

  function decide(type) {
    if (!pendingMine("koikoi") || !legal().some((a) => a.type === type)) return;
    hideOverlay();
    send({ type });
  }

  /** Yaku with their cards at full size (smaller only when many cards must share the row). */
  function yakuList(list) {
    const table = el("ul", "kk-yaku-list");
    if (list.reduce((n, y) => n + y.cards.length, 0) > 10) table.classList.add("kk-dense");
    for (const y of list) {
      const row = el("li", "kk-yaku-row");
      row.dataset.yaku = y.name;
      const names = el("span", "kk-yaku-name");
      names.append(el("strong", null, yakuName(y.name, lang())), el("span", "kk-ja", YAKU[y.name]?.[2] ?? ""));
      const cards = el("span", "kk-mini");
      for (const id of y.cards) cards.append(face(id, false));
      row.append(names, cards, el("b", "kk-yaku-points", t("kk.points.short", { n: y.points })));
      table.append(row);
    }
    return table;
  }

  // ------------------------------------------------------------ round summary
  function showSummary(record) {
    summaryRecord = record;
    ended = endedRound(record, view.observation);
    const o = obs();
    const box = parts.summary;
    box.replaceChildren();
    box.setAttribute("role", "dialog");
    const heading = t("kk.summary.title", { round: record.round, rounds: o.rounds });
    box.setAttribute("aria-label", heading);
    // Two columns on a wide screen: the outcome and the way on; the yaku and the count.
    const outcome = el("div", "kk-summary-outcome");
    const count = el("div", "kk-summary-count");
    outcome.append(el("p", "kk-summary-round", heading));
    const who = (seat) => t(seat === 0 ? "kk.who.you" : "kk.who.them");
    if (record.winner == null) {
      box.dataset.winner = "none";
      outcome.append(el("h3", null, t("kk.summary.draw")),
        el("p", null, t(record.reason === "teshi_both" ? "kk.summary.draw.teshi" : "kk.summary.draw.text")));
    } else {
      box.dataset.winner = record.winner === 0 ? "you" : "them";
      outcome.append(el("h3", null, t(`kk.summary.win.${record.winner === 0 ? "you" : "them"}`)),
        el("p", "kk-reason", t(`kk.summary.reason.${record.reason}`, { who: who(record.winner) })));
      const math = el("table", "kk-math-table");
      const line = (text, value, cls) => {
        const row = el("tr", cls);
        row.append(el("th", null, text), el("td", null, value));
        math.append(row);
      };
      line(t("kk.summary.base"), String(record.base));
      if (record.seven_plus) line(t("kk.summary.seven"), t("kk.summary.times"));
      if (record.opponent_koikoi) line(t("kk.summary.called", { who: who(1 - record.winner) }), t("kk.summary.times"));
      line(t("kk.summary.total"), record.multiplier > 1 ? `${record.base} × ${record.multiplier} = ${record.points}` : String(record.points), "kk-total");
      count.append(yakuList(record.yaku), math);
    }
    outcome.append(el("p", "kk-summary-scores", t("kk.summary.scores", { a: record.scores[0], b: record.scores[1] })));
    if (!view.is_over) {
      outcome.append(el("p", "kk-summary-dealer", t("kk.summary.dealer", { who: who(view.observation.dealer) })));
    }
    const go = el("button", "primary", t("kk.summary.continue"));
    go.type = "button";
    go.id = "kk-continue";
    go.addEventListener("click", closeSummary);
    outcome.append(go);
    box.append(outcome);
    if (count.childElementCount) box.append(count);
    box.hidden = false;
    root.dataset.summary = "open";
    hideOverlay(); // a decision or a moment of the ended round is over
    draw(); // the final table of the round, under the summary
    go.focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest" });
  }

  function hideOverlay() {
    parts.over.hidden = true;
    parts.over.replaceChildren();
    delete root.dataset.overlay;
  }

  function closeSummary() {
    if (root.dataset.summary !== "open") return;
    parts.summary.hidden = true;
    parts.summary.replaceChildren();
    delete root.dataset.summary;
    ended = null;
    summaryRecord = null;
    draw(); // now the next deal
    turnChanged();
    releaseIfIdle();
    remember(); // the save no longer owes the summary
  }

  // ------------------------------------------------------------ moments: a yaku made, a koi-koi called
  /** What the new log entries announce, in order. The player's own yaku is the decision panel. */
  function queueMoments(entries) {
    for (const e of entries) {
      if (e.type === "yaku" && e.seat === 1) moments.push({ kind: "yaku", seat: 1, yaku: e.yaku, points: e.points });
      if (e.type === "koikoi") moments.push({ kind: "koikoi", seat: e.seat, count: e.count, points: e.points });
    }
  }

  function nextMoment() {
    if (momentTimer || root.dataset.overlay === "decide" || root.dataset.summary === "open") return;
    const m = moments.shift();
    if (!m) return releaseIfIdle();
    const box = el("div", `kk-panel kk-moment kk-moment-${m.kind}`);
    box.setAttribute("role", "status");
    box.dataset.seat = m.seat === 0 ? "you" : "them";
    if (m.kind === "yaku") {
      const names = m.yaku.map((y) => yakuName(y.name, lang())).join(" · ");
      box.append(el("h3", null, t("kk.moment.yaku", { names, points: m.points })), yakuList(m.yaku));
    } else {
      const title = el("h3", "kk-moment-call");
      title.append(el("span", null, t(`kk.moment.koikoi.${m.seat === 0 ? "you" : "them"}`)));
      box.append(title, el("p", null, t(`kk.moment.koikoi.${m.seat === 0 ? "you" : "them"}.text`, { points: m.points })));
    }
    box.addEventListener("click", endMoment);
    parts.over.replaceChildren(box);
    parts.over.hidden = false;
    root.dataset.overlay = "moment";
    root.dataset.moment = m.kind;
    // Long enough to read at the normal pace; a faster pace shortens it, a click ends it.
    momentTimer = setTimeout(endMoment, Math.max(600, Math.min(2600, pace() * 3.5)));
  }

  function endMoment() {
    if (!momentTimer) return;
    clearTimeout(momentTimer);
    momentTimer = null;
    delete root.dataset.moment;
    if (root.dataset.overlay === "moment") hideOverlay();
    nextMoment();
  }

  /** hold() resolves when nothing is left for the player to see before the next AI move. */
  function releaseIfIdle() {
    if (momentTimer || moments.length || root.dataset.summary === "open") return;
    if (pendingMine("koikoi") && root.dataset.overlay !== "decide") showDecision();
    release?.();
    release = null;
  }

  // ------------------------------------------------------------ motion
  function snapshot() {
    const rects = new Map();
    for (const node of root.querySelectorAll("[data-fly]")) rects.set(node.dataset.fly, node.getBoundingClientRect());
    return rects;
  }

  /** Move each card from where it was (or from the stock / the computer's hand) to where it is now. */
  function animate(before, entries) {
    if (reducedMotion() || !before) return;
    const origins = new Map();
    const delays = new Map();
    const stockRect = parts.field.querySelector(".kk-stock .kk-back")?.getBoundingClientRect();
    const handRect = parts.them.querySelector(".kk-backs")?.getBoundingClientRect();
    let step = 0;
    for (const e of entries) {
      if (e.type === "play" || e.type === "draw" || e.type === "take") {
        const key = String(e.card);
        if (e.type === "play" && e.seat === 1 && handRect) origins.set(key, handRect);
        if (e.type === "draw" && stockRect) origins.set(key, stockRect);
        for (const id of [e.card, ...(e.took ?? [])]) delays.set(String(id), step * 380);
        step += 1;
      }
    }
    for (const node of root.querySelectorAll("[data-fly]")) {
      const key = node.dataset.fly;
      const from = before.get(key) ?? origins.get(key);
      if (!from) continue;
      const to = node.getBoundingClientRect();
      const dx = from.left + from.width / 2 - (to.left + to.width / 2);
      const dy = from.top + from.height / 2 - (to.top + to.height / 2);
      const scale = from.width / (to.width || 1);
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) continue;
      node.animate(
        [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 3 }, { transform: "none", zIndex: 3 }],
        { duration: 420, delay: delays.get(key) ?? 0, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      );
    }
  }

  // ------------------------------------------------------------ drawing
  function draw() {
    if (!view) return;
    drawStatus();
    drawThem();
    drawField();
    drawChoice();
    drawYou();
    const pend = obs().pending;
    root.dataset.phase = ended ? "summary" : view.is_over ? "over" : mine() ? (choosing != null ? "choose" : pend.type) : "wait";
    root.dataset.ended = String(Boolean(ended));
    for (const node of root.querySelectorAll("[data-fly]")) node.classList.toggle("kk-last", lastCards.has(node.dataset.fly));
    // The ended round: its summary takes the field's place, between the two sides' captures.
    parts.stage.hidden = Boolean(ended);
    if (root.dataset.summary !== "open" && !momentTimer) {
      if (pendingMine("koikoi")) {
        if (root.dataset.overlay !== "decide") showDecision();
      } else if (root.dataset.overlay === "decide") {
        hideOverlay();
      }
    }
  }

  document.addEventListener("keydown", (event) => {
    if (!view || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
    const key = event.key.toLowerCase();
    if (root.dataset.summary === "open") {
      if (key === "enter" || key === "escape") closeSummary();
      else return;
    } else if (momentTimer && (key === "enter" || key === "escape" || key === " ")) {
      endMoment();
    } else if (pendingMine("koikoi") && (key === "k" || key === "s")) {
      decide(key === "k" ? "koikoi" : "shobu");
    } else if (CHOICE_KEYS.includes(key) && (choosing != null || pendingMine("take"))) {
      parts.choice.querySelector(`button[data-choice="${key}"]`)?.click();
    } else if (key === "escape" && choosing != null) {
      choosing = null;
      draw();
    } else if (/^[1-9]$/.test(key) && pendingMine("play")) {
      const id = obs().hand[Number(key) - 1];
      if (id == null) return;
      playCard(id);
    } else {
      return;
    }
    event.preventDefault();
  }, { signal });

  return {
    render(next, last) {
      const fresh = next.session !== session;
      if (fresh) {
        // A new game: nothing to animate, no summary owed, except for rounds that ended
        // before the first move (a dealt hand that wins under the house rule teshi).
        session = next.session;
        const over = next.observation.rounds_played.length; // rounds ended so far
        shownRounds = next.observation.move === 0 ? 0 : over;
        // A reopened game whose last summary was still open shows it again (on the final table).
        if (reopenSummary === over && !next.is_over) shownRounds = over - 1;
        reopenSummary = null;
        logSeen = next.observation.log.length;
        choosing = null;
        lastCards = new Set();
        moments.length = 0;
        clearTimeout(momentTimer);
        momentTimer = null;
        ended = null;
        summaryRecord = null;
        parts.summary.hidden = true;
        delete root.dataset.summary;
        delete root.dataset.moment;
        release?.();
        release = null;
        hideOverlay();
      }
      const entries = next.observation.log.slice(logSeen);
      logSeen = next.observation.log.length;
      const moved = last ? entries.filter((e) => ["play", "draw", "take"].includes(e.type)) : [];
      if (moved.length) lastCards = new Set(moved.flatMap((e) => [e.card, ...(e.took ?? [])]).map(String));
      const newRound = view && next.observation.round !== view.observation.round;
      const before = !fresh && last && !newRound ? snapshot() : null;
      view = next;
      if (!mine() || (choosing != null && !playsOf(choosing).length)) choosing = null;
      if (!fresh && !last && root.dataset.overlay === "decide") hideOverlay(); // a redraw (language): build it anew
      draw();
      if (!fresh && !last && root.dataset.summary === "open") showSummary(summaryRecord);
      animate(before, entries);
      if (last) queueMoments(entries);
      const played = view.observation.rounds_played;
      if (played.length > shownRounds) {
        shownRounds = played.length;
        moments.length = 0; // the summary tells how the round ended; hold() waits for it
        clearTimeout(momentTimer);
        momentTimer = null;
        delete root.dataset.moment;
        showSummary(played[played.length - 1]); // the page's save after this render keeps it open (keep)
      } else {
        nextMoment();
      }
    },
    log: (v) => logLines(v, t, language()),
    // What the save keeps of the board: an open round summary, so a reload shows it again.
    keep: () => (root.dataset.summary === "open" ? { summary: shownRounds } : null),
    restore: (kept) => {
      const rounds = kept?.summary;
      reopenSummary = Number.isInteger(rounds) && rounds > 0 ? rounds : null; // anything else is dropped
    },
    heldPrompt: () => (ended ? t("kk.prompt.summary") : null),
    prompt(v) {
      if (ended) return t("kk.prompt.summary");
      const pend = v.observation.pending;
      if (pend?.type === "take") return t("kk.prompt.take");
      if (pend?.type === "koikoi") return t("kk.prompt.koikoi");
      return choosing != null ? t("kk.prompt.choose") : t("kk.prompt.play");
    },
    result(v) {
      const r = v.observation.result;
      const box = el("div", "kk-result");
      const list = el("ul", "kk-result-rounds");
      for (const round of r.rounds) {
        const key = round.winner == null ? "draw" : round.winner === 0 ? "you" : "them";
        const item = el("li", null, t(`kk.result.round.${key}`, { round: round.round, points: round.points }));
        item.dataset.winner = key;
        const names = round.yaku.map((y) => yakuName(y.name, language())).join(", ");
        if (names) item.append(el("span", "kk-result-yaku", ` (${names})`));
        list.append(item);
      }
      box.append(list, el("p", "kk-result-total", t("kk.result.total", { a: r.scores[0], b: r.scores[1] })));
      return box;
    },
    hold() {
      if (root.dataset.summary !== "open" && !momentTimer && !moments.length) return Promise.resolve();
      return new Promise((resolve) => {
        const previous = release;
        release = () => {
          previous?.();
          resolve();
        };
      });
    },
  };
}
