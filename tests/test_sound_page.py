"""Sound in the browser (issue 44). Every page here counts the AudioContexts it makes (an init
script wraps window.AudioContext) and records the sounds js/sound.js plays (its
"cardgarden:sound" events), so the checks read names, never audio.

- Off until the player turns it on: a fresh profile, and a damaged stored choice, make no
  AudioContext at all, whatever is played.
- Turned on in the menu, nothing is made until the player touches the page; the first move
  after a tap is heard, and the choice survives a reload, where again nothing is made before a tap.
  Quiet for two seconds, the one context is suspended.
- The game's sounds, from the real boards: a clue, a strike and a struck-out loss in Hanabi (the
  computer moving first, before any tap, is not heard); a capture, a yaku and a koi-koi call in
  Koi-Koi; a win or a loss at the end of a game without its own sounds (the test game).
- An embed is silent unless its host asks (data-sound, which the Embed page's snippets carry when
  chosen): no menu, no AudioContext; with it, a tap on the game is heard.
- Screenshots of the menu with the switch at 390x844, 360x740 and 1280x800 go to test-results/.
"""

from __future__ import annotations

import json
import math
import threading
from pathlib import Path
from urllib.parse import quote

import build
from drivers import HUMAN, open_group
from test_site_koikoi import FIXED, to_the_first_decision
from viewport import DESKTOP, PHONE, SMALL_PHONE, settle, snap

SHOTS = Path(__file__).resolve().parents[1] / "test-results"
BOOT_MS = 120_000
COUNT = """
window.__made = 0;
window.__sounds = [];
if (window.AudioContext) {
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__made += 1; window.__context = this; }
  };
}
document.addEventListener("cardgarden:sound", (event) => window.__sounds.push(event.detail.name));
"""
HEARD = "() => ({made: window.__made, sounds: window.__sounds})"
KEY = "cardgarden.sound"


def heard(target) -> dict:
    return target.evaluate(HEARD)


def counted(watch, **kwargs):
    w = watch(**kwargs)
    w.context.add_init_script(COUNT)
    return w


def take(page, n: int = 1) -> None:
    """A tap on Nim's 'Take n' when it is the player's turn; waits until the engine has it."""
    page.wait_for_selector(HUMAN, timeout=60_000)
    move = page.get_attribute("html", "data-move")
    page.click(f'button[data-take="{n}"]')
    page.wait_for_selector(f'html:not([data-move="{move}"])')


# Each sound rendered offline through the page's own voices and master gain: its peak, its loudness
# (RMS over the time it sounds) and how long it lasts until it falls under -60 dBFS.
LEVELS = """async () => {
  const { SOUND_NAMES, renderSound } = await import(new URL("js/sound.js", document.baseURI).href);
  const out = {};
  for (const name of SOUND_NAMES) {
    const rate = 44100;
    const ctx = new OfflineAudioContext(1, rate * 3, rate);
    renderSound(ctx, name);
    const data = (await ctx.startRendering()).getChannelData(0);
    let peak = 0, sum = 0, last = 0;
    for (let i = 0; i < data.length; i++) {
      const v = Math.abs(data[i]);
      peak = Math.max(peak, v);
      sum += v * v;
      if (v > 0.001) last = i;
    }
    out[name] = { peak, rms: Math.sqrt(sum / (last + 1)), seconds: (last + 1) / rate };
  }
  return out;
}"""


def db(x: float) -> float:
    return 20 * math.log10(max(x, 1e-9))


def reload_new(page) -> None:
    """Reload with the running game's save put away, so a new game is dealt without asking (the
    question's button would be the player's first tap)."""
    page.evaluate("() => localStorage.removeItem('cardgarden.save.nim')")
    page.reload()
    page.wait_for_selector(HUMAN, timeout=BOOT_MS)


def test_sound_is_off_until_turned_on_and_waits_for_a_tap(site, watch):
    w = counted(watch, viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = w.page
    nim = site + "play.html?game=nim&pace=0&pile=21"
    page.goto(nim)
    page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    assert page.locator("#sound").input_value() == "off"
    take(page)
    page.wait_for_selector(HUMAN)  # the computer answered: two moves, no sound
    assert heard(page) == {"made": 0, "sounds": []}
    assert page.evaluate(f"() => localStorage.getItem('{KEY}')") is None

    # A damaged choice is off.
    page.evaluate(f"() => localStorage.setItem('{KEY}', 'loud')")
    reload_new(page)
    assert page.locator("#sound").input_value() == "off"
    take(page)
    assert heard(page) == {"made": 0, "sounds": []}

    # Turned on in the menu (a script's choice: no tap of the player's yet): remembered, nothing made.
    reload_new(page)
    # The toolbar's Settings opened by the script too: a tap on its button would be the player's touch.
    page.evaluate("() => { document.getElementById('preferences').open = true; }")
    page.select_option("#sound", "on")
    page.wait_for_selector("#toast:not([hidden])")
    assert "Sound on" in page.locator("#toast").inner_text()
    assert page.evaluate(f"() => localStorage.getItem('{KEY}')") == "on"
    assert heard(page) == {"made": 0, "sounds": []}
    take(page)  # the player's tap: the move is heard, in the one context now made
    page.wait_for_function("() => window.__sounds.length > 0")
    assert heard(page)["made"] == 1 and heard(page)["sounds"][0] == "card"

    # After a reload the choice is still on, and again nothing is made before a tap; then a whole game.
    reload_new(page)
    assert page.locator("#sound").input_value() == "on"
    page.wait_for_timeout(300)
    assert heard(page) == {"made": 0, "sounds": []}
    for _ in range(30):
        if page.get_attribute("html", "data-game-state") == "over":
            break
        take(page)
        page.wait_for_selector('html[data-turn="human"], html[data-game-state="over"]')
    page.wait_for_selector("dialog#result[open]")
    outcome = page.get_attribute("dialog#result", "data-outcome")
    said = heard(page)
    assert said["made"] == 1, said  # one context for the page, however many sounds
    assert said["sounds"][-1] == outcome and outcome in ("win", "loss"), (said, outcome)
    assert set(said["sounds"][:-1]) == {"card"}, said
    page.click("#result-close")

    # Quiet for a while, the context is suspended (no audio thread left running on a phone).
    page.wait_for_function("() => window.__context.state === 'suspended'", timeout=10_000)

    # Short and quiet: every sound sounds, none is near full scale, none lasts more than a second.
    levels = page.evaluate(LEVELS)
    for name, m in levels.items():
        print(f"{name:8} peak {db(m['peak']):6.1f} dBFS  rms {db(m['rms']):6.1f} dBFS  {m['seconds']:.2f} s")
        assert -40 < db(m["peak"]) < -9, (name, m)
        assert m["seconds"] <= 1.0, (name, m)
    assert levels["card"]["seconds"] <= 0.15  # the sound of every move is the shortest
    assert heard(page)["made"] == 1  # measured offline: no second AudioContext

    # The menu with the switch, for a person to look at: a phone (folded menu) and the desktop toolbar.
    SHOTS.mkdir(exist_ok=True)
    for width, height in (PHONE, SMALL_PHONE, DESKTOP):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        open_group(page, "#sound")
        assert page.locator("#sound").is_visible()
        snap(page, path=str(SHOTS / f"sound-menu-{width}x{height}.png"))
        if page.locator("#menu-toggle").is_visible():
            page.click("#menu-toggle")  # closed again
    assert w.errors == []


# Hanabi, two players, the player in seat 2: the computer moves first. The first fifteen cards (both
# hands and the next five draws) are 4s and 5s, so a blind play of the player's is always a strike.
HIGH = [f"{c}{r}" for r in (4, 5) for c in "rygbw" for _ in range(2 if r == 4 else 1)]
REST = [f"{c}{r}" for c in "rygbw" for r, n in ((1, 3), (2, 2), (3, 2)) for _ in range(n)]
STRIKE_DECK = HIGH + REST


def test_hanabi_and_koikoi_moves_make_their_sounds(site, watch):
    assert len(STRIKE_DECK) == 50
    w = counted(watch, viewport={"width": PHONE[0], "height": PHONE[1]})
    page = w.page
    page.goto(site)
    page.evaluate(f"() => localStorage.setItem('{KEY}', 'on')")
    page.goto(site + f"play.html?game=hanabi&pace=0&players=2&seat=2&deck={quote(json.dumps(STRIKE_DECK))}")
    page.wait_for_selector(HUMAN, timeout=BOOT_MS)
    assert page.get_attribute("html", "data-move") != "0"  # the computer moved first, before any tap ...
    assert heard(page) == {"made": 0, "sounds": []}  # ... and was not heard
    move = page.get_attribute("html", "data-move")
    page.locator(".hb-clue-button:not([disabled])").first.click()
    page.locator(".hb-clue-choice").first.click()
    page.wait_for_selector(f'html:not([data-move="{move}"])')
    page.wait_for_function("() => window.__sounds.includes('clue')")
    for _ in range(3):
        page.wait_for_selector(f'{HUMAN}, html[data-game-state="over"]', timeout=60_000)
        if page.get_attribute("html", "data-game-state") == "over":
            break
        move = page.get_attribute("html", "data-move")
        page.click('.hb-own-card[data-slot="0"]')
        page.click("#hb-play")
        page.wait_for_selector(f'html:not([data-move="{move}"])')
    page.wait_for_selector('html[data-game-state="over"]')
    said = heard(page)
    assert said["made"] == 1 and said["sounds"][0] == "clue", said  # the player's clue (the computer's too, after)
    # Three strikes: two heard as strikes, the third as the loss it is.
    assert [s for s in said["sounds"] if s in ("strike", "loss")] == ["strike", "strike", "loss"], said
    assert said["sounds"][-1] == "loss", said

    # Koi-Koi on the same page: the fixed deal's opening captures, makes Three Brights, and calls Koi-Koi.
    page.goto(site + FIXED)
    page.wait_for_selector('html[data-turn="human"], html[data-turn="bot"]', timeout=BOOT_MS)
    to_the_first_decision(page)  # its taps are the player's own
    page.wait_for_function("() => window.__sounds.includes('yaku')")
    page.click("#kk-koikoi")
    page.wait_for_function("() => window.__sounds.includes('koikoi')")
    said = heard(page)
    assert said["made"] == 1 and {"capture", "yaku", "koikoi"} <= set(said["sounds"]), said
    assert said["sounds"].index("capture") < said["sounds"].index("yaku") < said["sounds"].index("koikoi"), said
    assert w.errors == []


HOST = """<!doctype html>
<html><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,"></head>
<body>
  <h1>Somebody else's page</h1>
  <div id="game" data-card-garden="nim" data-level="easy" data-pace="0" data-pile="21" SOUND></div>
  <script src="SITE/embed.js"></script>
</body></html>
"""


def host_page(site: str, folder: Path, sound: str) -> tuple[str, object]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(HOST.replace("SITE", site.rstrip("/")).replace("SOUND", sound))
    server = build.make_server(folder, port=0, quiet=True, csp=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def test_an_embed_is_silent_unless_its_host_asks(site, watch, tmp_path):
    # The Embed page's snippets ask for sound only when the host chooses it.
    w = watch()
    w.page.goto(site + "embedding.html")
    w.page.wait_for_selector(".embed-game pre")
    assert "sound" not in w.page.locator(".embed-game pre").first.inner_text()
    w.page.select_option("#embed-sound", "on")
    script, iframe = w.page.locator(".embed-game").first.locator("pre").all_inner_texts()[:2]
    assert 'data-sound="on"' in script and "sound=on" in iframe, (script, iframe)
    servers = []
    try:
        for sound, asked in (("", False), ('data-sound="on"', True)):
            url, server = host_page(site, tmp_path / str(asked), sound)
            servers.append(server)
            w = counted(watch)
            w.page.goto(url)
            w.page.wait_for_function("() => [...document.querySelectorAll('iframe')].length === 1")
            frame = None
            for _ in range(600):
                frame = next((f for f in w.page.frames if "embed.html" in f.url), None)
                if frame:
                    break
                w.page.wait_for_timeout(100)
            assert frame is not None
            assert ("sound=on" in frame.url) == asked
            frame.wait_for_selector(HUMAN, timeout=BOOT_MS)
            assert frame.locator("#sound").count() == (1 if asked else 0)  # no switch where the host said nothing
            move = frame.get_attribute("html", "data-move")
            frame.click('button[data-take="1"]')  # the player's tap, in the game
            frame.wait_for_selector(f'html:not([data-move="{move}"])')
            if asked:
                frame.wait_for_function("() => window.__sounds.length > 0")
                assert heard(frame)["made"] == 1 and heard(frame)["sounds"][0] == "card"
            else:
                frame.wait_for_selector(HUMAN)
                assert heard(frame) == {"made": 0, "sounds": []}
            assert heard(w.page) == {"made": 0, "sounds": []}  # the host page itself makes nothing
            assert w.errors == []
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
