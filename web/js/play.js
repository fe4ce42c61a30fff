// A game on the page: mountGame(root, {name, boot, status, params}) shows
// web/games/<name>/board.js in `root` and wires it to a GameSession with the
// document's engine. The site (js/app.js) mounts it for play.html?game=<name>
// [&level=easy|normal|hard][&<option>=<value>] and unmounts it when the
// player goes back to the collection; embed.html (js/embed-page.js) mounts it
// without the site's chrome. The board only draws views and turns clicks and
// keys into actions; this module owns the toolbar, the log, the dialogs, the
// save after every move and the history of results.
//
// A board module exports:
//   messages  {en: {...}, de: {...}}      its texts, merged into the catalogue
//   rules     {en: [[title, para, ...], ...], de: [...]}
//   createBoard(root, {act, t, signal, remember, pace, turnChanged}) -> {render(view, last), log(view), and optionally
//                                  prompt(view), result(view), resultTitle(view), hold(),
//                                  keep(), restore(kept)}
//             `signal` (an AbortSignal) ends with the game: listeners the board adds outside
//             its root (keys on the document) are added with it. keep() returns what the
//             board keeps for the player (Hanabi's notes on cards, Koi-Koi's open round summary:
//             plain JSON), saved with the game; restore(kept) hands it back, unchecked, before a
//             saved game is reopened, and the board drops what it cannot use. The board
//             calls remember() when that changes, and the page saves it at once.
//   settings  optional [{key, label, values, option?, valueLabels?, seat?, group?}]: match options
//             chosen before a game (Koi-Koi's rounds, Hanabi's players); the page puts a select for
//             each next to the level. A setting marked `seat` is the player's 1-based place at the
//             table instead. `valueLabels` names each value's text ({"false": key, "true": key});
//             settings with the same `group` ({label, count?, hint?}: message keys) share one menu
//             (Koi-Koi's house rules).
//
// Events for the embedding channel (js/embed-frame.js) go out on `gameEvents`:
//   "ready" {game, level}, "result" {view}, "view" {view}.
//
// When something fails, nothing the player did is lost (README, "When
// something goes wrong"): a failed engine leaves the board as it was with a
// notice and "Restart the engine", which reopens the save at its last move;
// a save that cannot be written is told at once; a save that cannot be read
// is kept as a copy; a game open in two tabs is played in one of them.

import { isEngineTrouble } from "../engine/client.js";
import { DEFAULT_LEVEL, GAMES, TEST_GAMES, levelsOf } from "./collection.js";
import { addMessages, formatDate, language, onLanguageChange, t } from "./i18n.js";
import { mountShell } from "./shell.js";
import { clearHistory, recordResult } from "./records.js";
import { clearNotices, hideNotice, showNotice } from "./notices.js";
import { createClaim } from "./ownership.js";
import { downloadText, saveSlot } from "./saves.js";
import { GameSession } from "./session.js";
import { readText, writeText } from "./storage.js";

export function isKnownGame(game) {
  return GAMES.some((g) => g.name === game && g.board) || TEST_GAMES.includes(game);
}

// How long each move of the computer stays on its own before the next (ms): the "Speed" menu.
const PACES = { relaxed: 1400, normal: 800, fast: 250 };
const PACE_KEY = "pace";
const html = document.documentElement;
// What a game puts on <html> while it is shown; taken off when it leaves.
const GAME_DATA = ["gameState", "move", "turn", "owner", "trouble", "storage", "saveRefused", "replay", "replayMove"];

/**
 * Show game `name` in `root` with the document's engine.
 *   boot      what mountEngineStatus returned: {engine, onReady(fn)}
 *   status    the engine's status section, shown in the game until a game is dealt
 *   params    the page's URLSearchParams (level, options, pace, margin)
 *   embedded  an embedded game: its own save, no site chrome
 *   after     a promise (the previous game's unmount) to wait for before claiming the save
 *   ask       whether a saved game is offered back ("Continue your game?") or simply reopened
 * Returns {gameEvents, newGame, unmount}. unmount() takes the game off the
 * page: its last save is written first, its claim on the game let go, its
 * session closed in the engine; it resolves when all that is done.
 */
export function mountGame(root, { name, boot, status, params = new URLSearchParams(), embedded = false,
  after = null, ask = true }) {
  const gameEvents = new EventTarget();
  const emit = (type, detail) => gameEvents.dispatchEvent(new CustomEvent(type, { detail }));
  const LEVEL_KEY = `level.${name}`;
  const slot = saveSlot(name, { embed: embedded }); // an embedded game keeps its own save
  // Every engine call's margin over its budget; ?margin=ms (tests) shortens it.
  const MARGIN_MS = Math.max(500, Number(params.get("margin")) || 10_000);
  const engine = boot.engine;
  let alive = true; // false once the game has left the page
  const cleanups = []; // what unmount undoes: language listeners, document listeners
  const listeners = new AbortController();
  const onLanguage = (fn) => cleanups.push(onLanguageChange(fn));
  const writes = new Set(); // saves on their way to storage: unmount waits for them
  // The game's own elements. After unmount, a late answer of the engine can
  // only reach these, detached, and never the next game's; its marks on <html>
  // go nowhere.
  const frame = document.createElement("div");
  frame.className = "game-frame";
  const $ = (id) => frame.querySelector(`#${id}`);
  const page = () => (alive ? html.dataset : {});

  let board = null;
  let session = null;
  let claim = null; // this tab's hold on the game (ownership.js)
  let latest = null; // the newest save record the engine gave, even when storage refused it
  let engineVersion = null;
  let defaultOptions = {};
  let toastTimer = null;
  const recorded = new Set(); // sessions whose result is in the history
  let savedAt = null; // "session:move" last written, so a redraw does not save again

  function toast(text, ms = 3500) {
    const el = $("toast");
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (el.hidden = true), ms);
  }

  function renderTurn() {
    const view = session?.view;
    let text = "";
    if (page().owner === "elsewhere") text = t("tab.short");
    else if (session?.trouble || page().trouble) text = t("play.stopped");
    else if (view?.is_over) text = t("play.over");
    else if (board?.heldPrompt?.()) text = board.heldPrompt(); // the board holds the game (a round's summary)
    else if (view?.waiting_for === "bot") text = t("play.thinking");
    else if (view) text = board.prompt?.(view) || t("play.your-turn");
    $("turn").textContent = text;
    // A stopped engine is nobody's turn: the board on the table is not the one a restart puts back.
    const stopped = page().owner === "elsewhere" || session?.trouble || page().trouble;
    page().turn = stopped ? "stopped" : view ? (view.is_over ? "over" : view.waiting_for) : "none";
  }

  function renderLog(view) {
    const list = $("log");
    const lines = board.log(view);
    list.replaceChildren(
      ...lines.map(({ seat, text }) => {
        const item = document.createElement("li");
        item.className = seat === 0 ? "you" : seat == null ? "neutral" : "them";
        item.textContent = text;
        return item;
      }),
    );
    list.scrollTop = list.scrollHeight;
    // On a phone the log is below the board: the last move is said above it (a board that
    // shows its own last move, as Hanabi does, needs no second one).
    const line = board.ownsLastMove ? null : lines.findLast((l) => l.seat != null);
    const last = $("last-move");
    last.hidden = !line;
    last.replaceChildren();
    if (line) {
      const label = document.createElement("strong");
      label.textContent = `${t("play.last")} `;
      last.append(label, line.text);
      last.dataset.seat = line.seat === 0 ? "you" : "them";
    }
  }

  const outcomeOf = (view) =>
    view.result.winner == null ? "draw" : view.result.winner === view.seat ? "win" : "loss";

  function renderResult(view) {
    const outcome = outcomeOf(view);
    $("result").dataset.outcome = outcome;
    $("result-title").textContent = board.resultTitle?.(view) ?? t(`play.result.${outcome}`);
    $("result-details").replaceChildren(...[board.result?.(view)].filter(Boolean));
    $("result-points").textContent = t("play.ranking-points",
      { points: view.result.ranking_points[view.seat], level: t(`level.${view.level}`) });
    // How the points were earned, in the game's own terms (a test game has no rule text).
    const rule = `play.ranking-rule.${name}`;
    $("result-rule").textContent = t(rule) === rule ? "" : t(rule);
  }

  /**
   * Keep the game safe: the save after every move, the history once it ends.
   * Only the tab that owns the game writes. A write that storage refuses is told
   * at once; the game goes on and the next move tries again.
   */
  function persist(view) {
    const write = persistNow(view).finally(() => writes.delete(write));
    writes.add(write);
  }

  async function persistNow(view) {
    if (!claim?.owned || session?.trouble) return;
    const key = `${view.session}:${view.move}`;
    if (savedAt === key) return;
    savedAt = key;
    if (view.is_over) {
      if (!recorded.has(view.session)) {
        const stored = recordResult({
          game: name, level: view.level, outcome: outcomeOf(view),
          points: view.result.ranking_points[view.seat], scores: view.result.scores,
        });
        if (stored === false) {
          storageFailed("result"); // the save stays: the finished game can still be recorded
          savedAt = null;
          return;
        }
        recorded.add(view.session);
      }
      slot.drop();
      latest = null;
      storageWorks();
      return;
    }
    let record;
    try {
      const { save, human, level, notes } = await session.save();
      const kept = board.keep?.() ?? null;
      record = slot.record({ save, human, level, notes, board: kept, engine: engineVersion, move: view.move });
    } catch (err) {
      console.warn("could not save the game:", err);
      savedAt = null;
      return;
    }
    if (session.view?.session !== view.session || !claim.owned) return;
    latest = record;
    if (slot.store(record)) storageWorks();
    else {
      savedAt = null;
      storageFailed("save");
    }
  }

  // ------------------------------------------------------------ when something goes wrong
  const notices = () => $("notices");

  function storageFailed(what) {
    if (!alive) return; // the game has left the page; its last save that worked stays
    page().storage = "failed";
    showNotice(notices(), "storage", {
      text: () => t(what === "result" ? "storage.result-failed" : "storage.failed"),
      actions: [
        { id: "storage-download", label: () => t("storage.download"), primary: true,
          onClick: () => latest && downloadText(JSON.stringify(latest, null, 1), `${name}-game.json`),
          disabled: !latest },
        { id: "storage-clear", label: () => t("storage.clear"), onClick: () => {
          clearHistory();
          savedAt = null;
          if (session?.view) persist(session.view);
        } },
      ],
    });
  }

  function storageWorks() {
    if (!alive) return;
    if (page().storage !== "failed") return;
    page().storage = "ok";
    hideNotice("storage");
    toast(t("storage.saved-again"));
  }

  /** A save the site cannot use is kept as a copy; the notice lets the player download or delete it. */
  function showRefused(reason) {
    page().saveRefused = reason;
    const copy = slot.refusedCopy();
    showNotice(notices(), "save-refused", {
      text: () => t(`play.save-refused.${reason}`),
      actions: copy ? [
        { id: "refused-download", label: () => t("save.download"), primary: true,
          onClick: () => downloadText(copy.text, `${name}-saved-game-copy.json`) },
        { id: "refused-forget", label: () => t("save.forget"), onClick: () => {
          slot.forgetRefused();
          hideNotice("save-refused");
        } },
      ] : [],
    });
  }

  /** The engine failed under the game: the board stays, the save stays, and the player can restart it. */
  function showTrouble(err) {
    const code = isEngineTrouble(err) ? err.code : "internal";
    console.warn("engine trouble:", err);
    page().trouble = code;
    if (!session?.trouble) session?.halt(err); // the board waits for the restart
    const move = latest?.move ?? slot.storedMove();
    showNotice(notices(), "trouble", {
      text: () => `${t(`trouble.${code}`)} ${move != null ? t("trouble.kept", { move }) : t("trouble.kept-none")}`,
      detail: () => `${err.code ?? "error"}: ${err.message ?? err}`,
      actions: [{ id: "restart-engine", label: () => t("trouble.restart"), primary: true, onClick: restartEngine }],
    });
    renderTurn();
  }

  /** A fresh engine, and the game reopened at its last saved move. */
  async function restartEngine(button) {
    if (button) {
      button.disabled = true;
      button.textContent = t("trouble.restarting");
    }
    page().trouble = "restarting";
    session.halt();
    try {
      await engine.restart();
    } catch (failure) {
      console.warn("the engine could not be restarted:", failure);
      showTrouble({ code: "stopped", message: `${failure.kind ?? "boot"}: ${failure.detail ?? failure.message}` });
      page().trouble = "restart-failed";
      return;
    }
    hideNotice("trouble");
    delete page().trouble;
    await reopen();
  }

  /** Put the saved game back on the table without asking (restart, take-over). */
  async function reopen() {
    return latest ? openSaved(latest) : resumeOrStart({ ask: false });
  }

  async function openSaved(record) {
    $("level").value = record.level;
    board.restore?.(record.board ?? null);
    try {
      await session.resume(record);
      return true;
    } catch (err) {
      if (err.code === "bad_save") {
        // Only a save the engine refuses to load is set aside, as a copy.
        slot.setAside("engine");
        latest = null;
        showRefused("engine");
        await newGame();
      } else {
        showTrouble(err); // the engine, not the save: the save stays as it is
      }
      return false;
    }
  }

  // ------------------------------------------------------------ one game, one tab
  function showElsewhere(taken) {
    page().owner = "elsewhere";
    $("new-game").disabled = true;
    showNotice(notices(), "tab", {
      tone: "info",
      text: () => t(taken ? "tab.taken" : "tab.elsewhere"),
      actions: [{ id: "take-over", label: () => t("tab.take"), primary: true, onClick: takeOver }],
    });
    renderTurn();
  }

  async function takeOver(button) {
    if (button) button.disabled = true;
    await claim.takeOver();
    page().owner = "here";
    $("new-game").disabled = false;
    hideNotice("tab");
    latest = null; // the other tab played on: its save is the newest
    savedAt = null;
    await resumeOrStart({ ask: false });
  }

  function lostTab() {
    session?.halt({ code: "elsewhere" });
    showElsewhere(true);
  }

  let firstShown = false;

  function show(view, last) {
    if (!alive) {
      persist(view); // a move answered after the game left the page is still saved
      return;
    }
    if (!firstShown) {
      firstShown = true;
      performance.mark("board-ready"); // benchmarks: the first board a player can use
    }
    page().gameState = view.is_over ? "over" : "playing";
    page().move = String(view.move);
    board.render(view, last);
    renderLog(view);
    renderTurn();
    persist(view);
    emit("view", { view });
    if (view.is_over) {
      renderResult(view);
      setTimeout(async () => {
        await board.hold?.();
        if (!alive || session.view !== view) return;
        emit("result", { view });
        if (!$("result").open) $("result").showModal();
      }, last ? 900 : 0);
    }
  }

  // ------------------------------------------------------------ replay
  // After a game, the end screen can step through it move by move: the engine
  // rebuilds each position as the player saw it (bridge "replay"), read-only.
  const replay = { active: false, move: 0, moves: 0, final: null };

  async function showReplay(move) {
    const final = replay.final;
    const target = Math.max(0, Math.min(move, replay.moves));
    try {
      const step = await session.call({ cmd: "replay", session: final.session, move: target });
      if (!replay.active || session.view !== final) return;
      replay.move = step.move;
      const past = { ...final, move: step.move, observation: step.observation, is_over: step.move === step.moves,
        waiting_for: null };
      board.render(past, null);
      renderLog(past);
      $("replay-slider").value = String(step.move);
      $("replay-position").textContent = t("play.replay.move", { move: step.move, moves: step.moves });
      page().replayMove = String(step.move);
    } catch (err) {
      console.warn("replay step failed:", err);
      if (isEngineTrouble(err)) {
        closeReplay();
        showTrouble(err);
      } else {
        toast(t("play.replay.failed"));
      }
    }
  }

  function openReplay() {
    const final = session?.view;
    if (!final?.is_over) return;
    $("result").close();
    Object.assign(replay, { active: true, final, moves: final.move });
    $("replay-slider").max = String(final.move);
    $("replay-bar").hidden = false;
    page().replay = "on";
    showReplay(0);
    $("replay-next").focus();
  }

  function closeReplay() {
    if (!replay.active) return;
    replay.active = false;
    $("replay-bar").hidden = true;
    delete page().replay;
    delete page().replayMove;
    if (session?.view) {
      board.render(session.view, null);
      renderLog(session.view);
      if (session.view.is_over) $("result").showModal();
    }
  }

  function wireReplay() {
    $("replay-open").addEventListener("click", openReplay);
    $("replay-close").addEventListener("click", closeReplay);
    $("replay-first").addEventListener("click", () => showReplay(0));
    $("replay-prev").addEventListener("click", () => showReplay(replay.move - 1));
    $("replay-next").addEventListener("click", () => showReplay(replay.move + 1));
    $("replay-last").addEventListener("click", () => showReplay(replay.moves));
    $("replay-slider").addEventListener("input", (event) => showReplay(Number(event.target.value)));
    document.addEventListener("keydown", (event) => {
      if (!replay.active || document.querySelector("dialog[open]")) return;
      const steps = { ArrowLeft: -1, ArrowRight: 1 };
      if (event.key in steps && event.target.id !== "replay-slider") {
        event.preventDefault();
        showReplay(replay.move + steps[event.key]);
      } else if (event.key === "Escape") {
        closeReplay();
      }
    }, { signal: listeners.signal });
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

  /**
   * The board's match settings as selects in the toolbar; the URL or the last choice sets them.
   * Settings that name the same `group` share one menu (a <details> with the group's label and
   * how many of them differ from the game's default), so a few on/off rules do not crowd the toolbar.
   */
  function mountSettings(settings) {
    const anchor = $("level").closest("label");
    const groups = new Map();
    const placed = [];
    for (const setting of settings) {
      if (!setting.group) {
        placed.push(settingControl(setting, "level setting"));
        continue;
      }
      if (!groups.has(setting.group.label)) {
        const group = settingGroup(setting.group);
        groups.set(setting.group.label, group);
        placed.push(group.node);
      }
      groups.get(setting.group.label).add(setting);
    }
    anchor.after(...placed);
  }

  /** One setting: a label with a select of its values. */
  function settingControl(setting, className) {
    const label = document.createElement("label");
    label.className = className;
    const caption = document.createElement("span");
    caption.dataset.i18n = setting.label;
    caption.textContent = t(setting.label);
    const select = document.createElement("select");
    select.id = `setting-${setting.key}`;
    select.dataset.setting = setting.key;
    if (setting.seat) select.dataset.seat = "true"; // the player's place at the table, not a game option
    const optionText = (value) => {
      if (setting.valueLabels) return t(setting.valueLabels[JSON.stringify(value)]); // e.g. on / off
      return setting.option ? t(setting.option, { n: value }) : String(value);
    };
    for (const value of setting.values) {
      const option = document.createElement("option");
      option.value = JSON.stringify(value);
      option.textContent = optionText(value);
      select.append(option);
    }
    onLanguage(() => {
      for (const option of select.options) option.textContent = optionText(JSON.parse(option.value));
    });
    const known = (raw) => setting.values.some((v) => JSON.stringify(v) === raw);
    const fromUrl = params.has(setting.key) ? JSON.stringify(parseValue(params.get(setting.key))) : null;
    const saved = readText(`setting.${name}.${setting.key}`);
    const fallback = JSON.stringify(defaultOptions[setting.key] ?? setting.values[0]);
    select.value = [fromUrl, saved, fallback].find((raw) => raw != null && known(raw)) ?? JSON.stringify(setting.values[0]);
    select.addEventListener("change", () => {
      writeText(`setting.${name}.${setting.key}`, select.value);
      if (session?.view && !session.view.is_over) toast(t("play.setting-next"));
    });
    label.append(caption, select);
    return label;
  }

  /** A menu of settings: {label, count (text with {n}), hint} message keys. */
  function settingGroup(group) {
    const node = document.createElement("details");
    node.className = "setting-group";
    const summary = document.createElement("summary");
    const caption = document.createElement("span");
    const count = document.createElement("span");
    count.className = "setting-count";
    summary.append(caption, count);
    const panel = document.createElement("div");
    panel.className = "setting-panel";
    const hint = document.createElement("p");
    hint.className = "setting-hint";
    if (group.hint) panel.append(hint);
    node.append(summary, panel);
    const members = [];
    const refresh = () => {
      caption.textContent = t(group.label);
      hint.textContent = group.hint ? t(group.hint) : "";
      const changed = members.filter(({ setting, select }) =>
        select.value !== JSON.stringify(defaultOptions[setting.key] ?? setting.values[0])).length;
      count.textContent = changed && group.count ? t(group.count, { n: changed }) : "";
    };
    onLanguage(refresh);
    document.addEventListener("click", (event) => {
      if (node.open && !node.contains(event.target)) node.open = false;
    }, { signal: listeners.signal });
    node.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && node.open) {
        node.open = false;
        summary.focus();
      }
    });
    refresh();
    return {
      node,
      add(setting) {
        const label = settingControl(setting, "setting group-setting");
        const select = label.querySelector("select");
        select.addEventListener("change", refresh);
        members.push({ setting, select });
        panel.append(label);
        refresh();
      },
    };
  }

  function settingOptions() {
    const options = {};
    for (const select of frame.querySelectorAll("select[data-setting]:not([data-seat])")) {
      options[select.dataset.setting] = JSON.parse(select.value);
    }
    return options;
  }

  /** The player's seat (0 starts) from a board's `seat` setting (1-based), within the table's size. */
  function chosenSeat(options) {
    const select = frame.querySelector("select[data-seat]");
    if (!select) return 0;
    const players = options.players ?? defaultOptions.players ?? 2;
    return Math.max(0, Math.min(JSON.parse(select.value), players) - 1);
  }

  function parseValue(raw) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }

  /** Game options from the URL (e.g. decks=...), for the keys the game knows. */
  function urlOptions() {
    const options = {};
    for (const key of Object.keys(defaultOptions)) {
      if (params.has(key)) options[key] = parseValue(params.get(key));
    }
    return options;
  }

  /**
   * A new game. The engine checks it completely first: until it has dealt the
   * new game, the running one stays on the table and in its save. Resolves to
   * {ok: true} or {ok: false, code, message} (the embed channel answers the host with it).
   */
  async function newGame({ level = $("level").value, options = { ...urlOptions(), ...settingOptions() },
    fromHost = false } = {}) {
    if (!session) return { ok: false, code: "not_ready", message: "the game is still loading" };
    if (!claim?.owned) {
      showElsewhere(false);
      return { ok: false, code: "not_owner", message: "this game is open in another tab" };
    }
    const first = !session.view;
    if (first) page().gameState = "starting";
    try {
      await session.start({ level, options, human: chosenSeat(options) });
    } catch (err) {
      console.warn("could not start a game:", err);
      if (first) page().gameState = "failed";
      if (isEngineTrouble(err)) showTrouble(err);
      else if (fromHost) toast(t("embed.refused"), 6000);
      else toast(err.code === "bad_options" ? t("play.bad-options") : t("play.failed"), 6000);
      return { ok: false, code: err.code ?? "internal", message: err.message ?? String(err) };
    }
    $("level").value = level;
    closeReplay();
    if ($("result").open) $("result").close();
    clearTimeout(toastTimer); // a notice about the last game ("applies from the next game") is stale now
    $("toast").hidden = true;
    return { ok: true };
  }

  /**
   * Offer the saved game back (or, with ask: false, simply reopen it). A save
   * that fails our checks or the engine's is kept as a copy with a notice and
   * a new game starts; an engine that fails while reopening it leaves the save
   * exactly where it was.
   */
  async function resumeOrStart({ ask = true } = {}) {
    const stored = slot.load();
    if (stored.refused) {
      showRefused(stored.refused);
      return newGame();
    }
    if (stored.missing) return newGame();
    const { save } = stored;
    if (!ask) return openSaved(save);
    $("resume-text").textContent = t("play.resume.text", {
      date: formatDate(save.saved_at), move: save.move ?? "?",
    });
    const choice = await new Promise((resolve) => {
      const dialog = $("resume");
      const pick = (value) => () => {
        dialog.close();
        resolve(value);
      };
      $("resume-continue").onclick = pick(true);
      $("resume-new").onclick = pick(false);
      dialog.oncancel = pick(false);
      dialog.showModal();
    });
    if (!choice) return newGame(); // the player's word: the new game's save replaces this one
    return openSaved(save);
  }

  function showMissing() {
    page().gameState = "missing";
    const error = $("play-error");
    error.hidden = false;
    error.replaceChildren(
      Object.assign(document.createElement("span"), { textContent: t("play.missing") + " " }),
      Object.assign(document.createElement("a"), { href: "./", textContent: t("play.back") }),
    );
    status.hidden = true;
    for (const id of ["new-game", "show-rules", "level"]) $(id).disabled = true;
  }


  async function start() {
    mountShell(frame, { levels: levelsOf(name) });
    root.append(frame);
    frame.querySelector(".engine-slot").replaceWith(status);
    status.hidden = html.dataset.engine === "ready"; // shown while the engine boots or when it failed
    page().gameState = "none";
    if (!isKnownGame(name)) {
      showMissing();
      onLanguage(showMissing);
      return;
    }
    const title = () => {
      if (!alive) return;
      const heading = document.getElementById("game-title"); // the site's header; an embed has none
      if (heading) heading.textContent = t(`game.${name}.title`);
      document.title = `${t(`game.${name}.title`)} · ${t("site.title")}`;
    };
    title(); // at once: the site's catalogue names every game
    const module = await import(`../games/${name}/board.js`);
    if (!alive) return;
    addMessages(module.messages);
    title(); // a game the site's catalogue does not list (the test game) names itself

    const levelSelect = $("level");
    const level = [params.get("level"), readText(LEVEL_KEY)].find((l) => levelsOf(name).includes(l)) ?? DEFAULT_LEVEL;
    levelSelect.value = level;
    levelSelect.addEventListener("change", () => {
      writeText(LEVEL_KEY, levelSelect.value);
      if (session?.view && !session.view.is_over) toast(t("play.level-next"));
    });

    // The pace of the computer's moves: the menu (remembered), or a number in the address (tests, embeds).
    const speedSelect = $("speed");
    const asked = params.get("pace");
    speedSelect.value = Object.hasOwn(PACES, readText(PACE_KEY)) ? readText(PACE_KEY) : "normal";
    const pace = () => (asked != null && Number.isFinite(Number(asked)) ? Number(asked) : PACES[speedSelect.value]);
    speedSelect.addEventListener("change", () => {
      writeText(PACE_KEY, speedSelect.value);
      if (session) session.pace = pace(); // from the next move on
    });

    board = module.createBoard($("board"), {
      t,
      pace,
      turnChanged: () => alive && renderTurn(), // the board stopped or started holding the game
      signal: listeners.signal, // the board's listeners on the document end with the game
      remember: () => {
        if (!session?.view || session.view.is_over) return;
        savedAt = null; // the same move, saved again with what the player wrote
        persist(session.view);
      },
      act: async (action) => {
        const refused = await session.act(action);
        if (refused && refused !== "not_your_turn") toast(t("play.refused"));
        return refused;
      },
    });
    board.rules = module.rules;

    cleanups.push(boot.onReady(async (info) => {
      if (session || !alive) return;
      engineVersion = info.version.engine;
      // A failure here shows the engine panel's error and "Try again", so the panel stays until it works.
      const games = await engine.call({ cmd: "list_games", hidden: true });
      if (session || !alive) return;
      status.hidden = true;
      defaultOptions = games.find((g) => g.name === name)?.options ?? {};
      mountSettings(module.settings ?? []);
      session = new GameSession(engine, name, {
        onView: show,
        onBusy: () => alive && renderTurn(),
        onTrouble: (err) => alive && showTrouble(err),
        pace: pace(),
        margin: MARGIN_MS,
        hold: () => board.hold?.() ?? Promise.resolve(),
      });
      claim = createClaim(slot.key, { onLost: () => alive && lostTab() });
      emit("ready", { game: name, level: levelSelect.value });
      await after; // the game this one replaces has let go of its save
      if (!alive) return;
      if (await claim.acquire()) {
        if (!alive) return claim.release();
        page().owner = "here";
        await resumeOrStart({ ask });
      } else if (alive) {
        showElsewhere(false);
      }
    }));

    onLanguage(() => {
      title();
      if (replay.active) showReplay(replay.move);
      else if (session?.view) show(session.view, null);
      if ($("rules").open) renderRules();
    });
    $("new-game").addEventListener("click", () => session && newGame());
    $("rematch").addEventListener("click", () => session && newGame());
    $("result-close").addEventListener("click", () => $("result").close());
    wireReplay();
    $("show-rules").addEventListener("click", () => {
      renderRules();
      $("rules").showModal();
    });
    $("rules-close").addEventListener("click", () => $("rules").close());
  }

  let leaving = null;
  function unmount() {
    leaving ??= leave();
    return leaving;
  }

  async function leave() {
    // Off the page at once: the next route can mount its own game in `root` now.
    alive = false;
    listeners.abort();
    for (const stop of cleanups) stop();
    clearTimeout(toastTimer);
    clearNotices();
    for (const dialog of frame.querySelectorAll("dialog[open]")) dialog.close();
    if (frame.contains(status)) status.remove();
    frame.remove();
    for (const key of GAME_DATA) delete html.dataset[key];
    // Then the game is put away: a move on its way to the engine is saved, the AI stops,
    // every save is written before this tab lets go of the game.
    await session?.settled();
    session?.halt({ code: "closed" });
    await Promise.allSettled([...writes]);
    claim?.release();
    const open = session?.view?.session;
    if (open != null && !isEngineTrouble(session.trouble)) {
      engine.call({ cmd: "close", session: open }).catch(() => {}); // behind any AI move still thinking
    }
  }

  start().catch((err) => {
    console.warn("the game could not be shown:", err);
    if (alive) showTrouble(err);
  });
  return { gameEvents, newGame, unmount };
}
