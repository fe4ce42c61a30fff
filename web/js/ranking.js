// The start page's ranking table ("Rangliste"): each game's results on this
// device, with a button that clears them after a second click.

import { GAMES } from "./collection.js";
import { formatNumber, t } from "./i18n.js";
import { clearHistory, rankingTable } from "./records.js";

const COLUMNS = ["game", "played", "won", "drawn", "lost", "total", "average", "best"];

export function mountRanking(section) {
  const table = section.querySelector("table");
  const empty = section.querySelector(".ranking-empty");
  const clear = section.querySelector(".ranking-clear");
  const confirm = section.querySelector(".ranking-confirm");
  let confirming = false;

  function render() {
    const rows = rankingTable(GAMES.map((g) => g.name));
    const any = rows.some((r) => r.played);
    empty.hidden = any;
    table.hidden = !any;
    clear.hidden = !any || confirming;
    confirm.hidden = !confirming;
    const head = document.createElement("tr");
    for (const column of COLUMNS) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t(`ranking.col.${column}`);
      head.append(th);
    }
    const body = rows.filter((r) => r.played).map((r) => {
      const tr = document.createElement("tr");
      tr.dataset.game = r.game;
      for (const column of COLUMNS) {
        const cell = document.createElement(column === "game" ? "th" : "td");
        if (column === "game") {
          cell.scope = "row";
          cell.textContent = t(`game.${r.game}.title`);
        } else if (column === "average") {
          cell.textContent = formatNumber(r.average, 1);
        } else {
          cell.textContent = String(r[column]);
        }
        tr.append(cell);
      }
      return tr;
    });
    table.querySelector("thead").replaceChildren(head);
    table.querySelector("tbody").replaceChildren(...body);
  }

  clear.addEventListener("click", () => {
    confirming = true;
    render();
    confirm.querySelector(".ranking-yes").focus();
  });
  confirm.querySelector(".ranking-yes").addEventListener("click", () => {
    clearHistory();
    confirming = false;
    render();
  });
  confirm.querySelector(".ranking-no").addEventListener("click", () => {
    confirming = false;
    render();
  });
  window.addEventListener("storage", render); // another tab finished a game
  return { render };
}
