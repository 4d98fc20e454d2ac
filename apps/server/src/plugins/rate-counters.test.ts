import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { buildStaff } from '../test/admin-builders.ts';
import { buildPromoter } from '../test/builders.ts';
import { RateCounters } from './rate-counters.ts';
import { PROMOTER_PASSWORD, createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';

// Limits that hold when guesses arrive in parallel, on several instances, and across a restart
// (docs/decisions/013-limits-in-the-database.md).
describe.each(testDatabases)('limits kept in the database (%s)', (dialect) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_LIMIT_PER_IP_PER_MINUTE: '8', LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '10' } });
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({
      config: t.config,
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const login = (app: FastifyInstance, username: string, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username, password } });

  it('30 parallel wrong passwords for one username: only 10 are checked, the rest are 429', async () => {
    const { username } = await buildPromoter(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 2 ? second : t.app, username, `zgaduje-${i}`, `10.20.${i}.1`)),
    );
    const codes = answers.map((a) => a.json().data.error as string);
    expect(codes.filter((c) => c === 'E_USER_WRONG_PASSWORD')).toHaveLength(10);
    expect(codes.filter((c) => c === 'E_TOO_MANY_REQUESTS')).toHaveLength(20);
    // Even the right password waits for the window to end…
    expect((await login(t.app, username, PROMOTER_PASSWORD, '10.21.0.1')).json().data.error).toBe('E_TOO_MANY_REQUESTS');
    // …and after 15 minutes she is let in again.
    t.clock.advance(15 * 60_000);
    expect((await login(second, username, PROMOTER_PASSWORD, '10.21.0.2')).statusCode).toBe(200);
  });

  it("30 parallel wrong passwords for one staff member at the back office's door, on two instances: only 10 are checked", async () => {
    const { username } = await buildStaff(t);
    const guess = (i: number) =>
      (i % 2 ? second : t.app).inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: `10.40.${i}.1`,
        payload: { username, password: `zgaduje-${i}` },
      });
    const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i)))).map((a) => a.json().data.error as string);
    expect(codes.filter((c) => c === 'E_WRONG_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((c) => c === 'E_TOO_MANY_REQUESTS')).toHaveLength(20);
  });

  it('20 parallel wrong reset codes for one username: only 10 are checked, the rest are 429', async () => {
    const { username } = await buildPromoter(t);
    const guess = (i: number) =>
      (i % 2 ? second : t.app).inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: `10.30.${i}.1`,
        payload: { username, otp: 'ZZZZZ', password: 'haslo-zgadywane' },
      });
    const codes = (await Promise.all(Array.from({ length: 20 }, (_, i) => guess(i)))).map((a) => a.json().data.error as string);
    expect(codes.filter((c) => c === 'E_RESET_CODE_INVALID')).toHaveLength(10);
    expect(codes.filter((c) => c === 'E_TOO_MANY_REQUESTS')).toHaveLength(10);
  });

  it('a try that was no wrong guess (an expired code) is given back, not counted', async () => {
    const { username } = await buildPromoter(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/reset-token', remoteAddress: '10.35.0.1', payload: { username } });
    t.clock.advance(11 * 60_000);
    const codes = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: `10.35.${i}.2`,
        payload: { username, otp: 'ZZZZZ', password: 'haslo-po-czasie' },
      });
      codes.push(res.json().data.error);
    }
    expect(codes).toEqual(Array(12).fill('E_RESET_CODE_EXPIRED'));
  });

  it('the per-address limit counts calls on every instance together', async () => {
    const codes = [];
    for (let i = 0; i < 9; i++)
      codes.push((await login(i % 2 ? second : t.app, `osoba${i}@demo.pl`, 'x-haslo-1', '10.40.0.1')).json().data.error);
    expect(codes.slice(0, 8).every((c) => c === 'E_USER_NOT_FOUND')).toBe(true);
    expect(codes[8]).toBe('E_TOO_MANY_REQUESTS');
  });

  it('a restart does not clear the count', async () => {
    for (let i = 0; i < 10; i++) await login(t.app, 'zapomniana@demo.pl', 'x-haslo-1', `10.50.${i}.1`);
    const restarted = await buildApp({
      config: t.config,
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: false,
    });
    try {
      expect((await login(restarted, 'zapomniana@demo.pl', 'x-haslo-1', '10.50.99.1')).json().data.error).toBe('E_TOO_MANY_REQUESTS');
    } finally {
      await restarted.close();
    }
  });

  it('limits taken all or none: 24 parallel takes over two shared counters in both orders give exactly 3, and a refusal holds no place', async () => {
    const counters = new RateCounters(t.db, t.clock.now);
    const tag = randomBytes(4).toString('hex');
    const a = { key: `test:${tag}:a`, windowMs: 60_000, max: 3 };
    const b = { key: `test:${tag}:b`, windowMs: 60_000, max: 5 };
    const taken = await Promise.all(Array.from({ length: 24 }, (_, i) => counters.takeAll(i % 2 ? [a, b] : [b, a])));
    expect(taken.filter(Boolean)).toHaveLength(3);
    // B moved only for the three that were taken: two more fit under its 5, as a fresh key beside A's full one.
    const c = { key: `test:${tag}:c`, windowMs: 60_000, max: 9 };
    expect(await counters.takeAll([b, c])).toBe(true);
    expect(await counters.takeAll([b, c])).toBe(true);
    expect(await counters.takeAll([b, c])).toBe(false);
    expect((await counters.hit(c.key, 60_000)).count).toBe(3);
  });
});
