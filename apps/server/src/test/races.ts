import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/kysely.ts';

// The race harness (issue 32): N calls at once, their outcomes, and the database's invariants after
// them. A race test asserts what any order of the calls allows (one winner, the loser's 4xx code, no
// 5xx, nothing half-written), never who wins.

/** What a call answered: its status, the envelope's error code, and whether it was a replayed answer. */
export type Outcome = { status: number; error: string | null; replayed: boolean };

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

export function outcomeOf(res: Answer): Outcome {
  let error: string | null = null;
  if (res.statusCode >= 400) {
    try {
      error = (JSON.parse(res.body) as { data?: { error?: string } }).data?.error ?? null;
    } catch {
      error = null;
    }
  }
  return { status: res.statusCode, error, replayed: res.headers['idempotent-replayed'] === 'true' };
}

/** An outcome as one word, for messages and for comparing sets of outcomes: '200', '409 E_WRONG_ACTION_STATUS'. */
export const label = (o: Outcome): string => (o.error ? `${o.status} ${o.error}` : String(o.status));

/** Fires the calls at once (Promise.all) and answers their outcomes in the calls' order. */
export async function race(calls: readonly (() => Promise<Answer>)[]): Promise<Outcome[]> {
  const answers = await Promise.all(calls.map((call) => call()));
  return answers.map(outcomeOf);
}

/** The same call `n` times at once. */
export const raceSame = (n: number, call: (i: number) => Promise<Answer>): Promise<Outcome[]> =>
  race(Array.from({ length: n }, (_, i) => () => call(i)));

/** The outcomes' labels, sorted: what a test compares without depending on who won. */
export const sortedLabels = (outcomes: readonly Outcome[]): string[] => outcomes.map(label).sort();

/** The 5xx among the outcomes (a race must answer each call with a defined outcome). */
export const serverErrors = (outcomes: readonly Outcome[]): Outcome[] => outcomes.filter((o) => o.status >= 500);

/**
 * Holds requests in a preHandler (after authentication and the Idempotency-Key check) so that racing
 * calls reach their handlers together even on a busy machine: install `hook` with createTestApp's
 * `prepare`, then `together` before a race, or `hold` to keep one request running while others arrive.
 */
export function requestGate() {
  let armed: { paths: readonly string[]; count: number; waiting: (() => void)[] } | null = null;
  let held: { path: string; release: Promise<void>; reached: () => void } | null = null;
  const matches = (request: FastifyRequest, paths: readonly string[]) => paths.some((p) => request.url.split('?')[0] === `/api${p}`);

  const hook = async (request: FastifyRequest) => {
    if (held && matches(request, [held.path])) {
      const h = held;
      held = null;
      h.reached();
      await h.release;
      return;
    }
    if (!armed || !matches(request, armed.paths)) return;
    const gate = armed;
    await new Promise<void>((resolve) => {
      gate.waiting.push(resolve);
      if (gate.waiting.length === gate.count) {
        armed = null;
        for (const go of gate.waiting) go();
      }
    });
  };

  return {
    hook,
    /** The next `count` requests to these paths wait for each other, then go on together. */
    together(paths: readonly string[], count: number) {
      armed = { paths, count, waiting: [] };
    },
    /**
     * The next request to `path` that passes the Idempotency-Key check stops in the preHandler until
     * `release()`; `reached` settles once it is there.
     */
    hold(path: string) {
      let release!: () => void;
      let reached!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const arrived = new Promise<void>((r) => (reached = r));
      held = { path, release: released, reached };
      return { reached: arrived, release };
    },
  };
}

export type RequestGate = ReturnType<typeof requestGate>;

/**
 * The invariants of actions and their assignments that no interleaving of writes may break; answers
 * each broken one as a sentence (none: all hold).
 * - An action's status agrees with its assignments: a cancelled action has nobody started or finished
 *   on it (the organiser cancels only what nobody has started, spec §2).
 * - She never runs an action that starts on a later day than her check-in (an update that moved it
 *   raced her start), nor at a point that is not the action's.
 * - One running action per promoter (spec §2).
 */
export async function actionInvariantViolations(db: Db, o: { actionIds?: readonly string[] } = {}): Promise<string[]> {
  const rows = await db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .leftJoin('action_points as p', 'p.id', 's.action_point_id')
    .select([
      'a.id',
      'a.global_status',
      'a.since',
      's.user_id',
      's.status',
      's.cancelled_at',
      's.checked_in_wall_time',
      's.action_point_id',
      'p.action_id as point_action_id',
    ])
    .execute();
  const violations: string[] = [];
  const running = new Map<string, string[]>();
  const checked = o.actionIds ? new Set(o.actionIds) : undefined;
  for (const r of rows) {
    if (r.status === 'started') running.set(r.user_id, [...(running.get(r.user_id) ?? []), r.id]);
    if (checked && !checked.has(r.id)) continue;
    const run = r.status === 'started' || r.status === 'finished';
    if (run && r.global_status === 'hst_cancelled') violations.push(`action ${r.id} is cancelled with her (${r.user_id}) ${r.status}`);
    if (run && r.checked_in_wall_time !== null && r.since.slice(0, 10) > r.checked_in_wall_time.slice(0, 10)) {
      violations.push(`action ${r.id} starts ${r.since}, later than her check-in at ${r.checked_in_wall_time}`);
    }
    if (r.action_point_id !== null && r.point_action_id !== r.id) violations.push(`her point on action ${r.id} is not one of its points`);
  }
  for (const [userId, ids] of running) if (ids.length > 1) violations.push(`promoter ${userId} runs ${ids.length} actions at once`);
  return violations;
}
