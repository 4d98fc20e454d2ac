import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// A script large enough that compressing it pays.
const ENTRY = Array.from({ length: 200 }, (_, i) => `export const text${i} = "Zaloguj się, akcja numer ${i}";`).join('\n');

describe('serving the built web app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Promotor</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'biuro.html'), '<!doctype html><title>Promotor: biuro</title><div id="biuro"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ buildTime: '2026-11-22T08:00:00.000Z' }));
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Promotor' }));
    // What vite-plugins/precompress.ts writes next to each text file of a build.
    fs.writeFileSync(path.join(dist, 'assets', 'entry-def456.js'), ENTRY);
    for (const file of ['index.html', 'sw.js', 'assets/entry-def456.js']) {
      const raw = fs.readFileSync(path.join(dist, file));
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(raw));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(raw));
    }
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
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

  it('the back office, on any of its routes, gets its own page, uncached; a path that only begins alike does not', async () => {
    for (const url of ['/biuro', '/biuro/', '/biuro/promotorzy?strona=2', '/biuro/plan/import']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="biuro">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const other = await t.app.inject({ method: 'GET', url: '/biurowiec' });
    expect(other.body).toContain('<div id="root">');
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

  it('sends the brotli copy of a file to a browser that takes brotli, the gzip copy to one that takes gzip', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/entry-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);

    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/entry-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(ENTRY.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/entry-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ENTRY);
  });

  it('the page, on any route, and the service worker come compressed too, and are revalidated', async () => {
    for (const url of ['/', '/akcje', '/sw.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const file = url === '/sw.js' ? 'sw.js' : 'index.html';
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(fs.readFileSync(path.join(dist, file))), url).toBe(true);
    }
  });

  it('a file with no compressed copy goes out as it is, and the manifest is revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ name: 'Promotor' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    // /version.json is answered by the server itself (health.routes.ts), never stored.
    const version = await t.app.inject({ method: 'GET', url: '/version.json', headers: { 'accept-encoding': 'br' } });
    expect(version.headers['cache-control']).toBe('no-store');
  });
});
