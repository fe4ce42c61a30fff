// The theme the page is drawn in, decided before its first paint (a classic script in the <head>,
// not a module: a module runs only after the page is parsed, too late to spare a white flash at
// night). The root gets data-theme="light" or "dark"; css/site.css draws each from its colours.
// data-theme-choice beside it says what was chosen ("system" too), for js/theme.js's menus.
//
// Owns: the rule that turns the choice into a theme, and keeping data-theme right while the page
// is open (the system's setting changes, the player chooses in the menu: js/theme.js sends
// "cardgarden:theme", another tab of the site changes the stored choice).
// The choice is localStorage "cardgarden.theme": "light", "dark" or "system" (also when missing,
// damaged or blocked). An embed (data-embed on this script's tag) ignores the site's stored
// choice: it follows the host's ?theme= (from data-theme on the host's element), else the system.
(function () {
  "use strict";
  var KEY = "cardgarden.theme";
  var root = document.documentElement;
  var script = document.currentScript;
  var embedded = !!(script && script.hasAttribute("data-embed"));
  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function known(value) {
    return value === "light" || value === "dark" ? value : "system";
  }

  var chosenHere = null; // the menu's choice on this page (kept here too: storage may be blocked)

  function choice() {
    if (chosenHere) return chosenHere;
    if (embedded) {
      try {
        return known(new URLSearchParams(location.search).get("theme"));
      } catch (error) {
        return "system";
      }
    }
    try {
      return known(localStorage.getItem(KEY));
    } catch (error) {
      return "system"; // storage blocked (a sandboxed frame, privacy settings): the system decides
    }
  }

  function apply() {
    var chosen = choice();
    var theme = chosen === "system" ? (system && system.matches ? "dark" : "light") : chosen;
    root.setAttribute("data-theme", theme);
    root.setAttribute("data-theme-choice", chosen);
  }

  apply();
  if (system) {
    if (system.addEventListener) system.addEventListener("change", apply);
    else if (system.addListener) system.addListener(apply);
  }
  document.addEventListener("cardgarden:theme", function (event) {
    chosenHere = known(event.detail);
    apply();
  });
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY && event.key !== null) return;
    if (embedded) return; // the host decides an embed's theme, never the site's stored choice
    chosenHere = null; // another tab of the site chose: its choice is the stored one
    apply();
  });
})();
