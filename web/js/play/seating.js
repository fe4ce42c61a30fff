// Who sits where (pass and play, issue 27): the "Who plays" dialog lets each seat
// be a person, with a name, or the computer at a level, and deals a game with
// that table. The default stays one person against (or with) the computer at
// the toolbar's level: a table with one person is not remembered as a plan.
//
// A page's address may seat the table itself (?seats=human,human, which an
// embed's data-seats="human,human" becomes): that table is dealt as asked, and
// one the engine refuses is told like any bad setting, never changed silently.
//
// Owns: the #seating dialog, the table it remembers for the game's next games
// (localStorage "seating.<game>", an embed's "embed.seating.<game>": {seats, names})
// and the names typed last ("people": one per seat), so friends find themselves again.

import { levelsOf } from "../collection.js";
import { t } from "../i18n.js";
import { cleanName, MAX_NAME } from "../names.js";
import { readJSON, writeJSON } from "../storage.js";

const HUMAN = "human";

/** A stored plan if it is one for `count` seats with at least two people, else null. */
function checkedPlan(value, count, levels) {
  if (!value || !Array.isArray(value.seats) || value.seats.length !== count) return null;
  if (!value.seats.every((s) => s === HUMAN || levels.includes(s))) return null;
  if (value.seats.filter((s) => s === HUMAN).length < 2) return null;
  const names = Array.isArray(value.names) && value.names.length === count ? value.names : [];
  return {
    seats: [...value.seats],
    names: value.seats.map((s, i) => (s === HUMAN && typeof names[i] === "string" ? cleanName(names[i]) : null)),
  };
}

/**
 * @param name      the game's name (its levels, the key its table is remembered under)
 * @param offered   whether this game's board seats people at one device (its `passAndPlay`)
 * @param count     (options) => the number of seats at the next game (Hanabi: its players setting)
 * @param level     () => the toolbar's level (a computer seat's first choice)
 * @param deal      () => void: deal a new game with the table just chosen
 * @param params    the page's URLSearchParams (?seats=)
 * @param embedded  an embedded game (its table is remembered apart from the site's)
 */
export function createSeating(frame, { name, offered, count, options, level, deal, params, embedded = false }) {
  const dialog = frame.$("seating");
  const rows = frame.$("seating-rows");
  const levels = levelsOf(name);
  const key = `${embedded ? "embed." : ""}seating.${name}`;
  // The address's table, as written (the engine checks it: a bad one is refused as bad settings).
  const asked = params.has("seats") ? params.get("seats").split(",").map((s) => s.trim()) : null;
  // A table of one person chosen in the dialog (another seat, other levels): dealt once as chosen; the
  // games after it follow the toolbar again, so its level menu never says one thing and deals another.
  let once = null;

  /**
   * The table for the next game at `options`: {seats, names} with two people or more, or null (the
   * default: one person and the toolbar's level). The address's table wins (`fromAddress`; with
   * `mismatch` {seats, players} when it seats another number than the game is set for: the players
   * setting takes the address's count, so only an address that also names another number, or seats
   * a two-seat game otherwise, meets it). A table remembered from the dialog is `remembered`.
   */
  function plan(opts = options()) {
    if (asked) {
      const players = count(opts);
      return { seats: asked, names: null, fromAddress: true,
        ...(asked.length === players ? {} : { mismatch: { seats: asked.length, players } }) };
    }
    if (once) {
      const table = once;
      once = null;
      return table;
    }
    const kept = offered ? checkedPlan(readJSON(key).value, count(opts), levels) : null;
    return kept && { ...kept, remembered: true };
  }

  function row(seat, entry, typed) {
    const box = document.createElement("fieldset");
    box.className = "seating-row";
    box.dataset.seat = String(seat);
    const legend = document.createElement("legend");
    legend.textContent = t("play.seating.seat", { n: seat + 1 });
    const who = document.createElement("select");
    who.className = "seating-who";
    who.setAttribute("aria-label", t("play.seating.who", { n: seat + 1 }));
    who.append(new Option(t("play.seating.person"), HUMAN),
      ...levels.map((l) => new Option(t("play.seating.computer", { level: t(`level.${l}`) }), l)));
    who.value = entry;
    const input = document.createElement("input");
    input.type = "text";
    input.className = "seating-name";
    input.maxLength = MAX_NAME;
    input.autocomplete = "off";
    input.placeholder = t("play.person", { n: seat + 1 });
    input.setAttribute("aria-label", t("play.seating.name", { n: seat + 1 }));
    input.value = typed ?? "";
    const sync = () => {
      input.hidden = who.value !== HUMAN;
      check();
    };
    who.addEventListener("change", sync);
    box.append(legend, who, input);
    input.hidden = entry !== HUMAN;
    return box;
  }

  /** Whether the table chosen has a person (the engine's rule); the Deal button says it. */
  function check() {
    const people = [...rows.querySelectorAll(".seating-who")].filter((s) => s.value === HUMAN).length;
    frame.$("seating-start").disabled = people === 0;
    frame.$("seating-note").textContent = people === 0 ? t("play.seating.nobody") : "";
  }

  function open() {
    const opts = options();
    const n = count(opts);
    const kept = plan(opts);
    const typed = readJSON("people").value;
    const seats = kept?.seats ?? Array.from({ length: n }, (_, i) => (i === 0 ? HUMAN : level()));
    rows.replaceChildren(...seats.map((entry, seat) => row(seat, entry,
      kept?.names?.[seat] ?? (Array.isArray(typed) && typeof typed[seat] === "string" ? typed[seat] : null))));
    check();
    dialog.showModal();
    rows.querySelector("select")?.focus();
  }

  /** The table in the dialog, remembered; then a game is dealt with it. */
  function start() {
    const seats = [...rows.querySelectorAll(".seating-who")].map((s) => s.value);
    const names = [...rows.querySelectorAll(".seating-name")].map((input, i) => (seats[i] === HUMAN
      ? cleanName(input.value) : null));
    if (!seats.includes(HUMAN)) return;
    const typed = readJSON("people").value;
    const people = Array.isArray(typed) ? [...typed] : [];
    names.forEach((n, i) => {
      if (n) people[i] = n;
    });
    writeJSON("people", people.slice(0, 5));
    if (seats.filter((s) => s === HUMAN).length > 1) writeJSON(key, { seats, names });
    else {
      writeJSON(key, null);
      once = { seats, names: null };
    }
    dialog.close();
    deal();
  }

  frame.$("seating-open").hidden = !offered;
  frame.$("seating-open").addEventListener("click", open);
  frame.$("seating-start").addEventListener("click", start);
  frame.$("seating-cancel").addEventListener("click", () => dialog.close());
  frame.$("seating-alone").addEventListener("click", () => {
    writeJSON(key, null); // the default table: one person against the computer
    dialog.close();
    deal();
  });

  return {
    plan,
    /** The remembered table could not be dealt: it is forgotten, so the next game is the default one. */
    forget: () => writeJSON(key, null),
  };
}
