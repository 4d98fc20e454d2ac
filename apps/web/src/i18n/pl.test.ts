import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@promotor/contract/error-codes';
import * as pl from './pl.ts';

describe('Polish texts', () => {
  const every = { ...pl.errors.codes, ...pl.fieldErrors } as Record<string, string>;

  it.each(ERROR_CODES)('%s has a Polish message', (code) => {
    const message = every[code];
    expect(typeof message).toBe('string');
    expect(message!.trim()).not.toBe('');
    expect(message).not.toContain('E_');
  });

  it('has no message for a code the API does not have, and each code in one table only', () => {
    expect(Object.keys(every).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(pl.errors.codes).length + Object.keys(pl.fieldErrors).length).toBe(ERROR_CODES.length);
  });

  it('reads a field code raw until its table is registered, then in Polish', async () => {
    // A fresh module: a registration made elsewhere must not leak in.
    vi.resetModules();
    const { errors, registerErrorMessages } = await import('./pl/core.ts');
    expect(errors.ofCode('E_VOUCHER_ALREADY_REDEEMED')).toBe('E_VOUCHER_ALREADY_REDEEMED');
    expect(errors.ofCode('E_EXPIRED')).toBe('Sesja wygasła. Zaloguj się ponownie.');
    registerErrorMessages(pl.fieldErrors);
    expect(errors.ofCode('E_VOUCHER_ALREADY_REDEEMED')).toBe('Ten kod został już wydany.');
    expect(errors.ofCode('E_SOMETHING_NEW')).toBe('E_SOMETHING_NEW');
  });
});
