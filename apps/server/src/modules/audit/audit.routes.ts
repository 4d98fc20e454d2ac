import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import * as service from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, deps: service.AuditDeps) {
  apiRoute(app, 'adminAuditList', async (request) => service.list(deps, staffCallOf(request), request.body));
}
