// Work that does not draw the first screen waits until it is drawn (docs/decisions/081-startup-work-after-the-first-screen.md):
// on a slow phone every task or request before the login form is painted delays it (Largest Contentful
// Paint) or blocks its first taps (Total Blocking Time). A task waits for the page's `load` event (the
// entry and its stylesheet are in), for the app's first commit (`firstScreenDrawn`, called by main.tsx
// from an effect, which React runs after the browser has painted that commit), then for the browser's
// next idle moment (or, without requestIdleCallback, the next task).

type IdleWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  document: Pick<Document, 'readyState'>;
};

/** At the latest this long after the first screen, even if the main thread never goes idle. */
export const IDLE_TIMEOUT_MS = 2000;

let markDrawn: () => void = () => undefined;
let drawn = new Promise<void>((resolve) => (markDrawn = resolve));

/**
 * Called from an effect once the app's first screen is committed (main.tsx). React may run that effect
 * before the browser paints; the next animation frame and the task after it come after the paint.
 */
export function firstScreenDrawn(): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(markDrawn, 0));
  else setTimeout(markDrawn, 0);
}

/** For tests: the first screen is not drawn yet. */
export function resetFirstScreen(): void {
  drawn = new Promise<void>((resolve) => (markDrawn = resolve));
}

/** Runs `task` once, after the page has loaded, the first screen is drawn and the main thread is idle. */
export function afterFirstPaint(task: () => void, win: IdleWindow = window): void {
  const loaded = new Promise<void>((resolve) => {
    if (win.document.readyState === 'complete') resolve();
    else win.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([loaded, drawn]).then(() => {
    if (win.requestIdleCallback) win.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(task, 0);
  });
}
