"""What build.py writes into dist/, and the static rules the front end keeps."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest

import pygame_core

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"


def test_manifest_lists_every_file_with_its_hash(dist):
    manifest = json.loads((dist / "manifest.json").read_text())
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()} - {"manifest.json"}
    assert set(manifest["files"]) == on_disk
    for rel, entry in manifest["files"].items():
        data = (dist / rel).read_bytes()
        assert entry == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}, rel
    assert all(path in manifest["files"] for path in manifest["boot"])
    assert manifest["engine"] == pygame_core.__version__
    assert len(manifest["build"]) == 16


def test_the_service_worker_backs_off_by_the_pages_schedule(dist):
    """The back-off schedule is written once (js/backoff.js); the build stamps it into sw.js."""
    schedule = re.search(r"^export const BACKOFF_MINUTES = (\[[\d, ]+\]);$", (WEB / "js" / "backoff.js").read_text(), re.M)
    assert schedule, "js/backoff.js lost its schedule line"
    worker = (dist / "sw.js").read_text()
    assert re.findall(r"^const BACKOFF_MINUTES = (.*);$", worker, re.M) == [schedule.group(1)]
    assert "BACKOFF_MINUTES = [" not in (WEB / "js" / "offline.js").read_text()  # it imports the one copy


def test_pages_preload_every_module_their_scripts_import(dist):
    """build.py writes the modulepreload links: each names a file of the site, no
    marker is left, and a module the game page imports (a part of it) is among them."""
    for page, script in [("index.html", "js/app.js"), ("embed.html", "js/embed-page.js")]:
        text = (dist / page).read_text()
        assert "<!-- modulepreload" not in text
        preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', text)
        assert len(preloads) == len(set(preloads)) and all((dist / href).is_file() for href in preloads), page
        assert {"js/play.js", "js/play/saving.js", "js/session.js", "engine/client.js"} <= set(preloads), page
        assert script not in preloads  # the script itself is loaded by its own tag


def test_dist_holds_the_pinned_runtime_and_a_pure_python_wheel(dist):
    manifest = json.loads((dist / "manifest.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert manifest["pyodide"] == lock["packages"]["node_modules/pyodide"]["version"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (dist / "pyodide" / name).is_file()
    wheel = dist / manifest["wheel"]
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "pygame_core/bridge.py" in names and "pygame_core/protocol.py" in names
    assert "pygame_core/hanamikoji/policy.json" in names  # expert's learned playouts (issue 30)
    assert "Requires-Dist" not in metadata  # no runtime dependencies
    assert not any(n.startswith("tests/") for n in names)


def web_texts():
    for path in WEB.rglob("*"):
        if path.suffix in {".html", ".js", ".css", ".svg", ".json", ".webmanifest"}:
            yield path, path.read_text()


def test_front_end_uses_only_relative_urls_and_no_other_origin():
    for path, text in web_texts():
        assert not re.search(r"https?://", text.replace("http://www.w3.org/2000/svg", "")), path
        assert not re.search(r"""(src|href)\s*=\s*["']/""", text), f"absolute URL in {path}"
        assert not re.search(r"""(fetch|import)\(\s*["']/""", text), f"absolute URL in {path}"


CATALOGUE_DUMP = """
const root = new URL(process.argv[1], "file://");
const out = {};
const langs = ["en", "de", "cs"];
for (const lang of langs) {
  out[lang] = Object.keys((await import(new URL(`i18n/${lang}.js`, root))).default);
}
for (const game of process.argv.slice(2)) {
  const { messages, rules } = await import(new URL(`games/${game}/board.js`, root));
  for (const lang of langs) out[lang].push(...Object.keys(messages[lang] ?? {}));
  out[`rules-${game}`] = Object.fromEntries(Object.entries(rules).map(([lang, sections]) => [lang, sections.length]));
}
console.log(JSON.stringify(out));
"""


def catalogues() -> dict[str, set[str] | dict[str, int]]:
    """Every message key per language, from the site catalogue and each game's board module (via Node);
    "rules-<game>": the number of sections of each language's rules panel."""
    games = sorted(p.parent.name for p in (WEB / "games").glob("*/board.js"))
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", CATALOGUE_DUMP, WEB.as_uri() + "/", *games],
        capture_output=True, text=True, check=True,
    )
    return {key: value if key.startswith("rules-") else set(value) for key, value in json.loads(proc.stdout).items()}


LANGUAGES = ("en", "de", "cs")


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_catalogue_has_the_english_keys(lang):
    """The site's catalogue and every game's messages say the same things in every language; each
    game's rules panel has its sections in each."""
    found = catalogues()
    assert found["en"] and found["en"] == found[lang], {"missing": found["en"] - found[lang], "extra": found[lang] - found["en"]}
    for key, sections in found.items():
        if key.startswith("rules-"):
            assert set(sections) == set(LANGUAGES) and sections[lang] == sections["en"], (key, sections)


def test_every_text_key_used_by_the_page_exists():
    en = catalogues()["en"]
    used = set()
    for path, text in web_texts():
        used |= set(re.findall(r'data-i18n(?:-aria)?="([\w.-]+)"', text))
        used |= set(re.findall(r'\bt\(\s*"([\w.-]+)"', text))
    assert used and used <= en, used - en
    # Keys built at run time: one per boot-error kind, progress phase, level, outcome and game.
    for kind in ("no-wasm", "no-worker", "old-browser", "missing-file", "network", "corrupt", "python",
                 "stalled", "unknown"):
        assert f"error.{kind}" in en
    for phase in ("manifest", "runtime", "start", "engine", "restore", "ready"):
        assert f"engine.phase.{phase}" in en
    for outcome in ("win", "loss", "draw"):
        assert f"play.result.{outcome}" in en
    for game in ("hanamikoji", "koikoi", "hanabi", "nim"):
        assert f"game.{game}.title" in en
    for game in ("hanamikoji", "koikoi", "hanabi"):
        assert f"game.{game}.blurb" in en


def test_every_page_carries_the_strict_content_security_policy():
    import build

    assert "'unsafe-eval'" not in build.CSP and "'unsafe-inline'" not in build.CSP
    pages = sorted(WEB.glob("*.html"))
    assert len(pages) >= 4
    for page in pages:
        found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page.read_text())
        assert found == [build.CSP], page.name


def test_generated_files_are_ignored():
    ignored = (ROOT / ".gitignore").read_text().split()
    for entry in ("dist/", "node_modules/", "*.whl", ".venv/"):
        assert entry in ignored


def test_the_app_manifest_names_the_site_in_every_language():
    """The installed app's name and description in each language the site speaks (the manifest's
    *_localized members; English is the default), named as each catalogue names the site."""
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    assert manifest["lang"] == "en"
    titles = json.loads(subprocess.run(
        ["node", "--input-type=module", "-e", "const out = {}; for (const l of process.argv.slice(2)) "
         "out[l] = (await import(new URL(`i18n/${l}.js`, process.argv[1]))).default['site.title']; console.log(JSON.stringify(out));",
         WEB.as_uri() + "/", *LANGUAGES], capture_output=True, text=True, check=True).stdout)
    assert manifest["short_name"] == titles["en"] and manifest["name"].startswith(titles["en"] + ":")
    for lang in LANGUAGES[1:]:
        assert manifest["short_name_localized"][lang] == titles[lang]
        assert manifest["name_localized"][lang].startswith(titles[lang] + ":")
        assert manifest["description_localized"][lang].strip()
