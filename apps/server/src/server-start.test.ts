import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startS3Server } from './test/s3-server.ts';

// Issue 35: a start with BLOB_STORE=s3 and a bucket that is missing or out of reach says so in one
// line and does not start (the real entry point, as `npm start` runs it).
describe('the server start with BLOB_STORE=s3', () => {
  it('a missing bucket stops the start with one line naming it, and exit code 1', async () => {
    const s3 = await startS3Server();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-start-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...s3.env,
        S3_BUCKET: 'no-such-bucket',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
      };
      delete env.DATABASE_URL;
      // Not spawnSync: the S3 server answering it runs in this process.
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], { env });
      const started = { stdout: '', stderr: '', status: null as number | null };
      child.stdout.on('data', (chunk: Buffer) => (started.stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (started.stderr += chunk.toString()));
      started.status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(started.status).toBe(1);
      expect(started.stderr.trim().split('\n')).toEqual([`BLOB_STORE=s3: bucket "no-such-bucket" at ${s3.endpoint}: it does not exist`]);
      expect(started.stdout).not.toContain('Promotor działa');
    } finally {
      await s3.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A spawned server compiles the sources with tsx: seconds on a quiet machine, more on a loaded one
    // (20 s was once not enough), as the other spawned commands' 60 s.
  }, 60_000);
});
