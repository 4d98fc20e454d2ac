import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import * as service from './events-territories.service.ts';

// /api/admin/events/* and /api/admin/territories/* (issue 34, decision 123): the permission of each is
// the route table's, checked by the one guard in plugins/auth.ts; the scope it computed limits the
// territories' queries.

const callerOf = (request: FastifyRequest): service.CatalogueCaller => {
  const { staff, actor } = staffCallOf(request);
  return { scope: staff.scope, actor };
};

export async function eventsTerritoriesRoutes(app: FastifyInstance, deps: service.CatalogueDeps) {
  apiRoute(app, 'adminEventsList', async (request) => service.listEvents(deps, callerOf(request), request.body));
  apiRoute(app, 'adminEventsCreate', async (request) => service.createEvent(deps, callerOf(request), request.body));
  apiRoute(app, 'adminEventsUpdate', async (request) => service.updateEvent(deps, callerOf(request), request.body));
  apiRoute(app, 'adminTerritoriesList', async (request) => service.listTerritories(deps, callerOf(request), request.body));
  apiRoute(app, 'adminTerritoriesCreate', async (request) => service.createTerritory(deps, callerOf(request), request.body));
  apiRoute(app, 'adminTerritoriesUpdate', async (request) => service.updateTerritory(deps, callerOf(request), request.body));
}
