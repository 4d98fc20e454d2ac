import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import * as service from './promoters-admin.service.ts';

// /api/admin/promoters/*: the permission of each is the route table's, checked by the one guard.
export async function promotersAdminRoutes(app: FastifyInstance, deps: service.PromotersAdminDeps) {
  apiRoute(app, 'adminPromotersList', async (request) => service.list(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersCreate', async (request) => service.create(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersUpdate', async (request) => service.update(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersDeactivate', async (request) => service.deactivate(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminPromotersResetPassword', async (request) => service.resetPassword(deps, staffCallOf(request), request.body));
}
