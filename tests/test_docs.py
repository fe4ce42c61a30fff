"""The README stays a newcomer's page, and the documents' links lead somewhere (issue 43).

Every relative markdown link in README.md, bench/README.md and docs/*.md must name a file or
folder of the repository, and a `#fragment` into a markdown file must name one of its headings
(GitHub's anchors). The README keeps CI's two commands exactly as .ci/run expects them. Fast: no
build, no browser.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, ROOT / "bench" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

TWO_COMMANDS = """```sh
python3 build.py serve      # build dist/ and serve it on http://127.0.0.1:8000/ (or a free port; --port N, --base /sub/)
python3 build.py test       # install test tools into .venv, Chromium via apt if missing, build, run every test
```"""

LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")


def prose(text: str) -> str:
    """The text without fenced blocks and code spans, where brackets are not links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchors(path: Path) -> set[str]:
    """GitHub's heading anchors of a markdown file (duplicates get -1, -2, ...)."""
    seen: dict[str, int] = {}
    out = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if not m:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))
        text = text.replace("`", "").replace("*", "")
        slug = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def relative_links(path: Path) -> list[str]:
    return [target for _, target in LINK.findall(prose(path.read_text(encoding="utf-8")))
            if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def test_the_documents_exist_and_link_to_each_other():
    assert (ROOT / "docs").is_dir() and len(DOCUMENTS) >= 5
    for path in DOCUMENTS:
        assert relative_links(path), f"{path.relative_to(ROOT)} links nowhere"
    linked = {(README.parent / t.split("#")[0]).resolve() for t in relative_links(README)}
    for path in DOCUMENTS[1:]:
        assert path.resolve() in linked, f"the README does not link to {path.relative_to(ROOT)}"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    broken = []
    for target in relative_links(path):
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists() or ROOT not in dest.parents and dest != ROOT:
            broken.append(f"{target} (no such file)")
        elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
            broken.append(f"{target} (no heading #{fragment} in {dest.relative_to(ROOT)})")
    assert not broken, f"{path.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_anchor_reader_follows_github():
    sample = ROOT / "bench" / "README.md"
    got = anchors(sample)
    assert "the-coachs-reasons" in got and "ai-strength-hanamikoji" in got and "load-time" in got


def test_the_readme_is_short_and_keeps_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 260
    assert TWO_COMMANDS in text
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 build.py test" in ci


def test_every_benchmark_section_names_its_command():
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    sections = re.split(r"(?m)^## ", FENCE.sub("", text))[1:]
    assert len(sections) >= 10
    for section in sections:
        title, _, body = section.partition("\n")
        if title == "Contents":
            continue
        assert re.search(r"^Reproduce: `[^`]+`", body, re.M), f"bench/README.md, {title!r}: no command"
