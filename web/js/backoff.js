// How long a failed install of offline play waits before the next try, by
// how many tries have failed: a minute, ten minutes, an hour, six hours, then
// daily. The pages pace a first install by it (js/offline.js) and the service
// worker paces an update (sw.js). This is the one copy: a classic service
// worker cannot import a module, so build.py writes this line into sw.js.

export const BACKOFF_MINUTES = [1, 10, 60, 360, 1440];

/** The wait in ms after `failures` failed tries (1 or more). */
export function backoffMs(failures) {
  return BACKOFF_MINUTES[Math.min(failures, BACKOFF_MINUTES.length) - 1] * 60_000;
}
