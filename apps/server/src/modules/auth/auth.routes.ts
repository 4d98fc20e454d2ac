import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeUsername } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { loginNameDigest } from '../../lib/login-names.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './auth.service.ts';
import { loginGuard, type LoginLimits } from '../../plugins/login-guard.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';

const FAILED_GUESSES = new Set(['E_USER_NOT_FOUND', 'E_USER_WRONG_PASSWORD', 'E_RESET_CODE_INVALID'] as const);

/** `nameKey`: the key of typed names' digests (lib/login-names.ts, decision 107). */
export type AuthRouteOptions = service.AuthDeps & { limits: LoginLimits; counters: RateCounters; nameKey: Buffer };

/** The per-username counter of code requests: by the name's keyed digest, never its text (decision 107). */
const usernameKey = (nameKey: Buffer) => (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return `user:${loginNameDigest(nameKey, typeof body?.username === 'string' ? normalizeUsername(body.username) : '')}`;
};

export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const { limits, counters, nameKey, ...deps } = opts;
  // Two limits on guessable calls: per address (every call), and per username across addresses —
  // failed guesses only for login and reset, every call for reset-token (each one sends an SMS).
  const { perIp, guarded } = loginGuard(counters, limits, FAILED_GUESSES, nameKey);
  // The plugin runs one limit per request, so the per-username one is checked by hand.
  const codeRequests = app.createRateLimit({
    max: limits.perUserPer15Minutes,
    timeWindow: 15 * 60_000,
    keyGenerator: usernameKey(nameKey),
  });
  const perUserRequests = async (request: FastifyRequest) => {
    const result = await codeRequests(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError('E_TOO_MANY_REQUESTS');
  };
  // spec §7 /auth/*: public and idempotency come from the route table. Bodies with a password are never
  // hashed into the idempotency table (a fast hash of a password would sit next to its argon2 hash).
  apiRoute(
    app,
    'authLogin',
    async (request) => {
      const { username, password } = request.body;
      return guarded(username, () => service.login(deps, username, password));
    },
    { config: { rateLimit: perIp } },
  );

  apiRoute(app, 'authSession', async (request) => service.resume(deps, callerOf(request)));

  apiRoute(app, 'authLogout', async (request) => {
    await service.logout(deps, callerOf(request).sessionId);
    return {};
  });

  apiRoute(
    app,
    'authResetToken',
    async (request) => {
      await service.requestPasswordReset(deps, request.body.username, request.log);
      return {};
    },
    { config: { rateLimit: perIp }, preHandler: perUserRequests },
  );

  apiRoute(
    app,
    'authResetPassword',
    async (request) => {
      const { username, otp, password } = request.body;
      await guarded(username, () => service.resetPassword(deps, username, otp, password));
      return {};
    },
    { config: { rateLimit: perIp } },
  );

  apiRoute(app, 'authUpdatePassword', async (request) => {
    await service.updatePassword(deps, callerOf(request), request.body.user.password);
    return {};
  });
}
