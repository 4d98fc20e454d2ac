import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { burnDevice } from './device-burn.service.ts';
import * as registration from './lead-register.service.ts';
import * as service from './leads.service.ts';

// spec §7 Webform API: /lead/otp, /lead/verify, /lead/register (their header Sf-Bypassed is read by
// nobody: decision 063), and /device/burn.
export async function leadsRoutes(app: FastifyInstance, deps: service.LeadsDeps) {
  apiRoute(app, 'leadOtp', async (request) => {
    await service.sendCodes(deps, callerOf(request), request.body, { log: request.log });
    return {};
  });

  apiRoute(app, 'leadVerify', async (request) => service.verify(deps, callerOf(request), request.body));

  apiRoute(app, 'leadRegister', async (request) =>
    registration.register(deps, callerOf(request), request.body, { log: request.log, ts: request.ts }),
  );

  apiRoute(app, 'deviceBurn', async (request) => {
    await burnDevice(deps, callerOf(request), request.body, { log: request.log, ts: request.ts });
    return {};
  });
}
