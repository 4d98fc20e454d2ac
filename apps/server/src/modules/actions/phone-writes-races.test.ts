import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';
import { buildJpeg, uploadPhotos } from '../../test/files.ts';
import { PKIN, north, startAt } from '../../test/live.ts';
import { raceSame, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32's race harness for the calls her phone sends during an action that the office's writes do
// not meet (test/races.ts; the office's are in staff-promoter-races.test.ts): the same call from two
// phones, or an outbox flushing many at once, without an Idempotency-Key.

const CONCURRENT = 10;

describe.each(testDatabases)('her phone sending one kind of call many times at once (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
  });
  afterAll(() => t.close());

  it(`her start checklist sent ${CONCURRENT} times at once: every call 200, one answer kept`, async () => {
    const her = await buildSignedInPromoter(t);
    const action = await buildAction(t, her);
    const body = {
      action: { uuid: action.uuid },
      poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: ['has_badge', 'has_tablet'] }] },
    };
    gate.together(['/poll/answer'], CONCURRENT);
    const answers = await raceSame(CONCURRENT, () => post(t.app, '/poll/answer', body, her.token));
    expect(sortedLabels(answers)).toEqual(Array(CONCURRENT).fill('200'));
    const rows = await t.db.selectFrom('poll_answers').select('ident').where('action_id', '=', action.uuid).execute();
    expect(rows).toEqual([{ ident: 'action_start' }]);
  });

  it(`${CONCURRENT} pings at once (her outbox flushing): every one kept, her position on the live day the latest taken`, async () => {
    const her = await buildSignedInPromoter(t);
    const action = await buildAction(t, her);
    await startAt(t, her.token, action, PKIN);
    const taken = (i: number) => new Date(t.clock.now().getTime() - (CONCURRENT - i) * 60_000).toISOString();
    gate.together(['/action/location/save'], CONCURRENT);
    // Sent in an order that is not the order they were taken in.
    const answers = await raceSame(CONCURRENT, (i) => {
      const n = (i * 7) % CONCURRENT;
      const location = { ...north(PKIN, n * 10), accuracy: 10, capturedAt: taken(n) };
      return post(t.app, '/action/location/save', { action: { uuid: action.uuid }, location }, her.token);
    });
    expect(sortedLabels(answers)).toEqual(Array(CONCURRENT).fill('200'));
    const pings = await t.db.selectFrom('action_locations').select('id').where('action_id', '=', action.uuid).execute();
    expect(pings).toHaveLength(CONCURRENT);
    const assignment = await t.db
      .selectFrom('action_assignments')
      .select(['last_ping_at', 'last_ping_latitude'])
      .where('action_id', '=', action.uuid)
      .executeTakeFirstOrThrow();
    expect(assignment).toEqual({ last_ping_at: taken(CONCURRENT - 1), last_ping_latitude: north(PKIN, (CONCURRENT - 1) * 10).latitude });
  });

  it('her end photos sent from two phones at once: one set kept, the other told they are there, no 5xx', async () => {
    const her = await buildSignedInPromoter(t);
    const action = await buildAction(t, her);
    await startAt(t, her.token, action, null);
    gate.together(['/action/file/create'], 2);
    const answers = await raceSame(2, () =>
      uploadPhotos(t.app, her.token, { action: { uuid: action.uuid }, ident: 'bereal_end' }, [buildJpeg(), buildJpeg()]),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(sortedLabels(answers)).toEqual(['200', '409 E_FILE_ALREADY_EXISTS']);
    const rows = await t.db
      .selectFrom('action_files')
      .select('id')
      .where('action_id', '=', action.uuid)
      .where('ident', '=', 'bereal_end')
      .execute();
    expect(rows).toHaveLength(2);
  });
});
