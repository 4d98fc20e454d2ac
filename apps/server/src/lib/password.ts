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
