// The deal of the day on the game page (issue 42): play.html?game=<game>&daily deals the day's deal
// (the engine's "daily": seed, options, level and seat from the UTC date, the same for every player)
// in its own save slot (js/saves.js `daily.save.<game>`), so the running game's save is never
// touched and a reload comes back to it. At the end the result dialog shows the player's result
// beside the par, the strongest level's own result on the same deal, which this part computes
// in short engine steps ("daily_par", each a fraction of a second) with its progress, and keeps per
// date (js/daily.js); then the days in a row.
//
// One try counts per day: the first daily of a date that ends on this device is the one recorded
// (js/play/saving.js asks `verdict`); the same deal played again that day is said not to count.
// An unfinished daily of an earlier date is not continued: opening the daily on a later date drops it
// (it never counted) and deals today's, with a notice naming its date. A game left open past midnight
// (UTC) still plays and counts for the date it was dealt on.
//
// Owns: the `daily` and `dailyPar` marks on <html>, the #result-daily section of the result dialog,
// the "daily-expired" notice, and the par's steps.

import { t } from "../i18n.js";
import { hideNotice, showNotice } from "../notices.js";
import { dayOf, formatDay, keepPar, recordDay, resultText, streakRow } from "../daily.js";
import { helpedIn } from "./result.js";

/**
 * @param name     the game's name
 * @param date     the deal's UTC date (yyyy-mm-dd): today's when the page opened
 * @param session  the GameSession: call(request) with the engine's deadline
 */
export function createDaily(frame, { name, date, session }) {
  const $ = frame.$;
  const box = $("result-daily");
  const verdicts = new Map(); // engine session -> whether its game is the day's counted try
  let par = dayOf(name, date).par ?? null;
  let parState = par ? "done" : "idle"; // idle | running | done | failed
  let progress = 0;
  let ended = null; // the finished view on show
  frame.marks().daily = date;

  /** Whether the game of `view` counts as the daily of its date: decided once, when it ends. */
  function verdict(view) {
    if (!verdicts.has(view.session)) verdicts.set(view.session, !dayOf(name, date).result);
    return verdicts.get(view.session);
  }

  const line = (cls, label, text) => {
    const p = document.createElement("p");
    p.className = cls;
    const b = document.createElement("strong");
    b.textContent = `${label} `;
    p.append(b, text);
    return p;
  };

  /** The dialog's daily section for the finished `view`, as things stand now. */
  function draw() {
    if (!frame.alive || !ended) return;
    const view = ended;
    const result = view.result;
    const mine = { outcome: result.winner == null ? (name === "hanabi" ? "team" : "draw")
      : result.winner === view.seat ? "win" : "loss", scores: result.scores, geishas: result.geishas };
    const heading = document.createElement("h3");
    heading.textContent = t("daily.heading", { date: formatDay(date) });
    const you = line("daily-you", t(name === "hanabi" ? "daily.you.team" : "daily.you"),
      resultText(name, mine) + (helpedIn(view) ? ` (${t("daily.helped")})` : ""));
    const parLevel = t(`level.${name === "hanabi" ? "hard" : "expert"}`);
    const parLabel = t(name === "hanabi" ? "daily.par.team" : "daily.par", { level: parLevel });
    let best;
    if (parState === "done" && par) best = line("daily-par", parLabel, resultText(name, par));
    else if (parState === "failed") best = line("daily-par", parLabel, t("daily.par.failed"));
    else {
      best = line("daily-par", parLabel, t("daily.par.playing"));
      const bar = document.createElement("progress");
      bar.max = 1;
      bar.value = progress;
      bar.setAttribute("aria-label", t("daily.par.progress"));
      best.append(bar);
    }
    const parts = [heading, you, best];
    const counted = verdict(view);
    const day = dayOf(name, date);
    if (!counted) {
      const note = document.createElement("p");
      note.className = "daily-again";
      note.textContent = day.result ? t("daily.not-counted", { result: resultText(name, day.result) })
        : t("daily.not-counted.plain");
      parts.push(note);
    }
    const row = streakRow(name, date, "p");
    if (row) parts.push(row);
    box.replaceChildren(...parts);
    box.hidden = false;
    box.dataset.counted = String(counted);
    box.dataset.par = parState;
  }

  /** The par, in steps: one engine call each, a fraction of a second, until the strongest level's game ends. */
  async function computePar() {
    if (parState !== "idle" && parState !== "failed") return;
    parState = "running";
    frame.marks().dailyPar = "running";
    draw();
    try {
      for (;;) {
        const step = await session.call({ cmd: "daily_par", game: name, date });
        if (!frame.alive) return;
        progress = step.progress;
        if (step.done) {
          par = { ...step.result, level: step.level };
          keepPar(name, date, par); // storage refused: computed again next time, the same
          parState = "done";
          break;
        }
        draw();
      }
    } catch (err) {
      console.warn("the par of the deal of the day could not be computed:", err);
      parState = "failed";
    }
    frame.marks().dailyPar = parState;
    draw();
  }

  /** A notice: the daily of an earlier date was not finished, and today's is dealt instead. */
  function expired(save) {
    const old = save?.daily?.date;
    if (typeof old !== "string") return;
    showNotice($("notices"), "daily-expired", {
      tone: "info",
      text: () => t("daily.expired", { date: formatDay(old) }),
      actions: [{ id: "daily-expired-ok", label: () => t("history.dismiss"), onClick: () => hideNotice("daily-expired") }],
    });
  }

  return {
    date,
    /** The deal of the day from the engine: {seed, options, level, human}. */
    deal: () => session.call({ cmd: "daily", game: name, date }),
    /** Whether a stored daily game is this date's (else it is dropped: see the top). */
    owns: (save) => save?.daily?.date === date,
    /** What the save keeps of the daily: its date. */
    state: () => ({ date }),
    expired,
    verdict,
    /** The counted try was recorded (js/play/saving.js): kept as the day's result, then said. */
    recorded(view) {
      const result = view.result;
      recordDay(name, date, {
        outcome: result.winner == null ? (name === "hanabi" ? "team" : "draw") : result.winner === view.seat ? "win" : "loss",
        scores: result.scores, ...(Array.isArray(result.geishas) ? { geishas: result.geishas } : {}),
        helped: helpedIn(view),
      });
      draw();
    },
    /** A finished daily is on show: its section of the result dialog, and the par computed if it is not kept. */
    ended(view) {
      ended = view;
      draw();
      computePar();
    },
    redraw: draw,
  };
}
