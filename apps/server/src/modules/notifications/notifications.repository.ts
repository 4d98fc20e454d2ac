import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { NotificationTable, PushSendTable } from '../../db/schema.ts';
import { promoterInScope, territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The SQL of her inbox and of the events that fill it (decision 135). The SMS fallback's own statements
// are in sms-fallback.repository.ts.

// ── what an event needs to know ──

/** The action as her list shows it now: name, times, and its points in order. */
export async function findActionFacts(db: Db, actionId: string) {
  const action = await db.selectFrom('actions').select(['id', 'name', 'since', 'until']).where('id', '=', actionId).executeTakeFirst();
  if (!action) return undefined;
  const points = await db
    .selectFrom('action_points')
    .select(['name', 'street_address', 'postal_code', 'city_name'])
    .where('action_id', '=', actionId)
    .orderBy('position')
    .execute();
  return { ...action, points };
}

/** Those of `userIds` who are active promoters (a deactivated one has no app to tell). */
export async function activePromoters(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .where('deactivated_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** The promoters on the action who have not cancelled it themselves. */
export async function assigneesOf(db: Db, actionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('action_assignments')
    .select('user_id')
    .where('action_id', '=', actionId)
    .where('cancelled_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function insertNotification(db: Db, row: Insertable<NotificationTable>): Promise<number> {
  const inserted = await db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Her devices' subscriptions now. */
export async function subscriptionIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function insertPushSends(db: Db, rows: readonly Insertable<PushSendTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('push_sends')
      .values([...rows])
      .execute();
}

export async function setPushDevices(db: Db, id: number, devices: number): Promise<void> {
  await db.updateTable('notifications').set({ push_devices: devices }).where('id', '=', id).execute();
}

// ── her inbox ──

export function listInbox(db: Db, userId: string, o: { before: number | undefined; limit: number }) {
  let q = db.selectFrom('notifications').select(['id', 'kind', 'created_at', 'read_at', 'details']).where('user_id', '=', userId);
  if (o.before !== undefined) q = q.where('id', '<', o.before);
  return q.orderBy('id', 'desc').limit(o.limit).execute();
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Which of hers to mark read: those named; all up to an id (undefined: all); those of one kind about one
 * action (a send-back settled by her resubmitting the report).
 */
export type ReadSelection =
  { ids: readonly number[] } | { upTo: number | undefined } | { kind: NotificationTable['kind']; actionId: string };

/**
 * Her notifications read (those selected): only hers, only those still unread, so the first read
 * time stays. Read, an SMS still waiting is not needed any more.
 */
export async function markRead(db: Db, userId: string, which: ReadSelection, atIso: string): Promise<void> {
  let q = db
    .updateTable('notifications')
    .set({
      read_at: atIso,
      sms_state: sql<
        NotificationTable['sms_state']
      >`case when sms_state in ('waiting', 'quiet_hours') then 'not_needed' else sms_state end`,
    })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('ids' in which) q = q.where('id', 'in', [...which.ids]);
  else if ('kind' in which) q = q.where('kind', '=', which.kind).where('action_id', '=', which.actionId);
  else if (which.upTo !== undefined) q = q.where('id', '<=', which.upTo);
  await q.execute();
}

// ── the back office ──

/** The action, if it lies in the scope (the territory guard of every admin action and report query). */
export function findActionInScope(db: Db, actionId: string, scope: TerritoryScope) {
  return db
    .selectFrom('actions')
    .select(['id', 'territory_id'])
    .where('id', '=', actionId)
    .where(territoryInScope('actions.territory_id', scope))
    .executeTakeFirst();
}

function deliveries(db: Db) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('actions as a', 'a.id', 'n.action_id')
    .leftJoin('staff as s', 's.id', 'n.resent_by')
    .select([
      'n.id',
      'n.kind',
      'n.user_id',
      'n.action_id',
      'n.created_at',
      'n.read_at',
      'n.push_devices',
      'n.push_sent_at',
      'n.push_shown_at',
      'n.sms_state',
      'n.sms_due_at',
      'n.sms_sent_at',
      'n.resent_at',
      'n.topic',
      'u.ident as user_ident',
      'u.firstname',
      'u.lastname',
      'a.name as action_name',
      's.firstname as resent_by_firstname',
      's.lastname as resent_by_lastname',
      's.username as resent_by_username',
    ]);
}

export type DeliveryRow = Awaited<ReturnType<typeof findDelivery>> & {};

/** The notifications of one action (of one promoter's when named), newest first. */
export function listDeliveries(db: Db, actionId: string, promoterIdent: string | undefined) {
  let q = deliveries(db).where('n.action_id', '=', actionId);
  if (promoterIdent !== undefined) q = q.where('u.ident', '=', promoterIdent);
  return q.orderBy('n.id', 'desc').execute();
}

export function findDelivery(db: Db, id: number) {
  return deliveries(db).where('n.id', '=', id).executeTakeFirst();
}

/**
 * The notification, if the caller's scope reaches it: its action's territory (as every admin action
 * and report query checks it), or — one of no action (a plan change) — one of her territories.
 */
export function findDeliveryInScope(db: Db, id: number, scope: TerritoryScope) {
  return deliveries(db)
    .where('n.id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('n.action_id', 'is not', null), territoryInScope('a.territory_id', scope)]),
        eb.and([eb('n.action_id', 'is', null), promoterInScope('n.user_id', scope)]),
      ]),
    )
    .executeTakeFirst();
}

/**
 * A resend's stamp, unless another resend came within `notBeforeIso`: one resend per minute whatever
 * the clicks, so a burst of them is one push per device and one SMS. Answers whether it was this one.
 */
export async function markResent(db: Db, id: number, o: { atIso: string; staffId: string; notBeforeIso: string }): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ resent_at: o.atIso, resent_by: o.staffId })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('resent_at', 'is', null), eb('resent_at', '<=', o.notBeforeIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── retention ──

export async function notificationIdsBefore(db: Db, beforeIso: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('notifications').select('id').where('created_at', '<', beforeIso).orderBy('id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** The notifications and their pushes: answers how many of each went. */
export async function deleteNotifications(db: Db, ids: readonly number[]): Promise<{ notifications: number; pushSends: number }> {
  if (ids.length === 0) return { notifications: 0, pushSends: 0 };
  const sends = await db
    .deleteFrom('push_sends')
    .where('notification_id', 'in', [...ids])
    .executeTakeFirst();
  const rows = await db
    .deleteFrom('notifications')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return { notifications: Number(rows.numDeletedRows), pushSends: Number(sends.numDeletedRows) };
}
