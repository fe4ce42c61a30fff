// The start page's Learn section (issue 41): every game's lessons, each a
// link to play.html?game=<game>&learn=<n>, the finished ones ticked (in words
// too, for a screen reader), and how many are done. The courses
// (web/learn/<game>.json) are fetched once per visit, when the section is
// first drawn; a course that cannot be fetched is said in its place.
//
// Owns: the #learn section's list.

import { GAMES } from "../collection.js";
import { language, t } from "../i18n.js";
import { readCourse } from "./steps.js";
import { fetchCourse, lessonsDone } from "./progress.js";

const courses = new Map(); // game -> Promise of its lessons (or null: not to be had)

/** The lessons of `game`'s course, fetched once per visit; null when they cannot be had. */
export function lessonsOf(game) {
  if (!courses.has(game)) {
    courses.set(game, fetchCourse(game).then((data) => {
      const lessons = readCourse(data, game);
      return lessons instanceof Error ? null : lessons;
    }).catch(() => {
      courses.delete(game); // offline before the first full visit: tried again next time
      return null;
    }));
  }
  return courses.get(game);
}

/** The lesson to open for `game`: the first not done (1-based), or 1 when all are (or none is known). */
export function nextLesson(lessons, done) {
  const k = lessons ? lessons.findIndex((lesson) => !done.includes(lesson.id)) : -1;
  return k < 0 ? 1 : k + 1;
}

const words = (text) => text?.[language()] ?? text?.en ?? "";

/**
 * Draw every game's lessons into `container` (the section's list), and point each game card's Learn
 * link (a.learn-link) at the game's next lesson not done.
 */
export async function renderLearn(container) {
  const found = await Promise.all(GAMES.map((game) => lessonsOf(game.name)));
  for (const [i, game] of GAMES.entries()) {
    const next = nextLesson(found[i], lessonsDone(game.name));
    for (const link of document.querySelectorAll(`a.learn-link[data-game="${game.name}"]`)) {
      link.href = `play.html?game=${encodeURIComponent(game.name)}&learn=${next}`;
    }
  }
  container.replaceChildren(...GAMES.map((game, i) => {
    const lessons = found[i];
    const done = lessonsDone(game.name);
    const block = document.createElement("section");
    block.className = "learn-game";
    block.dataset.game = game.name;
    const title = document.createElement("h3");
    title.textContent = t(`game.${game.name}.title`);
    block.append(title);
    if (!lessons) {
      const failed = document.createElement("p");
      failed.className = "learn-failed";
      failed.textContent = t("learn.failed");
      block.append(failed);
      return block;
    }
    const finished = lessons.filter((lesson) => done.includes(lesson.id)).length;
    const count = document.createElement("p");
    count.className = "learn-count";
    count.textContent = t("learn.progress", { done: finished, count: lessons.length });
    const list = document.createElement("ol");
    list.className = "learn-lessons";
    lessons.forEach((lesson, k) => {
      const item = document.createElement("li");
      const isDone = done.includes(lesson.id);
      item.dataset.done = String(isDone);
      const link = document.createElement("a");
      link.href = `play.html?game=${encodeURIComponent(game.name)}&learn=${k + 1}`;
      link.textContent = words(lesson.title);
      const goal = document.createElement("span");
      goal.className = "learn-goal";
      goal.textContent = words(lesson.goal);
      item.append(link, goal);
      if (isDone) {
        const tick = document.createElement("span");
        tick.className = "learn-tick";
        tick.textContent = "✓";
        tick.setAttribute("aria-hidden", "true");
        const said = document.createElement("span");
        said.className = "visually-hidden";
        said.textContent = ` (${t("learn.done")})`;
        link.append(said);
        item.prepend(tick);
      }
      list.append(item);
    });
    block.append(count, list);
    return block;
  }));
}
