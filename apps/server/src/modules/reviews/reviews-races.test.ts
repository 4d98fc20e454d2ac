import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { race, requestGate, sortedLabels } from '../../test/races.ts';
import { buildReport, requestChanges, resubmit, storeReportImage } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32's race harness (test/races.ts) for the review's writes that reviews.test.ts does not race:
// approve-many against a single review, her resubmission from two phones, a photo flagged twice.

describe.each(testDatabases)('report review writes at once (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  let waw: string;
  let reviewer: { token: string };
  let other: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
    waw = await buildTerritory(t, 'WAW');
    reviewer = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    other = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
  });
  afterAll(() => t.close());

  const historyOf = (actionId: string) =>
    t.db.selectFrom('report_review_events').select('kind').where('action_id', '=', actionId).execute();

  it('approve-many and a request for changes of one report at once: one decision wins, the other is 409, one history line', async () => {
    const report = await buildReport(t, waw);
    gate.together(['/admin/reports/approve-many', '/admin/reports/review'], 2);
    const answers = await race([
      () => post(t.app, '/admin/reports/approve-many', { reports: [report.ref] }, reviewer.token),
      () => requestChanges(t.app, other.token, report.ref, 'Popraw zdjęcia'),
    ]);
    expect(sortedLabels(answers)).toEqual(['200', '409 E_REPORT_WRONG_STATE']);
    expect(await historyOf(report.action.uuid)).toHaveLength(1);
    expect((await auditEntries(t, 'reports.review')).filter((e) => e.object_id === report.action.uuid)).toHaveLength(1);
  });

  it('her resubmission sent from two phones at once: one sends it back for review, the other is 409, one history line', async () => {
    const report = await buildReport(t, waw);
    expect((await requestChanges(t.app, reviewer.token, report.ref, 'Popraw ankietę')).statusCode).toBe(200);
    gate.together(['/action/report/resubmit'], 2);
    const answers = await race([
      () => resubmit(t.app, report.promoter.token, report.action.uuid),
      () => resubmit(t.app, report.promoter.token, report.action.uuid),
    ]);
    expect(sortedLabels(answers)).toEqual(['200', '409 E_REPORT_WRONG_STATE']);
    expect((await historyOf(report.action.uuid)).map((e) => e.kind).sort()).toEqual(['changes_requested', 'resubmitted']);
  });

  it('one photo flagged by two reviewers at once: both see it flagged, one audit entry', async () => {
    const report = await buildReport(t, waw);
    const photo = await storeReportImage(t, report, 'photo');
    gate.together(['/admin/reports/flag-photo'], 2);
    const flag = (token: string) => () => post(t.app, '/admin/reports/flag-photo', { file: { uuid: photo }, flagged: true }, token);
    const answers = await race([flag(reviewer.token), flag(other.token)]);
    expect(sortedLabels(answers)).toEqual(['200', '200']);
    expect((await auditEntries(t, 'reports.flag-photo')).filter((e) => e.object_id === photo)).toHaveLength(1);
  });
});
