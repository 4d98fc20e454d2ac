import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { openMigratedDatabase } from './database-roles.ts';
import { checkSharedKeys, keyFingerprint, SharedKeyMismatch } from './shared-keys.ts';

// Issue 36 (decision 133): instances on one database share IDEMPOTENCY_HASH_KEY and CONSENT_PROOF_KEY;
// the first records each key's fingerprint and one with another key does not start.

describe.each(testDatabases)('keys every instance shares (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const key = () => randomBytes(32);
  const named = () => `TEST_KEY_${randomBytes(4).toString('hex')}`;

  it('the first start records the fingerprint; the same key starts again; another key is refused, naming it, and the record stays', async () => {
    const name = named();
    const [mine, other] = [key(), key()];
    await checkSharedKeys(t.db, t.clock.now(), [{ name, secret: mine }]);
    await checkSharedKeys(t.db, t.clock.now(), [{ name, secret: mine }]);
    const refused = checkSharedKeys(t.db, t.clock.now(), [{ name, secret: other }]);
    await expect(refused).rejects.toBeInstanceOf(SharedKeyMismatch);
    await expect(refused).rejects.toThrow(`${name} is not the key the other instances use`);
    const rows = await t.db.selectFrom('shared_keys').select('fingerprint').where('name', '=', name).execute();
    expect(rows).toEqual([{ fingerprint: keyFingerprint(name, mine) }]);
    // The fingerprint tells nothing of the key's bytes.
    expect(rows[0]!.fingerprint).not.toContain(mine.toString('hex').slice(0, 8));
  });

  it('instances starting at once with two different keys: those with the first recorded key start, every other one is refused', async () => {
    const name = named();
    const [a, b] = [key(), key()];
    const starts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => checkSharedKeys(t.db, t.clock.now(), [{ name, secret: i % 2 ? a : b }])),
    );
    const recorded = (await t.db.selectFrom('shared_keys').select('fingerprint').where('name', '=', name).execute()).map(
      (r) => r.fingerprint,
    );
    expect(recorded).toHaveLength(1);
    const winner = recorded[0] === keyFingerprint(name, a) ? 1 : 0;
    expect(starts.map((s) => s.status)).toEqual(starts.map((_, i) => (i % 2 === winner ? 'fulfilled' : 'rejected')));
    for (const s of starts) if (s.status === 'rejected') expect(s.reason).toBeInstanceOf(SharedKeyMismatch);
  });
});

// The real entry point, as `npm start` runs it: a database whose instances use one key, and a start with another.
describe('the server start with another IDEMPOTENCY_HASH_KEY', () => {
  it('stops with the message naming the key, exit code 1, and never listens', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-keys-'));
    try {
      const url = `sqlite:${path.join(dataDir, 'promotor.sqlite')}`;
      const database = await openMigratedDatabase({ url });
      await checkSharedKeys(database.db, new Date(), [{ name: 'IDEMPOTENCY_HASH_KEY', secret: randomBytes(32) }]);
      await database.destroy();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        IDEMPOTENCY_HASH_KEY: randomBytes(32).toString('base64'),
        SEED_DEMO_DATA: 'false',
        PORT: '0',
        LOG_LEVEL: 'silent',
      };
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../server.ts')], { env });
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(status).toBe(1);
      expect(stderr).toMatch(
        /^IDEMPOTENCY_HASH_KEY is not the key the other instances use \(fingerprint [0-9a-f]{32}, recorded [0-9a-f]{32} on /,
      );
      expect(stderr).toContain("delete from shared_keys where name = 'IDEMPOTENCY_HASH_KEY';");
      expect(stdout).not.toContain('Promotor działa');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A process of its own, compiled by tsx as it starts (2 s on a quiet machine).
  }, 60_000);
});
