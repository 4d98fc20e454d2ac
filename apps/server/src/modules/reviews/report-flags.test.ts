import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildFlag, FAR_EVIDENCE } from '../../test/integrity-flags.ts';
import { raceSame, requestGate, sortedLabels, serverErrors } from '../../test/races.ts';
import { buildReport, getReport, listReports, markApproved, requestChanges, type BuiltReport } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 38 (decision 138) in the review: 'Do wyjaśnienia' in Raporty, the flags on the report's panel,
// 'Wyjaśnione' with a note — scoped to the caller's territories, hidden from the brand's client.
describe.each(testDatabases)('plausibility flags in the review (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  let waw: string;
  let krk: string;
  let wawCoordinator: { token: string; staffId: string };
  let krkCoordinator: { token: string; staffId: string };
  let client: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    wawCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krkCoordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
  });
  afterAll(() => t.close());

  const explain = (token: string, id: string, note = 'Sklep w galerii, GPS słaby') =>
    post(t.app, '/admin/reports/explain-flag', { flag: { id }, note }, token);
  const keyOf = (r: BuiltReport) => `${r.action.uuid}/${r.promoter.ident}`;
  const flaggedKeys = async (token: string, filters: Record<string, unknown> = {}) =>
    (await listReports(t.app, token, { flagged: true, ...filters })).reports.map((r) => `${r.action.uuid}/${r.promoter.ident}`);

  it("'Do wyjaśnienia' lists reports with an open fault; weak evidence alone or an explained flag is not one", async () => {
    const [far, weak, explained, clean] = [
      await buildReport(t, waw),
      await buildReport(t, waw),
      await buildReport(t, waw),
      await buildReport(t, waw),
    ];
    await buildFlag(t, far, 'check_in_far');
    await buildFlag(t, far, 'weak_fix', { evidence: { accuracyMeters: 240 } });
    await buildFlag(t, weak, 'weak_fix', { evidence: { accuracyMeters: 240 } });
    expect((await explain(wawCoordinator.token, await buildFlag(t, explained, 'teleport'))).statusCode).toBe(200);

    const keys = await flaggedKeys(wawCoordinator.token, { territory: waw });
    expect(keys).toContain(keyOf(far));
    for (const r of [weak, explained, clean]) expect(keys).not.toContain(keyOf(r));

    const all = (await listReports(t.app, wawCoordinator.token, { territory: waw })).reports as unknown as {
      action: { uuid: string };
      promoter: { ident: string };
      openFlags: number;
    }[];
    const openOf = (r: BuiltReport) => all.find((s) => `${s.action.uuid}/${s.promoter.ident}` === keyOf(r))?.openFlags;
    expect([openOf(far), openOf(weak), openOf(explained), openOf(clean)]).toEqual([2, 1, 0, 0]);
  });

  it("the report's panel lists every flag, open and explained, with its evidence; the client sees none", async () => {
    const report = await buildReport(t, waw);
    const far = await buildFlag(t, report, 'check_in_far');
    t.clock.advance(60_000);
    const blank = await buildFlag(t, report, 'photo_blank', { subject: 'photo-1', evidence: { unknownField: 1 } as never });
    expect((await explain(wawCoordinator.token, blank, 'Zdjęcie zrobione w ciemnym magazynie')).statusCode).toBe(200);

    const res = await getReport(t.app, wawCoordinator.token, report.ref);
    expect(res.statusCode, res.body).toBe(200);
    const flags = res.json().data.report.flags;
    expect(flags).toHaveLength(2);
    expect(flags[0]).toMatchObject({ id: far, kind: 'check_in_far', evidence: FAR_EVIDENCE, explained: null });
    expect(flags[0].raisedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Evidence is read through the contract's schema: what it does not know is not passed on.
    expect(flags[1]).toMatchObject({ id: blank, kind: 'photo_blank', evidence: {} });
    expect(flags[1].explained).toMatchObject({ by: 'Beata Biurowa', note: 'Zdjęcie zrobione w ciemnym magazynie' });

    await markApproved(t, report);
    const asClient = await getReport(t.app, client.token, report.ref);
    expect(asClient.statusCode, asClient.body).toBe(200);
    expect(asClient.json().data.report.flags).toEqual([]);
    const listed = (await listReports(t.app, client.token)).reports as unknown as { action: { uuid: string }; openFlags: number }[];
    expect(listed.find((r) => r.action.uuid === report.action.uuid)?.openFlags).toBe(0);
    expect(await flaggedKeys(client.token)).toEqual([]);
  });

  it("'Wyjaśnione' stamps the note, who and when, audited once; a second explanation leaves the first", async () => {
    const report = await buildReport(t, waw);
    const id = await buildFlag(t, report, 'teleport', { evidence: { speedKmh: 240, minutes: 3 } });
    const res = await explain(wawCoordinator.token, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.flag).toMatchObject({ id, explained: { by: 'Beata Biurowa', note: 'Sklep w galerii, GPS słaby' } });
    const row = await t.db.selectFrom('integrity_flags').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.explained_by, row.explained_at]).toEqual([wawCoordinator.staffId, t.clock.now().toISOString()]);

    const again = await explain(wawCoordinator.token, id, 'Inna notatka');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.flag.explained.note).toBe('Sklep w galerii, GPS słaby');
    const entries = (await auditEntries(t, 'reports.explain_flag')).filter((e) => e.object_id === id);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.details!)).toMatchObject({
      kind: 'teleport',
      promoter: report.promoter.ident,
      note: 'Sklep w galerii, GPS słaby',
    });
    // The report may still be sent back as before.
    expect((await requestChanges(t.app, wawCoordinator.token, report.ref, 'Wyjaśnij, gdzie byłaś o 10:05')).statusCode).toBe(200);
  });

  it("another territory's flag is not found for its coordinator and the try is recorded; the client may not explain", async () => {
    const report = await buildReport(t, waw);
    const id = await buildFlag(t, report);
    const res = await explain(krkCoordinator.token, id);
    expect([res.statusCode, res.json().data.error]).toEqual([404, 'E_FLAG_NOT_FOUND']);
    const tried = (await auditEntries(t, 'access.not_found')).filter((e) => e.actor_id === krkCoordinator.staffId);
    expect(tried.map((e) => [e.object_type, e.object_id])).toContainEqual(['integrity_flag', id]);
    expect((await explain(client.token, id)).statusCode).toBe(403);
    const unknown = await explain(wawCoordinator.token, 'no-such-flag');
    expect([unknown.statusCode, unknown.json().data.error]).toEqual([404, 'E_FLAG_NOT_FOUND']);
    const blankNote = await explain(wawCoordinator.token, id, '   ');
    expect([blankNote.statusCode, blankNote.json().data.error]).toEqual([400, 'E_VALIDATION']);
    const row = await t.db.selectFrom('integrity_flags').select('explained_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.explained_at).toBeNull();
  });

  it('one flag explained by 6 calls at once: all answered 200 with one note, one audit entry, no 5xx', async () => {
    const report = await buildReport(t, waw);
    const id = await buildFlag(t, report, 'photo_reused', { subject: 'photo-x' });
    gate.together(['/admin/reports/explain-flag'], 6);
    const answers = await raceSame(6, (i) => explain(wawCoordinator.token, id, `Notatka ${i}`));
    expect(serverErrors(answers)).toEqual([]);
    expect(sortedLabels(answers)).toEqual(Array(6).fill('200'));
    expect((await auditEntries(t, 'reports.explain_flag')).filter((e) => e.object_id === id)).toHaveLength(1);
    const notes = await t.db.selectFrom('integrity_flags').select('explanation').where('id', '=', id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.explanation).toMatch(/^Notatka \d$/);
  });
});
