import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@promotor/contract/error-codes';
import * as pl from './pl.ts';

describe('Polish texts', () => {
  it.each(ERROR_CODES)('%s has a Polish message', (code) => {
    const message = pl.errors.codes[code];
    expect(typeof message).toBe('string');
    expect(message.trim()).not.toBe('');
    expect(message).not.toContain('E_');
  });

  it('has no message for a code the API does not have', () => {
    expect(Object.keys(pl.errors.codes).sort()).toEqual([...ERROR_CODES].sort());
  });
});
