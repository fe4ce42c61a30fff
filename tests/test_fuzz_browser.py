"""The real engine worker in the real browser, fed malformed requests: clean errors, state untouched."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BOOT_MS = 90_000

# Runs in the page: a fresh engine worker (the site's own worker.js), booted,
# then every request in turn; returns the replies.
ROUND_TRIP = """async (requests) => {
  const worker = new Worker(new URL("engine/worker.js", location.href), { type: "module" });
  const replies = new Map();
  let booted;
  const ready = new Promise((resolve, reject) => { booted = { resolve, reject }; });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === "ready") booted.resolve();
    else if (m.type === "boot-error") booted.reject(new Error(m.detail));
    else if (m.type === "reply") replies.get(m.id)(m.reply);
  };
  worker.postMessage({ type: "boot" });
  await ready;
  const call = (request, id) => new Promise((resolve) => {
    replies.set(id, resolve);
    worker.postMessage({ type: "call", id, request });
  });
  const out = [];
  for (let i = 0; i < requests.length; i++) out.push(await call(requests[i], i));
  worker.terminate();
  return out;
}"""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
actions = json_values | st.fixed_dictionaries(
    {"type": st.sampled_from(["secret", "tradeoff", "gift", "competition", "pick_gift", "pick_pair", "nope"])},
    optional={"cards": json_values, "pairs": json_values, "card": json_values, "pair": json_values},
)
stale_moves = st.integers(-5, -1) | st.integers(50, 10**9) | st.text(max_size=3) | st.none() | st.floats(0.5, 2.5)
near_misses = st.one_of(
    st.fixed_dictionaries({"cmd": st.just("apply"), "session": st.just("s1"), "move": stale_moves, "action": actions}),
    st.fixed_dictionaries({"cmd": st.just("apply"), "session": json_values, "move": st.just(0), "action": actions}),
    st.fixed_dictionaries({"cmd": st.just("bot"), "session": st.just("s1"), "move": stale_moves}),
    st.fixed_dictionaries({"cmd": st.sampled_from(["view", "save"]), "session": json_values | st.just("s1")}),
    st.fixed_dictionaries({"cmd": st.sampled_from(["new", "load", "list_games", "version", "close"])},
                          optional={"game": json_values, "save": json_values, "options": json_values,
                                    "session": st.text(max_size=4).map(lambda s: "x" + s)}),
)


def test_the_worker_answers_every_malformed_request_cleanly_and_changes_nothing(site, watch):
    w = watch()
    w.page.goto(site)
    w.page.wait_for_selector('html[data-engine="ready"]', timeout=BOOT_MS)
    requests: list = []

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
    @given(json_values | near_misses)
    def collect(request):
        # A "new"/"load" that happens to be valid would only open another session: keep them out.
        if not (isinstance(request, dict) and request.get("cmd") in ("new", "load") and request.get("game") == "hanamikoji"):
            requests.append(request)

    collect()
    opening = {"cmd": "new", "game": "hanamikoji", "seed": 5, "level": "easy"}
    replies = w.page.evaluate(ROUND_TRIP, [opening, {"cmd": "save", "session": "s1"}, *requests,
                                           {"cmd": "save", "session": "s1"}])
    assert replies[0]["ok"] and replies[0]["data"]["session"] == "s1"
    before, after = replies[1], replies[-1]
    assert before["ok"] and after == before  # the game is exactly as it was
    for request, reply in zip(requests, replies[2:-1]):
        assert set(reply) in ({"ok", "data"}, {"ok", "error"}), (request, reply)
        if not reply["ok"]:
            assert reply["error"]["code"] != "internal" and reply["error"]["message"], (request, reply)
        elif isinstance(request, dict) and request.get("cmd") in ("apply", "bot"):
            raise AssertionError(f"a malformed move was accepted: {request}")
    assert w.errors == []
