import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPromoter, buildSignedInPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildStaff, buildTerritory, STAFF_PASSWORD } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

describe.each(testDatabases)('back office login (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '3' } });
  });
  afterAll(() => t.close());

  it('a coordinator logs in and gets her token, roles and territory idents', async () => {
    const territory = await buildTerritory(t, 'WAW');
    const staff = await buildStaff(t, { roles: ['coordinator'], territories: [territory] });
    const res = await post(t.app, '/admin/auth/login', { username: staff.username.toUpperCase(), password: STAFF_PASSWORD });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.token.token).toEqual(expect.any(String));
    expect(data.staff).toMatchObject({ uuid: staff.staffId, username: staff.username, roles: ['coordinator'], territories: [territory] });
    const session = await post(t.app, '/admin/auth/session', undefined, data.token.token);
    expect(session.json().data.staff.username).toBe(staff.username);
  });

  it('a promoter cannot log into the back office (E_NOT_STAFF), and a wrong password stays a wrong password', async () => {
    const promoter = await buildPromoter(t);
    const refused = await post(t.app, '/admin/auth/login', { username: promoter.username, password: promoter.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error).toBe('E_NOT_STAFF');
    const wrong = await post(t.app, '/admin/auth/login', { username: promoter.username, password: 'nie-to-haslo' });
    expect(wrong.json().data.error).toBe('E_USER_WRONG_PASSWORD');
  });

  it('a staff member cannot log into the promoter app (E_NOT_A_PROMOTER)', async () => {
    const staff = await buildStaff(t);
    const res = await post(t.app, '/auth/login', { username: staff.username, password: STAFF_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().data.error).toBe('E_NOT_A_PROMOTER');
    const wrong = await post(t.app, '/auth/login', { username: staff.username, password: 'nie-to-haslo' });
    expect(wrong.json().data.error).toBe('E_USER_WRONG_PASSWORD');
  });

  it("a staff token is refused by the promoter app's routes (403) and a promoter's by the back office's", async () => {
    const staff = await buildSignedInStaff(t);
    const promoter = await buildSignedInPromoter(t);
    const onPromoterRoute = await post(t.app, '/action/recent', undefined, staff.token);
    expect([onPromoterRoute.statusCode, onPromoterRoute.json().data.error]).toEqual([403, 'E_FORBIDDEN']);
    const onAdminRoute = await post(t.app, '/admin/auth/session', undefined, promoter.token);
    expect([onAdminRoute.statusCode, onAdminRoute.json().data.error]).toEqual([403, 'E_FORBIDDEN']);
  });

  it('logout ends the session', async () => {
    const staff = await buildSignedInStaff(t);
    expect((await post(t.app, '/admin/auth/logout', undefined, staff.token)).statusCode).toBe(200);
    const after = await post(t.app, '/admin/auth/session', undefined, staff.token);
    expect([after.statusCode, after.json().data.error]).toEqual([401, 'E_UNAUTHORIZED']);
  });

  it('every login is in the audit log: the success with her roles, the failure with the username typed and its code', async () => {
    const staff = await buildStaff(t, { roles: ['client'] });
    await post(t.app, '/admin/auth/login', { username: staff.username, password: 'nie-to-haslo' });
    await post(t.app, '/admin/auth/login', { username: staff.username, password: STAFF_PASSWORD });
    const failed = (await auditEntries(t, 'auth.login_failed')).find((e) => e.actor_name === staff.username);
    expect(failed).toMatchObject({ actor_type: 'anonymous', actor_id: null, address: '127.0.0.1' });
    expect(JSON.parse(failed!.details!)).toEqual({ code: 'E_USER_WRONG_PASSWORD' });
    const ok = (await auditEntries(t, 'auth.login')).find((e) => e.actor_id === staff.staffId);
    expect(ok).toMatchObject({ actor_type: 'staff', actor_name: staff.username, actor_roles: 'client', object_type: 'staff_session' });
  });

  it("the promoters' lockout holds at the back office's door: failed guesses per username, across both logins", async () => {
    const staff = await buildStaff(t);
    // Three failed guesses, one of them at the promoter app's door (LOGIN_LIMIT_PER_USER_PER_15_MINUTES = 3).
    await post(t.app, '/admin/auth/login', { username: staff.username, password: 'zle-haslo-1' });
    await post(t.app, '/auth/login', { username: staff.username, password: 'zle-haslo-2' });
    await post(t.app, '/admin/auth/login', { username: staff.username, password: 'zle-haslo-3' });
    const locked = await post(t.app, '/admin/auth/login', { username: staff.username, password: STAFF_PASSWORD });
    expect([locked.statusCode, locked.json().data.error]).toEqual([429, 'E_TOO_MANY_REQUESTS']);
  });

  it('bad input is a 400 with field issues, never a 500', async () => {
    const res = await post(t.app, '/admin/auth/login', { username: 42, password: ['x'] });
    expect([res.statusCode, res.json().data.error]).toEqual([400, 'E_VALIDATION']);
  });
});
