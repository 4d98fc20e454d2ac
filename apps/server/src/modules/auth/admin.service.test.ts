import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { createPromoter, resetPromoterPassword } from './admin.service.ts';

describe.each(testDatabases)('administration without SQL (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  let count = 0;
  /** Her own account in each test: a unique username and hostess code. */
  const newEwa = () => ({
    username: `ewa${++count}@firma.pl`,
    password: 'haslo-ewy-123',
    ident: `HST20${count}`,
    firstname: 'Ewa',
    lastname: 'Zielińska',
    mobilePhone: '+48600200300',
    territories: ['WAW-CENTRUM', 'GDA-NOWA'],
  });

  it('a new promoter can log in at once and sees her territories, new ones created', async () => {
    const ewa = newEwa();
    await createPromoter(t.db, ewa);
    const res = await post(t.app, '/auth/login', { username: ewa.username, password: ewa.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      ident: ewa.ident,
      firstname: 'Ewa',
      territories: [{ ident: 'GDA-NOWA' }, { ident: 'WAW-CENTRUM' }],
    });
  });

  it('a taken username or hostess code is refused with a readable message', async () => {
    const ewa = newEwa();
    await createPromoter(t.db, ewa);
    await expect(createPromoter(t.db, { ...ewa, ident: 'HST9999' })).rejects.toThrow(`Konto ${ewa.username} już istnieje.`);
    await expect(createPromoter(t.db, { ...ewa, username: 'inna@firma.pl' })).rejects.toThrow(`Kod hostessy ${ewa.ident} jest już zajęty.`);
  });

  it('a password reset by the administrator ends her sessions', async () => {
    const ewa = newEwa();
    await createPromoter(t.db, ewa);
    const token = await loginAs(t.app, ewa.username, ewa.password);
    await resetPromoterPassword(t.db, ewa.username, 'nowe-haslo-od-admina');
    expect((await post(t.app, '/auth/session', undefined, token)).json().data.error).toBe('E_UNAUTHORIZED');
    await loginAs(t.app, ewa.username, 'nowe-haslo-od-admina');
    await expect(resetPromoterPassword(t.db, 'nikt@firma.pl', 'cokolwiek-123')).rejects.toThrow('Nie ma konta nikt@firma.pl.');
  });
});
