import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './demo-seed.ts';
import { staffLogin } from '../test/admin-builders.ts';
import { createTestApp, post, type TestApp } from '../test/test-app.ts';
import { REPORT_ACTION_NAME } from './report-seed.ts';
import { DEMO_STAFF } from './back-office-seed.ts';
import { DEMO_REVIEW_NOTE } from './review-seed.ts';
import { loginAs } from '../test/test-app.ts';

// The back office's demo data (issue 24): README's accounts, and each coordinator sees her promoters.
describe('back office demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: true });
  });
  afterAll(() => t.close());

  it.each(DEMO_STAFF.map((s) => [s.username, s.roles.join(','), s.territories.join(',')]))(
    '%s logs in as %s with territories [%s]',
    async (username, roles, territories) => {
      const res = await post(t.app, '/admin/auth/login', { username, password: DEMO_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.staff.roles.join(',')).toBe(roles);
      expect(res.json().data.staff.territories.join(',')).toBe(territories);
    },
  );

  it('the Warsaw coordinator sees Anna, the Kraków one Piotr, the admin both', async () => {
    const seen = async (username: string) => {
      const token = await staffLogin(t.app, username, DEMO_PASSWORD);
      return (await post(t.app, '/admin/promoters/list', {}, token)).json().data.promoters.map((p: { username: string }) => p.username);
    };
    expect(await seen('koordynator.waw@demo.pl')).toEqual(['anna@demo.pl']);
    expect(await seen('koordynator.krk@demo.pl')).toEqual(['piotr@demo.pl']);
    expect((await seen('admin@demo.pl')).sort()).toEqual(['anna@demo.pl', 'piotr@demo.pl']);
  });

  it("every demo action lies in a territory of its promoter: Anna's in Warsaw, Piotr's in Kraków", async () => {
    const rows = await t.db
      .selectFrom('actions')
      .innerJoin('action_assignments', 'action_assignments.action_id', 'actions.id')
      .innerJoin('users', 'users.id', 'action_assignments.user_id')
      .leftJoin('territories', 'territories.id', 'actions.territory_id')
      .select(['users.username', 'territories.ident'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.ident, r.username).toMatch(r.username === 'anna@demo.pl' ? /^WAW-/ : /^KRK-/);
    expect(new Set(rows.filter((r) => r.username === 'anna@demo.pl').map((r) => r.ident))).toEqual(
      new Set(['WAW-CENTRUM', 'WAW-POLUDNIE']),
    );
  });

  it("Anna's Warsaw reports wait in each state for the Warsaw coordinator; her app shows the note; Kraków sees none", async () => {
    const reports = async (username: string) => {
      const token = await staffLogin(t.app, username, DEMO_PASSWORD);
      const res = await post(t.app, '/admin/reports/list', { from: '2000-01-01', to: '2100-12-31', promoter: 'HST1001' }, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.reports as { action: { uuid: string; name: string }; state: string }[];
    };
    const waw = await reports('koordynator.waw@demo.pl');
    expect(waw[0]).toMatchObject({ action: { name: REPORT_ACTION_NAME }, state: 'submitted' });
    expect(waw.slice(0, 5).map((r) => r.state)).toEqual(['submitted', 'changes_requested', 'resubmitted', 'approved', 'approved']);
    expect(await reports('koordynator.krk@demo.pl')).toEqual([]);
    expect((await reports('klient@demo.pl')).map((r) => r.state)).toEqual(['approved', 'approved']);

    const anna = await loginAs(t.app, 'anna@demo.pl', DEMO_PASSWORD);
    const asked = await post(t.app, '/action/report', { action: { uuid: waw[1]!.action.uuid } }, anna);
    expect(asked.json().data.report).toMatchObject({
      status: 'finished',
      review: { state: 'changes_requested', note: DEMO_REVIEW_NOTE, reason: 'photos' },
    });
    const approved = await post(t.app, '/action/report', { action: { uuid: waw[3]!.action.uuid } }, anna);
    expect(approved.json().data.report).toMatchObject({ status: 'accepted', review: { state: 'approved' } });
    const history = await post(
      t.app,
      '/action/list',
      { actions: { since: '2000-01-01 00:00:00', finished: true }, pagination: { limit: 20, offset: 0 } },
      anna,
    );
    expect(
      history
        .json()
        .data.actions.slice(0, 3)
        .map((a: { review: { state: string } }) => a.review.state),
    ).toEqual(['submitted', 'changes_requested', 'resubmitted']);
  });
  it('rodo@demo.pl finds Katarzyna (klientka.glo@demo.pl) and sees her webform consents, given to Anna at a finished action', async () => {
    const token = await staffLogin(t.app, 'rodo@demo.pl', DEMO_PASSWORD);
    const found = await post(t.app, '/admin/consumers/find', { emailAddress: 'klientka.glo@demo.pl', reason: 'Pokaz demo' }, token);
    const [katarzyna] = found.json().data.consumers;
    expect(katarzyna).toMatchObject({ firstName: 'Katarzyna', lastName: 'Wiśniewska' });
    const history = (await post(t.app, '/admin/consumers/history', { consumer: { uuid: katarzyna.uuid } }, token)).json().data;
    expect(history.consents).toHaveLength(9);
    for (const c of history.consents) {
      expect(c).toMatchObject({ channel: 'webform', promoter: { ident: 'HST1001' }, proof: { kind: 'codes' } });
      expect(c.text.words.length).toBeGreaterThan(10);
      expect(c.action.name).toBeTruthy();
      expect(c.point.name).toBeTruthy();
    }
    expect(history.current).toContainEqual(expect.objectContaining({ field: 'newsletterCommercialAuthorization', decision: true }));
    expect(history.current).toContainEqual(expect.objectContaining({ field: 'externalCompaniesAuthorization', decision: false }));
  });
});
