import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNA, createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { findAction } from '../../test/builders.ts';
import { wallDate } from '../../lib/time.ts';

describe.each(testDatabases)('poll answers (%s)', (dialect) => {
  let t: TestApp;
  let anna: string;
  let since: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    anna = await loginAs(t.app, ANNA);
    since = `${wallDate(t.clock.now(), t.config.timezone)} 00:00:00`;
  });
  afterAll(() => t.close());

  const startPoll = (uuid: string, answers: string[]) =>
    post(t.app, '/poll/answer', { action: { uuid }, poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: answers }] } }, anna);
  const endPoll = (uuid: string, reason: string, text?: string) =>
    post(t.app, '/poll/answer', {
      action: { uuid },
      poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: [reason], ...(text === undefined ? {} : { answer_text: text }) }] },
    }, anna);

  it('the start checklist is stored before check-in; answering again replaces it', async () => {
    const zabka = await findAction(t.app, anna, since, 'Żabka');
    expect((await startPoll(zabka.uuid, ['has_badge', 'has_tablet'])).statusCode).toBe(200);
    expect((await startPoll(zabka.uuid, ['has_badge', 'has_tablet', 'has_outfit', 'has_product_stock'])).statusCode).toBe(200);
    const rows = await t.db.selectFrom('poll_answers').selectAll().where('action_id', '=', zabka.uuid).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.content)).toEqual([{ question_ident: 'q0', answer_ident: ['has_badge', 'has_tablet', 'has_outfit', 'has_product_stock'] }]);
  });

  it('an unknown checkbox ident is refused', async () => {
    const zabka = await findAction(t.app, anna, since, 'Żabka');
    expect((await startPoll(zabka.uuid, ['has_umbrella'])).statusCode).toBe(400);
  });

  it("the end reason 'other' needs its text; the text is stored", async () => {
    const kiosk = await findAction(t.app, anna, since, 'Kiosk Nowy');
    const missing = await endPoll(kiosk.uuid, 'other');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.details).toEqual([{ path: 'body.poll.content.0.answer_text', message: 'To pole jest wymagane' }]);
    expect((await endPoll(kiosk.uuid, 'other', '   ')).statusCode).toBe(400);
    expect((await endPoll(kiosk.uuid, 'other', 'Awaria prądu w sklepie')).statusCode).toBe(200);
    const [row] = await t.db.selectFrom('poll_answers').selectAll().where('action_id', '=', kiosk.uuid).execute();
    expect(JSON.parse(row!.content)[0].answer_text).toBe('Awaria prądu w sklepie');
  });

  it('the end poll needs a started action, and no poll goes to a cancelled one', async () => {
    const zabka = await findAction(t.app, anna, since, 'Żabka');
    expect((await endPoll(zabka.uuid, 'no_sales')).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    const relay = await findAction(t.app, anna, since, 'Relay');
    expect((await startPoll(relay.uuid, [])).json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });
});
