// The engine's boot as a player sees it, shared by every page: a progress bar
// of real bytes, a clear error with a retry button, then the version.
// Sets <html data-engine="loading|ready|error"> and performance.mark("engine-ready").

import { EngineClient } from "../engine/client.js";
import { formatNumber, onLanguageChange, t } from "./i18n.js";

const TEMPLATE = `
  <div class="engine-loading">
    <p class="engine-phase" id="engine-phase"></p>
    <progress id="engine-progress" max="1" value="0" aria-labelledby="engine-phase"></progress>
    <p class="engine-bytes" id="engine-bytes"></p>
  </div>
  <div class="engine-ready">
    <p><span class="ok-dot" aria-hidden="true"></span> <span data-i18n="engine.ready"></span></p>
    <details class="engine-about">
      <summary data-i18n="engine.about"></summary>
      <p class="engine-version" id="engine-version"></p>
      <p class="engine-about-text" data-i18n="engine.about-text"></p>
    </details>
  </div>
  <div class="engine-error" role="alert">
    <h2 data-i18n="error.title"></h2>
    <p id="error-message"></p>
    <details>
      <summary data-i18n="error.details"></summary>
      <code id="error-detail"></code>
    </details>
    <button type="button" id="retry" class="primary" data-i18n="error.retry"></button>
  </div>`;

/**
 * Fill `section` with the status UI and boot the engine, once for the whole
 * document: the start page and every game shown in it share this engine.
 * Returns {engine, onReady(fn), onFailure(fn), whenIdle()}; onReady(fn) calls
 * fn(info) now if the engine is already up, and after every boot that succeeds
 * (a "Try again" after a failure included); both return a function that stops
 * the calls. whenIdle() resolves the first time the engine is up and idle
 * (EngineClient.idle): the moment for background work such as the precache. The section can be moved to wherever the player is looking.
 * `engine`: an EngineClient already booting (js/early-engine.js), or a new one.
 */
export function mountEngineStatus(section, { engine = new EngineClient() } = {}) {
  const readyListeners = new Set();
  const failureListeners = new Set();
  let readyInfo = null;
  section.innerHTML = TEMPLATE; // our own constant markup, no data in it
  const $ = (id) => section.querySelector(`#${id}`);
  const html = document.documentElement;
  const state = { progress: { loaded: 0, total: 0, phase: "manifest" }, version: null, failure: null };

  // Phases that move no bytes (Python starting, the games loading, a restore) show a moving
  // bar and the seconds they have taken, so a player sees the page is alive, not frozen.
  const BYTES = new Set(["manifest", "runtime"]);
  let phaseStarted = performance.now();
  let lastPhase = null;
  let ticker = null;

  function render() {
    for (const el of section.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    const { loaded, total, phase } = state.progress;
    if (phase !== lastPhase) {
      lastPhase = phase;
      phaseStarted = performance.now();
      html.dataset.enginePhase = phase;
    }
    $("engine-phase").textContent = t(`engine.phase.${phase}`);
    const bar = $("engine-progress");
    const counting = BYTES.has(phase) && total;
    if (counting) {
      bar.max = total;
      bar.value = loaded;
    } else if (phase === "ready") {
      bar.max = total || 1;
      bar.value = bar.max; // ended full, on every path
    } else {
      bar.removeAttribute("value"); // indeterminate: the browser animates it
    }
    const seconds = formatNumber(Math.floor((performance.now() - phaseStarted) / 500) / 2, 1); // moves every tick
    $("engine-bytes").textContent = counting
      ? t("engine.bytes", { loaded: formatNumber(loaded / 1e6), total: formatNumber(total / 1e6) })
      : phase === "manifest" || phase === "ready" ? "" : t("engine.elapsed", { seconds });
    if (state.version) $("engine-version").textContent = t("engine.version", state.version);
    if (state.failure) {
      $("error-message").textContent = t(`error.${state.failure.kind}`);
      $("error-detail").textContent = `${state.failure.kind}: ${state.failure.detail}`;
    }
  }

  // The engine may have been started before this panel (js/early-engine.js): it catches up.
  engine.onProgress = (progress) => {
    state.progress = progress;
    render();
  };
  engine.onSnapshot = (message) => {
    html.dataset.snapshot = message.stored ? "stored" : "failed";
  };
  if (engine.progress) state.progress = engine.progress;
  if (engine.snapshot) engine.onSnapshot(engine.snapshot);

  async function start(boot) {
    html.dataset.engine = "loading";
    state.failure = null;
    render();
    clearInterval(ticker);
    ticker = setInterval(render, 500); // the seconds of a phase that moves no bytes
    let info;
    try {
      info = await boot();
    } catch (failure) {
      fail(failure);
      return;
    }
    clearInterval(ticker);
    state.version = info.version;
    performance.mark("engine-ready", { detail: info.timings });
    html.dataset.engine = "ready";
    html.dataset.build = info.build;
    html.dataset.boot = info.boot; // "cold" or "snapshot": which way the engine came up
    if (info.refused) html.dataset.snapshotRefused = info.refused;
    // Games the restored memory had opened: 0 for a snapshot of a clean engine.
    if (info.snapshotSessions != null) html.dataset.snapshotSessions = String(info.snapshotSessions);
    readyInfo = info;
    render();
    for (const fn of [...readyListeners]) run(fn);
  }

  /** The boot failed, or a first call after it (list_games): the error and "Try again" stay up. */
  function fail(failure) {
    clearInterval(ticker);
    readyInfo = null;
    const known = `error.${failure.kind}` !== t(`error.${failure.kind}`);
    state.failure = {
      kind: known ? failure.kind : "unknown",
      detail: failure.detail ?? String(failure.message ?? failure),
    };
    html.dataset.engine = "error";
    console.warn("engine failed to load:", failure);
    section.hidden = false;
    render();
    for (const fn of [...failureListeners]) fn(state.failure);
  }

  async function run(fn) {
    try {
      await fn(readyInfo);
    } catch (failure) {
      if (readyInfo) fail(failure);
    }
  }

  onLanguageChange(render);
  $("retry").addEventListener("click", () => start(() => engine.retry()));
  start(() => engine.boot());
  return {
    engine,
    onReady(fn) {
      readyListeners.add(fn);
      if (readyInfo) queueMicrotask(() => readyInfo && readyListeners.has(fn) && run(fn));
      return () => readyListeners.delete(fn);
    },
    onFailure(fn) {
      failureListeners.add(fn);
      // state.failure is the boot's failure until a retry starts.
      if (state.failure) queueMicrotask(() => state.failure && failureListeners.has(fn) && fn(state.failure));
      return () => failureListeners.delete(fn);
    },
    whenIdle() {
      return new Promise((resolve) => {
        const stop = this.onReady(() => engine.idle().then(() => {
          stop();
          resolve();
        }, () => {}));
      });
    },
  };
}
