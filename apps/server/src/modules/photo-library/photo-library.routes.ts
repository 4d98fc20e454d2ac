import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import * as service from './photo-library.service.ts';

// /api/admin/photos/list (issue 38, decision 138): its permission (reports.read) is the route table's,
// checked by the one guard; the photos themselves come from /admin/reports/file and its thumbnail.
export async function photoLibraryRoutes(app: FastifyInstance, deps: service.PhotoLibraryDeps) {
  apiRoute(app, 'adminPhotosList', async (request) => service.list(deps, staffCallOf(request), request.body));
}
