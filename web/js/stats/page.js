// The statistics of one game (issue 44): the route ./?stats=<game> of the site's one document,
// reached from the start page's ranking, with a way back to it. Everything comes from the history
// on this device (js/records.js): the person's own games against the computer; games between
// people are only counted apart. Each chart (js/stats/chart.js) has a table beside it that says the
// same in words.
//
// Owns: the #stats element's content (drawn anew by render()).

import { GAMES } from "../collection.js";
import { formatNumber, language, t } from "../i18n.js";
import { history, historyProblem } from "../records.js";
import { formatDay } from "../daily.js";
import { yakuName } from "../../games/koikoi/cards.js";
import { drawHistogram, drawTrend } from "./chart.js";
import { LEVELS, figuresOf } from "./figures.js";

export const STATS_GAMES = ["hanamikoji", "koikoi", "hanabi"];
export const statsHref = (game) => `./?stats=${encodeURIComponent(game)}`;

function el(tag, className = null, text = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

const num = (v, digits = 1) => (v == null ? t("ranking.none") : formatNumber(v, digits));
const gameName = (game) => t(`game.${game}.title`);
const levelName = (level) => (LEVELS.includes(level) ? t(`level.${level}`) : t("ranking.none"));

/** A table: `columns` [{key, text}], `rows` of cells (a string or a node); the first cell heads its row. */
function table(className, columns, rows, caption = null) {
  const node = el("table", `stats-table ${className}`);
  if (caption) node.append(el("caption", "visually-hidden", caption));
  const head = el("tr");
  for (const c of columns) {
    const th = el("th", `col-${c.key}`, c.text);
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const row of rows) {
    const tr = el("tr");
    if (row.data) Object.assign(tr.dataset, row.data);
    row.cells.forEach((value, i) => {
      const cell = el(i === 0 ? "th" : "td", `col-${columns[i].key}`);
      if (i === 0) cell.scope = "row";
      if (value instanceof Node) cell.append(value);
      else cell.textContent = String(value);
      tr.append(cell);
    });
    body.append(tr);
  }
  node.append(thead, body);
  const wrap = el("div", "table-wrap");
  wrap.append(node);
  return wrap;
}

function section(className, heading, ...children) {
  const node = el("section", `stats-section ${className}`);
  node.append(el("h3", null, heading), ...children.filter(Boolean));
  return node;
}

/** One figure of the summary: a term and its value. */
function figure(key, term, value) {
  const item = el("div", "stats-figure");
  item.dataset.figure = key;
  item.append(el("dt", null, term), el("dd", null, value));
  return item;
}

/** One game of the trend in words: "Won 8–5", "Score 21 of 25", "struck out". */
function resultWords(game, g) {
  if (game === "hanabi") {
    const score = g.mine == null ? t("ranking.none") : t("ranking.result.score", { score: g.mine });
    return g.end === "strikes" ? `${score} · ${t("stats.strikeout")}` : score;
  }
  if (g.mine == null || g.theirs == null) return t(`ranking.col.${{ win: "won", draw: "drawn", loss: "lost" }[g.outcome]}`);
  return t(`ranking.result.${g.outcome}`, { mine: g.mine, theirs: g.theirs });
}

function summary(game, f) {
  const list = el("dl", "stats-summary");
  list.append(figure("played", t("stats.played"), String(f.played)));
  if (game === "hanabi") {
    list.append(figure("average", t("stats.points.hanabi"), num(f.points.mine)),
      figure("perfect", t("stats.perfect", { max: f.hanabi.max }), String(f.hanabi.perfect)),
      figure("strikeouts", t("stats.strikeouts"), f.hanabi.known ? String(f.hanabi.strikeouts) : t("ranking.none")));
  } else {
    list.append(figure("won", t("ranking.col.won"), String(f.won)), figure("drawn", t("ranking.col.drawn"), String(f.drawn)),
      figure("lost", t("ranking.col.lost"), String(f.lost)));
  }
  list.append(figure("streak", t(game === "hanabi" ? "stats.streak.hanabi" : "stats.streak"),
    t("stats.streak.value", { current: f.streak.current, best: f.streak.best })));
  if (game === "koikoi") {
    list.append(figure("points", t("stats.points.koikoi"), f.points.rounds
      ? t("stats.points.pair", { mine: num(f.points.mine), theirs: num(f.points.theirs) }) : t("ranking.none")));
  } else if (game === "hanamikoji") {
    list.append(figure("points", t("stats.points.hanamikoji"),
      t("stats.points.pair", { mine: num(f.points.mine), theirs: num(f.points.theirs) })));
  }
  list.append(figure("helped", t("stats.col.helped"), String(f.helped)));
  return list;
}

function trendSection(game, f) {
  const mode = game === "hanabi" ? "score" : "margin";
  const n = f.trend.length;
  const chart = drawTrend({
    games: f.trend, mode, max: f.hanabi?.max ?? 25,
    label: t(`stats.trend.label.${mode}`, { n }), axisText: t("stats.trend.axis"),
  });
  const box = el("div", "stats-chart-box");
  box.append(chart);
  const columns = [
    { key: "n", text: t("stats.col.n") }, { key: "when", text: t("stats.col.when") },
    { key: "level", text: t("stats.col.level") }, { key: "result", text: t("stats.col.result") },
    ...(mode === "margin" ? [{ key: "margin", text: t("stats.col.margin") }] : []),
  ];
  const rows = f.trend.map((g, i) => {
    const result = el("span", null, resultWords(game, g));
    const cell = el("span");
    cell.append(result);
    if (g.helped) cell.append(" ", el("span", "helped-mark", t("ranking.helped")));
    const margin = g.value == null ? t("ranking.none") : g.value > 0 ? `+${g.value}` : g.value < 0 ? `−${-g.value}` : "0";
    return {
      data: { outcome: g.outcome, ...(g.helped ? { helped: "true" } : {}) },
      cells: [String(i + 1), shortDay(g.at), levelName(g.level), cell, ...(mode === "margin" ? [margin] : [])],
    };
  }).reverse(); // newest first, as the ranking's last games
  const alt = el("details", "stats-alt");
  alt.append(el("summary", null, t("stats.table")), table("stats-trend-table", columns, rows, t(`stats.trend.label.${mode}`, { n })));
  return section("stats-trend-section", t("stats.trend.heading", { n }), el("p", "stats-hint", t(`stats.trend.hint.${mode}`)),
    box, alt);
}

/** The result columns of a row of games: won, drawn (only where any game was drawn), lost; Hanabi has none. */
function outcomeColumns(game, f) {
  if (game === "hanabi") return [];
  // (short words: a small phone's table has room for six columns in German too)
  return [{ key: "won", text: t("stats.col.won") }, ...(f.drawn ? [{ key: "drawn", text: t("stats.col.drawn") }] : []),
    { key: "lost", text: t("stats.col.lost") }];
}

const outcomeCells = (columns, r) => columns.map((c) => String(r[c.key]));

function levelsSection(game, f) {
  const outcomes = outcomeColumns(game, f);
  const cols = [{ key: "level", text: t("stats.col.level") }, { key: "played", text: t("stats.played") }, ...outcomes,
    { key: "average", text: t(`stats.col.average.${game}`) }];
  const rows = f.levels.map((r) => ({
    data: { level: r.level },
    cells: [levelName(r.level), String(r.played), ...outcomeCells(outcomes, r), num(r.average)],
  }));
  return section("stats-levels", t("stats.levels.heading"), table("stats-levels-table", cols, rows));
}

/** A game's day, short ("Dec 1"): the table fits a small phone. */
function shortDay(iso) {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return "?";
  return new Intl.DateTimeFormat(language(), { month: "short", day: "numeric" }).format(date);
}

function monthName(month) {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "?";
  return new Intl.DateTimeFormat(language(), { month: "short", year: "numeric", timeZone: "UTC" }).format(date);
}

const MONTHS_SHOWN = 12;

/** Results month by month, newest first. */
function monthsSection(game, f) {
  const outcomes = outcomeColumns(game, f);
  const cols = [{ key: "month", text: t("stats.col.month") }, { key: "played", text: t("stats.played") }, ...outcomes,
    ...(game === "hanabi" ? [{ key: "average", text: t("stats.col.average.hanabi") }] : [])];
  const rows = f.months.slice(0, MONTHS_SHOWN).map((m) => ({
    data: { month: m.month },
    cells: [monthName(m.month), String(m.played), ...outcomeCells(outcomes, m), ...(game === "hanabi" ? [num(m.average)] : [])],
  }));
  return section("stats-months", t("stats.months.heading"), table("stats-months-table", cols, rows));
}

/** Help asked for, month by month: the games with help, and the hints and take backs where they were counted. */
function helpSection(f) {
  const cols = [{ key: "month", text: t("stats.col.month") }, { key: "helped", text: t("stats.col.helped") },
    { key: "hints", text: t("stats.col.hints") }, { key: "take_backs", text: t("stats.col.take_backs") }];
  const counted = (m, n) => (m.known ? String(n) + (m.known < m.played ? "*" : "") : `${t("ranking.none")}*`);
  const rows = f.months.slice(0, MONTHS_SHOWN).map((m) => ({
    data: { month: m.month },
    cells: [monthName(m.month), String(m.helped), counted(m, m.hints), counted(m, m.take_backs)],
  }));
  const partly = f.months.slice(0, MONTHS_SHOWN).some((m) => m.known < m.played);
  return section("stats-help", t("stats.help.heading"), el("p", "stats-hint", t("stats.months.hint")),
    table("stats-help-table", cols, rows), partly ? el("p", "stats-note", t("stats.months.partly")) : null);
}

function hanamikojiSection(f) {
  const h = f.hanamikoji;
  if (!h.known) return section("stats-how", t("stats.how.heading"), el("p", "stats-note", t("stats.detail.none")));
  const rows = [["charm", h.wins.charm, h.losses.charm], ["geishas", h.wins.geishas, h.losses.geishas]];
  if (h.wins.limit || h.losses.limit) rows.push(["limit", h.wins.limit, h.losses.limit]);
  return section("stats-how", t("stats.how.heading"), table("stats-how-table",
    [{ key: "how", text: t("stats.col.how") }, { key: "you", text: t("stats.col.you") }, { key: "computer", text: t("stats.col.computer") }],
    rows.map(([how, you, them]) => ({ data: { how }, cells: [t(`stats.how.${how}`), String(you), String(them)] }))));
}

function koikoiSection(f) {
  const k = f.koikoi;
  if (!k.rounds) return section("stats-yaku", t("stats.yaku.heading"), el("p", "stats-note", t("stats.detail.none")));
  const hint = el("p", "stats-hint", t("stats.yaku.hint", { won: k.won, rounds: k.rounds }));
  if (!k.yaku.length) return section("stats-yaku", t("stats.yaku.heading"), hint, el("p", "stats-note", t("stats.yaku.none")));
  return section("stats-yaku", t("stats.yaku.heading"), hint, table("stats-yaku-table",
    [{ key: "yaku", text: t("stats.col.yaku") }, { key: "rounds", text: t("stats.col.rounds") }],
    k.yaku.map((y) => ({ data: { yaku: y.name }, cells: [yakuName(y.name, language()), String(y.count)] }))));
}

function hanabiSections(f) {
  const h = f.hanabi;
  if (!h.known) return [section("stats-players", t("stats.players.heading"), el("p", "stats-note", t("stats.detail.none")))];
  const players = section("stats-players", t("stats.players.heading"), table("stats-players-table", [
    { key: "players", text: t("stats.col.players") }, { key: "games", text: t("stats.played") },
    { key: "average", text: t("stats.col.average.hanabi") }, { key: "best", text: t("ranking.col.best") },
    { key: "perfect", text: t("stats.col.perfect") }, { key: "strikeouts", text: t("stats.col.strikeouts") },
  ], h.byPlayers.map((g) => ({ data: { players: String(g.players) },
    cells: [String(g.players), String(g.games), num(g.average), String(g.best), String(g.perfect), String(g.strikeouts)] }))));
  const histograms = h.byPlayers.map((g) => {
    const label = t("stats.hist.label", { n: g.players });
    const box = el("div", "stats-chart-box");
    box.append(drawHistogram({ counts: g.histogram, label, axisText: t("stats.hist.axis") }));
    const alt = el("details", "stats-alt");
    alt.append(el("summary", null, t("stats.table")), table("stats-hist-table",
      [{ key: "final", text: t("stats.col.final") }, { key: "games", text: t("stats.played") }],
      g.histogram.map((n, score) => ({ n, score })).filter((x) => x.n > 0).reverse()
        .map((x) => ({ data: { score: String(x.score) }, cells: [String(x.score), String(x.n)] })), label));
    const part = section("stats-hist", t("stats.hist.heading", { n: g.players }), box, alt);
    part.dataset.players = String(g.players);
    return part;
  });
  return [players, ...histograms];
}

function dailySection(f) {
  const d = f.daily;
  const text = d.days ? [t("stats.daily.days", { n: d.days }), t("stats.daily.streak", { current: d.current, best: d.best }),
    t("stats.daily.last", { date: formatDay(d.last) })].join(" · ") : t("stats.daily.none");
  return section("stats-daily", t("stats.daily.heading"), el("p", "stats-daily-text", text));
}

/** The notes under the summary: games left out or counted apart, a damaged record set aside. */
function notes(f) {
  const out = [];
  if (historyProblem()) {
    const p = el("p", "stats-damaged");
    p.setAttribute("role", "status");
    const link = el("a", null, t("stats.damaged.link"));
    link.href = "./#ranking";
    p.append(t("stats.damaged"), " ", link);
    out.push(p);
  }
  if (f.withDetail < f.played) out.push(el("p", "stats-note stats-older", t("stats.older", { n: f.played - f.withDetail })));
  if (f.people) out.push(el("p", "stats-note stats-people", t("stats.people", { n: f.people })));
  return out;
}

/** @param root the #stats element; `game` is read from each render's argument. */
export function mountStats(root) {
  let shown = null;

  function render(game = shown) {
    shown = STATS_GAMES.includes(game) ? game : STATS_GAMES[0];
    game = shown;
    root.dataset.game = game;
    const list = history(); // sets a damaged record aside first, as the start page does (js/records.js)
    const f = figuresOf(game, list);
    const back = el("a", "stats-back", t("stats.back"));
    back.href = "./#ranking";
    const heading = el("h2", "stats-heading", t("stats.title", { game: gameName(game) }));
    heading.id = "stats-heading";
    heading.tabIndex = -1;
    const nav = el("nav", "stats-switch");
    nav.setAttribute("aria-label", t("stats.switch"));
    for (const g of STATS_GAMES.filter((name) => GAMES.some((x) => x.name === name))) {
      const a = el("a", null, gameName(g));
      a.href = statsHref(g);
      if (g === game) a.setAttribute("aria-current", "page");
      nav.append(a);
    }
    const parts = [back, heading, nav];
    if (!f.played) {
      parts.push(el("p", "stats-empty", t("stats.empty", { game: gameName(game) })), ...notes(f));
      root.replaceChildren(...parts);
      return;
    }
    parts.push(summary(game, f), ...notes(f), trendSection(game, f));
    if (game === "koikoi") parts.push(koikoiSection(f));
    if (game === "hanamikoji") parts.push(hanamikojiSection(f));
    if (game === "hanabi") parts.push(...hanabiSections(f));
    parts.push(levelsSection(game, f), monthsSection(game, f), helpSection(f), dailySection(f));
    root.replaceChildren(...parts);
  }

  window.addEventListener("storage", () => { // another tab finished a game or cleared the history
    if (!root.hidden && shown) render();
  });
  return {
    render,
    /** The heading a keyboard or screen-reader user continues at after arriving here. */
    heading: () => root.querySelector(".stats-heading"),
  };
}

/** The start page's links to each game's statistics, under the ranking: only games with a result. */
export function statsLinks(container, rows) {
  const played = rows.filter((r) => r.played && STATS_GAMES.includes(r.game));
  container.hidden = !played.length;
  const links = played.map((r) => {
    const a = el("a", "button secondary stats-open", gameName(r.game));
    a.href = statsHref(r.game);
    a.dataset.game = r.game;
    a.setAttribute("aria-label", t("stats.open.label", { game: gameName(r.game) }));
    return a;
  });
  container.replaceChildren(el("span", "stats-open-title", t("stats.open")), ...links);
}

