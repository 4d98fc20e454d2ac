import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './reports.service.ts';

// spec §7 /sample/stats; /action/report is ours (decision 060): what the report detail shows.
export async function reportsRoutes(app: FastifyInstance, deps: service.ReportsDeps) {
  apiRoute(app, 'sampleStats', async (request) => service.sampleStats(deps, callerOf(request), request.body));
  apiRoute(app, 'actionReport', async (request) => ({
    report: await service.actionReport(deps, callerOf(request), request.body.action.uuid),
  }));
}
