import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './availability.service.ts';

// spec §7 /availability/list, /availability/create, /availability/delete; /availability/update is ours (decision 057)
export async function availabilityRoutes(app: FastifyInstance, deps: service.AvailabilityDeps) {
  apiRoute(app, 'availabilityList', async (request) => ({ availability: await service.list(deps, callerOf(request), request.body) }));
  apiRoute(app, 'availabilityCreate', async (request) => ({ availability: await service.create(deps, callerOf(request), request.body) }));
  apiRoute(app, 'availabilityUpdate', async (request) => ({ availability: await service.update(deps, callerOf(request), request.body) }));
  apiRoute(app, 'availabilityDelete', async (request) => {
    await service.remove(deps, callerOf(request), request.body);
    return {};
  });
}
