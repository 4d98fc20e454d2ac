// Budget check: the JavaScript a phone downloads to show /login must stay within 110 KB gzipped, and
// the back office's first screen (/biuro, its login) within 200 KB (issue 24, decision 089).
// Reads dist/.vite/manifest.json (build.manifest in vite.config.ts) and sums the gzipped sizes of the
// entry chunk, the login route's chunk and everything they import statically (recursively), plus every
// script dist/index.html loads or preloads (the login route is part of the entry: decision 081).
// Lazy imports of other pages do not count: /login does not wait for them. The same budget is measured
// in a browser, counting every script a first visit to / fetches, by e2e/tests/first-visit.spec.ts
// (docs/performance.md). The back office is its own build (vite.biuro.config.ts) with its own manifest,
// .vite/biuro-manifest.json, and page, biuro.html, measured the same way.
// Usage: node scripts/check-bundle-size.mjs [dist directory]
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));

const FIRST_SCREENS = [
  { name: '/login', manifest: '.vite/manifest.json', html: 'index.html', budget: 110 * 1024, route: 'src/app/routes/login.route.tsx' },
  { name: '/biuro', manifest: '.vite/biuro-manifest.json', html: 'biuro.html', budget: 200 * 1024 },
];

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/** The gzipped JavaScript of one first screen, printed file by file; false when over its budget. */
function check({ name, manifest: manifestFile, html: htmlFile, budget, route }) {
  const manifestPath = path.join(distDir, manifestFile);
  if (!fs.existsSync(manifestPath)) {
    console.error(`No ${path.relative(process.cwd(), manifestPath)}: run the build first (npm run build -w @promotor/web).`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${manifestFile} has no entry chunk.`);
  // The login route is part of the entry (decision 081): it has no chunk of its own then.
  const routeKey = route && manifest[route] ? route : entryKey;

  /** The chunk of `key` and every chunk it imports statically, in visiting order. */
  function withStaticImports(key, seen = new Set()) {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
    return seen;
  }

  const keys = withStaticImports(routeKey, withStaticImports(entryKey));
  const html = fs.readFileSync(path.join(distDir, htmlFile), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const files = [...new Set([...[...keys].map((key) => manifest[key].file), ...fromHtml])].filter((file) => file.endsWith('.js'));

  let total = 0;
  console.log(`JavaScript needed by ${name} (gzipped):`);
  for (const file of files) {
    const raw = fs.readFileSync(path.join(distDir, file));
    const gzipped = gzipSync(raw, { level: 9 }).length;
    total += gzipped;
    console.log(`  ${file.padEnd(48)} ${kb(raw.length).padStart(10)} raw  ${kb(gzipped).padStart(10)} gzip`);
  }
  console.log(`Total: ${kb(total)} (${total} B) of ${kb(budget)} (${budget} B)`);
  if (total > budget) {
    console.error(`${name} is over budget by ${kb(total - budget)}.`);
    return false;
  }
  console.log(`Within budget; ${kb(budget - total)} left.\n`);
  return true;
}

const results = FIRST_SCREENS.map(check);
if (results.includes(false)) process.exit(1);
