import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildStaff, staffLogin } from '../../test/admin-builders.ts';
import { lastMessageTo, newStaffUsername, resetCodeOf } from '../../test/staff-accounts.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 34, decision 120: 'Nie pamiętasz hasła?' at /biuro — a code by e-mail and a new password, with
// the promoter reset's limits, and an answer that never tells whether the account exists.

/** Above the code's 5 tries, so that a code's own limit is reached first. */
const PER_NAME = 6;

describe.each(testDatabases)("a staff member's forgotten password (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-name limit small enough to reach; the per-address one stays out of the way.
    t = await createTestApp(dialect, { env: { LOGIN_LIMIT_PER_USER_PER_15_MINUTES: String(PER_NAME) } });
  });
  afterAll(() => t.close());

  const ask = (username: string) => post(t.app, '/admin/auth/reset-token', { username });
  const reset = (username: string, otp: string, password = 'nowe-haslo-biura') =>
    post(t.app, '/admin/auth/reset-password', { username, otp, password });
  const answerOf = (res: { statusCode: number; json: () => { data: unknown } }) => [res.statusCode, res.json().data];
  const messagesTo = (recipient: string) => t.db.selectFrom('outbox_messages').select('id').where('recipient', '=', recipient).execute();

  it('a code by e-mail sets a new password; every session of hers ends; the old password is refused', async () => {
    const her = await buildSignedInStaff(t, { roles: ['client'] });
    expect(answerOf(await ask(her.username.toUpperCase()))).toEqual([200, {}]);
    const mail = await lastMessageTo(t, her.username);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Biuro Promotor: kod do zmiany hasła' });
    expect(mail!.body).toMatch(/Kod jest ważny 10 minut/);
    const code = await resetCodeOf(t, her.username);
    expect(answerOf(await reset(her.username, code.toLowerCase()))).toEqual([200, {}]);
    expect((await post(t.app, '/admin/auth/session', undefined, her.token)).statusCode).toBe(401);
    await staffLogin(t.app, her.username, 'nowe-haslo-biura');
    expect((await post(t.app, '/admin/auth/login', { username: her.username, password: her.password })).statusCode).toBe(401);
    // The code worked once.
    expect(answerOf(await reset(her.username, code, 'jeszcze-inne-1'))).toEqual([422, { error: 'E_RESET_CODE_INVALID' }]);
    const [asked] = (await auditEntries(t, 'staff.reset_code')).filter((e) => e.object_id === her.staffId);
    expect(asked).toMatchObject({ actor_type: 'anonymous', actor_name: her.username, address: '127.0.0.1' });
    const [done] = (await auditEntries(t, 'staff.password_reset')).filter((e) => e.object_id === her.staffId);
    expect(done).toMatchObject({ actor_type: 'staff', actor_id: her.staffId });
  });

  it('the answer never tells whether the account exists: unknown, a promoter, deactivated — the same, and nothing sent', async () => {
    const known = await buildStaff(t);
    const promoter = await buildPromoter(t);
    const gone = await buildStaff(t);
    await t.db.updateTable('staff').set({ deactivated_at: t.clock.now().toISOString() }).where('id', '=', gone.staffId).execute();
    const unknown = newStaffUsername();
    const answers = await Promise.all(
      [known.username, unknown, promoter.username, gone.username].map(async (name) => answerOf(await ask(name))),
    );
    expect(answers).toEqual(Array(4).fill([200, {}]));
    expect(await messagesTo(known.username)).toHaveLength(1);
    for (const name of [unknown, promoter.username, gone.username]) expect(await messagesTo(name)).toEqual([]);
    // A code for a name with none, and a wrong one for a name with one: one answer.
    const refused = [await reset(unknown, 'ABCDE'), await reset(known.username, 'ABCDE'), await reset(gone.username, 'ABCDE')];
    for (const res of refused) expect(answerOf(res)).toEqual([422, { error: 'E_RESET_CODE_INVALID' }]);
  });

  it('a code: 5 tries, then even the right one is refused; past 10 minutes it has expired; a new one stops the older', async () => {
    const tries = await buildStaff(t);
    await ask(tries.username);
    const code = await resetCodeOf(t, tries.username);
    for (let i = 0; i < 5; i++) expect(answerOf(await reset(tries.username, 'ZZZZZ'))).toEqual([422, { error: 'E_RESET_CODE_INVALID' }]);
    expect(answerOf(await reset(tries.username, code))).toEqual([422, { error: 'E_RESET_CODE_INVALID' }]);

    const late = await buildStaff(t);
    await ask(late.username);
    const lateCode = await resetCodeOf(t, late.username);
    t.clock.advance(10 * 60_000);
    expect(answerOf(await reset(late.username, lateCode))).toEqual([422, { error: 'E_RESET_CODE_INVALID' }]);

    const twice = await buildStaff(t);
    await ask(twice.username);
    const first = await resetCodeOf(t, twice.username);
    await ask(twice.username);
    const second = await resetCodeOf(t, twice.username);
    if (first !== second) expect(answerOf(await reset(twice.username, first))).toEqual([422, { error: 'E_RESET_CODE_INVALID' }]);
    expect(answerOf(await reset(twice.username, second))).toEqual([200, {}]);
  });

  it(`limits: ${PER_NAME} codes a name in 15 minutes, known or not, and ${PER_NAME} wrong codes`, async () => {
    for (const name of [(await buildStaff(t)).username, newStaffUsername()]) {
      for (let i = 0; i < PER_NAME; i++) expect((await ask(name)).statusCode).toBe(200);
      expect(answerOf(await ask(name))).toEqual([429, { error: 'E_TOO_MANY_REQUESTS' }]);
    }
    for (const name of [(await buildStaff(t)).username, newStaffUsername()]) {
      for (let i = 0; i < PER_NAME; i++) expect((await reset(name, 'ZZZZZ')).statusCode).toBe(422);
      expect(answerOf(await reset(name, 'ZZZZZ'))).toEqual([429, { error: 'E_TOO_MANY_REQUESTS' }]);
    }
  });

  it('the form is checked: an empty code or a short password is 400 with the message in Polish', async () => {
    const res = await post(t.app, '/admin/auth/reset-password', { username: 'ktos@test.pl', otp: ' ', password: 'krotkie' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.details).toEqual([
      { path: 'body.otp', message: 'Wpisz kod z wiadomości e-mail' },
      { path: 'body.password', message: 'Hasło musi mieć co najmniej 8 znaków.' },
    ]);
  });
});
