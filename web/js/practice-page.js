// Practice positions (issue 41): play.html?game=<game>&practice. One position after another,
// easiest first, from the strongest level's play (web/practice/<game>.json, train/practice.py):
// the table as one seat sees it, on the game's own board; the player's choice (the board's act)
// is judged against the position's answer at once and never sent to the engine; the answer is
// then marked on the board (board.suggest) and said with one sentence why, and "Next position"
// goes on. The streak and the solved count are kept on this device; the position of the day is the
// same for everyone on a date. ?practice=day opens the position of the day, ?practice=<id> one position.
//
// The page is made of the game page's parts where they fit (js/play/: frame, fit, log, rules,
// toast) and its own in js/practice/, each saying at its top what it owns: data (the file and the
// picking), progress (the counts kept), table (the position's engine session), verdict (the words)
// and panel (the bar above the board). This module only wires them. It never touches the running
// game's save or the ranking.
//
// Marks on <html>: data-practice="<position id>" while a position is shown, data-practice-verdict
// ("right" | "wrong") once it is answered, data-practice-error ("missing" | "damaged") when the
// positions cannot be read; all taken off when the page leaves.

import { levelsOf } from "./collection.js";
import { addMessages, t } from "./i18n.js";
import { otherSide } from "./people.js";
import { createFrame } from "./play/frame.js";
import { fitBoard } from "./play/fit.js";
import { createMoveLog } from "./play/log.js";
import { createRulesPanel } from "./play/rules.js";
import { createToast } from "./play/toast.js";
import { foldedMenu } from "./play/toolbar.js";
import { PRACTICE_GAMES, dayIndex, loadPractice, localDate, nextIndex } from "./practice/data.js";
import { createPanel } from "./practice/panel.js";
import { createProgress } from "./practice/progress.js";
import { createPracticeTable } from "./practice/table.js";
import { judge, loadCoach, sameAction } from "./practice/verdict.js";

const html = document.documentElement;
const MARKS = ["practice", "practiceVerdict", "practiceError"];

/** The page's stylesheet (css/practice.css), added to the document once practice is first opened. */
function loadStyles() {
  if (document.querySelector("link[data-practice-styles]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/practice.css", import.meta.url).href;
  link.dataset.practiceStyles = "";
  document.head.append(link);
}

/**
 * Show the practice of game `name` in `root` with the document's engine (`boot`: mountEngineStatus's
 * answer; `status` its element, shown here while the engine boots). `params` is the address's
 * (?practice=day | <id>). Returns {unmount}, like mountGame: it resolves once the page is off.
 */
export function mountPractice(root, { name, boot, status, params = new URLSearchParams() }) {
  loadStyles();
  const frame = createFrame({ levels: levelsOf(name) });
  frame.node.classList.add("practice-frame");
  root.append(frame.node);
  frame.node.querySelector(".engine-slot").replaceWith(status);
  status.hidden = html.dataset.engine === "ready";
  // The game's controls that mean nothing here: the level, the pace, a new game, who plays (Hint and
  // Take back stay hidden: the shell hides them until a game offers them).
  for (const id of ["level", "speed"]) frame.$(id).closest("label").hidden = true;
  for (const id of ["new-game", "seating-open"]) frame.$(id).hidden = true;
  foldedMenu(frame); // on a phone: Rules and the position of the day behind "Menu"
  const page = { name, boot, status, params, frame, table: createPracticeTable(boot.engine, name) };
  // The board's and the coach's texts name the other side as the table has it (js/people.js).
  page.t = (key, values) => t(key, { ...otherSide(page.view), ...values });
  start(page).catch((err) => {
    console.warn("practice could not be shown:", err);
    if (frame.alive) showError(page, "failed");
  });
  return {
    async unmount() {
      frame.close(status);
      page.table.close();
      for (const key of MARKS) delete html.dataset[key];
    },
  };
}

async function start(page) {
  const { frame, name } = page;
  const title = () => {
    const heading = document.getElementById("game-title");
    const text = t("practice.title", { game: t(`game.${name}.title`) });
    if (heading) heading.textContent = text;
    document.title = `${text} · ${t("site.title")}`;
  };
  title();
  frame.onLanguage(title);
  if (!PRACTICE_GAMES.includes(name)) return showError(page, "none");
  const data = loadPractice(name); // only now, when practice is opened
  data.catch(() => {}); // said below, once the board is there
  const module = await import(`../games/${name}/board.js`);
  if (!frame.alive) return;
  addMessages(module.messages);
  title();
  wire(page, module);
  let loaded;
  try {
    loaded = await data;
  } catch (err) {
    console.warn(err.message);
    if (frame.alive) showError(page, err.kind ?? "damaged");
    return;
  }
  if (!frame.alive) return;
  page.positions = loaded.positions;
  page.progress = createProgress(name);
  page.panel.unkept(!page.progress.kept);
  counts(page);
  frame.onClose(page.boot.onReady(() => {
    page.status.hidden = true;
    if (page.shown == null) first(page).catch((err) => console.warn("practice:", err)); // never the engine's failure
  }));
}

/** The board, the log, the bar and the rules, joined; the player's choice goes to choose(). */
function wire(page, module) {
  const { frame } = page;
  page.toast = createToast(frame);
  page.board = module.createBoard(frame.$("board"), {
    t: page.t, signal: frame.signal, pace: () => 0, remember() {}, turnChanged() {},
    act: async (action) => choose(page, action),
  });
  page.log = createMoveLog(frame, page.board);
  page.panel = createPanel(frame, { onNext: () => next(page), onDay: () => showDay(page) });
  page.fit = fitBoard(frame, { embedded: false });
  page.coach = loadCoach(page.name);
  createRulesPanel(frame, module.rules);
  frame.onLanguage(() => {
    page.panel.redraw();
    if (page.view) {
      draw(page);
      if (page.choice) judged(page, false);
    }
  });
}

/** The first position: the one the address names, else the one left on show, else the easiest not solved. */
function first(page) {
  const { positions, progress, params } = page;
  const asked = params.get("practice");
  if (asked === "day") return showDay(page);
  const byId = (id) => positions.findIndex((p) => p.id === id);
  if (asked && byId(asked) >= 0) return show(page, byId(asked));
  const { id, answered } = progress.current();
  const at = id == null ? -1 : byId(id);
  if (at >= 0 && !answered) return show(page, at);
  return show(page, nextIndex(positions, at, progress.isSolved));
}

function showDay(page) {
  const date = localDate();
  return show(page, dayIndex(date, page.positions.length), date);
}

/** The next position after the verdict (a position of the day goes back to the sequence). */
function next(page) {
  if (page.trouble) return restart(page);
  const from = page.day ? page.sequence ?? -1 : page.shown;
  return show(page, nextIndex(page.positions, from, page.progress.isSolved));
}

/** Put position `index` on the table: its seat's view from the engine, drawn on the board. */
async function show(page, index, day = null) {
  const { frame, panel, positions, progress } = page;
  const position = positions[index];
  const asked = (page.asked = (page.asked ?? 0) + 1); // a later show() makes this one's answer stale
  Object.assign(page, { shown: index, day, view: null, choice: null, trouble: false });
  if (!day) {
    page.sequence = index;
    progress.show(position.id);
    panel.unkept(!progress.kept);
  }
  if (!frame.alive) return;
  delete html.dataset.practice; // set again once this position is drawn
  delete html.dataset.practiceVerdict;
  panel.position({ index, count: positions.length, difficulty: position.difficulty, day });
  counts(page);
  frame.$("turn").textContent = t("practice.opening");
  let view;
  try {
    view = await page.table.open(position);
  } catch (err) {
    if (!frame.alive || page.asked !== asked) return;
    console.warn(`practice position ${position.id} could not be opened:`, err);
    page.trouble = page.table.isTrouble(err);
    panel.problem(page.trouble ? "practice.trouble" : "practice.unopened", page.trouble ? "trouble.restart" : null);
    frame.$("turn").textContent = "";
    return;
  }
  if (!frame.alive || page.asked !== asked) return; // another position was asked for meanwhile
  page.view = view;
  draw(page);
  html.dataset.practice = position.id;
  page.fit.update();
}

/**
 * The view on the board, its log and the last move (the verdict stands in its place once the position
 * is answered, as the hint's sentence does), and the prompt.
 */
function draw(page) {
  const { board, view, frame } = page;
  board.render(view, null);
  page.log.render(view);
  frame.$("last-move").classList.toggle("covered", page.choice != null);
  // Once answered, "Next position" stands in the prompt's place (css/practice.css).
  frame.$("turn").textContent = page.choice ? "" : board.prompt?.(view) || t("play.your-turn");
}

/** The player's choice: right or wrong at once; never sent to the engine. */
async function choose(page, action) {
  if (!page.view || !page.frame.alive) return "not_your_turn";
  if (page.choice) {
    page.toast.show(t("practice.decided"));
    draw(page); // the board takes back what it did with the click
    judged(page, false);
    return "decided";
  }
  const position = page.positions[page.shown];
  const right = sameAction(action, position.answer);
  page.choice = action;
  html.dataset.practiceVerdict = right ? "right" : "wrong";
  page.progress.answer(position.id, right, page.day);
  page.panel.unkept(!page.progress.kept);
  counts(page);
  draw(page);
  await judged(page, true);
  return null;
}

/** The verdict in words and the answer marked on the board (again after a redraw: `focus` false). */
async function judged(page, focus) {
  const { board, panel, view } = page;
  const position = page.positions[page.shown];
  const right = sameAction(page.choice, position.answer);
  board.suggest?.(position.answer, t(right ? "practice.mark.right" : "practice.mark.best"));
  const coach = await page.coach;
  if (!page.frame.alive || page.view !== view) return;
  panel.verdict(judge(position, page.choice, view, coach, page.t), { focus });
  page.fit.update();
}

function counts(page) {
  const { progress, panel } = page;
  panel.counts(progress.solvedCount, progress.streak, progress.dayDone(localDate()));
}

/** A fresh engine after it stopped, and the position on show opened again. */
async function restart(page) {
  page.panel.problem("practice.restarting", null, true);
  try {
    await page.table.restart();
  } catch (err) {
    console.warn("the engine could not be restarted:", err);
    page.panel.problem("practice.trouble", "trouble.restart");
    return;
  }
  if (page.frame.alive) await show(page, page.shown, page.day);
}

/**
 * No positions to show: "none" (a game without practice), "missing" (the file could not be fetched),
 * "damaged" (it is not a practice file) or "failed" (the board could not be loaded). Said, with the
 * way to the game and back to the collection.
 */
function showError({ frame, name, status, panel }, what) {
  const say = () => {
    const error = frame.$("play-error");
    error.hidden = false;
    const game = Object.assign(document.createElement("a"), {
      href: `play.html?game=${encodeURIComponent(name)}`, textContent: t("practice.play-instead"),
    });
    const back = Object.assign(document.createElement("a"), { href: "./", textContent: t("play.back") });
    error.replaceChildren(`${t(`practice.error.${what}`)} `, ...(what === "none" ? [] : [game, " · "]), back);
  };
  if (what !== "failed") html.dataset.practiceError = what;
  say();
  frame.onLanguage(say);
  status.hidden = true;
  if (panel) panel.node.hidden = true;
  frame.$("turn").textContent = "";
}
