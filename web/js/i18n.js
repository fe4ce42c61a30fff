// The message catalogue: every user-facing text goes through t().
// The browser's language picks the first language; the switch changes it and
// the choice is remembered (when storage is allowed).

import en from "../i18n/en.js";
import de from "../i18n/de.js";
import cs from "../i18n/cs.js";
import { readText, writeText } from "./storage.js";

export const CATALOGUES = { en, de, cs };
const STORAGE_KEY = "lang";
const listeners = new Set();
let current = "en";

/** The language to start with: ?lang= in the address, a remembered choice, the browser's, else English. */
export function detectLanguage(preferred = navigator.languages ?? [navigator.language]) {
  const asked = new URLSearchParams(location.search).get("lang"); // an embedding page decides
  if (asked in CATALOGUES) return asked;
  const saved = readText(STORAGE_KEY);
  if (saved in CATALOGUES) return saved;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in CATALOGUES) return base;
  }
  return "en";
}

/** Add a game's own messages ({en: {...}, de: {...}, cs: {...}}) to the catalogue. */
export function addMessages(catalogues) {
  for (const [lang, messages] of Object.entries(catalogues)) {
    if (lang in CATALOGUES) Object.assign(CATALOGUES[lang], messages);
  }
}

export function language() {
  return current;
}

/**
 * The message for key with {name} placeholders filled; falls back to English, then the key.
 * A count takes its language's plural form (Intl.PluralRules), one rule for every catalogue:
 * "{n, plural, one {# point} other {# points}}" ("=0 {...}" matches exactly; # is the number).
 */
export function t(key, params = {}) {
  const lang = CATALOGUES[current][key] != null ? current : "en";
  const text = CATALOGUES[lang][key] ?? key;
  return fill(text, params, lang);
}

const PLURAL = /\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g;
const FORM = /\s*(=?\w+)\s*\{([^{}]*)\}/g;
const pluralRules = new Map();

/** `text` with its plural forms chosen for `lang` and its {name} placeholders filled. */
export function fill(text, params, lang = current) {
  const plural = (match, name, forms) => {
    if (!(name in params)) return match;
    const count = Number(params[name]);
    if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
    const chosen = new Map([...forms.matchAll(FORM)].map(([, form, body]) => [form, body]));
    const body = chosen.get(`=${count}`) ?? chosen.get(pluralRules.get(lang).select(count)) ?? chosen.get("other") ?? "";
    return body.replace(/#/g, String(params[name]));
  };
  return text.replace(PLURAL, plural).replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

export function formatNumber(value, digits = 1) {
  return new Intl.NumberFormat(current, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

export function formatDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "?";
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A short date and time ("Nov 30, 12:00"), for lists. */
export function formatShortDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "?";
  return new Intl.DateTimeFormat(current, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }).format(date);
}

/** Fill every [data-i18n] element (text) and [data-i18n-aria] (aria-label) under root. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
}

export function setLanguage(lang, { remember = true } = {}) {
  if (!(lang in CATALOGUES)) return;
  current = lang;
  document.documentElement.lang = lang;
  if (remember) writeText(STORAGE_KEY, lang); // if storage is blocked: switched, not remembered
  translate();
  for (const fn of listeners) fn(lang);
}

/** Call fn(lang) after every switch; returns a function that stops it. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
