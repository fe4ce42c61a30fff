// The start page's ranking table ("Rangliste"): each game's results on this
// device, with a button that clears them after a second click, and a notice
// when a stored record was found damaged (with its kept copy to download).
// A game played with help (a hint or a take back) counts as played, won, drawn
// or lost, earns 0 points, and is marked "with help" in the last games; the
// explanation of the points says so.

import { GAMES } from "./collection.js";
import { FINISHED_LIMIT, finishedGame } from "./finished.js";
import { formatDate, formatNumber, formatShortDate, t } from "./i18n.js";
import {
  OUTCOMES, isPeoplesGame, clearHistory, damagedCopyText, dismissDamaged, history, historyProblem, rankingTable,
} from "./records.js";
import { statsLinks } from "./stats/page.js";

const COLUMNS = ["game", "played", "won", "drawn", "lost", "total", "average", "best"];
const OUTCOME_COLUMNS = ["won", "drawn", "lost"];
const COOPERATIVE = new Set(["hanabi"]); // nobody wins or loses: listed by the team's score
const RECENT = FINISHED_LIMIT; // the last games listed under the table, each with its replay while kept
const RECENT_COLUMNS = ["when", "game", "level", "result", "points", "open"];

/** The people at a table in words: "Anna 2 : 1 Ben", or a cooperative table's score and who sat. */
function peoplesText(entry) {
  const named = entry.people.map((p, i) => (p === null ? null : p || t("play.person", { n: i + 1 })));
  const people = named.filter((p) => p !== null);
  const bots = named.length - people.length;
  if (COOPERATIVE.has(entry.game)) {
    const score = Number.isFinite(entry.scores[0]) ? t("ranking.result.score", { score: entry.scores[0] }) : t("ranking.none");
    return `${score} · ${people.join(", ")}${bots ? ` ${t("ranking.people.bots", { n: bots })}` : ""}`;
  }
  const side = (i) => named[i] ?? t("ranking.people.computer");
  if (named.length === 2) return `${side(0)} ${entry.scores[0] ?? "?"} : ${entry.scores[1] ?? "?"} ${side(1)}`;
  return named.map((p, i) => `${side(i)} ${entry.scores[i] ?? "?"}`).join(" · ");
}

/** One finished game in words: "Won 8–5", or a cooperative game's score. */
function resultText(entry) {
  if (isPeoplesGame(entry)) return peoplesText(entry);
  const [mine, theirs] = Array.isArray(entry.scores) ? entry.scores : [];
  if (COOPERATIVE.has(entry.game)) return Number.isFinite(mine) ? t("ranking.result.score", { score: mine }) : t("ranking.none");
  if (!Number.isFinite(mine) || !Number.isFinite(theirs)) return t(`ranking.col.${OUTCOMES[entry.outcome]}`);
  return t(`ranking.result.${entry.outcome}`, { mine, theirs });
}

function cell(tag, text, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = text;
  Object.assign(el, attrs);
  return el;
}

/** A game's result, with the mark of a game played with help (it earned no points). */
function resultCell(entry) {
  const td = cell("td", resultText(entry));
  if (entry.helped) {
    td.append(" ", cell("span", t("ranking.helped"), { className: "helped-mark", title: t("ranking.helped.title") }));
  }
  return td;
}

/** The last games, newest first, with their level and result; empty when none. */
function renderRecent(section) {
  const list = history().slice(-RECENT).reverse();
  section.hidden = !list.length;
  const head = document.createElement("tr");
  for (const column of RECENT_COLUMNS) {
    const th = cell("th", t(`ranking.recent.${column}`), { scope: "col", className: `recent-${column}` });
    if (column === "open") th.replaceChildren(cell("span", th.textContent, { className: "visually-hidden" })); // each link says it
    head.append(th);
  }
  section.querySelector("thead").replaceChildren(head);
  section.querySelector(".recent-kept").textContent = t("ranking.recent.kept", { n: FINISHED_LIMIT });
  section.querySelector("tbody").replaceChildren(...list.map((entry) => {
    const tr = document.createElement("tr");
    tr.dataset.game = entry.game;
    tr.title = [formatDate(entry.at), entry.level ? t(`level.${entry.level}`) : ""].filter(Boolean).join(" · "); // phones hide the date (and a small one the level)
    tr.append(
      cell("td", formatShortDate(entry.at), { className: "recent-when" }),
      cell("th", t(`game.${entry.game}.title`), { scope: "row" }),
      cell("td", entry.level ? t(`level.${entry.level}`) : t("ranking.none"), { className: "recent-level" }),
      resultCell(entry),
      cell("td", String(entry.points), { className: "recent-points" }),
      openCell(entry),
    );
    if (entry.helped) tr.dataset.helped = "true";
    return tr;
  }));
}

/** The link to a finished game's replay and review, when the game is still kept (js/finished.js). */
function openCell(entry) {
  const td = cell("td", "", { className: "recent-open" });
  if (typeof entry.kept === "string" && finishedGame(entry.kept)) {
    const link = document.createElement("a");
    link.href = `play.html?game=${encodeURIComponent(entry.game)}&finished=${encodeURIComponent(entry.kept)}`;
    link.textContent = t("ranking.recent.replay");
    link.setAttribute("aria-label", t("ranking.recent.replay-label", {
      game: t(`game.${entry.game}.title`), when: formatDate(entry.at) }));
    td.append(link);
  }
  return td;
}

/** How each game turns a result into ranking points, in its own terms, and what help costs. */
function renderHow(list) {
  const item = (title, text) => {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = `${title}: `;
    li.append(name, text);
    return li;
  };
  list.replaceChildren(
    ...GAMES.map((game) => item(t(`game.${game.name}.title`), t(`play.ranking-rule.${game.name}`))),
    Object.assign(item(t("ranking.help.title"), t("ranking.help.rule")), { className: "ranking-help-rule" }),
  );
}

/** A file name that sorts by time and says what it holds. */
function fileName(copy) {
  const when = (copy.at ?? new Date().toISOString()).slice(0, 19).replace(/[:T]/g, "-");
  return `card-garden-${copy.key}-damaged-${when}.json`;
}

/**
 * The damaged-record notice. Downloads are links to a Blob of the copy's
 * exact text (no inline script under our CSP); the copy is deleted only after
 * the player confirms. `onChange` re-renders the ranking after a dismissal.
 */
function mountHistoryNotice(notice, onChange) {
  const $ = (selector) => notice.querySelector(selector);
  let urls = [];
  let confirming = false;

  function render() {
    for (const url of urls) URL.revokeObjectURL(url);
    urls = [];
    const problem = historyProblem();
    notice.hidden = !problem;
    if (!problem) {
      confirming = false;
      return;
    }
    const keys = [...new Set(problem.copies.map((c) => c.key))];
    $(".history-notice-text").replaceChildren(...keys.map((key) => {
      const p = document.createElement("p");
      p.textContent = t(`history.damaged.${key}`);
      return p;
    }));
    $(".history-notice-stuck").hidden = !problem.stuck;
    const links = problem.copies.map((copy) => {
      const text = damagedCopyText(copy.id) ?? "";
      const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      urls.push(url);
      const a = document.createElement("a");
      a.className = "secondary history-download";
      a.href = url;
      a.download = fileName(copy);
      a.dataset.key = copy.key;
      // The time tells copies apart; one copy needs no date (its file name has it).
      if (!copy.kept) a.textContent = t("history.download-here");
      else if (problem.copies.length === 1) a.textContent = t("history.download-one");
      else a.textContent = t("history.download", { when: formatDate(copy.at) });
      return a;
    });
    $(".history-downloads").replaceChildren(...links);
    $(".history-dismiss").hidden = confirming;
    $(".history-confirm").hidden = !confirming;
  }

  $(".history-dismiss").addEventListener("click", () => {
    confirming = true;
    render();
    $(".history-yes").focus();
  });
  $(".history-yes").addEventListener("click", () => {
    dismissDamaged();
    confirming = false;
    onChange();
  });
  $(".history-no").addEventListener("click", () => {
    confirming = false;
    render();
    $(".history-dismiss").focus();
  });
  return { render };
}

export function mountRanking(section) {
  const table = section.querySelector("table");
  const empty = section.querySelector(".ranking-empty");
  const clear = section.querySelector(".ranking-clear");
  const confirm = section.querySelector(".ranking-confirm");
  const coop = section.querySelector(".ranking-coop");
  const recent = section.querySelector(".ranking-recent");
  const how = section.querySelector(".ranking-how ul");
  const notice = mountHistoryNotice(section.querySelector(".history-notice"), () => render());
  let confirming = false;

  function render() {
    notice.render(); // first: it sets damage aside before the table reads the repaired records
    const rows = rankingTable(GAMES.map((g) => g.name));
    const any = rows.some((r) => r.played);
    empty.hidden = any;
    table.hidden = !any;
    clear.hidden = !any || confirming;
    confirm.hidden = !confirming;
    const head = document.createElement("tr");
    for (const column of COLUMNS) {
      const th = document.createElement("th");
      th.scope = "col";
      th.className = `col-${column}`;
      th.textContent = t(`ranking.col.${column}`);
      head.append(th);
    }
    const body = rows.filter((r) => r.played).map((r) => {
      const tr = document.createElement("tr");
      tr.dataset.game = r.game;
      for (const column of COLUMNS) {
        const cell = document.createElement(column === "game" ? "th" : "td");
        cell.className = `col-${column}`;
        if (column === "game") {
          cell.scope = "row";
          cell.textContent = t(`game.${r.game}.title`);
        } else if (column === "average") {
          cell.textContent = formatNumber(r.average, 1);
        } else if (COOPERATIVE.has(r.game) && OUTCOME_COLUMNS.includes(column)) {
          cell.textContent = t("ranking.none");
          cell.title = t("ranking.coop");
        } else {
          cell.textContent = String(r[column]);
        }
        tr.append(cell);
      }
      return tr;
    });
    table.querySelector("thead").replaceChildren(head);
    table.querySelector("tbody").replaceChildren(...body);
    coop.hidden = !rows.some((r) => r.played && COOPERATIVE.has(r.game));
    statsLinks(section.querySelector(".ranking-stats"), rows); // each game's statistics (issue 44)
    renderRecent(recent);
    renderHow(how);
  }

  clear.addEventListener("click", () => {
    confirming = true;
    render();
    confirm.querySelector(".ranking-yes").focus();
  });
  confirm.querySelector(".ranking-yes").addEventListener("click", () => {
    clearHistory();
    confirming = false;
    render();
  });
  confirm.querySelector(".ranking-no").addEventListener("click", () => {
    confirming = false;
    render();
  });
  window.addEventListener("storage", render); // another tab finished a game
  return { render };
}
