// The game's rules, in a dialog opened from the toolbar, in the page's language.
//
// Owns: the #rules dialog and its text. The sections are the board module's
// `rules` export: {en: [[title, paragraph, ...], ...], de: [...]}.

import { language } from "../i18n.js";

export function createRulesPanel(frame, rules) {
  const dialog = frame.$("rules");

  function render() {
    const sections = rules[language()] ?? rules.en;
    frame.$("rules-body").replaceChildren(
      ...sections.map(([title, ...paras]) => {
        const section = document.createElement("section");
        const heading = document.createElement("h3");
        heading.textContent = title;
        section.append(heading, ...paras.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
        return section;
      }),
    );
  }

  frame.$("show-rules").addEventListener("click", () => {
    render();
    dialog.showModal();
  });
  frame.$("rules-close").addEventListener("click", () => dialog.close());
  frame.onLanguage(() => dialog.open && render());
}
