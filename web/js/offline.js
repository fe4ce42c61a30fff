// Registers the service worker (sw.js at the site's root) and tells the
// player when a new version is ready. Accepting reloads into it; otherwise it
// is used once every tab of the site has closed. <html data-sw="controlled">
// marks a page the worker serves (so it works offline).

import { t, onLanguageChange } from "./i18n.js";

const html = document.documentElement;

function showUpdateBar(accept) {
  let bar = document.querySelector(".update-bar");
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "update-bar";
    bar.setAttribute("role", "status");
    const text = document.createElement("span");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    bar.append(text, button);
    document.body.append(bar);
    const label = () => {
      text.textContent = t("update.ready");
      button.textContent = t("update.apply");
    };
    label();
    onLanguageChange(label);
    button.addEventListener("click", () => {
      button.disabled = true;
      accept();
    });
  }
  html.dataset.update = "ready";
}

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  const mark = () => {
    if (container.controller) html.dataset.sw = "controlled";
  };
  mark();
  let accepted = false;
  container.addEventListener("controllerchange", () => {
    mark();
    if (accepted) location.reload();
  });
  let registration;
  try {
    registration = await container.register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url) });
  } catch (err) {
    // Not allowed here (a sandboxed frame, a private window): the site works online.
    console.info("offline play unavailable:", err.message);
    return;
  }
  const offer = (worker) => {
    if (!container.controller) return; // the first install: nothing to replace
    showUpdateBar(() => {
      accepted = true;
      worker.postMessage({ type: "skip-waiting" });
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}
