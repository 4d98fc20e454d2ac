import type { IntegrityEvidence } from '@promotor/contract';
import { checkIn } from './action-steps.ts';
import { buildAction, type BuiltAction } from './builders.ts';
import { PKIN, wallAt, type Position } from './live.ts';
import { post, type TestApp } from './test-app.ts';

// Issue 38 (decision 138): an action day as her phone sends it, and the flags it raised.

const HOUR = 3_600_000;

/** An action at one point at `at` (PKIN by default), planned from an hour ago for twelve hours. */
export async function buildActionAt(t: TestApp, promoter: { userId: string }, at: Position | null = PKIN): Promise<BuiltAction> {
  const action = await buildAction(t, promoter, { since: wallAt(t, -HOUR), until: wallAt(t, 12 * HOUR) });
  if (at) await t.db.updateTable('action_points').set(at).where('id', '=', action.points[0]!).execute();
  return action;
}

/** Her check-in from `position` with its accuracy (start photos first); throws unless 200. */
export async function checkInFrom(
  t: TestApp,
  token: string,
  action: BuiltAction,
  position: Position,
  accuracy?: number,
  extra: object = {},
) {
  const location = { ...position, ...(accuracy === undefined ? {} : { accuracy }) };
  const res = await checkIn(t.app, token, action, { location, ...extra });
  if (res.statusCode !== 200) throw new Error(`check-in: ${res.body}`);
}

/** A ping taken `agoMs` before it arrives now (an outbox's late one), with its accuracy. */
export function sendPing(
  t: TestApp,
  token: string,
  action: BuiltAction,
  position: Position,
  o: { accuracy?: number; agoMs?: number } = {},
) {
  const capturedAt = new Date(t.clock.now().getTime() - (o.agoMs ?? 0)).toISOString();
  const location = { ...position, accuracy: o.accuracy ?? 30, capturedAt };
  return post(t.app, '/action/location/save', { action: { uuid: action.uuid }, location }, token);
}

export async function ping(
  t: TestApp,
  token: string,
  action: BuiltAction,
  position: Position,
  o: { accuracy?: number; agoMs?: number } = {},
) {
  const res = await sendPing(t, token, action, position, o);
  if (res.statusCode !== 200) throw new Error(`ping: ${res.body}`);
}

export type StoredFlag = { kind: string; subject: string; evidence: IntegrityEvidence };

/** Her flags on the action, kind and subject ordered. */
export async function flagsOn(t: TestApp, action: BuiltAction, promoter: { userId: string }): Promise<StoredFlag[]> {
  const rows = await t.db
    .selectFrom('integrity_flags')
    .select(['kind', 'subject', 'evidence'])
    .where('action_id', '=', action.uuid)
    .where('user_id', '=', promoter.userId)
    .orderBy('kind')
    .orderBy('subject')
    .execute();
  return rows.map((r) => ({ kind: r.kind, subject: r.subject, evidence: JSON.parse(r.evidence) as IntegrityEvidence }));
}

export const kindsOf = (flags: readonly StoredFlag[]) =>
  flags.map((f) => (f.subject ? `${f.kind} ${f.subject.replace(/:[^>]+/g, '')}` : f.kind));
