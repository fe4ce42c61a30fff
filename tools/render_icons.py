#!/usr/bin/env python3
"""Renders the app icons (PNG, for installing the site) from our SVGs with Chromium.

    .venv/bin/python tools/render_icons.py

The PNGs are committed: building the site needs no browser. Rerun after
changing web/img/icon.svg or web/img/icon-maskable.svg.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parents[1] / "web" / "img"
ICONS = [("icon.svg", "icon-192.png", 192), ("icon.svg", "icon-512.png", 512),
         ("icon-maskable.svg", "icon-maskable-512.png", 512)]


def main() -> None:
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable)
        for source, target, size in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (IMG / source).read_text()
            page.set_content(f"<style>html,body{{margin:0;background:transparent}}svg{{display:block;width:{size}px;"
                             f"height:{size}px}}</style>{svg}")
            page.screenshot(path=str(IMG / target), omit_background=True)
            page.close()
            print(f"wrote {target} ({size}x{size})")
        browser.close()


if __name__ == "__main__":
    main()
