// One game, one tab. The tab that holds a game's lock (Web Locks API) is the
// only one that writes its save or starts a new game in its slot; a second
// tab of the same game says so and offers to take it over. Taking over steals
// the lock: the first tab is told at once, stops writing and offers to take
// it back. Nothing is deleted on either side without the player's word.
//
// Browsers without Web Locks (and sandboxed frames) cannot coordinate: the
// tab then simply owns its game, as before.

const LOCKS = typeof navigator === "object" ? navigator.locks : undefined;

/**
 * Claim the game stored under `slotKey`.
 *   const claim = createClaim(slotKey, { onLost });
 *   await claim.acquire()   -> true if this tab now owns the game, false if another tab does
 *   await claim.takeOver()  -> this tab owns it; the other tab's onLost() runs
 *   claim.owned             -> whether this tab may write now
 */
export function createClaim(slotKey, { onLost = () => {} } = {}) {
  const name = `cardgarden.game.${slotKey}`;
  let release = null; // resolves the held lock's callback, letting the lock go
  const claim = {
    owned: false,
    supported: Boolean(LOCKS?.request),

    acquire() {
      if (!claim.supported) {
        claim.owned = true;
        return Promise.resolve(true);
      }
      return hold({ ifAvailable: true });
    },

    takeOver() {
      if (!claim.supported) {
        claim.owned = true;
        return Promise.resolve(true);
      }
      return hold({ steal: true });
    },

    release() {
      claim.owned = false;
      release?.();
      release = null;
    },
  };

  function hold(how) {
    return new Promise((resolve) => {
      LOCKS.request(name, how, (lock) => {
        if (!lock) {
          resolve(false); // another tab holds it
          return undefined;
        }
        claim.owned = true;
        resolve(true);
        return new Promise((done) => (release = done)); // held until released or stolen
      }).catch((err) => {
        if (err?.name !== "AbortError") {
          // Locks cannot be used here (an opaque origin, a sandboxed frame): this tab simply owns its game.
          claim.supported = false;
          claim.owned = true;
          resolve(true);
          return;
        }
        // AbortError: another tab stole the lock. This tab no longer owns the game.
        const wasOwner = claim.owned;
        claim.owned = false;
        release = null;
        if (wasOwner) onLost();
        else resolve(false);
      });
    });
  }

  return claim;
}
