import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { permissionReach, isStaffRole, type Permission, type StaffRole } from '@promotor/contract/permissions';
import { API_BASE } from '@promotor/contract/route-paths';
import { AppError } from '../lib/app-error.ts';
import type { Db } from '../db/kysely.ts';
import { EVERYWHERE, withinTerritories, type TerritoryScope } from '../db/territory-scope.ts';
import { findSessionByToken, findStaffSessionByToken } from './auth.repository.ts';

/** Who sends an authenticated call: her user, her session, its bearer token and its stored expiry. */
export type Caller = { userId: string; sessionId: string; token: string; expiresAt: string };
/** What most services need of the caller: whose data it is. */
export type CallerUser = Pick<Caller, 'userId'>;

/**
 * A staff member calling the back office (decision 085): her roles, her territories, and `scope`, where
 * the route's permission reaches for her — what the repositories' queries are limited to.
 */
export type StaffCaller = {
  staffId: string;
  username: string;
  roles: StaffRole[];
  territoryIds: string[];
  scope: TerritoryScope;
  sessionId: string;
  token: string;
  expiresAt: string;
};

/** Whoever the token turned out to be, for the audit log (also when the call is refused). */
export type Actor = {
  /** 'system': a scheduled job of the server itself (the retention job, decision 099). */
  type: 'staff' | 'promoter' | 'anonymous' | 'system';
  id: string | null;
  name: string | null;
  roles: string[];
  address: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    staff: StaffCaller | null;
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** An /api route reachable without a bearer token (login, password reset, health). Others need one. */
    public?: boolean;
    /** A back-office route: the permission its staff caller must hold (the route table's, decision 085). */
    permission?: Permission;
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

/** The staff caller of a back-office route; the auth hook guarantees it is there. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw new AppError('E_UNAUTHORIZED');
  return request.staff;
}

/**
 * Whether the caller's roles grant `permission` too (anywhere): for data a route's own permission lets
 * through alongside another's, e.g. the promoters of an action (promoters.read, decision 085).
 */
export function actorHolds(actor: Pick<Actor, 'roles'>, permission: Permission): boolean {
  return permissionReach(actor.roles.filter(isStaffRole), permission) !== null;
}

type AuthOptions = { db: Db; now: () => Date };

// Authentication runs on onRequest, before the body is read: an anonymous caller learns nothing
// about a route's validation and cannot make the server parse large bodies. The back office's one
// permission guard runs here too, from the route table's `permission` (decision 085): a route cannot
// forget it, and a refused caller never reaches validation or the handler.
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  app.decorateRequest('caller', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    // Only API calls are guarded; the web app's files, /version.json and the dev pages are public.
    const route = request.routeOptions.url ?? '';
    const config = request.routeOptions.config;
    if (request.is404 || !route.startsWith(`${API_BASE}/`) || config.public) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('E_UNAUTHORIZED');
    if (config.permission) await authenticateStaff(opts, request, token, config.permission);
    else await authenticatePromoter(opts, request, token);
  });
});

const expired = (expiresAt: string, now: () => Date) => Date.parse(expiresAt) <= now().getTime();

async function authenticatePromoter({ db, now }: AuthOptions, request: FastifyRequest, token: string): Promise<void> {
  const session = await findSessionByToken(db, token);
  if (!session) {
    // A staff member's token at the promoter app: known, and not allowed here (decision 085).
    if (await liveStaffSession(db, token, now)) throw new AppError('E_FORBIDDEN');
    throw new AppError('E_UNAUTHORIZED');
  }
  if (session.revoked_at || session.deactivated_at) throw new AppError('E_UNAUTHORIZED');
  if (expired(session.expires_at, now)) throw new AppError('E_EXPIRED');
  request.caller = { userId: session.user_id, sessionId: session.id, token, expiresAt: session.expires_at };
  request.actor = { type: 'promoter', id: session.user_id, name: null, roles: [], address: request.ip };
}

async function liveStaffSession(db: Db, token: string, now: () => Date): Promise<boolean> {
  const staff = await findStaffSessionByToken(db, token);
  return !!staff && !staff.revoked_at && !staff.deactivated_at && !expired(staff.expires_at, now);
}

async function authenticateStaff({ db, now }: AuthOptions, request: FastifyRequest, token: string, permission: Permission) {
  const session = await findStaffSessionByToken(db, token);
  if (!session) {
    // A promoter's token at the back office: she is who she says, and not allowed here.
    const promoter = await findSessionByToken(db, token);
    if (promoter && !promoter.revoked_at && !promoter.deactivated_at && !expired(promoter.expires_at, now)) {
      request.actor = { type: 'promoter', id: promoter.user_id, name: null, roles: [], address: request.ip };
      throw new AppError('E_FORBIDDEN');
    }
    throw new AppError('E_UNAUTHORIZED');
  }
  if (session.revoked_at || session.deactivated_at) throw new AppError('E_UNAUTHORIZED');
  if (expired(session.expires_at, now)) throw new AppError('E_EXPIRED');
  const roles = session.roles.filter(isStaffRole);
  request.actor = { type: 'staff', id: session.staff_id, name: session.username, roles, address: request.ip };
  const reach = permissionReach(roles, permission);
  if (!reach) throw new AppError('E_FORBIDDEN');
  request.staff = {
    staffId: session.staff_id,
    username: session.username,
    roles,
    territoryIds: session.territoryIds,
    scope: reach === 'everywhere' ? EVERYWHERE : withinTerritories(session.territoryIds),
    sessionId: session.id,
    token,
    expiresAt: session.expires_at,
  };
}
