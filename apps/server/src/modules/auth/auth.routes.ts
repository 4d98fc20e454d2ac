import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Empty,
  LoginBody,
  ResetPasswordBody,
  ResetTokenBody,
  SessionResponse,
  UpdatePasswordBody,
  normalizeUsername,
  successEnvelope,
} from '@promotor/contract';
import { AppError } from '../../lib/app-error.ts';
import { success } from '../../lib/envelope.ts';
import { callerOf } from '../../plugins/auth.ts';
import * as service from './auth.service.ts';

export type AuthRouteOptions = service.AuthDeps & {
  limits: { perIpPerMinute: number; perUserPer15Minutes: number };
};

const usernameKey = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return `user:${typeof body?.username === 'string' ? normalizeUsername(body.username) : ''}`;
};

// spec §7 /auth/*
export async function authRoutes(fastify: FastifyInstance, opts: AuthRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { limits, ...deps } = opts;
  // Two limits on guessable calls: per address, and per username across addresses.
  const perIp = { max: limits.perIpPerMinute, timeWindow: 60_000 };
  // The plugin runs one limit per request, so the per-username one is checked by hand.
  const userLimit = app.createRateLimit({ max: limits.perUserPer15Minutes, timeWindow: 15 * 60_000, keyGenerator: usernameKey });
  const perUser = async (request: FastifyRequest) => {
    const result = await userLimit(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError('E_TOO_MANY_REQUESTS');
  };
  const ok = successEnvelope(Empty);

  app.post('/auth/login', {
    config: { public: true, idempotency: false, rateLimit: perIp },
    preHandler: perUser,
    schema: { body: LoginBody, response: { 200: successEnvelope(SessionResponse) } },
    handler: async (request) => success(await service.login(deps, request.body.username, request.body.password), request.ts),
  });

  app.post('/auth/session', {
    config: { idempotency: false },
    schema: { response: { 200: successEnvelope(SessionResponse) } },
    handler: async (request) => success(await service.resume(deps, callerOf(request)), request.ts),
  });

  app.post('/auth/logout', {
    schema: { response: { 200: ok } },
    handler: async (request) => {
      await service.logout(deps, callerOf(request).sessionId);
      return success({}, request.ts);
    },
  });

  app.post('/auth/reset-token', {
    config: { public: true, rateLimit: perIp },
    preHandler: perUser,
    schema: { body: ResetTokenBody, response: { 200: ok } },
    handler: async (request) => {
      await service.requestPasswordReset(deps, request.body.username);
      return success({}, request.ts);
    },
  });

  app.post('/auth/reset-password', {
    config: { public: true, rateLimit: perIp },
    preHandler: perUser,
    schema: { body: ResetPasswordBody, response: { 200: ok } },
    handler: async (request) => {
      const { username, otp, password } = request.body;
      await service.resetPassword(deps, username, otp, password);
      return success({}, request.ts);
    },
  });

  app.post('/auth/update-password', {
    schema: { body: UpdatePasswordBody, response: { 200: ok } },
    handler: async (request) => {
      await service.updatePassword(deps, callerOf(request), request.body.user.password);
      return success({}, request.ts);
    },
  });
}
