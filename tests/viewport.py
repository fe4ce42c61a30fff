"""Is what the player needs on screen? The checks the phone-layout tests share (issue 25).

A decision is playable without scrolling when the hand, each enabled control of the
decision and what it is about (the field, the other side's visible cards) lie inside the
viewport as the player sees it, and nothing overflows sideways. The whole-match tests
call `check_sizes` at every decision: one match visits every size by resizing the page.
"""

from __future__ import annotations

import os

from playwright.sync_api import TimeoutError as PlaywrightTimeout

PHONE = (390, 844)
SMALL_PHONE = (360, 740)
LANDSCAPE = (844, 390)
DESKTOP = (1280, 800)
SIZES = (PHONE, SMALL_PHONE, LANDSCAPE)
# The deal of the whole-match tests (?seed=): fixed, so that every run checks the same states;
# bench/layouts.py runs those tests over many other deals (PYGAME_DEAL) to find the states it misses.
DEAL = int(os.environ.get("PYGAME_DEAL", "2026"))

# The boxes of every rendered element that matches a selector, in viewport coordinates.
_BOXES = """(selectors) => {
  const out = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const style = getComputedStyle(el);
      if (!el.getClientRects().length || style.visibility === "hidden") continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const label = (el.id ? "#" + el.id : el.className || el.tagName) + " " + (el.textContent || "").trim().slice(0, 30);
      out.push({ selector, label, top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    }
  }
  return { boxes: out, width: innerWidth, height: innerHeight,
           scrollWidth: document.scrollingElement.scrollWidth, scrollY };
}"""


def snap(target, **options):
    """`target.screenshot(**options)` (a page or a locator), once more if it hangs: headless
    Chromium here now and then stops drawing frames for a page (a fresh CI run waited 60 s for
    one on the start page), and a screenshot waits for a frame. Bringing the page to the front
    draws again; the second try then has its own time."""
    page = target.page if hasattr(target, "page") else target  # a locator knows its page
    try:
        return target.screenshot(timeout=20_000, **options)
    except PlaywrightTimeout:
        page.bring_to_front()
        settle(page)
        return target.screenshot(timeout=40_000, **options)


# Every card's flight ends where it lands (a finite animation finished; a spinner's endless one left).
LANDED = "() => document.getAnimations().forEach((a) => a.effect?.getTiming().iterations === Infinity || a.finish())"


def settle(page) -> None:
    """The page as the player left it: at its top (a test's clicks scroll, a player's taps do not),
    after resize observers and the next frame ran (a layout measured after a resize)."""
    # Two frames, or 2 s at most: a frame that never comes (rendering paused) must not hang the test run.
    page.evaluate("() => { scrollTo(0, 0); return new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); setTimeout(done, 2000); }); }")


def outside(page, selectors: list[str], slack: float = 1.0) -> list[str]:
    """Each rendered element of `selectors` that is not wholly inside the viewport, and any sideways overflow."""
    seen = page.evaluate(_BOXES, selectors)
    width, height = seen["width"], seen["height"]
    bad = [f"{b['selector']} ({b['label']}): top {b['top']:.0f} bottom {b['bottom']:.0f} "
           f"left {b['left']:.0f} right {b['right']:.0f} in {width}x{height}"
           for b in seen["boxes"]
           if b["top"] < -slack or b["left"] < -slack or b["bottom"] > height + slack or b["right"] > width + slack]
    if seen["scrollWidth"] > width + slack:
        bad.append(f"the page scrolls sideways: {seen['scrollWidth']} px in {width}")
    return bad


def missing(page, selectors: list[str]) -> list[str]:
    """The selectors of `selectors` that match no rendered element."""
    seen = page.evaluate(_BOXES, selectors)
    found = {b["selector"] for b in seen["boxes"]}
    return [s for s in selectors if s not in found]


def check_sizes(page, selectors: list[str], *, required: list[str] = (), sizes=SIZES, where: str = "") -> None:
    """At each size, `selectors` are inside the viewport and each of `required` is rendered; the
    page is left at the first size. Fails naming the size, the element and where it lies."""
    problems = []
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        # The layout at rest: a card still flying to a pile can reach past the edge for a frame, and a
        # phone then lays the page out wider (seen once: 373x765 at 360x740, the hand just below it).
        page.evaluate(LANDED)
        settle(page)
        problems += [f"{size[0]}x{size[1]} {where}: {p}" for p in outside(page, list(selectors) + list(required))]
        problems += [f"{size[0]}x{size[1]} {where}: nothing shows {s}" for s in missing(page, list(required))]
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    settle(page)
    assert not problems, "\n".join(problems)
