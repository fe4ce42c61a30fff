// A game's match settings (Koi-Koi's rounds and house rules, Hanabi's
// players and the player's seat) as menus beside the level, and the options
// of the next game read from them and from the address.
//
// Owns: the settings' selects (the board module's `settings`: see the board
// contract in js/play.js), the value each remembers (localStorage
// "setting.<game>.<key>") and the game's default options (list_games).
// A setting may be bounded by another (`upTo: "<key>"`: Hanabi's seat by its
// players): its menu offers only values up to the other's, and a value from the
// address or the last visit beyond it is said (the `outOfRange` message, with
// {asked}, {given} and {limit}) as it is brought into range, never changed silently.

import { t } from "../i18n.js";
import { queryValue as parseValue } from "../query.js";
import { readText, writeText } from "../storage.js";
import { dropdown } from "./toolbar.js";

/**
 * @param name      the game's name (the key each setting is remembered under)
 * @param params    the page's URLSearchParams: ?<option>=<value> sets a setting or an option
 * @param running   () => whether a game is being played (a change then applies from the next one)
 */
export function createSettings(frame, { name, params, toast, running }) {
  let defaults = {};
  const selects = new Map(); // key -> select, for the settings bounded by another

  /** One setting: a label with a select of its values; the URL, the last choice or the default sets it. */
  function control(setting, className) {
    const label = document.createElement("label");
    label.className = className;
    const caption = document.createElement("span");
    caption.dataset.i18n = setting.label;
    caption.textContent = t(setting.label);
    const select = document.createElement("select");
    select.id = `setting-${setting.key}`;
    select.dataset.setting = setting.key;
    if (setting.seat) select.dataset.seat = "true"; // the player's place at the table, not a game option
    const optionText = (value) => {
      if (setting.valueLabels) return t(setting.valueLabels[JSON.stringify(value)]); // e.g. on / off
      return setting.option ? t(setting.option, { n: value }) : String(value);
    };
    const bound = setting.upTo ? selects.get(setting.upTo) : null;
    const limit = () => (bound ? JSON.parse(bound.value) : Infinity);
    const offer = () => {
      select.replaceChildren(...setting.values.filter((value) => value <= limit()).map((value) => {
        const option = document.createElement("option");
        option.value = JSON.stringify(value);
        option.textContent = optionText(value);
        return option;
      }));
    };
    offer();
    frame.onLanguage(() => {
      for (const option of select.options) option.textContent = optionText(JSON.parse(option.value));
    });
    const known = (raw) => setting.values.some((v) => JSON.stringify(v) === raw);
    // A setting counted by the table (`fromSeats`: Hanabi's players) takes the address's ?seats= count.
    const seated = setting.fromSeats && params.has("seats") ? String(params.get("seats").split(",").length) : null;
    const fromUrl = params.has(setting.key) ? JSON.stringify(parseValue(params.get(setting.key))) : seated;
    const saved = readText(`setting.${name}.${setting.key}`);
    const fallback = JSON.stringify(defaults[setting.key] ?? setting.values[0]);
    const chosen = [fromUrl, saved, fallback].find((raw) => raw != null && known(raw)) ?? JSON.stringify(setting.values[0]);
    /** `raw` if the bound allows it, else the largest value it allows, said in the toast. */
    const place = (raw) => {
      const asked = JSON.parse(raw);
      if (asked <= limit()) {
        select.value = raw;
        return;
      }
      select.value = select.options[select.options.length - 1].value;
      if (setting.outOfRange) toast.show(t(setting.outOfRange, { asked, given: JSON.parse(select.value), limit: limit() }), 6000);
    };
    place(chosen);
    if (bound) {
      bound.addEventListener("change", () => {
        const was = select.value;
        offer();
        place(was);
      });
    }
    selects.set(setting.key, select);
    select.addEventListener("change", () => {
      writeText(`setting.${name}.${setting.key}`, select.value);
      if (running()) toast.show(t("play.setting-next", { setting: t(setting.label), value: select.selectedOptions[0]?.textContent }));
    });
    label.append(caption, select);
    return label;
  }

  /**
   * A menu of settings that name the same group ({label, count (text with {n}), hint}: message
   * keys): a <details> with the group's label and how many of them differ from the game's default,
   * so a few on/off rules do not crowd the toolbar.
   */
  function group(spec) {
    const node = document.createElement("details");
    node.className = "setting-group";
    const summary = document.createElement("summary");
    const caption = document.createElement("span");
    const count = document.createElement("span");
    count.className = "setting-count";
    summary.append(caption, count);
    const panel = document.createElement("div");
    panel.className = "setting-panel";
    const hint = document.createElement("p");
    hint.className = "setting-hint";
    if (spec.hint) panel.append(hint);
    node.append(summary, panel);
    const members = [];
    const refresh = () => {
      caption.textContent = t(spec.label);
      hint.textContent = spec.hint ? t(spec.hint) : "";
      const changed = members.filter(({ setting, select }) =>
        select.value !== JSON.stringify(defaults[setting.key] ?? setting.values[0])).length;
      count.textContent = changed && spec.count ? t(spec.count, { n: changed }) : "";
    };
    frame.onLanguage(refresh);
    dropdown(frame, node);
    refresh();
    return {
      node,
      add(setting) {
        const label = control(setting, "setting group-setting");
        const select = label.querySelector("select");
        select.addEventListener("change", refresh);
        members.push({ setting, select });
        panel.append(label);
        refresh();
      },
    };
  }

  /** Game options from the URL (e.g. decks=...), for the keys the game knows. */
  function urlOptions() {
    const options = {};
    for (const key of Object.keys(defaults)) {
      if (params.has(key)) options[key] = parseValue(params.get(key));
    }
    return options;
  }

  return {
    /** The board's settings as menus after the level menu; `gameDefaults` are the engine's options. */
    mount(settings, gameDefaults) {
      defaults = gameDefaults;
      const groups = new Map();
      const placed = [];
      for (const setting of settings) {
        if (!setting.group) {
          placed.push(control(setting, "level setting"));
          continue;
        }
        if (!groups.has(setting.group.label)) {
          groups.set(setting.group.label, group(setting.group));
          placed.push(groups.get(setting.group.label).node);
        }
        groups.get(setting.group.label).add(setting);
      }
      frame.$("level").closest("label").after(...placed);
    },
    /** The next game's options: the address's, then the menus'. */
    options() {
      const options = urlOptions();
      for (const select of frame.node.querySelectorAll("select[data-setting]:not([data-seat])")) {
        options[select.dataset.setting] = JSON.parse(select.value);
      }
      return options;
    },
    /** The player's seat (0 starts) from a board's `seat` setting (1-based), within the table's size. */
    seat(options) {
      const select = frame.node.querySelector("select[data-seat]");
      if (!select) return 0;
      const players = options.players ?? defaults.players ?? 2;
      return Math.max(0, Math.min(JSON.parse(select.value), players) - 1);
    },
  };
}
