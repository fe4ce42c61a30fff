// The "Embed" page: copy-paste snippets for each playable game, with the
// site's own address filled in so they work from wherever the site is hosted.

import { DEFAULT_LEVEL, GAMES, levelOptions, levelsOf } from "./collection.js";
import { onLanguageChange, t } from "./i18n.js";
import { setupLanguage } from "./language.js";
import { registerServiceWorker } from "./offline.js";

const $ = (id) => document.getElementById(id);
const site = new URL("../", import.meta.url).href;
// Each game has its own level menu: the games do not all have the same levels.
const chosen = new Map(); // game -> level picked on this page
const levelFor = (game) => chosen.get(game) ?? DEFAULT_LEVEL;

function snippets(game, lang, level) {
  const query = new URLSearchParams({ game, lang, level });
  // The game's theme (issue 44): left out, the visitor's system decides; data-theme becomes ?theme=.
  const theme = $("embed-theme").value;
  if (theme !== "system") query.set("theme", theme);
  const themed = theme !== "system" ? ` data-theme="${theme}"` : "";
  // Sound (issue 44): an embed is silent unless its host asks; data-sound becomes ?sound=.
  const sound = $("embed-sound").value === "on";
  if (sound) query.set("sound", "on");
  const sounded = sound ? ' data-sound="on"' : "";
  return {
    script: `<div data-card-garden="${game}" data-lang="${lang}" data-level="${level}"${themed}${sounded}></div>\n`
      + `<script src="${site}embed.js" defer></script>`,
    iframe: `<iframe src="${site}embed.html?${query}" title="${t(`game.${game}.title`)}" `
      + `style="width:100%;height:760px;border:0" loading="lazy"></iframe>`,
  };
}

function block(label, code) {
  const wrap = document.createElement("div");
  wrap.className = "snippet";
  const head = document.createElement("div");
  head.className = "snippet-head";
  const title = document.createElement("h3");
  title.textContent = label;
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "secondary";
  copy.textContent = t("embed.copy");
  const pre = document.createElement("pre");
  pre.textContent = code;
  pre.tabIndex = 0;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code);
      copy.textContent = t("embed.copied");
    } catch {
      getSelection().selectAllChildren(pre); // copying refused: select it for Ctrl+C
    }
  });
  head.append(title, copy);
  wrap.append(head, pre);
  return wrap;
}

function levelMenu(game, onChange) {
  const wrap = document.createElement("div");
  wrap.className = "embed-settings";
  const label = document.createElement("label");
  const text = document.createElement("span");
  text.textContent = t("play.level");
  const select = document.createElement("select");
  select.append(...levelOptions(levelsOf(game)));
  select.value = levelFor(game);
  select.addEventListener("change", () => {
    chosen.set(game, select.value);
    onChange();
  });
  label.append(text, select);
  wrap.append(label);
  return wrap;
}

function gameSection(game, lang) {
  const section = document.createElement("section");
  section.className = "embed-game";
  section.dataset.game = game;
  const heading = document.createElement("h2");
  heading.textContent = t(`game.${game}.title`);
  const blocks = document.createElement("div");
  const fill = () => {
    const code = snippets(game, lang, levelFor(game));
    blocks.replaceChildren(block(t("embed.with-script"), code.script), block(t("embed.with-iframe"), code.iframe));
  };
  section.append(heading, levelMenu(game, fill), blocks);
  fill();
  return section;
}

function render() {
  document.title = `${t("embed.title")} · ${t("site.title")}`; // the tab says it in the page's language
  const lang = $("embed-lang").value;
  $("snippets").replaceChildren(...GAMES.filter((g) => g.board).map((g) => gameSection(g.name, lang)));
}

setupLanguage();
registerServiceWorker();
$("embed-lang").value = document.documentElement.lang;
$("embed-lang").addEventListener("change", render);
$("embed-theme").addEventListener("change", render);
$("embed-sound").addEventListener("change", render);
onLanguageChange(render);
render();
