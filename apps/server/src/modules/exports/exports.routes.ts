import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { sendCsv } from '../../lib/csv-file.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { adminDashboard, type DashboardDeps } from './dashboard.service.ts';
import { exportActions, exportRedemptions, exportRegistrations } from './exports.service.ts';
import { exportHours, type HoursDeps } from './hours.service.ts';

// /api/admin/exports/*.csv and /api/admin/dashboard (issue 25, decision 092). The permission of each is
// the route table's, checked by the one guard (plugins/auth.ts); its scope limits every query.

export async function exportsRoutes(app: FastifyInstance, deps: HoursDeps & DashboardDeps) {
  apiRoute(app, 'adminExportsActions', async (request, reply) =>
    sendCsv(reply, await exportActions(deps, staffCallOf(request), request.query)),
  );
  apiRoute(app, 'adminExportsRegistrations', async (request, reply) =>
    sendCsv(reply, await exportRegistrations(deps, staffCallOf(request), request.query)),
  );
  apiRoute(app, 'adminExportsRedemptions', async (request, reply) =>
    sendCsv(reply, await exportRedemptions(deps, staffCallOf(request), request.query)),
  );
  apiRoute(app, 'adminExportsHours', async (request, reply) =>
    sendCsv(reply, await exportHours(deps, staffCallOf(request), request.query)),
  );
  apiRoute(app, 'adminDashboard', async (request) => adminDashboard(deps, staffCallOf(request), request.body));
}
