import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildSignedInPromoter } from '../test/builders.ts';

const expectEnvelope = (body: string, error: string) => {
  const parsed = JSON.parse(body);
  expect(parsed).toEqual({ status: { success: false }, data: expect.objectContaining({ error }), meta: { ts: expect.any(String) } });
  return parsed;
};

describe.each(testDatabases)('every failure answers in the envelope (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { BODY_LIMIT_BYTES: '2048' },
      prepare: (app) => {
        app.post('/api/test/boom', { config: { public: true } }, async () => {
          throw new Error('SELECT secret FROM users -- internal detail');
        });
      },
    });
    ({ token } = await buildSignedInPromoter(t));
  });
  afterAll(() => t.close());

  it('malformed JSON is a 400 E_BAD_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "anna@demo.pl", ',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, 'E_BAD_REQUEST');
  });

  it('a wrong content type is a 415 E_UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expectEnvelope(res.body, 'E_UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over the limit is a 413 E_PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a'.repeat(5000), password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.body, 'E_PAYLOAD_TOO_LARGE');
  });

  it('an unknown API route is a 404 E_NOT_FOUND, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/nie-ma-takiej', headers });
      expect(res.statusCode).toBe(404);
      expectEnvelope(res.body, 'E_NOT_FOUND');
    }
  });

  it('a wrongly typed field is a 400 E_VALIDATION naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 42 } });
    expect(res.statusCode).toBe(400);
    const body = expectEnvelope(res.body, 'E_VALIDATION');
    expect(body.data.details.map((d: { path: string }) => d.path)).toEqual(['body.username', 'body.password']);
  });

  it('an unexpected failure is a 500 E_INTERNAL with no internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expectEnvelope(res.body, 'E_INTERNAL');
    expect(res.body).not.toMatch(/SELECT|secret|stack|Error/);
  });

  it('every answer carries a request id and meta.ts', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.json().meta.ts)).not.toBeNaN();
  });

  it('health reports that the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: { success: true }, data: { database: 'ok' } });
  });

  it('/version.json gives a build time and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().buildTime)).not.toBeNaN();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
