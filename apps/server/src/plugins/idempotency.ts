import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { hmacSha256, sha256 } from '../lib/crypto.ts';
import { keptSecret } from '../lib/kept-secret.ts';
import type { Db } from '../db/kysely.ts';
import * as repo from './idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for reads, and for calls whose body or answer holds a secret (password, session token). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** A pending entry older than this is taken to belong to a request that died mid-way. */
const PENDING_TIMEOUT_MS = 60_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Key order must not make two equal bodies look different. A `password` (a promoter made by the back
 * office) is left out: a fast hash of it must not sit in this table (decision 005).
 */
function canonical(value: unknown): string {
  // Uploaded files (multipart) count by their bytes' digest.
  if (Buffer.isBuffer(value)) return JSON.stringify(`sha256:${sha256(value)}`);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k]) => k !== 'password')
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Where the server keeps its own key when IDEMPOTENCY_HASH_KEY is not set. */
export const HASH_KEY_FILE = 'idempotency-hash-key';
/** Marks a keyed hash; a stored hash without it is a plain SHA-256, written before decision 102. */
const KEYED = 'hmac-sha256:';

const requestText = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url} ${canonical(request.body ?? null)}`;

/**
 * What is stored of the request (decision 102): keyed, since a body such as /mgm/invite-consumer's holds
 * little besides a consumer's e-mail, and a plain digest would let whoever reads the table confirm a
 * guessed e-mail (and, by the scope, which promoter) for as long as the key is kept — her erasure too.
 */
export function requestHash(request: FastifyRequest, hashKey: Buffer): string {
  return KEYED + hmacSha256(hashKey, requestText(request));
}

/**
 * Whether a stored hash is of this request. A row written before decision 102 holds the plain SHA-256:
 * it is still compared as such, so that a retry across the deploy replays; none is written any more,
 * and the last go with the retention job's sweep (OUTBOX_MAX_AGE_DAYS after the deploy).
 */
function sameRequest(stored: string, keyed: string, request: FastifyRequest): boolean {
  return stored.startsWith(KEYED) ? stored === keyed : stored === sha256(requestText(request));
}

/**
 * Idempotency-Key (docs/decisions/005-idempotency.md): a repeat with the same key and body gets the
 * first answer and changes nothing; the same key with another body answers 422.
 */
export type IdempotencyOptions = {
  db: Db;
  now: () => Date;
  /** IDEMPOTENCY_HASH_KEY, or the key kept in DATA_DIR (`serverHashKey`). */
  hashKey: Buffer;
  /** True when the key is the one kept in DATA_DIR: a production start warns. */
  keptInDataDir: boolean;
  production: boolean;
};

/**
 * The server's key for what the database keeps only as a keyed digest: Idempotency-Key request hashes
 * (decision 102) and the names typed at a failed login (decision 107, `lib/login-names.ts`, which
 * derives its own key from this one). IDEMPOTENCY_HASH_KEY, else one kept in DATA_DIR.
 */
export function serverHashKey(configured: Buffer | null, dataDir: string): Buffer {
  return configured ?? keptSecret(dataDir, HASH_KEY_FILE);
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: IdempotencyOptions) => {
  const { db, now, hashKey } = opts;
  if (opts.keptInDataDir && opts.production) {
    // Each instance would key with its own: a retry reaching another one would answer 422.
    app.log.warn('IDEMPOTENCY_HASH_KEY is not set: Idempotency-Key request hashes are keyed with a key kept in DATA_DIR');
  }
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !MUTATING.has(request.method) || request.is404) return;
    if (request.routeOptions.config.idempotency === false) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('E_VALIDATION', [{ path: 'Idempotency-Key', message: 'invalid header' }]);
    }
    const owner = request.caller?.userId ?? (request.staff ? `staff:${request.staff.staffId}` : 'anonymous');
    const scope = `${owner} ${request.routeOptions.url}`;
    const hash = requestHash(request, hashKey);
    const createdAt = now().toISOString();

    if (await repo.insertPending(db, { scope, key, request_hash: hash, created_at: createdAt })) {
      request.idempotency = { scope, key };
      return;
    }
    const existing = await repo.find(db, scope, key);
    if (!existing) throw new AppError('E_IDEMPOTENCY_IN_PROGRESS');
    if (!sameRequest(existing.request_hash, hash, request)) throw new AppError('E_IDEMPOTENCY_KEY_REUSED');
    if (existing.state === 'done' && existing.response_status !== null) {
      return reply
        .code(existing.response_status)
        .header('idempotent-replayed', 'true')
        .type('application/json')
        .send(existing.response_body);
    }
    const abandoned = Date.parse(existing.created_at) < now().getTime() - PENDING_TIMEOUT_MS;
    if (abandoned && (await repo.takeOver(db, scope, key, existing.created_at, createdAt))) {
      request.idempotency = { scope, key };
      return;
    }
    throw new AppError('E_IDEMPOTENCY_IN_PROGRESS');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const slot = request.idempotency;
    if (!slot) return payload;
    request.idempotency = null;
    // A 5xx is not an answer: forget the key so that the retry runs again.
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await repo.remove(db, slot.scope, slot.key);
    } else {
      await repo.complete(db, slot.scope, slot.key, reply.statusCode, payload);
    }
    return payload;
  });
  // Keys older than OUTBOX_MAX_AGE_DAYS go with the retention job, once per tick across instances
  // (issue 40, decision 103).
});
