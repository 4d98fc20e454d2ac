import { randomBytes, randomUUID } from 'node:crypto';
import { insertAction, insertEvent, type NewActionPoint } from '../modules/actions/actions.repository.ts';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Insertable } from 'kysely';
import type { ActionTable, LeadItemTable, VoucherTable } from '../db/schema.ts';
import { newId } from '../lib/crypto.ts';
import { wallDate } from '../lib/time.ts';
import { createPromoter } from '../modules/auth/admin.service.ts';
import { insertLead } from '../modules/leads/lead-register.repository.ts';
import { ensureBatch, insertVouchers } from '../modules/vouchers/vouchers.repository.ts';
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
  points?: number | NewActionPoint[];
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

export const buildPoint = (n: number): NewActionPoint => ({
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

/** An event of its own: for tests where who works on which event matters (vouchers), or its ident (the import). */
export function buildEvent(t: TestApp, o: { ident?: string } = {}): Promise<string> {
  return insertEvent(t.db, { ident: o.ident ?? `EV-TEST-${unique()}`, name: 'Wydarzenie testowe' });
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
  const ident = o.ident ?? `Partia ${unique()}`;
  const { id: uuid, created } = await ensureBatch(t.db, eventId, ident);
  if (!created) throw new Error(`The event has a batch ${ident} already`);
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
  await insertVouchers(t.db, rows);
  return { uuid, ident, codes, pool: pool.map((c) => c.uuid) };
}

export type LeadItemOptions = Pick<LeadItemTable, 'brand' | 'model'> & Partial<Pick<LeadItemTable, 'serial_number'>>;

export type LeadOptions = {
  /** Her action; none by default. */
  action?: BuiltAction | null;
  /** When she registered the consumer; the test clock's now by default. */
  at?: Date;
  /** Glo and Vuse devices are asset items, other brands' products product-interest items (decision 060). */
  items: LeadItemOptions[];
};

/** A registration of hers without a consumer, the lead and its items as /lead/register leaves them. */
export async function buildLead(t: TestApp, promoter: { userId: string; ident: string }, o: LeadOptions): Promise<string> {
  const id = newId();
  const at = o.at ?? t.clock.now();
  await insertLead(
    t.db,
    {
      id,
      user_id: promoter.userId,
      action_id: o.action?.uuid ?? null,
      action_point_id: null,
      hostess_code: promoter.ident,
      email_address: null,
      created_at: at.toISOString(),
      wall_time: toWallClock(at, t.config.timezone),
    },
    o.items.map((item, position) => ({
      id: newId(),
      kind: item.brand === 'Glo' || item.brand === 'Vuse' ? ('asset' as const) : ('product_interest' as const),
      position,
      brand: item.brand,
      model: item.model,
      colour: null,
      serial_number: item.serial_number ?? null,
      asset_source: null,
      sku: null,
    })),
  );
  return id;
}
