// A promise API over the engine worker: boot() once, then call(request).
//
//   const engine = new EngineClient({ onProgress });
//   const info = await engine.boot();          // rejects with a BootFailure
//   const view = await engine.call({ cmd: "new", game: "nim" });  // rejects with an EngineCallError
//
// The page never sees Python objects or the game state: requests and replies
// are the bridge's JSON envelopes.
//
// Every call has a deadline. A worker that misses one (a hung search, a
// worker that died without a word) or that throws outside the bridge is
// stopped, and every call still pending on it is rejected with the same
// EngineCallError, whose `code` is one of ENGINE_DOWN: the page then offers to
// restart the engine. `restart()` starts a fresh worker.

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

/**
 * Codes of failures that are the engine's, not the request's: the engine is
 * stopped (`timeout`, `crashed`, `stopped`) or hit a bug (`internal`). Any
 * other code is a refusal of one request, and the engine is fine.
 */
export const ENGINE_TROUBLE = new Set(["timeout", "crashed", "stopped", "internal"]);
export const isEngineTrouble = (err) => ENGINE_TROUBLE.has(err?.code);

/** How long a call may take once the engine is up, unless the call says otherwise. */
export const CALL_DEADLINE_MS = 10_000;
const STALL_MS = 60_000;
// The longest wait a browser timer holds: a longer one (or Infinity) overflows and fires at once.
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The engine idle this long (no call on its way) before a memory snapshot is made beside it. */
export const SNAPSHOT_IDLE_MS = 1500;
const SNAPSHOT_DEADLINE_MS = 120_000;

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
    this.down = null; // the EngineCallError that stopped this worker, until restart()
    this.progress = null; // the boot's last progress message, for a listener that comes late
    this.snapshot = null; // the snapshot maker's last word: {type: "snapshot", stored, size | reason}
    this.snapshotWanted = false; // a cold boot: a snapshot is made once the engine is idle
    this.lastActive = 0; // performance.now() of the last call sent or answered
  }

  /**
   * The engine up: one boot per worker, however often and from wherever this is asked. The promise
   * is in place before #start() runs, because #start() can ask again while it runs: a worker
   * engine/start.js began may already have said "ready", whose replay asks idle(), which asks
   * boot(). (With `this.booted ??= this.#start()` that second ask found no boot, started a second
   * worker and made it this.worker while the first boot resolved: every call then went to a
   * worker that had not booted, "the engine has not finished loading".)
   */
  boot() {
    if (!this.booted) {
      let settle;
      this.booted = new Promise((resolve, reject) => {
        settle = { resolve, reject };
      });
      this.#start().then(settle.resolve, settle.reject);
    }
    return this.booted;
  }

  /** Forget a failed boot and start again in a fresh worker. */
  retry() {
    this.terminate();
    return this.boot();
  }

  /** A fresh worker after a failure: the old one (if still there) is stopped first. */
  restart() {
    return this.retry();
  }

  terminate(failure = new EngineCallError("stopped", "the engine was stopped")) {
    this.worker?.terminate();
    this.worker = null;
    this.booted = null;
    this.down = null;
    this.#rejectAll(failure);
  }

  /**
   * One bridge request. Resolves with the reply's data; rejects with an
   * EngineCallError: the bridge's refusal, or engine trouble (see ENGINE_TROUBLE).
   * `timeout` (ms, counted once the engine is up) defaults to CALL_DEADLINE_MS.
   */
  async call(request, { timeout = CALL_DEADLINE_MS } = {}) {
    await this.boot();
    if (this.down) throw this.down;
    const worker = this.worker;
    const id = this.nextId++;
    this.lastActive = performance.now();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#stop(worker, new EngineCallError("timeout",
          `the engine did not answer ${request?.cmd ?? "a request"} within ${(timeout / 1000).toFixed(1)} s`));
      }, Math.min(timeout, MAX_TIMER_MS));
      const settle = (fn) => (value) => {
        clearTimeout(timer);
        this.lastActive = performance.now();
        fn(value);
      };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      try {
        worker.postMessage({ type: "call", id, request });
      } catch (err) {
        // A request the structured clone cannot carry (a function, a cycle): refused, engine fine.
        this.pending.delete(id);
        clearTimeout(timer);
        reject(new EngineCallError("bad_request", `request cannot be sent: ${err.message}`));
      }
    });
  }

  #rejectAll(failure) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(failure);
  }

  /** The worker failed after its boot: stop it for good, and fail every pending call with why. */
  #stop(worker, failure) {
    if (worker !== this.worker || this.down) return;
    worker.terminate();
    this.down = failure;
    this.#rejectAll(failure);
  }

  /**
   * Resolves once the engine is up and has had no call on its way for
   * `quiet` ms: the moment for background work (the snapshot, the service
   * worker's precache) that must not slow a board or an AI move.
   */
  async idle(quiet = SNAPSHOT_IDLE_MS) {
    await this.boot();
    for (;;) {
      const since = performance.now() - this.lastActive;
      if (this.pending.size === 0 && since >= quiet) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(100, quiet - since)));
    }
  }

  /**
   * A cold boot leaves the next visit a memory snapshot, made by a second
   * worker (worker.js?role=snapshot) once this engine has had no call on its
   * way for SNAPSHOT_IDLE_MS (see "ready" below): the player's board never
   * waits for it, and the snapshot is of an engine that opened no game. Once per page.
   */
  #makeSnapshot() {
    let finished = false;
    const done = (msg) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      worker?.terminate();
      this.snapshot = { type: "snapshot", stored: msg.stored === true, ...(msg.stored ? { size: msg.size } : { reason: String(msg.reason) }) };
      this.onSnapshot(this.snapshot);
    };
    const timer = setTimeout(() => done({ stored: false, reason: "the snapshot took too long" }), SNAPSHOT_DEADLINE_MS);
    let worker = null;
    try {
      const url = new URL(this.workerURL, location.href);
      url.searchParams.set("role", "snapshot");
      worker = new Worker(url, { type: "module" });
    } catch (err) {
      done({ stored: false, reason: err.message });
      return;
    }
    worker.addEventListener("message", (event) => {
      if (event.data?.type === "snapshot") done(event.data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      done({ stored: false, reason: event.message || "the snapshot worker failed" });
    });
    worker.postMessage({ type: "make-snapshot" });
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
      let early = null; // a worker engine/start.js started: what it said before this client listened
      try {
        const started = globalThis.cardGardenEngine?.take();
        if (started && started.url === new URL(this.workerURL, location.href).href) {
          ({ worker, early } = started);
        } else {
          started?.worker.terminate(); // booting for a client that wants another worker: never two Pythons
          worker = new Worker(this.workerURL, { type: "module" });
        }
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
      let up = false;
      const onError = (event) => {
        event.preventDefault();
        if (up) {
          // An exception outside the bridge after the boot: nothing this worker says can be trusted.
          this.#stop(worker, new EngineCallError("crashed", `the engine failed: ${event.message || "worker error"}`));
          return;
        }
        // A module worker that cannot even start: an old browser or a missing worker.js.
        fail(new BootFailure("old-browser", event.message || "the engine worker could not start"));
      };
      const onMessageError = () => {
        if (up) this.#stop(worker, new EngineCallError("crashed", "the engine sent a message that could not be read"));
      };
      const onMessage = (event) => {
        const msg = event.data;
        if (!msg || typeof msg !== "object") return;
        if (msg.type === "progress") {
          watch();
          this.progress = msg;
          this.onProgress(msg);
        } else if (msg.type === "ready") {
          clearTimeout(timer);
          up = true;
          if (msg.wantsSnapshot && !this.snapshotWanted) {
            this.snapshotWanted = true;
            this.lastActive = performance.now();
            this.idle().then(() => this.#makeSnapshot());
          }
          resolve({
            version: msg.version, timings: msg.timings, build: msg.build, boot: msg.boot, refused: msg.refused,
            snapshotSessions: msg.snapshotSessions,
          });
        } else if (msg.type === "boot-error") {
          fail(new BootFailure(msg.kind, msg.detail));
        } else if (msg.type === "reply") {
          if (worker !== this.worker) return; // a reply from a worker that was stopped
          const waiter = this.pending.get(msg.id);
          if (!waiter) return;
          this.pending.delete(msg.id);
          const reply = msg.reply;
          if (reply?.ok === true) waiter.resolve(reply.data);
          else if (typeof reply?.error?.code === "string") waiter.reject(new EngineCallError(reply.error.code, String(reply.error.message)));
          else waiter.reject(new EngineCallError("internal", "the engine sent a reply without an answer"));
        }
      };
      worker.addEventListener("error", onError);
      worker.addEventListener("messageerror", onMessageError);
      worker.addEventListener("message", onMessage);
      if (early) {
        // Already booting: what it said before this client listened comes first, in order.
        const handlers = { error: onError, messageerror: onMessageError, message: onMessage };
        for (const event of early) handlers[event.type](event);
      } else {
        performance.mark("engine-start");
        worker.postMessage({ type: "boot" });
      }
    });
  }
}
