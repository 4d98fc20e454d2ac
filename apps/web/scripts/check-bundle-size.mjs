// Budget check: the JavaScript a phone downloads to show /login must stay within 110 KB gzipped.
// Reads dist/.vite/manifest.json (build.manifest in vite.config.ts) and sums the gzipped sizes of the
// entry chunk, the login route's chunk and everything they import statically (recursively), plus every
// script dist/index.html loads or preloads (the login route is part of the entry: decision 081).
// Lazy imports of other pages do not count: /login does not wait for them. The same budget is measured
// in a browser, counting every script a first visit to / fetches, by e2e/tests/first-visit.spec.ts
// (docs/performance.md). Usage: node scripts/check-bundle-size.mjs [dist directory]
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 110 * 1024;
const LOGIN_ROUTE_MODULE = 'src/app/routes/login.route.tsx';

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run the build first (npm run build -w @promotor/web).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
// The login route is part of the entry (decision 081): it has no chunk of its own then.
const loginKey = manifest[LOGIN_ROUTE_MODULE] ? LOGIN_ROUTE_MODULE : entryKey;

/** The chunk of `key` and every chunk it imports statically, in visiting order. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const keys = withStaticImports(loginKey, withStaticImports(entryKey));
const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const files = [...new Set([...[...keys].map((key) => manifest[key].file), ...fromHtml])].filter((file) => file.endsWith('.js'));

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
let total = 0;
console.log('JavaScript needed by /login (gzipped):');
for (const file of files) {
  const raw = fs.readFileSync(path.join(distDir, file));
  const gzipped = gzipSync(raw, { level: 9 }).length;
  total += gzipped;
  console.log(`  ${file.padEnd(48)} ${kb(raw.length).padStart(10)} raw  ${kb(gzipped).padStart(10)} gzip`);
}
console.log(`Total: ${kb(total)} (${total} B) of ${kb(BUDGET_BYTES)} (${BUDGET_BYTES} B)`);

if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
console.log(`Within budget; ${kb(BUDGET_BYTES - total)} left.`);
