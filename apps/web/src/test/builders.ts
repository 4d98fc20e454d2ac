import type { SessionResponse, SessionUser } from '@promotor/contract';

export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    ident: 'HST1001',
    username: 'anna@demo.pl',
    firstname: 'Anna',
    lastname: 'Nowak',
    territories: [{ ident: 'WAW-1' }],
    emailAddress: 'anna@demo.pl',
    mobilePhone: '+48600100200',
    ...overrides,
  };
}

export function buildSession(overrides: { token?: string; user?: Partial<SessionUser> } = {}): SessionResponse {
  return {
    token: {
      uuid: '7d7a3c2e-0a7e-4c1a-9f0e-3b1f6f1c2d11',
      token: overrides.token ?? 'token-of-anna',
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
    user: buildSessionUser(overrides.user),
  };
}

export const successEnvelope = (data: unknown) => ({ status: { success: true }, data, meta: { ts: '1700000000000' } });
export const failureEnvelope = (error: string, details?: unknown) => ({
  status: { success: false },
  data: details === undefined ? { error } : { error, details },
  meta: { ts: '1700000000001' },
});
