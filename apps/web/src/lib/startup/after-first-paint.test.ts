import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, IDLE_TIMEOUT_MS } from './after-first-paint.ts';

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

describe('afterFirstPaint (decision 081)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the page to load, then for an idle moment', () => {
    const task = vi.fn();
    const page = loadingWindow();
    afterFirstPaint(task, page.win);
    page.idle();
    expect(task).not.toHaveBeenCalled();
    page.load();
    expect(task).not.toHaveBeenCalled();
    expect(page.raw.requestIdleCallback).toHaveBeenCalledWith(task, { timeout: IDLE_TIMEOUT_MS });
    page.idle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('without requestIdleCallback runs in the task after load', () => {
    const task = vi.fn();
    const page = loadingWindow(false);
    afterFirstPaint(task, page.win);
    page.load();
    expect(task).not.toHaveBeenCalled();
    page.idle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('main.tsx draws the app first: the build-time check waits until after', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const versionAsked = () => fetchSpy.mock.calls.some(([url]) => url === '/version.json');
    await import('../../main.tsx');
    expect(versionAsked(), 'asked while the entry runs').toBe(false);
    await vi.waitFor(() => expect(versionAsked()).toBe(true));
  });
});
