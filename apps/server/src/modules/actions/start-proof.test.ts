import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildSignedInPromoter, type BuiltAction } from '../../test/builders.ts';
import { checkIn, checkInOnly, checkOut, sendStartPhotos } from '../../test/action-steps.ts';
import { buildJpeg, uploadPhotos } from '../../test/files.ts';

// Issue 20 item 1 (decision 072): spec §4 sends the answers, the photos, then the check-in. A check-in
// without the start photos of its action is refused, after every earlier refusal, with its own code,
// so a start is never recorded without its proof.

describe.each(testDatabases)('the start photos a check-in needs (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const startPoll = (token: string, a: BuiltAction) =>
    post(
      t.app,
      '/poll/answer',
      { action: { uuid: a.uuid }, poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: [] }] } },
      token,
    );
  const endPoll = (token: string, a: BuiltAction) =>
    post(
      t.app,
      '/poll/answer',
      { action: { uuid: a.uuid }, poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['no_traffic'] }] } },
      token,
    );
  const endPhotos = (token: string, a: BuiltAction) =>
    uploadPhotos(t.app, token, { action: { uuid: a.uuid }, ident: 'bereal_end' }, [buildJpeg(), buildJpeg()]);
  const herStatus = async (userId: string, a: BuiltAction) =>
    (
      await t.db
        .selectFrom('action_assignments')
        .select('status')
        .where('action_id', '=', a.uuid)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).status;
  const eventsOf = (a: BuiltAction) => t.db.selectFrom('action_status_events').select('kind').where('action_id', '=', a.uuid).execute();

  it('a check-in without her start photos is refused with E_START_PHOTOS_MISSING and records nothing', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    expect((await startPoll(ewa.token, shop)).statusCode).toBe(200);
    const res = await checkInOnly(t.app, ewa.token, shop);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ data: { error: 'E_START_PHOTOS_MISSING' }, meta: { ts: expect.any(String) } });
    expect(await herStatus(ewa.userId, shop)).toBeNull();
    expect(await eventsOf(shop)).toEqual([]);

    expect((await sendStartPhotos(t.app, ewa.token, shop)).statusCode).toBe(200);
    expect((await checkInOnly(t.app, ewa.token, shop)).statusCode).toBe(200);
    expect(await herStatus(ewa.userId, shop)).toBe('started');
  });

  it('the earlier refusals keep their codes when the photos are missing too', async () => {
    const ewa = await buildSignedInPromoter(t);
    const running = await buildAction(t, ewa);
    const cancelled = await buildAction(t, ewa, { global: 'hst_cancelled' });
    const finished = await buildAction(t, ewa, { status: 'finished', global: 'accepted' });
    const other = await buildAction(t, ewa);
    const unknownPoint = await checkInOnly(t.app, ewa.token, other, { actionPoint: { uuid: 'no-such-point' } });
    expect(unknownPoint.json().data.error).toBe('E_ACTION_POINT_NOT_FOUND');
    expect((await checkInOnly(t.app, ewa.token, cancelled)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await checkInOnly(t.app, ewa.token, finished)).json().data.error).toBe('E_ACTION_ALREADY_CHECK_OUT');
    expect((await checkIn(t.app, ewa.token, running)).statusCode).toBe(200);
    const whileRunning = await checkInOnly(t.app, ewa.token, other);
    expect(whileRunning.statusCode).toBe(409);
    expect(whileRunning.json().data).toEqual({ error: 'E_WRONG_ACTION_STATUS', details: { startedAction: running.uuid } });
  });

  it('start photos of another promoter or another action of hers do not count', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const kiosk = await buildAction(t, ewa);
    expect((await sendStartPhotos(t.app, ewa.token, kiosk)).statusCode).toBe(200);
    expect((await checkInOnly(t.app, ewa.token, shop)).json().data.error).toBe('E_START_PHOTOS_MISSING');
  });

  it('finishing A and starting B in the order she made them is all accepted; B started first never without its photos', async () => {
    const ewa = await buildSignedInPromoter(t);
    const velo = await buildAction(t, ewa);
    const glo = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, velo)).statusCode).toBe(200);

    // Out of order (what the outbox did before the fix): B's photos before A's check-out are refused,
    // and B's check-in after A's check-out is then refused too, instead of a start without proof.
    expect((await startPoll(ewa.token, glo)).statusCode).toBe(200);
    expect((await sendStartPhotos(t.app, ewa.token, glo)).json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect((await endPoll(ewa.token, velo)).statusCode).toBe(200);
    expect((await endPhotos(ewa.token, velo)).statusCode).toBe(200);
    expect((await checkOut(t.app, ewa.token, velo)).statusCode).toBe(200);
    expect((await checkInOnly(t.app, ewa.token, glo)).json().data.error).toBe('E_START_PHOTOS_MISSING');
    expect(await herStatus(ewa.userId, glo)).toBeNull();

    // In order, every step is accepted.
    const zabka = await buildAction(t, ewa);
    const kiosk = await buildAction(t, ewa);
    expect((await checkIn(t.app, ewa.token, zabka)).statusCode).toBe(200);
    for (const step of [
      () => endPoll(ewa.token, zabka),
      () => endPhotos(ewa.token, zabka),
      () => checkOut(t.app, ewa.token, zabka),
      () => startPoll(ewa.token, kiosk),
      () => sendStartPhotos(t.app, ewa.token, kiosk),
      () => checkInOnly(t.app, ewa.token, kiosk),
    ]) {
      expect((await step()).statusCode).toBe(200);
    }
    expect(await herStatus(ewa.userId, kiosk)).toBe('started');
  });
});
