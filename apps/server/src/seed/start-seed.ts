import { START_CHECKLIST } from '@promotor/contract/constants';
import { toWallClock } from '@promotor/contract/wall-clock';
import { newId } from '../lib/crypto.ts';
import { instantOfWall } from '../lib/wall-instant.ts';
import type { SeedFiles } from './seed-files.ts';
import type { Db } from '../db/kysely.ts';
import * as filesRepo from '../modules/action-files/action-files.repository.ts';
import * as actionsRepo from '../modules/actions/actions.repository.ts';
import * as pollsRepo from '../modules/polls/polls.repository.ts';
import { displayJpeg } from './seed-jpeg.ts';

// A seeded running action is recorded as the app records a start (spec §4 Start/end flow: the
// answers, the photos, then the check-in; decision 073), so finishing it in the demo gives a full
// report: start, end, duration and status, like an action she started herself.

export type StartSeed = {
  actionId: string;
  userId: string;
  pointId: string | null;
  /** The action's planned start, wall clock. */
  since: string;
  timezone: string;
  now: Date;
  blobStore: SeedFiles;
};

const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

/**
 * When she started: a few minutes after the planned start, but an hour before now at the latest (her
 * registrations of the last hour come after it) and never before the start of its day.
 */
function startTime(s: StartSeed): Date {
  const dayStart = instantOfWall(`${s.since.slice(0, 10)} 00:00:00`, s.timezone).getTime();
  const planned = minutes(instantOfWall(s.since, s.timezone), 3).getTime();
  return new Date(Math.max(dayStart, Math.min(planned, minutes(s.now, -60).getTime())));
}

/** The front and rear start photos (bereal_start), as the app uploads them. */
async function insertStartPhotos(db: Db, s: StartSeed, createdAt: string): Promise<void> {
  for (const position of [0, 1]) {
    const id = newId();
    const data = displayJpeg(position === 1);
    await s.blobStore.put(`${id}.jpg`, data);
    await filesRepo.insertFiles(db, [
      {
        id,
        action_id: s.actionId,
        user_id: s.userId,
        ident: 'bereal_start',
        position,
        blob_key: `${id}.jpg`,
        content_type: 'image/jpeg',
        size: data.length,
        created_at: createdAt,
      },
    ]);
  }
}

/** Her start checklist, the front and rear start photos and her check-in, as the app sends them. */
export async function seedStart(db: Db, s: StartSeed): Promise<void> {
  const checkIn = startTime(s);
  const at = (n: number) => minutes(checkIn, n).toISOString();
  await pollsRepo.upsertAnswer(db, {
    id: newId(),
    action_id: s.actionId,
    user_id: s.userId,
    ident: 'action_start',
    content: JSON.stringify([{ question_ident: 'q0', answer_ident: START_CHECKLIST }]),
    created_at: at(-1),
    received_at: at(-1),
  });
  await insertStartPhotos(db, s, at(0));
  const wall = toWallClock(checkIn, s.timezone);
  await actionsRepo.insertStatusEvent(db, {
    id: newId(),
    action_id: s.actionId,
    user_id: s.userId,
    kind: 'check_in',
    action_point_id: s.pointId,
    latitude: 52.2297,
    longitude: 21.0122,
    cash_terminal_id: 'K12',
    created_at: checkIn.toISOString(),
    wall_time: wall,
    received_at: checkIn.toISOString(),
  });
  // And on her assignment, as the check-in call keeps it (decision 101).
  await actionsRepo.recordCheckIn(db, {
    actionId: s.actionId,
    userId: s.userId,
    at: checkIn.toISOString(),
    wallTime: wall,
    latitude: 52.2297,
    longitude: 21.0122,
  });
  await actionsRepo.updateAssignment(
    db,
    { actionId: s.actionId, userId: s.userId, expectedStatus: 'started' },
    { last_status_at: wall, action_point_id: s.pointId },
  );
}
