import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum profile: 19 MiB, 2 passes, 1 lane. (2 is Algorithm.Argon2id; the enum
// is a const enum that isolated modules cannot import.)
export const PASSWORD_HASHING = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The server's tests only (src/test/setup.ts, issue 32: CI time): argon2id at its smallest cost, some
 * 40 times cheaper — a test signs in thousands of promoters and staff, each a hash and a verify of ~25 ms
 * of a core. A hash keeps its parameters, so verifying is as real as ever; the server itself never calls
 * this, and its own test (password.test.ts) checks that the default is the profile above. A test that
 * measures what the hashing's time tells (staff-auth's unknown name against a wrong password) switches
 * back to `'real'` for itself.
 */
const CHEAPEST = { algorithm: 2, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;
type Profile = typeof PASSWORD_HASHING | typeof CHEAPEST;
let options: Profile = PASSWORD_HASHING;
export function usePasswordHashingInTests(profile: 'cheapest' | 'real'): void {
  // Vitest sets VITEST in its workers; a server that called this by mistake would refuse to start.
  if (!process.env.VITEST) throw new Error('switching the password hashing is for the server tests only');
  options = profile === 'cheapest' ? CHEAPEST : PASSWORD_HASHING;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const unusable = new Map<Profile, Promise<string>>();

/**
 * The hash of a random password no one knows, made once with the same parameters as every stored one:
 * a login naming no account verifies against it, so that it takes as long as a wrong password
 * (decision 107). Started when the login routes are registered, not by the first guess.
 */
export function unusablePasswordHash(): Promise<string> {
  // One for each profile: only the tests ever switch it (usePasswordHashingInTests).
  let made = unusable.get(options);
  if (!made) unusable.set(options, (made = hashPassword(randomBytes(32).toString('base64url'))));
  return made;
}

/** Checks a password against the account's hash, or — no account — against the unusable one: false. */
export async function verifyPasswordOf(account: { password_hash: string } | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(account?.password_hash ?? (await unusablePasswordHash()), password);
  return account !== undefined && matches;
}
