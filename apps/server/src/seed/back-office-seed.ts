import type { Db } from '../db/kysely.ts';
import { registerActionPoints } from '../modules/points/points.service.ts';
import { addStaff } from '../modules/staff/staff-accounts.service.ts';
import { seedReportReviews } from './review-seed.ts';

// The back office's demo data (issue 24), called from the demo seed: its staff, and the demo actions
// placed in their promoters' territories. A new file beside the demo seed, which is moving to this
// folder (src/seed/, a top layer that may use modules).

/** The demo staff: all with the demo password. */
export const DEMO_STAFF = [
  { username: 'admin@demo.pl', firstname: 'Adam', lastname: 'Administrator', roles: ['admin'], territories: [] },
  {
    username: 'koordynator.waw@demo.pl',
    firstname: 'Wanda',
    lastname: 'Warszawska',
    roles: ['coordinator'],
    territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'],
  },
  {
    username: 'koordynator.krk@demo.pl',
    firstname: 'Kazimierz',
    lastname: 'Krakowski',
    roles: ['coordinator'],
    territories: ['KRK-STARE-MIASTO'],
  },
  { username: 'klient@demo.pl', firstname: 'Klara', lastname: 'Klient', roles: ['client'], territories: [] },
  { username: 'rodo@demo.pl', firstname: 'Roman', lastname: 'Inspektor', roles: ['privacy'], territories: [] },
] as const;

export const DEMO_STAFF_USERNAMES = DEMO_STAFF.map((s) => s.username);

/**
 * Inside the demo seed's transaction, after its promoters, territories and actions: each action gets
 * a territory of its promoter (Anna: WAW-POLUDNIE for a point with a 02- postal code, i.e. Mokotów,
 * else WAW-CENTRUM; Piotr: KRK-STARE-MIASTO) and its points go into the register, then the staff, then the reviews of Anna's reports by
 * the Warsaw coordinator (issue 25: one of each state, seed/review-seed.ts).
 */
export async function seedBackOffice(trx: Db, o: { passwordHash: string; now: Date }): Promise<void> {
  const actions = await trx
    .selectFrom('actions')
    .innerJoin('action_assignments', 'action_assignments.action_id', 'actions.id')
    .select(['actions.id', 'action_assignments.user_id'])
    .execute();
  const territories = await trx
    .selectFrom('user_territories')
    .innerJoin('territories', 'territories.id', 'user_territories.territory_id')
    .select(['user_territories.user_id', 'territories.id', 'territories.ident'])
    .orderBy('territories.ident')
    .execute();
  const south = await trx
    .selectFrom('action_points')
    .select('action_id')
    .where('postal_code', 'like', '02-%')
    .execute()
    .then((rows) => new Set(rows.map((r) => r.action_id)));
  for (const action of actions) {
    const hers = territories.filter((t) => t.user_id === action.user_id);
    const chosen = (south.has(action.id) ? hers.find((t) => t.ident === 'WAW-POLUDNIE') : undefined) ?? hers[0];
    if (chosen) await trx.updateTable('actions').set({ territory_id: chosen.id }).where('id', '=', action.id).execute();
  }
  // Their points in the register of their territories (issue 34), as migration 032 did for what was planned before.
  await registerActionPoints(trx, o.now.toISOString());
  for (const staff of DEMO_STAFF) {
    await addStaff(trx, {
      ...staff,
      roles: [...staff.roles],
      territories: [...staff.territories],
      passwordHash: o.passwordHash,
      createdAt: o.now,
    });
  }
  await seedReportReviews(trx, { promoterUsername: 'anna@demo.pl', reviewerUsername: 'koordynator.waw@demo.pl' });
}
