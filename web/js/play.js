// The game page: play.html?game=<name>[&level=easy|normal|hard]. It boots
// the engine, loads the game's board module (web/games/<name>/board.js) and
// wires it to a GameSession. The board only draws views and turns clicks and
// keys into actions; this page owns the toolbar, the log and the dialogs.
//
// A board module exports:
//   messages  {en: {...}, de: {...}}      its texts, merged into the catalogue
//   rules     {en: [[title, para, ...], ...], de: [...]}
//   createBoard(root, {act, t}) -> {render(view, last), log(view), and optionally prompt(view),
//                                  result(view), options(), hold()}

import { GAMES, TEST_GAMES } from "./collection.js";
import { mountEngineStatus } from "./engine-status.js";
import { addMessages, language, onLanguageChange, t } from "./i18n.js";
import { setupLanguage } from "./language.js";
import { GameSession } from "./session.js";

const $ = (id) => document.getElementById(id);
const html = document.documentElement;
const params = new URLSearchParams(location.search);
const name = params.get("game") ?? "";
const LEVELS = ["easy", "normal", "hard"];
const LEVEL_KEY = `cardgarden.level.${name}`;

function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
}

let board = null;
let session = null;
let toastTimer = null;

function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

function renderTurn() {
  const view = session?.view;
  let text = "";
  if (view?.is_over) text = t("play.over");
  else if (view?.waiting_for === "bot") text = t("play.thinking");
  else if (view) text = board.prompt?.(view) || t("play.your-turn");
  $("turn").textContent = text;
  html.dataset.turn = view ? (view.is_over ? "over" : view.waiting_for) : "none";
}

function renderLog(view) {
  const list = $("log");
  list.replaceChildren(
    ...board.log(view).map(({ seat, text }) => {
      const item = document.createElement("li");
      item.className = seat === 0 ? "you" : seat == null ? "neutral" : "them";
      item.textContent = text;
      return item;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

function renderResult(view) {
  const { result, seat } = view;
  const outcome = result.winner == null ? "draw" : result.winner === seat ? "win" : "loss";
  $("result").dataset.outcome = outcome;
  $("result-title").textContent = t(`play.result.${outcome}`);
  $("result-details").replaceChildren(...[board.result?.(view)].filter(Boolean));
  $("result-points").textContent = t("play.ranking-points", { points: result.ranking_points[seat] });
}

function show(view, last) {
  html.dataset.gameState = view.is_over ? "over" : "playing";
  html.dataset.move = String(view.move);
  board.render(view, last);
  renderLog(view);
  renderTurn();
  if (view.is_over) {
    renderResult(view);
    setTimeout(async () => {
      await board.hold?.();
      if (session.view === view && !$("result").open) $("result").showModal();
    }, last ? 900 : 0);
  }
}

function renderRules() {
  const sections = board.rules[language()] ?? board.rules.en;
  $("rules-body").replaceChildren(
    ...sections.map(([title, ...paras]) => {
      const section = document.createElement("section");
      const heading = document.createElement("h3");
      heading.textContent = title;
      section.append(heading, ...paras.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
      return section;
    }),
  );
}

async function newGame() {
  if ($("result").open) $("result").close();
  html.dataset.gameState = "starting";
  try {
    await session.start({ level: $("level").value, options: board.options?.() ?? {} });
  } catch (err) {
    console.warn("could not start a game:", err);
    toast(t("play.failed"));
  }
}

function showMissing() {
  html.dataset.gameState = "missing";
  const error = $("play-error");
  error.hidden = false;
  error.replaceChildren(
    Object.assign(document.createElement("span"), { textContent: t("play.missing") + " " }),
    Object.assign(document.createElement("a"), { href: "./", textContent: t("play.back") }),
  );
  $("engine").hidden = true;
  for (const id of ["new-game", "show-rules", "level"]) $(id).disabled = true;
}

async function main() {
  setupLanguage();
  const known = GAMES.some((g) => g.name === name && g.board) || TEST_GAMES.includes(name);
  if (!known) {
    showMissing();
    onLanguageChange(showMissing);
    return;
  }
  const module = await import(`../games/${name}/board.js`);
  addMessages(module.messages);
  const title = () => {
    $("game-title").textContent = t(`game.${name}.title`);
    document.title = `${t(`game.${name}.title`)} · ${t("site.title")}`;
  };
  title();

  const levelSelect = $("level");
  const level = [params.get("level"), remembered(LEVEL_KEY)].find((l) => LEVELS.includes(l)) ?? "normal";
  levelSelect.value = level;
  levelSelect.addEventListener("change", () => {
    remember(LEVEL_KEY, levelSelect.value);
    toast(t("play.level-next"));
  });

  board = module.createBoard($("board"), {
    t,
    act: async (action) => {
      const refused = await session.act(action);
      if (refused && refused !== "not_your_turn") toast(t("play.refused"));
      return refused;
    },
  });
  board.rules = module.rules;

  const engine = mountEngineStatus($("engine"), {
    async onReady() {
      $("engine").hidden = true;
      session = new GameSession(engine, name, {
        onView: show,
        onBusy: () => renderTurn(),
        pace: Number(params.get("pace") ?? 700),
        hold: () => board.hold?.() ?? Promise.resolve(),
      });
      await newGame();
    },
  });

  onLanguageChange(() => {
    title();
    if (session?.view) show(session.view, null);
    if ($("rules").open) renderRules();
  });
  $("new-game").addEventListener("click", () => session && newGame());
  $("rematch").addEventListener("click", () => session && newGame());
  $("result-close").addEventListener("click", () => $("result").close());
  $("show-rules").addEventListener("click", () => {
    renderRules();
    $("rules").showModal();
  });
  $("rules-close").addEventListener("click", () => $("rules").close());
}

main();
