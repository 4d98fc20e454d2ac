import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual, webcrypto } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');
/**
 * The same hash of a large buffer (a photo) off the event loop: WebCrypto's digest runs on libuv's
 * thread pool on a copy of the bytes (the drain's checks). An upload hashes on the event loop: the
 * copy costs it more than the hash does with the CPU's SHA instructions (plugins/blob-store.ts).
 */
export const sha256OffThread = async (value: Buffer): Promise<string> =>
  Buffer.from(await webcrypto.subtle.digest('SHA-256', value)).toString('hex');

/** A keyed digest: without the key, no one can tell which value it is of, however few the candidates. */
export const hmacSha256 = (key: Buffer, value: string | Buffer): string => createHmac('sha256', key).update(value).digest('hex');

// No 0/O, 1/I: a promoter reads this code from an SMS and types it on a phone.
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function newCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
