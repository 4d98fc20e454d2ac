import { createECDH } from 'node:crypto';
import net from 'node:net';

// The checks of the VAPID settings (issue 37, decision 136), kept out of env.ts's schema for its length.

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A Web Push application server key: the base64url of an uncompressed P-256 point (0x04, x, y). */
export function isP256PublicKey(value: string): boolean {
  if (!BASE64URL.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === 65 && bytes[0] === 4;
}

/** The public key (base64url, uncompressed) of a P-256 private key given as base64url; null when it is none. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url', 'uncompressed');
  } catch {
    return null;
  }
}

/** Hosts no push service can write to, and Apple's refuses outright (`BadJwtToken` for localhost). */
function unreachableHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (net.isIP(h)) return true;
  if (!h.includes('.')) return true;
  return /(^|\.)(localhost|local|test|invalid|example|internal|lan|home\.arpa)$/.test(h);
}

/**
 * Why a VAPID subject is refused, or null when it is fine: push services may write to it about our
 * pushes, so it is a real mailbox (`mailto:ops@firma.pl`) or a real https page (`https://firma.pl`).
 */
export function vapidSubjectProblem(subject: string): string | null {
  const mailto = /^mailto:([^\s@]+)@([^\s@]+)$/i.exec(subject);
  if (mailto) {
    return unreachableHost(mailto[2]!)
      ? `${subject} is no real mailbox (push services, Apple's first, refuse localhost and the like): give mailto:someone@your-domain.pl`
      : null;
  }
  if (/^https:\/\//i.test(subject) && URL.canParse(subject)) {
    return unreachableHost(new URL(subject).hostname)
      ? `${subject} is no public address (push services, Apple's first, refuse localhost and the like): give https://your-domain.pl`
      : null;
  }
  return 'expected mailto:someone@your-domain.pl or https://your-domain.pl';
}
