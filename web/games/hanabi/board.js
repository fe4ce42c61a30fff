// Hanabi's board: draws a view and turns clicks and keys into actions. It
// knows no rules: a clue is offered, and Play or Discard enabled, only when
// the action it would send is in the view's legal_actions.

import { COLOURS, COPIES, RANKS, SUITS, cardBack, cardFace, el, knowledge, symbol } from "./art.js";
import { logLines, namer } from "./log.js";
import { messages, rules } from "./messages.js";

export { messages, rules };

// The player count is chosen before a game: the page puts a select in its toolbar.
export const settings = [
  { key: "players", label: "hb.players", option: "hb.players.n", values: [2, 3, 4, 5] },
  { key: "seat", label: "hb.seat", option: "hb.seat.n", values: [1, 2, 3, 4, 5], seat: true },
];

const COLOUR_KEYS = { r: "red", y: "yellow", g: "green", b: "blue", w: "white" };

const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

function loadStyles() {
  if (document.querySelector("link[data-board='hanabi']")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./board.css", import.meta.url).href;
  link.dataset.board = "hanabi";
  document.head.append(link);
}

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

export function createBoard(root, { act, t, signal, remember = () => {} }) {
  loadStyles();
  root.classList.add("hb");
  const names = namer(t);

  let view = null;
  let session = null;
  let selected = null; // slot in your hand
  let clueTarget = null; // seat (relative) whose clue choices are open
  let showKnow = false;
  let seen = new Set(); // card ids already drawn, to animate new ones
  let prevStacks = null;
  // Notes the player writes on their own cards (as players do on theirs), by card id; saved with the game.
  let cardNotes = new Map();
  let restoredNotes = null; // handed back by a save, for the session about to open
  let editing = null; // the slot whose note is being written

  const parts = {
    status: el("div", "hb-status"),
    last: el("p", "hb-last"),
    stacks: el("section", "hb-stacks"),
    mates: el("div", "hb-mates"),
    you: el("section", "hb-you"),
    discards: el("section", "hb-discards"),
  };
  root.replaceChildren(parts.status, parts.last, parts.stacks, parts.mates, parts.you, parts.discards);

  const obs = () => view.observation;
  const legal = () => obs().legal_actions ?? [];
  const isLegal = (action) => legal().some((a) => same(a, action));
  const myTurn = () => !view.is_over && view.waiting_for === "human" && legal().length > 0;
  const cluesFor = (seat) => legal().filter((a) => a.type === "clue" && a.target === seat);

  // The chop (seeds/hanabi-conventions.md): the oldest card no clue has touched, the rightmost.
  const chopOf = (hand) => hand.reduce((chop, card, i) => (card.clued ? chop : i), null);

  function send(action) {
    if (!isLegal(action)) return;
    selected = null;
    clueTarget = null;
    act(action);
  }

  const colourList = (cs) => (cs.length === COLOURS.length ? t("hb.any") : cs.map((c) => t(`hb.colour.${c}`)).join("/"));
  const rankList = (rs) => (rs.length === RANKS.length ? t("hb.any") : rs.join("/"));

  // ------------------------------------------------------------ status
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

  function drawStatus() {
    const o = obs();
    const clues = stat(t("hb.clues"), `${o.clues}/${o.max_clues}`, "hb-stat-clues");
    clues.append(tokens(o.clues, o.max_clues, "clue"));
    const strikes = stat(t("hb.strikes"), `${o.strikes}/${o.max_strikes}`, o.strikes ? "hb-stat-strikes hb-warn" : "hb-stat-strikes");
    strikes.append(tokens(o.strikes, o.max_strikes, "strike"));
    const items = [clues, strikes, stat(t("hb.deck"), String(o.deck), "hb-stat-deck"),
      stat(t("hb.score"), `${o.score}/${o.max_score}`, "hb-stat-score")];
    if (o.turns_left != null) {
      const left = stat(t("hb.turns-left"), String(o.turns_left), "hb-stat-turns hb-warn");
      left.title = t("hb.turns-left.help");
      items.push(left);
    }
    parts.status.replaceChildren(...items);
  }

  // ------------------------------------------------------------ the last move
  // Marked on the board until the next move, where it happened: the cards a
  // clue touched, the card played (on its firework) or discarded (in the
  // discard grid); and said in a line above the fireworks, the reason of an
  // AI move included (the log's own line), so a phone shows it without scrolling.
  function lastMove() {
    const log = obs().log;
    for (let i = log.length - 1; i >= 0; i--) {
      if (["clue", "play", "discard"].includes(log[i].type)) return log[i];
    }
    return null;
  }

  let markedMove = null; // the log length the marks were last drawn for: they pulse once per move
  let moveMarks = null; // marks() of the view being drawn
  function drawLast() {
    const moves = obs().log.length;
    root.classList.toggle("hb-fresh", moves !== markedMove);
    markedMove = moves;
    const line = logLines(view, t).filter((l) => l.seat != null).at(-1);
    parts.last.hidden = !line;
    parts.last.replaceChildren();
    if (line) parts.last.append(el("span", "hb-last-label", t("hb.last")), el("span", "hb-last-text", line.text));
  }

  /** The move's marks: ids of the cards its clue touched, and the firework or discard cell it went to. */
  function marks() {
    const e = lastMove();
    if (!e) return { touched: new Set(), stack: null, discard: null };
    return {
      touched: new Set(e.type === "clue" ? e.ids ?? [] : []),
      stack: e.type === "play" && e.ok ? e.colour : null,
      discard: e.type === "discard" || (e.type === "play" && !e.ok) ? `${e.colour}${e.rank}` : null,
    };
  }

  // ------------------------------------------------------------ fireworks
  function drawStacks() {
    const o = obs();
    const row = el("div", "hb-stack-row");
    for (const c of COLOURS) {
      const height = o.stacks[c];
      const slot = el("div", "hb-stack");
      slot.dataset.colour = c;
      slot.dataset.height = String(height);
      slot.setAttribute("aria-label", t("hb.stack", { colour: t(`hb.Colour.${c}`), symbol: t(`hb.symbol.${c}`), n: height }));
      slot.setAttribute("role", "img");
      if (moveMarks.stack === c) slot.classList.add("hb-last-move");
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
    parts.stacks.replaceChildren(el("h3", "hb-title", t("hb.fireworks")), row);
    prevStacks = { ...o.stacks };
  }

  // ------------------------------------------------------------ teammates
  function touches(hand, clue) {
    return hand.map((card, i) => (clue.colour ? card.colour === clue.colour : card.rank === clue.rank) ? i : -1).filter((i) => i >= 0);
  }

  function drawMates() {
    const o = obs();
    const { touched } = moveMarks;
    const mates = [];
    for (let seat = 1; seat < o.players; seat++) {
      const hand = o.hands[seat];
      const box = el("section", "hb-mate");
      box.dataset.seat = String(seat);
      if (o.to_move === seat && !o.over) box.classList.add("hb-moving");
      const head = el("div", "hb-mate-head");
      const who = el("strong", "hb-who", names.name(seat));
      const clueButton = el("button", "hb-clue-button secondary", t("hb.clue"));
      clueButton.type = "button";
      clueButton.dataset.target = String(seat);
      clueButton.setAttribute("aria-label", t("hb.clue.who", { name: names.name(seat) }));
      clueButton.setAttribute("aria-expanded", String(clueTarget === seat));
      clueButton.disabled = !myTurn() || cluesFor(seat).length === 0;
      clueButton.addEventListener("click", () => openClue(clueTarget === seat ? null : seat));
      head.append(who, clueButton);
      const cards = el("div", "hb-hand");
      cards.setAttribute("role", "group");
      cards.setAttribute("aria-label", names.name(seat));
      const chop = chopOf(hand);
      hand.forEach((card, i) => {
        const slot = el("div", "hb-slot");
        slot.dataset.slot = String(i);
        const face = cardFace(card.colour, card.rank);
        const label = t("hb.their-card", {
          name: names.name(seat), n: i + 1, card: names.card(card),
          colours: colourList(card.colours), ranks: rankList(card.ranks),
        });
        slot.tabIndex = 0;
        slot.title = label;
        slot.setAttribute("aria-label", label);
        if (card.clued) slot.classList.add("hb-clued");
        if (touched.has(card.id)) slot.classList.add("hb-last-move");
        if (i === chop) slot.append(el("span", "hb-chop", t("hb.chop")));
        if (!seen.has(card.id)) face.classList.add("hb-enter");
        slot.append(face, knowledge(card));
        cards.append(slot);
      });
      box.append(head, cards);
      if (clueTarget === seat) box.append(clueChoices(seat, hand));
      mates.push(box);
    }
    const toggle = el("button", "hb-know-toggle secondary", t("hb.knows"));
    toggle.type = "button";
    toggle.id = "hb-knows";
    toggle.title = t("hb.knows.help");
    toggle.setAttribute("aria-pressed", String(showKnow));
    toggle.addEventListener("click", () => {
      showKnow = !showKnow;
      draw();
    });
    parts.mates.dataset.know = String(showKnow);
    parts.mates.replaceChildren(toggle, ...mates);
  }

  // ------------------------------------------------------------ the clue preview
  // How the teammate will read each clue, computed by the engine with the
  // bots' own reading (view.preview), from the player's view only.
  const previewOf = (seat, clue) => (view.preview ?? []).find((e) => e.target === seat
    && (clue.colour ? e.colour === clue.colour : e.rank === clue.rank)) ?? null;

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

  function clueChoices(seat, hand) {
    const box = el("div", "hb-clue-choices");
    const explain = el("p", "hb-clue-explain");
    explain.setAttribute("aria-live", "polite");
    box.append(el("span", "hb-clue-pick", t("hb.clue.pick", { name: names.object(seat) })));
    for (const clue of cluesFor(seat)) {
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
      const read = previewOf(seat, clue);
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
      box.append(button);
    }
    const cancel = el("button", "secondary hb-cancel", t("hb.cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", () => openClue(null));
    box.append(cancel, explain);
    return box;
  }

  function openClue(seat) {
    clueTarget = seat;
    if (seat != null) selected = null;
    draw();
    if (seat != null) root.querySelector(".hb-clue-choice")?.focus();
  }

  // ------------------------------------------------------------ your hand
  function drawYou() {
    const o = obs();
    const head = el("div", "hb-mate-head");
    head.append(el("strong", "hb-who", t("hb.hand.yours")));
    const cards = el("div", "hb-hand hb-own");
    cards.setAttribute("role", "group");
    cards.setAttribute("aria-label", t("hb.hand.yours"));
    const active = myTurn();
    const chop = chopOf(o.hands[0]);
    const { touched } = moveMarks;
    o.hands[0].forEach((card, i) => {
      const button = el("button", "hb-slot hb-own-card");
      button.type = "button";
      button.dataset.slot = String(i);
      button.setAttribute("aria-pressed", String(selected === i));
      const label = t("hb.own-card", { n: i + 1, colours: colourList(card.colours), ranks: rankList(card.ranks) });
      const note = cardNotes.get(card.id);
      const full = card.clued ? `${label} (${t("hb.clued")})` : label;
      button.setAttribute("aria-label", note ? `${full}. ${t("hb.note.aria", { text: note })}` : full);
      button.title = button.getAttribute("aria-label");
      if (card.clued) button.classList.add("hb-clued");
      if (touched.has(card.id)) button.classList.add("hb-last-move");
      button.disabled = !active;
      const back = cardBack(card);
      if (!seen.has(card.id)) back.classList.add("hb-enter");
      const key = el("span", "hb-key");
      key.dataset.text = i === chop ? `${i + 1} · ${t("hb.chop")}` : String(i + 1); // drawn by CSS: not in the name
      button.append(back, key);
      if (note) button.append(el("span", "hb-card-note", note));
      button.addEventListener("click", () => select(i));
      cards.append(button);
    });
    for (const id of [...cardNotes.keys()]) if (!o.hands[0].some((c) => c.id === id)) cardNotes.delete(id);
    const actions = el("div", "hb-actions");
    const play = el("button", "primary", t("hb.play"));
    play.type = "button";
    play.id = "hb-play";
    play.disabled = selected == null || !isLegal({ type: "play", slot: selected });
    play.addEventListener("click", () => selected != null && send({ type: "play", slot: selected }));
    const discard = el("button", "secondary", t("hb.discard"));
    discard.type = "button";
    discard.id = "hb-discard";
    discard.disabled = selected == null || !isLegal({ type: "discard", slot: selected });
    discard.addEventListener("click", () => selected != null && send({ type: "discard", slot: selected }));
    const noteButton = el("button", "secondary", t("hb.note"));
    noteButton.type = "button";
    noteButton.id = "hb-note";
    noteButton.disabled = selected == null;
    noteButton.addEventListener("click", () => {
      editing = selected;
      draw();
      root.querySelector("#hb-note-input")?.focus();
    });
    actions.append(play, discard, noteButton);
    if (editing != null && o.hands[0][editing]) actions.replaceChildren(...noteEditor(o.hands[0][editing], editing));
    if (o.to_move === 0 && !o.over) parts.you.classList.add("hb-moving");
    else parts.you.classList.remove("hb-moving");
    parts.you.replaceChildren(head, cards, actions, el("p", "hb-keys", t("hb.keys")));
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
      draw();
      root.querySelector(`.hb-own-card[data-slot="${slot}"]`)?.focus();
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

  function select(i) {
    if (!myTurn() || i >= obs().hands[0].length) return;
    selected = selected === i ? null : i;
    clueTarget = null;
    draw();
    root.querySelector(`.hb-own-card[data-slot="${i}"]`)?.focus();
  }

  // ------------------------------------------------------------ discards
  function drawDiscards() {
    const o = obs();
    const { discard: lastDiscard } = moveMarks;
    const gone = {};
    for (const d of o.discards) gone[`${d.colour}${d.rank}`] = (gone[`${d.colour}${d.rank}`] ?? 0) + 1;
    const grid = el("div", "hb-discard-grid");
    for (const c of COLOURS) {
      const row = el("div", "hb-discard-row");
      row.dataset.colour = c;
      const label = el("span", "hb-discard-colour");
      label.append(symbol(c, 16), el("span", null, t(`hb.Colour.${c}`)));
      row.append(label);
      for (const r of RANKS) {
        const n = gone[`${c}${r}`] ?? 0;
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
        if (lastDiscard === `${c}${r}`) cell.classList.add("hb-last-move");
        cell.append(el("span", "hb-pip-rank", String(r)), el("span", "hb-pip-count", n ? `${n}/${COPIES[r]}` : ""));
        let text = t("hb.discarded", { card: names.card({ colour: c, rank: r }), gone: n, copies: COPIES[r] });
        if (state === "dead") text += ` (${t("hb.dead")})`;
        if (state === "critical") text += ` (${t("hb.critical")})`;
        cell.title = text;
        cell.setAttribute("aria-label", text);
        cell.setAttribute("role", "img");
        row.append(cell);
      }
      grid.append(row);
    }
    parts.discards.replaceChildren(el("h3", "hb-title", `${t("hb.discards")} (${o.discards.length})`), grid,
      el("p", "hb-note", t("hb.discards.help")));
  }

  // ------------------------------------------------------------ drawing
  function draw() {
    if (!view) return;
    moveMarks = marks();
    drawStatus();
    drawLast();
    drawStacks();
    drawMates();
    drawYou();
    drawDiscards();
    root.dataset.phase = myTurn() ? (clueTarget != null ? "clue" : selected != null ? "card" : "main") : "wait";
    // The page's turn line follows the choice in progress (the page redraws it on every view).
    const turn = document.getElementById("turn");
    if (turn && myTurn()) turn.textContent = promptText(view);
    for (const hand of obs().hands) for (const card of hand) seen.add(card.id);
  }

  document.addEventListener("keydown", (event) => {
    if (!view || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
    if (!myTurn()) return;
    const key = event.key.toLowerCase();
    const digit = Number(event.key);
    if (clueTarget != null) {
      const clues = cluesFor(clueTarget);
      const pick = digit >= 1 && digit <= 5 ? clues.find((c) => c.rank === digit)
        : COLOUR_KEYS[key] ? clues.find((c) => c.colour === COLOUR_KEYS[key]) : null;
      if (pick) send(pick);
      else if (key === "escape") openClue(null);
      else if (key === "c") nextClueTarget();
      else return;
    } else if (digit >= 1 && digit <= 9) {
      select(digit - 1);
    } else if (key === "p" && selected != null) {
      send({ type: "play", slot: selected });
    } else if (key === "d" && selected != null) {
      send({ type: "discard", slot: selected });
    } else if (key === "c") {
      nextClueTarget();
    } else if (key === "escape") {
      selected = null;
      draw();
    } else {
      return;
    }
    event.preventDefault();
  }, { signal });

  function promptText(v) {
    const o = v.observation;
    if (v.waiting_for !== "human") return o.to_move ? t("hb.to-move", { name: names.name(o.to_move) }) : "";
    if (view === v && clueTarget != null) return t("hb.prompt.clue", { name: names.object(clueTarget) });
    if (view === v && selected != null) return t("hb.prompt.card", { n: selected + 1 });
    return t("hb.prompt");
  }

  function nextClueTarget() {
    const n = obs().players;
    for (let step = 1; step < n; step++) {
      const seat = clueTarget == null ? step : ((clueTarget - 1 + step) % (n - 1)) + 1;
      if (cluesFor(seat).length) return openClue(seat);
    }
    return openClue(null);
  }

  return {
    ownsLastMove: true, // its own "Last move" line and marks
    render(next, last) {
      if (next.session !== session) {
        session = next.session;
        seen = new Set(next.observation.hands.flat().map((c) => c.id));
        prevStacks = null;
        cardNotes = restoredNotes ?? new Map(); // a new game starts without notes; a reopened one has its own
        restoredNotes = null;
        editing = null;
      }
      view = next;
      if (!last) {
        prevStacks = null;
        for (const card of next.observation.hands.flat()) seen.add(card.id);
      }
      if (!myTurn()) {
        selected = null;
        clueTarget = null;
        editing = null;
      }
      if (selected != null && selected >= obs().hands[0].length) selected = null;
      draw();
    },
    log: (v) => logLines(v, t),
    keep: () => (cardNotes.size ? { notes: Object.fromEntries(cardNotes) } : null),
    restore: (kept) => {
      restoredNotes = checkedNotes(kept);
    },
    prompt: promptText,
    // A cooperative game has no winner: the dialog's title says the show is over.
    resultTitle: () => t("hb.result.title"),
    result(v) {
      const r = v.result ?? v.observation.result;
      const o = v.observation;
      const box = el("div", "hb-result");
      box.append(el("p", "hb-result-score", t("hb.result.score", { score: r.scores[v.seat] })));
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
      box.append(stacks, el("p", "hb-reason", t(`hb.result.${r.reason}`)));
      return box;
    },
  };
}
