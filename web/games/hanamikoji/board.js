// Hanamikoji's board: draws a view and turns taps, clicks and keys into
// actions. It knows no rules: a button is enabled only when the action it
// would send is in the view's legal_actions.

import { keyHint } from "../keys.js";
import { GEISHAS, cardBack, el, geishaCard, itemFace, symbol } from "./art.js";
import { logLines, namer } from "./log.js";
import { messages, rules } from "./messages.js";

export { messages, rules };

const ACTIONS = ["secret", "tradeoff", "gift", "competition"];
const SIZES = { secret: 1, tradeoff: 2, gift: 3, competition: 4 };
const KEYS = { s: "secret", t: "tradeoff", g: "gift", c: "competition" };

/** JSON with sorted keys: how two actions are compared. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const numeric = (a, b) => a - b;

/** The (up to three) distinct ways to split four cards into two pairs, in the engine's form. */
function pairings(cards) {
  const [a, b, c, d] = cards;
  const splits = [[[a, b], [c, d]], [[a, c], [b, d]], [[a, d], [b, c]]].map((pairs) =>
    pairs.map((p) => [...p].sort(numeric)).sort((x, y) => x[0] - y[0] || x[1] - y[1]),
  );
  const seen = new Set();
  return splits.filter((pairs) => !seen.has(canonical(pairs)) && seen.add(canonical(pairs)));
}

function loadStyles() {
  if (document.querySelector("link[data-board='hanamikoji']")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./board.css", import.meta.url).href;
  link.dataset.board = "hanamikoji";
  document.head.append(link);
}

export function createBoard(root, { act, t, signal }) {
  loadStyles();
  root.classList.add("hk");
  const names = namer(t);
  const geishaName = (g) => t(`hk.geisha.${GEISHAS[g].key}`);

  let view = null;
  let selected = []; // positions in the hand
  let pairing = false; // choosing how four selected cards are paired
  let shownScorings = 0; // scorings already shown as a round summary
  let session = null;
  let prevItems = null; // item counts last drawn, to animate new cards
  let lastItems = null; // per side and geisha, the items the last move added: marked until the next
  let release = null; // resolves hold() when the summary closes

  const parts = {
    them: el("section", "hk-side hk-them"),
    field: el("div", "hk-field"),
    middle: el("div", "hk-middle"),
    offer: el("section", "hk-offer"),
    you: el("section", "hk-side hk-you"),
    summary: el("div", "hk-summary"),
  };
  parts.summary.hidden = true;
  root.replaceChildren(parts.them, parts.field, parts.middle, parts.offer, parts.you, parts.summary);

  const obs = () => view.observation;
  const legal = () => obs().legal_actions ?? [];
  const legalKeys = () => new Set(legal().map(canonical));
  const isLegal = (action) => legalKeys().has(canonical(action));
  const mainTurn = () => legal().some((a) => ACTIONS.includes(a.type));
  const picking = () => legal().find((a) => a.type === "pick_gift" || a.type === "pick_pair")?.type ?? null;
  const selectedCards = () => selected.map((i) => obs().hand[i]).sort(numeric);

  function send(action) {
    selected = [];
    pairing = false;
    act(action);
  }

  // ------------------------------------------------------------ parts
  function scoreLine(player) {
    return el("span", "hk-score", t("hk.score", { charm: player.charm, geishas: player.geishas }));
  }

  function markers(player, interactive) {
    const box = el("div", "hk-markers");
    for (const kind of ACTIONS) {
      const used = player.used[kind];
      const label = t(`hk.action.${kind}`);
      if (!interactive) {
        const token = el("span", `hk-marker${used ? " used" : ""}`, label);
        token.dataset.action = kind;
        token.title = used ? t("hk.action.used", { action: label }) : label;
        box.append(token);
        continue;
      }
      const button = el("button", `hk-marker${used ? " used" : ""}`);
      button.type = "button";
      button.dataset.action = kind;
      button.title = t(`hk.action.${kind}.help`);
      const size = SIZES[kind];
      button.append(
        el("span", "hk-marker-name", label),
        el("span", "hk-marker-count", used ? t("hk.used") : `${selected.length}/${size}`),
      );
      // Its name is what it shows ("Gift 2/3", "Gift used"); what it does is its description.
      button.title = used ? t("hk.action.used", { action: label })
        : `${t("hk.action.do", { action: label, n: selected.length, size })}. ${t(`hk.action.${kind}.help`)}`;
      button.disabled = used || !actionReady(kind);
      button.addEventListener("click", () => choose(kind));
      box.append(button);
    }
    return box;
  }

  function actionReady(kind) {
    if (!mainTurn() || selected.length !== SIZES[kind]) return false;
    const cards = selectedCards();
    if (kind === "competition") return pairings(cards).some((pairs) => isLegal({ type: kind, pairs }));
    return isLegal({ type: kind, cards });
  }

  function choose(kind) {
    if (!actionReady(kind)) return;
    if (kind === "competition") {
      const options = pairings(selectedCards()).filter((pairs) => isLegal({ type: kind, pairs }));
      if (options.length === 1) send({ type: kind, pairs: options[0] });
      else {
        pairing = true;
        draw();
        root.querySelector(".hk-pairing button")?.focus(); // keys 1-3 or the arrows and Enter
      }
      return;
    }
    send({ type: kind, cards: selectedCards() });
  }

  function drawThem() {
    const [, them] = obs().players;
    const head = el("div", "hk-side-head");
    head.append(el("strong", "hk-who", t("hk.them")), scoreLine(them));
    const hand = el("div", "hk-hand-backs");
    hand.setAttribute("role", "img");
    hand.setAttribute("aria-label", t("hk.their-hand", { n: them.hand_size }));
    for (let i = 0; i < them.hand_size; i++) hand.append(cardBack());
    const hidden = el("div", "hk-hidden");
    if (them.used.secret && !obs().over) {
      const slot = el("div", "hk-slot");
      slot.append(cardBack(t("hk.secret.theirs")), el("span", "hk-slot-label", t("hk.secret.theirs")));
      hidden.append(slot);
    }
    if (them.tradeoff_count) {
      const slot = el("div", "hk-slot");
      const backs = el("span", "hk-pair");
      for (let i = 0; i < them.tradeoff_count; i++) backs.append(cardBack());
      slot.append(backs, el("span", "hk-slot-label", t("hk.tradeoff.count", { n: them.tradeoff_count })));
      hidden.append(slot);
    }
    // One row: who, score, hand, face-down cards, markers (it wraps on a phone).
    const row = el("div", "hk-row");
    row.append(hand, hidden, markers(them, false));
    head.append(row);
    parts.them.replaceChildren(head);
  }

  /**
   * A side's items for one geisha: the cards fanned a little in a fixed space
   * (so the geishas keep one row however many arrive) and, from two on, the count.
   */
  function itemStack(count, g, sideName, fresh, marked = 0) {
    const stack = el("div", `hk-items ${sideName}`);
    stack.dataset.count = String(count);
    const shown = Math.min(count, 3);
    for (let i = 0; i < shown; i++) {
      const face = itemFace(g);
      face.style.setProperty("--i", String(i));
      if (i >= shown - fresh) face.classList.add("hk-enter");
      if (i >= shown - marked) face.classList.add("hk-last");
      stack.append(face);
    }
    if (marked) stack.dataset.last = String(marked);
    if (count > 1) stack.append(el("span", "hk-items-count", `×${count}`));
    return stack;
  }

  function drawField() {
    const [you, them] = obs().players;
    const columns = obs().geishas.map((geisha, g) => {
      const col = el("div", "hk-col");
      col.dataset.geisha = String(g);
      const favour = geisha.favour === 0 ? "you" : geisha.favour === 1 ? "them" : "none";
      col.dataset.favour = favour;
      const fresh = (sideIndex, count) => (prevItems ? Math.max(0, count - prevItems[sideIndex][g]) : 0);
      const card = geishaCard(g, geishaName(g));
      const marker = el("span", "hk-favour");
      marker.append(symbol(g, 14));
      card.append(marker);
      col.append(itemStack(them.items[g], g, "them", fresh(1, them.items[g]), lastItems?.[1][g] ?? 0), card,
        itemStack(you.items[g], g, "you", fresh(0, you.items[g]), lastItems?.[0][g] ?? 0));
      col.setAttribute("aria-label", `${names.card(g)}: ${t("hk.you")} ${you.items[g]}, ${t("hk.them")} ${them.items[g]}. ${t(`hk.favour.${favour}`)}`);
      col.setAttribute("role", "group");
      return col;
    });
    parts.field.replaceChildren(...columns);
    prevItems = [you.items.slice(), them.items.slice()];
  }

  function drawMiddle() {
    const o = obs();
    const round = o.round_limit ? t("hk.round", { round: o.round, limit: o.round_limit }) : t("hk.round.open", { round: o.round });
    const pile = el("div", "hk-pile");
    const stack = cardBack();
    stack.classList.add("hk-stack");
    pile.append(stack, el("span", null, t("hk.draw-pile", { n: o.draw_pile })));
    const removed = el("div", "hk-pile");
    removed.append(cardBack(), el("span", null, t("hk.removed")));
    parts.middle.replaceChildren(el("strong", "hk-round", round), pile, removed);
  }

  function drawOffer() {
    const offer = obs().offer;
    if (pairing && !offer) {
      // The pairing of a competition is chosen where offers appear: the hand stays in view.
      parts.offer.hidden = false;
      parts.offer.dataset.mine = "true";
      parts.offer.replaceChildren(pairingChoice());
      return;
    }
    parts.offer.hidden = !offer;
    if (!offer) return parts.offer.replaceChildren();
    const mine = offer.by === 0;
    const kind = offer.type;
    const title = mine ? t("hk.offer.waiting") : t(kind === "gift" ? "hk.offer.gift.them" : "hk.offer.pairs.them");
    const choices = el("div", "hk-offer-choices");
    if (kind === "gift") {
      offer.cards.forEach((g, i) => {
        const action = { type: "pick_gift", card: g };
        const button = el("button", "hk-offer-card");
        button.type = "button";
        button.dataset.pick = String(g);
        button.append(itemFace(g), el("span", "hk-offer-label", names.card(g)), keyHint(i + 1, "hk-key"));
        button.setAttribute("aria-label", `${t("hk.take")}: ${names.card(g)} (${i + 1})`);
        button.disabled = mine || !isLegal(action);
        button.addEventListener("click", () => send(action));
        choices.append(button);
      });
    } else {
      offer.pairs.forEach((pair, i) => {
        const action = { type: "pick_pair", pair: i };
        const button = el("button", "hk-offer-pair");
        button.type = "button";
        button.dataset.pick = String(i);
        const faces = el("span", "hk-pair");
        for (const g of pair) faces.append(itemFace(g));
        button.append(faces, el("span", "hk-offer-label", names.pair(pair)), keyHint(i + 1, "hk-key"));
        button.setAttribute("aria-label", `${t("hk.take")}: ${names.pair(pair)} (${i + 1})`);
        button.disabled = mine || !isLegal(action);
        button.addEventListener("click", () => send(action));
        choices.append(button);
      });
    }
    parts.offer.dataset.mine = String(mine);
    parts.offer.replaceChildren(el("h3", null, title), choices);
  }

  function drawYou() {
    const [you] = obs().players;
    const head = el("div", "hk-side-head");
    head.append(el("strong", "hk-who", t("hk.you")), scoreLine(you));
    const row = el("div", "hk-row");
    if (you.secret != null) {
      const slot = el("div", "hk-slot");
      slot.append(itemFace(you.secret), el("span", "hk-slot-label", t("hk.secret.yours")));
      row.append(slot);
    }
    if (you.tradeoff.length) {
      const slot = el("div", "hk-slot hk-discard");
      const faces = el("span", "hk-pair");
      for (const g of you.tradeoff) faces.append(itemFace(g));
      slot.append(faces, el("span", "hk-slot-label", t("hk.tradeoff.count", { n: you.tradeoff.length })));
      row.append(slot);
    }
    const hand = el("div", "hk-hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", t("hk.hand"));
    const active = mainTurn();
    obs().hand.forEach((g, i) => {
      const button = el("button", "hk-card");
      button.type = "button";
      button.dataset.index = String(i);
      button.dataset.geisha = String(g);
      const on = selected.includes(i);
      button.setAttribute("aria-pressed", String(on));
      button.setAttribute("aria-label", `${names.card(g)} (${i + 1})`);
      button.disabled = !active;
      button.append(itemFace(g), keyHint(i + 1, "hk-key"));
      button.addEventListener("click", () => toggle(i));
      hand.append(button);
    });
    head.append(markers(you, true));
    const body = el("div", "hk-you-body");
    body.append(hand);
    if (row.childElementCount) body.append(row);
    parts.you.replaceChildren(head, body, el("p", "hk-keys", t("hk.keys")));
  }

  function pairingChoice() {
    const box = el("div", "hk-pairing");
    box.append(el("p", "hk-pairing-title", t("hk.prompt.pairs")));
    const options = pairings(selectedCards()).filter((pairs) => isLegal({ type: "competition", pairs }));
    options.forEach((pairs, i) => {
      const button = el("button", "hk-offer-pair");
      button.type = "button";
      button.dataset.pairing = String(i);
      for (const pair of pairs) {
        const faces = el("span", "hk-pair");
        for (const g of pair) faces.append(itemFace(g));
        button.append(faces);
      }
      button.append(keyHint(i + 1, "hk-key"));
      button.setAttribute("aria-label", `${names.pair(pairs[0])} / ${names.pair(pairs[1])} (${i + 1})`);
      button.addEventListener("click", () => send({ type: "competition", pairs }));
      box.append(button);
    });
    const cancel = el("button", "secondary hk-pairing-cancel", t("hk.cancel"));
    cancel.type = "button";
    cancel.setAttribute("aria-keyshortcuts", "Escape");
    cancel.addEventListener("click", () => {
      pairing = false;
      draw();
      root.querySelector(".hk-marker[data-action=competition]")?.focus();
    });
    box.append(cancel);
    return box;
  }

  function toggle(i) {
    if (!mainTurn() || i >= obs().hand.length) return;
    selected = selected.includes(i) ? selected.filter((x) => x !== i) : [...selected, i];
    pairing = false;
    draw();
    root.querySelector(`.hk-card[data-index="${i}"]`)?.focus();
  }

  // ------------------------------------------------------------ round summary
  function showSummary(record) {
    const box = el("div", "hk-summary-card");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", t("hk.summary.title", { round: record.round }));
    box.append(el("h3", null, t("hk.summary.title", { round: record.round })));
    const secrets = el("div", "hk-summary-secrets");
    secrets.append(el("span", "hk-slot-label", t("hk.summary.secrets")));
    record.secrets.forEach((g, seat) => {
      const slot = el("div", "hk-slot");
      const flip = el("span", "hk-flip");
      if (g == null) flip.append(el("span", "hk-none", t("hk.summary.none")));
      else flip.append(cardBack(), itemFace(g));
      slot.append(flip, el("span", "hk-slot-label", t(seat === 0 ? "hk.you" : "hk.them")));
      secrets.append(slot);
    });
    const table = el("div", "hk-summary-table");
    for (let g = 0; g < GEISHAS.length; g++) {
      const row = el("div", "hk-summary-row");
      const winner = record.majority[g];
      row.dataset.majority = winner === 0 ? "you" : winner === 1 ? "them" : "tie";
      const label = el("span", "hk-summary-geisha");
      label.append(symbol(g, 20), el("span", null, names.card(g)));
      const result = winner == null ? t("hk.summary.tie") : t(winner === 0 ? "hk.who.you" : "hk.who.them");
      row.append(label, el("span", "hk-count you", String(record.items[0][g])),
        el("span", "hk-count them", String(record.items[1][g])), el("span", "hk-summary-winner", result));
      table.append(row);
    }
    const head = el("div", "hk-summary-row hk-summary-head");
    head.append(el("span"), el("span", "hk-count", t("hk.you")), el("span", "hk-count", t("hk.them")), el("span"));
    table.prepend(head);
    const totals = el("p", "hk-summary-totals",
      `${t("hk.you")}: ${t("hk.score", { charm: record.charm[0], geishas: record.geishas[0] })} · ${t("hk.them")}: ${t("hk.score", { charm: record.charm[1], geishas: record.geishas[1] })}`);
    const go = el("button", "primary", t("hk.summary.continue"));
    go.type = "button";
    go.id = "hk-continue";
    go.addEventListener("click", closeSummary);
    box.append(secrets, table, totals, go);
    parts.summary.replaceChildren(box);
    parts.summary.hidden = false;
    root.dataset.summary = "open";
    go.focus();
  }

  function closeSummary() {
    parts.summary.hidden = true;
    delete root.dataset.summary;
    release?.();
    release = null;
  }

  // ------------------------------------------------------------ drawing
  function draw() {
    if (!view) return;
    drawThem();
    drawField();
    drawMiddle();
    drawOffer();
    drawYou();
    root.dataset.phase = picking() ?? (mainTurn() ? "main" : "wait");
  }

  document.addEventListener("keydown", (event) => {
    if (!view || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (root.dataset.summary === "open") {
      if (event.key === "Enter" || event.key === "Escape") closeSummary();
      return;
    }
    const key = event.key.toLowerCase();
    const digit = Number(event.key);
    const pick = picking();
    if (pairing && digit >= 1) {
      root.querySelectorAll(".hk-pairing button[data-pairing]")[digit - 1]?.click();
    } else if (pick && digit >= 1) {
      root.querySelectorAll(".hk-offer button")[digit - 1]?.click();
    } else if (digit >= 1 && digit <= 9) {
      toggle(digit - 1);
    } else if (KEYS[key] && mainTurn()) {
      choose(KEYS[key]);
    } else if (key === "escape" && pairing) {
      root.querySelector(".hk-pairing-cancel")?.click(); // back to the four selected cards
    } else if (key === "escape") {
      selected = [];
      pairing = false;
      draw();
    } else {
      return;
    }
    event.preventDefault();
  }, { signal });

  return {
    render(next, last) {
      if (next.session !== session) {
        // A new game: nothing to animate, no summary owed.
        session = next.session;
        prevItems = null;
        lastItems = null;
        shownScorings = next.observation.scorings.length;
        closeSummary();
      }
      if (last && prevItems) {
        const [you, them] = next.observation.players;
        lastItems = [you.items, them.items].map((items, side) => items.map((n, g) => Math.max(0, n - prevItems[side][g])));
        if (!lastItems.flat().some(Boolean)) lastItems = null; // a move that placed no item keeps no marks
      }
      if (next.observation.round !== view?.observation.round) lastItems = null;
      view = next;
      if (!last) prevItems = null; // a plain redraw (language, refresh): no animation
      selected = selected.filter((i) => i < obs().hand.length);
      if (!mainTurn()) {
        selected = [];
        pairing = false;
      }
      draw();
      const scorings = obs().scorings;
      if (scorings.length > shownScorings) {
        shownScorings = scorings.length;
        showSummary(scorings[scorings.length - 1]);
      }
    },
    log: (v) => logLines(v, t),
    prompt(v) {
      const types = new Set((v.observation.legal_actions ?? []).map((a) => a.type));
      if (types.has("pick_gift")) return t("hk.prompt.pick-gift");
      if (types.has("pick_pair")) return t("hk.prompt.pick-pair");
      return t("hk.prompt.select");
    },
    result(v) {
      const r = v.observation.result ?? v.result;
      const box = el("div", "hk-result");
      box.append(
        el("p", null, `${t("hk.you")}: ${t("hk.score", { charm: r.scores[0], geishas: r.geishas[0] })}`),
        el("p", null, `${t("hk.them")}: ${t("hk.score", { charm: r.scores[1], geishas: r.geishas[1] })}`),
      );
      const who = r.winner == null ? "" : t(r.winner === 0 ? "hk.who.you" : "hk.who.them");
      box.append(el("p", "hk-reason", t(`hk.result.reason.${r.reason}`, { who, rounds: r.rounds })));
      return box;
    },
    hold() {
      if (root.dataset.summary !== "open") return Promise.resolve();
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
