import { randomBytes, randomUUID } from 'node:crypto';
import { insertAction, insertEvent, type PointSeed } from '../db/seed/action-writer.ts';
import type { Insertable } from 'kysely';
import type { ActionTable, VoucherTable } from '../db/schema.ts';
import { wallDate } from '../lib/time.ts';
import { createPromoter } from '../modules/auth/admin.service.ts';
import { PROMOTER_PASSWORD, loginAs, type TestApp } from './test-app.ts';

// Every test builds the promoters and actions it reads, so that it passes alone, in any order and
// without the demo seed (createTestApp starts from empty tables).

const unique = () => randomBytes(4).toString('hex');

/** 'YYYY-MM-DD' in the app's time zone, `offset` days from the test clock's today. */
export const wallDay = (t: TestApp, offset = 0): string => wallDate(t.clock.now(), t.config.timezone, offset);

/** 'YYYY-MM-DD HH:mm:ss' on that day. */
export const wallTime = (t: TestApp, offset: number, hhmm: string): string => `${wallDay(t, offset)} ${hhmm}:00`;

export type PromoterOptions = {
  firstname?: string;
  lastname?: string;
  ident?: string;
  mobilePhone?: string | null;
  territories?: string[];
  password?: string;
};

export type BuiltPromoter = { userId: string; username: string; ident: string; password: string };

/** A new promoter with a unique username and hostess code, through the administrator's service. */
export async function buildPromoter(t: TestApp, o: PromoterOptions = {}): Promise<BuiltPromoter> {
  const username = `promotorka-${unique()}@test.pl`;
  const ident = o.ident ?? `HST${unique().toUpperCase()}`;
  const password = o.password ?? PROMOTER_PASSWORD;
  const userId = await createPromoter(t.db, {
    username,
    password,
    ident,
    firstname: o.firstname ?? 'Ewa',
    lastname: o.lastname ?? 'Testowa',
    mobilePhone: o.mobilePhone ?? null,
    territories: o.territories ?? [],
  });
  return { userId, username, ident, password };
}

/** A new promoter, logged in. */
export async function buildSignedInPromoter(t: TestApp, o: PromoterOptions = {}): Promise<BuiltPromoter & { token: string }> {
  const promoter = await buildPromoter(t, o);
  return { ...promoter, token: await loginAs(t.app, promoter.username, promoter.password) };
}

export type ActionOptions = {
  name?: string;
  /** Her status: null (not started, the default), 'started' or 'finished'. */
  status?: 'started' | 'finished' | null;
  /** The organiser's status; follows hers by default ('accepted' when she has none). */
  global?: ActionTable['global_status'];
  /** Wall-clock times; today 08:00–22:00 by default. */
  since?: string;
  until?: string;
  /** How many points (named 'Punkt 1', 'Punkt 2', …), or the points themselves; one by default. */
  points?: number | PointSeed[];
  /** The event's id (buildEvent); the test app's one event by default. */
  eventId?: string;
};

export type BuiltAction = { uuid: string; name: string; since: string; until: string; points: string[] };

const events = new WeakMap<TestApp, Promise<string>>();

/** One event per test app: actions need one, and no test reads which. */
function eventOf(t: TestApp): Promise<string> {
  let id = events.get(t);
  if (!id) {
    id = insertEvent(t.db, { ident: `EV-TEST-${unique()}`, name: 'Wydarzenie testowe' });
    events.set(t, id);
  }
  return id;
}

export const buildPoint = (n: number): PointSeed => ({
  name: `Punkt ${n}`,
  street: `ul. Testowa ${n}`,
  postal: '00-001',
  city: 'Warszawa',
  petra: `P-${n}`,
});

/** An action assigned to `promoter`, as the organiser's system hands it over. */
export async function buildAction(t: TestApp, promoter: { userId: string }, o: ActionOptions = {}): Promise<BuiltAction> {
  const status = o.status ?? null;
  const name = o.name ?? `Akcja ${unique()}`;
  const since = o.since ?? wallTime(t, 0, '08:00');
  const until = o.until ?? `${since.slice(0, 10)} 22:00:00`;
  const points = typeof o.points === 'object' ? o.points : Array.from({ length: o.points ?? 1 }, (_, i) => buildPoint(i + 1));
  const { id, pointIds } = await insertAction(t.db, {
    eventId: o.eventId ?? (await eventOf(t)),
    userId: promoter.userId,
    name,
    since,
    until,
    global: o.global ?? status ?? 'accepted',
    points,
    userStatus: status,
    createdAt: t.clock.now().toISOString(),
  });
  return { uuid: id, name, since, until, points: pointIds };
}

/** An event of its own: for tests where who works on which event matters (vouchers). */
export function buildEvent(t: TestApp): Promise<string> {
  return insertEvent(t.db, { ident: `EV-TEST-${unique()}`, name: 'Wydarzenie testowe' });
}

export type VoucherBatchOptions = {
  ident?: string;
  /** Unassigned codes in the batch's pool. */
  pool?: number;
  /** Codes already hers, unredeemed. */
  holders?: { userId: string; codes: number }[];
};

export type BuiltVoucherBatch = { uuid: string; ident: string; codes: Record<string, { uuid: string; ident: string }[]>; pool: string[] };

/** A voucher batch of the event with a pool and codes handed to promoters (as the brand's import would). */
export async function buildVoucherBatch(t: TestApp, eventId: string, o: VoucherBatchOptions = {}): Promise<BuiltVoucherBatch> {
  const uuid = randomUUID();
  const ident = o.ident ?? `Partia ${unique()}`;
  await t.db.insertInto('voucher_batches').values({ id: uuid, event_id: eventId, ident }).execute();
  const code = () => ({ uuid: randomUUID(), ident: `KOD-${unique().toUpperCase()}` });
  const pool = Array.from({ length: o.pool ?? 0 }, code);
  const codes: BuiltVoucherBatch['codes'] = {};
  const rows: Insertable<VoucherTable>[] = pool.map((c) => ({ id: c.uuid, batch_id: uuid, ident: c.ident }));
  for (const h of o.holders ?? []) {
    codes[h.userId] = Array.from({ length: h.codes }, code);
    for (const c of codes[h.userId]!) {
      rows.push({ id: c.uuid, batch_id: uuid, ident: c.ident, assigned_to: h.userId, assigned_at: t.clock.now().toISOString() });
    }
  }
  if (rows.length > 0) await t.db.insertInto('vouchers').values(rows).execute();
  return { uuid, ident, codes, pool: pool.map((c) => c.uuid) };
}
