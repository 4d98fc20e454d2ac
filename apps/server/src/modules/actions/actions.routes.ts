import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './actions.service.ts';

// spec §7 /action/list, /action/recent, /action/check-in, /action/check-out, /action/cancel, /action/location/save
export async function actionsRoutes(app: FastifyInstance, deps: service.ActionsDeps) {
  apiRoute(app, 'actionList', async (request) => ({ actions: await service.list(deps, callerOf(request), request.body) }));
  apiRoute(app, 'actionRecent', async (request) => ({ action: await service.recent(deps, callerOf(request)) }));
  apiRoute(app, 'actionCheckIn', async (request) => ({ action: await service.checkIn(deps, callerOf(request), request.body) }));
  apiRoute(app, 'actionCheckOut', async (request) => ({ action: await service.checkOut(deps, callerOf(request), request.body) }));
  apiRoute(app, 'actionCancel', async (request) => {
    await service.cancel(deps, callerOf(request), request.body);
    return {};
  });
  apiRoute(app, 'actionLocationSave', async (request) => {
    await service.saveLocation(deps, callerOf(request), request.body);
    return {};
  });
}
