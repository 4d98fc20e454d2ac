import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTER_PASSWORD, createTestApp, loginAs, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildPromoter } from '../test/builders.ts';

const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe.each(testDatabases)('security headers (%s)', (dialect) => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Promotor</title><div id="root"></div>');
    t = await createTestApp(dialect, { env: { WEB_DIST_DIR: dist, TRUST_PROXY: '1', DEV_OUTBOX: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the app page gets a strict CSP: only its own scripts and styles, never framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/akcje' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(JSON.stringify(policy)).not.toContain('unsafe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the back office may load the live map’s tiles; the promoters’ app may not (decision 091)', async () => {
    const backOffice = csp((await t.app.inject({ method: 'GET', url: '/biuro/na-zywo?x=1' })).headers['content-security-policy']);
    expect(backOffice['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(backOffice['connect-src']).toEqual(["'self'", 'blob:', 'data:']);
    expect(backOffice['script-src']).toEqual(["'self'"]);
    for (const url of ['/akcje', '/biurowiec', '/api/health']) {
      const policy = csp((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(policy['img-src'], url).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('API answers that carry the bearer token are never stored', async () => {
    const { username } = await buildPromoter(t);
    const login = await post(t.app, '/auth/login', { username, password: PROMOTER_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = await loginAs(t.app, username);
    const session = await post(t.app, '/auth/session', undefined, token);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.headers['x-content-type-options']).toBe('nosniff');
    const refused = await post(t.app, '/auth/login', { username, password: 'zle-haslo-1' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nie-ma' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('HSTS only over HTTPS (here: X-Forwarded-Proto from the trusted proxy)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('the development outbox page keeps its own style but allows nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
