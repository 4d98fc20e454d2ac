import { randomBytes } from 'node:crypto';
import { insertAction, insertEvent, type PointSeed } from '../db/seed/action-writer.ts';
import type { ActionTable } from '../db/schema.ts';
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
    eventId: await eventOf(t),
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
