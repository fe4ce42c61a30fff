"""Parts of the game page (web/js/play/) on their own, each with stand-ins for
the others: no engine, no board, only the part and a frame of the shell.

The whole page is tested through real games elsewhere (test_play_page.py,
test_faults.py, test_saves.py); these show that a part keeps its promises
without the rest of the page around it.
"""

from __future__ import annotations

import pytest

BLANK = "<!doctype html><html lang='en'><head><meta charset='utf-8'></head><body></body></html>"


@pytest.fixture
def blank(site, watch):
    """A page of the site's origin with nothing on it: its modules import from the site."""
    w = watch()
    url = site + "__parts__.html"
    w.page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=BLANK))
    w.page.goto(url)
    return w


SETTINGS = """async ({ query }) => {
  const { createFrame } = await import("./js/play/frame.js");
  const { createSettings } = await import("./js/play/settings.js");
  const told = [];
  const make = (search) => {
    const frame = createFrame({ levels: ["easy", "normal", "hard"] });
    document.body.append(frame.node);
    const settings = createSettings(frame, { name: "parts", params: new URLSearchParams(search),
      toast: { show: (text) => told.push(text) }, running: () => true });
    settings.mount([
      { key: "rounds", label: "kk.rounds", values: [3, 6, 12] },
      { key: "seat", label: "hb.seat", values: [1, 2, 3, 4, 5], seat: true },
    ], { rounds: 6, players: 3, decks: null });
    return { frame, settings };
  };
  const first = make("");
  const fresh = { ...first.settings.options() };
  const rounds = first.frame.$("setting-rounds");
  rounds.value = "12";
  rounds.dispatchEvent(new Event("change"));
  first.frame.$("setting-seat").value = "5";
  const later = make("").settings.options();
  const fromUrl = make(query).settings;
  return { fresh, told, later, url: fromUrl.options(), seat: first.settings.seat(first.settings.options()),
    seatOfFour: first.settings.seat({ players: 4 }) };
}"""


def test_settings_take_the_address_then_the_last_choice_then_the_default(blank):
    got = blank.page.evaluate(SETTINGS, {"query": "rounds=3&decks=[1]&unknown=1"})
    assert got["fresh"] == {"rounds": 6}  # the game's default, before any choice
    assert got["told"] == ["kk.rounds: 12, from the next game on."]  # what changed (the game's texts are not loaded here)
    assert got["later"] == {"rounds": 12}  # the last choice, remembered
    assert got["url"] == {"rounds": 3, "decks": [1]}  # the address wins; only options the game knows
    assert got["seat"] == 2 and got["seatOfFour"] == 3  # seat 5 of a table of 3 is its last seat (0 starts)
    assert blank.errors == []


BOUNDED = """async ({ query }) => {
  const { createFrame } = await import("./js/play/frame.js");
  const { createSettings } = await import("./js/play/settings.js");
  const { addMessages } = await import("./js/i18n.js");
  addMessages({ en: { "test.out": "no {asked} at {limit}: {given}" } });
  const told = [];
  const frame = createFrame({ levels: ["normal"] });
  document.body.append(frame.node);
  const settings = createSettings(frame, { name: "bounded", params: new URLSearchParams(query),
    toast: { show: (text) => told.push(text) }, running: () => false });
  settings.mount([
    { key: "players", label: "hb.players", values: [2, 3, 4, 5] },
    { key: "seat", label: "hb.seat", values: [1, 2, 3, 4, 5], seat: true, upTo: "players", outOfRange: "test.out" },
  ], { players: 2 });
  const offered = () => [...frame.$("setting-seat").options].map((o) => o.value).join(" ");
  const out = { first: offered(), seat: frame.$("setting-seat").value, told: [...told] };
  const players = frame.$("setting-players");
  players.value = "5";
  players.dispatchEvent(new Event("change"));
  out.five = offered();
  frame.$("setting-seat").value = "4";
  players.value = "2";
  players.dispatchEvent(new Event("change"));
  Object.assign(out, { two: offered(), seatOfTwo: frame.$("setting-seat").value, toldAfter: told.slice(1) });
  return out;
}"""


def test_a_setting_bounded_by_another_offers_only_values_in_range_and_says_a_change(blank):
    got = blank.page.evaluate(BOUNDED, {"query": "players=3&seat=5"})
    assert got["first"] == "1 2 3" and got["seat"] == "3"
    assert got["told"] == ["no 5 at 3: 3"]  # the link's seat 5 at a table of 3, said
    assert got["five"] == "1 2 3 4 5"
    assert got["two"] == "1 2" and got["seatOfTwo"] == "2" and got["toldAfter"] == ["no 4 at 2: 2"]
    assert blank.errors == []


SAVING = """async () => {
  const { createFrame } = await import("./js/play/frame.js");
  const { createToast } = await import("./js/play/toast.js");
  const { createSaving } = await import("./js/play/saving.js");
  const frame = createFrame({ levels: ["normal"] });
  document.body.append(frame.node);
  let storageWorks = false;
  const stored = [];
  const slot = {
    record: (fields) => ({ ...fields }),
    store(record) {
      if (storageWorks) stored.push(record);
      return storageWorks;
    },
    storedMove: () => null,
  };
  const view = (move) => ({ session: "s1", move, is_over: false });
  const session = { view: view(1), trouble: null, save: async () => ({ save: { moves: 1 }, human: 0, level: "hard", notes: [] }) };
  const saving = createSaving(frame, { name: "parts", slot, toast: createToast(frame), session,
    board: { keep: () => ({ note: "kept" }) }, owned: () => true, engine: () => "9.9" });
  saving.persist(session.view);
  await saving.settled();
  const refused = {
    mark: document.documentElement.dataset.storage,
    notice: frame.$("notice-storage")?.textContent ?? null,
    kept: saving.latest && { move: saving.latest.move, board: saving.latest.board, engine: saving.latest.engine },
    keptMove: saving.keptMove(),
  };
  storageWorks = true;
  session.view = view(2);
  saving.persist(session.view);
  saving.persist(session.view); // the same move drawn again is not saved twice
  await saving.settled();
  return { refused, mark: document.documentElement.dataset.storage, notice: Boolean(frame.$("notice-storage")),
    toast: frame.$("toast").hidden ? null : frame.$("toast").textContent, stored: stored.map((r) => r.move) };
}"""


def test_saving_tells_a_refused_write_at_once_and_says_when_storage_works_again(blank):
    got = blank.page.evaluate(SAVING)
    refused = got["refused"]
    assert refused["mark"] == "failed" and "could not be saved" in refused["notice"]
    assert refused["kept"] == {"move": 1, "board": {"note": "kept"}, "engine": "9.9"}  # ready to download
    assert refused["keptMove"] == 1
    assert got["mark"] == "ok" and not got["notice"] and got["toast"] == "Your game is saved again."
    assert got["stored"] == [2]
    assert blank.errors == []


TURN = """async () => {
  const { createFrame } = await import("./js/play/frame.js");
  const { createTurnLine } = await import("./js/play/turn.js");
  const frame = createFrame({ levels: ["normal"] });
  document.body.append(frame.node);
  const session = { view: null, trouble: null };
  const board = { prompt: () => "Pick a card", heldPrompt: () => null };
  const turn = createTurnLine(frame, { session, board });
  const seen = [];
  const look = () => {
    turn.render();
    seen.push([frame.$("turn").textContent, document.documentElement.dataset.turn]);
  };
  look();
  session.view = { is_over: false, waiting_for: "human" };
  look();
  session.view = { is_over: false, waiting_for: "bot" };
  look();
  session.trouble = { code: "timeout" };
  look();
  session.trouble = null;
  frame.marks().owner = "elsewhere";
  look();
  frame.close(null);
  return { seen, after: document.documentElement.dataset.owner ?? null };
}"""


def test_the_turn_line_says_a_stopped_engine_is_nobodys_turn(blank):
    got = blank.page.evaluate(TURN)
    assert got["seen"] == [
        ["", "none"],
        ["Pick a card", "human"],
        ["The computer is thinking…", "bot"],
        ["The engine has stopped", "stopped"],
        ["Open in another tab", "stopped"],
    ]
    assert got["after"] is None  # the frame takes its marks off <html> when it closes
    assert blank.errors == []


TOOLBAR = """async () => {
  const { createFrame } = await import("./js/play/frame.js");
  const { createToolbar } = await import("./js/play/toolbar.js");
  const told = [];
  const frame = createFrame({ levels: ["easy", "normal", "hard"] });
  document.body.append(frame.node);
  const paces = [];
  const toolbar = createToolbar(frame, { name: "hanamikoji", params: new URLSearchParams(""),
    toast: { show: (text) => told.push(text) }, running: () => true, onPace: (ms) => paces.push(ms) });
  const pick = (id, value) => {
    frame.$(id).value = value;
    frame.$(id).dispatchEvent(new Event("change"));
  };
  pick("speed", "fast");
  pick("level", "hard");
  const toggle = frame.$("menu-toggle");
  toggle.click();
  const opened = toggle.getAttribute("aria-expanded");
  frame.$("new-game").click();
  return { told, paces, level: toolbar.level(), opened, closed: toggle.getAttribute("aria-expanded") };
}"""


def test_each_toolbar_notice_says_what_changed_and_the_menu_closes_once_used(blank):
    got = blank.page.evaluate(TOOLBAR)
    assert got["told"] == ["Speed: Fast, from the computer's next move on.", "Level: Hard, from the next game on."]
    assert got["paces"] == [250] and got["level"] == "hard"
    assert got["opened"] == "true" and got["closed"] == "false"


LAST_NEWS = """async () => {
  const { lastNews } = await import("./js/play/log.js");
  const line = (seat, text, auto) => ({ seat, text, ...(auto ? { auto } : {}) });
  return [
    lastNews([]),
    lastNews([line(null, "Round 1")]),
    lastNews([line(1, "It offered"), line(0, "You drew", true)]),
    lastNews([line(1, "It offered"), line(0, "You took"), line(0, "You drew", true)]),
    lastNews([line(0, "You played"), line(1, "It played"), line(null, "Round 2")]),
  ].map((l) => l?.text ?? null);
}"""


def test_the_last_move_line_is_the_other_sides_move_unless_the_player_chose_since(blank):
    assert blank.page.evaluate(LAST_NEWS) == [None, None, "It offered", "You took", "It played"]
