import { toWallClock } from '@promotor/contract/wall-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';

describe.each(testDatabases)('poll answers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const startPoll = (token: string, uuid: string, answers: string[]) =>
    post(
      t.app,
      '/poll/answer',
      { action: { uuid }, poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: answers }] } },
      token,
    );
  const endPoll = (token: string, uuid: string, reason: string, text?: string, tappedAt?: string) =>
    post(
      t.app,
      '/poll/answer',
      {
        action: { uuid },
        poll: {
          ident: 'action_end',
          content: [{ question_ident: 'q0', answer_ident: [reason], ...(text === undefined ? {} : { answer_text: text }) }],
        },
        ...(tappedAt ? { tappedAt } : {}),
      },
      token,
    );
  /** The app's wall clock `minutes` from the test clock's now. */
  const wallIn = (minutes: number) => toWallClock(new Date(t.clock.now().getTime() + minutes * 60_000), t.config.timezone);

  it('the start checklist is stored before check-in; answering again replaces it', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    expect((await startPoll(ewa.token, action.uuid, ['has_badge', 'has_tablet'])).statusCode).toBe(200);
    expect((await startPoll(ewa.token, action.uuid, ['has_badge', 'has_tablet', 'has_outfit', 'has_product_stock'])).statusCode).toBe(200);
    const rows = await t.db.selectFrom('poll_answers').selectAll().where('action_id', '=', action.uuid).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.content)).toEqual([
      { question_ident: 'q0', answer_ident: ['has_badge', 'has_tablet', 'has_outfit', 'has_product_stock'] },
    ]);
  });

  it('an unknown checkbox ident is refused', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    expect((await startPoll(ewa.token, action.uuid, ['has_umbrella'])).statusCode).toBe(400);
  });

  it("the end reason 'other' needs its text; the text is stored", async () => {
    const ewa = await buildSignedInPromoter(t);
    const started = await buildAction(t, ewa, { status: 'started' });
    const missing = await endPoll(ewa.token, started.uuid, 'other');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.details).toEqual([{ path: 'body.poll.content.0.answer_text', message: 'To pole jest wymagane' }]);
    expect((await endPoll(ewa.token, started.uuid, 'other', '   ')).statusCode).toBe(400);
    expect((await endPoll(ewa.token, started.uuid, 'other', 'Awaria prądu w sklepie')).statusCode).toBe(200);
    const [row] = await t.db.selectFrom('poll_answers').selectAll().where('action_id', '=', started.uuid).execute();
    expect(JSON.parse(row!.content)[0].answer_text).toBe('Awaria prądu w sklepie');
  });

  it("an end on plan needs no reason: 'as_planned' is taken from 15 minutes before the planned end on, refused earlier (decision 119)", async () => {
    // One started action each (one runs at a time): a promoter of its own.
    const started = async (until: number) => {
      const promoter = await buildSignedInPromoter(t);
      const action = await buildAction(t, promoter, { status: 'started', since: wallIn(-180), until: wallIn(until) });
      return { ...action, token: promoter.token };
    };
    const early = await started(60);
    const refused = await endPoll(early.token, early.uuid, 'as_planned');
    expect([refused.statusCode, refused.json().data.error]).toEqual([422, 'E_END_REASON_REQUIRED']);
    expect(await t.db.selectFrom('poll_answers').selectAll().where('action_id', '=', early.uuid).execute()).toEqual([]);
    expect((await endPoll(early.token, early.uuid, 'no_sales')).statusCode).toBe(200);

    for (const until of [10, -30]) {
      const onPlan = await started(until);
      expect((await endPoll(onPlan.token, onPlan.uuid, 'as_planned')).statusCode).toBe(200);
      const [row] = await t.db.selectFrom('poll_answers').selectAll().where('action_id', '=', onPlan.uuid).execute();
      expect(JSON.parse(row!.content)).toEqual([{ question_ident: 'q0', answer_ident: ['as_planned'] }]);
    }
    // Sent late from her outbox: it counts when she tapped, two hours before a plan that is over now.
    const tappedEarly = await started(-30);
    const late = await endPoll(
      tappedEarly.token,
      tappedEarly.uuid,
      'as_planned',
      undefined,
      new Date(t.clock.now().getTime() - 120 * 60_000).toISOString(),
    );
    expect(late.json().data.error).toBe('E_END_REASON_REQUIRED');
  });

  it('the end poll needs a started action, and no poll goes to a cancelled one', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    expect((await endPoll(ewa.token, action.uuid, 'no_sales')).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    const cancelled = await buildAction(t, ewa, { global: 'hst_cancelled' });
    expect((await startPoll(ewa.token, cancelled.uuid, [])).json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });
});
