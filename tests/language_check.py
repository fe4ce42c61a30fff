"""Is any English left on the screen? The check the tests in other languages share (issue 28).

English words on a page shown in Czech or German are texts the catalogue missed: a key the
language lacks, a text the code writes itself, an English name. `english_left(page)` takes every
English text of the site's catalogue (the site's and each loaded game's messages, and Koi-Koi's card
and yaku names) that the page's language says differently, cuts it into the fixed pieces between its
placeholders, and returns the pieces the player can see (document.body.innerText: what is rendered).
A piece that also occurs in the page's own language (a name, "Koi-Koi") is no evidence and is left out.
"""

from __future__ import annotations

_ENGLISH_LEFT = r"""async () => {
  const { CATALOGUES, language } = await import("./js/i18n.js");
  const lang = language();
  const english = [], theirs = [];
  for (const [key, text] of Object.entries(CATALOGUES.en)) {
    const mine = CATALOGUES[lang][key];
    if (typeof mine === "string") theirs.push(mine);
    if (typeof text === "string" && mine !== text) english.push(text);
  }
  const { CARDS, YAKU, cardName, plantName, yakuName } = await import("./games/koikoi/cards.js");
  const names = [...CARDS.keys()].map((id) => [cardName(id, "en"), cardName(id, lang)]);
  for (let month = 1; month <= 12; month++) names.push([plantName(month, "en"), plantName(month, lang)]);
  for (const key of Object.keys(YAKU)) names.push([yakuName(key, "en"), yakuName(key, lang)]);
  for (const [en, mine] of names) { english.push(en); theirs.push(mine); }
  const own = theirs.join("\n");
  // The fixed pieces of an English text: its plural forms' bodies and what lies between placeholders.
  const pieces = new Set();
  const PLURAL = /\{\w+, plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g;
  for (const text of english) {
    const flat = text.replace(PLURAL, (m, forms) => "\u0000" + [...forms.matchAll(/\{([^{}]*)\}/g)].map((f) => f[1]).join("\u0000") + "\u0000");
    for (const part of flat.split(/\{\w+\}|\u0000|#/)) {
      const piece = part.replace(/\u00ad/g, "").trim().replace(/^[\s.,:;!?()·—–-]+|[\s.,:;!?()·—–-]+$/g, "");
      const words = piece.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w));
      if (!words.length || (words.length === 1 && piece.length < 4) || own.includes(piece)) continue;
      pieces.add(piece);
    }
  }
  const seen = document.body.innerText.replace(/\u00ad/g, "");
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...pieces].filter((piece) => new RegExp(`(?<!\\p{L})${escape(piece)}(?!\\p{L})`, "u").test(seen)).sort();
}"""


def english_left(page) -> list[str]:
    """The English pieces of text visible on `page`, which is shown in another language."""
    return page.evaluate(_ENGLISH_LEFT)


def assert_no_english(page, where: str = "") -> None:
    left = english_left(page)
    assert not left, f"English on the screen{' (' + where + ')' if where else ''}: {left}"


def page_text(page, key: str, **params) -> str:
    """The page's text for `key`, in its language (js/i18n.js t())."""
    return page.evaluate("async ([key, params]) => (await import('./js/i18n.js')).t(key, params)", [key, params])
