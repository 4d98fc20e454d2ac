import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff } from '../../test/admin-builders.ts';
import { buildPromoter } from '../../test/builders.ts';
import { label, outcomeOf as outcome, race, raceSame, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, loginAs, post, PROMOTER_PASSWORD, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32's race harness (test/races.ts) on her credentials and sessions: a login racing a change of
// her password or her account, her two phones changing the password at once, codes asked for at once.
// A login checks her password for tens of milliseconds; a change that commits in that time must leave
// no session that the old password opened.

const ROUNDS = 6;

describe.each(testDatabases)('her password and sessions changed at once (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
  });
  afterAll(() => t.close());

  const login =
    (username: string, password = PROMOTER_PASSWORD) =>
    () =>
      post(t.app, '/auth/login', { username, password });
  const sessionWorks = async (token: string) => (await post(t.app, '/auth/session', undefined, token)).statusCode === 200;
  /** The token a login answered, when it answered 200. */
  const tokenOf = (res: { statusCode: number; json: () => { data: { token: { token: string } } } }) =>
    res.statusCode === 200 ? res.json().data.token.token : null;

  it(`the office sets her password while she logs in with the old one (${ROUNDS} rounds): no session of the old password is left`, async () => {
    const admin = await buildSignedInStaff(t);
    for (let round = 0; round < ROUNDS; round++) {
      const { userId, username } = await buildPromoter(t);
      gate.together(['/auth/login', '/admin/promoters/reset-password'], 2);
      const [her, office] = await Promise.all([
        login(username)(),
        post(t.app, '/admin/promoters/reset-password', { promoter: { uuid: userId }, password: `nowe-haslo-${round}` }, admin.token),
      ]);
      expect(office.statusCode, office.body).toBe(200);
      expect(['200', '401 E_USER_WRONG_PASSWORD']).toContain(label(outcome(her)));
      const token = tokenOf(her);
      if (token) expect(await sessionWorks(token), `round ${round}: the old password's session still works`).toBe(false);
      await loginAs(t.app, username, `nowe-haslo-${round}`);
    }
  });

  it('the office deactivates her while she logs in (3 rounds): no working session is left', async () => {
    const admin = await buildSignedInStaff(t);
    for (let round = 0; round < 3; round++) {
      const { userId, username } = await buildPromoter(t);
      gate.together(['/auth/login', '/admin/promoters/deactivate'], 2);
      const [her, office] = await Promise.all([
        login(username)(),
        post(t.app, '/admin/promoters/deactivate', { promoter: { uuid: userId } }, admin.token),
      ]);
      expect(office.statusCode, office.body).toBe(200);
      expect(['200', '401 E_USER_WRONG_PASSWORD', '403 E_ACCOUNT_DEACTIVATED']).toContain(label(outcome(her)));
      const token = tokenOf(her);
      if (token) expect(await sessionWorks(token)).toBe(false);
      expect(label(outcome(await login(username)()))).toMatch(/E_ACCOUNT_DEACTIVATED/);
    }
  });

  it('her two phones change the password at once: one change wins and keeps its session, the other phone is logged out', async () => {
    for (let round = 0; round < 3; round++) {
      const { username } = await buildPromoter(t);
      const phones = [await loginAs(t.app, username), await loginAs(t.app, username)];
      gate.together(['/auth/update-password'], 2);
      const answers = await race(
        phones.map((token, i) => () => post(t.app, '/auth/update-password', { user: { password: `haslo-telefonu-${i}` } }, token)),
      );
      expect(sortedLabels(answers)).toEqual(['200', '401 E_UNAUTHORIZED']);
      const winner = answers.findIndex((a) => a.status === 200);
      expect(await sessionWorks(phones[winner]!)).toBe(true);
      expect(await sessionWorks(phones[1 - winner]!)).toBe(false);
      await loginAs(t.app, username, `haslo-telefonu-${winner}`);
      expect(label(outcome(await login(username, `haslo-telefonu-${1 - winner}`)()))).toBe('401 E_USER_WRONG_PASSWORD');
    }
  });

  it('reset codes asked for three times at once: three answered, one code left open', async () => {
    const { userId, username } = await buildPromoter(t, { mobilePhone: '+48600123456' });
    gate.together(['/auth/reset-token'], 3);
    const answers = await raceSame(3, () => post(t.app, '/auth/reset-token', { username }));
    expect(serverErrors(answers)).toEqual([]);
    expect(sortedLabels(answers)).toEqual(['200', '200', '200']);
    const open = await t.db.selectFrom('password_resets').select('id').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    expect(open).toHaveLength(1);
  });

  it('one session ended from two tabs at once: both answered 200, the session ended once', async () => {
    const { userId, username } = await buildPromoter(t);
    const token = await loginAs(t.app, username);
    gate.together(['/auth/logout'], 2);
    const answers = await raceSame(2, () => post(t.app, '/auth/logout', undefined, token));
    expect(sortedLabels(answers)).toEqual(['200', '200']);
    expect(await sessionWorks(token)).toBe(false);
    const ended = await t.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', userId).execute();
    expect(ended).toHaveLength(1);
    expect(ended[0]!.revoked_at).not.toBeNull();
  });
});
