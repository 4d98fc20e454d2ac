import { loadConfig } from '../config/env.ts';
import { addUserTerritory, insertUser } from '../modules/auth/auth.repository.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { loadCatalogues } from '../modules/catalogues/catalogues.service.ts';
import { newId } from '../lib/crypto.ts';
import { toWallClock } from '@promotor/contract/wall-clock';
import { wallDate } from '../lib/time.ts';
import type { BlobStore } from '../plugins/blob-store.ts';
import type { Db } from '../db/kysely.ts';
import type { ActionTable } from '../db/schema.ts';
import { insertAction, insertEvent, type NewActionPoint } from '../modules/actions/actions.repository.ts';
import { seedAvailability } from './availability-seed.ts';
import { seedConsumerConsents, seedConsumers } from './consumer-seed.ts';
import { seedMgm } from './mgm-seed.ts';
import { seedReports } from './report-seed.ts';
import { seedStart } from './start-seed.ts';
import { seedBackOffice } from './back-office-seed.ts';
import { seedLiveDay } from './live-seed.ts';
import { seedDemoVouchers, seedPromoterVouchers } from './voucher-seed.ts';
import { filesAfterCommit } from './seed-files.ts';

export const DEMO_PASSWORD = 'demo-haslo-1';
/** The special test action (spec §2): Piotr's running action, and `--test-action`'s. */
export const TEST_ACTION_NAME = 'Test rejestracji exp1707 — Stokrotka Galeria Krakowska';
export const DEMO_USERNAMES = ['anna@demo.pl', 'piotr@demo.pl'] as const;

/** blobStore: where the seeded photos go (the one the app serves them from). */
type SeedOptions = {
  timezone: string;
  blobStore: BlobStore;
  now?: Date;
  /** The consent texts seeded consents were given to (CATALOGUES_FILE; the shipped file by default). */
  cataloguesFile?: string;
};

const POINTS = {
  zabka: { name: 'Żabka Marszałkowska', street: 'ul. Marszałkowska 104', postal: '00-017', city: 'Warszawa', petra: 'P-10231' },
  arkadia: { name: 'Carrefour Arkadia', street: 'al. Jana Pawła II 82', postal: '00-175', city: 'Warszawa', petra: 'P-10877' },
  arkadiaKiosk: { name: 'Kiosk Arkadia, poziom 0', street: 'al. Jana Pawła II 82', postal: '00-175', city: 'Warszawa', petra: 'P-10878' },
  lidl: { name: 'Lidl Mokotów', street: 'ul. Puławska 145', postal: '02-715', city: 'Warszawa', petra: 'P-11402' },
  relay: { name: 'Relay Dworzec Centralny', street: 'al. Jerozolimskie 54', postal: null, city: 'Warszawa', petra: 'P-12003' },
  kiosk: { name: 'Kiosk Nowy Świat', street: 'ul. Nowy Świat 22', postal: '00-373', city: 'Warszawa', petra: 'P-10555' },
  galeria: { name: 'Stokrotka Galeria Krakowska', street: 'ul. Pawia 5', postal: '31-154', city: 'Kraków', petra: 'P-20411' },
} satisfies Record<string, NewActionPoint>;

type ActionSeed = {
  name: string;
  day: number;
  from: string;
  to: string;
  global: ActionTable['global_status'];
  points: NewActionPoint[];
  user: 'anna' | 'piotr';
  userStatus?: 'finished' | 'started';
  /** Today's hours widened to hold the seed's moment (hoursHolding): the day works at any hour. */
  holdsNow?: true;
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The seed's hours, widened when needed to start an hour before `now` (a wall time, HH:MM) and end two
 * hours after it, within the day. The phone lists an action until its planned end (decision 111), so a
 * fresh day seeded at 22:30 (training late, an end-to-end run at any hour, decision 104) must still be
 * running: Żabka's 08:00–22:00 becomes 08:00–23:59 then, and stays as it is during a working day.
 */
export function hoursHolding(seed: { from: string; to: string }, now: string): { from: string; to: string } {
  const at = minutesOf(now);
  return {
    from: hhmmOf(Math.min(minutesOf(seed.from), Math.max(0, at - 60 - (at % 60)))),
    to: hhmmOf(Math.max(minutesOf(seed.to), Math.min(23 * 60 + 59, at + 120))),
  };
}

/** A working day for one promoter: every branch of the actions list, nothing started yet. */
function freshDay(user: 'anna' | 'piotr'): ActionSeed[] {
  return [
    {
      name: 'Degustacja glo — Żabka Marszałkowska',
      day: 0,
      from: '08:00',
      to: '22:00',
      global: 'accepted',
      points: [POINTS.zabka],
      user,
      holdsNow: true,
    },
    {
      name: 'Promocja velo i vuse — Carrefour Arkadia',
      day: 0,
      from: '08:00',
      to: '22:00',
      global: 'accepted',
      points: [POINTS.arkadia, POINTS.arkadiaKiosk],
      user,
      holdsNow: true,
    },
    { name: 'Pokaz glo — punkt do ustalenia', day: 0, from: '12:00', to: '18:00', global: 'accepted', points: [], user, holdsNow: true },
    { name: 'Degustacja glo — Lidl Mokotów', day: 1, from: '10:00', to: '16:00', global: 'accepted', points: [POINTS.lidl], user },
    {
      name: 'Pokaz vuse — Relay Dworzec Centralny',
      day: 0,
      from: '09:00',
      to: '13:00',
      global: 'hst_cancelled',
      points: [POINTS.relay],
      user,
      holdsNow: true,
    },
  ];
}

function demoActions(): ActionSeed[] {
  const past: ActionSeed[] = [-3, -7, -12, -18, -25, -33, -41, -52].map((day, i) => ({
    name: `${['Degustacja glo', 'Promocja velo', 'Pokaz vuse'][i % 3]} — ${[POINTS.zabka, POINTS.lidl, POINTS.arkadia][i % 3]!.name}`,
    day,
    from: '10:00',
    to: '16:00',
    global: i % 2 === 0 ? 'finished' : 'accepted',
    points: [[POINTS.zabka, POINTS.lidl, POINTS.arkadia][i % 3]!],
    user: 'anna',
    userStatus: 'finished',
  }));
  return [
    ...freshDay('anna'),
    {
      name: 'Degustacja velo — Kiosk Nowy Świat',
      day: 0,
      from: '07:00',
      to: '15:00',
      global: 'started',
      points: [POINTS.kiosk],
      user: 'anna',
      userStatus: 'started',
    },
    // Piotr's running action is the special test action (spec §2, name containing exp1707): the webform
    // verifies and registers without codes there, and its registrations are not counted.
    {
      name: TEST_ACTION_NAME,
      day: 0,
      from: '07:00',
      to: '21:00',
      global: 'started',
      points: [POINTS.galeria],
      user: 'piotr',
      userStatus: 'started',
    },
    ...past,
    {
      name: 'Degustacja glo — Stokrotka Galeria Krakowska',
      day: 0,
      from: '11:00',
      to: '17:00',
      global: 'accepted',
      points: [POINTS.galeria],
      user: 'piotr',
    },
    {
      name: 'Promocja velo — Stokrotka Galeria Krakowska',
      day: -5,
      from: '10:00',
      to: '16:00',
      global: 'finished',
      points: [POINTS.galeria],
      user: 'piotr',
      userStatus: 'finished',
    },
  ];
}

/** Inserts actions with their points and assignments, one promoter's each. */
async function insertActions(
  db: Db,
  o: {
    eventId: string;
    seeds: ActionSeed[];
    userIds: Record<ActionSeed['user'], string>;
    day: (offset: number) => string;
    createdAt: string;
    /** The seed's moment as a wall time (HH:MM), for the hours of seeds that hold it. */
    now: string;
  },
): Promise<void> {
  for (const a of o.seeds) {
    const date = o.day(a.day);
    const { from, to } = a.holdsNow && a.day === 0 ? hoursHolding(a, o.now) : a;
    await insertAction(db, {
      eventId: o.eventId,
      userId: o.userIds[a.user],
      name: a.name,
      since: `${date} ${from}:00`,
      until: `${date} ${to}:00`,
      global: a.global,
      points: a.points,
      userStatus: a.userStatus ?? null,
      createdAt: o.createdAt,
    });
  }
}

/**
 * Gives an existing promoter a fresh working day of demo actions (`npm run seed -- --actions-for EMAIL`):
 * for training, and for end-to-end tests that must not share state with each other.
 */
export async function seedFreshDay(db: Db, userId: string, { timezone, blobStore, now = new Date() }: SeedOptions): Promise<void> {
  const event = await db.selectFrom('events').select('id').orderBy('ident').executeTakeFirst();
  if (!event) throw new Error('Brak wydarzenia w bazie: najpierw wgraj dane demonstracyjne.');
  const { files, keep } = filesAfterCommit(blobStore);
  await db.transaction().execute(async (trx) => {
    await insertActions(trx, {
      eventId: event.id,
      seeds: freshDay('anna'),
      userIds: { anna: userId, piotr: userId },
      day: (offset) => wallDate(now, timezone, offset),
      createdAt: now.toISOString(),
      now: toWallClock(now, timezone).slice(11, 16),
    });
    await seedPromoterVouchers(trx, { eventId: event.id, userId, now });
    await seedReports(trx, { eventId: event.id, userId, blobStore: files, timezone, now, everyAction: false });
  });
  await keep();
}

/**
 * Gives a promoter the special test action (spec §2, exp1707), started today at one point
 * (`npm run seed -- --actions-for EMAIL --test-action`): the webform registers without codes there, and
 * its registrations are flagged as tests. Refused when she already runs an action (one at a time).
 */
export async function seedTestAction(db: Db, userId: string, { timezone, blobStore, now = new Date() }: SeedOptions): Promise<void> {
  const event = await db.selectFrom('events').select('id').orderBy('ident').executeTakeFirst();
  if (!event) throw new Error('Brak wydarzenia w bazie: najpierw wgraj dane demonstracyjne.');
  const running = await db
    .selectFrom('action_assignments')
    .select('action_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'started')
    .executeTakeFirst();
  if (running) throw new Error('Ta osoba ma już rozpoczętą akcję: najpierw ją zakończ.');
  const date = wallDate(now, timezone);
  const since = `${date} 00:00:00`;
  const action = await insertAction(db, {
    eventId: event.id,
    userId,
    name: TEST_ACTION_NAME,
    since,
    until: `${date} 23:59:00`,
    global: 'started',
    points: [POINTS.galeria],
    userStatus: 'started',
    createdAt: now.toISOString(),
  });
  // Started as the app starts one (decision 073): finishing it gives a full report.
  await seedStart(db, { actionId: action.id, userId, pointId: action.pointIds[0] ?? null, since, timezone, now, blobStore });
}

/** True when the database has no users yet, i.e. demo data may be seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Seeds demo data relative to today into an empty database; returns false if it was not empty. */
export async function seedDemoData(db: Db, { timezone, blobStore, now = new Date(), cataloguesFile }: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const createdAt = now.toISOString();
  const day = (offset: number) => wallDate(now, timezone, offset);

  const { files, keep } = filesAfterCommit(blobStore);
  await db.transaction().execute(async (trx) => {
    const territories = [
      { id: newId(), ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
      { id: newId(), ident: 'WAW-POLUDNIE', name: 'Warszawa Południe' },
      { id: newId(), ident: 'KRK-STARE-MIASTO', name: 'Kraków Stare Miasto' },
    ];
    await trx.insertInto('territories').values(territories).execute();

    const users = {
      anna: { id: newId(), ident: 'HST1001', username: 'anna@demo.pl', firstname: 'Anna', lastname: 'Nowak', mobile: '+48600100200' },
      piotr: { id: newId(), ident: 'HST1002', username: 'piotr@demo.pl', firstname: 'Piotr', lastname: 'Kowalski', mobile: '+48600100300' },
    };
    for (const u of Object.values(users)) {
      await insertUser(trx, {
        id: u.id,
        ident: u.ident,
        username: u.username,
        password_hash: passwordHash,
        firstname: u.firstname,
        lastname: u.lastname,
        email_address: u.username,
        mobile_phone: u.mobile,
        created_at: createdAt,
      });
    }
    await addUserTerritory(trx, users.anna.id, territories[0]!.id);
    await addUserTerritory(trx, users.anna.id, territories[1]!.id);
    await addUserTerritory(trx, users.piotr.id, territories[2]!.id);

    const event = { id: await insertEvent(trx, { ident: 'EV-2026-SAMPLING', name: 'Sampling glo, vuse, velo' }) };

    await insertActions(trx, {
      eventId: event.id,
      seeds: demoActions(),
      userIds: { anna: users.anna.id, piotr: users.piotr.id },
      day,
      createdAt,
      now: toWallClock(now, timezone).slice(11, 16),
    });

    await seedDemoVouchers(trx, { eventId: event.id, anna: users.anna.id, piotr: users.piotr.id, now });
    for (const u of [users.anna, users.piotr])
      await seedReports(trx, { eventId: event.id, userId: u.id, blobStore: files, timezone, now, everyAction: true });

    await seedAvailability(trx, { anna: users.anna.id, piotr: users.piotr.id }, { day, createdAt });
    await seedConsumers(trx, now);
    const catalogues = loadCatalogues(cataloguesFile ?? loadConfig({}).cataloguesFile);
    await seedMgm(trx, { piotr: users.piotr.id, catalogues, now });
    await seedConsumerConsents(trx, { anna: users.anna.id, catalogues, timezone, now });
    await seedBackOffice(trx, { passwordHash, now });
    await seedLiveDay(trx, { now, timezone, outboxWaiting: { 'piotr@demo.pl': 2 } });
  });
  await keep();
  return true;
}
