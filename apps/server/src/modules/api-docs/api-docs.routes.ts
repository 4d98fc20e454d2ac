import type { FastifyInstance } from 'fastify';
import { apiServicePaths } from '@promotor/contract';
import { buildOpenApiDocument } from '../../lib/openapi.ts';

/** GET /api/openapi.json: the API described for people and generators, without a token (register under '/api'). */
export async function apiDocsRoutes(app: FastifyInstance) {
  // Built once: the route table does not change while the server runs.
  const document = JSON.stringify(buildOpenApiDocument());
  app.get(apiServicePaths.openapi, { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
}
