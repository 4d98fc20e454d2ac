import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm install` / `npm ci` on the Node the README asks for (20.19+) must not warn that a package wants
// another Node: the root package.json pins such transitive packages (`overrides`), and the lockfile
// carries the pins. docs/decisions/042-node-20-pins.md
const root = path.resolve(import.meta.dirname, '../../..');
const manifests = [
  'package.json',
  'package-lock.json',
  ...['packages/contract', 'apps/server', 'apps/web', 'e2e'].map((w) => `${w}/package.json`),
];
// npm checks `engines` against the Node that runs it; on a newer Node this test could not fail.
const onNode20 = process.versions.node.startsWith('20.');

describe('installing the committed lockfile', () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-install-'));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it.runIf(onNode20)(
    'prints no EBADENGINE warning, and the lockfile matches the manifests',
    () => {
      for (const file of manifests) {
        fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
        fs.copyFileSync(path.join(root, file), path.join(copy, file));
      }
      // As CI installs (.ci/run). A dry run checks every locked package's engines from the lockfile alone,
      // with no network and no node_modules; a package.json asking for what the lockfile lacks fails
      // (offline, as ENOTCACHED naming the package).
      const run = spawnSync('npm', ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: copy,
        encoding: 'utf8',
        env: { ...process.env, npm_config_loglevel: 'warn' },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}\n${run.stderr}`).not.toContain('EBADENGINE');
    },
    60_000,
  );
});
