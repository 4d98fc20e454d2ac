import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { databaseAt } from '../../test/migration-database.ts';
import { testDatabases } from '../../test/test-app.ts';
import { isUniqueViolation, type Dialect } from '../kysely.ts';

// Migration 032 on points planned before the register (issue 34, decision 124): each territory's points
// become its register, exact duplicates (territory, name, street, postal code, city) one point with the
// coordinates of the latest action that had any; every action's point refers to its register point;
// actions without a territory stay out; the register's keys refuse a second point of one code or address.

describe.each(testDatabases)('migration 032 (%s)', (dialect: Dialect) => {
  it('puts the planned points into the register, merging exact duplicates, and links every action point to its own', async () => {
    const before = await databaseAt(dialect, '029-live-exception-checks');
    try {
      const { db } = before;
      const eventId = newId();
      await db.insertInto('events').values({ id: eventId, ident: 'EV-032', name: 'E' }).execute();
      const territory = async (ident: string) => {
        const id = newId();
        await db.insertInto('territories').values({ id, ident, name: ident }).execute();
        return id;
      };
      const waw = await territory('WAW-032');
      const krk = await territory('KRK-032');
      let n = 0;
      const action = async (territoryId: string | null, since: string, points: Record<string, unknown>[]) => {
        const id = newId();
        n++;
        await db
          .insertInto('actions')
          .values({
            id,
            ident: `AK-0320${n}`,
            name: `Akcja ${n}`,
            event_id: eventId,
            territory_id: territoryId,
            since,
            until: since.replace('10:00', '18:00'),
            global_status: 'accepted',
            created_at: '2030-01-01T00:00:00.000Z',
          })
          .execute();
        const ids = [];
        for (const [position, p] of points.entries()) {
          const pointId = newId();
          ids.push(pointId);
          await db
            .insertInto('action_points')
            .values({
              id: pointId,
              action_id: id,
              position,
              name: 'Złote Tarasy',
              street_address: 'ul. Złota 59',
              postal_code: '00-120',
              city_name: 'Warszawa',
              petra_id: null,
              latitude: null,
              longitude: null,
              ...p,
            })
            .execute();
        }
        return ids;
      };
      const [older] = await action(waw, '2030-03-01 10:00:00', [{ latitude: 52.1, longitude: 21.1 }]);
      const [newer, arkadia] = await action(waw, '2030-03-02 10:00:00', [{ latitude: 52.2, longitude: 21.2 }, { name: 'Arkadia' }]);
      const [latest] = await action(waw, '2030-03-03 10:00:00', [{}]);
      const [noPostal, noPostalAgain] = await action(waw, '2030-03-04 10:00:00', [{ postal_code: null }, { postal_code: null }]);
      const [otherPostal] = await action(waw, '2030-03-05 10:00:00', [{ postal_code: '00-121' }]);
      const [inKrakow] = await action(krk, '2030-03-06 10:00:00', [{}]);
      const [noTerritory] = await action(null, '2030-03-07 10:00:00', [{}]);
      await before.migrateRest();

      const points = await db.selectFrom('points').selectAll().orderBy('territory_id').orderBy('name').orderBy('postal_code').execute();
      const zlote = (territoryId: string, postal: string) =>
        points.find((p) => p.territory_id === territoryId && p.name === 'Złote Tarasy' && p.postal_code === postal)!;
      expect(points).toHaveLength(5);
      // The latest action with coordinates gives them: 3 March had none, 2 March's are taken.
      expect(zlote(waw, '00-120')).toMatchObject({
        street_address: 'ul. Złota 59',
        city_name: 'Warszawa',
        latitude: 52.2,
        longitude: 21.2,
        archived_at: null,
      });
      expect(zlote(waw, '')).toMatchObject({ latitude: null });
      expect(points.every((p) => /^P-[2-9A-HJ-NP-Z]{6}$/.test(p.code))).toBe(true);
      expect(points.find((p) => p.name === 'Arkadia')!.search_text).toContain('arkadia');

      const links = new Map((await db.selectFrom('action_points').select(['id', 'point_id']).execute()).map((r) => [r.id, r.point_id]));
      expect([older, newer, latest].map((id) => links.get(id!))).toEqual(Array(3).fill(zlote(waw, '00-120').id));
      expect([noPostal, noPostalAgain].map((id) => links.get(id!))).toEqual(Array(2).fill(zlote(waw, '').id));
      expect(links.get(otherPostal!)).toBe(zlote(waw, '00-121').id);
      expect(links.get(arkadia!)).toBe(points.find((p) => p.name === 'Arkadia')!.id);
      expect(links.get(inKrakow!)).toBe(zlote(krk, '00-120').id);
      expect(links.get(noTerritory!)).toBeNull();

      const again = async (o: Record<string, string>) => {
        const at = '2030-01-01T00:00:00.000Z';
        const values = {
          id: newId(),
          territory_id: waw,
          code: 'P-NOWY22',
          name: 'Nowy',
          street_address: 'ul. Nowa 1',
          postal_code: '',
          city_name: 'Warszawa',
        };
        return db
          .insertInto('points')
          .values({ ...values, ...o, search_text: '', created_at: at, updated_at: at })
          .execute()
          .catch((error: unknown) => error);
      };
      expect(isUniqueViolation(await again({ code: zlote(waw, '00-120').code }))).toBe(true);
      expect(isUniqueViolation(await again({ name: 'Złote Tarasy', street_address: 'ul. Złota 59' }))).toBe(true);
    } finally {
      await before.close();
    }
  });
});
