import { TOAST_DISMISS_MS } from '@promotor/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage/storage-keys.ts';
import { useAppStore } from './app-store.ts';
import { MAX_TOASTS } from './toasts.slice.ts';

const messages = () => useAppStore.getState().toasts.map((toast) => toast.message);

/** Saves the app state as it is now, empties the store, and restores it as a reopened app would. */
async function reopenAppAfter(ms: number) {
  const saved = localStorage.getItem(STORAGE_KEYS.appState) ?? '';
  useAppStore.setState(useAppStore.getInitialState());
  vi.advanceTimersByTime(ms);
  localStorage.setItem(STORAGE_KEYS.appState, saved);
  await useAppStore.persist.rehydrate();
}

describe('toasts in the persisted state', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T13:05:09.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('a toast is not said again after a reload, even within its 8 seconds (decision 075)', async () => {
    useAppStore.getState().showToast('Wydano kod.');
    useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error');
    await reopenAppAfter(1000);
    expect(messages()).toEqual([]);
  });

  it('a toast older than its 8 seconds never comes back', async () => {
    useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error');
    await reopenAppAfter(TOAST_DISMISS_MS);
    expect(messages()).toEqual([]);
  });

  it('a toast saved without its time (an older version of the app) is not shown again', async () => {
    localStorage.setItem(
      STORAGE_KEYS.appState,
      JSON.stringify({ state: { toasts: [{ id: 'old', type: 'error', message: 'Nieprawidłowe hasło.' }] }, version: 1 }),
    );
    await useAppStore.persist.rehydrate();
    expect(messages()).toEqual([]);
  });

  it('the same toast shown again is one toast, shown for a new 8 seconds', () => {
    useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error');
    const first = useAppStore.getState().toasts[0]!;
    vi.advanceTimersByTime(5000);
    useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error');
    useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error');

    expect(useAppStore.getState().toasts).toEqual([{ ...first, createdAt: first.createdAt + 5000 }]);
  });

  it('at most three toasts are on screen: the oldest gives way', () => {
    for (let n = 1; n <= MAX_TOASTS + 2; n += 1) useAppStore.getState().showToast(`Komunikat ${n}`);
    expect(messages()).toEqual(['Komunikat 3', 'Komunikat 4', 'Komunikat 5']);
  });

  it('dismissing the error toasts keeps the others', () => {
    useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error');
    useAppStore.getState().showToast('Pomyślnie zmieniono hasło!');
    useAppStore.getState().dismissToasts('error');
    expect(messages()).toEqual(['Pomyślnie zmieniono hasło!']);
  });
});
