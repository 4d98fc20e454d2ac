import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildPromoter } from '../../test/builders.ts';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/promoters/update under concurrent writers (issue 32, decision 106), on both databases:
// changes of one promoter run one after another (her row locked, her territories read under the
// lock), so none answers 500 and none is lost.

type Signed = Awaited<ReturnType<typeof buildSignedInStaff>>;

describe.each(testDatabases)('promoter changes at once (%s)', (dialect) => {
  let t: TestApp;
  let admin: Signed;
  let territories: string[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    territories = [await buildTerritory(t, 'WAW'), await buildTerritory(t, 'KRK'), await buildTerritory(t, 'GDA')];
  });
  afterAll(() => t.close());

  const update = (token: string, promoter: Record<string, unknown>) =>
    post(t.app, '/admin/promoters/update', { promoter }, token, { 'idempotency-key': randomUUID() });
  const storedTerritories = async (userId: string) =>
    (
      await t.db
        .selectFrom('user_territories as ut')
        .innerJoin('territories as tr', 'tr.id', 'ut.territory_id')
        .select('tr.ident')
        .where('ut.user_id', '=', userId)
        .execute()
    )
      .map((r) => r.ident)
      .sort();

  it('50 changes of her territories at once: each answered 200, her territories one set sent, each audit entry starting where the last ended', async () => {
    const [a, b, c] = territories as [string, string, string];
    const promoter = await buildPromoter(t, { territories: [a] });
    const sets = [[a, b], [b], [b, c], [c], [a, c], [a]].map((s) => s.sort());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => update(admin.token, { uuid: promoter.userId, territories: sets[i % sets.length] })),
    );
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const final = await storedTerritories(promoter.userId);
    expect(sets.map((s) => s.join())).toContain(final.join());
    // One after another: each entry's "from" is the "to" of the one before; a change to what she
    // already had writes none.
    const entries = (await auditEntries(t, 'promoters.update'))
      .filter((e) => e.object_id === promoter.userId)
      .reverse()
      .map((e) => (JSON.parse(e.details!) as { territories: { from: string[]; to: string[] } }).territories);
    let before = [a];
    for (const entry of entries) {
      expect(entry.from).toEqual(before);
      expect(entry.to).not.toEqual(entry.from);
      before = entry.to;
    }
    expect(before).toEqual(final);
  });

  it('two coordinators changing her territories at once each keep the other’s change', async () => {
    const [waw1, waw2, krk1, krk2] = [
      await buildTerritory(t, 'WAW'),
      await buildTerritory(t, 'WAW'),
      await buildTerritory(t, 'KRK'),
      await buildTerritory(t, 'KRK'),
    ];
    const warsaw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw1, waw2] });
    const krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk1, krk2] });
    for (let round = 0; round < 10; round++) {
      const promoter = await buildPromoter(t, { territories: [waw1, krk1] });
      const answers = await Promise.all([
        update(warsaw.token, { uuid: promoter.userId, territories: [waw2] }),
        update(krakow.token, { uuid: promoter.userId, territories: [krk2] }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await storedTerritories(promoter.userId)).toEqual([waw2, krk2].sort());
    }
  });

  it('20 changes of her name and phone at once: each answered 200, her row as one of them left it', async () => {
    const promoter = await buildPromoter(t, { territories: [territories[0]!] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        update(admin.token, { uuid: promoter.userId, firstname: `Imię ${i}`, mobilePhone: `+48 600 000 ${String(100 + i)}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const row = await t.db
      .selectFrom('users')
      .select(['firstname', 'mobile_phone'])
      .where('id', '=', promoter.userId)
      .executeTakeFirstOrThrow();
    const i = Number(row.firstname.replace('Imię ', ''));
    expect(row.mobile_phone).toBe(`+48600000${100 + i}`);
  });
});
