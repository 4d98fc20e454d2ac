import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('serving the built web app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Promotor</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ buildTime: '2026-11-22T08:00:00.000Z' }));
    t = await createTestApp('sqlite', { seed: false, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('every page route of the app gets index.html, uncached', async () => {
    for (const url of ['/', '/akcje', '/akcja/start/123', '/remind/code', '/nie-ma-takiej-strony?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('hashed assets are cached for long, the service worker is not', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('a missing file and an unknown API path stay 404s in the envelope', async () => {
    for (const url of ['/assets/missing.js', '/api/nie-ma']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data.error).toBe('E_NOT_FOUND');
    }
  });

  it('/version.json carries the build time of the web build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.json()).toEqual({ buildTime: '2026-11-22T08:00:00.000Z' });
  });
});
