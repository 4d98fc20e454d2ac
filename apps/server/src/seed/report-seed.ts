import { isTestActionName } from '@promotor/contract/lead-items';
import { toWallClock } from '@promotor/contract/wall-clock';
import { newCode, newId } from '../lib/crypto.ts';
import { wallDate } from '../lib/time.ts';
import { instantOfWall } from '../lib/wall-instant.ts';
import type { SeedFiles } from './seed-files.ts';
import type { Db } from '../db/kysely.ts';
import * as filesRepo from '../modules/action-files/action-files.repository.ts';
import * as receiptsRepo from '../modules/receipts/receipts.repository.ts';
import { RECEIPTS_PER_ACTION, RECEIPTS_PER_LEAD } from '../modules/receipts/receipts.service.ts';
import {
  insertAction,
  insertStatusEvent,
  recordCheckIn,
  updateAssignment,
  type NewActionPoint,
} from '../modules/actions/actions.repository.ts';
import { insertLead, type LeadItemSeed } from './lead-writer.ts';
import { displayJpeg, receiptJpeg } from './seed-jpeg.ts';
import { seedStart } from './start-seed.ts';

// Demo data of the reports (issue 10, decision 060): her finished actions with the check-in and
// check-out that the report reads, receipts and survey photos (real JPEGs), survey answers, and
// registrations in her current action, her last finished one, this month and last month.

export type ReportSeedOptions = {
  eventId: string;
  userId: string;
  blobStore: SeedFiles;
  timezone: string;
  now: Date;
  /** Also fill her other finished actions and her started one (the demo accounts). */
  everyAction: boolean;
};

/** The action every promoter given reports gets: yesterday, two points, a change of point. */
export const REPORT_ACTION_NAME = 'Promocja glo i velo — Carrefour Arkadia';
const REPORT_POINTS: NewActionPoint[] = [
  { name: 'Carrefour Arkadia', street: 'al. Jana Pawła II 82', postal: '00-175', city: 'Warszawa', petra: 'P-10877' },
  { name: 'Kiosk Arkadia, poziom 0', street: 'al. Jana Pawła II 82', postal: '00-175', city: 'Warszawa', petra: 'P-10878' },
];

/** What consumers took, in turn: Glo and Vuse devices (asset items), Velo flavours (product interest). */
const ITEMS: LeadItemSeed[][] = [
  [{ brand: 'Glo', model: 'Hyper Pro', colour: 'Czarny', asset_source: 'GLO solo / POP', sku: 'GLOPRO1' }],
  [{ brand: 'Velo', model: 'Velo Freeze', sku: 'VELOFRZ10' }],
  [
    { brand: 'Glo', model: 'nano', colour: 'Niebieski', asset_source: 'GLO solo / KASOTERMINAL', sku: 'GLOPRO2' },
    { brand: 'Velo', model: 'Velo Ice Cool', sku: 'VELOICE10' },
  ],
  [{ brand: 'Vuse', model: 'Vuse Go', colour: 'Creamy Tobacco', asset_source: 'VUSEBM21024' }],
  [{ brand: 'Glo', model: 'Hyper Pro', colour: 'Biały', asset_source: 'GLO solo / POP', sku: 'GLOPRO1' }],
  [{ brand: 'Velo', model: 'Velo Berry Frost', sku: 'VELOBER10' }],
];
const SURVEYS = [
  { chechboxes: ['tak', 'tak', 'nie'], text: 'Detalista prosi o więcej ulotek glo.' },
  { chechboxes: ['tak', 'nie', 'tak'], text: null },
];

const plusMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

type Context = ReportSeedOptions & { hostessCode: string; counter: { n: number } };
type WorkedAction = { id: string; since: string; until: string; pointIds: string[] };

async function putJpeg(o: Context, data: Buffer): Promise<{ key: string; size: number }> {
  const key = `${newId()}.jpg`;
  await o.blobStore.put(key, data);
  return { key, size: data.length };
}

/** Registrations at `times`, the first `receipts` of them with a receipt photo. */
async function registrations(db: Db, o: Context, action: { id: string; pointId: string | null }, times: Date[], receipts: number) {
  for (const [i, at] of times.entries()) {
    const items = ITEMS[o.counter.n++ % ITEMS.length]!.map((item) =>
      item.brand === 'Glo' ? { ...item, serial_number: `GLO${newCode(8)}` } : item,
    );
    const leadId = await insertLead(db, {
      userId: o.userId,
      hostessCode: o.hostessCode,
      actionId: action.id,
      actionPointId: action.pointId,
      at,
      timezone: o.timezone,
      items,
    });
    if (i >= receipts) continue;
    const photo = await putJpeg(o, receiptJpeg(o.counter.n));
    await receiptsRepo.insertReceipt(db, {
      id: newId(),
      action_id: action.id,
      user_id: o.userId,
      lead_id: leadId,
      device_serial: items.find((item) => item.serial_number)?.serial_number ?? null,
      device_beacon: `BC-${newCode(6)}`,
      blob_key: photo.key,
      content_type: 'image/jpeg',
      size: photo.size,
      created_at: plusMinutes(at, 2).toISOString(),
    });
    // The receipt caps' counters, as the upload keeps them (decision 080); the seed stays below the caps.
    await receiptsRepo.countReceipt(db, 'leads', leadId, RECEIPTS_PER_LEAD);
    await receiptsRepo.countReceipt(db, 'actions', action.id, RECEIPTS_PER_ACTION);
  }
}

/** A finished day: check-in and check-out (at the last point when `changePoint`), survey, registrations. */
async function finishedDay(db: Db, o: Context, a: WorkedAction, o2: { changePoint: boolean; leads: number; receipts: number }) {
  const checkIn = plusMinutes(instantOfWall(a.since, o.timezone), 3);
  const checkOut = plusMinutes(instantOfWall(a.until, o.timezone), -7);
  const events = [
    { kind: 'check_in' as const, at: checkIn, point: a.pointIds[0] ?? null },
    { kind: 'check_out' as const, at: checkOut, point: (o2.changePoint ? a.pointIds.at(-1) : a.pointIds[0]) ?? null },
  ];
  for (const e of events) {
    await insertStatusEvent(db, {
      id: newId(),
      action_id: a.id,
      user_id: o.userId,
      kind: e.kind,
      action_point_id: e.point,
      latitude: 52.2297,
      longitude: 21.0122,
      cash_terminal_id: e.kind === 'check_in' ? 'K12' : null,
      created_at: e.at.toISOString(),
      wall_time: toWallClock(e.at, o.timezone),
      received_at: e.at.toISOString(),
    });
  }
  // Her check-in on her assignment too, as the check-in call keeps it (decision 101).
  await recordCheckIn(db, {
    actionId: a.id,
    userId: o.userId,
    at: checkIn.toISOString(),
    wallTime: toWallClock(checkIn, o.timezone),
    latitude: 52.2297,
    longitude: 21.0122,
  });
  await updateAssignment(
    db,
    { actionId: a.id, userId: o.userId, expectedStatus: 'finished' },
    { last_status_at: toWallClock(checkOut, o.timezone), action_point_id: events[1]!.point },
  );

  // spec §4 Photos survey: 'start' before arranging the display, 'end' after, with the answers.
  for (const [ident, arranged, minutes] of [
    ['start', false, 20],
    ['end', true, 50],
  ] as const) {
    const photo = await putJpeg(o, displayJpeg(arranged));
    await filesRepo.insertFiles(db, [
      {
        id: photo.key.replace(/\.jpg$/, ''),
        action_id: a.id,
        user_id: o.userId,
        ident,
        position: 0,
        blob_key: photo.key,
        content_type: 'image/jpeg',
        size: photo.size,
        created_at: plusMinutes(checkIn, minutes).toISOString(),
      },
    ]);
  }
  const survey = SURVEYS[o.counter.n % SURVEYS.length]!;
  await filesRepo.upsertSurvey(db, {
    action_id: a.id,
    user_id: o.userId,
    chechboxes: JSON.stringify(survey.chechboxes),
    text: survey.text,
    created_at: plusMinutes(checkIn, 50).toISOString(),
  });

  const times = Array.from({ length: o2.leads }, (_, i) => plusMinutes(checkIn, 60 + i * 45));
  await registrations(db, o, { id: a.id, pointId: a.pointIds[0] ?? null }, times, o2.receipts);
}

/**
 * Her reports: yesterday's action with a change of point (every promoter given demo actions), and for
 * the demo accounts every other finished action and the started one too.
 */
export async function seedReports(db: Db, o: ReportSeedOptions): Promise<void> {
  const user = await db.selectFrom('users').select('ident').where('id', '=', o.userId).executeTakeFirstOrThrow();
  const context: Context = { ...o, hostessCode: user.ident, counter: { n: 0 } };
  const date = wallDate(o.now, o.timezone, -1);
  const since = `${date} 10:00:00`;
  const until = `${date} 18:00:00`;
  const yesterday = await insertAction(db, {
    eventId: o.eventId,
    userId: o.userId,
    name: REPORT_ACTION_NAME,
    since,
    until,
    global: 'accepted',
    points: REPORT_POINTS,
    userStatus: 'finished',
    userPoint: 1,
    createdAt: o.now.toISOString(),
  });
  await finishedDay(
    db,
    context,
    { id: yesterday.id, since, until, pointIds: yesterday.pointIds },
    { changePoint: true, leads: 4, receipts: 3 },
  );
  if (!o.everyAction) return;

  const assigned = await db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .select(['a.id', 'a.name', 'a.since', 'a.until', 's.status'])
    .where('s.user_id', '=', o.userId)
    .where('s.status', 'is not', null)
    .where('a.id', '!=', yesterday.id)
    .orderBy('a.since', 'desc')
    .execute();
  const points = await db.selectFrom('action_points').select(['id', 'action_id']).orderBy('position').execute();
  for (const a of assigned) {
    const pointIds = points.filter((p) => p.action_id === a.id).map((p) => p.id);
    if (a.status === 'finished') {
      await finishedDay(db, context, { ...a, pointIds }, { changePoint: false, leads: 2, receipts: 1 });
    } else {
      // Her current action, started as the app starts one (decision 073), and registrations of the last
      // hour (none on the test action: they would not count).
      await seedStart(db, { ...o, actionId: a.id, pointId: pointIds[0] ?? null, since: a.since });
      if (isTestActionName(a.name)) continue;
      const times = [50, 30, 10].map((m) => plusMinutes(o.now, -m));
      await registrations(db, context, { id: a.id, pointId: pointIds[0] ?? null }, times, 1);
    }
  }
}
