import { OUTBOX_MAX_AGE_DAYS } from '@promotor/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/crypto.ts';
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
/** As long as a phone's outbox may plausibly still retry (a promoter offline for weeks). */
const RETENTION_MS = OUTBOX_MAX_AGE_DAYS * 24 * 3_600_000;
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

export function requestHash(request: FastifyRequest): string {
  return sha256(`${request.method} ${request.routeOptions.url} ${canonical(request.body ?? null)}`);
}

/**
 * Idempotency-Key (docs/decisions/005-idempotency.md): a repeat with the same key and body gets the
 * first answer and changes nothing; the same key with another body answers 422.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db; now: () => Date }) => {
  const { db, now } = opts;
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
    const hash = requestHash(request);
    const createdAt = now().toISOString();

    if (await repo.insertPending(db, { scope, key, request_hash: hash, created_at: createdAt })) {
      request.idempotency = { scope, key };
      return;
    }
    const existing = await repo.find(db, scope, key);
    if (!existing) throw new AppError('E_IDEMPOTENCY_IN_PROGRESS');
    if (existing.request_hash !== hash) throw new AppError('E_IDEMPOTENCY_KEY_REUSED');
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

  const sweep = () => repo.deleteOlderThan(db, new Date(now().getTime() - RETENTION_MS).toISOString());
  const timer = setInterval(() => void sweep().catch((err: unknown) => app.log.warn({ err }, 'idempotency sweep failed')), 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
