// The start page: language, the collection, and the engine boot with a
// byte-accurate progress bar, a clear error with retry, and the version.
// Milestones for tests and benchmarks: performance.mark("engine-ready") and
// <html data-engine="loading|ready|error">.

import { EngineClient } from "../engine/client.js";
import { detectLanguage, formatNumber, onLanguageChange, setLanguage, t } from "./i18n.js";
import { renderCollection } from "./collection.js";

const $ = (id) => document.getElementById(id);
const html = document.documentElement;
const state = { progress: { loaded: 0, total: 0, phase: "manifest" }, version: null, failure: null, games: null };

function renderProgress() {
  const { loaded, total, phase } = state.progress;
  $("engine-phase").textContent = t(`engine.phase.${phase}`);
  const bar = $("engine-progress");
  bar.max = total || 1;
  bar.value = loaded;
  $("engine-bytes").textContent = total
    ? t("engine.bytes", { loaded: formatNumber(loaded / 1e6), total: formatNumber(total / 1e6) })
    : "";
}

function renderVersion() {
  if (!state.version) return;
  $("engine-version").textContent = t("engine.version", state.version);
}

function renderFailure() {
  if (!state.failure) return;
  $("error-message").textContent = t(`error.${state.failure.kind}`) || t("error.unknown");
  $("error-detail").textContent = `${state.failure.kind}: ${state.failure.detail}`;
}

function render() {
  renderProgress();
  renderVersion();
  renderFailure();
  renderCollection($("games"), state.games, Boolean(state.failure));
}

const engine = new EngineClient({
  onProgress(progress) {
    state.progress = progress;
    renderProgress();
  },
});

async function start(boot) {
  html.dataset.engine = "loading";
  state.failure = null;
  render();
  try {
    const info = await boot();
    state.version = info.version;
    performance.mark("engine-ready", { detail: info.timings });
    html.dataset.engine = "ready";
    state.games = await engine.call({ cmd: "list_games" });
  } catch (failure) {
    state.failure = { kind: failure.kind ?? "unknown", detail: failure.detail ?? String(failure.message ?? failure) };
    html.dataset.engine = "error";
    console.warn("engine failed to load:", failure);
  }
  render();
}

onLanguageChange(render);
onLanguageChange((lang) => {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
});
for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => setLanguage(button.dataset.lang));
}
$("retry").addEventListener("click", () => start(() => engine.retry()));
setLanguage(detectLanguage(), { remember: false });
start(() => engine.boot());
