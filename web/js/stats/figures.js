// The statistics of one game (issue 44), computed from the history (js/records.js history()): the
// person's own games against the computer only; games between people are counted apart and never
// mixed in. Pure: no DOM, no storage, no words (the page puts the figures into words; Node's tests
// import this module).
//
// figuresOf(game, list, {today, trend}) -> {
//   game, people (games between people, apart), played, won, drawn, lost, helped,
//   withDetail (games whose entry has issue 44's detail: js/stats/detail.js),
//   levels: [{level, played, won, drawn, lost, helped, average}]   average: the player's score per game
//   months: [{month: "yyyy-mm", played, won, drawn, lost, helped, hints, take_backs, known}]  newest first;
//           known: the games of that month whose hints and take backs were counted (a detail)
//   streak: {current, best}   winning streaks (Hanamikoji, Koi-Koi); Hanabi: games in a row without a
//           strike-out (only games with a detail count; an older one is passed over)
//   points: {mine, theirs, games}         the average score per game (Hanamikoji's charm, Hanabi's score)
//           or, for Koi-Koi, {mine, theirs, rounds}: the points per round over the games with a detail
//   trend: [{at, level, outcome, helped, mine, theirs, value}]   the last `trend` games, oldest first;
//           value: the margin (mine - theirs), or Hanabi's score
//   daily: {days, best, current, last}    the days whose deal of the day was played (counted once each)
//   koikoi: {yaku: [{name, count}], rounds, won, lost, drawn}   the yaku the player made, most often first
//   hanamikoji: {wins: {charm, geishas, limit}, losses: {charm, geishas, limit}, known}
//   hanabi: {byPlayers: [{players, games, average, best, perfect, strikeouts, histogram: [count per score]}],
//            perfect, strikeouts, known, max}
// }

import { DETAIL_VERSION } from "./detail.js";

export const LEVELS = ["easy", "normal", "hard", "expert"];
export const TREND_GAMES = 20;
const OUTCOMES = ["win", "draw", "loss"];
const HANABI_MAX = 25; // every Hanabi deck here; a detail carries its own maximum

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isPeoples = (e) => Array.isArray(e?.people);
const detailOf = (e) => (isObject(e.detail) && e.detail.v === DETAIL_VERSION ? e.detail : null);
// The player's score and the other side's: a detail's (counted from the player's seat) before the entry's own.
const scoresOf = (e) => (Array.isArray(detailOf(e)?.scores) ? detailOf(e).scores : Array.isArray(e.scores) ? e.scores : []);
const mineOf = (e) => (Number.isFinite(scoresOf(e)[0]) ? scoresOf(e)[0] : null);
const theirsOf = (e) => (Number.isFinite(scoresOf(e)[1]) ? scoresOf(e)[1] : null);
const mean = (sum, n) => (n ? sum / n : null);

function tally() {
  return { played: 0, won: 0, drawn: 0, lost: 0, helped: 0, scoreSum: 0, scored: 0 };
}

function add(t, e) {
  t.played += 1;
  if (e.outcome === "win") t.won += 1;
  else if (e.outcome === "draw") t.drawn += 1;
  else t.lost += 1;
  if (e.helped) t.helped += 1;
  const mine = mineOf(e);
  if (mine !== null) {
    t.scoreSum += mine;
    t.scored += 1;
  }
  return t;
}

const finish = ({ scoreSum, scored, ...rest }) => ({ ...rest, average: mean(scoreSum, scored) });

/** The date `n` days before `date` (yyyy-mm-dd), by the UTC calendar (as js/daily.js counts them). */
function dayBefore(date) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Runs of `ok` in a row over `items`: {current (ending at the last), best}; `skip` items neither add nor break. */
function runs(items, ok, skip = () => false) {
  let current = 0;
  let best = 0;
  for (const item of items) {
    if (skip(item)) continue;
    current = ok(item) ? current + 1 : 0;
    best = Math.max(best, current);
  }
  return { current, best };
}

/** The deal of the day's played days: how many, the longest run of days in a row, the run up to `today`. */
function dailyDays(own, today) {
  const days = [...new Set(own.map((e) => e.daily).filter((d) => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d)))].sort();
  let best = 0;
  let run = 0;
  days.forEach((d, i) => {
    run = i > 0 && dayBefore(d) === days[i - 1] ? run + 1 : 1;
    best = Math.max(best, run);
  });
  const have = new Set(days);
  let date = have.has(today) ? today : dayBefore(today);
  let current = 0;
  while (have.has(date)) {
    current += 1;
    date = dayBefore(date);
  }
  return { days: days.length, best, current, last: days.at(-1) ?? null };
}

function koikoiFigures(own) {
  const counts = new Map();
  let rounds = 0;
  let won = 0;
  let lost = 0;
  let mine = 0;
  let theirs = 0;
  for (const e of own) {
    const d = detailOf(e);
    if (!d || !Array.isArray(d.rounds)) continue;
    for (const r of d.rounds.filter(isObject)) {
      rounds += 1;
      const p = Number.isFinite(r.p) ? r.p : 0;
      if (r.w === 0) {
        won += 1;
        mine += p;
        for (const name of Array.isArray(r.yaku) ? r.yaku : []) {
          if (typeof name === "string") counts.set(name, (counts.get(name) ?? 0) + 1);
        }
      } else if (r.w === 1) {
        lost += 1;
        theirs += p;
      }
    }
  }
  const yaku = [...counts].map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { yaku, rounds, won, lost, drawn: rounds - won - lost, mine: mean(mine, rounds), theirs: mean(theirs, rounds) };
}

function hanamikojiFigures(own) {
  const side = () => ({ charm: 0, geishas: 0, limit: 0 });
  const wins = side();
  const losses = side();
  let known = 0;
  for (const e of own) {
    const d = detailOf(e);
    if (!d || typeof d.how !== "string") continue;
    known += 1;
    const into = e.outcome === "win" ? wins : e.outcome === "loss" ? losses : null;
    if (!into) continue;
    if (d.how === "charm") into.charm += 1;
    else if (d.how === "geishas") into.geishas += 1;
    else into.limit += 1;
  }
  return { wins, losses, known };
}

function hanabiFigures(own) {
  const groups = new Map();
  let known = 0;
  let strikeouts = 0;
  let max = HANABI_MAX;
  for (const e of own) {
    const d = detailOf(e);
    if (!d || !Number.isInteger(d.players) || d.players < 2) continue;
    known += 1;
    max = Math.max(max, d.max ?? HANABI_MAX);
    const g = groups.get(d.players) ?? { players: d.players, games: 0, sum: 0, best: null, perfect: 0, strikeouts: 0,
      histogram: [] };
    const score = Number.isFinite(d.score) ? d.score : (mineOf(e) ?? 0);
    g.games += 1;
    g.sum += score;
    g.best = g.best === null ? score : Math.max(g.best, score);
    if (score >= (d.max ?? HANABI_MAX)) g.perfect += 1;
    if (d.end === "strikes") {
      g.strikeouts += 1;
      strikeouts += 1;
    }
    g.histogram[score] = (g.histogram[score] ?? 0) + 1;
    groups.set(d.players, g);
  }
  const byPlayers = [...groups.values()].sort((a, b) => a.players - b.players).map(({ sum, histogram, ...g }) => ({
    ...g, average: mean(sum, g.games), histogram: Array.from({ length: max + 1 }, (_, s) => histogram[s] ?? 0),
  }));
  // A perfect game needs no detail: every deck here scores at most 25.
  const perfect = own.filter((e) => (mineOf(e) ?? -1) >= (detailOf(e)?.max ?? HANABI_MAX)).length;
  return { byPlayers, perfect, strikeouts, known, max };
}

export function figuresOf(game, list, { today = new Date().toISOString().slice(0, 10), trend = TREND_GAMES } = {}) {
  const all = (Array.isArray(list) ? list : []).filter((e) => isObject(e) && e.game === game);
  const people = all.filter(isPeoples).length;
  const own = all.filter((e) => !isPeoples(e) && OUTCOMES.includes(e.outcome));
  const total = own.reduce(add, tally());

  const byLevel = new Map();
  for (const e of own) {
    const level = typeof e.level === "string" && e.level ? e.level : "";
    byLevel.set(level, add(byLevel.get(level) ?? tally(), e));
  }
  const order = (l) => (LEVELS.includes(l) ? LEVELS.indexOf(l) : LEVELS.length);
  const levels = [...byLevel].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([level, t]) => ({ level, ...finish(t) }));

  const byMonth = new Map();
  for (const e of own) {
    const month = typeof e.at === "string" && /^\d{4}-\d{2}/.test(e.at) ? e.at.slice(0, 7) : "";
    const m = byMonth.get(month) ?? { ...tally(), hints: 0, take_backs: 0, known: 0 };
    add(m, e);
    const d = detailOf(e);
    if (d) {
      m.known += 1;
      m.hints += d.hints ?? 0;
      m.take_backs += d.take_backs ?? 0;
    }
    byMonth.set(month, m);
  }
  const months = [...byMonth].sort(([a], [b]) => b.localeCompare(a)).map(([month, t]) => ({ month, ...finish(t) }));

  const streak = game === "hanabi"
    ? runs(own, (e) => detailOf(e).end !== "strikes", (e) => !detailOf(e))
    : runs(own, (e) => e.outcome === "win");

  const out = {
    game, people, played: total.played, won: total.won, drawn: total.drawn, lost: total.lost, helped: total.helped,
    withDetail: own.filter(detailOf).length, levels, months, streak,
    trend: own.slice(-trend).map((e) => {
      const mine = mineOf(e);
      const theirs = theirsOf(e);
      const value = game === "hanabi" ? mine : mine !== null && theirs !== null ? mine - theirs : null;
      return { at: e.at ?? null, level: e.level ?? null, outcome: e.outcome, helped: Boolean(e.helped), mine, theirs, value,
        ...(game === "hanabi" ? { end: detailOf(e)?.end ?? null } : {}) };
    }),
    daily: dailyDays(own, today),
  };
  if (game === "koikoi") {
    out.koikoi = koikoiFigures(own);
    out.points = { mine: out.koikoi.mine, theirs: out.koikoi.theirs, rounds: out.koikoi.rounds };
  } else {
    const theirs = own.map(theirsOf).filter((v) => v !== null);
    out.points = { mine: total.scored ? total.scoreSum / total.scored : null,
      theirs: game === "hanabi" ? null : mean(theirs.reduce((a, b) => a + b, 0), theirs.length), games: total.scored };
  }
  if (game === "hanamikoji") out.hanamikoji = hanamikojiFigures(own);
  if (game === "hanabi") out.hanabi = hanabiFigures(own);
  return out;
}
