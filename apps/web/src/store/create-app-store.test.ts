import { describe, expect, it } from 'vitest';
import { appSlices, type AppState } from './app-store.ts';
import { createAppStore } from './create-app-store.ts';
import { defineSlice, type SliceCreator } from './slice.ts';

// A feature slice the app does not have yet (say the receipts of a later issue), added the way a
// feature adds one: its file and one row of the table, nothing else.
type ReceiptsSlice = { receipts: { list: string[]; page: number }; addReceipt: (ident: string) => void };
const createReceiptsSlice: SliceCreator<ReceiptsSlice> = (set) => ({
  receipts: { list: [], page: 1 },
  addReceipt: (ident) => set((state) => ({ receipts: { ...state.receipts, list: [...state.receipts.list, ident] } })),
});

let storeCount = 0;
/** The app's table plus one row, on a localStorage key of its own. */
function storeWith(...extra: Parameters<typeof createAppStore>[0]) {
  storeCount += 1;
  const name = `test-app-state-${storeCount}`;
  return { name, store: createAppStore<AppState & ReceiptsSlice>([...appSlices, ...extra], { name, version: 1 }) };
}

describe('a slice is one row of the table', () => {
  it("a new feature's slice is cleared on logout without touching clearSessionData", () => {
    const { store } = storeWith(defineSlice('receipts', createReceiptsSlice));
    store.getState().addReceipt('PAR-1');
    store.getState().showToast('Wylogowano');

    store.getState().clearSessionData();

    expect(store.getState().receipts).toEqual({ list: [], page: 1 });
    expect(store.getState().toasts.map((toast) => toast.message)).toEqual(['Wylogowano']);
  });

  it('it is saved and restored over its initial value, like every slice', async () => {
    const { name, store } = storeWith(defineSlice('receipts', createReceiptsSlice));
    store.getState().addReceipt('PAR-1');
    const saved = JSON.parse(localStorage.getItem(name) ?? 'null') as { state: Record<string, unknown> };
    expect(saved.state.receipts).toEqual({ list: ['PAR-1'], page: 1 });
    expect(saved.state).not.toHaveProperty('addReceipt');

    store.setState(store.getInitialState());
    localStorage.setItem(name, JSON.stringify({ state: { receipts: { list: ['PAR-1'] } }, version: 1 }));
    await store.persist.rehydrate();
    expect(store.getState().receipts).toEqual({ list: ['PAR-1'], page: 1 });
  });

  it('a slice not persisted stays out of localStorage', () => {
    const { name, store } = storeWith(defineSlice('receipts', createReceiptsSlice, { persisted: false }));
    store.getState().addReceipt('PAR-1');
    const saved = JSON.parse(localStorage.getItem(name) ?? 'null') as { state: Record<string, unknown> };
    expect(saved.state).not.toHaveProperty('receipts');
    expect(saved.state).toHaveProperty('user');
  });

  it('two slices claiming the same name stop the app at start, instead of one silently replacing the other', () => {
    const clashing: SliceCreator<{ showToast: () => void }> = () => ({ showToast: () => undefined });
    expect(() => storeWith(defineSlice('showToast', clashing))).toThrow("Store slice 'showToast' redefines 'showToast'.");
  });
});
