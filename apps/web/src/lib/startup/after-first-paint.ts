// Work that does not draw the first screen waits until it is drawn (docs/decisions/081-startup-work-after-the-first-screen.md):
// on a slow phone every task that runs before the login form is shown delays it (Largest Contentful
// Paint) or blocks its first taps (Total Blocking Time). The page's `load` event comes once the entry
// and its stylesheet are in; then the browser's next idle moment (or, without requestIdleCallback,
// the next task).

type IdleWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  document: Pick<Document, 'readyState'>;
};

/** At the latest this long after `load`, even if the main thread never goes idle. */
export const IDLE_TIMEOUT_MS = 2000;

/** Runs `task` once, after the page has loaded and the main thread is idle. */
export function afterFirstPaint(task: () => void, win: IdleWindow = window): void {
  const whenIdle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(task, 0);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
