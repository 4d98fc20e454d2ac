import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';
import {
  approve,
  assignAnother,
  buildReport,
  getReport,
  listReports,
  placeInTerritory,
  requestChanges,
  resubmit,
} from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The report review's state machine (issue 25, decision 090): submitted → approved | changes_requested
// → (she resubmits) resubmitted → approved; every refused move with its code; scoping; bulk; races.
describe.each(testDatabases)('report review (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let wawCoordinator: { token: string; staffId: string };
  let krkCoordinator: { token: string };
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];
  const stateIn = async (ref: { action: { uuid: string }; promoter: { ident: string } }) =>
    (await getReport(t.app, admin.token, ref)).json().data.report.state;
  // The action's status as the back office reads it (decision 110), through one of its reports.
  const actionStatusIn = async (ref: { action: { uuid: string }; promoter: { ident: string } }) =>
    (await getReport(t.app, admin.token, ref)).json().data.report.action.status;
  const eventsOf = (actionId: string) =>
    t.db.selectFrom('report_review_events').selectAll().where('action_id', '=', actionId).orderBy('at').orderBy('id').execute();

  it('a finished report is submitted; approving it makes it approved, and a second approval is 409 E_REPORT_WRONG_STATE', async () => {
    const report = await buildReport(t, waw);
    expect(await stateIn(report.ref)).toBe('submitted');
    const res = await approve(t.app, wawCoordinator.token, report.ref);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.report).toMatchObject({ state: 'approved', reviews: [{ decision: 'approved', reason: null, note: null }] });
    expect(res.json().data.report.reviews[0].reviewer.name).toBe('Beata Biurowa');
    expect(errorOf(await approve(t.app, wawCoordinator.token, report.ref))).toEqual([409, 'E_REPORT_WRONG_STATE']);
    expect(errorOf(await requestChanges(t.app, wawCoordinator.token, report.ref, 'Jednak popraw'))).toEqual([409, 'E_REPORT_WRONG_STATE']);
    expect(errorOf(await resubmit(t.app, report.promoter.token, report.action.uuid))).toEqual([409, 'E_REPORT_WRONG_STATE']);
    expect(await stateIn(report.ref)).toBe('approved');
  });

  it('the loop: changes requested with a note → she resubmits → resubmitted → approved; each refused move is 409', async () => {
    const report = await buildReport(t, waw);
    // She cannot resubmit what nobody sent back.
    expect(errorOf(await resubmit(t.app, report.promoter.token, report.action.uuid))).toEqual([409, 'E_REPORT_WRONG_STATE']);

    const asked = await requestChanges(t.app, wawCoordinator.token, report.ref, 'Brakuje zdjęcia ekspozycji przy kasie.', 'photos');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.report).toMatchObject({
      state: 'changes_requested',
      reviews: [{ decision: 'changes_requested', reason: 'photos', note: 'Brakuje zdjęcia ekspozycji przy kasie.' }],
    });
    // While she works on it, nobody approves or asks again.
    expect(errorOf(await approve(t.app, wawCoordinator.token, report.ref))).toEqual([409, 'E_REPORT_WRONG_STATE']);
    expect(errorOf(await requestChanges(t.app, wawCoordinator.token, report.ref, 'I jeszcze to'))).toEqual([409, 'E_REPORT_WRONG_STATE']);

    t.clock.advance(60_000);
    const back = await resubmit(t.app, report.promoter.token, report.action.uuid);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toEqual({ review: { state: 'resubmitted', note: null, reason: null } });
    expect(errorOf(await resubmit(t.app, report.promoter.token, report.action.uuid))).toEqual([409, 'E_REPORT_WRONG_STATE']);

    // From resubmitted, changes may be asked again or it may be approved.
    t.clock.advance(60_000);
    expect((await requestChanges(t.app, wawCoordinator.token, report.ref, 'Popraw godziny', 'times')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await resubmit(t.app, report.promoter.token, report.action.uuid)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const approved = await approve(t.app, wawCoordinator.token, report.ref);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.report.reviews.map((r: { decision: string }) => r.decision)).toEqual([
      'changes_requested',
      'changes_requested',
      'approved',
    ]);
    expect(approved.json().data.report.timeline.filter((e: { kind: string }) => e.kind === 'resubmitted')).toHaveLength(2);
    expect((await eventsOf(report.action.uuid)).map((e) => e.kind)).toEqual([
      'changes_requested',
      'resubmitted',
      'changes_requested',
      'resubmitted',
      'approved',
    ]);
    const row = await t.db.selectFrom('report_reviews').selectAll().where('action_id', '=', report.action.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'approved', reason: null, note: null, reviewed_by: wawCoordinator.staffId });
  });

  it('a request for changes needs a note (400 E_VALIDATION), a known reason, and nothing is written', async () => {
    const report = await buildReport(t, waw);
    const noNote = await post(t.app, '/admin/reports/review', { ...report.ref, decision: 'changes_requested' }, wawCoordinator.token);
    expect(errorOf(noNote)).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await requestChanges(t.app, wawCoordinator.token, report.ref, '   '))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await requestChanges(t.app, wawCoordinator.token, report.ref, '\u200b\u200b\u200b'))).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await requestChanges(t.app, wawCoordinator.token, report.ref, 'Popraw', 'kaprys'))).toEqual([400, 'E_VALIDATION']);
    const tooLong = await requestChanges(t.app, wawCoordinator.token, report.ref, 'x'.repeat(1001));
    expect(errorOf(tooLong)).toEqual([400, 'E_VALIDATION']);
    expect(await eventsOf(report.action.uuid)).toEqual([]);
    expect(await stateIn(report.ref)).toBe('submitted');
  });

  it('every review is in the audit log with its decision and note, in one entry per report', async () => {
    const report = await buildReport(t, waw);
    await requestChanges(t.app, wawCoordinator.token, report.ref, 'Dodaj ankietę', 'survey');
    const entries = (await auditEntries(t, 'reports.review')).filter((e) => e.object_id === report.action.uuid);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_type: 'staff',
      actor_id: wawCoordinator.staffId,
      object_type: 'action',
      actor_roles: 'coordinator',
    });
    expect(JSON.parse(entries[0]!.details!)).toEqual({
      promoter: report.promoter.ident,
      from: 'submitted',
      decision: 'changes_requested',
      reason: 'survey',
      note: 'Dodaj ankietę',
    });
  });

  it("a report not finished, not hers, another territory's or of nobody is 404 E_REPORT_NOT_FOUND — the same answer", async () => {
    const started = await buildReport(t, waw, { status: 'started' });
    const cancelled = await buildReport(t, waw);
    await t.db
      .updateTable('action_assignments')
      .set({ cancelled_at: t.clock.now().toISOString() })
      .where('action_id', '=', cancelled.action.uuid)
      .execute();
    const finished = await buildReport(t, waw);
    const stranger = await buildSignedInPromoter(t, { territories: [waw] });
    const notAssigned = { action: finished.ref.action, promoter: { ident: stranger.ident } };
    const nowhere = { action: { uuid: '00000000-0000-4000-8000-000000000000' }, promoter: finished.ref.promoter };
    for (const ref of [started.ref, cancelled.ref, notAssigned, nowhere]) {
      expect(errorOf(await getReport(t.app, wawCoordinator.token, ref))).toEqual([404, 'E_REPORT_NOT_FOUND']);
      expect(errorOf(await approve(t.app, wawCoordinator.token, ref))).toEqual([404, 'E_REPORT_NOT_FOUND']);
    }
    // Kraków's coordinator does not see Warsaw's report, nor may she review it; the admin does both.
    expect(errorOf(await getReport(t.app, krkCoordinator.token, finished.ref))).toEqual([404, 'E_REPORT_NOT_FOUND']);
    expect(errorOf(await approve(t.app, krkCoordinator.token, finished.ref))).toEqual([404, 'E_REPORT_NOT_FOUND']);
    expect(errorOf(await requestChanges(t.app, krkCoordinator.token, finished.ref, 'Nie moje'))).toEqual([404, 'E_REPORT_NOT_FOUND']);
    expect(await stateIn(finished.ref)).toBe('submitted');
    expect((await approve(t.app, admin.token, finished.ref)).statusCode).toBe(200);
  });

  it('the list: her finished reports of the period, filtered by state, territory, event and promoter, in the scope only', async () => {
    const ewa = await buildSignedInPromoter(t, { territories: [waw] });
    const day = '2031-03-10';
    const first = await buildReport(t, waw, { promoter: ewa, since: `${day} 10:00:00`, until: `${day} 16:00:00` });
    const second = await buildReport(t, waw, { promoter: ewa, since: '2031-03-11 10:00:00', until: '2031-03-11 16:00:00' });
    await buildReport(t, waw, { promoter: ewa, since: '2031-03-12 10:00:00', status: 'started' }); // not a report yet
    const krakow = await buildReport(t, krk, { since: `${day} 09:00:00` });
    await approve(t.app, wawCoordinator.token, second.ref);

    const period = { from: '2031-03-10', to: '2031-03-12' };
    const mine = await post(t.app, '/admin/reports/list', { ...period, promoter: ewa.ident }, wawCoordinator.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    expect(mine.json().data.reports.map((r: { action: { uuid: string }; state: string }) => [r.action.uuid, r.state])).toEqual([
      [second.action.uuid, 'approved'],
      [first.action.uuid, 'submitted'],
    ]);
    expect(mine.json().data.reports[1]).toMatchObject({
      action: { name: first.action.name, since: first.action.since, territory: { ident: waw }, event: { name: 'Wydarzenie testowe' } },
      promoter: { uuid: ewa.userId, ident: ewa.ident, firstname: 'Ewa', lastname: 'Testowa' },
      start: null,
      end: null,
      registrations: 0,
      codesHandedOut: 0,
      flaggedPhotos: 0,
    });
    const uuids = (r: { reports: { action: { uuid: string } }[] }) => r.reports.map((x) => x.action.uuid);
    expect(uuids(await listReports(t.app, wawCoordinator.token, { ...period, state: 'submitted', promoter: ewa.ident }))).toEqual([
      first.action.uuid,
    ]);
    expect(uuids(await listReports(t.app, wawCoordinator.token, { from: day, to: day, promoter: ewa.ident }))).toEqual([first.action.uuid]);
    // Kraków's report is not in Warsaw's list, even when asked by territory; the admin's has both.
    expect(uuids(await listReports(t.app, wawCoordinator.token, { from: day, to: day, territory: krk }))).toEqual([]);
    expect(uuids(await listReports(t.app, admin.token, { from: day, to: day, territory: krk }))).toEqual([krakow.action.uuid]);
    // A page at a time.
    const paged = await listReports(t.app, wawCoordinator.token, { ...period, promoter: ewa.ident, page: 2, pageSize: 1 });
    expect([paged.total, uuids(paged)]).toEqual([2, [first.action.uuid]]);
    const backwards = await post(t.app, '/admin/reports/list', { from: '2031-03-12', to: '2031-03-10' }, wawCoordinator.token);
    expect(errorOf(backwards)).toEqual([400, 'E_VALIDATION']);
  });

  it('bulk approval is all or nothing: one not reviewable (409) or not visible (404) refuses every one', async () => {
    const reports = [await buildReport(t, waw), await buildReport(t, waw), await buildReport(t, waw)];
    const refs = reports.map((r) => r.ref);
    await approve(t.app, wawCoordinator.token, refs[2]!);
    const refused = await post(t.app, '/admin/reports/approve-many', { reports: refs }, wawCoordinator.token);
    expect(errorOf(refused)).toEqual([409, 'E_REPORT_WRONG_STATE']);
    const krakow = await buildReport(t, krk);
    const unseen = await post(t.app, '/admin/reports/approve-many', { reports: [refs[0], krakow.ref] }, wawCoordinator.token);
    expect(errorOf(unseen)).toEqual([404, 'E_REPORT_NOT_FOUND']);
    expect([await stateIn(refs[0]!), await stateIn(refs[1]!), await stateIn(krakow.ref)]).toEqual(['submitted', 'submitted', 'submitted']);

    await requestChanges(t.app, wawCoordinator.token, refs[1]!, 'Popraw');
    await resubmit(t.app, reports[1]!.promoter.token, reports[1]!.action.uuid);
    const ok = await post(t.app, '/admin/reports/approve-many', { reports: [refs[0], refs[1], refs[0]] }, wawCoordinator.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.reports.map((r: { state: string }) => r.state)).toEqual(['approved', 'approved']);
    const audited = (await auditEntries(t, 'reports.review')).filter((e) =>
      [refs[0]!.action.uuid, refs[1]!.action.uuid].includes(e.object_id!),
    );
    expect(audited.filter((e) => JSON.parse(e.details!).bulk === true)).toHaveLength(2);
    expect(await actionStatusIn(refs[0]!)).toBe('approved');
  });

  it("the action is approved when every assigned promoter's report is approved; a cancelled one does not count", async () => {
    const ewa = await buildReport(t, waw);
    const ola = await assignAnother(t, ewa, waw, 'finished');
    await assignAnother(t, ewa, waw, null, { cancelled: true });
    expect(await actionStatusIn(ewa.ref)).toBe('finished');
    await approve(t.app, wawCoordinator.token, ewa.ref);
    expect(await actionStatusIn(ewa.ref)).toBe('finished');
    const last = await approve(t.app, wawCoordinator.token, ola.ref);
    expect(last.json().data.report.action.status).toBe('approved');
    expect(await actionStatusIn(ewa.ref)).toBe('approved');
    const entry = (await auditEntries(t, 'reports.review')).find(
      (e) => e.object_id === ewa.action.uuid && e.details!.includes(ola.promoter.ident),
    );
    expect(JSON.parse(entry!.details!)).toMatchObject({ decision: 'approved', actionAccepted: true });

    // One still working: her colleague's approval does not approve the action, which is still running.
    const busy = await buildReport(t, waw);
    await assignAnother(t, busy, waw, 'started');
    await approve(t.app, wawCoordinator.token, busy.ref);
    expect(await actionStatusIn(busy.ref)).toBe('started');
  });

  it("two promoters' reports of one action approved at once by two reviewers: the action is approved", async () => {
    const other = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    const pairs = [];
    for (let i = 0; i < 6; i++) {
      const ewa = await buildReport(t, waw);
      pairs.push([ewa, await assignAnother(t, ewa, waw, 'finished')] as const);
    }
    // Each approval sees the other's report as not yet approved unless the two are serialised.
    const answers = await Promise.all(
      pairs.flatMap(([ewa, ola]) => [approve(t.app, wawCoordinator.token, ewa.ref), approve(t.app, other.token, ola.ref)]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await Promise.all(pairs.map(([ewa]) => actionStatusIn(ewa.ref)))).toEqual(pairs.map(() => 'approved'));
    // One audit entry of each pair says its decision approved the action.
    const actionIds = new Set(pairs.map(([ewa]) => ewa.action.uuid));
    const entries = (await auditEntries(t, 'reports.review')).filter((e) => actionIds.has(e.object_id!));
    expect(entries.filter((e) => JSON.parse(e.details!).actionAccepted === true)).toHaveLength(pairs.length);
  });

  it('two reviewers at once: exactly one decision wins, the others are 409, one history line and one audit entry', async () => {
    const report = await buildReport(t, waw);
    const other = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    const answers = await Promise.all([
      approve(t.app, wawCoordinator.token, report.ref),
      requestChanges(t.app, other.token, report.ref, 'Popraw zdjęcia'),
      approve(t.app, other.token, report.ref),
      requestChanges(t.app, wawCoordinator.token, report.ref, 'Popraw ankietę'),
      approve(t.app, admin.token, report.ref),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect(await eventsOf(report.action.uuid)).toHaveLength(1);
    expect((await auditEntries(t, 'reports.review')).filter((e) => e.object_id === report.action.uuid)).toHaveLength(1);
  });

  it('a review retried with the same Idempotency-Key answers the first answer again, not 409', async () => {
    const report = await buildReport(t, waw);
    const headers = { 'idempotency-key': `review-${report.action.uuid}` };
    const first = await approve(t.app, wawCoordinator.token, report.ref, headers);
    const again = await approve(t.app, wawCoordinator.token, report.ref, headers);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data).toEqual(first.json().data);
    expect(await eventsOf(report.action.uuid)).toHaveLength(1);
  });

  it("resubmitting another promoter's report is 404 E_ACTION_NOT_FOUND; one she has not finished is 409", async () => {
    const report = await buildReport(t, waw);
    await requestChanges(t.app, wawCoordinator.token, report.ref, 'Popraw');
    const ola = await buildSignedInPromoter(t, { territories: [waw] });
    expect(errorOf(await resubmit(t.app, ola.token, report.action.uuid))).toEqual([404, 'E_ACTION_NOT_FOUND']);
    expect(await stateIn(report.ref)).toBe('changes_requested');
    const running = await buildAction(t, ola, { status: 'started' });
    await placeInTerritory(t, running.uuid, waw);
    expect(errorOf(await resubmit(t.app, ola.token, running.uuid))).toEqual([409, 'E_REPORT_WRONG_STATE']);
  });
});
