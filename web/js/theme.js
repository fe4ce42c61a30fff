// The theme menu: light, dark or as the system. The start page's footer and a game's menu each
// hold one; any of them changes the whole site, and every menu on the page shows the same choice.
//
// Owns: the stored choice (localStorage "cardgarden.theme", through js/storage.js) and the
// menus that show it. What the choice draws, and when (before the first paint, and again when
// the system's setting changes), is js/theme-early.js's: this module only tells it
// ("cardgarden:theme" on the document, with the choice as its detail).

import { t } from "./i18n.js";
import { readText, writeText } from "./storage.js";

const KEY = "theme";
export const THEME_CHOICES = ["system", "light", "dark"];

/** The stored choice; missing, unknown or damaged is "system". */
export function themeChoice() {
  const stored = readText(KEY);
  return THEME_CHOICES.includes(stored) ? stored : "system";
}

/** Remember `choice` (if storage allows) and draw the page in it at once. */
export function setThemeChoice(choice) {
  if (!THEME_CHOICES.includes(choice)) return;
  writeText(KEY, choice);
  document.dispatchEvent(new CustomEvent("cardgarden:theme", { detail: choice }));
}

/**
 * A labelled menu of the three choices (its texts from the catalogue, data-i18n: translate()
 * renames them when the language changes). `id` names its select; `className` its label;
 * `signal` ends its listening when the menu's page part goes (a game's frame).
 */
export function themeMenu({ id, className = "theme-choice", signal }) {
  const label = document.createElement("label");
  label.className = className;
  const caption = document.createElement("span");
  caption.dataset.i18n = "theme.label";
  caption.textContent = t("theme.label");
  const select = document.createElement("select");
  select.id = id;
  select.dataset.theme = "menu";
  for (const choice of THEME_CHOICES) {
    const option = document.createElement("option");
    option.value = choice;
    option.dataset.i18n = `theme.${choice}`;
    option.textContent = t(`theme.${choice}`);
    select.append(option);
  }
  const show = () => {
    const root = document.documentElement.dataset.themeChoice;
    select.value = THEME_CHOICES.includes(root) ? root : themeChoice();
  };
  show();
  select.addEventListener("change", () => setThemeChoice(select.value));
  // Another menu on this page, or another tab of the site, chose: show the same.
  document.addEventListener("cardgarden:theme", show, { signal });
  addEventListener("storage", (event) => {
    if (event.key === null || event.key.endsWith(KEY)) show();
  }, { signal });
  label.append(caption, select);
  return label;
}
