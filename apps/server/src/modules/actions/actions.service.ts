import type { Action, CancelActionBody, CheckInBody, CheckOutBody, ListActionsBody, SaveLocationBody } from '@promotor/contract';
import { commitTogether } from '../../db/commit-together.ts';
import { lockAction } from '../../db/lock-action.ts';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { cancelRefusal, checkInRefusal, checkOutRefusal, type ActionStatusFacts, type ActionStatusRefusal } from '@promotor/contract/rules';
import { toWallClock } from '@promotor/contract/wall-clock';
import { wallDate } from '../../lib/time.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { refuseWhileAnotherStarted, requireActionInStatus, requireAssignedAction, type AssignedAction } from './action-guards.ts';
import { toAction } from './actions.mapper.ts';
import * as repo from './actions.repository.ts';
import { tapTime, type TapTime } from '../../lib/tap-time.ts';
import { positionDataStored } from '../integrity/integrity-positions.service.ts';

/** `log`: where a failure after the commit is told (the plausibility signals, decision 138). */
export type ActionsDeps = { db: Db; now: () => Date; timezone: string; log?: { error: (obj: object, msg: string) => void } };

// ── what other modules read of her actions (leads, MGM, reports; decision 084) ──

/** Her started action (the one she started last), or undefined: where she registers and refers. */
export type StartedAction = Readonly<
  Pick<repo.ActionRow, 'id' | 'ident' | 'name' | 'global_status' | 'event_ident' | 'user_action_point_id'>
>;

export const findStartedAction = (db: Db, userId: string): Promise<StartedAction | undefined> => repo.findStartedAction(db, userId);

/** The points of an action, in their order. */
export const pointsOfAction = (db: Db, actionId: string) => repo.pointsOf(db, [actionId]);

/** A point in the §3 shape, as /action/list shows it. */
export { toActionPoint } from './actions.mapper.ts';

async function withPoints(db: Db, rows: repo.ActionRow[]): Promise<Action[]> {
  const points = await repo.pointsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAction(r, points));
}

export async function getAction(deps: ActionsDeps, caller: CallerUser, actionId: string): Promise<Action> {
  // The whole row, which the guards do not hand out: the answer shows every column.
  const row = await repo.findAssignedAction(deps.db, caller.userId, actionId);
  if (!row) throw new AppError('E_ACTION_NOT_FOUND');
  const [action] = await withPoints(deps.db, [row]);
  return action!;
}

// spec §7 /action/list, both uses of §9
export async function list(deps: ActionsDeps, caller: CallerUser, body: ListActionsBody): Promise<Action[]> {
  const { since, until, filters, finished } = body.actions;
  const { limit, offset } = body.pagination;
  const rows = await repo.listAssignedActions(
    deps.db,
    caller.userId,
    finished
      ? { kind: 'finished', since, until, limit, offset }
      : { kind: 'current', since, until, statuses: filters?.statuses, limit, offset },
  );
  return withPoints(deps.db, rows);
}

export async function recent(deps: ActionsDeps, caller: CallerUser): Promise<{ current: Action | null; last: Action | null }> {
  const [current, last] = await Promise.all([
    repo.findStartedAction(deps.db, caller.userId),
    repo.findLastFinishedAction(deps.db, caller.userId),
  ]);
  const actions = await withPoints(
    deps.db,
    [current, last].filter((r): r is repo.ActionRow => Boolean(r)),
  );
  return {
    current: current ? actions.find((a) => a.uuid === current.id)! : null,
    last: last ? actions.find((a) => a.uuid === last.id)! : null,
  };
}

/** The action point named in the body, on one of the caller's actions (and on `action` when named). */
async function requirePoint(db: Db, caller: CallerUser, body: { actionPoint: { uuid: string }; action?: { uuid: string } }) {
  const point = await repo.findPoint(db, body.actionPoint.uuid);
  if (!point || (body.action && body.action.uuid !== point.action_id)) throw new AppError('E_ACTION_POINT_NOT_FOUND');
  const action = await repo.findAssignedAction(db, caller.userId, point.action_id);
  if (!action) throw new AppError('E_ACTION_POINT_NOT_FOUND');
  return { point, action };
}

/** The action a call names: its uuid, else its point's (a point never moves to another action); undefined for no such point. */
async function namedActionId(db: Db, body: { action?: { uuid: string }; actionPoint?: { uuid: string } }): Promise<string | undefined> {
  if (body.action) return body.action.uuid;
  return body.actionPoint ? (await repo.findPoint(db, body.actionPoint.uuid))?.action_id : undefined;
}

function stamp(deps: ActionsDeps) {
  const now = deps.now();
  return { iso: now.toISOString(), wall: toWallClock(now, deps.timezone), today: wallDate(now, deps.timezone) };
}

type Transition = {
  kind: 'check_in' | 'check_out' | 'cancel';
  action: AssignedAction;
  pointId: string | null;
  /** When it counts: her tap time within its bounds (check-in, check-out), else now. */
  at?: TapTime;
  expected: 'started' | null;
  /** The organiser's statuses that refuse it (the contract's rules say the same; here in the statement too). */
  refusedGlobal: readonly ('hst_cancelled' | 'finished')[];
  set: { status?: 'started' | 'finished'; action_point_id?: string; cancelled_at?: string };
  location?: { latitude: number | null; longitude: number | null; accuracy?: number };
  cashTerminalId?: string;
};

/**
 * Changes her status in one transaction with its checks and the event that records it (time, point,
 * position): the reports derive start, end and duration from these. The action's row is locked first
 * (db/lock-action.ts) and `decide` reads and checks after it, so an office's write on the action at the
 * same moment (cancel, update, unassign), which takes the same lock, is either seen by the checks or
 * waits for this commit (issue 32, decision 105). The update is conditional on the statuses checked as
 * well (the guard in the statement), so that of two racing requests only one succeeds.
 */
async function transition(deps: ActionsDeps, caller: CallerUser, actionId: string | undefined, decide: (trx: Db) => Promise<Transition>) {
  const now = stamp(deps);
  return deps.db
    .transaction()
    .execute(async (trx) => {
      if (actionId) await lockAction(trx, actionId);
      const t = await decide(trx);
      const at = t.at ?? { iso: now.iso, wall: now.wall, receivedIso: now.iso };
      const changed = await repo.updateAssignment(
        trx,
        { actionId: t.action.id, userId: caller.userId, expectedStatus: t.expected, refusedGlobal: t.refusedGlobal },
        { ...t.set, last_status_at: at.wall },
      );
      if (!changed) throw new AppError('E_WRONG_ACTION_STATUS');
      await repo.insertStatusEvent(trx, {
        id: newId(),
        action_id: t.action.id,
        user_id: caller.userId,
        kind: t.kind,
        action_point_id: t.pointId,
        latitude: t.location?.latitude ?? null,
        longitude: t.location?.longitude ?? null,
        accuracy: t.location?.accuracy ?? null,
        cash_terminal_id: t.cashTerminalId ?? null,
        created_at: at.iso,
        wall_time: at.wall,
        received_at: at.receivedIso,
      });
      // Her check-in on her assignment too, in the same transaction: what the live day reads (decision 101).
      if (t.kind === 'check_in') {
        await repo.recordCheckIn(trx, {
          actionId: t.action.id,
          userId: caller.userId,
          at: at.iso,
          wallTime: at.wall,
          latitude: t.location?.latitude ?? null,
          longitude: t.location?.longitude ?? null,
        });
      }
      return t.action.id;
    })
    .catch((error: unknown) => {
      // The one-started-action index refused a check-in that raced another one.
      throw isUniqueViolation(error) ? new AppError('E_WRONG_ACTION_STATUS') : error;
    });
}

// Check-in, check-out and cancel follow the contract's rules, which the web app shows the same way.
const facts = (action: AssignedAction): ActionStatusFacts => ({
  globalStatus: action.global_status,
  userStatus: action.user_status,
  since: action.since,
});
const refuseWith = (code: ActionStatusRefusal | null) => {
  if (code) throw new AppError(code);
};

/** Her tap time within its bounds (decision 072): not before her last check-in or check-out, nor before the action's day. */
async function tapTimeOf(db: Db, deps: ActionsDeps, caller: CallerUser, action: AssignedAction, tappedAt: string | undefined) {
  const after = await repo.lastStatusEventAt(db, caller.userId);
  return tapTime(tappedAt, { now: deps.now(), timezone: deps.timezone, since: action.since, after });
}

// spec §4 Check-in: makes the action 'started' for her.
export async function checkIn(deps: ActionsDeps, caller: CallerUser, body: CheckInBody): Promise<Action> {
  const actionId = await transition(deps, caller, await namedActionId(deps.db, body), async (trx) => {
    const { point, action } = await requirePoint(trx, caller, body);
    refuseWith(checkInRefusal(facts(action), stamp(deps).today));
    await refuseWhileAnotherStarted(trx, caller);
    // spec §4 Start/end flow: answers, photos, then the check-in. A start is never recorded without its
    // proof (decision 072); checked after the refusals above, which keep their codes.
    if (!(await repo.hasStartPhotos(trx, action.id, caller.userId))) throw new AppError('E_START_PHOTOS_MISSING');
    return {
      kind: 'check_in',
      action,
      pointId: point.id,
      at: await tapTimeOf(trx, deps, caller, action, body.tappedAt),
      expected: null,
      refusedGlobal: ['hst_cancelled', 'finished'],
      set: { status: 'started', action_point_id: point.id },
      location: body.location,
      cashTerminalId: body.cashTerminal?.id,
    };
  });
  // Was she there (decision 138): judged after the commit, from her whole day.
  await positionDataStored(deps, { actionId, userId: caller.userId }, body.tappedAt);
  return getAction(deps, caller, actionId);
}

// spec §4 Check-out: only an action she has started; it becomes finished for her.
export async function checkOut(deps: ActionsDeps, caller: CallerUser, body: CheckOutBody): Promise<Action> {
  const actionId = await transition(deps, caller, await namedActionId(deps.db, body), async (trx) => {
    const { point, action } = await requirePoint(trx, caller, body);
    refuseWith(checkOutRefusal(facts(action)));
    return {
      kind: 'check_out',
      action,
      pointId: point.id,
      at: await tapTimeOf(trx, deps, caller, action, body.tappedAt),
      expected: 'started',
      refusedGlobal: ['hst_cancelled'],
      set: { status: 'finished' },
      location: body.location,
    };
  });
  await positionDataStored(deps, { actionId, userId: caller.userId }, body.tappedAt);
  return getAction(deps, caller, actionId);
}

// spec §4 Cancel flow: only before she has started; the action leaves her list.
export async function cancel(deps: ActionsDeps, caller: CallerUser, body: CancelActionBody): Promise<void> {
  await transition(deps, caller, await namedActionId(deps.db, body), async (trx) => {
    const { point, action } = body.actionPoint
      ? await requirePoint(trx, caller, { actionPoint: body.actionPoint, action: body.action })
      : { point: null, action: await requireAssignedAction(trx, caller, body.action!.uuid) };
    // Only before she has started: a finished action is no 'already closed' case here.
    refuseWith(cancelRefusal(facts(action)));
    return {
      kind: 'cancel',
      action,
      pointId: point?.id ?? null,
      expected: null,
      refusedGlobal: ['hst_cancelled'],
      set: { cancelled_at: deps.now().toISOString() },
    };
  });
}

// spec §4 Location tracking: pings only for the action she has started; stored with server time.
export async function saveLocation(deps: ActionsDeps, caller: CallerUser, body: SaveLocationBody): Promise<void> {
  // Pings of the action she is running are kept even if the organiser cancelled it meanwhile.
  const action = await requireActionInStatus(deps.db, caller, body.action.uuid, {
    userStatus: 'started',
    refusedGlobal: [],
    whenFinished: 'E_WRONG_ACTION_STATUS',
  });
  const at = stamp(deps);
  const { latitude, longitude, accuracy, capturedAt } = body.location;
  // The ping, and her newest position on her assignment (what the live day reads, decision 096), in one commit.
  await commitTogether(deps.db, [
    (q) =>
      repo.insertLocation(q, {
        id: newId(),
        action_id: action.id,
        user_id: caller.userId,
        latitude,
        longitude,
        accuracy,
        captured_at: capturedAt ?? null,
        created_at: at.iso,
        wall_time: at.wall,
      }),
    (q) =>
      repo.recordLastPing(q, {
        actionId: action.id,
        userId: caller.userId,
        latitude,
        longitude,
        accuracy,
        at: pingTakenAt(capturedAt, at.iso),
      }),
  ]);
  await positionDataStored(deps, { actionId: action.id, userId: caller.userId });
}

/** When her phone took the ping, ISO UTC: its capture time, never later than its arrival (a phone's clock may run ahead). */
function pingTakenAt(capturedAt: string | undefined, arrivedAt: string): string {
  const captured = capturedAt === undefined ? NaN : Date.parse(capturedAt);
  return Number.isNaN(captured) || captured >= Date.parse(arrivedAt) ? arrivedAt : new Date(captured).toISOString();
}
