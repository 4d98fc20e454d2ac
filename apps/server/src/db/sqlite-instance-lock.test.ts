import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { instanceLockFile, lockSqliteInstance, SqliteInstanceLockedError } from './sqlite-instance-lock.ts';

// Decision 131: one server per SQLite database, whatever path names it (the processes' side is in
// server-drain.test.ts).
describe("SQLite's instance lock", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a symbolic link to the database file names the same lock, and a second server through it is refused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-lock-'));
    dirs.push(dir);
    const real = path.join(dir, 'promotor.sqlite');
    fs.writeFileSync(real, '');
    const link = path.join(dir, 'link.sqlite');
    fs.symlinkSync(real, link);
    expect(instanceLockFile(`sqlite:${link}`)).toBe(instanceLockFile(`sqlite:${real}`));
    const first = lockSqliteInstance(`sqlite:${real}`)!;
    try {
      expect(() => lockSqliteInstance(`sqlite:${link}`)).toThrow(SqliteInstanceLockedError);
    } finally {
      first.release();
    }
    lockSqliteInstance(`sqlite:${link}`)!.release();
  });
});
