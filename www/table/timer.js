// @ts-check
// The turn clock (T16): a deadline on the wall clock, checked by a short
// timer and on returning to the tab, so a throttled background tab or a fake
// clock in tests still runs out at the right moment. It never counts ticks.

/**
 * Starts a clock that ends at `deadline` (ms since the epoch, Date.now()).
 * Calls `onTick(secondsLeft)` when the shown second changes and `onExpire()`
 * once. Returns a stop function.
 * @param {number} deadline
 * @param {{onTick: (secondsLeft: number) => void, onExpire: () => void}} handlers
 * @returns {() => void}
 */
export function startClock(deadline, { onTick, onExpire }) {
  let shown = null;
  let done = false;
  let timer = null;
  const check = () => {
    if (done) return;
    const left = deadline - Date.now();
    if (left <= 0) {
      stop();
      onTick(0);
      onExpire();
      return;
    }
    const secs = Math.ceil(left / 1000);
    if (secs !== shown) {
      shown = secs;
      onTick(secs);
    }
    timer = setTimeout(check, Math.min(250, left));
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') {
      clearTimeout(timer);
      check();
    }
  };
  function stop() {
    done = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  }
  document.addEventListener('visibilitychange', onVisible);
  // The first check waits a turn of the event loop, so a deadline already past
  // (e.g. after a reload) expires after the caller has kept the stop function.
  timer = setTimeout(check, 0);
  return stop;
}
