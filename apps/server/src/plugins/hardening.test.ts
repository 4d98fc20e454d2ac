import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildAction, buildPromoter, buildSignedInPromoter, wallTime } from '../test/builders.ts';
import { buildJpeg, uploadPhotos } from '../test/files.ts';
import { sendStartPhotos } from '../test/action-steps.ts';

// Findings of the review of the foundation and field-actions work, each kept fixed by a test.
describe.each(testDatabases)('malformed and hostile input (%s)', (dialect) => {
  let t: TestApp;
  let anna: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token: anna } = await buildSignedInPromoter(t));
  });
  afterAll(() => t.close());

  const multipart = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/action/file/create',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${anna}` },
    });

  it('a multipart body without a boundary, with a wrong one, or cut short is a 400, not a 500', async () => {
    const noBoundary = await multipart(
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="_input"\r\n\r\n{}\r\n--x--\r\n',
    );
    const wrongBoundary = await multipart(
      'multipart/form-data; boundary=abc',
      '--xyz\r\nContent-Disposition: form-data; name="_input"\r\n\r\n{}\r\n--xyz--\r\n',
    );
    const truncated = await multipart(
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="files[]"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    );
    for (const res of [noBoundary, wrongBoundary, truncated]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().status.success).toBe(false);
    }
  });

  it('a NUL character anywhere in a JSON body is refused with a 400 (PostgreSQL cannot store it)', async () => {
    const login = await post(t.app, '/auth/login', { username: 'anna@demo.pl\u0000', password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json().data.error).toBe('E_BAD_REQUEST');
    const serve = await post(t.app, '/action/file/serve', { file: { uuid: '\u0000' } }, anna);
    expect(serve.statusCode).toBe(400);
  });

  it('a __proto__ key is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"anna@demo.pl","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a date that does not exist is a validation error', async () => {
    for (const since of ['2026-02-31 00:00:00', '9999-99-99 99:99:99', '2026-01-01 24:00:00']) {
      const res = await post(t.app, '/action/list', { actions: { since }, pagination: { limit: 10, offset: 0 } }, anna);
      expect(res.statusCode, since).toBe(400);
      expect(res.json().data.error).toBe('E_VALIDATION');
    }
  });

  it('reads and password changes leave nothing in the idempotency table', async () => {
    const before = (await t.db.selectFrom('idempotency_keys').select('key').execute()).length;
    const key = { 'idempotency-key': 'read-1' };
    await post(t.app, '/action/recent', undefined, anna, key);
    await post(t.app, '/action/list', { actions: { since: '2026-01-01 00:00:00' }, pagination: { limit: 10, offset: 0 } }, anna, key);
    await post(t.app, '/auth/update-password', { user: { password: 'nowe-haslo-1' } }, anna, { 'idempotency-key': 'pw-1' });
    expect((await t.db.selectFrom('idempotency_keys').select('key').execute()).length).toBe(before);
  });

  it('a twin request still running gets 409; one abandoned for a minute is taken over', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa, { since: wallTime(t, 1, '10:00') });
    const body = { actionPoint: { uuid: action.points[0] } };
    // The first request with this key "is running": its pending row is there.
    const first = await post(t.app, '/action/cancel', body, ewa.token, { 'idempotency-key': 'twin' });
    await t.db
      .updateTable('idempotency_keys')
      .set({ state: 'pending', response_status: null, response_body: null })
      .where('key', '=', 'twin')
      .execute();
    const twin = await post(t.app, '/action/cancel', body, ewa.token, { 'idempotency-key': 'twin' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().data.error).toBe('E_IDEMPOTENCY_IN_PROGRESS');
    t.clock.advance(61_000);
    try {
      const retry = await post(t.app, '/action/cancel', body, ewa.token, { 'idempotency-key': 'twin' });
      // The cancel went through the first time, so the re-run is refused by the state rules, not applied twice.
      expect(first.statusCode).toBe(200);
      expect(retry.statusCode).toBe(404);
      const cancels = await t.db
        .selectFrom('action_status_events')
        .select('id')
        .where('user_id', '=', ewa.userId)
        .where('kind', '=', 'cancel')
        .execute();
      expect(cancels).toHaveLength(1);
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('the server does not take a request id from the client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-by-client' } });
    expect(res.headers['x-request-id']).not.toBe('forged-by-client');
  });
});

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { DEV_OUTBOX: 'true' } });
  });
  afterAll(() => t.close());

  it('is readable from this machine only, never from the network', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const remote = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '192.0.2.10' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('Skrzynka');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { DEV_OUTBOX: 'true', TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  it('a client-written X-Forwarded-For: 127.0.0.1 does not open the development outbox', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('Skrzynka');
  });

  it('the per-address limit sees the address the proxy saw, not the one the client wrote', async () => {
    // The proxy appends the address it saw; the client picks a new left-most one on every call.
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        payload: { username: `osoba${i}@demo.pl`, password: 'zgaduje-haslo' },
      });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt(i)).json().data.error);
    expect(codes).toEqual([...Array(5).fill('E_USER_NOT_FOUND'), 'E_TOO_MANY_REQUESTS']);
  });
});

describe('requests Node refuses before Fastify', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('headers that are too large get a 431 in the envelope', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', path: '/api/auth/session', method: 'POST', headers: { authorization: `Bearer ${'x'.repeat(20_000)}` } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    expect(JSON.parse(body)).toMatchObject({ status: { success: false }, data: { error: 'E_HEADERS_TOO_LARGE' } });
  });
});

describe.each(testDatabases)('races and limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('two check-ins racing on different actions start only one', async () => {
    const ewa = await buildSignedInPromoter(t);
    const first = await buildAction(t, ewa);
    const second = await buildAction(t, ewa);
    // Both starts have their photos (decision 072), so only the one-started-action rule can refuse one.
    for (const action of [first, second]) expect((await sendStartPhotos(t.app, ewa.token, action)).statusCode).toBe(200);
    const checkIn = (point: string) =>
      post(t.app, '/action/check-in', { actionPoint: { uuid: point }, location: { latitude: null, longitude: null } }, ewa.token);
    const results = await Promise.all([checkIn(first.points[0]!), checkIn(second.points[0]!)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().data.error).toBe('E_WRONG_ACTION_STATUS');
    const started = await t.db
      .selectFrom('action_assignments')
      .select('action_id')
      .where('user_id', '=', ewa.userId)
      .where('status', '=', 'started')
      .execute();
    expect(started).toHaveLength(1);
  });

  it('parallel wrong reset codes cannot use more than the 5 tries', async () => {
    const { username, userId } = await buildPromoter(t);
    await post(t.app, '/auth/reset-token', { username });
    const guesses = await Promise.all(
      Array.from({ length: 9 }, () => post(t.app, '/auth/reset-password', { username, otp: 'ZZZZZ', password: 'haslo-zgadywane' })),
    );
    const codes = guesses.map((g) => g.json().data.error);
    expect(codes.filter((c) => c === 'E_RESET_CODE_INVALID').length).toBeLessThanOrEqual(4);
    const [reset] = await t.db
      .selectFrom('password_resets')
      .select('attempts')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    expect(reset!.attempts).toBe(5);
  });

  it('a location ping keeps the time the phone took it', async () => {
    const ewa = await buildSignedInPromoter(t);
    const started = await buildAction(t, ewa, { status: 'started' });
    const capturedAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const res = await post(
      t.app,
      '/action/location/save',
      { action: { uuid: started.uuid }, location: { latitude: 50.06, longitude: 19.94, accuracy: 8, capturedAt } },
      ewa.token,
    );
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('action_locations')
      .select(['captured_at', 'created_at'])
      .where('action_id', '=', started.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ captured_at: capturedAt, created_at: t.clock.now().toISOString() });
  });

  it('recent never shows another promoter her actions', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    // Ola's are older than Ewa's, so a leak would show Ewa's first.
    const olas = await buildAction(t, ola, { name: 'Akcja Oli', status: 'started', since: wallTime(t, 0, '07:00') });
    const olasLast = await buildAction(t, ola, { name: 'Zakończona Oli', status: 'finished', since: wallTime(t, -5, '10:00') });
    await buildAction(t, ewa, { status: 'started', since: wallTime(t, 0, '09:00') });
    await buildAction(t, ewa, { status: 'finished', since: wallTime(t, -1, '10:00') });
    const recent = (await post(t.app, '/action/recent', undefined, ola.token)).json().data.action;
    expect(recent.current.uuid).toBe(olas.uuid);
    expect(recent.last.uuid).toBe(olasLast.uuid);
  });

  it('an action without points is cancelled by its uuid alone', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const pointless = await buildAction(t, ewa, { points: 0 });
    const res = await post(t.app, '/action/cancel', { action: { uuid: pointless.uuid } }, ewa.token);
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, '/action/cancel', { action: { uuid: pointless.uuid } }, ola.token)).statusCode).toBe(404);
    expect((await post(t.app, '/action/cancel', {}, ewa.token)).statusCode).toBe(400);
  });

  it('the survey upload accepts §7 `checkboxes` as well as §3 `chechboxes`', async () => {
    const ewa = await buildSignedInPromoter(t);
    const started = await buildAction(t, ewa, { status: 'started' });
    const res = await uploadPhotos(
      t.app,
      ewa.token,
      { action: { uuid: started.uuid }, ident: 'start', form: { checkboxes: ['tak', 'tak', 'nie'] } },
      [buildJpeg()],
    );
    expect(res.statusCode).toBe(200);
    const poll = (await post(t.app, '/action/file/list', { action: { uuid: started.uuid } }, ewa.token)).json().data.poll;
    expect(poll).toEqual({ chechboxes: ['tak', 'tak', 'nie'], text: null });
  });
});
