import type {
  Availability,
  AvailabilityCreateBody,
  AvailabilityDeleteBody,
  AvailabilityListBody,
  AvailabilityUpdateBody,
} from '@promotor/contract';
import { availabilityRefusal } from '@promotor/contract/rules';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import * as repo from './availability.repository.ts';

export type AvailabilityDeps = { db: Db; now: () => Date; timezone: string };

/**
 * The longest window a list may ask for. The calendar asks for today to the end of the month two
 * months ahead (spec §9), at most 92 days; a little room, and no client can make us read years.
 */
export const LIST_MAX_DAYS = 100;
const DAY_MS = 86_400_000;

const toAvailability = (row: repo.AvailabilityRow): Availability => ({
  uuid: row.id,
  since: { date: row.since },
  until: { date: row.until },
});

/** The server's "now" as the promoter's clock shows it: what 'in the past' is judged by. */
const wallNow = (deps: AvailabilityDeps) => toWallClock(deps.now(), deps.timezone);

const wallMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);

function refuse(since: string, until: string, now: string): void {
  const code = availabilityRefusal(since, until, now);
  if (code) throw new AppError(code);
}

// spec §7 /availability/list: her blocks overlapping the window.
export async function list(deps: AvailabilityDeps, caller: CallerUser, body: AvailabilityListBody): Promise<Availability[]> {
  const { since, until } = body.availability;
  if (until < since) throw new AppError('E_VALIDATION', [{ path: 'body.availability.until', message: 'Koniec przed początkiem' }]);
  if (wallMs(until) - wallMs(since) > LIST_MAX_DAYS * DAY_MS) {
    throw new AppError('E_VALIDATION', [{ path: 'body.availability.until', message: `Najwyżej ${LIST_MAX_DAYS} dni` }]);
  }
  return (await repo.listInWindow(deps.db, caller.userId, since, until)).map(toAvailability);
}

/**
 * Her writes run in one transaction with her users row locked (repository's lockPromoter): the overlap
 * check and the write cannot interleave with another request of hers, so two overlapping blocks sent
 * at once from two phones end as one block and one E_AVAILABILITY_OVERLAP.
 */
function asPromoter<T>(deps: AvailabilityDeps, caller: CallerUser, work: (trx: Db) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockPromoter(trx, caller.userId);
    return work(trx);
  });
}

async function refuseOverlap(trx: Db, caller: CallerUser, since: string, until: string, exceptId?: string) {
  if (await repo.overlapsAnother(trx, caller.userId, since, until, exceptId)) throw new AppError('E_AVAILABILITY_OVERLAP');
}

// spec §4 Availability, §5: one block within one day, 06:00–22:00, not in the past, within the
// calendar's window, not overlapping her other blocks (touching ends are fine: 09–12 and 12–15).
export async function create(deps: AvailabilityDeps, caller: CallerUser, body: AvailabilityCreateBody): Promise<Availability> {
  const { since, until } = body.availability;
  refuse(since, until, wallNow(deps));
  const row = { id: newId(), since, until };
  await asPromoter(deps, caller, async (trx) => {
    await refuseOverlap(trx, caller, since, until);
    await repo.insert(trx, { ...row, user_id: caller.userId, created_at: deps.now().toISOString() });
  });
  return toAvailability(row);
}

/** Her block, refused once it has ended: a past block is history (decision 057). */
async function requireOwnOpenBlock(db: Db, caller: CallerUser, id: string, now: string) {
  const block = await repo.findOwn(db, caller.userId, id);
  if (!block) throw new AppError('E_AVAILABILITY_NOT_FOUND');
  if (block.until <= now) throw new AppError('E_AVAILABILITY_IN_PAST');
  return block;
}

// Ours (decision 057): 'Zapisz' moves a block in one step under the create rules, so that a failure
// cannot leave her without the block, as a delete followed by a create could.
export async function update(deps: AvailabilityDeps, caller: CallerUser, body: AvailabilityUpdateBody): Promise<Availability> {
  const { uuid, since, until } = body.availability;
  const now = wallNow(deps);
  return asPromoter(deps, caller, async (trx) => {
    await requireOwnOpenBlock(trx, caller, uuid, now);
    refuse(since, until, now);
    await refuseOverlap(trx, caller, since, until, uuid);
    await repo.move(trx, caller.userId, uuid, since, until);
    return toAvailability({ id: uuid, since, until });
  });
}

// spec §7 /availability/delete: only her own block, and not one that has already ended.
export async function remove(deps: AvailabilityDeps, caller: CallerUser, body: AvailabilityDeleteBody): Promise<void> {
  const { uuid } = body.availability;
  await requireOwnOpenBlock(deps.db, caller, uuid, wallNow(deps));
  if (!(await repo.remove(deps.db, caller.userId, uuid))) throw new AppError('E_AVAILABILITY_NOT_FOUND');
}
