import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@promotor/contract/route-paths';
import { AppError } from '../lib/app-error.ts';
import type { Db } from '../db/kysely.ts';
import { findSessionByToken } from '../modules/auth/auth.repository.ts';

/** Who sends an authenticated call: her user, her session, its bearer token and its stored expiry. */
export type Caller = { userId: string; sessionId: string; token: string; expiresAt: string };
/** What most services need of the caller: whose data it is. */
export type CallerUser = Pick<Caller, 'userId'>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** An /api route reachable without a bearer token (login, password reset, health). Others need one. */
    public?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The authenticated caller of a route that is not public; the auth hook guarantees it is there. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('E_UNAUTHORIZED');
  return request.caller;
}

// Authentication runs on onRequest, before the body is read: an anonymous caller learns nothing
// about a route's validation and cannot make the server parse large bodies.
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; now: () => Date }) => {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    // Only API calls are guarded; the web app's files, /version.json and the dev pages are public.
    const route = request.routeOptions.url ?? '';
    if (request.is404 || !route.startsWith(`${API_BASE}/`) || request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('E_UNAUTHORIZED');
    const session = await findSessionByToken(opts.db, token);
    if (!session || session.revoked_at) throw new AppError('E_UNAUTHORIZED');
    if (Date.parse(session.expires_at) <= opts.now().getTime()) throw new AppError('E_EXPIRED');
    request.caller = { userId: session.user_id, sessionId: session.id, token, expiresAt: session.expires_at };
  });
});
