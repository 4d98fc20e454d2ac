#!/usr/bin/env node
// Builds the server into one file, dist/server.mjs, which `npm start` runs (issue 8): the contract's
// and the server's TypeScript bundled by esbuild, the npm dependencies left as imports. Compared with
// running the sources through tsx, it starts in ~1.2 s instead of ~2 s and holds ~120 MB instead of
// ~165 MB (docs/performance.md); requests cost the same. Tests and `npm run dev` still run the sources.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const { dependencies } = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
// Workspace packages ship TypeScript sources: bundled. Everything else is imported from node_modules.
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@promotor/'));

// SERVER_BUNDLE (below apps/server) lets two e2e runs on one machine build without overwriting each other.
const outfile = path.join(serverRoot, process.env.SERVER_BUNDLE ?? 'dist/server.mjs');
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
};
await build({ ...common, entryPoints: [path.join(serverRoot, 'src/server.ts')], outfile, sourcemap: 'linked' });

// --with-cli: `npm run admin` and `npm run seed` bundled beside it (dist/server-admin.mjs, -seed.mjs), for
// the end-to-end fixtures (e2e/fixtures/promoters.ts), which run them dozens of times: 0.7 s a call
// instead of tsx's 1.8 s, which compiles the sources at every start (issue 32: CI time).
if (process.argv.includes('--with-cli')) {
  for (const command of ['admin', 'seed']) {
    await build({
      ...common,
      entryPoints: [path.join(serverRoot, `src/cli/${command}.ts`)],
      outfile: outfile.replace(/\.mjs$/, `-${command}.mjs`),
    });
  }
}
