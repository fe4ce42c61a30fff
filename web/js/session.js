// One game in the page: the human's moves go to the engine through `apply`,
// the AI's through `bot`, one at a time and always with the move number of
// the board the player saw, so a stale click is refused, never misapplied.
//
// A game is replaced only once its successor is whole: a new game or a saved
// one is opened in the engine first, and only then is the old one closed.
// When the engine itself fails (a deadline missed, a crash, a bug), the
// session stops where it is and tells the page through `onTrouble`; the
// board keeps the last position and nothing is lost.
//
// Pass and play (issue 27): a table may seat several people (`seats`). Every
// request names the seat whose view is on the page (`view.seat`); when a
// different person is to move, the session stops at a hand-over: it tells the
// page through `onHandover(seat)` (the page puts its privacy screen up) and
// draws nothing until `takeOver()`, which fetches and shows that person's view.
// A game opened at such a table starts at a hand-over too.

import { peopleAt } from "./people.js";
import { isEngineTrouble } from "../engine/client.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the AI of each level may think before the engine counts as hung (the margin is added). */
export const BOT_BUDGET_MS = { easy: 1000, normal: 1000, hard: 3000, expert: 5000 };

export class GameSession {
  /**
   * @param engine    EngineClient
   * @param game      the game's name
   * @param onView    (view, last) => void; last is {seat, action} of the move just made, or null
   * @param onBusy    (busy) => void; true while the AI thinks or a move is on its way
   * @param onTrouble (error) => void; the engine failed (see client.js ENGINE_TROUBLE)
   * @param pace      ms the board is given to animate each AI move
   * @param margin    ms added to every deadline (a slow phone, a busy machine)
   * @param hold      () => Promise, resolved when the board is ready for the next AI move
   *                  (a board showing a round's scoring holds the AI until the player goes on)
   * @param onHandover (seat) => void: another person is to move; nothing is drawn until takeOver()
   */
  constructor(engine, game, { onView, onBusy = () => {}, onTrouble = () => {}, pace = 700, margin = 10_000,
    hold = async () => {}, onHandover = () => {} }) {
    this.engine = engine;
    this.game = game;
    this.onView = onView;
    this.onBusy = onBusy;
    this.onTrouble = onTrouble;
    this.pace = pace;
    this.margin = margin;
    this.hold = hold;
    this.onHandover = onHandover;
    this.handover = null; // the seat the device is being passed to, until takeOver()
    this.view = null;
    this.busy = false;
    this.trouble = null; // the engine failure that stopped this game, until it is reopened
    this.acting = null; // the player's last move, until the engine answered it
    this.epoch = 0; // bumped by every game put on the table and by halt(): an older AI loop stops
  }

  /**
   * A new game; `human` is the player's seat (0 starts), `seed` its deal (a fresh one when
   * undefined). Rejects (EngineCallError) and keeps the old game.
   */
  start({ level, options = {}, human = 0, seed, seats = null, names = null }) {
    const who = seats ? { seats, ...(names ? { names } : {}) } : { level, human };
    return this.#open({ cmd: "new", game: this.game, options, ...who, ...(seed === undefined ? {} : { seed }) });
  }

  /**
   * A saved game, exactly where it was, with the explanations of the AI's moves
   * it was saved with (the engine keeps those that fit the game) and the help the
   * player asked for in it (hints, take-backs: the engine refuses a damaged count).
   * Rejects ("bad_save" for a save the engine refuses).
   */
  resume({ save, level, human, notes, assists, seats, names, seat_notes: seatNotes, seat }) {
    const who = Array.isArray(seats)
      ? { seats, ...(names == null ? {} : { names }), ...(seatNotes === undefined ? {} : { seat_notes: seatNotes }) }
      : { level, human, ...(Array.isArray(notes) ? { notes } : {}) };
    return this.#open({ cmd: "load", game: this.game, save, ...who, ...(assists === undefined ? {} : { assists }) },
      Number.isInteger(seat) ? seat : null);
  }

  /** The engine's save of the game on the table (JSON, replayable), with the AI's explanations so far. */
  save() {
    return this.call({ cmd: "save", session: this.view.session, seat: this.view.seat });
  }

  /** Whether the table on the page seats more than one person (pass and play). */
  get shared() {
    return peopleAt(this.view?.seats);
  }

  /** A bridge call with the deadline every call has. */
  call(request, extra = 0) {
    return this.engine.call(request, { timeout: this.margin + extra });
  }

  /**
   * Stop this game's AI loop (the engine is being restarted, or another tab
   * took the game over: `reason` {code: "elsewhere"} then refuses moves until
   * a game is opened again).
   */
  halt(reason = null) {
    if (reason) this.trouble = reason;
    this.epoch++;
    this.#setBusy(false);
  }

  async #open(request, viewer = null) {
    const view = await this.call(request);
    // The new game is whole: only now does the old one go.
    const epoch = ++this.epoch;
    const old = this.view?.session;
    if (old && !isEngineTrouble(this.trouble)) this.call({ cmd: "close", session: old }).catch(() => {});
    this.trouble = null;
    this.handover = null;
    this.#setBusy(false);
    if (peopleAt(view.seats)) {
      // A table of people: nobody's hand is drawn before the device is in the right hands.
      this.view = view;
      const next = view.seats[view.to_move] === "human" ? view.to_move
        : (viewer != null && view.seats[viewer] === "human" ? viewer : view.seat);
      this.#pass(next, epoch);
      return;
    }
    this.#show(view, null);
    this.#advance(epoch); // never throws: a failing AI move is engine trouble, not a bad save
  }

  /** The device goes to the person in `seat`: the page's privacy screen, until takeOver(). */
  #pass(seat, epoch) {
    if (epoch !== this.epoch) return;
    this.handover = seat;
    this.onHandover(seat);
  }

  /**
   * The person the device was passed to is holding it: their view is fetched and shown,
   * and the game goes on. Resolves to null, or the error's code (the hand-over stays).
   */
  async takeOver() {
    const seat = this.handover;
    if (seat == null || !this.view || this.trouble) return "not_your_turn";
    const epoch = this.epoch;
    try {
      const view = await this.call({ cmd: "view", session: this.view.session, seat });
      if (epoch !== this.epoch || this.handover !== seat) return "stale_move";
      this.handover = null;
      this.#show(view, null);
      this.#advance(epoch);
      return null;
    } catch (err) {
      if (epoch === this.epoch && isEngineTrouble(err)) this.#fail(err);
      return err.code ?? "internal";
    }
  }

  /** The player's move. Resolves to null when played, else the refusal's error code. */
  act(action) {
    const played = this.#act(action);
    this.acting = played.catch(() => {});
    return played;
  }

  /** Resolves once the player's move on its way to the engine (if any) is shown. */
  settled() {
    return this.acting ?? Promise.resolve();
  }

  async #act(action) {
    const view = this.view;
    if (!view || this.busy || this.trouble || view.is_over || view.waiting_for !== "human" || this.handover != null
      || (view.to_move != null && view.to_move !== view.seat)) return "not_your_turn";
    return this.#change({ cmd: "apply", session: view.session, move: view.move, action, seat: view.seat }, (next, epoch) => {
      this.#show(next, { seat: view.seat, action });
      this.#advance(epoch); // busy until the computer has answered
    }, (code) => code === "stale_move" || code === "not_your_turn");
  }

  /**
   * One change the player asked for (a move, a take-back), busy while it is on its way: `done(reply,
   * epoch)` shows what came back. Resolves to null when done, else the refusal's code, the game as
   * it was; the board is fetched again after a refusal `refetch(code)` names, and engine trouble
   * stops the game (#fail). A reply for a game no longer on the table is "stale_move".
   */
  async #change(request, done, refetch) {
    const epoch = this.epoch;
    this.#setBusy(true);
    try {
      const reply = await this.call(request);
      if (epoch !== this.epoch) return "stale_move";
      done(reply, epoch);
      return null;
    } catch (err) {
      if (epoch !== this.epoch) return "stale_move";
      this.#setBusy(false);
      if (isEngineTrouble(err)) {
        this.#fail(err);
        return err.code;
      }
      if (refetch(err.code)) await this.refresh();
      return err.code ?? "internal";
    }
  }

  /**
   * The strongest AI's choice for the decision the player faces now: resolves to the engine's
   * {move, action, value, unit, why}, or to {refused: code} when it is not theirs to ask now
   * (the AI is moving, the game is over, it has no coach). The engine counts it as help.
   */
  async hint() {
    const view = this.view;
    if (!view || this.busy || this.trouble || !view.can_hint) return { refused: "not_your_turn" };
    const epoch = this.epoch;
    try {
      const hint = await this.call({ cmd: "hint", session: view.session, seat: view.seat }, BOT_BUDGET_MS.hard);
      return epoch === this.epoch && this.view === view ? hint : { refused: "stale_move" };
    } catch (err) {
      if (epoch === this.epoch && isEngineTrouble(err)) this.#fail(err);
      return { refused: err.code ?? "internal" };
    }
  }

  /**
   * Take back the player's last decision and the computer's answers to it: the board shows that
   * decision again. Resolves to null when done, else the refusal's code (nothing changed).
   */
  async takeBack() {
    const view = this.view;
    if (!view || this.busy || this.trouble || !view.can_take_back) return "not_your_turn";
    return this.#change({ cmd: "undo", session: view.session, seat: view.seat }, (reply) => {
      this.#setBusy(false);
      this.#show(reply.view, null);
    }, () => true);
  }

  /** Fetch the current view again (after a refused move) and show it. */
  async refresh() {
    if (!this.view || this.trouble) return;
    const epoch = this.epoch;
    try {
      if (this.handover != null) return; // nothing is drawn until the next person holds the device
      const view = await this.call({ cmd: "view", session: this.view.session, seat: this.view.seat });
      if (epoch === this.epoch && this.handover == null) this.#show(view, null);
    } catch (err) {
      if (epoch === this.epoch && isEngineTrouble(err)) this.#fail(err);
    }
  }

  async #advance(epoch) {
    try {
      while (epoch === this.epoch && this.view && !this.view.is_over && this.view.waiting_for === "bot") {
        this.#setBusy(true);
        await sleep(this.pace);
        await this.hold();
        if (epoch !== this.epoch) return;
        const view = this.view;
        const budget = BOT_BUDGET_MS[view.seats?.[view.to_move] ?? view.level] ?? BOT_BUDGET_MS.hard;
        const reply = await this.call({ cmd: "bot", session: view.session, move: view.move, seat: view.seat }, budget);
        if (epoch !== this.epoch) return;
        this.#show(reply.view, { seat: reply.seat, action: reply.action });
      }
      const view = this.view;
      if (epoch === this.epoch && view && !view.is_over && view.waiting_for === "human" && view.to_move != null
        && view.to_move !== view.seat) {
        // Another person's turn: the one who just moved sees it land, then the device is passed.
        this.#setBusy(true);
        await sleep(this.pace);
        await this.hold();
        if (epoch === this.epoch) this.#pass(view.to_move, epoch);
      }
    } catch (err) {
      if (epoch === this.epoch) this.#fail(err);
    } finally {
      if (epoch === this.epoch) this.#setBusy(false);
    }
  }

  /** The engine failed under this game: stop, keep the board as it is, tell the page. */
  #fail(err) {
    this.trouble = err;
    this.epoch++;
    this.#setBusy(false);
    this.onTrouble(err);
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
