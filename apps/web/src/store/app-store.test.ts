import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage/storage-keys.ts';
import { buildSession } from '../test/builders.ts';
import { useAppStore } from './app-store.ts';

describe('persisted app state', () => {
  it('is saved to localStorage on every change', () => {
    useAppStore.getState().setSession(buildSession());

    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.appState) ?? 'null') as { state: { user: { profile: { firstname: string } } } };
    expect(saved.state.user.profile.firstname).toBe('Anna');
  });

  it('a promoter who reopens the app finds her data again', async () => {
    useAppStore.getState().setSession(buildSession());
    useAppStore.getState().showToast('Zmieniono hasło.');
    const saved = localStorage.getItem(STORAGE_KEYS.appState);
    useAppStore.setState(useAppStore.getInitialState());
    expect(useAppStore.getState().user.profile).toBeNull();

    localStorage.setItem(STORAGE_KEYS.appState, saved ?? '');
    await useAppStore.persist.rehydrate();

    expect(useAppStore.getState().user.profile?.firstname).toBe('Anna');
    expect(useAppStore.getState().toasts.map((toast) => toast.message)).toEqual(['Zmieniono hasło.']);
  });

  it('keeps fields a slice gained since the state was saved', async () => {
    localStorage.setItem(STORAGE_KEYS.appState, JSON.stringify({ state: { mgm: { status: 'finished' } }, version: 1 }));
    await useAppStore.persist.rehydrate();

    expect(useAppStore.getState().mgm.status).toBe('finished');
    expect(useAppStore.getState().mgm.ranking).toEqual({ balance: 0, position: 0 });
  });

  it('logout forgets the promoter but keeps the toasts on screen', () => {
    useAppStore.getState().setSession(buildSession());
    useAppStore.getState().showToast('Wylogowano');
    useAppStore.getState().clearSessionData();

    expect(useAppStore.getState().user).toEqual({ profile: null, tokenUuid: null });
    expect(useAppStore.getState().toasts).toHaveLength(1);
  });
});
