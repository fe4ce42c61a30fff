// The engine's home: a module Web Worker that boots Pyodide (from a memory
// snapshot on return visits), unpacks the pygame_core wheel and then serves
// bridge calls, so that AI search never freezes the page.
//
// Messages in:  {type: "boot"} | {type: "call", id, request}
// Messages out: {type: "progress", loaded, total, phase}
//               {type: "ready", version, timings, build, boot: "cold" | "snapshot", refused,
//                snapshotSessions: games the restored memory had opened (0), or null,
//                wantsSnapshot: a cold boot with snapshot storage here}
//               {type: "boot-error", kind, detail}
//               {type: "reply", id, reply}
//
// The same file with ?role=snapshot is the snapshot maker (see "snapshot"
// below): in {type: "make-snapshot"}, out {type: "snapshot", stored, size | reason}.
//
// Every URL is resolved against this file, so the site works under any sub-path.

import { canKeep, deleteSnapshot, lookupSnapshot, writeSnapshot } from "./snapshot-store.js";

const here = (path) => new URL(path, import.meta.url).href;
const SITE = here("../");
// Memory snapshots make return visits fast (Pyodide's private API, so every
// failure falls back to a normal boot). ?snapshots=0 on the worker's URL turns them off.
const SNAPSHOTS = canKeep() && new URL(import.meta.url).searchParams.get("snapshots") !== "0";
const ROLE = new URL(import.meta.url).searchParams.get("role") ?? "engine"; // or "snapshot"

let bridgeHandle = null; // Python's pygame_core.bridge.handle, once booted
let booting = null;

class BootError extends Error {
  constructor(kind, detail) {
    super(`${kind}: ${detail}`);
    this.kind = kind;
    this.detail = detail;
  }
}

// ---------------------------------------------------------------- progress
// Every byte that arrives through fetch() is counted against the sizes the
// build manifest lists for the boot files, so the bar shows real bytes.
const progress = { loaded: 0, total: 0, sized: false, phase: "manifest", failed: null };

function report() {
  postMessage({
    type: "progress",
    loaded: Math.min(progress.loaded, progress.total),
    total: progress.total,
    phase: progress.phase,
  });
}

let lastReport = 0;
function count(bytes) {
  progress.loaded += bytes;
  const now = performance.now();
  if (progress.phase === "runtime" && progress.sized && progress.loaded >= progress.total) {
    // Every byte is here: WebAssembly compiles and Python starts, which moves no bytes.
    // The page says so (and shows a sign of life) instead of a bar that stands still.
    progress.phase = "start";
    lastReport = now;
    report();
  } else if (now - lastReport > 50) {
    lastReport = now;
    report();
  }
}

const realFetch = globalThis.fetch.bind(globalThis);

function fileName(url) {
  return String(url).replace(SITE, "").split("?")[0];
}

// A fetch that counts body bytes and fails fast on a missing boot file:
// Pyodide logs and waits forever when its wasm or stdlib cannot be fetched.
function bootFetch(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (url === WASM && early.wasm) return early.wasm; // the same promise: fetched and compiling since the boot began
  if (url === STDLIB && early.stdlib) {
    const response = early.stdlib; // its body can be read once: a second boot fetches it again
    early.stdlib = null;
    return response;
  }
  return countingFetch(input, init);
}

async function countingFetch(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    progress.failed ??= new BootError("network", `${fileName(url)}: ${err.message}`);
    failBoot(progress.failed); // Pyodide logs a boot file it cannot fetch and waits: the boot fails now
    throw err;
  }
  if (!response.ok) {
    progress.failed ??= new BootError("missing-file", `${fileName(url)} (HTTP ${response.status})`);
    failBoot(progress.failed);
    return response;
  }
  // Count a clone's bytes and hand back the original response untouched: a
  // synthetic Response would lose Chromium's cache of compiled WebAssembly.
  if (response.body) drain(response.clone().body);
  return response;
}

async function drain(body) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      count(value.byteLength);
    }
  } catch {
    // The real consumer reports failures; the counter only counts.
  }
}

// ---------------------------------------------------------------- Pyodide's files, early
// Pyodide asks for its WebAssembly and its standard library only once its
// loader is in, and for its glue (pyodide.asm.mjs, 1.2 MB of JavaScript)
// after that. The boot asks for all three at its first moment instead, ahead
// of the page's own scripts (engine/start.js lets those follow), and the
// WebAssembly compiles (or comes from the browser's code cache) while the
// glue loads and the snapshot is read. Pyodide's own fetch of the wasm gets
// the same response, and its instantiateStreaming(response) the module
// already compiled from it (any other call goes to the browser's own); its
// fetch of the standard library gets the response already on its way.
const WASM = here("../pyodide/pyodide.asm.wasm");
const STDLIB = here("../pyodide/python_stdlib.zip");
const GLUE = here("../pyodide/pyodide.asm.mjs");
const early = { wasm: null, module: null, stdlib: null };

function fetchEarly(timings, t0) {
  // The glue too: Pyodide's own import() of it later gets this same module.
  import(GLUE).catch(() => {}); // a failure is reported when Pyodide imports it
  early.stdlib = countingFetch(STDLIB); // handed to Pyodide's fetch of it, once
  early.stdlib.catch(() => {});
  early.wasm = countingFetch(WASM);
  early.wasm.then(() => {
    timings.wasm = performance.now() - t0; // its response began: the rest is reading it and compiling
  }, () => {});
  early.module = WebAssembly.compileStreaming(early.wasm);
  early.module.then(() => {
    timings.compiled = performance.now() - t0;
  }, () => {}); // a failure is Pyodide's to report, as without this
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    if (source !== early.wasm) return instantiateStreaming(source, imports);
    try {
      const module = await early.module;
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    } catch (err) {
      // Pyodide only logs a failed instantiation and then waits for ever: the boot fails here, at once.
      failBoot(progress.failed ?? new BootError("wasm", `pyodide.asm.wasm: ${err.message}`));
      throw err;
    }
  };
}

// ---------------------------------------------------------------- boot
// The snapshot only saves time: storage that does not answer (a busy browser, a broken profile) means
// a normal boot after these waits, never a boot that waits for ever. A healthy lookup, which reads the
// whole file, takes 10-60 ms here, and the check 30-80 ms.
const LOOKUP_MS = 3000;
const MEMORY_MS = 10_000;

/** `promise`, or a rejection marked `slow` once `ms` have passed without an answer. */
function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not come within ${ms} ms`), { slow: true })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

let rejectBoot = null;
function failBoot(error) {
  if (rejectBoot) rejectBoot(error);
}

async function fetchManifest() {
  let response;
  try {
    response = await realFetch(here("../manifest.json"), { cache: "no-cache" });
  } catch (err) {
    throw new BootError("network", `manifest.json: ${err.message}`);
  }
  if (!response.ok) throw new BootError("missing-file", `manifest.json (HTTP ${response.status})`);
  try {
    return await response.json();
  } catch (err) {
    throw new BootError("corrupt", `manifest.json: ${err.message}`);
  }
}

async function fetchBytes(path) {
  const response = await fetch(here(`../${path}`));
  if (!response.ok) throw progress.failed ?? new BootError("missing-file", `${path} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

let loader = null;
/** Pyodide's loader module, imported once; boot() starts it while the manifest is on its way. */
function importLoader() {
  loader ??= import(here("../pyodide/pyodide.mjs")).then(
    (module) => module.loadPyodide,
    (err) => {
      loader = null; // a retry imports it again
      throw new BootError("missing-file", `pyodide/pyodide.mjs: ${err.message}`);
    },
  );
  return loader;
}

/**
 * Pyodide with our engine, from a memory snapshot or from scratch. `snapshot`
 * is null or a promise of the memory to restore: Pyodide fetches and compiles
 * its files while the memory is read and checked, and a promise that rejects
 * (a snapshot of another build, damaged bytes) makes this reject, for a normal
 * boot. The wheel is unpacked into site-packages on both paths (the snapshot
 * holds Python's memory, not its files). It is not installed with micropip: a
 * micropip install leaves JavaScript references in Python that make every
 * later memory snapshot fail ("Unexpected hiwire entry"), and it costs ~0.4 s.
 */
async function startEngine(manifest, wheel, snapshot, timings = {}, makeSnapshot = false) {
  const t0 = performance.now();
  const loadPyodide = await importLoader();
  const indexURL = here("../pyodide/");
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL, // never the CDN: everything comes from this site
    stdout: () => {},
    stderr: (line) => console.debug("[python]", line),
    ...(snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: makeSnapshot }),
  });
  timings.runtime = performance.now() - t0; // Pyodide's own start: the wasm compiled, Python up (or restored)
  progress.loaded = progress.total;
  progress.phase = "engine";
  report();
  const t1 = performance.now();
  // A restored engine has every module of ours in memory, and the one data file the engine reads
  // (the snapshot maker imported and read them all): its files are written once the page has heard
  // "ready" (see boot). A cold one imports from them.
  if (!snapshot) pyodide.unpackArchive(await wheel, "wheel");
  const bridge = pyodide.pyimport("pygame_core.bridge");
  timings.bridge = performance.now() - t1; // our engine unpacked and imported (cold), or found in memory
  // What the restored memory held: 0 games opened, or the snapshot was not clean.
  const snapshotSessions = snapshot ? sessionsOpened(pyodide) : null;
  if (snapshot) bridge.reset();
  const info = JSON.parse(bridge.handle(JSON.stringify({ cmd: "version" })));
  if (!info.ok) throw new BootError("python", info.error.message);
  const { engine } = await manifest;
  if (info.data.engine !== engine) {
    throw new BootError("python", `engine ${info.data.engine} answered, build has ${engine}`);
  }
  return { pyodide, handle: bridge.handle, version: info.data, snapshotSessions };
}

/** The engine's files, for a restored engine: written after "ready", so the first board does not wait. */
async function writeFiles(pyodide, wheel) {
  try {
    pyodide.unpackArchive(await wheel, "wheel");
  } catch (err) {
    console.info("the engine's files could not be written:", err.message); // the memory has what it needs
  }
}

/** Bytes of the files a boot fetches (the two loader modules are imported, so they are not counted). */
function bootBytes(manifest) {
  return manifest.boot.filter((path) => !path.endsWith(".mjs"))
    .reduce((sum, path) => sum + (manifest.files[path]?.size ?? 0), 0);
}

/**
 * Everything starts at once: Pyodide's loader, the manifest (then the wheel)
 * and the stored snapshot's small record. With no snapshot of this build,
 * Pyodide starts as soon as its loader is here, without waiting for the
 * manifest; with one, its memory is read and checked while Pyodide fetches
 * and compiles its files. `timings` (ms since `began`, the boot's start) is
 * what bench/load.py shows as a return visit's phases.
 */
async function boot() {
  const t0 = performance.now();
  const timings = { began: performance.timeOrigin + t0 }; // epoch ms, to line up with the page's clock
  if (typeof WebAssembly !== "object") throw new BootError("no-wasm", "WebAssembly is not available");
  // The stored snapshot first: its small record is then read before the glue arrives and takes
  // this thread for its ~100 ms of evaluation (asked for after it, the record waited behind it).
  const lookup = SNAPSHOTS ? lookupSnapshot() : Promise.resolve(null);
  lookup.catch(() => {}); // awaited below
  globalThis.fetch = bootFetch;
  importLoader().catch(() => {}); // awaited in startEngine; a failure is reported there
  fetchEarly(timings, t0);
  const manifest = fetchManifest();
  manifest.catch(() => {}); // awaited below and in startEngine
  report(); // every file of the boot is asked for: the page's own scripts may follow (engine/start.js)
  const wheel = manifest.then((m) => fetchBytes(m.wheel));
  wheel.catch(() => {}); // awaited in startEngine; a failure is reported there
  manifest.then((m) => {
    progress.total += bootBytes(m);
    progress.sized = true;
    report();
  }, () => {});
  let stored = null;
  try {
    stored = await within(lookup, LOOKUP_MS, "the stored snapshot's record");
  } catch (err) {
    console.info("no snapshot storage here:", err.message);
  }
  timings.lookup = performance.now() - t0; // the stored snapshot's record looked up
  progress.phase = stored ? "restore" : "runtime";
  report();

  let engine = null;
  let path = "cold";
  let refused = null;
  if (stored) {
    progress.total += stored.size;
    const memory = within(manifest.then((m) => stored.memory(m.build, timings)), MEMORY_MS, "the stored snapshot's bytes");
    memory.then((bytes) => {
      timings.memory = performance.now() - t0; // read and checked
      count(bytes.length); // read from this device
    }, () => {});
    try {
      engine = await startEngine(manifest, wheel, memory, timings);
      path = "snapshot";
    } catch (err) {
      // The boot's own trouble (the manifest or a file missing) is not the snapshot's: it stays, and is said.
      if (err instanceof BootError || progress.failed) throw progress.failed ?? err;
      // A snapshot that is refused or does not restore is deleted; the normal boot follows, quietly.
      refused = err.refused ?? null;
      console.info("no restore from the snapshot, booting normally:", err.message);
      // Not awaited: storage that hangs must not hold the boot (a later write is ordered after it).
      if (!refused && !err.slow) deleteSnapshot().catch(() => {});
      progress.total -= stored.size;
      progress.loaded = 0;
      progress.phase = "runtime";
      report();
    }
  }
  engine ??= await startEngine(manifest, wheel, null, timings);
  timings.engine = performance.now() - t0;
  bridgeHandle = engine.handle;
  progress.loaded = progress.total;
  progress.phase = "ready";
  report();
  globalThis.fetch = realFetch;
  if (path === "snapshot") setTimeout(() => writeFiles(engine.pyodide, wheel), 0);
  const { build } = await manifest;
  return {
    version: engine.version, timings, build, boot: path, refused,
    snapshotSessions: engine.snapshotSessions, wantsSnapshot: SNAPSHOTS && path === "cold",
  };
}

// ---------------------------------------------------------------- snapshot
// After a cold boot the engine's memory is saved for the next visit. Not by
// the engine the player uses: that one answers the page at once and opens
// the player's game. When that engine has been idle for a moment, the page
// starts this file a second time with ?role=snapshot, and that worker boots
// its own Python, imports every engine module, checks that it has opened no
// game (the bridge's own count is 0), saves its memory (snapshot-store.js) and is
// stopped. So a snapshot holds a clean engine (modules imported, the policy
// read, no session, nothing a player did), and making it never delays a board.
async function makeSnapshot() {
  if (!SNAPSHOTS) return { stored: false, reason: "no snapshot storage here" };
  try {
    const manifest = await fetchManifest();
    const { pyodide } = await startEngine(Promise.resolve(manifest), fetchBytes(manifest.wheel), null, {}, true);
    // Every engine module in memory, so a restored engine compiles nothing.
    pyodide.runPython(`
import importlib, pkgutil, pygame_core
for module in pkgutil.walk_packages(pygame_core.__path__, "pygame_core."):
    importlib.import_module(module.name)
# The one data file the engine reads (at Hanamikoji's expert level, the coach's): in memory too.
from pygame_core.hanamikoji.policy import load_policy
load_policy()
`);
    const opened = sessionsOpened(pyodide);
    if (opened !== 0) throw new Error(`the engine has opened ${opened} game(s): not clean`);
    const bytes = pyodide.makeMemorySnapshot();
    await writeSnapshot(manifest.build, bytes);
    return { stored: true, size: bytes.length };
  } catch (err) {
    console.info("no snapshot this time:", err.message);
    return { stored: false, reason: err.message };
  }
}

/** How many games the engine in this memory has ever opened (the bridge counts them). */
function sessionsOpened(pyodide) {
  return pyodide.runPython("import pygame_core.bridge as b; b.opened()");
}

function startBoot() {
  booting ??= new Promise((resolve, reject) => {
    rejectBoot = reject;
    boot().then(resolve, reject);
  });
  return booting;
}

// ---------------------------------------------------------------- messages
// Every request goes through call(): tests/test_faults.py wraps it (in a copy
// of this file served to the browser) to make the engine fail in each way.
function call(request) {
  if (!bridgeHandle) {
    return { ok: false, error: { code: "not_ready", message: "the engine has not finished loading" } };
  }
  let text;
  try {
    text = JSON.stringify(request);
  } catch (err) {
    return { ok: false, error: { code: "bad_json", message: `request cannot be sent: ${err.message}` } };
  }
  try {
    return JSON.parse(bridgeHandle(text));
  } catch (err) {
    return { ok: false, error: { code: "internal", message: `engine failure: ${err.message}` } };
  }
}

self.addEventListener("message", async (event) => {
  const msg = event.data;
  if (!msg || typeof msg !== "object") return;
  if (msg.type === "make-snapshot" && ROLE === "snapshot") {
    postMessage({ type: "snapshot", ...(await makeSnapshot()) });
  } else if (msg.type === "boot" && ROLE === "engine") {
    try {
      const ready = await startBoot();
      postMessage({ type: "ready", ...ready });
    } catch (err) {
      const kind = err instanceof BootError ? err.kind : "unknown";
      const detail = err instanceof BootError ? err.detail : String(err?.message ?? err);
      postMessage({ type: "boot-error", kind, detail });
    }
  } else if (msg.type === "call") {
    let reply;
    try {
      reply = call(msg.request);
    } catch (err) {
      reply = { ok: false, error: { code: "internal", message: `engine failure: ${err?.message ?? err}` } };
    }
    postMessage({ type: "reply", id: msg.id, reply });
  }
});
