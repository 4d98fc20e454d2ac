import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const BIURO_CONFIG = path.join(import.meta.dirname, '..', 'vite.biuro.config.ts');

/**
 * The back office's build (vite.biuro.config.ts) runs once the app's is written, into the same
 * directory, so `vite build` (and its --outDir) still makes the whole of dist/. In the dev server,
 * /biuro and its paths get biuro.html, as the API server sends it (apps/server plugins/web-app.ts).
 * docs/decisions/089-back-office-web.md
 */
export function backOffice(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'promotor:back-office',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '';
        if (/^\/biuro(?:[/?]|$)/.test(url)) request.url = '/biuro.html';
        next();
      });
    },
    async closeBundle() {
      if (config.command !== 'build') return;
      await build({
        configFile: BIURO_CONFIG,
        root: config.root,
        mode: config.mode,
        logLevel: config.logLevel,
        build: { outDir: path.resolve(config.root, config.build.outDir) },
      });
    },
  };
}
