"""Every catalogue's texts (the site's and each game's), read by Node as the page reads them.

A number said with a noun takes its language's plural form through t()'s one plural rule
(Intl.PluralRules: "{n, plural, one {# point} other {# points}}"), so no text says "1 points"."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["web/i18n/en.js", "web/i18n/de.js", "web/i18n/cs.js", *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("web/games/*/messages.js"))]

# Countable nouns that follow a number in our texts, in English, German and Czech.
NOUNS = (r"points?|Punkte?|cards?|Karten?|geishas?|Geishas?|rounds?|Runden?|clues?|Hinweise?|strikes?"
         r"|moves?|Züge|Zug|players?|Spielern?|match points|Spielpunkte?|yaku|Yaku|seats?|Plätze|Platz|turns?|Personen|Person"
         r"|bod|body|bodů|bodu|karta|karty|karet|kart|gejša|gejši|gejše|gejš|kolo|kola|kol|nápověda|nápovědy|nápověd"
         r"|indicie|indicií|chyba|chyby|chyb|tah|tahy|tahů|tahu|hráč|hráči|hráčů|místo|místa|míst|osoba|osoby|osob|kámen|kameny|kamenů")
BARE_COUNT = re.compile(r"\{(\w+)\}\s+(?:" + NOUNS + r")(?!\w)")
# Placeholders that hold a word, not a count ("the {value} clue", "all four {plant} cards").
WORDS = {"value", "plant", "name", "names", "who", "where", "giver", "action", "colour", "yaku", "card"}
PLURAL = re.compile(r"\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}")


def catalogues() -> dict[str, dict[str, dict[str, str]]]:
    """{source: {lang: {key: text}}} for every catalogue, as Node imports them."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to read the catalogues")
    script = (
        "const out = {};"
        f"for (const f of {json.dumps(SOURCES)}) {{"
        "  const m = await import(process.cwd() + '/' + f);"
        "  const c = m.messages ?? { [f.match(/(\\w+)\\.js$/)[1]]: m.default };"
        "  out[f] = c; }"
        "console.log(JSON.stringify(out));"
    )
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=True)
    return json.loads(done.stdout)


def texts():
    for source, langs in catalogues().items():
        for lang, messages in langs.items():
            for key, text in messages.items():
                if isinstance(text, str):
                    yield source, lang, key, text


def test_no_number_is_said_with_a_noun_that_ignores_its_plural():
    bare = [f"{source} {lang} {key}: {text!r}" for source, lang, key, text in texts()
            if any(m.group(1) not in WORDS for m in BARE_COUNT.finditer(PLURAL.sub("", text)))]
    assert not bare, "a count with a fixed noun (use {n, plural, one {...} other {...}}):\n" + "\n".join(bare)


def test_every_plural_has_an_other_form():
    broken = []
    for source, lang, key, text in texts():
        for name, forms in PLURAL.findall(text):
            if not re.search(r"(^|\s)other\s*\{", forms):
                broken.append(f"{source} {lang} {key}")
        if ", plural," in PLURAL.sub("", text):
            broken.append(f"{source} {lang} {key}: unreadable plural")
    assert not broken, broken


def czech_texts():
    return [(source, key, text) for source, lang, key, text in texts() if lang == "cs"]


def test_czech_counts_have_the_forms_czech_needs():
    """Czech says 1 bod, 2 body, 5 bodů (and 1,5 bodu): Intl.PluralRules("cs") picks one, few, many or
    other, so a Czech plural with a noun gives at least one, few and other ("many" only for fractions)."""
    assert czech_texts(), "no Czech texts"
    broken = []
    for source, key, text in czech_texts():
        for name, forms in PLURAL.findall(text):
            given = set(re.findall(r"(?:^|\s|\})\s*(=?\w+)\s*\{", forms))
            if not {"one", "few", "other"} <= given:
                broken.append(f"{source} {key}: {sorted(given)}")
    assert not broken, "a Czech plural lacks one of one/few/other:\n" + "\n".join(broken)


def test_czech_keeps_inserted_names_in_the_nominative():
    """A person's name (pass and play) fills {them}; Czech would need its dative or genitive, which
    we cannot form from a typed name. So Czech texts use only the nominative forms of the other side."""
    cased = [f"{source} {key}: {text!r}" for source, key, text in czech_texts()
             if re.search(r"\{(them_dat|them_acc|them_gen|Them_gen)\}", text)]
    assert not cased, "\n".join(cased)
