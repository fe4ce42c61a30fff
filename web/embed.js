// Card Garden for other people's pages. Include this script from the site
// and mark where a game goes:
//
//   <div data-card-garden="hanamikoji" data-lang="de" data-level="hard"></div>
//   <script src="SITE/embed.js" defer></script>     (SITE: where this site is served)
//
// Each marked element gets an iframe of embed.html that grows with its
// content. The element receives DOM events with the game's messages:
// "cardgarden:ready", "cardgarden:resize", "cardgarden:result" and
// "cardgarden:error" (a refused command; detail: the message), and gains
// element.cardGarden.newGame({level, options}).
// Other data-* attributes become the game's options (data-rounds="6").
// data-theme="dark" or "light" draws the game in that theme; without it, the visitor's system decides.
// data-sound="on" lets the game make its sounds (the visitor may still turn them off in its menu);
// without it the game is silent and offers no sound at all.
// Only messages from our own frames are read, and only after checking them.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var base = new URL(".", script.src);
  var PROTOCOL = "card-garden";
  var frames = [];

  function place(element) {
    if (element.cardGarden) return element.cardGarden;
    var query = new URLSearchParams();
    var data = element.dataset;
    query.set("game", data.cardGarden);
    Object.keys(data).forEach(function (key) {
      if (key !== "cardGarden" && key !== "height" && key !== "title") query.set(key, data[key]);
    });
    var frame = document.createElement("iframe");
    frame.src = new URL("embed.html?" + query.toString(), base).href;
    frame.title = data.title || "Card Garden: " + data.cardGarden;
    frame.loading = "lazy";
    frame.setAttribute("allow", "clipboard-write");
    frame.style.width = "100%";
    frame.style.border = "0";
    var height = Number(data.height); // the first height, until the game tells its own: a sane number of px
    frame.style.height = (isFinite(height) && height > 0 ? Math.min(Math.max(height, 100), 5000) : 640) + "px";
    frame.style.display = "block";
    element.replaceChildren(frame);
    frames.push({ frame: frame, element: element });
    var api = {
      frame: frame,
      newGame: function (settings) {
        var message = { protocol: PROTOCOL, version: 1, type: "new-game" };
        if (settings && settings.level) message.level = settings.level;
        if (settings && settings.options) message.options = settings.options;
        frame.contentWindow.postMessage(message, base.origin);
      },
    };
    element.cardGarden = api;
    return api;
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== base.origin) return;
    var entry = null;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].frame.contentWindow === event.source) entry = frames[i];
    }
    var message = event.data;
    if (!entry || !message || message.protocol !== PROTOCOL || message.version !== 1) return;
    if (message.type === "resize") {
      var height = Number(message.height);
      if (!(height > 0 && height < 20000)) return;
      entry.frame.style.height = Math.ceil(height) + "px";
    } else if (message.type !== "ready" && message.type !== "result" && message.type !== "error") {
      return;
    }
    entry.element.dispatchEvent(new CustomEvent("cardgarden:" + message.type, { detail: message, bubbles: true }));
  });

  function placeAll() {
    document.querySelectorAll("[data-card-garden]").forEach(place);
  }
  window.CardGarden = { place: place };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", placeAll);
  else placeAll();
})();
