import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pl from '../src/i18n/pl.ts';

// The web build as `npm start` runs it (scripts/start.mjs), with the NODE_ENV the README documents as
// a server setting. docs/decisions/040-production-build.md, 041-compression.md
describe('the web build of npm start under NODE_ENV=development', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-build-'));
  const read = (file: string) => fs.readFileSync(path.join(outDir, file));
  let entry = '';

  beforeAll(() => {
    const build = spawnSync('npm', ['run', 'build', '-w', '@promotor/web', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const manifest = JSON.parse(read('.vite/manifest.json').toString()) as Record<string, { file: string; isEntry?: boolean }>;
    entry = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
  }, 120_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('is a production build that registers the service worker', () => {
    const code = read(entry);
    expect(code.includes('/sw.js'), 'the entry registers /sw.js').toBe(true);
    expect(fs.existsSync(path.join(outDir, 'sw.js'))).toBe(true);
    // React's development build alone is over 150 KB gzipped; the production entry is about 100 KB.
    expect(zlib.gzipSync(code).length).toBeLessThan(125 * 1024);
  });

  it('the login page is part of the entry, and index.html loads nothing of the pages after login', () => {
    const html = read('index.html').toString();
    const manifest = JSON.parse(read('.vite/manifest.json').toString()) as Record<string, { file: string }>;
    // Decision 081: the first render draws the form, with no request after the entry's.
    expect(manifest['src/app/routes/login.route.tsx'], 'the login route has no chunk of its own').toBeUndefined();
    expect(read(entry).toString()).toContain(pl.login.resetPassword);
    expect(html.match(/rel="stylesheet"/g), 'one stylesheet').toHaveLength(1);
    expect(html.match(/<script /g), 'one script').toHaveLength(1);
    expect(html, 'nothing else to preload').not.toContain('modulepreload');
    expect(html).not.toContain(manifest['src/app/layout/header.tsx']!.file);
    expect(html).not.toContain(manifest['src/app/routes/actions.route.tsx']!.file);
  });

  it('the back office is a page of its own: the app loads none of its files, and the service worker caches none', () => {
    // Issue 24, decision 089: biuro.html and its files come from their own build (vite.biuro.config.ts).
    type Chunk = { file: string; css?: string[]; isEntry?: boolean };
    const app = JSON.parse(read('.vite/manifest.json').toString()) as Record<string, Chunk>;
    const biuro = JSON.parse(read('.vite/biuro-manifest.json').toString()) as Record<string, Chunk>;
    const filesOf = (manifest: Record<string, Chunk>) => Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
    const biuroFiles = filesOf(biuro);
    expect(biuroFiles.length).toBeGreaterThan(1);
    expect(
      biuroFiles.filter((file) => filesOf(app).includes(file)),
      'no file shared with the app',
    ).toEqual([]);

    const biuroHtml = read('biuro.html').toString();
    expect(biuroHtml.match(/<script /g), 'one script before its login form').toHaveLength(1);
    expect(read(Object.values(biuro).find((chunk) => chunk.isEntry)!.file).toString()).toContain(pl.biuro.login.promoterRefused);

    // The app's files never carry the back office's words (its section of the catalogue) nor name its files.
    for (const file of [...filesOf(app), 'index.html', 'sw.js']) {
      const text = read(file).toString();
      expect(text.includes(pl.biuro.login.promoterRefused), file).toBe(false);
      expect(biuroFiles.some((biuroFile) => text.includes(biuroFile)) || text.includes('biuro.html'), file).toBe(false);
    }
    const precached = JSON.parse(/const PRECACHE_FILES = (\[.*?\]);/s.exec(read('sw.js').toString())![1]!) as string[];
    expect(precached).toContain(`/${entry}`);
    expect(precached.filter((file) => file.includes('biuro'))).toEqual([]);
  });

  it('her inbox is a page of its own, and the service worker shows pushes and reports them shown (issue 37)', () => {
    const manifest = JSON.parse(read('.vite/manifest.json').toString()) as Record<string, { file: string }>;
    const inbox = manifest['src/app/routes/notifications.route.tsx'];
    expect(inbox, 'the inbox has a chunk of its own').toBeDefined();
    expect(read('index.html').toString()).not.toContain(inbox!.file);
    expect(read(entry).toString(), "the inbox's words are not in the entry").not.toContain(pl.notifications.markAllRead);
    const assets = fs.readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    expect(assets.filter((file) => read(`assets/${file}`).toString().includes(pl.notifications.markAllRead)).length).toBeGreaterThan(0);

    const worker = read('sw.js').toString();
    expect(worker).toContain('"/api/notifications/shown"');
    expect(worker).toContain(JSON.stringify(pl.notificationPush));
    expect(worker, 'every placeholder filled in').not.toMatch(/__[A-Z_]+__/);
  });

  it('index.html shows the loading screen before any script has run', () => {
    const html = read('index.html').toString();
    expect(html).toContain(`<div id="root"><div class="app-loading" role="status">`);
    expect(html).toContain(`</span>${pl.loading}</div></div>`);
  });

  it('writes brotli and gzip copies of the text files that decompress to the same bytes', () => {
    const styles = fs.readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.css'));
    const files = ['index.html', 'sw.js', 'manifest.webmanifest', entry, ...styles.map((file) => `assets/${file}`)];
    for (const file of files) {
      const raw = read(file);
      // A copy is written only when it is smaller: a few dozen bytes of CSS (a small shared chunk) gain
      // nothing from gzip's header, and the server then sends the file itself.
      if (raw.length < 200 && !fs.existsSync(path.join(outDir, `${file}.gz`))) continue;
      expect(zlib.brotliDecompressSync(read(`${file}.br`)).equals(raw), file).toBe(true);
      expect(zlib.gunzipSync(read(`${file}.gz`)).equals(raw), file).toBe(true);
      expect(read(`${file}.br`).length, file).toBeLessThan(raw.length);
    }
    // Images are compressed already; the build manifest is never served.
    expect(fs.existsSync(path.join(outDir, 'icons/icon-192.png.br'))).toBe(false);
    expect(fs.existsSync(path.join(outDir, '.vite/manifest.json.br'))).toBe(false);
  });
});
