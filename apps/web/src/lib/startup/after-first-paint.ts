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

/** At the latest this long after the first commit, the first screen counts as drawn. */
export const PRESENTED_TIMEOUT_MS = 1000;

/**
 * Called from an effect once the app's first screen is committed (main.tsx). React may run that effect
 * before the browser has shown the screen, so it waits for the browser's own word that the screen is
 * on the display: a largest-contentful-paint entry of an element still in the page (the loading screen
 * of index.html is gone by then). Without that API (Safari, Firefox): two animation frames. If no such
 * entry comes (a first screen no larger than the loading screen), after PRESENTED_TIMEOUT_MS.
 */
export function firstScreenDrawn(): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(markDrawn, 0);
  };
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element?.isConnected)) finish();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(finish, PRESENTED_TIMEOUT_MS);
  } else if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(finish));
  else finish();
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
