import type {
  AdminEvent,
  AdminEventCreateBody,
  AdminEventResponse,
  AdminEventsListBody,
  AdminEventsListResponse,
  AdminEventUpdateBody,
  AdminTerritoriesListBody,
  AdminTerritoriesListResponse,
  AdminTerritory,
  AdminTerritoryCreateBody,
  AdminTerritoryResponse,
  AdminTerritoryUpdateBody,
  ErrorCode,
} from '@promotor/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { lockCatalogueRow } from '../../db/lock-catalogue.ts';
import type { TerritoryScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../../plugins/audit-trail.ts';
import * as repo from './events-territories.repository.ts';

// /api/admin/events/* and /api/admin/territories/* (issue 34, decision 123). The admin makes and
// renames them (events.manage, territories.manage); the planners read them (actions.plan): every event
// (a campaign is the brand's, not a territory's), and the territories of their scope. An ident is
// unique: the table's key refuses a taken one and the answer is 409 E_EVENT_EXISTS / E_TERRITORY_EXISTS
// (two creates of one ident at once: one wins). Each change is audited in its transaction, from → to;
// one that changes nothing records nothing (decision 086).

export type CatalogueDeps = { db: Db; now: () => Date };
export type CatalogueCaller = { scope: TerritoryScope; actor: Actor };
type Body<S extends z.ZodType> = z.output<S>;

type Kind = {
  table: 'events' | 'territories';
  verb: 'events' | 'territories';
  object: 'event' | 'territory';
  exists: ErrorCode;
  notFound: ErrorCode;
};
const EVENTS: Kind = { table: 'events', verb: 'events', object: 'event', exists: 'E_EVENT_EXISTS', notFound: 'E_EVENT_NOT_FOUND' };
const TERRITORIES: Kind = {
  table: 'territories',
  verb: 'territories',
  object: 'territory',
  exists: 'E_TERRITORY_EXISTS',
  notFound: 'E_TERRITORY_NOT_FOUND',
};

const page = (body: { page: number; pageSize: number }) => ({ limit: body.pageSize, offset: (body.page - 1) * body.pageSize });

/** The insert and its audit entry in one transaction; a taken ident is the kind's 409. */
async function create(deps: CatalogueDeps, caller: CatalogueCaller, kind: Kind, fields: { ident: string; name: string }): Promise<string> {
  const id = newId();
  const write = deps.db.transaction().execute(async (trx) => {
    await repo.insertRow(trx, kind.table, { id, ...fields });
    const object = { type: kind.object, id };
    await recordAudit(trx, deps.now(), { actor: caller.actor, verb: `${kind.verb}.create`, object, details: fields });
  });
  await write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError(kind.exists) : error;
  });
  return id;
}

/** Changes the row read again under its lock; records from → to of what changed, nothing when nothing does. */
async function update(deps: CatalogueDeps, caller: CatalogueCaller, kind: Kind, id: string, next: { ident: string; name: string }) {
  const write = deps.db.transaction().execute(async (trx) => {
    await lockCatalogueRow(trx, kind.table, id);
    const row = await repo.findRow(trx, kind.table, id);
    if (!row) throw new AppError(kind.notFound);
    const changes: Record<string, { from: string; to: string }> = {};
    for (const key of ['ident', 'name'] as const) if (row[key] !== next[key]) changes[key] = { from: row[key], to: next[key] };
    if (Object.keys(changes).length === 0) return;
    await repo.updateRow(trx, kind.table, id, next);
    const object = { type: kind.object, id };
    await recordAudit(trx, deps.now(), {
      actor: caller.actor,
      verb: `${kind.verb}.update`,
      object,
      details: { ident: next.ident, ...changes },
    });
  });
  await write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError(kind.exists) : error;
  });
}

const toEvent = (r: NonNullable<Awaited<ReturnType<typeof repo.findEvent>>>): AdminEvent => ({
  uuid: r.id,
  ident: r.ident,
  name: r.name,
  actions: r.actions,
  voucherBatches: r.batches,
});

const toTerritory = (r: NonNullable<Awaited<ReturnType<typeof repo.findTerritory>>>): AdminTerritory => ({
  uuid: r.id,
  ident: r.ident,
  name: r.name,
  promoters: r.promoters,
  staff: r.staff,
  actions: r.actions,
});

async function answerEvent(db: Db, scope: TerritoryScope, id: string): Promise<AdminEventResponse> {
  const row = await repo.findEvent(db, scope, id);
  if (!row) throw new AppError('E_EVENT_NOT_FOUND');
  return { event: toEvent(row) };
}

async function answerTerritory(db: Db, scope: TerritoryScope, id: string): Promise<AdminTerritoryResponse> {
  const row = await repo.findTerritory(db, scope, id);
  // Decision 109: another territory is unknown to her, and the try is in the audit log.
  if (!row) throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: [id] });
  return { territory: toTerritory(row) };
}

export async function listEvents(
  deps: CatalogueDeps,
  caller: CatalogueCaller,
  body: Body<typeof AdminEventsListBody>,
): Promise<AdminEventsListResponse> {
  const { rows, total } = await repo.listEvents(deps.db, caller.scope, body.search, page(body));
  return { events: rows.map(toEvent), page: body.page, pageSize: body.pageSize, total };
}

export async function createEvent(
  deps: CatalogueDeps,
  caller: CatalogueCaller,
  body: Body<typeof AdminEventCreateBody>,
): Promise<AdminEventResponse> {
  return answerEvent(deps.db, caller.scope, await create(deps, caller, EVENTS, body.event));
}

export async function updateEvent(
  deps: CatalogueDeps,
  caller: CatalogueCaller,
  body: Body<typeof AdminEventUpdateBody>,
): Promise<AdminEventResponse> {
  const { uuid, ...next } = body.event;
  await update(deps, caller, EVENTS, uuid, next);
  return answerEvent(deps.db, caller.scope, uuid);
}

export async function listTerritories(
  deps: CatalogueDeps,
  caller: CatalogueCaller,
  body: Body<typeof AdminTerritoriesListBody>,
): Promise<AdminTerritoriesListResponse> {
  const { rows, total } = await repo.listTerritories(deps.db, caller.scope, body.search, page(body));
  return { territories: rows.map(toTerritory), page: body.page, pageSize: body.pageSize, total };
}

export async function createTerritory(
  deps: CatalogueDeps,
  caller: CatalogueCaller,
  body: Body<typeof AdminTerritoryCreateBody>,
): Promise<AdminTerritoryResponse> {
  return answerTerritory(deps.db, caller.scope, await create(deps, caller, TERRITORIES, body.territory));
}

export async function updateTerritory(
  deps: CatalogueDeps,
  caller: CatalogueCaller,
  body: Body<typeof AdminTerritoryUpdateBody>,
): Promise<AdminTerritoryResponse> {
  const { uuid, ...next } = body.territory;
  await update(deps, caller, TERRITORIES, uuid, next);
  return answerTerritory(deps.db, caller.scope, uuid);
}
