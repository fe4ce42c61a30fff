// One game in the page: the human's moves go to the engine through `apply`,
// the AI's through `bot`, one at a time and always with the move number of
// the board the player saw, so a stale click is refused, never misapplied.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class GameSession {
  /**
   * @param engine   EngineClient
   * @param game     the game's name
   * @param onView   (view, last) => void; last is {seat, action} of the move just made, or null
   * @param onBusy   (busy) => void; true while the AI thinks or a move is on its way
   * @param pace     ms the board is given to animate each AI move
   * @param hold     () => Promise, resolved when the board is ready for the next AI move
   *                 (a board showing a round's scoring holds the AI until the player goes on)
   */
  constructor(engine, game, { onView, onBusy = () => {}, pace = 700, hold = async () => {} }) {
    this.engine = engine;
    this.game = game;
    this.onView = onView;
    this.onBusy = onBusy;
    this.pace = pace;
    this.hold = hold;
    this.view = null;
    this.busy = false;
    this.epoch = 0; // bumped by every new game: an older AI loop stops
  }

  /** A new game. */
  /** A new game; `human` is the player's seat (0 starts). */
  start({ level, options = {}, human = 0 }) {
    return this.#open({ cmd: "new", game: this.game, level, options, human });
  }

  /** A saved game, exactly where it was. Rejects (EngineCallError "bad_save") on a damaged save. */
  resume({ save, level, human }) {
    return this.#open({ cmd: "load", save, level, human });
  }

  /** The engine's save of the game on the table (JSON, replayable). */
  save() {
    return this.engine.call({ cmd: "save", session: this.view.session });
  }

  async #open(request) {
    const epoch = ++this.epoch;
    const old = this.view?.session;
    if (old) this.engine.call({ cmd: "close", session: old }).catch(() => {});
    this.view = null;
    const view = await this.engine.call(request);
    if (epoch !== this.epoch) return;
    this.#show(view, null);
    await this.#advance(epoch);
  }

  /** The player's move. Resolves to null when played, else the refusal's error code. */
  async act(action) {
    const view = this.view;
    if (!view || this.busy || view.is_over || view.waiting_for !== "human") return "not_your_turn";
    const epoch = this.epoch;
    this.#setBusy(true);
    try {
      const next = await this.engine.call({ cmd: "apply", session: view.session, move: view.move, action });
      if (epoch !== this.epoch) return "stale_move";
      this.#show(next, { seat: view.seat, action });
    } catch (err) {
      this.#setBusy(false);
      if (err.code === "stale_move" || err.code === "not_your_turn") await this.refresh();
      return err.code ?? "internal";
    }
    await this.#advance(epoch);
    return null;
  }

  /** Fetch the current view again (after a refused move) and show it. */
  async refresh() {
    if (!this.view) return;
    const view = await this.engine.call({ cmd: "view", session: this.view.session });
    this.#show(view, null);
  }

  async #advance(epoch) {
    try {
      while (epoch === this.epoch && this.view && !this.view.is_over && this.view.waiting_for === "bot") {
        this.#setBusy(true);
        await sleep(this.pace);
        await this.hold();
        if (epoch !== this.epoch) return;
        const reply = await this.engine.call({ cmd: "bot", session: this.view.session, move: this.view.move });
        if (epoch !== this.epoch) return;
        this.#show(reply.view, { seat: reply.seat, action: reply.action });
      }
    } finally {
      if (epoch === this.epoch) this.#setBusy(false);
    }
  }

  #show(view, last) {
    this.view = view;
    this.onView(view, last);
  }

  #setBusy(busy) {
    this.busy = busy;
    this.onBusy(busy);
  }
}
