#!/usr/bin/env python3
"""Does our service worker cost Chromium's compiled-code cache for WebAssembly?

    .venv/bin/python bench/code_cache.py [--runs 3] [--warm 3] [--variants a,b,...] [--no-build]

Chromium keeps the machine code V8 compiled for a WebAssembly module that came
through WebAssembly.instantiateStreaming (Pyodide's path), keyed by the
response's URL and response time, and hands it back on the next load of the
same response. This bench boots the engine in fresh persistent profiles: one
cold visit, then --warm return visits, each on a new tab, the previous one
closed after it had 5 s to write its code cache (as a player who stays on the
page does). Warm visits are of ?snapshots=0, so Pyodide boots from scratch.

Variants (each run rotates their order; each variant a new profile):
  ours-sw       our site as players get it, with dist/sw.js
  ours-http     our site with service workers blocked: the HTTP cache serves
  bare-page     loadPyodide() on a page from the same files (HTTP cache)
  bare-worker   loadPyodide() in a module worker, as ours does (HTTP cache)
  bare-sw       bare-page under a minimal service worker that serves
                everything from Cache Storage
  NAME          with --sw NAME=FILE: ours-sw with another sw.js, e.g. an older
                one saved with `git show REV:web/sw.js > /tmp/old-sw.js`

What it showed (Chromium 156): a .wasm response that comes from Cache Storage
never uses the code cache keyed by URL and HTTP response time (Blink's
CodeCacheFetcher even drops that entry); its code is kept beside the Cache
Storage entry, written only after a visit compiled from it. So a service
worker that serves pyodide.asm.wasm from Cache Storage makes the first visit
it controls compile the module from scratch (0 hits, ~2700 functions compiled
lazily), whatever the stored Response is (new or as fetched). web/sw.js
therefore serves the HTTP cache's copy of .wasm files when it is the same
version (see sameInHttpCache there).

Each visit is traced (Chrome's trace events, through CDP) to see, rather than
guess, whether V8 took its module from the code cache: the events
`v8.wasm.moduleCacheHit` (a cache entry was used), `v8.wasm.cachedModule` (the
visit wrote one) and the count of `wasm.CompileLazy` (functions compiled on
first call: a cache hit needs far fewer).

Prints, per variant and visit, medians of navigation -> performance.mark("engine-ready")
and the ratios to bare-page in the same runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

BARE_PAGE = """<!doctype html><html data-engine="loading"><head><meta charset="utf-8">
<title>bare pyodide</title><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", location.href).href;
await loadPyodide({ indexURL, packageBaseUrl: indexURL });
performance.mark("engine-ready");
document.documentElement.dataset.engine = "ready";
if (new URLSearchParams(location.search).has("sw")) {
  const mark = () => { if (navigator.serviceWorker.controller) document.documentElement.dataset.sw = "controlled"; };
  navigator.serviceWorker.addEventListener("controllerchange", mark);
  mark();
  navigator.serviceWorker.register("bench-sw.js");
}
</script></head><body>bare loadPyodide()</body></html>
"""
BARE_WORKER_PAGE = """<!doctype html><html data-engine="loading"><head><meta charset="utf-8">
<title>bare pyodide in a worker</title><script type="module">
const worker = new Worker("bench-worker.js", { type: "module" });
worker.onmessage = () => {
  performance.mark("engine-ready");
  document.documentElement.dataset.engine = "ready";
};
</script></head><body>bare loadPyodide() in a worker</body></html>
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", location.href).href;
await loadPyodide({ indexURL, packageBaseUrl: indexURL });
postMessage("ready");
"""
# As web/sw.js stores files: the body read, then a new Response of it.
BARE_SW = """const CACHE = "bench";
const FILES = ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
               "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "bench-bare.html"];
self.addEventListener("install", (event) => event.waitUntil((async () => {
  const cache = await caches.open(CACHE);
  for (const path of FILES) {
    const response = await fetch(path);
    const body = await response.arrayBuffer();
    await cache.put(path, new Response(body, { headers: { "Content-Type": response.headers.get("Content-Type") } }));
  }
})()));
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  event.respondWith((async () => (await caches.match(request, { ignoreSearch: true })) ?? fetch(request))());
});
"""

ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic"]
MARK = "(name) => { const e = performance.getEntriesByName(name)[0]; return e ? [e.startTime, e.detail] : null; }"
CATEGORIES = "disabled-by-default-devtools.timeline,v8.wasm"
EVENTS = ("v8.wasm.moduleCacheHit", "v8.wasm.moduleCacheInvalid", "v8.wasm.moduleCacheInvalidDigest",
          "v8.wasm.cachedModule", "wasm.Deserialize", "wasm.CompileLazy")
SETTLE_S = 5.0  # V8 writes its cache 2 s after the last optimized compile (--wasm-caching-timeout-ms)


# A variant: (site folder key, path to visit, service workers allowed, selector that says the SW serves the page)
VARIANTS = {
    "ours-sw": ("site", "?snapshots=0", True, 'html[data-sw="controlled"]'),
    "ours-http": ("site", "?snapshots=0", False, None),
    "bare-page": ("site", "bench-bare.html", False, None),
    "bare-worker": ("site", "bench-bare-worker.html", False, None),
    "bare-sw": ("site", "bench-bare.html?sw", True, 'html[data-sw="controlled"]'),
}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def prepare_site(folder: Path, sw_source: Path | None = None) -> None:
    """dist/ plus the bare pages; optionally another sw.js (the manifest's entry for it updated)."""
    shutil.copytree(build.DIST, folder)
    (folder / "bench-bare.html").write_text(BARE_PAGE)
    (folder / "bench-bare-worker.html").write_text(BARE_WORKER_PAGE)
    (folder / "bench-worker.js").write_text(BARE_WORKER)
    (folder / "bench-sw.js").write_text(BARE_SW)
    if sw_source is not None:
        manifest = json.loads((folder / "manifest.json").read_text())
        text = build.SW_BUILD_LINE.sub(f'const BUILD = "{manifest["build"]}";', sw_source.read_text())
        (folder / "sw.js").write_text(text)
        manifest["files"]["sw.js"] = {"size": (folder / "sw.js").stat().st_size, "sha256": sha256(folder / "sw.js")}
        (folder / "manifest.json").write_text(json.dumps(manifest))


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.exists() else 0


class Profile:
    def __init__(self, pw, executable: str, folder: Path, allow_sw: bool) -> None:
        self.folder = folder
        self.context = pw.chromium.launch_persistent_context(
            str(folder), executable_path=executable, args=ARGS,
            service_workers="allow" if allow_sw else "block")

    def visit(self, url: str, then: str | None = None, trace: bool = True) -> dict:
        """A new tab: load `url` until the engine is ready (and `then` holds), let V8 write its cache, close."""
        page = self.context.new_page()
        events: list[dict] = []
        done: list[bool] = []
        cdp = None
        if trace:
            cdp = self.context.new_cdp_session(page)
            cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
            cdp.on("Tracing.tracingComplete", lambda params: done.append(True))
            cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
        page.goto(url)
        page.wait_for_selector('html[data-engine="ready"]', timeout=180_000)
        ms, detail = page.evaluate(MARK, "engine-ready")
        if then:
            page.wait_for_selector(then, timeout=180_000)
        time.sleep(SETTLE_S)
        counts = None
        if cdp is not None:
            counts = {}
            cdp.send("Tracing.end")
            deadline = time.monotonic() + 60
            while not done and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            for event in events:
                name = event.get("name")
                if name in EVENTS:
                    counts[name] = counts.get(name, 0) + 1
        page.close()
        cache = folder_size(self.folder / "Default" / "Code Cache" / "wasm")
        return {"ms": ms, "detail": detail, "events": counts, "wasm_code_cache": cache}

    def close(self) -> None:
        self.context.close()


def summary(visit: dict) -> str:
    e = visit["events"]
    if e is None:
        return f"{visit['ms']:.0f} ms"
    hit = "hit" if e.get("v8.wasm.moduleCacheHit") else "miss"
    if e.get("v8.wasm.moduleCacheInvalid") or e.get("v8.wasm.moduleCacheInvalidDigest"):
        hit = "invalid"
    wrote = " wrote" if e.get("v8.wasm.cachedModule") else ""
    lazy = e.get("wasm.CompileLazy", 0)
    return f"{visit['ms']:.0f} ms {hit}{wrote} lazy={lazy} cache={visit['wasm_code_cache'] / 1e6:.1f}MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm", type=int, default=3, help="return visits per profile")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated, of: " + ", ".join(VARIANTS))
    parser.add_argument("--sw", action="append", default=[], metavar="NAME=FILE",
                        help="also run ours-sw with this sw.js instead of the built one, as variant NAME")
    parser.add_argument("--no-trace", action="store_true", help="time without tracing (no hit/miss evidence)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--json", type=Path, help="write every visit here")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "manifest.json").exists():
        build.build()
    executable = os.environ.get("CHROMIUM") or build.find_chromium() or "/usr/bin/chromium"
    variants = dict(VARIANTS)
    names = [v for v in args.variants.split(",") if v]
    extra_sw = {}
    for spec in args.sw:
        name, _, file = spec.partition("=")
        extra_sw[name] = Path(file).resolve()
        variants[name] = (name, "?snapshots=0", True, 'html[data-sw="controlled"]')
        names.append(name)
    for name in names:
        if name not in variants:
            parser.error(f"unknown variant {name}")

    results: dict[str, list[list[dict]]] = {name: [] for name in names}  # per variant: per run: visits
    with tempfile.TemporaryDirectory() as tmp:
        servers, bases = [], {}
        for key in {variants[n][0] for n in names}:
            folder = Path(tmp) / key
            prepare_site(folder, extra_sw.get(key))
            server = build.make_server(folder, base="/bench/", port=0, max_age=600, quiet=True, csp=False)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers.append(server)
            bases[key] = f"http://127.0.0.1:{server.server_address[1]}/bench/"
        with sync_playwright() as pw:
            for run in range(args.runs):
                order = names[run % len(names):] + names[:run % len(names)]
                if run % 2:
                    order.reverse()
                for name in order:
                    key, path, allow_sw, then = variants[name]
                    profile = Profile(pw, executable, Path(tmp) / f"{name}-{run}", allow_sw)
                    visits = [profile.visit(bases[key] + path, then, trace=not args.no_trace)]
                    for _ in range(args.warm):
                        visits.append(profile.visit(bases[key] + path, trace=not args.no_trace))
                    profile.close()
                    results[name].append(visits)
                    print(f"run {run + 1}/{args.runs} {name}: " + " | ".join(summary(v) for v in visits),
                          file=sys.stderr, flush=True)
        for server in servers:
            server.shutdown()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))

    def med(name: str, index: int) -> float:
        return statistics.median(run[index]["ms"] for run in results[name])

    def hits(name: str, index: int) -> str:
        runs = results[name]
        n = sum(1 for run in runs if run[index]["events"].get("v8.wasm.moduleCacheHit"))
        lazy = statistics.median(run[index]["events"].get("wasm.CompileLazy", 0) for run in runs)
        return f"{n}/{len(runs)} hits, {lazy:.0f} lazy"

    print(f"\nNavigation to engine-ready (ms), headless Chromium, median of {args.runs} runs; "
          "warm visits with ?snapshots=0\n")
    head = ["variant", "cold"] + [f"warm {i}" for i in range(1, args.warm + 1)]
    print("| " + " | ".join(head) + " |")
    print("|---" + "|---:" * (len(head) - 1) + "|")
    reference = "bare-page" if "bare-page" in results else None
    for name in names:
        cells = []
        for i in range(args.warm + 1):
            cell = f"{med(name, i):.0f}"
            if reference and name != reference:
                cell += f" ({med(name, i) / med(reference, i):.2f}x)"
            if not args.no_trace and i:
                cell += f" [{hits(name, i)}]"
            cells.append(cell)
        print(f"| {name} | " + " | ".join(cells) + " |")
    if reference:
        print(f"\n(ratio: to {reference}'s median for the same visit"
              + ("" if args.no_trace else "; [code-cache hits in the trace, median wasm.CompileLazy events]") + ")")


if __name__ == "__main__":
    main()
