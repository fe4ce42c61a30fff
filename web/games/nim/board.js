// Nim, the hidden test game: the smallest board that uses the whole game
// page (moves, AI turns, log, result), so browser tests can exercise it fast.

export const messages = {
  en: {
    "game.nim.title": "Nim (test game)",
    "nim.pile": "{n} stones left",
    "nim.take": "Take {n}",
    "nim.log": "{who} took {n}",
    "nim.you": "You",
    "nim.them": "The computer",
  },
  de: {
    "game.nim.title": "Nim (Testspiel)",
    "nim.pile": "Noch {n} Steine",
    "nim.take": "{n} nehmen",
    "nim.log": "{who}: {n} genommen",
    "nim.you": "Du",
    "nim.them": "Der Computer",
  },
  cs: {
    "game.nim.title": "Nim (zkušební hra)",
    "nim.pile": "{n, plural, one {Zbývá # kámen} few {Zbývají # kameny} many {Zbývá # kamene} other {Zbývá # kamenů}}",
    "nim.take": "Vzít {n}",
    "nim.log": "{who}: {n, plural, one {bere # kámen} few {bere # kameny} many {bere # kamene} other {bere # kamenů}}",
    "nim.you": "Ty",
    "nim.them": "Počítač",
  },
};

export const rules = {
  en: [["Nim", "Take one, two or three stones in turn. Whoever takes the last stone wins."]],
  de: [["Nim", "Nehmt abwechselnd einen, zwei oder drei Steine. Wer den letzten Stein nimmt, gewinnt."]],
  cs: [["Nim", "Hráči se střídají a berou jeden, dva nebo tři kameny. Kdo vezme poslední kámen, vyhrává."]],
};

export function createBoard(root, { act, t }) {
  root.classList.add("nim-board");
  const pile = document.createElement("p");
  pile.className = "nim-pile";
  const stones = document.createElement("div");
  stones.className = "nim-stones";
  const buttons = document.createElement("div");
  buttons.className = "nim-buttons";
  root.replaceChildren(pile, stones, buttons);

  return {
    render(view) {
      const obs = view.observation;
      pile.textContent = t("nim.pile", { n: obs.pile });
      stones.replaceChildren(...Array.from({ length: obs.pile }, () => Object.assign(document.createElement("span"), { className: "stone" })));
      const legal = obs.legal_actions ?? [];
      buttons.replaceChildren(
        ...[1, 2, 3].map((n) => {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "primary";
          button.dataset.take = String(n);
          button.textContent = t("nim.take", { n });
          button.disabled = !legal.some((a) => a.take === n);
          button.addEventListener("click", () => act({ take: n }));
          return button;
        }),
      );
    },
    log(view) {
      return view.observation.history.map(({ seat, take }) => ({
        seat,
        text: t("nim.log", { who: t(seat === 0 ? "nim.you" : "nim.them"), n: take }),
      }));
    },
    result(view) {
      return Object.assign(document.createElement("p"), { textContent: t("nim.pile", { n: 0 }) });
    },
  };
}
