import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage/storage-keys.ts';
import { buildAction } from '../features/actions/test/build-action.ts';
import { buildSession } from '../test/builders.ts';
import { appSlices, endSession, useAppStore } from './app-store.ts';

describe('persisted app state', () => {
  it('is saved to localStorage on every change', () => {
    useAppStore.getState().setSession(buildSession());

    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.appState) ?? 'null') as {
      state: { user: { profile: { firstname: string } } };
    };
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
    // Her data, not what was said before the reload (decision 075).
    expect(useAppStore.getState().toasts).toEqual([]);
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

  it("a promoter's data never survives a logout: the next promoter on the phone starts empty", () => {
    const initial = useAppStore.getInitialState();
    const action = buildAction({ status: 'started' });
    useAppStore.getState().setSession(buildSession());
    useAppStore.setState({
      actions: { list: [action], currentAction: action },
      reports: {
        list: [{ uuid: 'report-1', name: 'Degustacja glo', since: '2026-03-04 10:00:00' }],
        stats: { currentAction: [], lastAction: [{ brand: 'Glo', model: 'nano', count: 2 }], currentMonth: [], lastMonth: [] },
      },
      vouchers: {
        batches: { 'event-1': [{ uuid: 'batch-1', ident: 'GLO' }] },
        codes: { 'batch-1': [{ uuid: 'voucher-1', ident: 'GLO-1', redeemed: null }] },
        selectedBatchUuid: 'batch-1',
      },
      mgm: { ...initial.mgm, status: 'can-invite', tokenUuid: 'mgm-token' },
      availability: {
        list: [{ uuid: 'availability-1', since: { date: '2026-03-05 09:00:00' }, until: { date: '2026-03-05 18:00:00' } }],
        events: [{ uuid: 'action-1', name: 'Degustacja glo', since: '2026-03-06 10:00:00', until: '2026-03-06 18:00:00' }],
      },
    });

    endSession();

    const state = useAppStore.getState();
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.appState) ?? 'null') as { state: Record<string, unknown> };
    for (const key of ['user', 'actions', 'reports', 'vouchers', 'mgm', 'availability'] as const) {
      expect(state[key], key).toEqual(initial[key]);
      expect(saved.state[key], key).toEqual(initial[key]);
    }
    // Only what belongs to the phone, not to her, is kept: a slice a feature adds is cleared unless it says otherwise.
    expect(appSlices.filter((slice) => slice.keptOnLogout).map((slice) => slice.key)).toEqual(['toasts', 'screen']);
  });
});
