// Boots Pyodide under Node from the built dist/, installs our wheel with
// micropip exactly as the worker does, and answers bridge calls given as
// JSON lines on argv. Prints one JSON reply per request, then a summary line.
//
//   node tests/node/check_wheel.mjs <dist-dir> '<request json>' ...

import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[2] ?? "dist");
const requests = process.argv.slice(3);
const manifest = JSON.parse(await readFile(path.join(dist, "manifest.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(dist, "pyodide", "pyodide.mjs")).href);

const t0 = performance.now();
const pyodide = await loadPyodide({
  indexURL: path.join(dist, "pyodide") + path.sep,
  packages: [path.join(dist, manifest.micropip)],
  stdout: () => {},
});
if (!pyodide.loadedPackages.micropip) throw new Error("micropip did not load");
// micropip in Node installs from a path inside Pyodide's file system.
const wheelName = path.basename(manifest.wheel);
pyodide.FS.writeFile(`/tmp/${wheelName}`, new Uint8Array(await readFile(path.join(dist, manifest.wheel))));
const micropip = pyodide.pyimport("micropip");
await micropip.install(`emfs:/tmp/${wheelName}`);
const bridge = pyodide.pyimport("pygame_core.bridge");
const bootMs = performance.now() - t0;
for (const request of requests) {
  console.log(bridge.handle(request));
}
console.log(JSON.stringify({ summary: true, boot_ms: Math.round(bootMs), python: pyodide.runPython("import sys; sys.version.split()[0]") }));
