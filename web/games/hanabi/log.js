import { formatNumber } from "../../js/i18n.js";

// Hanabi's move log in words, from the view's public log (seats counted from
// the viewer: 0 is the player) and the bridge's notes: why each AI move was
// made (seats absolute, the reason's clue target counted from the mover).

/**
 * The words for seats and cards. Seats are counted from the viewer (0: "you"). Alone with
 * the computer, the teammates are named by where they sit from the player (Ana on the left).
 * At a table of people (`table`: a view with `seat`, `seats` and `names`, pass and play) each
 * seat keeps one name whoever looks: a person's own ("Player N" when none was given), and
 * the computer seats Ana, Ben, ... in seat order, skipping a name a person goes by.
 * `setTable(view)` follows the view drawn.
 */
export function namer(t, table = null) {
  let people = null; // absolute seat -> name, at a table of people
  let seat = 0;
  const setTable = (view) => {
    const seats = Array.isArray(view?.seats) ? view.seats : [];
    people = null;
    if (seats.filter((s) => s === "human").length < 2) return;
    seat = view.seat;
    const own = seats.map((s, i) => (s === "human"
      ? (typeof view.names?.[i] === "string" && view.names[i] ? view.names[i] : t("play.person", { n: i + 1 })) : null));
    // The computer seats take the teammates' names that no person at the table goes by.
    const free = [1, 2, 3, 4].map((k) => t(`hb.name.${k}`)).filter((n) => !own.includes(n));
    let bots = 0;
    people = own.map((n, i) => n ?? free[bots++] ?? t("play.person", { n: i + 1 }));
  };
  const other = (rel) => (people ? people[(seat + rel) % people.length] : t(`hb.name.${rel}`));
  const name = (rel) => (rel === 0 ? t("hb.you") : other(rel));
  const object = (rel) => (rel === 0 ? t("hb.you.object") : other(rel));
  const card = (c) => t("hb.card", { colour: t(`hb.Colour.${c.colour}`), rank: c.rank });
  const value = (v) => (v.colour ? t(`hb.Colour.${v.colour}`) : t("hb.ranks", { ranks: v.rank }));
  setTable(table);
  return { name, object, card, value, setTable };
}

/** Which clue made a bot play a card, and how it read it; on a play that did not fit,
 *  named as the misreading it was ("it took the Red clue from you as a play clue on its
 *  newest card"). `basis.by` is counted from the mover. */
function basisText(basis, mover, n, ok, t, table = null) {
  const { name, object, value } = namer(t, table);
  const kind = ["play", "tempo", "save", "touch"].includes(basis.as) ? basis.as : "touch";
  const params = {
    name: name(mover),
    giver: object((mover + basis.by) % n),
    value: value(basis),
    where: basis.slot === 0 ? t("hb.basis.newest") : t("hb.basis.slot", { slot: basis.slot + 1 }),
  };
  return t(`hb.basis.${kind}${ok ? "" : ".wrong"}`, params);
}

/** The words for one bot reason; `mover` and the result's seats are relative to the viewer;
 *  `event` is the move's log entry (a play's `ok` says whether the card fitted); `table` the
 *  view, for the names at a table of people (namer). */
export function reasonText(why, mover, n, t, event = null, table = null) {
  const { name, object, card } = namer(t, table);
  if (!why || !why.code || why.code === "other") return "";
  const target = why.target == null ? null : (mover + why.target) % n;
  // A clue to the player never names the player's own card, even if the reason has it;
  // it says where the card lies in their hand (the clue's focus, which the clue itself tells).
  const shown = why.card && target !== 0 ? card(why.card) : null;
  const slot = Number.isInteger(why.slot) && why.slot >= 0 && why.slot < 9 ? why.slot + 1 : null;
  // The mover is named as the page names them: "Ana knew the card was playable".
  const params = { name: name(mover), target: target == null ? "" : object(target), card: shown ?? "", n: slot ?? "" };
  const you = target === 0 ? ".you" : "";
  switch (why.code) {
    case "clue_play":
      if (shown) return t("hb.why.clue_play.card", params);
      return t(`hb.why.clue_play${you}${slot ? ".slot" : ""}`, params);
    case "clue_save": {
      // "chop": a save whose clue does not say what the card is (the engine says no more than the clue).
      const kind = ["five", "critical", "two", "chop"].includes(why.save) ? why.save : "chop";
      return t(`hb.why.clue_save.${kind}${shown ? ".card" : you}`, params);
    }
    case "clue_info":
      return t(`hb.why.clue_info${you}`, params);
    case "clue_stall":
      return ["full", "locked", "after_save", "late"].includes(why.stall) ? t(`hb.why.clue_stall.${why.stall}`, params) : t("hb.why.clue_info", params);
    case "play_risky":
      return t("hb.why.play_risky", { pct: Math.round((why.chance ?? 0) * 100) });
    case "lookahead":
      return t("hb.why.lookahead", { ...params, worlds: why.worlds ?? 0, gain: formatNumber(why.gain ?? 0, 1) });
    case "play_known":
      if (why.clue && Number.isInteger(why.clue.by) && Number.isInteger(why.clue.slot)) {
        return basisText(why.clue, mover, n, event?.ok !== false, t, table);
      }
      return t(event?.ok === false ? "hb.why.play_known.wrong" : "hb.why.play_known", params);
    case "play_forced":
    case "discard_trash":
    case "discard_chop":
    case "discard_locked":
      return t(`hb.why.${why.code}`, params);
    default:
      return "";
  }
}

/** One line per move (deals and draws are left out), each AI move with its reason. */
export function logLines(view, t) {
  const { name, object, card, value } = namer(t, view);
  const o = view.observation;
  const n = o.players;
  const notes = new Map((view.notes ?? []).map((note) => [note.move, note]));
  const lines = [];
  let move = 0;
  for (const e of o.log) {
    let text = null;
    const isMove = e.type === "clue" || e.type === "play" || e.type === "discard";
    switch (e.type) {
      case "clue":
        text = t("hb.log.clue", {
          who: name(e.seat), target: object(e.target), value: value(e),
          slots: e.slots.map((s) => s + 1).join(", "),
        });
        break;
      case "play":
        if (!e.ok) text = t("hb.log.misplay", { who: name(e.seat), card: card(e), strikes: e.strikes });
        else if (e.clue_back) text = t("hb.log.play.bonus", { who: name(e.seat), card: card(e), colour: t(`hb.Colour.${e.colour}`) });
        else text = t("hb.log.play", { who: name(e.seat), card: card(e) });
        break;
      case "discard":
        text = t("hb.log.discard", { who: name(e.seat), card: card(e) });
        break;
      case "last_card":
        text = t("hb.log.last_card");
        break;
      case "game_over":
        text = t(`hb.log.game_over.${e.reason}`, { score: e.score });
        break;
      default:
        break;
    }
    if (isMove) {
      const note = notes.get(move);
      if (note && text) {
        const mover = (note.seat - view.seat + n) % n;
        const why = reasonText(note.why, mover, n, t, e, view);
        if (why) text = t("hb.why", { text: text.replace(/\.$/, ""), why });
      }
      move += 1;
    }
    if (text) lines.push({ seat: isMove ? e.seat : null, text, move }); // `move`: moves made once it happened
  }
  return lines;
}
