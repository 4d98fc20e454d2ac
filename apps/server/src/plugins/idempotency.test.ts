import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTER_PASSWORD, createTestApp, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildPromoter, buildSignedInPromoter } from '../test/builders.ts';
import { listOutbox } from '../modules/notifier/notifier.ts';

describe.each(testDatabases)('Idempotency-Key (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const outboxSize = async () => (await listOutbox(t.db, 1000)).length;

  it('a repeat with the same key and body returns the first answer and changes nothing', async () => {
    const { username } = await buildPromoter(t, { mobilePhone: '+48600100200' });
    const before = await outboxSize();
    const first = await post(t.app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': 'reset-1' });
    const again = await post(t.app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': 'reset-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await outboxSize()).toBe(before + 2); // one SMS and one e-mail, not four
  });

  it('the same key with another body answers 422 E_IDEMPOTENCY_KEY_REUSED', async () => {
    const ewa = await buildPromoter(t);
    const ola = await buildPromoter(t);
    await post(t.app, '/auth/reset-token', { username: ewa.username }, undefined, { 'idempotency-key': 'reset-2' });
    const other = await post(t.app, '/auth/reset-token', { username: ola.username }, undefined, { 'idempotency-key': 'reset-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().data.error).toBe('E_IDEMPOTENCY_KEY_REUSED');
  });

  it('a refused request is replayed as refused, without running again', async () => {
    const first = await post(t.app, '/auth/reset-token', { username: 'nikt@demo.pl' }, undefined, { 'idempotency-key': 'reset-3' });
    const again = await post(t.app, '/auth/reset-token', { username: 'nikt@demo.pl' }, undefined, { 'idempotency-key': 'reset-3' });
    expect(first.json().data.error).toBe('E_USER_NOT_FOUND');
    expect(again.body).toBe(first.body);
  });

  it('keys of different promoters do not collide', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const a = await post(t.app, '/auth/update-password', { user: { password: 'nowe-haslo-1' } }, ewa.token, { 'idempotency-key': 'same' });
    const p = await post(t.app, '/auth/update-password', { user: { password: 'nowe-haslo-1' } }, ola.token, { 'idempotency-key': 'same' });
    expect(a.statusCode).toBe(200);
    expect(p.statusCode).toBe(200);
    expect(p.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is a 400 E_VALIDATION', async () => {
    const { username } = await buildPromoter(t);
    const res = await post(t.app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': 'x'.repeat(300) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error).toBe('E_VALIDATION');
  });

  it('login answers are never stored, since they carry a token', async () => {
    const { username } = await buildPromoter(t);
    const headers = { 'idempotency-key': 'login-1' };
    const a = await post(t.app, '/auth/login', { username, password: PROMOTER_PASSWORD }, undefined, headers);
    const b = await post(t.app, '/auth/login', { username, password: PROMOTER_PASSWORD }, undefined, headers);
    expect(a.json().data.token.token).not.toBe(b.json().data.token.token);
    const stored = await t.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(stored.some((r) => r.response_body?.includes(a.json().data.token.token))).toBe(false);
  });
});
