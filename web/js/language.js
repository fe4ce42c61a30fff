// The language switch in the header of every page.

import { detectLanguage, onLanguageChange, setLanguage } from "./i18n.js";

export function setupLanguage() {
  const buttons = document.querySelectorAll("[data-lang]");
  onLanguageChange((lang) => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  });
  for (const button of buttons) button.addEventListener("click", () => setLanguage(button.dataset.lang));
  setLanguage(detectLanguage(), { remember: false });
}
