import { newId } from '../lib/crypto.ts';
import type { Db } from '../db/kysely.ts';
import { insert } from '../modules/availability/availability.repository.ts';

// spec §2 Calendar: the demo promoters open /kalendarz to blocks already there. Days are counted from
// today and chosen without their actions (Anna works today and tomorrow), all within the calendar's
// window (today to the end of the month two months ahead: at least 60 days), 06:00–22:00, no overlaps.
const BLOCKS: { user: 'anna' | 'piotr'; day: number; from: string; to: string }[] = [
  { user: 'anna', day: 2, from: '09:00', to: '17:00' },
  { user: 'anna', day: 3, from: '12:00', to: '20:00' },
  { user: 'anna', day: 5, from: '08:00', to: '12:00' },
  { user: 'anna', day: 5, from: '15:00', to: '21:00' },
  { user: 'piotr', day: 2, from: '10:00', to: '18:00' },
];

/** Inserts the demo promoters' availability blocks. */
export async function seedAvailability(
  db: Db,
  userIds: Record<'anna' | 'piotr', string>,
  o: { day: (offset: number) => string; createdAt: string },
): Promise<void> {
  for (const b of BLOCKS) {
    await insert(db, {
      id: newId(),
      user_id: userIds[b.user],
      since: `${o.day(b.day)} ${b.from}:00`,
      until: `${o.day(b.day)} ${b.to}:00`,
      created_at: o.createdAt,
    });
  }
}
