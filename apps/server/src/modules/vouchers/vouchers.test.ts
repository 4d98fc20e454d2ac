import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWallClock } from '@promotor/contract/wall-clock';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildEvent, buildSignedInPromoter, buildVoucherBatch, wallDay, wallTime } from '../../test/builders.ts';
import { checkIn, checkOut } from '../../test/action-steps.ts';

describe.each(testDatabases)('vouchers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** The wall clock `minutes` from the test clock's now. */
  const wallIn = (minutes: number) => toWallClock(new Date(t.clock.now().getTime() + minutes * 60_000), t.config.timezone);

  /** A promoter with an action of the event, checked in through the API unless told otherwise. */
  async function promoterIn(eventId: string, o: { started?: boolean } = {}) {
    const promoter = await buildSignedInPromoter(t);
    const action = await buildAction(t, promoter, { eventId });
    if (o.started !== false) expect((await checkIn(t.app, promoter.token, action)).statusCode).toBe(200);
    return { ...promoter, action };
  }

  const call = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
    post(t.app, `/voucher/${path}`, body, token, headers);

  const redeem = (token: string, batch: string, codes: string[], dateTime = wallIn(0), headers: Record<string, string> = {}) =>
    call('redeem', { redemption: { dateTime }, batch: { uuid: batch }, vouchers: codes.map((uuid) => ({ uuid })) }, token, headers);

  const stored = (ids: string[]) =>
    t.db
      .selectFrom('vouchers')
      .select(['id', 'assigned_to', 'redeemed_at', 'redeemed_by', 'redeemed_date_time', 'redeemed_action_id'])
      .where('id', 'in', ids)
      .execute();

  const errorOf = (res: { statusCode: number; json: () => { data: { error: string } } }) => [res.statusCode, res.json().data.error];

  it('lists the batches of an event she works on, by ident, and refuses any other event', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId, { started: false });
    await buildVoucherBatch(t, eventId, { ident: 'velo 2 saszetki' });
    await buildVoucherBatch(t, eventId, { ident: 'glo hyper X2' });
    const res = await call('batches', { event: { uuid: eventId } }, ewa.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.batches.map((b: { ident: string }) => b.ident)).toEqual(['glo hyper X2', 'velo 2 saszetki']);

    const otherEvent = await buildEvent(t);
    await buildVoucherBatch(t, otherEvent);
    expect(errorOf(await call('batches', { event: { uuid: otherEvent } }, ewa.token))).toEqual([404, 'E_EVENT_NOT_FOUND']);
    expect(errorOf(await call('batches', { event: { uuid: 'nie-ma-takiego' } }, ewa.token))).toEqual([404, 'E_EVENT_NOT_FOUND']);
  });

  it('an event whose only action she cancelled is no longer hers', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId, { started: false });
    await buildVoucherBatch(t, eventId);
    const cancel = await post(t.app, '/action/cancel', { action: { uuid: ewa.action.uuid } }, ewa.token);
    expect(cancel.statusCode).toBe(200);
    expect(errorOf(await call('batches', { event: { uuid: eventId } }, ewa.token))).toEqual([404, 'E_EVENT_NOT_FOUND']);
  });

  it('lists only her codes of the batch, a given one with its dateTime', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const ola = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, {
      pool: 3,
      holders: [
        { userId: ewa.userId, codes: 2 },
        { userId: ola.userId, codes: 2 },
      ],
    });
    const [first, second] = batch.codes[ewa.userId]!;
    const at = wallIn(0);
    expect((await redeem(ewa.token, batch.uuid, [first!.uuid], at)).statusCode).toBe(200);

    const res = await call('vouchers', { batch: { uuid: batch.uuid } }, ewa.token);
    expect(res.statusCode).toBe(200);
    const listed = res.json().data.vouchers as { uuid: string; ident: string; redeemed: unknown }[];
    expect(listed.map((v) => v.uuid).sort()).toEqual([first!.uuid, second!.uuid].sort());
    expect(listed.find((v) => v.uuid === first!.uuid)).toEqual({ uuid: first!.uuid, ident: first!.ident, redeemed: { dateTime: at } });
    expect(listed.find((v) => v.uuid === second!.uuid)).toEqual({ uuid: second!.uuid, ident: second!.ident, redeemed: null });
  });

  it("another event's batch is not found for her: list, top-up, generate and redeem", async () => {
    const ewa = await promoterIn(await buildEvent(t));
    const otherEvent = await buildEvent(t);
    const ola = await promoterIn(otherEvent);
    const batch = await buildVoucherBatch(t, otherEvent, { pool: 5, holders: [{ userId: ola.userId, codes: 1 }] });
    for (const path of ['vouchers', 'top-up', 'generate']) {
      expect(errorOf(await call(path, { batch: { uuid: batch.uuid } }, ewa.token))).toEqual([404, 'E_VOUCHER_BATCH_NOT_FOUND']);
    }
    expect(errorOf(await redeem(ewa.token, batch.uuid, [batch.codes[ola.userId]![0]!.uuid]))).toEqual([404, 'E_VOUCHER_BATCH_NOT_FOUND']);
    expect((await stored(batch.pool)).every((v) => v.assigned_to === null)).toBe(true);
    expect((await stored([batch.codes[ola.userId]![0]!.uuid]))[0]!.redeemed_at).toBeNull();
  });

  it("another promoter's code, or one of the pool, is not found and nothing is given", async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const ola = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, {
      pool: 1,
      holders: [
        { userId: ewa.userId, codes: 1 },
        { userId: ola.userId, codes: 1 },
      ],
    });
    const hers = batch.codes[ewa.userId]![0]!.uuid;
    const olas = batch.codes[ola.userId]![0]!.uuid;
    expect(errorOf(await redeem(ewa.token, batch.uuid, [hers, olas]))).toEqual([404, 'E_VOUCHER_NOT_FOUND']);
    expect(errorOf(await redeem(ewa.token, batch.uuid, [batch.pool[0]!]))).toEqual([404, 'E_VOUCHER_NOT_FOUND']);
    expect((await stored([hers, olas, batch.pool[0]!])).every((v) => v.redeemed_at === null)).toBe(true);
  });

  it('redeems her codes during her started action, storing the dateTime as sent, arrival and action', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 3 }] });
    const [a, b, c] = batch.codes[ewa.userId]!;
    const at = wallIn(0);
    const res = await redeem(ewa.token, batch.uuid, [a!.uuid, b!.uuid, a!.uuid], at);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vouchers).toEqual([
      { uuid: a!.uuid, ident: a!.ident, redeemed: { dateTime: at } },
      { uuid: b!.uuid, ident: b!.ident, redeemed: { dateTime: at } },
    ]);
    const rows = await stored([a!.uuid, b!.uuid, c!.uuid]);
    for (const id of [a!.uuid, b!.uuid]) {
      expect(rows.find((r) => r.id === id)).toMatchObject({
        redeemed_at: t.clock.now().toISOString(),
        redeemed_by: ewa.userId,
        redeemed_date_time: at,
        redeemed_action_id: ewa.action.uuid,
      });
    }
    expect(rows.find((r) => r.id === c!.uuid)!.redeemed_at).toBeNull();
  });

  it('an already given code is refused with E_VOUCHER_ALREADY_REDEEMED, and the others in the call stay unused', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 2 }] });
    const [a, b] = batch.codes[ewa.userId]!;
    const first = wallIn(0);
    expect((await redeem(ewa.token, batch.uuid, [a!.uuid], first)).statusCode).toBe(200);
    expect(errorOf(await redeem(ewa.token, batch.uuid, [b!.uuid, a!.uuid]))).toEqual([409, 'E_VOUCHER_ALREADY_REDEEMED']);
    const rows = await stored([a!.uuid, b!.uuid]);
    expect(rows.find((r) => r.id === a!.uuid)!.redeemed_date_time).toBe(first);
    expect(rows.find((r) => r.id === b!.uuid)!.redeemed_at).toBeNull();
  });

  it('20 concurrent redemptions of one code: exactly one succeeds, the others are told it is given', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 1 }] });
    const code = batch.codes[ewa.userId]![0]!.uuid;
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(ewa.token, batch.uuid, [code])));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200).map(errorOf);
    expect(refused).toEqual(Array.from({ length: 19 }, () => [409, 'E_VOUCHER_ALREADY_REDEEMED']));
    const rows = await stored([code]);
    expect(rows.filter((r) => r.redeemed_at !== null)).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key replays the answer and gives the code once', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 2 }] });
    const [a, b] = batch.codes[ewa.userId]!;
    const at = wallIn(0);
    const key = { 'idempotency-key': `redeem-${a!.uuid}` };
    const first = await redeem(ewa.token, batch.uuid, [a!.uuid], at, key);
    const retry = await redeem(ewa.token, batch.uuid, [a!.uuid], at, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);
    // The same key with another body is a client bug, not a retry.
    expect(errorOf(await redeem(ewa.token, batch.uuid, [b!.uuid], at, key))[0]).toBe(422);
    expect((await stored([b!.uuid]))[0]!.redeemed_at).toBeNull();
  });

  it('without a started action in the event she cannot give a code', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId, { started: false });
    // Started elsewhere: an action of another event does not count.
    const elsewhere = await buildAction(t, ewa, { eventId: await buildEvent(t) });
    expect((await checkIn(t.app, ewa.token, elsewhere)).statusCode).toBe(200);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 1 }] });
    const code = batch.codes[ewa.userId]![0]!.uuid;
    expect(errorOf(await redeem(ewa.token, batch.uuid, [code]))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect((await stored([code]))[0]!.redeemed_at).toBeNull();
  });

  it('is judged by its dateTime: given while started but arriving after her check-out is accepted; before her check-in or after her check-out it is not', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 3 }] });
    const [before, during, after] = batch.codes[ewa.userId]!;
    t.clock.advance(2 * 60_000);
    const whileStarted = wallIn(-1);
    expect((await checkOut(t.app, ewa.token, ewa.action)).statusCode).toBe(200);
    t.clock.advance(60_000);

    // Queued offline during the action, sent after the check-out.
    const res = await redeem(ewa.token, batch.uuid, [during!.uuid], whileStarted);
    expect(res.statusCode).toBe(200);
    expect((await stored([during!.uuid]))[0]).toMatchObject({ redeemed_date_time: whileStarted, redeemed_action_id: ewa.action.uuid });

    // Three minutes after the check-in now: nine minutes ago is six before it, beyond a slow phone's five.
    expect(errorOf(await redeem(ewa.token, batch.uuid, [before!.uuid], wallIn(-9)))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect(errorOf(await redeem(ewa.token, batch.uuid, [after!.uuid], wallIn(0)))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect((await stored([before!.uuid, after!.uuid])).every((v) => v.redeemed_at === null)).toBe(true);
  });

  it('after a second action the same day, a code of the first counts there, up to the very second of its check-out', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 3 }] });
    const [duringFirst, atCheckOut, duringSecond] = batch.codes[ewa.userId]!;
    t.clock.advance(2 * 60_000);
    const whileFirst = wallIn(-1);
    expect((await checkOut(t.app, ewa.token, ewa.action)).statusCode).toBe(200);
    const checkedOutAt = wallIn(0);
    t.clock.advance(10 * 60_000);
    const second = await buildAction(t, ewa, { eventId });
    expect((await checkIn(t.app, ewa.token, second)).statusCode).toBe(200);
    t.clock.advance(60_000);

    for (const [code, dateTime, action] of [
      [duringFirst!, whileFirst, ewa.action],
      [atCheckOut!, checkedOutAt, ewa.action],
      [duringSecond!, wallIn(0), second],
    ] as const) {
      expect((await redeem(ewa.token, batch.uuid, [code.uuid], dateTime)).statusCode).toBe(200);
      expect((await stored([code.uuid]))[0]).toMatchObject({ redeemed_date_time: dateTime, redeemed_action_id: action.uuid });
    }
  });

  it('a phone a little slow: a code given right after her check-in counts though its dateTime is before the server recorded it', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 2 }] });
    const [slow, tooEarly] = batch.codes[ewa.userId]!;
    // Her phone runs two minutes behind the server: the check-in is stamped by the server, the code by her phone.
    const res = await redeem(ewa.token, batch.uuid, [slow!.uuid], wallIn(-2));
    expect(res.statusCode).toBe(200);
    expect((await stored([slow!.uuid]))[0]).toMatchObject({ redeemed_date_time: wallIn(-2), redeemed_action_id: ewa.action.uuid });
    // More than five minutes before it is no clock drift.
    expect(errorOf(await redeem(ewa.token, batch.uuid, [tooEarly!.uuid], wallIn(-6)))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
  });

  it('an action handed over already started (no check-in recorded) counts from the start of its day', async () => {
    const eventId = await buildEvent(t);
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa, { eventId, status: 'started', since: wallTime(t, 0, '08:00') });
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 2 }] });
    const [a, b] = batch.codes[ewa.userId]!;
    expect((await redeem(ewa.token, batch.uuid, [a!.uuid], wallIn(0))).statusCode).toBe(200);
    expect((await stored([a!.uuid]))[0]!.redeemed_action_id).toBe(action.uuid);
    expect(errorOf(await redeem(ewa.token, batch.uuid, [b!.uuid], `${wallDay(t, -1)} 23:59:59`))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
  });

  it('a dateTime more than five minutes ahead of the server is refused; a phone a little fast is not', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 2 }] });
    const [a, b] = batch.codes[ewa.userId]!;
    expect(errorOf(await redeem(ewa.token, batch.uuid, [a!.uuid], wallIn(6)))).toEqual([422, 'E_REDEMPTION_IN_FUTURE']);
    expect((await stored([a!.uuid]))[0]!.redeemed_at).toBeNull();
    expect((await redeem(ewa.token, batch.uuid, [b!.uuid], wallIn(4))).statusCode).toBe(200);
  });

  it('a top-up hands her the next codes of the pool, which her list then shows; generate does the same', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { pool: 14 });
    const first = await call('top-up', { batch: { uuid: batch.uuid } }, ewa.token);
    expect(first.statusCode).toBe(200);
    const got = first.json().data.vouchers as { uuid: string; redeemed: null }[];
    expect(got).toHaveLength(10);
    expect(got.every((v) => v.redeemed === null)).toBe(true);
    // Once she has given them all, the pool's last four are hers.
    expect(
      (
        await redeem(
          ewa.token,
          batch.uuid,
          got.map((v) => v.uuid),
        )
      ).statusCode,
    ).toBe(200);
    const second = await call('generate', { batch: { uuid: batch.uuid } }, ewa.token);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.vouchers).toHaveLength(4);
    const listed = (await call('vouchers', { batch: { uuid: batch.uuid } }, ewa.token)).json().data.vouchers as { uuid: string }[];
    expect(listed.map((v) => v.uuid).sort()).toEqual([...batch.pool].sort());
    expect((await stored(batch.pool)).every((v) => v.assigned_to === ewa.userId)).toBe(true);
    // Now the pool is empty (and she has four to give).
    await redeem(
      ewa.token,
      batch.uuid,
      (second.json().data.vouchers as { uuid: string }[]).map((v) => v.uuid),
    );
    expect(errorOf(await call('generate', { batch: { uuid: batch.uuid } }, ewa.token))).toEqual([409, 'E_INSUFFICIENT_AMOUNT_IN_DB']);
  });

  it('while she still holds a code of the batch to give, top-up and generate are refused with E_VOUCHERS_LEFT and the pool stays', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { pool: 12 });
    const got = (await call('generate', { batch: { uuid: batch.uuid } }, ewa.token)).json().data.vouchers as { uuid: string }[];
    expect(got).toHaveLength(10);
    // All but one given: still one left (a retry of the first tap whose answer was lost lands here too).
    expect(
      (
        await redeem(
          ewa.token,
          batch.uuid,
          got.slice(1).map((v) => v.uuid),
        )
      ).statusCode,
    ).toBe(200);
    for (const path of ['top-up', 'generate']) {
      expect(errorOf(await call(path, { batch: { uuid: batch.uuid } }, ewa.token))).toEqual([409, 'E_VOUCHERS_LEFT']);
    }
    const pool = (await stored(batch.pool)).filter((v) => v.assigned_to === null);
    expect(pool).toHaveLength(2);
    // Her codes of another batch do not count.
    const other = await buildVoucherBatch(t, eventId, { pool: 3 });
    expect((await call('top-up', { batch: { uuid: other.uuid } }, ewa.token)).json().data.vouchers).toHaveLength(3);
  });

  it('two top-ups of hers at once (two phones, a retry without its key) hand her one set', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const batch = await buildVoucherBatch(t, eventId, { pool: 30 });
    const answers = await Promise.all([1, 2, 3].map(() => call('generate', { batch: { uuid: batch.uuid } }, ewa.token)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect(errorOf(res)).toEqual([409, 'E_VOUCHERS_LEFT']);
    expect((await stored(batch.pool)).filter((v) => v.assigned_to === ewa.userId)).toHaveLength(10);
  });

  it('a top-up on an empty pool is E_INSUFFICIENT_AMOUNT_IN_DB, without a started action E_WRONG_ACTION_STATUS', async () => {
    const eventId = await buildEvent(t);
    const ewa = await promoterIn(eventId);
    const empty = await buildVoucherBatch(t, eventId);
    expect(errorOf(await call('top-up', { batch: { uuid: empty.uuid } }, ewa.token))).toEqual([409, 'E_INSUFFICIENT_AMOUNT_IN_DB']);

    const ola = await promoterIn(eventId, { started: false });
    const full = await buildVoucherBatch(t, eventId, { pool: 5 });
    expect(errorOf(await call('top-up', { batch: { uuid: full.uuid } }, ola.token))).toEqual([409, 'E_WRONG_ACTION_STATUS']);
    expect((await stored(full.pool)).every((v) => v.assigned_to === null)).toBe(true);
  });

  it('concurrent top-ups never hand one code to two promoters', async () => {
    const eventId = await buildEvent(t);
    const promoters = await Promise.all(Array.from({ length: 5 }, () => promoterIn(eventId)));
    const batch = await buildVoucherBatch(t, eventId, { pool: 35 });
    // Each promoter twice at once (two phones), all ten together: a promoter gets one set at most.
    const calls = promoters
      .flatMap((p) => [p, p])
      .map((p) => call('top-up', { batch: { uuid: batch.uuid } }, p.token).then((res) => ({ p, res })));
    const answers = await Promise.all(calls);
    const handed = answers.flatMap(({ p, res }) =>
      res.statusCode === 200 ? (res.json().data.vouchers as { uuid: string }[]).map((v) => ({ code: v.uuid, to: p.userId })) : [],
    );
    expect(handed).toHaveLength(35);
    expect(new Set(handed.map((h) => h.code)).size).toBe(35);
    const rows = await stored(batch.pool);
    for (const h of handed) expect(rows.find((r) => r.id === h.code)!.assigned_to).toBe(h.to);
    // The others were told the pool is empty, or that the promoter has her set already.
    for (const { res } of answers.filter((a) => a.res.statusCode !== 200)) {
      expect([
        [409, 'E_INSUFFICIENT_AMOUNT_IN_DB'],
        [409, 'E_VOUCHERS_LEFT'],
      ]).toContainEqual(errorOf(res));
    }
  });

  it('refuses bad bodies with E_VALIDATION', async () => {
    const ewa = await buildSignedInPromoter(t);
    const batch = { uuid: 'x' };
    const bodies: [string, unknown][] = [
      ['batches', {}],
      ['vouchers', { batch: {} }],
      ['top-up', { batch: { uuid: 7 } }],
      ['redeem', { batch, vouchers: [{ uuid: 'a' }] }],
      ['redeem', { redemption: { dateTime: '2026-02-30 10:00:00' }, batch, vouchers: [{ uuid: 'a' }] }],
      ['redeem', { redemption: { dateTime: '2026-01-01T10:00:00Z' }, batch, vouchers: [{ uuid: 'a' }] }],
      ['redeem', { redemption: { dateTime: '2026-01-01 10:00:00' }, batch, vouchers: [] }],
      [
        'redeem',
        { redemption: { dateTime: '2026-01-01 10:00:00' }, batch, vouchers: Array.from({ length: 51 }, (_, i) => ({ uuid: `v${i}` })) },
      ],
    ];
    for (const [path, body] of bodies) expect(errorOf(await call(path, body, ewa.token))).toEqual([400, 'E_VALIDATION']);
  });

  it('the top-up size comes from VOUCHER_TOP_UP_SIZE', async () => {
    const small = await createTestApp(dialect, { env: { VOUCHER_TOP_UP_SIZE: '3' } });
    try {
      const eventId = await buildEvent(small);
      const ewa = await buildSignedInPromoter(small);
      const action = await buildAction(small, ewa, { eventId });
      expect((await checkIn(small.app, ewa.token, action)).statusCode).toBe(200);
      const batch = await buildVoucherBatch(small, eventId, { pool: 5 });
      const res = await post(small.app, '/voucher/top-up', { batch: { uuid: batch.uuid } }, ewa.token);
      expect(res.json().data.vouchers).toHaveLength(3);
    } finally {
      await small.close();
    }
  });
});
