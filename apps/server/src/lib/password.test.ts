import { hash } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_HASHING, hashPassword, usePasswordHashingInTests, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('the server hashes with OWASP’s argon2id profile: 19 MiB, 2 passes, 1 lane', async () => {
    // A fresh copy of the module, as the server loads it: the tests' setup has not switched it.
    vi.resetModules();
    const fresh = await import('./password.ts');
    const stored = await fresh.hashPassword('Haslo-123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(PASSWORD_HASHING).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await fresh.verifyPassword(stored, 'Haslo-123')).toBe(true);
    expect(await fresh.verifyPassword(stored, 'haslo-123')).toBe(false);
  });

  it('the tests hash at the smallest cost, and a hash verifies by its own parameters', async () => {
    const cheap = await hashPassword('Haslo-123');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const real = await hash('Haslo-123', PASSWORD_HASHING);
    expect(await verifyPassword(real, 'Haslo-123')).toBe(true);
    expect(await verifyPassword(cheap, 'Haslo-123')).toBe(true);
    expect(await verifyPassword(cheap, 'Haslo-124')).toBe(false);
  });

  it('outside the tests the cheap profile cannot be switched on', () => {
    vi.stubEnv('VITEST', '');
    try {
      expect(() => usePasswordHashingInTests('cheapest')).toThrow(/server tests only/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
