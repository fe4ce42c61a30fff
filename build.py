#!/usr/bin/env python3
"""Build, serve and test the site. Standard library only; it calls pip and npm.

    python build.py build            wheel + Pyodide + web/ -> dist/
    python build.py serve [--port N] [--base /sub/]   build, then serve dist/ on localhost
    python build.py test [pytest args]  install test tools into .venv, build, run every test

dist/ is the whole deployable site: static files only, relative URLs only, so
it works under any sub-path (a GitHub Pages project URL). dist/manifest.json
lists every file with its size and sha256; the worker reads it to find the
wheel and to show a byte-accurate progress bar.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import http.server
import io
import json
import os
import posixpath
import re
import shutil
import socket
import subprocess
import sys
import tokenize
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
WEB = ROOT / "web"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"

# The files of the npm package that the browser needs (the core; no packages).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# The site's Content-Security-Policy: its own scripts and WebAssembly, nothing
# else. Every page carries it in a <meta> tag (GitHub Pages sets no headers);
# the local server also sends it as a header, so workers run under it too.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'")

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ------------------------------------------------------------------ pieces
def pinned_pyodide_version() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def ensure_pyodide() -> Path:
    """node_modules/pyodide at exactly the version package-lock.json pins."""
    want = pinned_pyodide_version()
    have_file = NODE_PYODIDE / "package.json"
    have = json.loads(have_file.read_text())["version"] if have_file.exists() else None
    if have != want:
        npm = shutil.which("npm")
        if not npm:
            sys.exit("build: npm is needed to fetch the pinned pyodide package (install Node.js and npm)")
        run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    return NODE_PYODIDE


def build_wheel() -> Path:
    """The pygame_core wheel, built by pip from pyproject.toml (PEP 517)."""
    out = CACHE / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}  # same sources -> same bytes
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)], env=env)
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools leaves its work files there
    wheels = sorted(out.glob("pygame_core-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"build: expected one pygame_core wheel in {out}, found {wheels}")
    return wheels[0]


# The standard library the site ships: what Pyodide and the engine import,
# measured by tools/stdlib_usage.py (boot, the wheel unpacked, every module of
# the engine, every game played at every level through the bridge, saves,
# replays and refused requests). A top-level module or package named here is
# kept, less the parts in STDLIB_DROP; everything else in python_stdlib.zip
# (test suites, tkinter, email, http, xml, unittest, ...) is left out, as are
# the encodings nobody decodes. tests/test_pyodide_node.py runs that usage
# script against the trimmed files, and the browser tests all boot from them.
STDLIB_KEEP = frozenset("""
    __future__ _collections_abc _colorize _opcode_metadata _py_warnings _pyodide _sitebuiltins _ssl
    _weakrefset abc annotationlib ast asyncio base64 bisect
    bz2 codecs codeop collections compression concurrent contextlib contextvars copy copyreg dataclasses dis
    encodings enum fnmatch functools genericpath glob hashlib heapq importlib inspect io json keyword
    linecache locale logging lzma ntpath opcode operator os pathlib pkgutil posixpath pyodide
    random re reprlib runpy selectors shutil signal site socket ssl stat string struct subprocess tempfile
    textwrap threading token tokenize traceback types typing warnings weakref zipfile zipimport
""".split())
# Parts of kept packages that nothing here can import: Windows' event loops,
# command-line entry points, subinterpreters and process pools (no processes
# in WebAssembly), logging's handlers and config, Pyodide's own REPL console.
STDLIB_DROP = frozenset("""
    asyncio/__main__.py asyncio/proactor_events.py asyncio/tools.py asyncio/windows_events.py
    asyncio/windows_utils.py concurrent/futures/interpreter.py concurrent/futures/process.py
    concurrent/interpreters/ importlib/metadata/diagnose.py json/__main__.py json/tool.py
    logging/config.py logging/handlers.py pyodide/console.py zipfile/__main__.py
""".split())
# Of encodings/, the codecs Python needs to start and to read and write text.
ENCODINGS_KEEP = frozenset("""
    __init__ aliases ascii cp437 latin_1 utf_8 utf_8_sig utf_16 utf_16_be utf_16_le utf_32 utf_32_be utf_32_le
""".split())


def stdlib_member_kept(name: str) -> bool:
    """Whether a file of python_stdlib.zip is shipped (see STDLIB_KEEP)."""
    top, _, rest = name.partition("/")
    top = top.removesuffix(".py")
    if top not in STDLIB_KEEP or any(name == d or (d.endswith("/") and name.startswith(d)) for d in STDLIB_DROP):
        return False
    if top == "encodings" and rest:
        return rest.removesuffix(".py") in ENCODINGS_KEEP
    return True


def without_comments(source: bytes) -> bytes | None:
    """The module's source with its comments taken out, every line where it was
    (tracebacks and line numbers stay right), or None when that cannot be
    proven harmless: the result must parse to exactly the same syntax tree."""
    try:
        text = source.decode("utf-8")
        lines = text.splitlines(keepends=True)
        cuts = [tok.start for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT and not (tok.start[0] <= 2 and "coding" in tok.string)]
        for row, col in cuts:
            line = lines[row - 1]
            ending = line[len(line.rstrip("\r\n")):]
            lines[row - 1] = line[:col].rstrip() + ending
        stripped = "".join(lines)
        if ast.dump(ast.parse(stripped)) != ast.dump(ast.parse(text)):
            return None
    except (SyntaxError, ValueError, tokenize.TokenError, UnicodeDecodeError):
        return None  # syntax newer than the Python running the build: shipped as it is
    return stripped.encode("utf-8")


def trim_stdlib(source: Path, target: Path) -> tuple[int, int, int]:
    """Copy python_stdlib.zip keeping only what the site needs, each module
    without its comments where that is proven harmless (without_comments).
    Returns (files kept, files left out, modules shipped with their comments)."""
    kept = dropped = unchanged = 0
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as out:
        for info in src.infolist():
            if not stdlib_member_kept(info.filename):
                dropped += 1
                continue
            data = src.read(info)
            if info.filename.endswith(".py"):
                lean = without_comments(data)
                unchanged += lean is None
                data = lean or data
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            kept += 1
    return kept, dropped, unchanged


def compile_stdlib(dist: Path) -> dict:
    """Replace the boot modules of dist's python_stdlib.zip with .pyc files
    compiled by the pinned Pyodide itself, under Node (tools/compile_stdlib.py
    says how and why). Needs dist/manifest.json to find the wheel."""
    node = shutil.which("node")
    if node is None:
        sys.exit("build: Node.js is needed to compile the standard library (install nodejs and npm)")
    wheel = json.loads((dist / "manifest.json").read_text())["wheel"]
    cmd = [node, str(ROOT / "tools" / "pyodide-node.mjs"), str(dist), "run",
           str(ROOT / "tools" / "compile_stdlib.py"), "/dist/pyodide/python_stdlib.zip", f"/dist/{wheel}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    line = next((l for l in proc.stdout.splitlines() if l.startswith("COMPILED ")), None)
    if proc.returncode != 0 or line is None:
        sys.exit("build: compiling the standard library failed:\n" + (proc.stdout + proc.stderr)[-3000:])
    return json.loads(line[len("COMPILED "):])


def trim_lockfile(source: Path, target: Path) -> None:
    """pyodide-lock.json without its package list: the site loads no Pyodide
    package (the engine is unpacked from its own wheel), and Pyodide reads only
    the lockfile's `info` to boot."""
    lock = json.loads(source.read_text())
    target.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n")


SW_BUILD_LINE = re.compile(r'^const BUILD = "[^"]*";$', re.M)
# The back-off schedule of failed installs: written once, in js/backoff.js, and
# stamped into sw.js (a classic service worker cannot import a module).
BACKOFF_LINE = re.compile(r"^(?:export )?const BACKOFF_MINUTES = (\[[\d, ]*\]);$", re.M)


def stamp_backoff(worker_text: str, schedule_text: str) -> str:
    """sw.js with js/backoff.js's schedule in its `const BACKOFF_MINUTES = [...];` line."""
    found = BACKOFF_LINE.findall(schedule_text)
    if len(found) != 1 or found[0] == "[]":
        sys.exit("build: js/backoff.js must hold exactly one line `export const BACKOFF_MINUTES = [...];`")
    text, count = BACKOFF_LINE.subn(f"const BACKOFF_MINUTES = {found[0]};", worker_text)
    if count != 1:
        sys.exit("build: sw.js must hold exactly one line `const BACKOFF_MINUTES = [...];`")
    return text


def stamp(dist: Path, extra: dict | None = None) -> dict:
    """Write dist/manifest.json (every file, its size and sha256) and stamp the
    service worker with the build id, so a new deploy is a new sw.js and the
    browser picks it up. `extra` defaults to the fields of the manifest there."""
    if extra is None:
        old = json.loads((dist / "manifest.json").read_text())
        extra = {k: v for k, v in old.items() if k not in ("build", "files")}
    files = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel not in ("manifest.json", "sw.js"):
            files[rel] = {"size": path.stat().st_size, "sha256": sha256(path)}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    worker = dist / "sw.js"
    text, count = SW_BUILD_LINE.subn(f'const BUILD = "{build_id}";', worker.read_text())
    if count != 1:
        sys.exit('build: sw.js must hold exactly one line `const BUILD = "...";`')
    worker.write_text(stamp_backoff(text, (dist / "js" / "backoff.js").read_text()))
    files["sw.js"] = {"size": worker.stat().st_size, "sha256": sha256(worker)}
    manifest = {**extra, "build": build_id, "files": dict(sorted(files.items()))}
    (dist / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


# A page's module scripts and every module they import, fetched at once: the
# build writes a <link rel="modulepreload"> for each in place of this marker,
# so the list can neither be forgotten for a new module nor drift between pages.
PRELOAD_MARKER = "<!-- modulepreload: the modules this page's scripts import (build.py) -->"
MODULE_SCRIPT = re.compile(r'<script type="module"[^>]*\bsrc="([^"]+)"')
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""", re.M)


def static_imports(root: Path, entries: list[str]) -> list[str]:
    """Every module that `entries` (paths under root) import statically, directly
    or not, in the order they are first reached; dynamic import() is left out."""
    seen, order, queue = set(entries), [], list(entries)
    while queue:
        module = queue.pop(0)
        for spec in STATIC_IMPORT.findall((root / module).read_text()):
            dep = posixpath.normpath(posixpath.join(posixpath.dirname(module), spec))
            if dep not in seen:
                seen.add(dep)
                order.append(dep)
                queue.append(dep)
    return order


def write_preloads(dist: Path) -> None:
    """Each page's marker becomes the modulepreload links of its scripts' imports."""
    for page in sorted(dist.glob("*.html")):
        text = page.read_text()
        if PRELOAD_MARKER not in text:
            continue
        indent = text[: text.index(PRELOAD_MARKER)].rsplit("\n", 1)[1]
        links = [f'<link rel="modulepreload" href="{m}">' for m in static_imports(dist, MODULE_SCRIPT.findall(text))]
        page.write_text(text.replace(PRELOAD_MARKER, ("\n" + indent).join(links), 1))


def build(dist: Path = DIST) -> dict:
    pyodide_dir = ensure_pyodide()
    wheel = build_wheel()
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    write_preloads(dist)
    # One document for the collection and every game (js/app.js routes between them):
    # play.html?game=... is the start page under the address links and bookmarks use.
    shutil.copy2(dist / "index.html", dist / "play.html")
    (dist / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            kept, dropped, unchanged = trim_stdlib(pyodide_dir / name, dist / "pyodide" / name)
            log(f"standard library: kept {kept} files ({unchanged} modules with their comments), left out {dropped}")
        elif name == "pyodide-lock.json":
            trim_lockfile(pyodide_dir / name, dist / "pyodide" / name)
        else:
            shutil.copy2(pyodide_dir / name, dist / "pyodide" / name)
    (dist / "wheels").mkdir()
    shutil.copy2(wheel, dist / "wheels" / wheel.name)
    engine_version = wheel.name.split("-")[1]
    manifest = stamp(dist, {
        "engine": engine_version,
        "pyodide": pinned_pyodide_version(),
        "wheel": f"wheels/{wheel.name}",
        # What the worker downloads while booting, for the progress bar.
        "boot": [f"pyodide/{n}" for n in PYODIDE_FILES] + [f"wheels/{wheel.name}"],
    })
    compiled = compile_stdlib(dist)
    log(f"standard library: {compiled['modules']} boot modules compiled by Python {compiled['python']}; "
        f"the engine's {compiled['engine']} modules compiled beside their source in the wheel")
    manifest = stamp(dist)
    total = sum(f["size"] for f in manifest["files"].values())
    log(f"dist/ ready: {len(manifest['files'])} files, {total / 1e6:.1f} MB, build {manifest['build']}")
    return manifest


# ------------------------------------------------------------------ serving
class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, under an optional sub-path."""

    base = "/"
    max_age = 0  # 0: revalidate every time (development); Pages uses 600
    quiet = False
    csp = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def send_head(self):
        path = urllib.parse.urlsplit(self.path).path
        if self.base != "/" and path == self.base.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.base)
            self.end_headers()
            return None
        if not path.startswith(self.base):  # outside the sub-path: not part of the site
            self.send_error(404, "outside the site's base path")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        parsed = urllib.parse.urlsplit(path).path
        return super().translate_path("/" + parsed[len(self.base):])

    def end_headers(self) -> None:
        cache = f"max-age={self.max_age}" if self.max_age else "no-cache"
        self.send_header("Cache-Control", cache)
        if self.csp:
            self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(root: Path, base: str = "/", port: int = 0, max_age: int = 0, quiet: bool = False,
                host: str = "127.0.0.1", csp: bool = True) -> http.server.ThreadingHTTPServer:
    """A threaded static server for `root` mounted at `base`; port 0 picks a free port."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"base": base, "max_age": max_age, "quiet": quiet, "csp": csp})
    return SiteServer((host, port), functools.partial(handler, directory=str(root)))


class SiteServer(http.server.ThreadingHTTPServer):
    """The threaded server, quiet when a browser drops a connection mid-answer (a page that
    navigated away, a cancelled fetch): that is no error of the site's."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def default_port() -> int:
    """8000 when it is free, else any free port."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", 8000))
            return 8000
        except OSError:
            return 0


def serve(port: int | None, base: str) -> None:
    build()
    server = make_server(DIST, base=base, port=default_port() if port is None else port)
    host, real_port = server.server_address[:2]
    url = f"http://{host}:{real_port}{'/' + base.strip('/') + '/' if base.strip('/') else '/'}"
    log(f"serving dist/ at {url}  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# ------------------------------------------------------------------ testing
def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """.venv with requirements-test.txt installed (redone when that file changes)."""
    requirements = ROOT / "requirements-test.txt"
    stamp = VENV / ".requirements.sha256"
    want = sha256(requirements)
    if not venv_python().exists():
        try:
            run([sys.executable, "-m", "venv", str(VENV)])
        except subprocess.CalledProcessError:
            apt_install("python3-venv")
            shutil.rmtree(VENV, ignore_errors=True)
            run([sys.executable, "-m", "venv", str(VENV)])
    if not stamp.exists() or stamp.read_text() != want:
        run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-r", str(requirements)])
        stamp.write_text(want)
    return venv_python()


def apt_install(package: str) -> bool:
    """Install a Debian package when we are root on a machine with apt-get."""
    if not shutil.which("apt-get") or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        run(["apt-get", "update", "-qq"], env=env)
        run(["apt-get", "install", "-y", "-qq", package], env=env)
    except subprocess.CalledProcessError:
        return False
    return True


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium() -> str:
    chromium = find_chromium()
    if chromium is None:
        log("chromium is missing: installing Debian's chromium")
        apt_install("chromium")
        chromium = find_chromium()
    if chromium is None:
        sys.exit("test: the browser tests need Chromium; install it with 'apt-get install -y chromium' "
                 "(or set CHROMIUM to its path)")
    return chromium


def ensure_test_packages() -> None:
    """The npm packages the browser tests use (axe-core), as package-lock.json pins them."""
    if (ROOT / "node_modules" / "axe-core" / "axe.min.js").exists():
        return
    npm = shutil.which("npm")
    if not npm:
        sys.exit("test: npm is needed to fetch axe-core for the accessibility tests (install Node.js and npm)")
    run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])


def report_options(pytest_args: list[str]) -> list[str]:
    """What pytest reports besides the tests: the slowest 20 at the end (unless the arguments
    choose)."""
    if any(a.startswith("--durations") for a in pytest_args):
        return []
    return ["--durations=20"]


def test_runs(pytest_args: list[str]) -> list[list[str]]:
    """The pytest runs of the suite: one, in two processes (`-n 2`, pytest-xdist, each test file
    in one of them). On this two-core machine the browser's tests took 13.5 minutes in two
    processes against 19.5 in one (2026-12-05). Every test holds beside the second process: a
    timing check compares against a baseline measured in the same run (a short engine deadline
    from a healthy engine call timed just before; a first visit's sign of life against the page's
    own measured lag; see tests/conftest.py), so none waits for the machine to itself. Arguments
    that choose their own processes run as given."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) for a in pytest_args):
        return [[*report_options(pytest_args), *pytest_args]]
    return [["-n", "2", "--dist", "loadfile", *report_options(pytest_args), *pytest_args]]


def test(pytest_args: list[str]) -> int:
    python = ensure_venv()
    chromium = os.environ.get("CHROMIUM") or ensure_chromium()
    build()
    ensure_test_packages()
    if not shutil.which("node"):
        sys.exit("test: Node.js is needed for the Pyodide-under-Node tests")
    env = {**os.environ, "CHROMIUM": chromium, "PYGAME_DIST": str(DIST)}
    codes = []
    for args in test_runs(pytest_args):
        cmd = [str(python), "-m", "pytest", *args]
        log("$ " + " ".join(cmd))
        codes.append(subprocess.run(cmd, cwd=ROOT, env=env).returncode)
    # 5: that run found no test (arguments naming only engine tests, or only browser ones)
    failed = [code for code in codes if code not in (0, 5)]
    return failed[0] if failed else (5 if all(code == 5 for code in codes) else 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="write the site into dist/")
    serve_p = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    serve_p.add_argument("--port", type=int, default=None, help="port (default: 8000 if free, else any free port)")
    serve_p.add_argument("--base", default="/", help="sub-path to serve under, e.g. /pygame/ (default: /)")
    sub.add_parser("test", help="install test tools, build, run all tests (extra arguments go to pytest)")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port, args.base)
    elif args.command == "test":
        return test(extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
