// The engine's worker, started by the page's first script. This is a classic
// script, placed before the style sheets: it runs as soon as it arrives, so
// worker.js is asked for before anything else the page loads. (A module
// script, even async, waits for its imports and ran 100-300 ms later here.)
//
// The page's own module (js/app.js) loads as before, and with it the modules
// it imports directly; the <link rel="modulepreload"> for all the rest wait
// in <template id="page-preloads"> until the worker's first word, which it
// sends once it has asked for every file of its boot (worker.js:
// fetchEarly). Over HTTP/1.1 a browser opens six connections to a site, and
// the page's seventy modules, all asked for at once, held even worker.js
// back: on a first visit the worker began 735-771 ms after the navigation
// with them and 161-251 ms without (bench/load.py's server, same runs).
// That is for a game's own address (a direct link, a shared game, an embed);
// the links go at once on the start page (its Play buttons first), if the
// worker cannot start or the site's service worker serves the page (its
// files come from the device), and after RELEASE_MS whatever happens.
//
// The page's EngineClient (client.js) takes this worker over, with every
// message it has sent so far; where this script did not start one, the
// client starts a worker itself.

(() => {
  const RELEASE_MS = 800;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    for (const node of document.getElementById("page-preloads")?.content.children ?? []) {
      const element = document.createElement(node.localName);
      for (const { name, value } of node.attributes) element.setAttribute(name, value);
      document.head.append(element);
    }
  };
  setTimeout(release, RELEASE_MS);
  try {
    if (typeof Worker !== "function" || typeof WebAssembly !== "object") {
      release(); // the client says why
      return;
    }
    const url = new URL("worker.js", document.currentScript.src);
    // The page's ?snapshots=0 (tests, benchmarks) is passed on, as the client does.
    if (new URLSearchParams(location.search).get("snapshots") === "0") url.searchParams.set("snapshots", "0");
    const worker = new Worker(url, { type: "module" });
    const early = [];
    const keep = (event) => {
      if (event.type === "error") event.preventDefault(); // the client reports it
      early.push(event);
      release();
    };
    const kinds = ["message", "messageerror", "error"];
    for (const kind of kinds) worker.addEventListener(kind, keep);
    performance.mark("engine-start");
    worker.postMessage({ type: "boot" });
    // The start page is for choosing: its Play buttons come first there (on a 10 Mbit line they came
    // 0.6 s later when its modules waited). A game's own address waits for the worker's word.
    if (!new URLSearchParams(location.search).has("game")) release();
    // A page the site's service worker serves stands in no six-connection queue: its files come from
    // the device, and the board needs the page's modules as soon as the engine is up.
    if (navigator.serviceWorker?.controller) release();
    globalThis.cardGardenEngine = {
      /** What the worker has said so far, by kind ("progress", "ready", ...): for tests and a look. */
      get said() {
        return early.map((event) => (event.type === "message" ? event.data?.type : event.type));
      },
      /** The worker, its address and the events it has sent so far, handed over once. */
      take() {
        for (const kind of kinds) worker.removeEventListener(kind, keep);
        delete globalThis.cardGardenEngine;
        return { url: url.href, worker, early };
      },
    };
  } catch {
    release(); // no early start: the page's client starts the worker
  }
})();
