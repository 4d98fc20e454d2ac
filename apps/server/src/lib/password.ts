import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum profile: 19 MiB, 2 passes, 1 lane. (2 is Algorithm.Argon2id; the enum
// is a const enum that isolated modules cannot import.)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let unusable: Promise<string> | undefined;

/**
 * The hash of a random password no one knows, made once with the same parameters as every stored one:
 * a login naming no account verifies against it, so that it takes as long as a wrong password
 * (decision 107). Started when the login routes are registered, not by the first guess.
 */
export function unusablePasswordHash(): Promise<string> {
  unusable ??= hashPassword(randomBytes(32).toString('base64url'));
  return unusable;
}

/** Checks a password against the account's hash, or — no account — against the unusable one: false. */
export async function verifyPasswordOf(account: { password_hash: string } | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(account?.password_hash ?? (await unusablePasswordHash()), password);
  return account !== undefined && matches;
}
