import { createHash } from 'node:crypto';
import type { Db } from './kysely.ts';

// Keys every instance must share (issue 36, decision 133): the first instance to start records each
// key's fingerprint; one that starts with another key refuses to, naming the key. Otherwise two
// instances behind one load balancer would hash Idempotency-Keys differently (a retry landing on the
// other one would run twice) and sign consent proofs with different keys.

export type SharedKey = { name: string; secret: Buffer };

export class SharedKeyMismatch extends Error {}

/** A fingerprint that names the key without revealing it: SHA-256 over its name and bytes, 16 bytes in hex. */
export function keyFingerprint(name: string, secret: Buffer): string {
  return createHash('sha256').update(`promotor key fingerprint\0${name}\0`).update(secret).digest('hex').slice(0, 32);
}

/**
 * Records each key's fingerprint where none is yet (instances starting together: the first insert
 * wins, the rest compare with it), then throws SharedKeyMismatch when one differs from the record.
 */
export async function checkSharedKeys(db: Db, now: Date, keys: SharedKey[]): Promise<void> {
  const mismatched: string[] = [];
  for (const { name, secret } of keys) {
    const fingerprint = keyFingerprint(name, secret);
    await db
      .insertInto('shared_keys')
      .values({ name, fingerprint, recorded_at: now.toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const recorded = await db
      .selectFrom('shared_keys')
      .select(['fingerprint', 'recorded_at'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    if (recorded.fingerprint !== fingerprint) {
      mismatched.push(
        `${name} is not the key the other instances use (fingerprint ${fingerprint}, recorded ${recorded.fingerprint} on ${recorded.recorded_at}): ` +
          `give every instance the same ${name} (or ${name}_FILE). To change the key on purpose, stop every instance and ` +
          `delete its record: delete from shared_keys where name = '${name}';`,
      );
    }
  }
  if (mismatched.length) throw new SharedKeyMismatch(mismatched.join('\n'));
}
