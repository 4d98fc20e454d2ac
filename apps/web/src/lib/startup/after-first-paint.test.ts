import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, firstScreenDrawn, IDLE_TIMEOUT_MS, resetFirstScreen } from './after-first-paint.ts';
import { WAIT_MS } from '../../test/wait.ts';

/** A window whose document is still loading: `load()` fires its load event; `idle()` its idle callback. */
function loadingWindow(withIdle = true) {
  let onLoad: (() => void) | undefined;
  let onIdle: (() => void) | undefined;
  const win = {
    document: { readyState: 'loading' as DocumentReadyState },
    addEventListener: (type: string, listener: () => void) => type === 'load' && (onLoad = listener),
    setTimeout: (callback: () => void) => void (onIdle = callback),
    requestIdleCallback: withIdle ? vi.fn((callback: () => void) => void (onIdle = callback)) : undefined,
  };
  return { win: win as unknown as Parameters<typeof afterFirstPaint>[1], raw: win, load: () => onLoad?.(), idle: () => onIdle?.() };
}

// A pause for what should not happen (the task before its time). What should happen is waited for with
// vi.waitFor: firstScreenDrawn's two animation frames and the task after them may take longer than any
// fixed pause on a busy machine (two cores, the suites in parallel).
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: WAIT_MS });

describe('afterFirstPaint (decision 081)', () => {
  beforeEach(() => resetFirstScreen());
  afterEach(() => vi.restoreAllMocks());

  it('waits for the page to load, for the first screen, then for an idle moment', async () => {
    const task = vi.fn();
    const page = loadingWindow();
    afterFirstPaint(task, page.win);
    page.load();
    await settle();
    expect(page.raw.requestIdleCallback, 'loaded, but the first screen is not drawn').not.toHaveBeenCalled();
    firstScreenDrawn();
    await eventually(() => expect(page.raw.requestIdleCallback).toHaveBeenCalledWith(task, { timeout: IDLE_TIMEOUT_MS }));
    expect(task).not.toHaveBeenCalled();
    page.idle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('a drawn screen still waits for the load event; without requestIdleCallback, the task after it', async () => {
    const task = vi.fn();
    const page = loadingWindow(false);
    firstScreenDrawn();
    afterFirstPaint(task, page.win);
    await settle();
    page.idle();
    expect(task).not.toHaveBeenCalled();
    page.load();
    // Its idle moment is the window's setTimeout, asked for once the load and the first screen are in.
    await eventually(() => {
      page.idle();
      expect(task).toHaveBeenCalledOnce();
    });
  });

  it('main.tsx asks for the build time only once the login form is on the screen', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    let formShownWhenAsked: boolean | undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (input === '/version.json') formShownWhenAsked = document.querySelector('form button[type=submit]') !== null;
      return new Response('{}');
    });
    await import('../../main.tsx');
    expect(formShownWhenAsked, 'asked while the entry runs').toBeUndefined();
    // The whole entry is imported and its first screen drawn: seconds on a busy machine.
    await eventually(() => expect(formShownWhenAsked).toBe(true));
  });
});
