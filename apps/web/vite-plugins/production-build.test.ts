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
