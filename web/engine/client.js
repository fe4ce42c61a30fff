// A promise API over the engine worker: boot() once, then call(request).
//
//   const engine = new EngineClient({ onProgress });
//   const info = await engine.boot();          // rejects with a BootFailure
//   const view = await engine.call({ cmd: "new", game: "nim" });  // rejects with an EngineCallError
//
// The page never sees Python objects or the game state: requests and replies
// are the bridge's JSON envelopes.

export class BootFailure extends Error {
  constructor(kind, detail) {
    super(`${kind}: ${detail}`);
    this.kind = kind; // no-wasm | no-worker | old-browser | missing-file | network | corrupt | python | stalled | unknown
    this.detail = detail;
  }
}

export class EngineCallError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const STALL_MS = 60_000;

/** The worker's address; the page's ?snapshots=0 (tests, benchmarks) is passed on. */
function defaultWorkerURL() {
  const url = new URL("./worker.js", import.meta.url);
  const snapshots = new URLSearchParams(globalThis.location?.search ?? "").get("snapshots");
  if (snapshots === "0") url.searchParams.set("snapshots", "0");
  return url;
} // no byte and no answer for this long: say so instead of hanging

export class EngineClient {
  constructor({ onProgress = () => {}, onSnapshot = () => {}, workerURL = defaultWorkerURL() } = {}) {
    this.onProgress = onProgress;
    this.onSnapshot = onSnapshot;
    this.workerURL = workerURL;
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.booted = null;
  }

  boot() {
    this.booted ??= this.#start();
    return this.booted;
  }

  /** Forget a failed boot and start again in a fresh worker. */
  retry() {
    this.terminate();
    return this.boot();
  }

  terminate() {
    this.worker?.terminate();
    this.worker = null;
    this.booted = null;
    for (const { reject } of this.pending.values()) {
      reject(new EngineCallError("terminated", "the engine was stopped"));
    }
    this.pending.clear();
  }

  async call(request) {
    await this.boot();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: "call", id, request });
    });
  }

  #start() {
    if (typeof WebAssembly !== "object") {
      return Promise.reject(new BootFailure("no-wasm", "WebAssembly is not available in this browser"));
    }
    if (typeof Worker !== "function") {
      return Promise.reject(new BootFailure("no-worker", "Web Workers are not available in this browser"));
    }
    return new Promise((resolve, reject) => {
      let worker;
      try {
        worker = new Worker(this.workerURL, { type: "module" });
      } catch (err) {
        reject(new BootFailure("no-worker", err.message));
        return;
      }
      this.worker = worker;
      let timer = null;
      const fail = (failure) => {
        clearTimeout(timer);
        worker.terminate();
        if (this.worker === worker) this.worker = null;
        reject(failure);
      };
      const watch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(new BootFailure("stalled", `no progress for ${STALL_MS / 1000} s`)), STALL_MS);
      };
      watch();
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        // A module worker that cannot even start: an old browser or a missing worker.js.
        fail(new BootFailure("old-browser", event.message || "the engine worker could not start"));
      });
      worker.addEventListener("message", (event) => {
        const msg = event.data;
        if (msg.type === "progress") {
          watch();
          this.onProgress(msg);
        } else if (msg.type === "ready") {
          clearTimeout(timer);
          resolve({ version: msg.version, timings: msg.timings, build: msg.build, boot: msg.boot, refused: msg.refused });
        } else if (msg.type === "snapshot") {
          this.onSnapshot(msg);
        } else if (msg.type === "boot-error") {
          fail(new BootFailure(msg.kind, msg.detail));
        } else if (msg.type === "reply") {
          const waiter = this.pending.get(msg.id);
          if (!waiter) return;
          this.pending.delete(msg.id);
          if (msg.reply.ok) waiter.resolve(msg.reply.data);
          else waiter.reject(new EngineCallError(msg.reply.error.code, msg.reply.error.message));
        }
      });
      performance.mark("engine-start");
      worker.postMessage({ type: "boot" });
    });
  }
}
