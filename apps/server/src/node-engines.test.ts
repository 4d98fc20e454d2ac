import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm install` on the Node the README asks for (20.19+) must not warn that a package wants another
// Node: the root package.json pins such transitive packages (`overrides`), and the lockfile carries
// the pins. docs/decisions/042-node-20-pins.md
const root = path.resolve(import.meta.dirname, '../../..');
const manifests = ['package.json', 'package-lock.json', ...['packages/contract', 'apps/server', 'apps/web', 'e2e'].map((w) => `${w}/package.json`)];

describe('npm install of the committed lockfile', () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-install-'));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('prints no EBADENGINE warning and keeps the lockfile as it is', () => {
    for (const file of manifests) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.copyFileSync(path.join(root, file), path.join(copy, file));
    }
    // A dry run reads the lockfile and checks every package's engines without touching node_modules.
    const run = spawnSync('npm', ['install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'warn' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(`${run.stdout}\n${run.stderr}`).not.toContain('EBADENGINE');
    expect(fs.readFileSync(path.join(copy, 'package-lock.json'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  }, 60_000);
});
