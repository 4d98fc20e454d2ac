import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { usePasswordHashingInTests } from '../../lib/password.ts';
import { buildPromoter, buildSignedInPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildStaff, buildTerritory, STAFF_PASSWORD } from '../../test/admin-builders.ts';
import { withCpuMs } from '../../test/cpu-time.ts';
import { raceSame, serverErrors, sortedLabels } from '../../test/races.ts';
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

  it('a promoter cannot log into the back office (E_NOT_STAFF), and a wrong password is the same answer as for anyone', async () => {
    const promoter = await buildPromoter(t);
    const refused = await post(t.app, '/admin/auth/login', { username: promoter.username, password: promoter.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error).toBe('E_NOT_STAFF');
    const wrong = await post(t.app, '/admin/auth/login', { username: promoter.username, password: 'nie-to-haslo' });
    expect([wrong.statusCode, wrong.json().data.error]).toEqual([401, 'E_WRONG_CREDENTIALS']);
  });

  it('an unknown username and a wrong password get the same answer at the back office: 401 E_WRONG_CREDENTIALS', async () => {
    const staff = await buildStaff(t);
    const unknown = await post(t.app, '/admin/auth/login', { username: 'nikogo-takiego@test.pl', password: STAFF_PASSWORD });
    const wrong = await post(t.app, '/admin/auth/login', { username: staff.username, password: 'nie-to-haslo' });
    const answer = (res: typeof wrong) => [res.statusCode, res.json().data, res.json().status];
    expect(answer(unknown)).toEqual([401, { error: 'E_WRONG_CREDENTIALS' }, { success: false }]);
    expect(answer(wrong)).toEqual(answer(unknown));
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

  it('one staff session ended from two tabs at once: the session ends once, one entry in the log, no 5xx', async () => {
    const staff = await buildSignedInStaff(t);
    const answers = await raceSame(2, () => post(t.app, '/admin/auth/logout', undefined, staff.token));
    expect(serverErrors(answers)).toEqual([]);
    // The second tab is told its session has ended when the first had committed before it was let in.
    expect([
      ['200', '200'],
      ['200', '401 E_UNAUTHORIZED'],
    ]).toContainEqual(sortedLabels(answers));
    const logouts = (await auditEntries(t, 'auth.logout')).filter((e) => e.actor_id === staff.staffId);
    expect(logouts).toHaveLength(1);
  });

  it('every login is in the audit log: the success with her roles, the failure by the account it names and its code', async () => {
    const staff = await buildStaff(t, { roles: ['client'] });
    await post(t.app, '/admin/auth/login', { username: ` ${staff.username.toUpperCase()}`, password: 'nie-to-haslo' });
    await post(t.app, '/admin/auth/login', { username: staff.username, password: STAFF_PASSWORD });
    const failed = (await auditEntries(t, 'auth.login_failed')).find((e) => e.actor_name === staff.username);
    expect(failed).toMatchObject({ actor_type: 'anonymous', actor_id: null, address: '127.0.0.1' });
    expect(failed).toMatchObject({ object_type: 'staff', object_id: staff.staffId });
    expect(JSON.parse(failed!.details!)).toEqual({ code: 'E_WRONG_CREDENTIALS' });
    const ok = (await auditEntries(t, 'auth.login')).find((e) => e.actor_id === staff.staffId);
    expect(ok).toMatchObject({ actor_type: 'staff', actor_name: staff.username, actor_roles: 'client', object_type: 'staff_session' });
  });

  it('an unknown username is answered about as late as a wrong password (the time tells no more than the code)', async () => {
    // At the server's real cost, as everywhere but in these tests (the cheapest hash takes ~1 ms, less
    // than the request around it: the ratios below would measure noise and not the dummy verification).
    usePasswordHashingInTests('real');
    onTestFinished(() => usePasswordHashingInTests('cheapest'));
    const accounts = await Promise.all(Array.from({ length: 7 }, () => buildStaff(t)));
    // Timed by the CPU each answer costs this process (test/cpu-time.ts; argon2 runs in its thread pool):
    // what the server does is what its time tells, and CI's loaded machine adds seconds of waiting for a
    // core to the wall clock at random (a ratio of 2.8 there, between the fastest of seven of each).
    const timed = async (username: string) => {
      const { result: res, ms } = await withCpuMs(() => post(t.app, '/admin/auth/login', { username, password: 'nie-to-haslo' }));
      expect(res.json().data.error).toBe('E_WRONG_CREDENTIALS');
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that a busy moment of the machine falls on both alike.
    for (const account of accounts) {
      known.push(await timed(account.username));
      unknown.push(await timed(`nikt-${randomBytes(4).toString('hex')}@test.pl`));
    }
    // The least of each: a busy moment (a collection of garbage) only ever adds.
    const least = (xs: number[]) => Math.min(...xs);
    // Without the dummy verification an unknown name costs some 5 times less (2–4 against 12–16 ms of CPU
    // here: the request's own cost, no argon2); with it the two are alike (13 and 13).
    expect(least(unknown) / least(known)).toBeGreaterThan(0.5);
    expect(least(unknown) / least(known)).toBeLessThan(2);
  });

  it("a password typed into the username field is kept nowhere: the audit entry and both doors' guess counters hold a keyed digest", async () => {
    const typed = `Tajne-Haslo-${randomBytes(4).toString('hex')}!`;
    await post(t.app, '/admin/auth/login', { username: typed, password: 'x' });
    await post(t.app, '/admin/auth/login', { username: ` ${typed.toUpperCase()} `, password: 'y' });
    await post(t.app, '/auth/login', { username: typed, password: 'x' });
    await post(t.app, '/auth/reset-token', { username: typed });
    const texts = [typed, typed.toLowerCase(), typed.toUpperCase()];
    const dump = JSON.stringify([
      await t.db.selectFrom('audit_log').selectAll().execute(),
      await t.db.selectFrom('rate_counters').selectAll().execute(),
    ]).toLowerCase();
    for (const text of texts) expect(dump).not.toContain(text.toLowerCase());

    const failed = (await auditEntries(t, 'auth.login_failed')).slice(0, 2);
    const details = failed.map((e) => JSON.parse(e.details!) as { code: string; typedName: string });
    expect(failed.map((e) => [e.actor_name, e.object_type, e.object_id])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(details[0]).toEqual({ code: 'E_WRONG_CREDENTIALS', typedName: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/) });
    // The same name typed twice (case and spaces aside) is the same digest: repeated guesses can be told apart.
    expect(details[1]!.typedName).toBe(details[0]!.typedName);
    // Keyed: not the plain digest anyone could compute from a guess.
    expect(details[0]!.typedName).not.toContain(createHash('sha256').update(typed.toLowerCase()).digest('hex'));
    await post(t.app, '/admin/auth/login', { username: `${typed}-2`, password: 'x' });
    const other = JSON.parse((await auditEntries(t, 'auth.login_failed'))[0]!.details!) as { typedName: string };
    expect(other.typedName).not.toBe(details[0]!.typedName);
  });

  it("a promoter's username tried at the back office's door is recorded by her account, not as typed", async () => {
    const promoter = await buildPromoter(t);
    await post(t.app, '/admin/auth/login', { username: promoter.username.toUpperCase(), password: 'nie-to-haslo' });
    const [failed] = await auditEntries(t, 'auth.login_failed');
    expect(failed).toMatchObject({
      actor_type: 'anonymous',
      actor_name: promoter.username,
      object_type: 'promoter',
      object_id: promoter.userId,
    });
    expect(JSON.parse(failed!.details!)).toEqual({ code: 'E_WRONG_CREDENTIALS' });
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
