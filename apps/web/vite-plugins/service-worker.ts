import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

// Files a phone needs to open the app without a network: everything the build emitted (all pages are
// lazy chunks, so all of them) plus the files copied from public/. Never version.json (it tells an open
// app that a new build is out) and never the manifest of the build itself.
const NOT_PRECACHED = new Set(['sw.js', 'version.json', '.vite/manifest.json']);

function listFiles(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/**
 * Emits sw.js from vite-plugins/service-worker.template.js with the precache list and a cache name
 * carrying the build time (docs/decisions/022-hand-written-service-worker.md).
 */
export function serviceWorker(buildTime: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'promotor:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const emitted = Object.keys(bundle);
      const copied = config.publicDir ? listFiles(config.publicDir) : [];
      const files = [...new Set([...emitted, ...copied])]
        .filter((file) => !NOT_PRECACHED.has(file) && !file.endsWith('.map'))
        .sort()
        .map((file) => `/${file}`);
      const template = fs.readFileSync(path.join(import.meta.dirname, 'service-worker.template.js'), 'utf8');
      const source = template
        .replace("'__CACHE_NAME__'", JSON.stringify(`promotor-shell-${buildTime}`))
        .replace("['__PRECACHE_FILES__']", JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
