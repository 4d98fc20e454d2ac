import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A server secret kept in DATA_DIR when its setting is not given (the consent proof's key, decision 097;
 * the idempotency hash's key, decision 102): 32 random bytes, base64, made at the first start (0600) and
 * read at every later one, so development and tests need nothing set. Several instances must be given
 * the setting instead: each would otherwise keep its own.
 */
export function keptSecret(dataDir: string, fileName: string): Buffer {
  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': a key already kept is never replaced (what it keyed would no longer match).
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (kept.length !== 32) throw new Error(`${file}: expected the base64 of 32 bytes`);
  return kept;
}
