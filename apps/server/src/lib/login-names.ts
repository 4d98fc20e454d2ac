import { createHmac } from 'node:crypto';
import { hmacSha256 } from './crypto.ts';

// A name typed at a login may be a password typed into the wrong field. Where it must be kept — the
// audit entry of a failed staff login that names no account, the per-username guess counters of both
// doors — it is kept as an HMAC under a server key, never as text (decision 107): the same name gives the
// same digest, so repeated guesses still add up and can be told apart, but the table alone tells no one
// what was typed, however short the candidates' list.

const MARK = 'hmac-sha256:';

/** The key of typed names' digests: its own, derived from the server's hash key (decision 102). */
export function loginNameKey(serverHashKey: Buffer): Buffer {
  return createHmac('sha256', serverHashKey).update('promotor: names typed at a login').digest();
}

/** The digest of a typed name, already normalized (`normalizeUsername`). */
export function loginNameDigest(key: Buffer, normalizedName: string): string {
  return MARK + hmacSha256(key, normalizedName);
}
