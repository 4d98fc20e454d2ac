import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDefinition, type RouteName } from '@promotor/contract';
import { buildPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildStaff, buildTerritory, staffLogin, STAFF_PASSWORD } from '../../test/admin-builders.ts';
import { buildInvitedStaff, lastMessageTo, linkTokenOf, newStaffUsername } from '../../test/staff-accounts.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 34, decision 118: the admin's 'Personel' page — accounts made without a password, a one-time
// link e-mailed to set it, changes audited from → to, deactivation, and who may call it.

const HOUR = 3_600_000;

describe.each(testDatabases)('staff accounts on the Personel page (%s)', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof buildSignedInStaff>>;
  let waw: string;
  let krk: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown, token = admin.token) => post(t.app, path, body, token);
  const errorOf = (res: { statusCode: number; json: () => { data: { error?: string } } }) => [res.statusCode, res.json().data.error];
  const auditOf = async (verb: string, id: string) => (await auditEntries(t, verb)).filter((e) => e.object_id === id);

  it('the admin adds a coordinator: she is e-mailed a link, sets her password through it and logs in', async () => {
    const username = newStaffUsername();
    const res = await call('/admin/staff/create', {
      staff: { firstname: 'Celina', lastname: 'Nowa', username: username.toUpperCase(), roles: ['coordinator'], territories: [waw] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.staff;
    expect(created).toMatchObject({ username, roles: ['coordinator'], territories: [waw], active: true, passwordSet: false });
    expect(Date.parse(created.linkExpiresAt) - t.clock.now().getTime()).toBe(72 * HOUR);

    const mail = await lastMessageTo(t, username);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Konto w biurze Promotor: ustaw hasło' });
    expect(mail!.body).toContain(`http://localhost:80/biuro/ustaw-haslo?token=`);
    expect(mail!.body).toContain(`(login: ${username})`);
    // No password of hers before she sets one: no one can log in as her.
    expect(errorOf(await post(t.app, '/admin/auth/login', { username, password: STAFF_PASSWORD }))).toEqual([401, 'E_WRONG_CREDENTIALS']);

    const token = await linkTokenOf(t, username);
    const info = await post(t.app, '/admin/staff/password-link', { token });
    expect(info.json().data).toEqual({ username, firstname: 'Celina', lastname: 'Nowa', expiresAt: created.linkExpiresAt });
    const set = await post(t.app, '/admin/staff/set-password', { token, password: 'moje-nowe-haslo' });
    expect([set.statusCode, set.json().data]).toEqual([200, { username }]);
    await staffLogin(t.app, username, 'moje-nowe-haslo');

    const listed = (await call('/admin/staff/list', { search: username })).json().data.staff;
    expect(listed).toEqual([expect.objectContaining({ uuid: created.uuid, passwordSet: true, linkExpiresAt: null })]);
    const [entry] = await auditOf('staff.create', created.uuid);
    expect(entry).toMatchObject({ actor_id: admin.staffId });
    expect(JSON.parse(entry!.details!)).toEqual({
      username,
      firstname: 'Celina',
      lastname: 'Nowa',
      roles: ['coordinator'],
      territories: [waw],
    });
    expect(await auditOf('staff.password_link', created.uuid)).toHaveLength(1);
    expect(await auditOf('staff.password_set', created.uuid)).toEqual([
      expect.objectContaining({ actor_type: 'staff', actor_id: created.uuid, actor_name: username, details: null }),
    ]);
    // Neither the token nor the password is in the log.
    const everything = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('moje-nowe-haslo');
  });

  it('a link works once; a fresh one stops the older; past 72 hours it has expired', async () => {
    const once = await buildInvitedStaff(t, admin.token);
    expect((await post(t.app, '/admin/staff/set-password', { token: once.linkToken, password: 'pierwsze-haslo' })).statusCode).toBe(200);
    const again = await post(t.app, '/admin/staff/set-password', { token: once.linkToken, password: 'drugie-haslo-1' });
    expect(errorOf(again)).toEqual([422, 'E_PASSWORD_LINK_INVALID']);
    expect(errorOf(await post(t.app, '/admin/staff/password-link', { token: once.linkToken }))).toEqual([422, 'E_PASSWORD_LINK_INVALID']);

    const resent = await buildInvitedStaff(t, admin.token);
    const fresh = await call('/admin/staff/send-link', { staff: { uuid: resent.uuid } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await lastMessageTo(t, resent.username))!.subject).toBe('Biuro Promotor: link do ustawienia hasła');
    const old = await post(t.app, '/admin/staff/set-password', { token: resent.linkToken, password: 'stare-haslo-1' });
    expect(errorOf(old)).toEqual([422, 'E_PASSWORD_LINK_INVALID']);

    const late = await buildInvitedStaff(t, admin.token);
    t.clock.advance(72 * HOUR);
    expect(errorOf(await post(t.app, '/admin/staff/password-link', { token: late.linkToken }))).toEqual([422, 'E_PASSWORD_LINK_EXPIRED']);
    const expired = await post(t.app, '/admin/staff/set-password', { token: late.linkToken, password: 'za-pozno-1' });
    expect(errorOf(expired)).toEqual([422, 'E_PASSWORD_LINK_EXPIRED']);
    expect((await call('/admin/staff/list', { search: late.username })).json().data.staff[0].linkExpiresAt).toBeNull();
    // The fresh link of the second account, sent as long ago, has expired too.
    expect(errorOf(await post(t.app, '/admin/staff/password-link', { token: await linkTokenOf(t, resent.username) }))).toEqual([
      422,
      'E_PASSWORD_LINK_EXPIRED',
    ]);
  });

  it('a password set through a link ends her sessions; a bad token or a short password is refused', async () => {
    const her = await buildSignedInStaff(t, { roles: ['client'] });
    expect((await call('/admin/staff/send-link', { staff: { uuid: her.staffId } })).statusCode).toBe(200);
    const token = await linkTokenOf(t, her.username);
    const short = await post(t.app, '/admin/staff/set-password', { token, password: 'krotkie' });
    expect(errorOf(short)).toEqual([400, 'E_VALIDATION']);
    expect(errorOf(await post(t.app, '/admin/staff/set-password', { token: 'x'.repeat(43), password: 'dobre-haslo-1' }))).toEqual([
      422,
      'E_PASSWORD_LINK_INVALID',
    ]);
    expect((await post(t.app, '/admin/staff/set-password', { token, password: 'dobre-haslo-1' })).statusCode).toBe(200);
    expect(errorOf(await post(t.app, '/admin/auth/session', undefined, her.token))).toEqual([401, 'E_UNAUTHORIZED']);
    await staffLogin(t.app, her.username, 'dobre-haslo-1');
  });

  it('names, roles and territories change; the audit entry says what changed, from → to', async () => {
    const her = await buildStaff(t, { roles: ['coordinator'], territories: [waw], firstname: 'Ewa' });
    const res = await call('/admin/staff/update', {
      staff: { uuid: her.staffId, firstname: 'Ewelina', roles: ['coordinator', 'client'], territories: [krk, waw] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.staff).toMatchObject({ firstname: 'Ewelina', roles: ['client', 'coordinator'], territories: [krk, waw].sort() });
    const [entry] = await auditOf('staff.update', her.staffId);
    expect(JSON.parse(entry!.details!)).toEqual({
      firstname: { from: 'Ewa', to: 'Ewelina' },
      roles: { from: ['coordinator'], to: ['client', 'coordinator'] },
      territories: { from: [waw], to: [krk, waw].sort() },
    });
    // Nothing changed: no entry.
    await call('/admin/staff/update', { staff: { uuid: her.staffId, firstname: 'Ewelina' } });
    expect(await auditOf('staff.update', her.staffId)).toHaveLength(1);
    // A coordinator needs a territory; an unknown territory is named.
    const none = await call('/admin/staff/update', { staff: { uuid: her.staffId, territories: [] } });
    expect(errorOf(none)).toEqual([400, 'E_VALIDATION']);
    expect(none.json().data.details).toEqual([
      { path: 'body.staff.territories', message: 'Koordynator musi mieć co najmniej jedno terytorium.' },
    ]);
    const unknown = await call('/admin/staff/update', { staff: { uuid: her.staffId, territories: ['NIE-MA-TAKIEGO'] } });
    expect(errorOf(unknown)).toEqual([422, 'E_TERRITORY_NOT_FOUND']);
  });

  it('an admin can neither deactivate herself nor take away her own admin role', async () => {
    const self = { staff: { uuid: admin.staffId } };
    expect(errorOf(await call('/admin/staff/deactivate', self))).toEqual([409, 'E_OWN_ACCOUNT']);
    expect(errorOf(await call('/admin/staff/update', { staff: { uuid: admin.staffId, roles: ['client'] } }))).toEqual([
      409,
      'E_OWN_ACCOUNT',
    ]);
    expect((await call('/admin/auth/session', undefined)).statusCode).toBe(200);
    // Another admin's role she may take (another active admin stays: herself).
    const other = await buildStaff(t, { roles: ['admin'] });
    expect((await call('/admin/staff/update', { staff: { uuid: other.staffId, roles: ['client'] } })).statusCode).toBe(200);
  });

  it('deactivated: her sessions end at once, she cannot log in and gets no link; reactivated, she logs in again', async () => {
    const her = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    expect((await call('/admin/staff/send-link', { staff: { uuid: her.staffId } })).statusCode).toBe(200);
    const token = await linkTokenOf(t, her.username);
    const off = await call('/admin/staff/deactivate', { staff: { uuid: her.staffId } });
    expect(off.json().data.staff).toMatchObject({ active: false, linkExpiresAt: null });
    expect(errorOf(await post(t.app, '/admin/auth/session', undefined, her.token))).toEqual([401, 'E_UNAUTHORIZED']);
    expect(errorOf(await post(t.app, '/admin/auth/login', { username: her.username, password: STAFF_PASSWORD }))).toEqual([
      403,
      'E_ACCOUNT_DEACTIVATED',
    ]);
    expect(errorOf(await post(t.app, '/admin/staff/password-link', { token }))).toEqual([422, 'E_PASSWORD_LINK_INVALID']);
    expect(errorOf(await call('/admin/staff/send-link', { staff: { uuid: her.staffId } }))).toEqual([409, 'E_STAFF_INACTIVE']);
    // Twice is once.
    await call('/admin/staff/deactivate', { staff: { uuid: her.staffId } });
    expect(await auditOf('staff.deactivate', her.staffId)).toEqual([
      expect.objectContaining({ details: JSON.stringify({ active: { from: true, to: false } }) }),
    ]);

    const on = await call('/admin/staff/reactivate', { staff: { uuid: her.staffId } });
    expect(on.json().data.staff.active).toBe(true);
    await staffLogin(t.app, her.username);
    expect(await auditOf('staff.reactivate', her.staffId)).toHaveLength(1);
  });

  it('the list: search, role and status; accounts made by the CLI show with their password set', async () => {
    const cli = await buildStaff(t, { roles: ['privacy'], firstname: 'Rozalia', lastname: 'Ochrona' });
    const byName = (await call('/admin/staff/list', { search: 'rozalia och' })).json().data;
    expect(byName.staff).toEqual([
      expect.objectContaining({ uuid: cli.staffId, roles: ['privacy'], passwordSet: true, linkExpiresAt: null, active: true }),
    ]);
    const privacy = (await call('/admin/staff/list', { role: 'privacy', pageSize: 200 })).json().data.staff;
    expect(privacy.every((s: { roles: string[] }) => s.roles.includes('privacy'))).toBe(true);
    expect(privacy.map((s: { uuid: string }) => s.uuid)).toContain(cli.staffId);
    const inactive = (await call('/admin/staff/list', { active: false, pageSize: 200 })).json().data.staff;
    expect(inactive.every((s: { active: boolean }) => !s.active)).toBe(true);
  });

  it('a username of another staff member or of a promoter is taken; an unknown account is not found (and tried, in the log)', async () => {
    const promoter = await buildPromoter(t);
    const staff = (username: string) => ({ staff: { firstname: 'A', lastname: 'B', username, roles: ['client'], territories: [] } });
    expect(errorOf(await call('/admin/staff/create', staff(promoter.username)))).toEqual([409, 'E_USERNAME_TAKEN']);
    expect(errorOf(await call('/admin/staff/create', staff(admin.username)))).toEqual([409, 'E_USERNAME_TAKEN']);
    expect(errorOf(await call('/admin/staff/create', staff('to-nie-email')))).toEqual([400, 'E_VALIDATION']);
    const missing = { staff: { uuid: 'brak-takiego-konta' } };
    expect(errorOf(await call('/admin/staff/deactivate', missing))).toEqual([404, 'E_STAFF_NOT_FOUND']);
    expect((await auditEntries(t, 'access.not_found')).find((e) => e.object_id === 'brak-takiego-konta')).toMatchObject({
      object_type: 'staff',
      actor_id: admin.staffId,
    });
  });

  it('links for one account: at most 5 an hour (the first with the account)', async () => {
    const her = await buildInvitedStaff(t, admin.token);
    for (let i = 0; i < 4; i++) expect((await call('/admin/staff/send-link', { staff: { uuid: her.uuid } })).statusCode).toBe(200);
    expect(errorOf(await call('/admin/staff/send-link', { staff: { uuid: her.uuid } }))).toEqual([429, 'E_TOO_MANY_REQUESTS']);
    t.clock.advance(HOUR);
    expect((await call('/admin/staff/send-link', { staff: { uuid: her.uuid } })).statusCode).toBe(200);
  });

  const GUARDED: RouteName[] = [
    'adminStaffList',
    'adminStaffCreate',
    'adminStaffUpdate',
    'adminStaffDeactivate',
    'adminStaffReactivate',
    'adminStaffSendLink',
  ];

  it("only the admin may manage staff: Warsaw's and Kraków's coordinators, the client and the privacy officer get 403", async () => {
    const others = {
      'coordinator WAW': await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] }),
      'coordinator KRK': await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] }),
      client: await buildSignedInStaff(t, { roles: ['client'] }),
      privacy: await buildSignedInStaff(t, { roles: ['privacy'] }),
    };
    // A staff member of Warsaw: the coordinator of Warsaw may not touch her either.
    const target = await buildStaff(t, { roles: ['coordinator'], territories: [waw] });
    const bodies: Record<string, unknown> = {
      adminStaffList: {},
      adminStaffCreate: { staff: { firstname: 'A', lastname: 'B', username: newStaffUsername(), roles: ['client'], territories: [] } },
      adminStaffUpdate: { staff: { uuid: target.staffId, firstname: 'Zmieniona' } },
    };
    for (const name of GUARDED) {
      const body = bodies[name] ?? { staff: { uuid: target.staffId } };
      for (const [who, staff] of Object.entries(others)) {
        const res = await call(routeDefinition(name).path, body, staff.token);
        expect([name, who, ...errorOf(res)]).toEqual([name, who, 403, 'E_FORBIDDEN']);
      }
    }
    expect((await t.db.selectFrom('staff').select('firstname').where('id', '=', target.staffId).executeTakeFirstOrThrow()).firstname).toBe(
      'Beata',
    );
    for (const name of GUARDED) {
      const res = await call(routeDefinition(name).path, bodies[name] ?? { staff: { uuid: target.staffId } });
      expect([name, res.statusCode]).toEqual([name, 200]);
    }
  });
});
