import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// The territories a filter offers (issue 33 item 11: Raporty, Pulpit and Eksporty choose from a list).
describe.each(testDatabases)("the filters' territories (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const territoriesOf = async (token: string) => {
    const res = await post(t.app, '/admin/territories', undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.territories as { ident: string }[]).map((one) => one.ident);
  };

  it("a coordinator's are hers; the admin's and the client's are every one, in order of their codes", async () => {
    const waw = await buildTerritory(t, 'WAW');
    const krk = await buildTerritory(t, 'KRK');
    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    expect(await territoriesOf(coordinator.token)).toEqual([waw]);
    for (const roles of [['admin'], ['client']] as const) {
      const all = await territoriesOf((await buildSignedInStaff(t, { roles: [...roles] })).token);
      expect(all).toEqual(expect.arrayContaining([waw, krk]));
      expect(all).toEqual([...all].sort());
    }
  });
});
