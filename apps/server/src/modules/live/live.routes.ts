import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffOf } from '../../plugins/auth.ts';
import { liveDay, type LiveDeps } from './live.service.ts';

// /api/admin/live (issue 25): live.read, checked by the one guard (plugins/auth.ts); its scope limits
// the query to her territories.

export async function liveRoutes(app: FastifyInstance, deps: LiveDeps) {
  apiRoute(app, 'adminLive', async (request) => liveDay(deps, { scope: staffOf(request).scope }, request.body));
}
