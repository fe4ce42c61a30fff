"""Embedding: a host page on another origin places a game with embed.js, hears it, drives it to the end."""

from __future__ import annotations

import json
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import build
from test_site_hanamikoji import play_match

HOST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,"></head>
<body>
  <h1>Somebody else's page</h1>
  <div id="game" data-card-garden="hanamikoji" data-level="easy" data-lang="en" data-pace="50"
       data-margin="1e309"></div>
  <script>
    window.received = [];
    for (const type of ["ready", "resize", "result", "error"]) {
      document.getElementById("game").addEventListener("cardgarden:" + type, (e) => received.push(e.detail));
    }
  </script>
  <script src="SITE/embed.js"></script>
</body></html>
"""


def serve_host_page(site, folder, lang="en"):
    """The host page (its game in `lang`), served from a different origin (another port): yields its address."""
    (folder / "index.html").write_text(HOST_PAGE.replace("SITE", site.rstrip("/")).replace('data-lang="en"', f'data-lang="{lang}"'))
    server = build.make_server(folder, port=0, quiet=True, csp=False)  # somebody else's page
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def host(site, tmp_path):
    yield from serve_host_page(site, tmp_path)


def received(page, type_=None):
    return [m for m in page.evaluate("window.received") if type_ is None or m["type"] == type_]


def embedded_frame(page):
    page.wait_for_function("window.received.some(m => m.type === 'ready')", timeout=90_000)
    return next(f for f in page.frames if "embed.html" in f.url)


def test_a_host_page_embeds_plays_to_the_end_and_hears_the_result(host, watch, site):
    w = watch()
    w.page.goto(host)
    frame = embedded_frame(w.page)
    assert frame.url.startswith(site) and "game=hanamikoji" in frame.url and "level=easy" in frame.url
    ready = received(w.page, "ready")[0]
    assert ready == {"protocol": "card-garden", "version": 1, "type": "ready", "game": "hanamikoji", "level": "easy"}
    # The frame tells its height, and the host script sizes the iframe to it.
    w.page.wait_for_function("window.received.some(m => m.type === 'resize' && m.height > 300)")
    # The frame may resize again while the game sets up: the iframe follows the latest message.
    w.page.wait_for_function("""() => {
      const sizes = window.received.filter(m => m.type === 'resize');
      const frame = document.querySelector('#game iframe').getBoundingClientRect().height;
      return Math.abs(frame - sizes[sizes.length - 1].height) <= 1;
    }""")
    assert frame.locator(".site-header").count() == 0  # no site chrome in a frame
    play_match(frame)
    w.page.wait_for_function("window.received.some(m => m.type === 'result')", timeout=60_000)
    result = received(w.page, "result")[0]
    assert result["game"] == "hanamikoji" and result["level"] == "easy"
    assert result["outcome"] in {"win", "loss", "draw"}
    assert result["winner"] in {"player", "computer", None}
    assert len(result["scores"]) == 2 and 10 <= result["ranking_points"] <= 100
    # The host may start a new game.
    w.page.evaluate("document.getElementById('game').cardGarden.newGame({level: 'hard'})")
    frame.wait_for_selector('html[data-game-state="playing"][data-move="0"], html[data-game-state="playing"][data-move="1"]')
    frame.wait_for_selector('html[data-turn]')
    assert frame.locator("#level").input_value() == "hard"  # the level menu shows the game's level
    assert [e for e in w.errors if "card-garden" not in e] == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
near_misses = st.fixed_dictionaries(
    {"protocol": st.sampled_from(["card-garden", "card garden", ""]), "version": st.sampled_from([1, 2, "1", None]),
     "type": st.sampled_from(["new-game", "resize", "toString", "__proto__", "constructor", ""])},
    optional={"level": json_values | st.sampled_from(["easy", "expert", "grandmaster"]), "options": json_values,
              "evil": json_values},
)


def is_valid_command(m) -> bool:
    return (isinstance(m, dict) and m.get("protocol") == "card-garden" and m.get("version") == 1
            and type(m.get("version")) is int and m.get("type") == "new-game"
            and set(m) <= {"protocol", "version", "type", "level", "options"}
            and m.get("level", "easy") in ("easy", "normal", "hard", "expert") and isinstance(m.get("options", {}), dict))


def test_malformed_messages_to_an_embedded_game_are_ignored(host, watch):
    w = watch()
    w.page.goto(host)
    frame = embedded_frame(w.page)
    frame.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    move = frame.get_attribute("html", "data-move")
    save = frame.evaluate("localStorage.getItem('cardgarden.embed.save.hanamikoji')")
    messages = []

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(json_values | near_misses)
    def collect(message):
        if not is_valid_command(message):
            messages.append(message)

    collect()
    w.page.evaluate(
        "(ms) => { const f = document.querySelector('#game iframe').contentWindow; for (const m of ms) f.postMessage(m, '*'); }",
        messages,
    )
    frame.wait_for_timeout(500)
    assert frame.get_attribute("html", "data-move") == move
    assert frame.get_attribute("html", "data-game-state") == "playing"
    assert frame.evaluate("localStorage.getItem('cardgarden.embed.save.hanamikoji')") == save
    assert w.errors == []
    warned = [m for m in w.warnings if "card-garden: ignored a message" in m]
    assert len(warned) == len(messages)  # each one refused out loud, none obeyed
    # And a message that is not from the host (the frame to itself) is not obeyed either.
    frame.evaluate("window.postMessage({protocol: 'card-garden', version: 1, type: 'new-game'}, '*')")
    frame.wait_for_timeout(300)
    assert frame.get_attribute("html", "data-move") == move
    assert json.loads(json.dumps(messages))  # every message was plain JSON
    # The return visit: nobody touched this game, so it comes back as it was without asking
    # "Continue your game? ... after move 0".
    hand = frame.locator(".hk-card").evaluate_all("(cards) => cards.map((c) => c.dataset.geisha)")
    w.page.reload()
    frame = embedded_frame(w.page)
    frame.wait_for_selector(f'html[data-game-state="playing"][data-move="{move}"]', timeout=60_000)
    frame.wait_for_selector('html[data-turn="human"]')
    assert frame.locator("dialog#resume[open]").count() == 0
    assert frame.locator(".hk-card").evaluate_all("(cards) => cards.map((c) => c.dataset.geisha)") == hand
    assert w.errors == []


REFUSED_NEW_GAMES = [  # options, the code the host hears
    ({"round_limit": 0}, "bad_options"),
    ({"round_limit": True}, "bad_options"),
    ({"rounds": 3}, "bad_options"),
    ({"round_limit": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}, "bad_request"),
    ({"round_limit": "x" * 1_100_000}, "bad_json"),
]


def test_a_new_game_the_engine_refuses_leaves_the_embedded_game_as_it_was(host, watch, site):
    w = watch()
    # The player's own game on the site: an embed must never touch it.
    w.page.goto(site + "play.html?game=hanamikoji&pace=50")
    w.page.wait_for_selector('html[data-turn="human"]', timeout=90_000)
    own = w.page.evaluate("localStorage.getItem('cardgarden.save.hanamikoji')")
    assert own
    w.page.goto(host)
    frame = embedded_frame(w.page)
    frame.wait_for_selector('html[data-turn="human"]', timeout=60_000)
    move = frame.get_attribute("html", "data-move")
    save = frame.evaluate("localStorage.getItem('cardgarden.embed.save.hanamikoji')")
    assert save and save != own
    for index, (options, code) in enumerate(REFUSED_NEW_GAMES):
        w.page.evaluate("(o) => document.getElementById('game').cardGarden.newGame({level: 'hard', options: o})", options)
        w.page.wait_for_function(f"window.received.filter(m => m.type === 'error').length > {index}", timeout=20_000)
        error = received(w.page, "error")[index]
        assert error["code"] == code and error["request"] == "new-game" and error["message"], options
        assert error["protocol"] == "card-garden" and error["game"] == "hanamikoji"
        assert frame.get_attribute("html", "data-move") == move
        assert frame.get_attribute("html", "data-game-state") == "playing"
        assert frame.evaluate("localStorage.getItem('cardgarden.embed.save.hanamikoji')") == save
        assert frame.evaluate("localStorage.getItem('cardgarden.save.hanamikoji')") == own
        assert "please check the address" not in frame.locator("#toast").inner_text()
        assert frame.locator("#level").input_value() == "easy"  # a refused command changes nothing
    # A malformed card-garden command is answered too.
    w.page.evaluate("document.querySelector('#game iframe').contentWindow.postMessage("
                    "{protocol: 'card-garden', version: 1, type: 'new-game', level: 'grandmaster'}, '*')")
    w.page.wait_for_function(f"window.received.filter(m => m.type === 'error').length > {len(REFUSED_NEW_GAMES)}")
    assert received(w.page, "error")[-1]["code"] == "bad_message"
    # The game goes on.
    from drivers import take_a_turn
    take_a_turn(frame)


def test_the_embed_page_offers_each_game_its_own_levels(watch, site):
    """Hanamikoji and Koi-Koi have an expert, Hanabi does not: each snippet's level menu
    lists only levels its game accepts, and a pick changes that game's snippet alone."""
    w = watch()
    w.page.goto(site + "embedding.html")
    hanamikoji = w.page.locator('.embed-game[data-game="hanamikoji"]')
    koikoi = w.page.locator('.embed-game[data-game="koikoi"]')
    hanabi = w.page.locator('.embed-game[data-game="hanabi"]')
    hanamikoji.locator("pre").first.wait_for()
    levels = "(s) => [...s.options].map((o) => o.value)"
    assert hanamikoji.locator("select").evaluate(levels) == ["easy", "normal", "hard", "expert"]
    assert koikoi.locator("select").evaluate(levels) == ["easy", "normal", "hard", "expert"]
    assert hanabi.locator("select").evaluate(levels) == ["easy", "normal", "hard"]
    hanamikoji.locator("select").select_option("expert")
    assert 'data-level="expert"' in hanamikoji.locator("pre").first.inner_text()
    assert "level=expert" in hanamikoji.locator("pre").nth(1).inner_text()
    assert 'data-level="normal"' in koikoi.locator("pre").first.inner_text()
    # Another language redraws the snippets and keeps the pick.
    w.page.locator("#embed-lang").select_option("de")
    assert 'data-level="expert"' in hanamikoji.locator("pre").first.inner_text()
    assert w.errors == []
