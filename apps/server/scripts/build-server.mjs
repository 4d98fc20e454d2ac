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

await build({
  entryPoints: [path.join(serverRoot, 'src/server.ts')],
  // SERVER_BUNDLE (below apps/server) lets two e2e runs on one machine build without overwriting each other.
  outfile: path.join(serverRoot, process.env.SERVER_BUNDLE ?? 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: 'linked',
  logLevel: 'warning',
});
