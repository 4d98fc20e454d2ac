import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAction, buildSignedInPromoter, wallTime } from '../test/builders.ts';
import { label, outcomeOf, raceSame, serverErrors, requestGate } from '../test/races.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../test/test-app.ts';

// Issue 32, item 4: one Idempotency-Key sent 20 times at once (decision 005). The request that took the
// key runs once; a duplicate that arrives while it runs is told so (409 E_IDEMPOTENCY_IN_PROGRESS); a
// later one gets the stored answer. Both databases: the pending row is a unique key, not a read.

const CONCURRENT = 20;

describe.each(testDatabases)(`one Idempotency-Key sent ${CONCURRENT} times at once (%s)`, (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
  });
  afterAll(() => t.close());

  /** Her cancel of a planned action: one status event each time it really runs. */
  async function cancelling() {
    const her = await buildSignedInPromoter(t);
    const action = await buildAction(t, her, { since: wallTime(t, 1, '10:00') });
    const headers = { 'idempotency-key': `race-${randomUUID()}` };
    const send = () => post(t.app, '/action/cancel', { action: { uuid: action.uuid } }, her.token, headers);
    const cancels = async () =>
      (
        await t.db
          .selectFrom('action_status_events')
          .select('id')
          .where('action_id', '=', action.uuid)
          .where('kind', '=', 'cancel')
          .execute()
      ).length;
    return { send, cancels };
  }

  it(`while the first still runs, the other ${CONCURRENT - 1} are told it is in progress; it runs once; a later one gets its answer`, async () => {
    const { send, cancels } = await cancelling();
    // The request that takes the key stops before its handler until every duplicate has been answered.
    const first = gate.hold('/action/cancel');
    const answers = Array.from({ length: CONCURRENT }, () => send());
    await first.reached;
    const settled: Awaited<ReturnType<typeof send>>[] = [];
    for (const answer of answers) void answer.then((res) => settled.push(res));
    await expect.poll(() => settled.length, { timeout: 10_000 }).toBe(CONCURRENT - 1);
    expect(settled.map((res) => label(outcomeOf(res)))).toEqual(Array(CONCURRENT - 1).fill('409 E_IDEMPOTENCY_IN_PROGRESS'));
    first.release();

    const all = (await Promise.all(answers)).map(outcomeOf);
    expect(all.filter((o) => o.status === 200)).toEqual([{ status: 200, error: null, replayed: false }]);
    expect(await cancels()).toBe(1);
    const ran = (await Promise.all(answers)).find((res) => res.statusCode === 200)!;
    const later = await send();
    expect(outcomeOf(later)).toEqual({ status: 200, error: null, replayed: true });
    expect(later.body).toBe(ran.body);
    expect(await cancels()).toBe(1);
  });

  it('sent at once without a pause: it runs once, every other answer is "in progress" or the stored answer, no 5xx', async () => {
    const { send, cancels } = await cancelling();
    const answers = await raceSame(CONCURRENT, () => send());
    expect(serverErrors(answers)).toEqual([]);
    const kinds = answers.map((o) => (o.replayed ? 'stored answer' : label(o)));
    expect(kinds.filter((k) => k === '200')).toHaveLength(1);
    expect(kinds.filter((k) => k !== '200' && k !== 'stored answer' && k !== '409 E_IDEMPOTENCY_IN_PROGRESS')).toEqual([]);
    expect(await cancels()).toBe(1);
    expect(outcomeOf(await send())).toEqual({ status: 200, error: null, replayed: true });
  });
});
