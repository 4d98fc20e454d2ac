import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestApp } from '../test/test-app.ts';
import { buildAction, buildSignedInPromoter, wallTime } from '../test/builders.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

// docs/decisions/041-compression.md: larger API answers go out compressed, small ones as they are.
describe('compressed API answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const ewa = await buildSignedInPromoter(t);
    token = ewa.token;
    for (let day = 1; day <= 20; day++) await buildAction(t, ewa, { status: 'finished', since: wallTime(t, -day, '10:00') });
  });
  afterAll(() => t.close());

  // Her whole history: twenty actions.
  const listBody = { actions: { since: '2020-01-01 00:00:00', finished: true }, pagination: { limit: 100, offset: 0 } };
  const actionList = (acceptEncoding?: string) =>
    post(t.app, '/action/list', listBody, token, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

  it('a larger answer comes as brotli or gzip, whichever the client takes, with the same JSON inside', async () => {
    const plain = await actionList();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await actionList('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).data).toEqual(plain.json().data);

    const gzip = await actionList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString()).data).toEqual(plain.json().data);
  });

  it('keeps the API headers: never stored, with the request id', async () => {
    const br = await actionList('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['x-request-id']).toBeTruthy();
  });

  it('a small answer goes out as it is', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
  });

  it('a compressed request body is not unpacked: the API takes plain JSON and answers in its envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ username: 'ewa@test.pl', password: 'zle-haslo-1' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error).toBeTruthy();
  });
});
