import { randomInt } from 'node:crypto';
import type {
  AdminPromoter,
  AdminPromoterCreateBody,
  AdminPromoterResetPasswordBody,
  AdminPromotersListBody,
  AdminPromotersListResponse,
  AdminPromoterUpdateBody,
} from '@promotor/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { lockPromoter } from '../../db/lock-promoter.ts';
import type { User } from '../../db/schema.ts';
import { territoriesByIdent } from '../../db/territories.ts';
import { allInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import { endPromoterSessions, setPromoterPasswordHash } from '../auth/admin.service.ts';
import * as repo from './promoters-admin.repository.ts';

// /api/admin/promoters/* (issue 24). The guard let the caller in with her scope; every query here is
// limited to it (a Kraków coordinator's promoter of Warsaw is E_PROMOTER_NOT_FOUND, as one that does
// not exist; Warsaw itself is E_TERRITORY_NOT_FOUND, as an unknown territory — decision 109), and every
// change writes its audit entry in its own transaction (decision 086).

export type PromotersAdminDeps = { db: Db; now: () => Date };

type ListBody = z.output<typeof AdminPromotersListBody>;
type CreateBody = z.output<typeof AdminPromoterCreateBody>;
type UpdateBody = z.output<typeof AdminPromoterUpdateBody>;
type ResetPasswordBody = z.output<typeof AdminPromoterResetPasswordBody>;

function toAdminPromoter(user: User, territories: { ident: string }[]): AdminPromoter {
  return {
    uuid: user.id,
    ident: user.ident,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    mobilePhone: user.mobile_phone,
    territories: territories.map((t) => t.ident),
    active: user.deactivated_at === null,
  };
}

async function answer(db: Db, user: User): Promise<{ promoter: AdminPromoter }> {
  const territories = await repo.territoriesOf(db, [user.id]);
  return { promoter: toAdminPromoter(user, territories.get(user.id) ?? []) };
}

export async function list(deps: PromotersAdminDeps, { staff }: StaffCall, body: ListBody): Promise<AdminPromotersListResponse> {
  const { rows, total } = await repo.listPromoters(deps.db, staff.scope, body, body);
  const territories = await repo.territoriesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    page: body.page,
    pageSize: body.pageSize,
    total,
    promoters: rows.map((r) => toAdminPromoter(r, territories.get(r.id) ?? [])),
  };
}

/** The territories named, each known and within the caller's scope: one outside it is unknown to her (decision 109). */
async function territoryIds(db: Db, scope: TerritoryScope, idents: readonly string[]): Promise<string[]> {
  const found = (await territoriesByIdent(db, idents)).filter((t) => allInScope(scope, [t.id]));
  const missing = idents.filter((ident) => !found.some((t) => t.ident === ident));
  if (missing.length > 0) throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: missing }, { territories: missing });
  return found.map((t) => t.id);
}

async function findInScope(db: Db, scope: TerritoryScope, id: string): Promise<User> {
  const user = await repo.findPromoterInScope(db, scope, id);
  if (!user) throw refusedTry('E_PROMOTER_NOT_FOUND', { type: 'promoter', ids: [id] });
  return user;
}

/**
 * A username or hostess code taken: named (E_USERNAME_TAKEN, E_HOSTESS_CODE_TAKEN) when its holder is
 * one the caller sees — anyone for an unlimited role, a promoter of her territories for a coordinator;
 * otherwise E_PROMOTER_CONFLICT, which names neither the field nor the holder (decision 109).
 */
async function takenError(db: Db, scope: TerritoryScope, taken: { username: string; exceptUserId?: string; ident?: string | undefined }) {
  const holder = await repo.usernameHolder(db, taken.username, taken.exceptUserId);
  const identHolder = taken.ident === undefined ? undefined : await repo.identHolder(db, taken.ident);
  if (!holder && !identHolder) return null;
  if (scope.everywhere) return new AppError(holder ? 'E_USERNAME_TAKEN' : 'E_HOSTESS_CODE_TAKEN');
  const seen = async (h: repo.Holder | undefined) => h?.kind === 'promoter' && !!(await repo.findPromoterInScope(db, scope, h.id));
  if (holder && (await seen(holder))) return new AppError('E_USERNAME_TAKEN');
  if (!holder && (await seen(identHolder))) return new AppError('E_HOSTESS_CODE_TAKEN');
  return new AppError('E_PROMOTER_CONFLICT');
}

/** A hostess code nobody has: HST and six digits. */
async function freeIdent(db: Db): Promise<string> {
  for (;;) {
    const ident = `HST${randomInt(100_000, 1_000_000)}`;
    if (!(await repo.identTaken(db, ident))) return ident;
  }
}

export async function create(
  deps: PromotersAdminDeps,
  { staff, actor }: StaffCall,
  body: CreateBody,
): Promise<{ promoter: AdminPromoter }> {
  const { db, now } = deps;
  const p = body.promoter;
  const username = p.username.trim().toLowerCase();
  const ids = await territoryIds(db, staff.scope, [...new Set(p.territories)]);
  const taken = await takenError(db, staff.scope, { username, ident: p.ident });
  if (taken) throw taken;
  const ident = p.ident ?? (await freeIdent(db));
  const passwordHash = await hashPassword(p.password);
  const id = newId();
  const write = db.transaction().execute(async (trx) => {
    await repo.insertPromoter(trx, {
      id,
      ident,
      username,
      password_hash: passwordHash,
      firstname: p.firstname,
      lastname: p.lastname,
      email_address: username,
      mobile_phone: p.mobilePhone ?? null,
      created_at: now().toISOString(),
    });
    await repo.replaceTerritories(trx, id, ids);
    const details = { username, ident, territories: [...new Set(p.territories)].sort() };
    await recordAudit(trx, now(), { actor, verb: 'promoters.create', object: { type: 'promoter', id }, details });
  });
  // Two creates of one username (or hostess code) at once: the unique index refuses the second.
  await write.catch(async (error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    throw (await takenError(db, staff.scope, { username, ident })) ?? error;
  });
  return answer(db, (await repo.findPromoterInScope(db, staff.scope, id))!);
}

type Change = {
  set: Parameters<typeof repo.updatePromoter>[2];
  changes: Record<string, { from: unknown; to: unknown }>;
  territories?: string[];
};

/** What the body changes of her as she is now (`user`, `current` territories): only what differs. */
function changesOf(
  user: User,
  current: { id: string; ident: string }[],
  body: UpdateBody['promoter'],
  o: { scope: TerritoryScope; sent: string[] | undefined; sentIdents: string[] },
): Change {
  const set: Change['set'] = {};
  const changes: Change['changes'] = {};
  const change = <K extends 'firstname' | 'lastname' | 'username' | 'mobile_phone'>(key: K, value: User[K] | undefined) => {
    if (value === undefined || value === user[key]) return;
    set[key] = value;
    changes[key] = { from: user[key], to: value };
  };
  change('firstname', body.firstname);
  change('lastname', body.lastname);
  const username = body.username?.trim().toLowerCase();
  if (username !== undefined && username !== user.username) {
    change('username', username);
    set.email_address = username;
  }
  change('mobile_phone', body.mobilePhone === undefined ? undefined : (body.mobilePhone ?? null));
  if (!o.sent) return { set, changes };
  // A coordinator changes only her territories of the promoter; the others stay as they are.
  const kept = current.filter((t) => !allInScope(o.scope, [t.id]));
  const territories = [...new Set([...kept.map((t) => t.id), ...o.sent])];
  const before = current.map((t) => t.ident).sort();
  const after = [...new Set([...kept.map((t) => t.ident), ...o.sentIdents])].sort();
  if (before.join() === after.join()) return { set, changes };
  changes.territories = { from: before, to: after };
  return { set, changes, territories };
}

export async function update(
  deps: PromotersAdminDeps,
  { staff, actor }: StaffCall,
  body: UpdateBody,
): Promise<{ promoter: AdminPromoter }> {
  const { db, now } = deps;
  const p = body.promoter;
  const found = await findInScope(db, staff.scope, p.uuid);
  const username = p.username?.trim().toLowerCase();
  if (username !== undefined && username !== found.username) {
    const taken = await takenError(db, staff.scope, { username, exceptUserId: found.id });
    if (taken) throw taken;
  }
  const sent = p.territories ? await territoryIds(db, staff.scope, [...new Set(p.territories)]) : undefined;
  const sentIdents = sent ? await identsOf(db, sent) : [];
  // Changes of one promoter run one after another (decision 106): she is read again under her lock,
  // so a change made meanwhile is neither lost nor written twice (user_territories' key was a 500 on
  // PostgreSQL), and each audit entry starts where the one before ended.
  const write = db.transaction().execute(async (trx) => {
    await lockPromoter(trx, found.id);
    const user = (await repo.findPromoterInScope(trx, staff.scope, found.id)) ?? found;
    const current = (await repo.territoriesOf(trx, [user.id])).get(user.id) ?? [];
    const { set, changes, territories } = changesOf(user, current, p, { scope: staff.scope, sent, sentIdents });
    if (Object.keys(changes).length === 0) return;
    await repo.updatePromoter(trx, user.id, set);
    if (territories) await repo.replaceTerritories(trx, user.id, territories);
    await recordAudit(trx, now(), { actor, verb: 'promoters.update', object: { type: 'promoter', id: user.id }, details: changes });
  });
  // Two changes to one new username at once: the unique index refuses the second, as in create.
  await write.catch(async (error: unknown) => {
    if (!isUniqueViolation(error) || username === undefined) throw error;
    throw (await takenError(db, staff.scope, { username, exceptUserId: found.id })) ?? error;
  });
  return answer(db, (await repo.findPromoterInScope(db, staff.scope, found.id)) ?? found);
}

async function identsOf(db: Db, territoryIds: readonly string[]): Promise<string[]> {
  if (territoryIds.length === 0) return [];
  const rows = await db.selectFrom('territories').select('ident').where('id', 'in', territoryIds).execute();
  return rows.map((r) => r.ident).sort();
}

/**
 * Decision 121 (settling 085's question): a coordinator deactivates a promoter only for her territories —
 * they are taken off her, and only when no territory is left is she deactivated (she can no longer log
 * in; her sessions end at once). An admin (an unlimited scope) deactivates her for everyone; her
 * territories stay, so she is still listed, inactive. Her actions, leads and reports stay in every case.
 */
export async function deactivate(
  deps: PromotersAdminDeps,
  { staff, actor }: StaffCall,
  body: { promoter: { uuid: string } },
): Promise<{ promoter: AdminPromoter }> {
  const { db, now } = deps;
  const found = await findInScope(db, staff.scope, body.promoter.uuid);
  const at = now();
  // One promoter's changes run one after another (decision 106): read again under her lock, so two
  // coordinators removing theirs at once leave her deactivated by the second, never without territories.
  const user = await db.transaction().execute(async (trx) => {
    await lockPromoter(trx, found.id);
    const user = (await repo.findPromoterInScope(trx, staff.scope, found.id)) ?? found;
    const current = (await repo.territoriesOf(trx, [user.id])).get(user.id) ?? [];
    const others = staff.scope.everywhere ? [] : current.filter((t) => !allInScope(staff.scope, [t.id]));
    const object = { type: 'promoter', id: user.id } as const;
    if (others.length > 0) {
      const removed = current.filter((t) => !others.includes(t)).map((t) => t.ident);
      await repo.replaceTerritories(
        trx,
        user.id,
        others.map((t) => t.id),
      );
      const details = { removedTerritories: removed, territoriesLeft: others.map((t) => t.ident), deactivated: false };
      await recordAudit(trx, at, { actor, verb: 'promoters.deactivate', object, details });
      return user;
    }
    if (user.deactivated_at !== null) return user;
    await repo.updatePromoter(trx, user.id, { deactivated_at: at.toISOString() });
    await endPromoterSessions(trx, user.id, at);
    await recordAudit(trx, at, { actor, verb: 'promoters.deactivate', object, details: { deactivated: true } });
    return { ...user, deactivated_at: at.toISOString() };
  });
  return answer(db, user);
}

export async function resetPassword(
  deps: PromotersAdminDeps,
  { staff, actor }: StaffCall,
  body: ResetPasswordBody,
): Promise<Record<string, never>> {
  const { db, now } = deps;
  const user = await findInScope(db, staff.scope, body.promoter.uuid);
  const passwordHash = await hashPassword(body.password);
  const at = now();
  await db.transaction().execute(async (trx) => {
    await setPromoterPasswordHash(trx, user.id, passwordHash, at);
    await recordAudit(trx, at, { actor, verb: 'promoters.reset_password', object: { type: 'promoter', id: user.id } });
  });
  return {};
}
