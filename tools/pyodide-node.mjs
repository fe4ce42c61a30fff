// Pyodide under Node, from the built dist/: boots it and unpacks our wheel
// exactly as the browser worker does, then either answers
// bridge requests or runs a Python script.
//
//   node tools/pyodide-node.mjs <dist> bridge '<request json>' ...   one JSON reply per line, then a summary
//   node tools/pyodide-node.mjs <dist> run <script.py> [args...]     the script's output (sys.argv = [script, args]);
//                                                                    <dist> itself is mounted at /dist

import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [distArg, mode = "bridge", ...rest] = process.argv.slice(2);
const dist = path.resolve(distArg ?? "dist");
const manifest = JSON.parse(await readFile(path.join(dist, "manifest.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(dist, "pyodide", "pyodide.mjs")).href);

const t0 = performance.now();
const pyodide = await loadPyodide({
  indexURL: path.join(dist, "pyodide") + path.sep,
  stdout: mode === "run" ? (line) => console.log(line) : () => {},
  stderr: (line) => console.error(line),
});
// The wheel is unpacked into site-packages, as the browser worker does.
pyodide.unpackArchive(new Uint8Array(await readFile(path.join(dist, manifest.wheel))), "wheel");
const bootMs = performance.now() - t0;

if (mode === "bridge") {
  const bridge = pyodide.pyimport("pygame_core.bridge");
  for (const request of rest) console.log(bridge.handle(request));
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  console.log(JSON.stringify({ summary: true, boot_ms: Math.round(bootMs), python }));
} else if (mode === "run") {
  const [script, ...args] = rest;
  pyodide.FS.mkdirTree("/dist");
  pyodide.mountNodeFS("/dist", dist);
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile(`/bench/${path.basename(script)}`, await readFile(script, "utf8"));
  pyodide.globals.set("script_argv", pyodide.toPy([`/bench/${path.basename(script)}`, ...args]));
  await pyodide.runPythonAsync(`
import runpy, sys
sys.argv = list(script_argv)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
