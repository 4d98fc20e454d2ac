import { setImmediate as nextTurn } from 'node:timers/promises';

// Work on what a request brings (a file's lines and rows) runs in slices, so that other requests are
// answered in between: one import must not hold the event loop (issue 32, decision 106: /api/health's
// p99 within 100 ms while the worst file is read).

/** How long one slice of such work may hold the event loop. */
export const SLICE_MS = 10;

/**
 * A pause point to call between small steps (a chunk, a row): it returns at once while the slice has
 * lasted less than `sliceMs`, and otherwise lets the event loop run once (setImmediate: after pending
 * I/O) before the next slice starts.
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
