import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, ErrorEnvelope, HealthResponse, VersionFile, apiServicePaths, successEnvelope } from '@promotor/contract';
import { databaseAnswers, type Db } from '../../db/kysely.ts';
import { failure, success } from '../../lib/envelope.ts';

/** buildTime written by the web build (apps/web/vite.config.ts); the server's start time without one. */
function readBuildTime(webDistDir: string, fallback: string): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(webDistDir, 'version.json'), 'utf8')) as { buildTime?: unknown };
    return typeof parsed.buildTime === 'string' ? parsed.buildTime : fallback;
  } catch {
    return fallback;
  }
}

export async function healthRoutes(fastify: FastifyInstance, opts: { db: Db; webDistDir: string; now: () => Date }) {
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
}
