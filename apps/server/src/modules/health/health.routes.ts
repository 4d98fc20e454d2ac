import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  ErrorEnvelope,
  HealthResponse,
  LivenessResponse,
  NotReadyEnvelope,
  ReadinessChecks,
  VersionFile,
  apiServicePaths,
  probePaths,
  successEnvelope,
} from '@promotor/contract';
import { databaseAnswers, type Db } from '../../db/kysely.ts';
import { failure, success } from '../../lib/envelope.ts';
import type { S3Bucket } from '../../plugins/s3-bucket.ts';
import type { ShutdownState } from '../../plugins/shutdown.ts';
import { isReady, readinessCheck } from './readiness.ts';

/** buildTime written by the web build (apps/web/vite.config.ts); the server's start time without one. */
function readBuildTime(webDistDir: string, fallback: string): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(webDistDir, 'version.json'), 'utf8')) as { buildTime?: unknown };
    return typeof parsed.buildTime === 'string' ? parsed.buildTime : fallback;
  } catch {
    return fallback;
  }
}

type HealthOptions = { db: Db; webDistDir: string; now: () => Date; bucket: S3Bucket | null; shutdown: ShutdownState };

export async function healthRoutes(fastify: FastifyInstance, opts: HealthOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}${apiServicePaths.health}`,
    { config: { public: true }, schema: { response: { 200: successEnvelope(HealthResponse), 503: ErrorEnvelope } } },
    async (request, reply) => {
      if (await databaseAnswers(opts.db)) return success({ database: 'ok' as const }, request.ts);
      return reply.code(503).send(failure('E_SERVICE_UNAVAILABLE', request.ts, { database: 'unavailable' }));
    },
  );

  const buildTime = readBuildTime(opts.webDistDir, opts.now().toISOString());
  // spec §7 GET /version.json; never cached, so an open app can notice a new deployment.
  app.get('/version.json', { config: { public: true }, schema: { response: { 200: VersionFile } } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ buildTime });
  });

  // The probes (decision 131), at the root: what a load balancer's health check and an orchestrator
  // call. Public, never cached, no rate limit (none is global) and no idempotency (GETs); a probe
  // answered 200 is not logged (every second from each balancer), a change of readiness is.
  const probe = { config: { public: true }, logLevel: 'warn' } as const;
  app.get(probePaths.live, { ...probe, schema: { response: { 200: successEnvelope(LivenessResponse) } } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(success({ process: 'ok' as const }, request.ts)),
  );
  const readiness = readinessCheck({ db: opts.db, bucket: opts.bucket, shutdown: opts.shutdown, now: opts.now, log: fastify.log });
  app.get(
    probePaths.ready,
    { ...probe, schema: { response: { 200: successEnvelope(ReadinessChecks), 503: NotReadyEnvelope } } },
    async (request, reply) => {
      const checks = await readiness();
      reply.header('cache-control', 'no-store');
      if (isReady(checks)) return reply.send(success(checks, request.ts));
      return reply.code(503).send(failure('E_SERVICE_UNAVAILABLE', request.ts, checks) as NotReadyEnvelope);
    },
  );
}
