import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWallClock } from '@promotor/contract/wall-clock';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { checkIn } from '../../test/action-steps.ts';
import { buildAction, buildEvent, buildLead, buildSignedInPromoter, buildVoucherBatch } from '../../test/builders.ts';
import { buildJpeg, uploadPhotos } from '../../test/files.ts';
import {
  approve,
  buildReport,
  getReport,
  listReports,
  markApproved,
  placeInTerritory,
  requestChanges,
  resubmit,
  storeReportImage,
} from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { maskSerial } from './report-detail.ts';

// A report's detail in the back office (issue 25, decision 090): what she did, where, with what; the
// photos a reviewer flags; and the brand's `client`, who sees approved reports only and no consumer.
describe.each(testDatabases)("a report's detail (%s)", (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let coordinator: { token: string; staffId: string };
  let krakow: { token: string };
  let client: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { APP_TIMEZONE: 'Europe/Warsaw' } });
    // 10:00 in Warsaw: her check-in falls after the planned start (08:00), the check-out before its end.
    t.clock.advance(Date.parse('2031-05-14T08:00:00Z') - t.clock.now().getTime());
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
  });
  afterAll(() => t.close());

  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];

  it('the timeline with her positions and distances to the nearest point, photos, receipts, answers, survey, registrations and codes', async () => {
    const eventId = await buildEvent(t);
    const ewa = await buildSignedInPromoter(t, { territories: [waw] });
    const shop = await buildAction(t, ewa, { points: 2, eventId, name: 'Degustacja glo — Żabka' });
    await placeInTerritory(t, shop.uuid, waw);
    // Punkt 1 lies 0.001° north of where she checks in (≈111 m); Punkt 2 has no coordinates.
    await t.db.updateTable('action_points').set({ latitude: 52.2307, longitude: 21.0122 }).where('id', '=', shop.points[0]!).execute();
    const answers = {
      action: { uuid: shop.uuid },
      poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: ['has_badge', 'has_tablet'] }] },
    };
    expect((await post(t.app, '/poll/answer', answers, ewa.token)).statusCode).toBe(200);
    expect((await checkIn(t.app, ewa.token, shop)).statusCode).toBe(200);
    const form = { chechboxes: ['tak', 'nie', 'tak'], text: 'Ekspozycja przy kasie' };
    await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'start', form }, [buildJpeg()]);
    await buildLead(t, ewa, {
      action: shop,
      items: [
        { brand: 'Glo', model: 'Hyper Pro', serial_number: 'GLO11111111' },
        { brand: 'Velo', model: 'Velo Freeze' },
      ],
    });
    // A Veo sample is stored, not counted (spec §3 Sample stats): in neither 'Rejestracje' nor the table.
    await buildLead(t, ewa, {
      action: shop,
      items: [
        { brand: 'Glo', model: 'Hyper Pro' },
        { brand: 'Veo', model: 'Veo Sample' },
      ],
    });
    const batch = await buildVoucherBatch(t, eventId, { holders: [{ userId: ewa.userId, codes: 3 }] });
    const given = batch.codes[ewa.userId]!.slice(0, 2).map((c) => c.uuid);
    await t.db
      .updateTable('vouchers')
      .set({ redeemed_by: ewa.userId, redeemed_action_id: shop.uuid, redeemed_at: t.clock.now().toISOString() })
      .where('id', 'in', given)
      .execute();
    const checkedInAt = toWallClock(t.clock.now(), t.config.timezone);
    t.clock.advance(3 * 3600_000);
    const out = await post(
      t.app,
      '/action/check-out',
      { action: { uuid: shop.uuid }, actionPoint: { uuid: shop.points[1] }, location: { latitude: 52.2297, longitude: 21.0122 } },
      ewa.token,
    );
    expect(out.statusCode, out.body).toBe(200);
    const checkedOutAt = toWallClock(t.clock.now(), t.config.timezone);
    const receipt = await storeReportImage(
      t,
      { promoter: ewa, action: shop, ref: { action: { uuid: shop.uuid }, promoter: { ident: ewa.ident } } },
      'receipt',
    );

    const res = await getReport(t.app, coordinator.token, { action: { uuid: shop.uuid }, promoter: { ident: ewa.ident } });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data.report;
    expect(report).toMatchObject({
      action: { uuid: shop.uuid, name: 'Degustacja glo — Żabka', territory: { ident: waw } },
      state: 'submitted',
      start: checkedInAt,
      end: checkedOutAt,
      submittedAt: t.clock.now().toISOString(),
      registrations: 3,
      codesHandedOut: 2,
      flaggedPhotos: 0,
      receipts: [{ uuid: receipt, imageKept: true, device: { serial: 'GLO12…78', beacon: 'BC-ABCDEFGHJK' } }],
      polls: [{ ident: 'action_start', content: JSON.stringify(answers.poll.content) }],
      survey: form,
      registrationsByModel: [
        { brand: 'Glo', model: 'Hyper Pro', count: 2 },
        { brand: 'Velo', model: 'Velo Freeze', count: 1 },
      ],
      reviews: [],
    });
    expect(report.timeline.map((e: { kind: string; at: string }) => [e.kind, e.at])).toEqual([
      ['planned_start', shop.since],
      ['check_in', checkedInAt],
      ['check_out', checkedOutAt],
      ['planned_end', shop.until],
    ]);
    const [, checkInEntry, checkOutEntry] = report.timeline;
    expect(checkInEntry).toEqual({
      kind: 'check_in',
      at: checkedInAt,
      point: { uuid: shop.points[0], name: 'Punkt 1' },
      position: { latitude: 52.2297, longitude: 21.0122 },
      distanceMeters: 111,
      note: null,
    });
    expect(checkOutEntry).toMatchObject({ point: { uuid: shop.points[1], name: 'Punkt 2' }, distanceMeters: 111 });
    expect(report.photos.map((p: { ident: string; flagged: boolean }) => [p.ident, p.flagged])).toEqual([
      ['bereal_start', false],
      ['bereal_start', false],
      ['start', false],
    ]);
    // 'Rejestracje' is the sum of the brand/model table (decision 112): two registrations, three devices and products.
    const tableSum = report.registrationsByModel.reduce((n: number, line: { count: number }) => n + line.count, 0);
    expect(tableSum).toBe(report.registrations);
    const listed = (await listReports(t.app, coordinator.token)).reports.find((r) => r.action.uuid === shop.uuid) as unknown as {
      registrations: number;
    };
    expect(listed.registrations).toBe(tableSum);
    // Counts only: nothing of a consumer anywhere in the answer.
    expect(res.body).not.toMatch(/GLO11111111|emailAddress|mobileNumber|firstName|birthDate|@/);
  });

  // Decision 116: the live day's shift rules, in the report panel — for its reviewers, not the client.
  it('names a start long before the plan, an end long after it and a short shift, with their minutes; the client sees none', async () => {
    // On a whole second: the taps' wall times have none of the clock's milliseconds.
    t.clock.advance((1000 - (t.clock.now().getTime() % 1000)) % 1000);
    const wall = (minutes: number) => toWallClock(new Date(t.clock.now().getTime() + minutes * 60_000), t.config.timezone);
    const anna = await buildSignedInPromoter(t, { territories: [waw] });
    const ola = await buildSignedInPromoter(t, { territories: [waw] });
    const long = await buildAction(t, anna, { since: wall(90), until: wall(240), name: 'Promocja glo — Złote Tarasy' });
    const short = await buildAction(t, ola, { since: wall(0), until: wall(480), name: 'Degustacja velo — Kiosk Nowy Świat' });
    for (const action of [long, short]) await placeInTerritory(t, action.uuid, waw);
    expect((await checkIn(t.app, anna.token, long)).statusCode).toBe(200);
    const annaStarted = t.clock.now().getTime();
    expect((await checkIn(t.app, ola.token, short)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000);
    const end = (token: string, action: { uuid: string; points: string[] }) =>
      post(t.app, '/action/check-out', { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0] } }, token);
    expect((await end(ola.token, short)).statusCode).toBe(200);
    const olaEnded = t.clock.now().getTime();
    t.clock.advance(240 * 60_000);
    expect((await end(anna.token, long)).statusCode).toBe(200);

    const exceptionsOf = async (token: string, ref: { action: { uuid: string }; promoter: { ident: string } }) => {
      const res = await getReport(t.app, token, ref);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.report.exceptions;
    };
    const annaRef = { action: { uuid: long.uuid }, promoter: { ident: anna.ident } };
    expect(await exceptionsOf(coordinator.token, annaRef)).toEqual([
      { kind: 'started_early', since: new Date(annaStarted).toISOString(), distanceMeters: null, minutes: 90 },
      { kind: 'past_planned_end', since: new Date(annaStarted + 270 * 60_000).toISOString(), distanceMeters: null, minutes: 30 },
    ]);
    expect(await exceptionsOf(coordinator.token, { action: { uuid: short.uuid }, promoter: { ident: ola.ident } })).toEqual([
      { kind: 'short_shift', since: new Date(olaEnded).toISOString(), distanceMeters: null, minutes: 30 },
    ]);
    expect((await approve(t.app, coordinator.token, annaRef)).statusCode).toBe(200);
    expect(await exceptionsOf(client.token, annaRef)).toEqual([]);
  });

  it('a photo is flagged and unflagged, counted in the list, each change in the audit log; the same flag again records nothing', async () => {
    const report = await buildReport(t, waw);
    const photo = await storeReportImage(t, report, 'photo');
    const flag = (flagged: boolean, token = coordinator.token) =>
      post(t.app, '/admin/reports/flag-photo', { file: { uuid: photo }, flagged }, token);
    const flagged = await flag(true);
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().data.photo).toMatchObject({ uuid: photo, ident: 'bereal_end', flagged: true });
    expect((await flag(true)).statusCode).toBe(200);
    const listed = await listReports(t.app, coordinator.token, { promoter: report.promoter.ident });
    expect(listed.reports).toEqual([expect.objectContaining({ flaggedPhotos: 1 })]);
    expect((await getReport(t.app, coordinator.token, report.ref)).json().data.report.photos).toEqual([
      expect.objectContaining({ uuid: photo, flagged: true }),
    ]);
    const row = await t.db
      .selectFrom('action_files')
      .select(['flagged_at', 'flagged_by'])
      .where('id', '=', photo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ flagged_at: t.clock.now().toISOString(), flagged_by: coordinator.staffId });

    t.clock.advance(1000);
    expect((await flag(false)).json().data.photo.flagged).toBe(false);
    const entries = (await auditEntries(t, 'reports.flag-photo')).filter((e) => e.object_id === photo);
    expect(entries.map((e) => JSON.parse(e.details!))).toEqual([
      { flagged: false, action: report.action.uuid, promoter: report.promoter.ident },
      { flagged: true, action: report.action.uuid, promoter: report.promoter.ident },
    ]);
    // Another territory's coordinator cannot flag it, nor see it.
    expect(errorOf(await flag(true, krakow.token))).toEqual([404, 'E_FILE_NOT_FOUND']);
  });

  it("a report's photo and receipt are served as their bytes; another territory's are 404", async () => {
    const report = await buildReport(t, waw);
    const bytes = buildJpeg(4096);
    const photo = await storeReportImage(t, report, 'photo', bytes);
    const receipt = await storeReportImage(t, report, 'receipt');
    const served = await post(t.app, '/admin/reports/file', { file: { uuid: photo } }, coordinator.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    expect((await post(t.app, '/admin/reports/receipt', { receipt: { uuid: receipt } }, coordinator.token)).statusCode).toBe(200);
    expect(errorOf(await post(t.app, '/admin/reports/file', { file: { uuid: photo } }, krakow.token))).toEqual([404, 'E_FILE_NOT_FOUND']);
    expect(errorOf(await post(t.app, '/admin/reports/receipt', { receipt: { uuid: receipt } }, krakow.token))).toEqual([
      404,
      'E_RECEIPT_NOT_FOUND',
    ]);
    // A receipt's id is not a photo's, nor the other way round.
    expect(errorOf(await post(t.app, '/admin/reports/file', { file: { uuid: receipt } }, coordinator.token))).toEqual([
      404,
      'E_FILE_NOT_FOUND',
    ]);
  });

  it("a receipt's serial is masked for its reviewers (admin, coordinator), who see its image; the client gets neither serial nor beacon; the officer no report", async () => {
    const report = await buildReport(t, waw);
    const receipt = await storeReportImage(t, report, 'receipt');
    const admin = await buildSignedInStaff(t, { roles: ['admin'] });
    const officer = await buildSignedInStaff(t, { roles: ['privacy'] });
    for (const reviewer of [admin, coordinator]) {
      const res = await getReport(t.app, reviewer.token, report.ref);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.report.receipts).toEqual([
        { uuid: receipt, imageKept: true, device: { serial: 'GLO12…78', beacon: 'BC-ABCDEFGHJK' } },
      ]);
      expect(res.body).not.toContain('GLO12345678');
      expect((await post(t.app, '/admin/reports/receipt', { receipt: { uuid: receipt } }, reviewer.token)).statusCode).toBe(200);
    }
    await markApproved(t, report);
    const forClient = await getReport(t.app, client.token, report.ref);
    expect(forClient.json().data.report.receipts).toEqual([{ uuid: receipt, imageKept: true, device: { serial: null, beacon: null } }]);
    expect(errorOf(await getReport(t.app, officer.token, report.ref))).toEqual([403, 'E_FORBIDDEN']);
    expect(errorOf(await post(t.app, '/admin/reports/receipt', { receipt: { uuid: receipt } }, officer.token))).toEqual([
      403,
      'E_FORBIDDEN',
    ]);
  });

  it.each([
    ['GLO12345678', 'GLO12…78'],
    ['GLOFC08FFC042', 'GLOFC…42'],
    ['VUSE9876', 'VU…6'],
    ['AB12', '…'],
  ])('the serial %s is shown to a reviewer as %s', (serial, shown) => {
    expect(maskSerial(serial)).toBe(shown);
  });

  it("the client sees approved reports only: the list, the detail, the photos; never a receipt's device identifiers", async () => {
    const approved = await buildReport(t, waw);
    await markApproved(t, approved);
    const submitted = await buildReport(t, waw);
    const asked = await buildReport(t, waw);
    await requestChanges(t.app, coordinator.token, asked.ref, 'Popraw');
    const photos = { approved: await storeReportImage(t, approved, 'photo'), submitted: await storeReportImage(t, submitted, 'photo') };
    const receipt = await storeReportImage(t, submitted, 'receipt');
    const approvedReceipt = await storeReportImage(t, approved, 'receipt');

    const mine = [approved, submitted, asked].map((r) => r.action.uuid);
    const seen = async (filters: Record<string, unknown> = {}) =>
      (await listReports(t.app, client.token, filters)).reports.map((r) => r.action.uuid).filter((uuid) => mine.includes(uuid));
    expect(await seen()).toEqual([approved.action.uuid]);
    expect(await seen({ state: 'submitted' })).toEqual([]);
    expect(await seen({ state: 'approved' })).toEqual([approved.action.uuid]);

    const detail = await getReport(t.app, client.token, approved.ref);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.report.receipts).toEqual([
      { uuid: approvedReceipt, imageKept: true, device: { serial: null, beacon: null } },
    ]);
    for (const r of [submitted, asked]) expect(errorOf(await getReport(t.app, client.token, r.ref))).toEqual([404, 'E_REPORT_NOT_FOUND']);
    expect((await post(t.app, '/admin/reports/file', { file: { uuid: photos.approved } }, client.token)).statusCode).toBe(200);
    expect(errorOf(await post(t.app, '/admin/reports/file', { file: { uuid: photos.submitted } }, client.token))).toEqual([
      404,
      'E_FILE_NOT_FOUND',
    ]);
    expect(errorOf(await post(t.app, '/admin/reports/receipt', { receipt: { uuid: receipt } }, client.token))).toEqual([
      404,
      'E_RECEIPT_NOT_FOUND',
    ]);
    // The brand's viewer reads no promoter's data (decision 085): her hostess code, not her name.
    expect(detail.json().data.report.promoter).toMatchObject({ ident: approved.promoter.ident, firstname: '', lastname: '' });
    const listed = (await listReports(t.app, client.token)).reports.find((r) => r.action.uuid === approved.action.uuid)!;
    expect(listed.promoter).toMatchObject({ ident: approved.promoter.ident, firstname: '', lastname: '' });
    const forCoordinator = (await getReport(t.app, coordinator.token, approved.ref)).json().data.report.promoter;
    expect(forCoordinator.firstname).not.toBe('');
    // Once approved, the submitted one appears for her too.
    await approve(t.app, coordinator.token, submitted.ref);
    expect((await seen()).sort()).toEqual([approved.action.uuid, submitted.action.uuid].sort());
  });

  it("the client reads an approved report's panel without the coordinator's note, her positions or distances; a coordinator sees them all", async () => {
    const report = await buildReport(t, waw);
    await t.db
      .updateTable('action_points')
      .set({ latitude: 52.2307, longitude: 21.0122 })
      .where('id', '=', report.action.points[0]!)
      .execute();
    await t.db
      .insertInto('action_status_events')
      .values({
        id: `pos-${report.action.uuid}`,
        action_id: report.action.uuid,
        user_id: report.promoter.userId,
        kind: 'check_in',
        action_point_id: report.action.points[0]!,
        latitude: 52.2297,
        longitude: 21.0122,
        cash_terminal_id: null,
        created_at: t.clock.now().toISOString(),
        wall_time: report.action.since,
        received_at: t.clock.now().toISOString(),
      })
      .execute();
    expect((await requestChanges(t.app, coordinator.token, report.ref, 'Zdjęcie półki nieostre — zrób nowe', 'photos')).statusCode).toBe(
      200,
    );
    expect((await resubmit(t.app, report.promoter.token, report.action.uuid)).statusCode).toBe(200);
    expect((await approve(t.app, coordinator.token, report.ref)).statusCode).toBe(200);

    const forClient = await getReport(t.app, client.token, report.ref);
    expect(forClient.statusCode, forClient.body).toBe(200);
    const seen = forClient.json().data.report;
    expect(forClient.body).not.toContain('nieostre');
    expect(forClient.body).not.toContain('52.2297');
    expect(seen.timeline.map((e: { kind: string }) => e.kind)).not.toContain('review');
    expect(seen.timeline.map((e: { kind: string }) => e.kind)).not.toContain('resubmitted');
    for (const e of seen.timeline) expect([e.position, e.distanceMeters, e.note]).toEqual([null, null, null]);
    expect(
      seen.reviews.map((r: { decision: string; note: string | null; reason: string | null }) => [r.decision, r.note, r.reason]),
    ).toEqual([['approved', null, null]]);

    const forCoordinator = (await getReport(t.app, coordinator.token, report.ref)).json().data.report;
    const checkIn = forCoordinator.timeline.find((e: { kind: string }) => e.kind === 'check_in');
    expect(checkIn).toMatchObject({ position: { latitude: 52.2297, longitude: 21.0122 }, distanceMeters: 111 });
    expect(
      forCoordinator.timeline.filter((e: { kind: string }) => e.kind === 'review').map((e: { note: string | null }) => e.note),
    ).toContain('Zdjęcie półki nieostre — zrób nowe');
    expect(forCoordinator.reviews.map((r: { decision: string; note: string | null }) => [r.decision, r.note]).sort()).toEqual([
      ['approved', null],
      ['changes_requested', 'Zdjęcie półki nieostre — zrób nowe'],
    ]);
  });
});
