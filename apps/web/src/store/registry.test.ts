import { describe, expect, it } from 'vitest';
import { appSlices } from './app-store.ts';
import { registerSlices } from './registry.ts';

describe('the features register their slices before the store is built', () => {
  it('the store is built from the features rows registered in app/store-slices.ts', () => {
    expect(appSlices.map((slice) => slice.key)).toEqual(
      expect.arrayContaining(['toasts', 'screen', 'user', 'actions', 'reports', 'vouchers', 'mgm', 'availability', 'webform']),
    );
  });

  it('a slice registered once the store is built stops the app at start, instead of being typed but missing', () => {
    const rows = appSlices.filter((slice) => slice.key === 'mgm') as unknown as Parameters<typeof registerSlices>[0];
    expect(() => registerSlices(rows)).toThrow('Store slices are registered before the store is built');
  });
});
