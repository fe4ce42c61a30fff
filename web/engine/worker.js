// The engine's home: a module Web Worker that boots Pyodide, installs the
// pygame_core wheel with micropip and then serves bridge calls, so that AI
// search never freezes the page.
//
// Messages in:  {type: "boot"} | {type: "call", id, request}
// Messages out: {type: "progress", loaded, total, phase}
//               {type: "ready", version, timings}
//               {type: "boot-error", kind, detail}
//               {type: "reply", id, reply}
//
// Every URL is resolved against this file, so the site works under any sub-path.

const here = (path) => new URL(path, import.meta.url).href;
const SITE = here("../");

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
const progress = { loaded: 0, total: 0, phase: "manifest", failed: null };

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
  if (now - lastReport > 50) {
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
async function countingFetch(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    progress.failed ??= new BootError("network", `${fileName(url)}: ${err.message}`);
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

// ---------------------------------------------------------------- boot
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

async function boot() {
  const t0 = performance.now();
  const timings = {};
  if (typeof WebAssembly !== "object") throw new BootError("no-wasm", "WebAssembly is not available");
  // Pyodide starts at once; the manifest (sizes, wheel names) arrives meanwhile.
  globalThis.fetch = countingFetch;
  const manifestReady = fetchManifest();
  manifestReady.then((manifest) => {
    progress.total = manifest.boot.reduce((sum, path) => sum + (manifest.files[path]?.size ?? 0), 0);
    progress.phase = "runtime";
    report();
  }, () => {});
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(here("../pyodide/pyodide.mjs")));
  } catch (err) {
    throw new BootError("missing-file", `pyodide/pyodide.mjs: ${err.message}`);
  }
  const indexURL = here("../pyodide/");
  const booted = loadPyodide({
    indexURL,
    packageBaseUrl: indexURL, // never the CDN: everything comes from this site
    stdout: () => {},
    stderr: (line) => console.debug("[python]", line),
  });
  booted.catch(() => {}); // awaited below, after the manifest
  const manifest = await manifestReady;
  // Module scripts are imported, not fetched: count them once they are in.
  count(manifest.files["pyodide/pyodide.mjs"]?.size ?? 0);
  const pyodide = await booted;
  const micropipURL = here(`../${manifest.micropip}`);
  const loaded = await pyodide.loadPackage(micropipURL); // resolves even on failure: check it
  count(manifest.files["pyodide/pyodide.asm.mjs"]?.size ?? 0);
  timings.runtime = performance.now() - t0;
  if (!pyodide.loadedPackages.micropip || !loaded.some((pkg) => pkg.name === "micropip")) {
    throw new BootError("missing-file", manifest.micropip);
  }

  progress.phase = "engine";
  report();
  const micropip = pyodide.pyimport("micropip");
  timings.micropip = performance.now() - t0;
  try {
    await micropip.install(here(`../${manifest.wheel}`));
  } catch (err) {
    throw progress.failed ?? new BootError("python", `installing ${manifest.wheel}: ${err.message}`);
  } finally {
    micropip.destroy();
  }
  timings.install = performance.now() - t0;
  const bridge = pyodide.pyimport("pygame_core.bridge");
  bridgeHandle = bridge.handle;
  const info = JSON.parse(bridgeHandle(JSON.stringify({ cmd: "version" })));
  if (!info.ok) throw new BootError("python", info.error.message);
  timings.engine = performance.now() - t0;
  progress.loaded = progress.total;
  progress.phase = "ready";
  report();
  globalThis.fetch = realFetch;
  return { version: info.data, timings, build: manifest.build };
}

function startBoot() {
  booting ??= new Promise((resolve, reject) => {
    rejectBoot = reject;
    boot().then(resolve, reject);
  });
  return booting;
}

// ---------------------------------------------------------------- messages
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
  if (msg.type === "boot") {
    try {
      const ready = await startBoot();
      postMessage({ type: "ready", ...ready });
    } catch (err) {
      const kind = err instanceof BootError ? err.kind : "unknown";
      const detail = err instanceof BootError ? err.detail : String(err?.message ?? err);
      postMessage({ type: "boot-error", kind, detail });
    }
  } else if (msg.type === "call") {
    postMessage({ type: "reply", id: msg.id, reply: call(msg.request) });
  }
});
