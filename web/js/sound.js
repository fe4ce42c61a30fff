// The site's sounds (issue 44): a few short sounds the page makes itself with
// Web Audio (oscillators, a little noise, envelopes; no audio file at all), and
// the player's choice to hear them.
//
// Owns: the choice (localStorage "sound": "on" or "off"; off until the player
// turns it on, and a damaged value is off), whether this document may sound at
// all (an embed only when its host asks, data-sound), and the one AudioContext.
//
// No sound before the player has touched the page: the AudioContext is made
// only when a sound is asked for while the choice is on and the page has had a
// tap, click or key of the player's (a trusted pointerdown, touchend or keydown,
// watched from the moment this module is loaded, with the page's own modules).
// Until then, and whenever the choice is off, nothing is made, so the browser
// is never asked to play. (navigator.userActivation is not read: a script's
// call may count as activation there; a person's touch is what counts here.)
// A tab in the background stays quiet (the computer may go on moving there).
//
// Every sound played is told as a "cardgarden:sound" event on the document
// (detail {name}): the browser tests read which sounds were played there,
// never by listening to audio.

import { readText, writeText } from "./storage.js";

/** The sounds there are: what a game's sounds.js may name. */
export const SOUND_NAMES = Object.freeze(["card", "capture", "yaku", "geisha", "koikoi", "clue", "strike", "win", "loss"]);

const KEY = "sound";
const EMBED_KEY = "sound.embed"; // an embed's own choice, once its host has asked for sound
const VOLUME = 0.22; // the master gain: quiet beside ordinary media at the device's own volume
const REST_MS = 2000; // after the last sound, the context is suspended: no audio thread left running on a phone

let allowed = true; // false in an embed whose host did not ask for sound
let embedded = false;
let context = null; // made on the first sound after the player touched the page, while on
let master = null;
let resting = null; // the timer that suspends the context once it has been quiet for REST_MS
let touchedHere = false;

/** Watch for the player's first touch (on the start page too: the site is one document). */
function watchTouch() {
  if (typeof document === "undefined") return;
  const seen = (event) => {
    if (!event.isTrusted) return;
    touchedHere = true;
    for (const type of ["pointerdown", "keydown", "touchend"]) document.removeEventListener(type, seen, true);
  };
  for (const type of ["pointerdown", "keydown", "touchend"]) document.addEventListener(type, seen, true);
}

watchTouch();

/**
 * Where the page is shown: in an embed, sound is allowed only when the host asked for it
 * (`asked`: the embed's ?sound= from data-sound, "on"/"true"/"1"/"" ask; "off" and anything else do not).
 */
export function setupSound({ embed = false, asked = null } = {}) {
  embedded = embed;
  allowed = !embed || (asked != null && ["", "on", "true", "1", "yes"].includes(String(asked).trim().toLowerCase()));
}

/** Whether sound may be offered here at all (an embed's host may keep its page silent). */
export function soundAllowed() {
  return allowed;
}

/** The player's choice: true only for a stored "on" (an embed whose host asked starts on). */
export function soundOn() {
  if (!allowed) return false;
  const stored = readText(embedded ? EMBED_KEY : KEY);
  if (embedded && stored == null) return true; // the host asked for sound; the player may still turn it off
  return stored === "on";
}

/** Remember the player's choice. Off closes nothing made so far, but nothing more is played. */
export function setSoundOn(on) {
  writeText(embedded ? EMBED_KEY : KEY, on ? "on" : "off");
  if (!on) rest(0);
}

/** Suspend the context after `ms` of quiet (a sound on its way resumes it). */
function rest(ms) {
  clearTimeout(resting);
  if (!context) return;
  resting = setTimeout(() => {
    if (context.state === "running") context.suspend().catch(() => {});
  }, ms);
}

/** The one AudioContext, made now if it may be (on, allowed, touched); null otherwise. */
function audio() {
  if (context) return context;
  const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch (err) {
    console.info("no sound here:", err?.message ?? err);
    return null;
  }
  master = masterOf(context);
  return context;
}

/** The master gain every sound goes through, at the quiet volume, into `ctx`'s output. */
function masterOf(ctx) {
  const gain = ctx.createGain();
  gain.gain.value = VOLUME;
  gain.connect(ctx.destination);
  return gain;
}

/**
 * Sound `name` made in `ctx` (an OfflineAudioContext: tests/test_sound_page.py measures each sound's
 * length and level as it would be heard), through the same master gain; no choice or touch involved.
 */
export function renderSound(ctx, name) {
  VOICES[name](ctx, masterOf(ctx), 0);
}

/**
 * Play the sound `name` (one of SOUND_NAMES) if the player wants sound, may hear it here and has
 * touched the page. Returns whether it was played.
 */
export function playSound(name) {
  if (!SOUND_NAMES.includes(name) || !soundOn() || !touchedHere) return false;
  if (typeof document !== "undefined" && document.hidden) return false;
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  VOICES[name](ctx, master, ctx.currentTime + 0.01);
  rest(REST_MS);
  document.dispatchEvent(new CustomEvent("cardgarden:sound", { detail: { name } }));
  return true;
}

// --- the voices: each builds its few nodes at time `at`; they end by themselves ---

/** A tone of `freq` Hz from `at` for `length` s: a quick rise, then an exponential fall to silence. */
function tone(ctx, out, at, { freq, length, type = "sine", peak = 0.5, attack = 0.006, glide = null }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (glide) osc.frequency.exponentialRampToValueAtTime(glide, at + length);
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(peak, at + attack);
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(env).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A short breath of filtered noise (paper on felt) from `at`, `length` s, around `freq` Hz. */
function noise(ctx, out, at, { length, freq, q = 1, peak = 0.5 }) {
  const frames = Math.ceil(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 0x9e3779b9; // the same grain every time: a small LCG, not Math.random
  for (let i = 0; i < frames; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    data[i] = seed / 2 ** 31 - 1;
  }
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  const env = ctx.createGain();
  env.gain.setValueAtTime(peak, at);
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(env).connect(out);
  source.start(at);
  source.stop(at + length + 0.02);
}

/** A soft bell: a sine with a quieter, slightly inharmonic partial above it. */
function bell(ctx, out, at, freq, length = 0.5, peak = 0.35) {
  tone(ctx, out, at, { freq, length, peak });
  tone(ctx, out, at, { freq: freq * 2.76, length: length * 0.45, peak: peak * 0.18 });
}

const NOTE = (semitones) => 440 * 2 ** (semitones / 12); // from A4

const VOICES = {
  // A card laid down: a short, soft slap of paper and a low tap under it.
  card(ctx, out, at) {
    noise(ctx, out, at, { length: 0.07, freq: 2400, q: 0.9, peak: 0.55 });
    tone(ctx, out, at, { freq: 190, length: 0.06, peak: 0.25, glide: 120 });
  },
  // A capture: the card, then two plucked notes going up.
  capture(ctx, out, at) {
    VOICES.card(ctx, out, at);
    tone(ctx, out, at + 0.05, { freq: NOTE(7), length: 0.14, type: "triangle", peak: 0.3 }); // E5
    tone(ctx, out, at + 0.11, { freq: NOTE(12), length: 0.2, type: "triangle", peak: 0.3 }); // A5
  },
  // A yaku made: three bells of a pentatonic chord, rising.
  yaku(ctx, out, at) {
    [NOTE(5), NOTE(7), NOTE(12)].forEach((f, i) => bell(ctx, out, at + i * 0.09, f, 0.6 - i * 0.05, 0.3));
  },
  // A geisha's favour won (Hanamikoji): two warm bells, a fourth apart.
  geisha(ctx, out, at) {
    bell(ctx, out, at, NOTE(0), 0.55, 0.3);
    bell(ctx, out, at + 0.12, NOTE(5), 0.7, 0.3);
  },
  // A koi-koi call: two soft drum beats (a falling sine and a breath of noise), the second higher.
  koikoi(ctx, out, at) {
    for (const [delay, from] of [[0, 150], [0.16, 190]]) {
      tone(ctx, out, at + delay, { freq: from, length: 0.22, peak: 0.7, glide: 55 });
      noise(ctx, out, at + delay, { length: 0.05, freq: 900, q: 0.7, peak: 0.25 });
    }
  },
  // A clue given (Hanabi): a light two-note blip.
  clue(ctx, out, at) {
    tone(ctx, out, at, { freq: NOTE(10), length: 0.09, peak: 0.3 }); // G5
    tone(ctx, out, at + 0.07, { freq: NOTE(15), length: 0.14, peak: 0.3 }); // C6
  },
  // A strike (Hanabi): a low, muffled buzz that sinks; a warning, not an alarm.
  strike(ctx, out, at) {
    const filter = ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = 700;
    filter.connect(out);
    tone(ctx, filter, at, { freq: 130, length: 0.3, type: "sawtooth", peak: 0.35, glide: 95 });
    tone(ctx, filter, at, { freq: 137, length: 0.3, type: "sawtooth", peak: 0.2, glide: 100 });
  },
  // A game won: a short major arpeggio up to the octave.
  win(ctx, out, at) {
    [NOTE(3), NOTE(7), NOTE(10), NOTE(15)].forEach((f, i) =>
      bell(ctx, out, at + i * 0.1, f, i === 3 ? 0.9 : 0.4, 0.28));
  },
  // A game lost: three notes going down, slower and darker; over quickly.
  loss(ctx, out, at) {
    [NOTE(-2), NOTE(-5), NOTE(-9)].forEach((f, i) =>
      tone(ctx, out, at + i * 0.16, { freq: f, length: i === 2 ? 0.6 : 0.25, type: "triangle", peak: 0.28 }));
  },
};
