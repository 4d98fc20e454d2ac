import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
// By its path, not '@promotor/contract/route-paths': Vite bundles the files of its config it reaches by
// path, but leaves a package to Node, which (v20) cannot load the contract's TypeScript.
import { routePaths } from '../../../packages/contract/src/api/route-paths.ts';
import { notificationPush } from '../src/i18n/pl/notifications.ts';

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

export type ServiceWorkerSettings = {
  cacheName: string;
  /** The files to precache, as paths from the site's root. */
  files: string[];
  /** The API's base, as the app's client has it (VITE_API_BASE_URL, else '/api'). */
  apiBase: string;
};

/** sw.js: the template with its placeholders filled in (also what its unit test runs). */
export function renderServiceWorker({ cacheName, files, apiBase }: ServiceWorkerSettings): string {
  const template = fs.readFileSync(path.join(import.meta.dirname, 'service-worker.template.js'), 'utf8');
  return template
    .replace("'__CACHE_NAME__'", () => JSON.stringify(cacheName))
    .replace("['__PRECACHE_FILES__']", () => JSON.stringify(files))
    .replace("'__SHOWN_URL__'", () => JSON.stringify(`${apiBase.replace(/\/$/, '')}${routePaths.notificationsShown.path}`))
    .replace("'__PUSH_TEXTS__'", () => JSON.stringify(notificationPush));
}

/**
 * Emits sw.js from vite-plugins/service-worker.template.js with the precache list, a cache name
 * carrying the build time (docs/decisions/022-hand-written-service-worker.md), and for Web Push
 * (issue 37) the API's path of a shown push and the Polish words of each kind.
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
      const apiBase = (config.env.VITE_API_BASE_URL as string | undefined) ?? '/api';
      const source = renderServiceWorker({ cacheName: `promotor-shell-${buildTime}`, files, apiBase });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
