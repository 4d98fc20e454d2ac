import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffActor } from '../../plugins/audit-trail.ts';
import { staffOf } from '../../plugins/auth.ts';
import { unusablePasswordHash } from '../../lib/password.ts';
import { loginGuard, type LoginLimits } from '../../plugins/login-guard.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import * as service from './staff-auth.service.ts';

const FAILED_GUESSES = new Set(['E_WRONG_CREDENTIALS'] as const);

export type StaffAuthRouteOptions = service.StaffAuthDeps & { limits: LoginLimits; counters: RateCounters };

// /api/admin/auth/*: the same limits as the promoters' login, from the same code (plugins/login-guard.ts).
export async function staffAuthRoutes(app: FastifyInstance, opts: StaffAuthRouteOptions) {
  const { limits, counters, ...deps } = opts;
  const { perIp, guarded } = loginGuard(counters, limits, FAILED_GUESSES, deps.nameKey);
  // Started now, so that the first unknown name is not answered later than the rest (decision 107).
  void unusablePasswordHash();
  apiRoute(app, 'adminAuthLogin', async (request) => service.login(deps, request.body, request.ip, guarded), {
    config: { rateLimit: perIp },
  });
  apiRoute(app, 'adminAuthSession', async (request) => service.resume(deps, staffOf(request)));
  apiRoute(app, 'adminTerritories', async (request) => service.territories(deps, staffOf(request)));
  apiRoute(app, 'adminAuthLogout', async (request) => {
    await service.logout(deps, staffOf(request), staffActor(staffOf(request), request));
    return {};
  });
}
