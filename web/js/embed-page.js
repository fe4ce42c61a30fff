// embed.html: one game for another site's page, without the site's chrome.
// The game comes from ?game=<name> (and ?level=, options, ?lang=), boots its
// own engine, keeps its own save, and talks to the host page through
// js/embed-frame.js.

import { engine } from "./early-engine.js";
import { mountEngineStatus } from "./engine-status.js";
import { connectEmbed } from "./embed-frame.js";
import { setupLanguage } from "./language.js";
import { registerServiceWorker } from "./offline.js";
import { mountGame } from "./play.js";

const params = new URLSearchParams(location.search);
const name = params.get("game") ?? "";
const status = document.createElement("section");
status.id = "engine";
status.className = "engine";
status.setAttribute("aria-live", "polite");

setupLanguage();
const boot = mountEngineStatus(status, { engine });
// The service worker registers once the first board is dealt and the engine idle: its precache never competes.
registerServiceWorker(boot.whenIdle());
const { gameEvents, newGame } = mountGame(document.getElementById("shell"), {
  name, params, boot, status, embedded: true,
});
connectEmbed({ game: name, gameEvents, newGame });
