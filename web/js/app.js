// The start page: language, the collection, and the engine's boot.

import { mountEngineStatus } from "./engine-status.js";
import { setupLanguage } from "./language.js";
import { registerServiceWorker } from "./offline.js";
import { renderCollection } from "./collection.js";
import { onLanguageChange } from "./i18n.js";
import { mountRanking } from "./ranking.js";

const list = document.getElementById("games");
let games = null;
let failed = false;
const render = () => renderCollection(list, games, failed);

setupLanguage();
const engine = mountEngineStatus(document.getElementById("engine"), {
  async onReady() {
    registerServiceWorker(); // after the boot, so its precache never competes with it
    failed = false;
    games = await engine.call({ cmd: "list_games" });
    render();
  },
  onFailure() {
    failed = true;
    render();
  },
});
const ranking = mountRanking(document.getElementById("ranking"));
onLanguageChange(() => {
  render();
  ranking.render();
});
render();
ranking.render();
