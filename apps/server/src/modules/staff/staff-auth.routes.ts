import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeUsername } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { loginNameDigest } from '../../lib/login-names.ts';
import { staffActor } from '../../plugins/audit-trail.ts';
import { staffOf } from '../../plugins/auth.ts';
import { unusablePasswordHash } from '../../lib/password.ts';
import { loginGuard, type LoginLimits } from '../../plugins/login-guard.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import type { Notifier } from '../notifier/notifier.ts';
import * as service from './staff-auth.service.ts';
import * as passwords from './staff-passwords.service.ts';

const FAILED_GUESSES = new Set(['E_WRONG_CREDENTIALS', 'E_RESET_CODE_INVALID'] as const);

export type StaffAuthRouteOptions = service.StaffAuthDeps & {
  limits: LoginLimits;
  counters: RateCounters;
  notifier: Notifier;
  timezone: string;
};

// /api/admin/auth/*: the same limits as the promoters' login and reset, from the same code
// (plugins/login-guard.ts): per address on every call, per username across addresses — failed guesses
// for login and reset-password, every call for reset-token (each one sends an e-mail).
export async function staffAuthRoutes(app: FastifyInstance, opts: StaffAuthRouteOptions) {
  const { limits, counters, notifier, timezone, ...deps } = opts;
  const { perIp, guarded } = loginGuard(counters, limits, FAILED_GUESSES, deps.nameKey);
  // The per-username counter of code requests: by the name's keyed digest, never its text (decision 107).
  const codeRequests = app.createRateLimit({
    max: limits.perUserPer15Minutes,
    timeWindow: 15 * 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { username?: unknown } | undefined;
      const name = typeof body?.username === 'string' ? normalizeUsername(body.username) : '';
      return `user:${loginNameDigest(deps.nameKey, name)}`;
    },
  });
  const perUserRequests = async (request: FastifyRequest) => {
    const result = await codeRequests(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError('E_TOO_MANY_REQUESTS');
  };
  const passwordDeps = { db: deps.db, now: deps.now, notifier, timezone, counters };
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
  // 'Nie pamiętasz hasła?' (decision 120): the same empty answer whether or not the account exists.
  apiRoute(
    app,
    'adminAuthResetToken',
    async (request) => {
      await passwords.requestReset(passwordDeps, request.body.username, request.ip, request.log);
      return {};
    },
    { config: { rateLimit: perIp }, preHandler: perUserRequests },
  );
  apiRoute(
    app,
    'adminAuthResetPassword',
    async (request) => {
      await guarded(request.body.username, () => passwords.resetPassword(passwordDeps, request.body, request.ip));
      return {};
    },
    { config: { rateLimit: perIp } },
  );
}
