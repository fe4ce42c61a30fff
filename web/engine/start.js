// The engine's worker, started by the page's first script. This is a classic
// script, placed before the style sheets: it runs as soon as it arrives, so
// the worker starts before the page's seventy modules have arrived and run.
// (A module script, even async, waits for its imports: the worker began
// 100-300 ms later.) The page's EngineClient (client.js) takes this worker
// over, with every message it has sent so far; where this script did not
// start one, the client starts a worker itself.

(() => {
  try {
    if (typeof Worker !== "function" || typeof WebAssembly !== "object") return; // the client says why
    const url = new URL("worker.js", document.currentScript.src);
    // The page's ?snapshots=0 (tests, benchmarks) is passed on, as the client does.
    if (new URLSearchParams(location.search).get("snapshots") === "0") url.searchParams.set("snapshots", "0");
    const worker = new Worker(url, { type: "module" });
    const early = [];
    const keep = (event) => {
      if (event.type === "error") event.preventDefault(); // the client reports it
      early.push(event);
    };
    const kinds = ["message", "messageerror", "error"];
    for (const kind of kinds) worker.addEventListener(kind, keep);
    performance.mark("engine-start");
    worker.postMessage({ type: "boot" });
    globalThis.cardGardenEngine = {
      url: url.href,
      /** The worker and the events it has sent so far, handed over once. */
      take() {
        for (const kind of kinds) worker.removeEventListener(kind, keep);
        delete globalThis.cardGardenEngine;
        return { worker, early };
      },
    };
  } catch {
    // No early start: the page's client starts the worker.
  }
})();
