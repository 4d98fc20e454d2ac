import {
  normalizeUsername,
  staffRolesProblem,
  type AdminStaffCreateBody,
  type AdminStaffListBody,
  type AdminStaffListResponse,
  type AdminStaffMember,
  type AdminStaffUpdateBody,
} from '@promotor/contract';
import { isStaffRole } from '@promotor/contract/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { lockStaff } from '../../db/lock-staff.ts';
import { territoriesByIdent } from '../../db/territories.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import { findPromoterLogin } from '../../plugins/auth.repository.ts';
import * as repo from './staff-admin.repository.ts';
import { voidLinksAndCodes } from './staff-passwords.repository.ts';
import { countLink, issueLink, mailLink, type StaffPasswordDeps } from './staff-passwords.service.ts';
import { findStaffByUsername, insertStaff } from './staff.repository.ts';

// /api/admin/staff/* (issue 34, decision 118): the admin's 'Personel' page. Every change writes its audit
// entry, from → to, in its own transaction (decision 086). At least one active admin always stays, and an
// admin can neither deactivate herself nor take her own admin role: the writes that could break that take
// one named lock and count again after it, so two admins removing each other at once cannot both succeed.

export type StaffAdminDeps = StaffPasswordDeps;
/** The link's e-mail needs where the app is (PUBLIC_URL, else the request's own address) and the request's log. */
export type LinkContext = { base: string; log?: FastifyBaseLogger };

type ListBody = z.output<typeof AdminStaffListBody>;
type CreateBody = z.output<typeof AdminStaffCreateBody>;
type UpdateBody = z.output<typeof AdminStaffUpdateBody>;
type Member = { staff: AdminStaffMember };

/** The lock every change that could leave no active admin takes (PostgreSQL; SQLite's transactions run alone). */
const lockAdmins = (trx: Db) => lockNames(trx, 'staff-accounts', ['admins']);

async function members(db: Db, rows: repo.StaffRow[], now: Date): Promise<AdminStaffMember[]> {
  const d = await repo.detailsOf(
    db,
    rows.map((r) => r.id),
    now.toISOString(),
  );
  return rows.map((r) => ({
    uuid: r.id,
    username: r.username,
    firstname: r.firstname,
    lastname: r.lastname,
    roles: (d.roles.get(r.id) ?? []).filter(isStaffRole),
    territories: (d.territories.get(r.id) ?? []).map((t) => t.ident),
    active: r.deactivated_at === null,
    passwordSet: r.password_set_at !== null,
    linkExpiresAt: d.links.get(r.id) ?? null,
    createdAt: r.created_at,
  }));
}

async function answer(deps: StaffAdminDeps, id: string): Promise<Member> {
  const row = await repo.findStaff(deps.db, id);
  if (!row) throw refusedTry('E_STAFF_NOT_FOUND', { type: 'staff', ids: [id] });
  return { staff: (await members(deps.db, [row], deps.now()))[0]! };
}

async function found(db: Db, id: string): Promise<repo.StaffRow> {
  const row = await repo.findStaff(db, id);
  if (!row) throw refusedTry('E_STAFF_NOT_FOUND', { type: 'staff', ids: [id] });
  return row;
}

/** The territories named, each known (an admin's scope is every territory). */
async function territoryIds(db: Db, idents: readonly string[]): Promise<{ id: string; ident: string }[]> {
  const known = await territoriesByIdent(db, idents);
  const missing = idents.filter((ident) => !known.some((t) => t.ident === ident));
  if (missing.length > 0) throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: missing }, { territories: missing });
  return known.sort((a, b) => a.ident.localeCompare(b.ident));
}

export async function list(deps: StaffAdminDeps, _call: StaffCall, body: ListBody): Promise<AdminStaffListResponse> {
  const { rows, total } = await repo.listStaff(deps.db, body, body);
  return { page: body.page, pageSize: body.pageSize, total, staff: await members(deps.db, rows, deps.now()) };
}

/** A new account without a password she knows: she is e-mailed a link to set one (decision 118). */
export async function create(deps: StaffAdminDeps, { actor }: StaffCall, body: CreateBody, link: LinkContext): Promise<Member> {
  const { db, now } = deps;
  const s = body.staff;
  const username = normalizeUsername(s.username);
  const roles = [...new Set(s.roles)].sort();
  const territories = await territoryIds(db, [...new Set(s.territories)]);
  // One username, one kind of account: each login refuses the other kind by name (decision 085).
  if ((await findStaffByUsername(db, username)) || (await findPromoterLogin(db, username))) throw new AppError('E_USERNAME_TAKEN');
  // A hash of a password no one knows, made as every stored one: a login to the account before she sets
  // hers is refused in the time a wrong password takes (decision 107).
  const passwordHash = await hashPassword(newToken());
  const id = newId();
  const at = now();
  const write = db.transaction().execute(async (trx) => {
    const row = { id, username, password_hash: passwordHash, firstname: s.firstname, lastname: s.lastname, created_at: at.toISOString() };
    await insertStaff(
      trx,
      { ...row, password_set_at: null },
      roles,
      territories.map((t) => t.id),
    );
    const issued = await issueLink(trx, id, at);
    const details = { username, firstname: s.firstname, lastname: s.lastname, roles, territories: territories.map((t) => t.ident) };
    await recordAudit(trx, at, { actor, verb: 'staff.create', object: { type: 'staff', id }, details });
    await recordAudit(trx, at, {
      actor,
      verb: 'staff.password_link',
      object: { type: 'staff', id },
      details: { expiresAt: issued.expiresAt },
    });
    return issued;
  });
  // Two creates of one username at once: the unique index refuses the second.
  const issued = await write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('E_USERNAME_TAKEN') : error;
  });
  await countLink(deps.counters, id);
  await mailLink(deps, { username, firstname: s.firstname }, { ...issued, base: link.base }, 'new', link.log);
  return answer(deps, id);
}

type Changes = Record<string, { from: unknown; to: unknown }>;
const sameList = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/** Names, roles and territories; the last active admin keeps her role, and an admin keeps her own. */
export async function update(deps: StaffAdminDeps, { staff: caller, actor }: StaffCall, body: UpdateBody): Promise<Member> {
  const { db, now } = deps;
  const s = body.staff;
  await found(db, s.uuid);
  const sent = s.territories ? await territoryIds(db, [...new Set(s.territories)]) : undefined;
  await db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    // Read again under her lock: a change made meanwhile is neither lost nor recorded from a stale state.
    const row = (await lockStaff(trx, s.uuid, 'update'))!;
    const d = await repo.detailsOf(trx, [row.id], now().toISOString());
    const roles = { from: d.roles.get(row.id) ?? [], to: s.roles ? [...new Set(s.roles)].sort() : (d.roles.get(row.id) ?? []) };
    const current = d.territories.get(row.id) ?? [];
    const territories = { from: current.map((t) => t.ident), to: sent ? sent.map((t) => t.ident) : current.map((t) => t.ident) };
    const problem = staffRolesProblem(roles.to, territories.to);
    if (problem) throw new AppError('E_VALIDATION', [{ path: 'body.staff.territories', message: problem }]);
    if (roles.from.includes('admin') && !roles.to.includes('admin')) {
      if (row.id === caller.staffId) throw new AppError('E_OWN_ACCOUNT');
      if (row.deactivated_at === null && (await repo.otherActiveAdmins(trx, row.id)) === 0) throw new AppError('E_LAST_ADMIN');
    }
    const changes: Changes = {};
    const set: { firstname?: string; lastname?: string } = {};
    for (const key of ['firstname', 'lastname'] as const) {
      const value = s[key];
      if (value !== undefined && value !== row[key]) {
        set[key] = value;
        changes[key] = { from: row[key], to: value };
      }
    }
    if (!sameList(roles.from, roles.to)) changes.roles = roles;
    if (!sameList(territories.from, territories.to)) changes.territories = territories;
    if (Object.keys(changes).length === 0) return;
    await repo.updateStaff(trx, row.id, set);
    if (changes.roles) await repo.replaceRoles(trx, row.id, roles.to);
    if (changes.territories)
      await repo.replaceTerritories(
        trx,
        row.id,
        sent!.map((t) => t.id),
      );
    await recordAudit(trx, now(), { actor, verb: 'staff.update', object: { type: 'staff', id: row.id }, details: changes });
  });
  return answer(deps, s.uuid);
}

/** She can no longer log in: her sessions end at once, her link and codes stop working; her records stay. */
export async function deactivate(deps: StaffAdminDeps, { staff: caller, actor }: StaffCall, body: { staff: { uuid: string } }) {
  const { db, now } = deps;
  const id = (await found(db, body.staff.uuid)).id;
  if (id === caller.staffId) throw new AppError('E_OWN_ACCOUNT');
  await db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    const row = (await lockStaff(trx, id, 'update'))!;
    if (row.deactivated_at !== null) return;
    const roles = (await repo.detailsOf(trx, [id], now().toISOString())).roles.get(id) ?? [];
    if (roles.includes('admin') && (await repo.otherActiveAdmins(trx, id)) === 0) throw new AppError('E_LAST_ADMIN');
    const at = now().toISOString();
    await repo.updateStaff(trx, id, { deactivated_at: at });
    await repo.revokeStaffSessions(trx, id, at);
    await voidLinksAndCodes(trx, id, at);
    const details = { active: { from: true, to: false } };
    await recordAudit(trx, now(), { actor, verb: 'staff.deactivate', object: { type: 'staff', id }, details });
  });
  return answer(deps, id);
}

/** She may log in again with her password (or a fresh link, which her deactivation did not leave open). */
export async function reactivate(deps: StaffAdminDeps, { actor }: StaffCall, body: { staff: { uuid: string } }) {
  const { db, now } = deps;
  const id = (await found(db, body.staff.uuid)).id;
  await db.transaction().execute(async (trx) => {
    const row = (await lockStaff(trx, id, 'update'))!;
    if (row.deactivated_at === null) return;
    await repo.updateStaff(trx, id, { deactivated_at: null });
    const details = { active: { from: false, to: true } };
    await recordAudit(trx, now(), { actor, verb: 'staff.reactivate', object: { type: 'staff', id }, details });
  });
  return answer(deps, id);
}

/** A fresh link by e-mail; the older ones stop working. At most STAFF_PASSWORD_LINKS_PER_HOUR an hour per account. */
export async function sendLink(deps: StaffAdminDeps, { actor }: StaffCall, body: { staff: { uuid: string } }, link: LinkContext) {
  const { db, now } = deps;
  const row = await found(db, body.staff.uuid);
  if (row.deactivated_at !== null) throw new AppError('E_STAFF_INACTIVE');
  await countLink(deps.counters, row.id);
  const at = now();
  const issued = await db.transaction().execute(async (trx) => {
    const locked = (await lockStaff(trx, row.id, 'update'))!;
    if (locked.deactivated_at !== null) throw new AppError('E_STAFF_INACTIVE');
    const fresh = await issueLink(trx, row.id, at);
    await recordAudit(trx, at, {
      actor,
      verb: 'staff.password_link',
      object: { type: 'staff', id: row.id },
      details: { expiresAt: fresh.expiresAt },
    });
    return fresh;
  });
  await mailLink(deps, row, { ...issued, base: link.base }, 'fresh', link.log);
  return answer(deps, row.id);
}
