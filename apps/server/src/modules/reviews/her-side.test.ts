import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { checkIn, checkOut, listCurrent, listHistory } from '../../test/action-steps.ts';
import { buildAction, buildSignedInPromoter, wallTime } from '../../test/builders.ts';
import { buildJpeg, uploadPhotos } from '../../test/files.ts';
import { approve, assignAnother, buildReport, herReport, placeInTerritory, requestChanges, resubmit } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Her side of the review loop (issue 25, decision 090): what her app reads of it (/action/report,
// /action/list's history), and the survey and end photos she may send again while changes are requested.
describe.each(testDatabases)('the review in her app (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let coordinator: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
  });
  afterAll(() => t.close());

  const form = { chechboxes: ['tak', 'nie', 'tak'], text: 'Ekspozycja przy kasie' };
  const survey = (token: string, actionId: string, ident: 'start' | 'end', withForm = ident === 'start') =>
    uploadPhotos(t.app, token, { action: { uuid: actionId }, ident, ...(withForm ? { form } : {}) }, [buildJpeg()]);
  const endPhotos = (token: string, actionId: string) =>
    uploadPhotos(t.app, token, { action: { uuid: actionId }, ident: 'bereal_end' }, [buildJpeg(), buildJpeg()]);
  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];

  it("her report: no review before she finishes; submitted after; the note while changes are requested; 'accepted' once approved", async () => {
    const ewa = await buildSignedInPromoter(t, { territories: [waw] });
    const shop = await buildAction(t, ewa, { global: 'accepted' });
    await placeInTerritory(t, shop.uuid, waw);
    const ref = { action: { uuid: shop.uuid }, promoter: { ident: ewa.ident } };
    expect(await herReport(t.app, ewa.token, shop.uuid)).toMatchObject({ status: 'accepted', review: null });
    expect((await checkIn(t.app, ewa.token, shop)).statusCode).toBe(200);
    expect(await herReport(t.app, ewa.token, shop.uuid)).toMatchObject({ status: 'started', review: null });
    expect((await checkOut(t.app, ewa.token, shop)).statusCode).toBe(200);
    // The planned action's 'accepted' no longer reads 'Zaakceptowana': her report is finished, submitted.
    expect(await herReport(t.app, ewa.token, shop.uuid)).toMatchObject({
      status: 'finished',
      review: { state: 'submitted', note: null, reason: null },
    });

    await requestChanges(t.app, coordinator.token, ref, 'Dodaj zdjęcie ekspozycji i uzupełnij ankietę.', 'survey');
    expect(await herReport(t.app, ewa.token, shop.uuid)).toEqual(
      expect.objectContaining({
        status: 'finished',
        review: { state: 'changes_requested', note: 'Dodaj zdjęcie ekspozycji i uzupełnij ankietę.', reason: 'survey' },
      }),
    );
    await resubmit(t.app, ewa.token, shop.uuid);
    expect(await herReport(t.app, ewa.token, shop.uuid)).toMatchObject({
      status: 'finished',
      review: { state: 'resubmitted', note: null },
    });
    await approve(t.app, coordinator.token, ref);
    expect(await herReport(t.app, ewa.token, shop.uuid)).toMatchObject({ status: 'accepted', review: { state: 'approved', note: null } });
  });

  it("her approved report reads 'accepted' while a colleague still works on the action; a cancelled action stays cancelled", async () => {
    const report = await buildReport(t, waw, { global: 'started' });
    await assignAnother(t, report, waw, 'started');
    await approve(t.app, coordinator.token, report.ref);
    expect(await herReport(t.app, report.promoter.token, report.action.uuid)).toMatchObject({
      status: 'accepted',
      review: { state: 'approved' },
    });
    const cancelled = await buildReport(t, waw, { global: 'hst_cancelled' });
    await approve(t.app, coordinator.token, cancelled.ref);
    expect((await herReport(t.app, cancelled.promoter.token, cancelled.action.uuid)).status).toBe('hst_cancelled');
  });

  it("her history list carries each report's review state ('Do poprawy' on /raporty); the current list carries none", async () => {
    const ewa = await buildSignedInPromoter(t, { territories: [waw] });
    const a = await buildReport(t, waw, { promoter: ewa, since: wallTime(t, -3, '10:00') });
    const b = await buildReport(t, waw, { promoter: ewa, since: wallTime(t, -2, '10:00') });
    const c = await buildReport(t, waw, { promoter: ewa, since: wallTime(t, -1, '10:00') });
    await requestChanges(t.app, coordinator.token, b.ref, 'Popraw');
    await approve(t.app, coordinator.token, c.ref);
    const history = await listHistory(t.app, ewa.token);
    expect(history.map((x) => [x.uuid, (x as unknown as { review: unknown }).review])).toEqual([
      [c.action.uuid, { state: 'approved' }],
      [b.action.uuid, { state: 'changes_requested' }],
      [a.action.uuid, { state: 'submitted' }],
    ]);
    await buildAction(t, ewa, {});
    const current = await listCurrent(t.app, ewa.token, wallTime(t, 0, '00:00'));
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((x) => !('review' in x))).toBe(true);
  });

  it("her reports sent back for correction are listed with the coordinator's note until she resubmits each (issue 33 item 18)", async () => {
    const ewa = await buildSignedInPromoter(t, { territories: [waw] });
    const toFix = async () => {
      const res = await post(t.app, '/action/report/to-fix', {}, ewa.token);
      expect(res.statusCode).toBe(200);
      return res.json().data.reports as unknown[];
    };
    const a = await buildReport(t, waw, { promoter: ewa, since: wallTime(t, -3, '10:00') });
    const b = await buildReport(t, waw, { promoter: ewa, since: wallTime(t, -2, '10:00') });
    await buildReport(t, waw, { promoter: ewa, since: wallTime(t, -1, '10:00') });
    expect(await toFix()).toEqual([]);

    await requestChanges(t.app, coordinator.token, a.ref, 'Brak zdjęcia ekspozycji.', 'photos');
    t.clock.advance(60_000);
    await requestChanges(t.app, coordinator.token, b.ref, 'Uzupełnij ankietę.', 'survey');
    expect(await toFix()).toEqual([
      {
        uuid: b.action.uuid,
        name: b.action.name,
        since: b.action.since,
        review: { state: 'changes_requested', note: 'Uzupełnij ankietę.', reason: 'survey' },
      },
      {
        uuid: a.action.uuid,
        name: a.action.name,
        since: a.action.since,
        review: { state: 'changes_requested', note: 'Brak zdjęcia ekspozycji.', reason: 'photos' },
      },
    ]);
    // Another promoter's list holds none of hers.
    const ola = await buildSignedInPromoter(t, { territories: [waw] });
    expect((await post(t.app, '/action/report/to-fix', {}, ola.token)).json().data.reports).toEqual([]);

    await resubmit(t.app, ewa.token, b.action.uuid);
    expect((await toFix()).map((report) => (report as { uuid: string }).uuid)).toEqual([a.action.uuid]);
  });

  it('after finishing, the survey and end photos are refused — until changes are requested; each re-send replaces the last', async () => {
    const ewa = await buildSignedInPromoter(t, { territories: [waw] });
    const shop = await buildAction(t, ewa, { global: 'accepted' });
    await placeInTerritory(t, shop.uuid, waw);
    const ref = { action: { uuid: shop.uuid }, promoter: { ident: ewa.ident } };
    await checkIn(t.app, ewa.token, shop);
    expect((await survey(ewa.token, shop.uuid, 'start')).statusCode).toBe(200);
    expect((await survey(ewa.token, shop.uuid, 'end')).statusCode).toBe(200);
    expect((await endPhotos(ewa.token, shop.uuid)).statusCode).toBe(200);
    await checkOut(t.app, ewa.token, shop);
    const filesOf = async () =>
      await t.db
        .selectFrom('action_files')
        .select(['id', 'ident'])
        .where('action_id', '=', shop.uuid)
        .orderBy('ident')
        .orderBy('id')
        .execute();
    const before = await filesOf();
    const endPhotosAt = async () =>
      (
        await t.db
          .selectFrom('action_assignments')
          .select('end_photos_at')
          .where('action_id', '=', shop.uuid)
          .where('user_id', '=', ewa.userId)
          .executeTakeFirstOrThrow()
      ).end_photos_at;
    const firstSent = await endPhotosAt();
    expect(firstSent).toEqual(expect.any(String));

    // Submitted: the old rules stand.
    expect(errorOf(await survey(ewa.token, shop.uuid, 'start'))).toEqual([409, 'E_ACTION_ALREADY_CHECK_OUT']);
    expect(errorOf(await endPhotos(ewa.token, shop.uuid))).toEqual([409, 'E_ACTION_ALREADY_CHECK_OUT']);

    t.clock.advance(60_000);
    await requestChanges(t.app, coordinator.token, ref, 'Zdjęcie ekspozycji jest nieostre — zrób nowe.', 'photos');
    const newForm = { chechboxes: ['tak', 'tak', 'tak'], text: 'Nowe zdjęcie ekspozycji' };
    const again = await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'start', form: newForm }, [buildJpeg()]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await survey(ewa.token, shop.uuid, 'end')).statusCode).toBe(200);
    expect((await endPhotos(ewa.token, shop.uuid)).statusCode).toBe(200);
    // Her start photos are the start's proof: never sent again.
    expect(
      errorOf(await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'bereal_start' }, [buildJpeg(), buildJpeg()])),
    ).toEqual([409, 'E_ACTION_ALREADY_CHECK_OUT']);
    const after = await filesOf();
    expect(after.map((f) => f.ident)).toEqual(before.map((f) => f.ident));
    const replaced = (ident: string) => before.filter((f) => f.ident === ident).every((f) => !after.some((g) => g.id === f.id));
    expect(['bereal_end', 'start', 'end'].every(replaced)).toBe(true);
    // The live day's mark that she sent them (decision 101) keeps the first time.
    expect(await endPhotosAt()).toBe(firstSent);
    expect(before.filter((f) => f.ident === 'bereal_start')).toEqual(after.filter((f) => f.ident === 'bereal_start'));
    const listed = (await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ewa.token)).json().data;
    expect(listed.poll).toEqual(newForm);

    // Resubmitted: closed again.
    await resubmit(t.app, ewa.token, shop.uuid);
    expect(errorOf(await survey(ewa.token, shop.uuid, 'start'))).toEqual([409, 'E_ACTION_ALREADY_CHECK_OUT']);
    expect(errorOf(await endPhotos(ewa.token, shop.uuid))).toEqual([409, 'E_ACTION_ALREADY_CHECK_OUT']);
  });

  it('another promoter cannot send photos to her report while its changes are requested', async () => {
    const report = await buildReport(t, waw);
    await requestChanges(t.app, coordinator.token, report.ref, 'Popraw');
    const ola = await buildSignedInPromoter(t, { territories: [waw] });
    expect(errorOf(await survey(ola.token, report.action.uuid, 'start'))).toEqual([404, 'E_ACTION_NOT_FOUND']);
  });
});
