// Notices that stay until what they report is over: the engine stopped, a
// save that failed, a kept copy of a refused save, a game open in another
// tab. Each says in plain words what happened and offers its way out as
// buttons. Unlike the toast they do not fade: a player who looked away still
// finds them. Texts are functions, so a language switch redraws them.

import { onLanguageChange } from "./i18n.js";

const shown = new Map(); // id -> spec

/**
 * Show (or replace) notice `id` in `container`.
 *   spec: {text: () => string, detail?: () => string, tone?: "alert" | "info",
 *          actions: [{id, label: () => string, primary?, onClick}]}
 */
export function showNotice(container, id, spec) {
  shown.set(id, { container, spec });
  draw(id);
}

export function hideNotice(id) {
  shown.delete(id);
  document.getElementById(`notice-${id}`)?.remove();
}

/** Remove every notice (a game leaves the page). */
export function clearNotices() {
  for (const id of [...shown.keys()]) hideNotice(id);
}

export function isShown(id) {
  return shown.has(id);
}

function draw(id) {
  const { container, spec } = shown.get(id);
  const old = document.getElementById(`notice-${id}`);
  const box = document.createElement("div");
  box.id = `notice-${id}`;
  box.className = `notice notice-${spec.tone ?? "alert"}`;
  box.setAttribute("role", spec.tone === "info" ? "status" : "alert");
  const text = document.createElement("p");
  text.className = "notice-text";
  text.textContent = spec.text();
  box.append(text);
  if (spec.detail) {
    const detail = document.createElement("p");
    detail.className = "notice-detail";
    detail.textContent = spec.detail();
    box.append(detail);
  }
  const buttons = document.createElement("div");
  buttons.className = "notice-buttons";
  for (const action of spec.actions ?? []) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = action.id;
    button.className = action.primary ? "primary" : "secondary";
    button.textContent = action.label();
    button.disabled = Boolean(action.disabled);
    button.addEventListener("click", () => action.onClick(button));
    buttons.append(button);
  }
  if (buttons.childElementCount) box.append(buttons);
  if (old) old.replaceWith(box);
  else container.append(box);
}

onLanguageChange(() => {
  for (const id of shown.keys()) draw(id);
});
