"""One rule for a person's name, the page's and the engine's (issue 40).

A name with a full-width space (U+3000, what Japanese input methods type), a
no-break space or U+2028 once passed the page's check and failed the engine's,
so a pass-and-play game could not be dealt, and the remembered table failed
every later deal too. Now both clean a name by one rule (pygame_core/session.py
clean_name, web/js/names.js cleanName): here both run on the same names, and
every name the page lets through is one the engine takes, unchanged.
"""

from __future__ import annotations

import pytest

from engine_helpers import ask, data, node_json
from pygame_core import bridge
from pygame_core.session import MAX_NAME_CHARS, clean_name

# (what was typed, the name the table keeps; None: the engine refuses it as typed)
NAMES = [
    ("Anna", "Anna"),
    ("山田\u3000太郎", "山田 太郎"),  # full-width space, as Japanese input methods type it
    ("\u3000\u3000花子\u3000", "花子"),
    ("Ben\u00a0Carter", "Ben Carter"),  # no-break space
    ("Ann\u2028Marie", "Ann Marie"),  # line separator
    ("Ann\u2029Marie", "Ann Marie"),  # paragraph separator
    ("Jo\t\tKim\n", "Jo Kim"),
    ("  Anna   Lena  ", "Anna Lena"),
    ("Zoë", "Zoë"),
    ("Zoe\u0308", "Zoe\u0308"),  # a combining mark is part of a name
    ("Ondřej Šťastný", "Ondřej Šťastný"),
    ("محمد", "محمد"),
    ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # a family emoji: joined by zero-width joiners
    ("🦊" * MAX_NAME_CHARS, "🦊" * MAX_NAME_CHARS),  # 24 characters, though 48 in JavaScript's count
    ("A" * MAX_NAME_CHARS, "A" * MAX_NAME_CHARS),
    ("A" * (MAX_NAME_CHARS + 1), None),
    ("Ben\u0007", None),  # a control character
    ("\u202eAnna", None),  # a direction override: a format character
    ("An\u200bna", None),  # a zero-width space: format, not white space
    ("Anna\ufeff", None),  # a byte-order mark
    ("", None),
    ("\u3000 \u00a0", None),
]


@pytest.mark.parametrize("typed, kept", NAMES, ids=[repr(n)[:20] for n, _ in NAMES])
def test_the_engine_keeps_a_name_by_the_rule(typed, kept):
    assert clean_name(typed) == kept
    reply = ask({"cmd": "new", "game": "koikoi", "seats": ["human", "human"], "names": [typed, "Ben"]})
    if kept is None:
        assert reply["ok"] is False and reply["error"]["code"] == "bad_name", reply
    else:
        assert reply["ok"] and reply["data"]["names"] == [kept, "Ben"], reply


CLEAN_SCRIPT = """
const { cleanName } = await import(process.cwd() + "/web/js/names.js");
const typed = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(typed.map((text) => cleanName(text))));
"""


def test_the_page_cleans_a_name_to_what_the_engine_keeps():
    typed = [n for n, _ in NAMES] + ["A" * 40, "🦊" * 30, "Ben\u0007Carter", "\u202eAnna", "a\u0000b"]
    cleaned = node_json(CLEAN_SCRIPT, typed)
    for text, page in zip(typed, cleaned):
        engine = clean_name(text)
        if engine is not None:
            assert page == engine, (text, page, engine)  # where the engine takes it, both keep the same
        if page is not None:
            # Whatever the page lets through, the engine takes unchanged: it never refuses a cleaned name.
            assert clean_name(page) == page, (text, page)
            assert len(page) <= MAX_NAME_CHARS
    assert cleaned[typed.index("A" * 40)] == "A" * MAX_NAME_CHARS  # the page cuts a long name to the limit
    assert cleaned[typed.index("🦊" * 30)] == "🦊" * MAX_NAME_CHARS  # by characters, never through an emoji
    assert cleaned[typed.index("Ben\u0007Carter")] == "BenCarter"
    assert cleaned[typed.index("\u3000 \u00a0")] is None


def test_a_refused_name_opens_nothing_and_says_it_is_the_name():
    opened = bridge.opened()
    reply = ask({"cmd": "new", "game": "hanabi", "options": {"players": 3}, "seats": ["human", "easy", "human"],
                 "names": ["Anna", None, "Ben\u0007"]})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_name"
    assert "name" in reply["error"]["message"] and bridge.opened() == opened
    # A table of the same names with the page's cleaning deals.
    view = data({"cmd": "new", "game": "hanabi", "options": {"players": 3}, "seats": ["human", "easy", "human"],
                 "names": ["Anna", None, "Ben"]})
    assert view["names"] == ["Anna", None, "Ben"]
