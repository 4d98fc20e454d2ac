import { describe, expect, it } from 'vitest';
import { getAt, setAt } from './form-paths.ts';

describe('form paths', () => {
  const values = { email: 'a@b.pl', offers: { Glo: { model: 'Hyper Pro' } }, items: [{ sku: 'X' }] };

  it('reads nested objects and array items', () => {
    expect(getAt(values, 'offers.Glo.model')).toBe('Hyper Pro');
    expect(getAt(values, 'items.0.sku')).toBe('X');
    expect(getAt(values, 'offers.Velo.sampling')).toBeUndefined();
  });

  it('writes a copy, creating what is missing on the way and leaving the original as it was', () => {
    const next = setAt(values, 'offers.Velo.sampling', 'mint');
    expect(next.offers).toEqual({ Glo: { model: 'Hyper Pro' }, Velo: { sampling: 'mint' } });
    expect(next.offers.Glo).toBe(values.offers.Glo);
    expect(values.offers).not.toHaveProperty('Velo');
    expect(setAt(values, 'items.1', { sku: 'Y' }).items).toEqual([{ sku: 'X' }, { sku: 'Y' }]);
  });
});
