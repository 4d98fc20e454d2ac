import type { Plugin } from 'vite';

/**
 * Writes dist/version.json ({ buildTime }), which the app fetches at start (spec §4 "Other") and the
 * server answers on GET /version.json. The same buildTime is compiled into the bundle as the build id.
 */
export function buildInfo(buildTime: string): Plugin {
  return {
    name: 'promotor:build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ buildTime })}\n` });
    },
  };
}
