import type { Config } from '../../config/env.ts';
import { vapidPublicKeyOf } from '../../config/vapid.ts';
import { keptSecret } from '../../lib/kept-secret.ts';

// The server's VAPID identity (issue 37, decision 136). Phones subscribe with its public key; a push
// signed by another key is refused by their push service, so the pair must outlive every deploy.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The file in DATA_DIR that keeps development's private key (the public one is derived from it). */
export const VAPID_KEY_FILE = 'vapid-private-key';

/**
 * The subject of a pair generated in development: a reserved domain (RFC 2606), which the push services
 * a developer's browser uses accept; a deployment names its own (VAPID_SUBJECT).
 */
export const DEVELOPMENT_VAPID_SUBJECT = 'mailto:promotor-dev@example.com';

/**
 * The configured pair (VAPID_*), else outside production one generated once into DATA_DIR (mode 0600)
 * and reused, else null: production without the keys sends no pushes and /push/key answers null.
 */
export function vapidKeys(config: Pick<Config, 'push' | 'nodeEnv' | 'dataDir'>): VapidKeys | null {
  if (config.push.vapid) return config.push.vapid;
  if (config.nodeEnv === 'production') return null;
  // 32 random bytes are a P-256 private key but with a chance of about 2^-32 (decision 136).
  const privateKey = keptSecret(config.dataDir, VAPID_KEY_FILE).toString('base64url');
  const publicKey = vapidPublicKeyOf(privateKey);
  if (!publicKey) throw new Error(`${VAPID_KEY_FILE} in DATA_DIR is no P-256 private key: remove it to make another`);
  return { publicKey, privateKey, subject: DEVELOPMENT_VAPID_SUBJECT };
}
