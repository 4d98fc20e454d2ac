import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityRefusal } from '@promotor/contract/rules';
import { toWallClock } from '@promotor/contract/wall-clock';
import { createTestApp, loginAs, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { wallDate } from '../lib/time.ts';
import { buildPromoter, buildSignedInPromoter } from '../test/builders.ts';
import { sniffImageType } from '../lib/image-type.ts';
import { isTestActionName } from '@promotor/contract/lead-items';
import { DEMO_GLO_SERIALS, DEMO_REGISTERED_GLO_SERIAL } from './consumer-seed.ts';
import { clearAllData } from '../db/clear-all-data.ts';
import { errorOf, mgmKit } from '../test/mgm.ts';
import { DEMO_PASSWORD, TEST_ACTION_NAME, hoursHolding, seedDemoData, seedFreshDay, seedTestAction } from './demo-seed.ts';
import { REPORT_ACTION_NAME } from './report-seed.ts';

describe("a fresh day's hours hold the moment it is seeded (the phone lists an action until its end, decision 111)", () => {
  it.each([
    ['10:20', '08:00', '22:00', '08:00', '22:00'],
    ['22:30', '08:00', '22:00', '08:00', '23:59'],
    ['23:50', '08:00', '22:00', '08:00', '23:59'],
    ['05:10', '08:00', '22:00', '04:00', '22:00'],
    ['00:30', '12:00', '18:00', '00:00', '18:00'],
    ['14:20', '09:00', '13:00', '09:00', '16:20'],
  ])('seeded at %s, %s–%s runs %s–%s', (now, from, to, wantFrom, wantTo) => {
    expect(hoursHolding({ from, to }, now)).toEqual({ from: wantFrom, to: wantTo });
  });
});

describe.each(testDatabases)('demo data (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(() => t.close());

  const annasActions = () =>
    t.db
      .selectFrom('actions')
      .innerJoin('action_assignments', 'action_assignments.action_id', 'actions.id')
      .innerJoin('users', 'users.id', 'action_assignments.user_id')
      .where('users.username', '=', 'anna@demo.pl')
      .select(['actions.id', 'actions.since', 'actions.global_status', 'action_assignments.status'])
      .execute();

  it('gives Anna actions with zero, one and two points today, one started, one tomorrow, one cancelled, and finished ones', async () => {
    const today = wallDate(t.clock.now(), t.config.timezone);
    const tomorrow = wallDate(t.clock.now(), t.config.timezone, 1);
    const actions = await annasActions();
    const open = actions.filter((a) => a.global_status !== 'hst_cancelled' && a.status === null);
    expect(open.filter((a) => a.since.startsWith(tomorrow))).toHaveLength(1);
    expect(actions.filter((a) => a.global_status === 'hst_cancelled')).toHaveLength(1);
    expect(actions.filter((a) => a.status === 'started' && a.since.startsWith(today))).toHaveLength(1);
    const finished = actions.filter((a) => a.status === 'finished');
    expect(finished.length).toBeGreaterThanOrEqual(6);
    expect(finished.every((a) => a.since >= wallDate(t.clock.now(), t.config.timezone, -62))).toBe(true);

    const openToday = open.filter((a) => a.since.startsWith(today));
    const points = await t.db
      .selectFrom('action_points')
      .select('action_id')
      .where(
        'action_id',
        'in',
        openToday.map((a) => a.id),
      )
      .execute();
    const counts = openToday.map((a) => points.filter((p) => p.action_id === a.id).length).sort();
    expect(counts).toEqual([0, 1, 2]);
  });

  it('has voucher batches with codes and availability blocks', async () => {
    const vouchers = await t.db.selectFrom('vouchers').select('id').execute();
    expect(vouchers.length).toBeGreaterThan(10);
    expect((await t.db.selectFrom('availability').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('gives Anna 3–4 availability blocks and Piotr one, each one the calendar would accept, on days without their actions', async () => {
    const blocksOf = (username: string) =>
      t.db
        .selectFrom('availability as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .where('u.username', '=', username)
        .select(['b.since', 'b.until'])
        .orderBy('b.since')
        .execute();
    const now = toWallClock(t.clock.now(), t.config.timezone);
    const annas = await blocksOf('anna@demo.pl');
    expect(annas.length).toBeGreaterThanOrEqual(3);
    expect(annas.length).toBeLessThanOrEqual(4);
    expect(await blocksOf('piotr@demo.pl')).toHaveLength(1);
    for (const b of [...annas, ...(await blocksOf('piotr@demo.pl'))]) expect(availabilityRefusal(b.since, b.until, now)).toBeNull();
    annas.slice(1).forEach((b, i) => expect(b.since >= annas[i]!.until).toBe(true));
    const actionDays = new Set((await annasActions()).map((a) => a.since.slice(0, 10)));
    expect(annas.filter((b) => actionDays.has(b.since.slice(0, 10)))).toEqual([]);
  });

  it("gives the event of Anna's started action batches with her unredeemed codes, some of hers given, and a pool", async () => {
    const codes = await t.db
      .selectFrom('vouchers as v')
      .innerJoin('voucher_batches as b', 'b.id', 'v.batch_id')
      .leftJoin('users as u', 'u.id', 'v.assigned_to')
      .innerJoin('actions as a', 'a.event_id', 'b.event_id')
      .innerJoin('action_assignments as s', 's.action_id', 'a.id')
      .innerJoin('users as anna', 'anna.id', 's.user_id')
      .where('anna.username', '=', 'anna@demo.pl')
      .where('s.status', '=', 'started')
      .select(['b.ident as batch', 'u.username', 'v.redeemed_date_time'])
      .execute();
    const batches = [...new Set(codes.map((c) => c.batch))].sort();
    expect(batches).toEqual(['glo hyper X2', 'velo 2 saszetki', 'vuse go']);
    const annas = codes.filter((c) => c.username === 'anna@demo.pl');
    expect(annas.filter((c) => c.batch === 'glo hyper X2' && c.redeemed_date_time === null).length).toBeGreaterThan(0);
    expect(annas.filter((c) => c.redeemed_date_time !== null).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c.username === 'piotr@demo.pl').length).toBeGreaterThan(0);
    expect(codes.filter((c) => c.batch === 'vuse go' && c.username === null).length).toBeGreaterThan(0);
  });

  it('--actions-for gives her unredeemed codes in the event of her fresh day, and codes to generate', async () => {
    const ewa = await buildPromoter(t);
    await seedFreshDay(t.db, ewa.userId, { timezone: t.config.timezone, blobStore: t.app.blobStore, now: t.clock.now() });
    const hers = await t.db
      .selectFrom('vouchers as v')
      .innerJoin('voucher_batches as b', 'b.id', 'v.batch_id')
      .where('v.assigned_to', '=', ewa.userId)
      .where('v.redeemed_at', 'is', null)
      .select('b.ident')
      .execute();
    expect(hers.filter((c) => c.ident === 'glo hyper X2')).toHaveLength(5);
    expect(hers.filter((c) => c.ident === 'velo 2 saszetki')).toHaveLength(3);
    expect(hers.filter((c) => c.ident === 'vuse go')).toHaveLength(0);
  });

  /** Her finished actions with what the reports read of each, newest first. */
  const reportsOf = async (userId: string) => {
    const actions = await t.db
      .selectFrom('actions as a')
      .innerJoin('action_assignments as s', 's.action_id', 'a.id')
      .where('s.user_id', '=', userId)
      .where('s.status', '=', 'finished')
      .select(['a.id', 'a.name', 'a.global_status', 's.last_status_at'])
      .orderBy('s.last_status_at', 'desc')
      .execute();
    const count = async (table: 'action_status_events' | 'action_receipts' | 'action_files' | 'action_surveys' | 'leads', id: string) =>
      (await t.db.selectFrom(table).select('action_id').where('action_id', '=', id).where('user_id', '=', userId).execute()).length;
    return Promise.all(
      actions.map(async (a) => ({
        ...a,
        events: await count('action_status_events', a.id),
        receipts: await count('action_receipts', a.id),
        files: await count('action_files', a.id),
        surveys: await count('action_surveys', a.id),
        leads: await count('leads', a.id),
      })),
    );
  };
  const userIdOf = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('gives Anna and Piotr reports: each finished action with check-in and check-out, receipts, survey and registrations', async () => {
    for (const username of ['anna@demo.pl', 'piotr@demo.pl']) {
      const reports = await reportsOf(await userIdOf(username));
      expect(reports[0]).toMatchObject({
        name: REPORT_ACTION_NAME,
        global_status: 'accepted',
        events: 2,
        files: 2,
        surveys: 1,
        receipts: 3,
        leads: 4,
      });
      for (const r of reports) expect(r).toMatchObject({ events: 2, files: 2, surveys: 1 });
      expect(reports.every((r) => r.receipts >= 1 && r.leads >= 2)).toBe(true);
      // The receipt caps' counters agree with the seeded receipts (decision 080).
      const counted = await t.db
        .selectFrom('actions')
        .select(['id', 'receipt_count'])
        .where(
          'id',
          'in',
          reports.map((r) => r.id),
        )
        .execute();
      expect(Object.fromEntries(counted.map((a) => [a.id, a.receipt_count]))).toEqual(
        Object.fromEntries(reports.map((r) => [r.id, r.receipts])),
      );
    }
    const statuses = new Set((await reportsOf(await userIdOf('anna@demo.pl'))).map((r) => r.global_status));
    expect([...statuses].sort()).toEqual(['accepted', 'finished']);
  });

  it("registers Anna's devices in her started action, this month and last month, and stores receipts as real JPEGs", async () => {
    const anna = await userIdOf('anna@demo.pl');
    const leads = await t.db
      .selectFrom('leads as l')
      .innerJoin('action_assignments as s', (j) => j.onRef('s.action_id', '=', 'l.action_id').onRef('s.user_id', '=', 'l.user_id'))
      .where('l.user_id', '=', anna)
      .select(['l.wall_time', 's.status', 'l.hostess_code'])
      .execute();
    const month = wallDate(t.clock.now(), t.config.timezone).slice(0, 7);
    const lastMonthDay = new Date(`${month}-01T12:00:00Z`);
    lastMonthDay.setUTCMonth(lastMonthDay.getUTCMonth() - 1);
    expect(leads.filter((l) => l.status === 'started').length).toBe(3);
    // In a month's first hours (Warsaw's time) the seed's leads of the month may all lie later in the
    // day, after its clock: this month's are asked for from its second day on (CI failed on 1 December, 00:12).
    const today = wallDate(t.clock.now(), t.config.timezone);
    if (!today.endsWith('-01')) expect(leads.filter((l) => l.wall_time.startsWith(month)).length).toBeGreaterThan(0);
    expect(leads.filter((l) => l.wall_time.startsWith(lastMonthDay.toISOString().slice(0, 7))).length).toBeGreaterThan(0);
    expect(new Set(leads.map((l) => l.hostess_code))).toEqual(new Set(['HST1001']));
    const models = await t.db.selectFrom('lead_items').select(['brand', 'model']).distinct().execute();
    expect(models).toEqual(
      expect.arrayContaining([
        { brand: 'Glo', model: 'nano' },
        { brand: 'Vuse', model: 'Vuse Go' },
        { brand: 'Velo', model: 'Velo Freeze' },
      ]),
    );

    const receipt = await t.db.selectFrom('action_receipts').select('blob_key').where('user_id', '=', anna).executeTakeFirstOrThrow();
    const bytes = await t.app.blobStore.get(receipt.blob_key);
    expect(bytes && sniffImageType(bytes)).toBe('image/jpeg');
  });

  it('--actions-for gives her yesterday a finished action with a change of point, receipts, survey and registrations', async () => {
    const ewa = await buildPromoter(t);
    await seedFreshDay(t.db, ewa.userId, { timezone: t.config.timezone, blobStore: t.app.blobStore, now: t.clock.now() });
    const [report, ...others] = await reportsOf(ewa.userId);
    expect(others).toEqual([]);
    expect(report).toMatchObject({ name: REPORT_ACTION_NAME, events: 2, files: 2, surveys: 1, receipts: 3, leads: 4 });
    const points = await t.db
      .selectFrom('action_status_events')
      .select(['kind', 'action_point_id', 'wall_time'])
      .where('user_id', '=', ewa.userId)
      .orderBy('wall_time')
      .execute();
    expect(points.map((p) => p.kind)).toEqual(['check_in', 'check_out']);
    expect(points[0]!.action_point_id).not.toBe(points[1]!.action_point_id);
    expect(points[0]!.wall_time.slice(0, 10)).toBe(wallDate(t.clock.now(), t.config.timezone, -1));
  });

  it('gives Piotr the started exp1707 test action, and the device registry Glo serials to register and one already registered', async () => {
    const piotrs = await t.db
      .selectFrom('actions as a')
      .innerJoin('action_assignments as s', 's.action_id', 'a.id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .where('u.username', '=', 'piotr@demo.pl')
      .where('s.status', '=', 'started')
      .select(['a.id', 'a.name'])
      .execute();
    expect(piotrs.map((a) => a.name)).toEqual([TEST_ACTION_NAME]);
    expect(isTestActionName(TEST_ACTION_NAME)).toBe(true);
    // No registrations seeded in it: they would be tests.
    expect(await t.db.selectFrom('leads').select('id').where('action_id', '=', piotrs[0]!.id).execute()).toEqual([]);
    const devices = await t.db.selectFrom('glo_devices').select(['serial_number', 'status']).orderBy('serial_number').execute();
    expect(devices.filter((d) => d.status === 'unregistered').map((d) => d.serial_number)).toEqual(DEMO_GLO_SERIALS);
    expect(devices.filter((d) => d.status === 'registered').map((d) => d.serial_number)).toEqual([DEMO_REGISTERED_GLO_SERIAL]);
  });

  it('--test-action gives her a started exp1707 action of today, and refuses while she runs another', async () => {
    const ewa = await buildPromoter(t);
    const options = { timezone: t.config.timezone, now: t.clock.now() };
    await seedFreshDay(t.db, ewa.userId, { ...options, blobStore: t.app.blobStore });
    await seedTestAction(t.db, ewa.userId, { ...options, blobStore: t.app.blobStore });
    const started = await t.db
      .selectFrom('actions as a')
      .innerJoin('action_assignments as s', 's.action_id', 'a.id')
      .where('s.user_id', '=', ewa.userId)
      .where('s.status', '=', 'started')
      .select(['a.name', 'a.since'])
      .execute();
    expect(started).toEqual([{ name: TEST_ACTION_NAME, since: `${wallDate(t.clock.now(), t.config.timezone)} 00:00:00` }]);
    await expect(seedTestAction(t.db, ewa.userId, { ...options, blobStore: t.app.blobStore })).rejects.toThrow(
      'Ta osoba ma już rozpoczętą akcję',
    );
  });

  it("Anna's and Piotr's running actions were started as the app starts one: checklist, start photos, check-in", async () => {
    for (const username of ['anna@demo.pl', 'piotr@demo.pl']) {
      const userId = await userIdOf(username);
      const running = await t.db
        .selectFrom('action_assignments')
        .select(['action_id', 'last_status_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'started')
        .executeTakeFirstOrThrow();
      const actionId = running.action_id;
      const polls = await t.db.selectFrom('poll_answers').select('ident').where('action_id', '=', actionId).execute();
      expect(polls.map((p) => p.ident)).toEqual(['action_start']);
      const photos = await t.db.selectFrom('action_files').select('ident').where('action_id', '=', actionId).execute();
      expect(photos.map((p) => p.ident)).toEqual(['bereal_start', 'bereal_start']);
      const events = await t.db
        .selectFrom('action_status_events')
        .select(['kind', 'wall_time'])
        .where('action_id', '=', actionId)
        .execute();
      expect(events).toEqual([{ kind: 'check_in', wall_time: running.last_status_at }]);
    }
  });

  it('finishing a seeded running action gives a full report: start, end, duration, status finished', async () => {
    const ewa = await buildSignedInPromoter(t);
    const options = { timezone: t.config.timezone, now: t.clock.now(), blobStore: t.app.blobStore };
    await seedTestAction(t.db, ewa.userId, options);
    const current = (await post(t.app, '/action/recent', undefined, ewa.token)).json().data.action.current;
    const point = { uuid: current.actionPoints[0].uuid };
    expect((await post(t.app, '/action/check-out', { action: { uuid: current.uuid }, actionPoint: point }, ewa.token)).statusCode).toBe(
      200,
    );
    const report = (await post(t.app, '/action/report', { action: { uuid: current.uuid } }, ewa.token)).json().data.report;
    expect(report).toMatchObject({
      start: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      end: toWallClock(t.clock.now(), t.config.timezone),
      status: 'finished',
    });
    expect(report.durationSeconds).toBeGreaterThan(0);
  });

  it('seeds only an empty database, and rebuilds after a reset', async () => {
    expect(await seedDemoData(t.db, { timezone: t.config.timezone, blobStore: t.app.blobStore })).toBe(false);
    await t.asOwner(clearAllData);
    expect(await seedDemoData(t.db, { timezone: t.config.timezone, blobStore: t.app.blobStore })).toBe(true);
    expect((await t.db.selectFrom('users').select('username').orderBy('username').execute()).map((u) => u.username)).toEqual([
      'anna@demo.pl',
      'piotr@demo.pl',
    ]);
  });
});

describe.each(testDatabases)("member-get-member: the demo seed's consumers (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(() => t.close());

  it('Anna (during her started action) meets every answer of validate with the e-mails the README lists', async () => {
    const token = await loginAs(t.app, 'anna@demo.pl', DEMO_PASSWORD);
    const validate = (emailAddress: string) => post(t.app, '/mgm/validate-consumer', { consumer: { emailAddress } }, token);
    expect((await post(t.app, '/mgm/maybe-join', undefined, token)).json().data).toEqual({
      mayJoin: true,
      ranking: { balance: 0, position: 2 },
    });
    expect((await validate('polecenie.mozliwe@demo.pl')).statusCode).toBe(200);
    expect(errorOf(await validate('polecenie.klub@demo.pl'))).toEqual([409, 'E_ALREADY_MEMBER']);
    expect(errorOf(await validate('klientka.glo@demo.pl'))).toEqual([409, 'E_ALREADY_MEMBER']);
    expect(errorOf(await validate('polecenie.bez.zgod@demo.pl'))).toEqual([422, 'E_NO_CONSENTS']);
    expect(errorOf(await validate('polecenie.stare.zgody@demo.pl'))).toEqual([422, 'E_CONSENTS_OUTDATED']);
    expect(errorOf(await validate('polecenie.bez.produktow@demo.pl'))).toEqual([422, 'E_NO_PRODUCTS']);
    expect(errorOf(await validate('polecenie.zaproszona@demo.pl'))).toEqual([409, 'E_ALREADY_INVITED']);
    expect(errorOf(await validate('ktokolwiek.inny@demo.pl'))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
  });

  it("the reset empties MGM's consent confirmations and look-ups too, and the seed runs again", async () => {
    const token = await loginAs(t.app, 'anna@demo.pl', DEMO_PASSWORD);
    const consumer = { emailAddress: 'polecenie.bez.zgod@demo.pl', mobileNumber: '+48500200103' };
    const kit = mgmKit(() => t);
    const anna = {
      token,
      ident: (await t.db.selectFrom('users').select('ident').where('username', '=', 'anna@demo.pl').executeTakeFirstOrThrow()).ident,
    };
    expect((await kit.update(anna, consumer)).statusCode).toBe(200);
    expect((await kit.confirm(anna, consumer.emailAddress, await kit.codeSentTo(consumer.mobileNumber))).statusCode).toBe(200);

    await t.asOwner(clearAllData);
    expect(await t.db.selectFrom('mgm_lookups').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('mgm_consent_confirmations').select('id').execute()).toEqual([]);
    expect(await seedDemoData(t.db, { timezone: t.config.timezone, blobStore: t.app.blobStore })).toBe(true);
  });

  it("Piotr's seeded invitation is his 10 points, at the top", async () => {
    const token = await loginAs(t.app, 'piotr@demo.pl', DEMO_PASSWORD);
    expect((await post(t.app, '/mgm/maybe-join', undefined, token)).json().data).toEqual({
      mayJoin: true,
      ranking: { balance: 10, position: 1 },
    });
  });
});
