// The web build as `npm start` runs it: when dist/ is missing or older than its sources, and always a
// production build whatever NODE_ENV says (apps/web/vite.config.ts; docs/decisions/040-production-build.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'packages/contract/src',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/** True when `outDir` has no build or one older than any source of the web app. */
export function webBuildIsStale(outDir = path.join(root, 'apps/web/dist')) {
  const builtIndex = path.join(outDir, 'index.html');
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  return builtAt === 0 || SOURCES.some((source) => newestChange(source) > builtAt);
}

/**
 * Builds the web app into `outDir` (default apps/web/dist) with the caller's environment; returns the
 * exit status of the build.
 */
export function buildWebApp({ env = process.env, outDir, stdio = 'inherit' } = {}) {
  const args = ['run', 'build', '-w', '@promotor/web'];
  if (outDir) args.push('--', '--outDir', outDir, '--emptyOutDir');
  return spawnSync('npm', args, { cwd: root, env, stdio }).status ?? 1;
}
