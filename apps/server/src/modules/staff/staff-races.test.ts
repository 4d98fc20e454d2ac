import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, buildStaff, buildTerritory, STAFF_PASSWORD } from '../../test/admin-builders.ts';
import { label, outcomeOf, race, raceSame, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { buildInvitedStaff, linkTokenOf, newStaffUsername, resetCodeOf } from '../../test/staff-accounts.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32's race harness (test/races.ts) on the staff accounts of issue 34: every write of the
// 'Personel' page, her link and her reset code sent at once — one winner where there is one, no 5xx,
// and an audit log whose entries follow each other (decisions 118 and 120).

describe.each(testDatabases)('staff accounts written at once (%s)', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof buildSignedInStaff>>;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
    admin = await buildSignedInStaff(t);
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown, token = admin.token) => post(t.app, path, body, token);
  const openLinks = (staffId: string) =>
    t.db.selectFrom('staff_password_links').select('id').where('staff_id', '=', staffId).where('used_at', 'is', null).execute();

  it('five creates of one username at once: one account, the others 409 E_USERNAME_TAKEN', async () => {
    const username = newStaffUsername();
    const body = { staff: { firstname: 'Jola', lastname: 'Raz', username, roles: ['client'], territories: [] } };
    gate.together(['/admin/staff/create'], 5);
    const answers = await raceSame(5, () => call('/admin/staff/create', body));
    expect(sortedLabels(answers)).toEqual(['200', ...Array(4).fill('409 E_USERNAME_TAKEN')]);
    expect(await t.db.selectFrom('staff').select('id').where('username', '=', username).execute()).toHaveLength(1);
  });

  it('twenty changes of her roles and territories at once: each audit entry starts where the one before ended', async () => {
    const idents = [await buildTerritory(t, 'WAW'), await buildTerritory(t, 'KRK'), await buildTerritory(t, 'GDA')];
    const her = await buildStaff(t, { roles: ['coordinator'], territories: [idents[0]!] });
    gate.together(['/admin/staff/update'], 20);
    const answers = await raceSame(20, (i) =>
      call('/admin/staff/update', {
        staff: { uuid: her.staffId, roles: i % 2 ? ['coordinator', 'client'] : ['coordinator'], territories: [idents[i % 3]!] },
      }),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const entries = (await auditEntries(t, 'staff.update')).filter((e) => e.object_id === her.staffId).reverse();
    let roles = ['coordinator'];
    let territories = [idents[0]];
    for (const entry of entries) {
      const changes = JSON.parse(entry.details!) as Record<string, { from: string[]; to: string[] }>;
      if (changes.roles) {
        expect(changes.roles.from).toEqual(roles);
        roles = changes.roles.to;
      }
      if (changes.territories) {
        expect(changes.territories.from).toEqual(territories);
        territories = changes.territories.to;
      }
    }
    const now = (await call('/admin/staff/list', { search: her.username })).json().data.staff[0];
    expect([now.roles, now.territories]).toEqual([roles, territories]);
  });

  it('two admins, the only active ones, deactivate each other at once: one of them stays an active admin', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await buildSignedInStaff(t), await buildSignedInStaff(t)];
      // Every other admin of this file's database set aside for the round, as if these two were the office's only ones.
      const others = await t.db
        .selectFrom('staff_roles')
        .innerJoin('staff', 'staff.id', 'staff_roles.staff_id')
        .select('staff.id')
        .where('staff_roles.role', '=', 'admin')
        .where('staff.deactivated_at', 'is', null)
        .where('staff.id', 'not in', [a.staffId, b.staffId])
        .execute();
      const ids = others.map((o) => o.id);
      await t.db.updateTable('staff').set({ deactivated_at: t.clock.now().toISOString() }).where('id', 'in', ids).execute();
      try {
        gate.together(['/admin/staff/deactivate'], 2);
        const answers = await race([
          () => call('/admin/staff/deactivate', { staff: { uuid: b.staffId } }, a.token),
          () => call('/admin/staff/deactivate', { staff: { uuid: a.staffId } }, b.token),
        ]);
        expect(serverErrors(answers)).toEqual([]);
        expect(sortedLabels(answers)).toEqual(['200', '409 E_LAST_ADMIN']);
        const active = await t.db
          .selectFrom('staff')
          .select('id')
          .where('id', 'in', [a.staffId, b.staffId])
          .where('deactivated_at', 'is', null)
          .execute();
        expect(active).toHaveLength(1);
      } finally {
        await t.db.updateTable('staff').set({ deactivated_at: null }).where('id', 'in', ids).execute();
      }
    }
  });

  it('ten deactivations and then ten reactivations of one account at once: each done once, in the log once', async () => {
    const her = await buildStaff(t, { roles: ['client'] });
    gate.together(['/admin/staff/deactivate'], 10);
    const off = await raceSame(10, () => call('/admin/staff/deactivate', { staff: { uuid: her.staffId } }));
    expect(sortedLabels(off)).toEqual(Array(10).fill('200'));
    gate.together(['/admin/staff/reactivate'], 10);
    const on = await raceSame(10, () => call('/admin/staff/reactivate', { staff: { uuid: her.staffId } }));
    expect(sortedLabels(on)).toEqual(Array(10).fill('200'));
    for (const verb of ['staff.deactivate', 'staff.reactivate']) {
      expect((await auditEntries(t, verb)).filter((e) => e.object_id === her.staffId)).toHaveLength(1);
    }
  });

  it('eight fresh links asked for at once: four sent (the account has its first), four refused, one link open', async () => {
    const her = await buildInvitedStaff(t, admin.token);
    gate.together(['/admin/staff/send-link'], 8);
    const answers = await raceSame(8, () => call('/admin/staff/send-link', { staff: { uuid: her.uuid } }));
    expect(sortedLabels(answers)).toEqual([...Array(4).fill('200'), ...Array(4).fill('429 E_TOO_MANY_REQUESTS')]);
    expect(await openLinks(her.uuid)).toHaveLength(1);
  });

  it('one link used from five tabs at once: one password set, the others 422 E_PASSWORD_LINK_INVALID', async () => {
    const her = await buildInvitedStaff(t, admin.token);
    gate.together(['/admin/staff/set-password'], 5);
    const answers = await raceSame(5, (i) =>
      post(t.app, '/admin/staff/set-password', { token: her.linkToken, password: `haslo-karty-${i}` }),
    );
    expect(sortedLabels(answers)).toEqual(['200', ...Array(4).fill('422 E_PASSWORD_LINK_INVALID')]);
    const winner = answers.findIndex((a) => a.status === 200);
    const login = await post(t.app, '/admin/auth/login', { username: her.username, password: `haslo-karty-${winner}` });
    expect(login.statusCode).toBe(200);
    expect((await auditEntries(t, 'staff.password_set')).filter((e) => e.object_id === her.uuid)).toHaveLength(1);
  });

  it('her login while her password is set through a link (4 rounds): no session of the old password is left', async () => {
    for (let round = 0; round < 4; round++) {
      const her = await buildStaff(t, { roles: ['client'] });
      await call('/admin/staff/send-link', { staff: { uuid: her.staffId } });
      const token = await linkTokenOf(t, her.username);
      gate.together(['/admin/auth/login', '/admin/staff/set-password'], 2);
      const [login, set] = await Promise.all([
        post(t.app, '/admin/auth/login', { username: her.username, password: STAFF_PASSWORD }),
        post(t.app, '/admin/staff/set-password', { token, password: `nowe-haslo-${round}` }),
      ]);
      expect(set.statusCode, set.body).toBe(200);
      expect(['200', '401 E_WRONG_CREDENTIALS']).toContain(label(outcomeOf(login)));
      if (login.statusCode === 200) {
        const session = await post(t.app, '/admin/auth/session', undefined, login.json().data.token.token);
        expect(session.statusCode, `round ${round}: the old password's session still works`).toBe(401);
      }
    }
  });

  it('staff reset codes asked for three times at once: three answered, one code left open', async () => {
    const her = await buildStaff(t);
    gate.together(['/admin/auth/reset-token'], 3);
    const answers = await raceSame(3, () => post(t.app, '/admin/auth/reset-token', { username: her.username }));
    expect(sortedLabels(answers)).toEqual(['200', '200', '200']);
    const open = await t.db
      .selectFrom('staff_password_resets')
      .select('id')
      .where('staff_id', '=', her.staffId)
      .where('used_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('one staff reset code used from five tabs at once: one new password, the others 422 E_RESET_CODE_INVALID', async () => {
    const her = await buildStaff(t);
    await post(t.app, '/admin/auth/reset-token', { username: her.username });
    const otp = await resetCodeOf(t, her.username);
    gate.together(['/admin/auth/reset-password'], 5);
    const answers = await raceSame(5, (i) =>
      post(t.app, '/admin/auth/reset-password', { username: her.username, otp, password: `haslo-z-kodu-${i}` }),
    );
    expect(sortedLabels(answers)).toEqual(['200', ...Array(4).fill('422 E_RESET_CODE_INVALID')]);
    expect((await auditEntries(t, 'staff.password_reset')).filter((e) => e.object_id === her.staffId)).toHaveLength(1);
  });
});
