import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildEvent, buildPromoter, buildVoucherBatch, type BuiltPromoter } from '../../test/builders.ts';
import { buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { postVoucherCodes } from '../../test/planning.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// /api/admin/vouchers/batches and /import (issue 24) on both databases.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('voucher batches in the back office (%s)', (dialect) => {
  let t: TestApp;
  let admin: Staff;
  let waw: Staff;
  let anna: BuiltPromoter;
  let piotr: BuiltPromoter;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    waw = await buildSignedInStaff(t, { roles: ['coordinator'], territories: ['WAW-CENTRUM'] });
    anna = await buildPromoter(t, { lastname: 'Nowak', territories: ['WAW-CENTRUM'] });
    piotr = await buildPromoter(t, { lastname: 'Kowalski', territories: ['KRK-STARE-MIASTO'] });
  });
  afterAll(() => t.close());

  const newEvent = async () => {
    const ident = `EV-VB-${randomUUID().slice(0, 8)}`;
    return { ident, id: await buildEvent(t, { ident }) };
  };
  const batches = async (by: Staff, eventIdent: string) => {
    const res = await post(t.app, '/admin/vouchers/batches', { event: { ident: eventIdent } }, by.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.events;
  };

  it('counts codes per batch: total, in the pool, assigned and redeemed per promoter', async () => {
    const event = await newEvent();
    const batch = await buildVoucherBatch(t, event.id, {
      pool: 3,
      holders: [
        { userId: anna.userId, codes: 2 },
        { userId: piotr.userId, codes: 1 },
      ],
    });
    await t.db
      .updateTable('vouchers')
      .set({ redeemed_at: t.clock.now().toISOString(), redeemed_by: anna.userId })
      .where('id', '=', batch.codes[anna.userId]![0]!.uuid)
      .execute();
    expect(await batches(admin, event.ident)).toEqual([
      {
        uuid: event.id,
        ident: event.ident,
        name: 'Wydarzenie testowe',
        batches: [
          {
            uuid: batch.uuid,
            ident: batch.ident,
            total: 6,
            inPool: 3,
            assigned: 3,
            redeemed: 1,
            assignedToOthers: 0,
            promoters: [
              { uuid: piotr.userId, ident: piotr.ident, firstname: 'Ewa', lastname: 'Kowalski', assigned: 1, redeemed: 0 },
              { uuid: anna.userId, ident: anna.ident, firstname: 'Ewa', lastname: 'Nowak', assigned: 2, redeemed: 1 },
            ],
          },
        ],
      },
    ]);
  });

  it('shows a coordinator her territories’ promoters only', async () => {
    const event = await newEvent();
    await buildVoucherBatch(t, event.id, {
      pool: 1,
      holders: [
        { userId: anna.userId, codes: 2 },
        { userId: piotr.userId, codes: 1 },
      ],
    });
    const [seen] = await batches(waw, event.ident);
    expect(seen.batches[0]).toMatchObject({ total: 4, inPool: 1, assigned: 2, assignedToOthers: 1, promoters: [{ uuid: anna.userId }] });
  });

  it('Kody = W puli + Przydzielone + Przydzielone innym, and Przydzielone = the sum of its promoters, for every role', async () => {
    const client = await buildSignedInStaff(t, { roles: ['client'] });
    const event = await newEvent();
    await buildVoucherBatch(t, event.id, {
      pool: 30,
      holders: [
        { userId: anna.userId, codes: 6 },
        { userId: piotr.userId, codes: 4 },
      ],
    });
    for (const [who, others] of [
      [admin, 0],
      [waw, 4],
      [client, 0],
    ] as const) {
      const [seen] = await batches(who, event.ident);
      const b = seen.batches[0];
      expect(b.total).toBe(40);
      expect(b.inPool + b.assigned + b.assignedToOthers).toBe(b.total);
      expect(b.assignedToOthers).toBe(others);
      if (who !== client) expect(b.promoters.reduce((n: number, p: { assigned: number }) => n + p.assigned, 0)).toBe(b.assigned);
    }
  });

  it("shows the brand's viewer (client) the counts but no promoter (decision 085: never promoters' data)", async () => {
    const client = await buildSignedInStaff(t, { roles: ['client'] });
    const event = await newEvent();
    await buildVoucherBatch(t, event.id, { pool: 1, holders: [{ userId: anna.userId, codes: 2 }] });
    const [seen] = await batches(client, event.ident);
    expect(seen.batches[0]).toMatchObject({ total: 3, inPool: 1, assigned: 2, redeemed: 0, promoters: [] });
  });

  it('shows the client only the codes handed out on approved reports as Wydane (decision 112); the admin all of them', async () => {
    const client = await buildSignedInStaff(t, { roles: ['client'] });
    const event = await newEvent();
    const batch = await buildVoucherBatch(t, event.id, { holders: [{ userId: anna.userId, codes: 2 }] });
    await t.db
      .updateTable('vouchers')
      .set({ redeemed_at: t.clock.now().toISOString(), redeemed_by: anna.userId })
      .where('id', '=', batch.codes[anna.userId]![0]!.uuid)
      .execute();
    expect((await batches(admin, event.ident))[0].batches[0]).toMatchObject({ assigned: 2, redeemed: 1 });
    expect((await batches(client, event.ident))[0].batches[0]).toMatchObject({ assigned: 2, redeemed: 0 });
  });

  it('imports codes by the admin command’s rules, and records it in the audit log', async () => {
    const event = await newEvent();
    const res = await postVoucherCodes(t.app, admin.token, {
      event: event.ident,
      batch: 'glo hyper X2',
      text: '\uFEFFkod\r\nGLO-AB12\r\nGLO-AB13\r\nGLO-AB12\r\n',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ added: 2, skipped: 1, batchCreated: true });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('verb', '=', 'vouchers.import')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: admin.staffId, object_type: 'voucher_batch' });
  });

  it('refuses a file the command would refuse, with its message, adding nothing', async () => {
    const event = await newEvent();
    const res = await postVoucherCodes(t.app, admin.token, { event: event.ident, batch: 'b', text: 'kod\nAB12\nto nie kod\n' });
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({
      error: 'E_VOUCHER_IMPORT_INVALID',
      message: 'Wiersz 3: „to nie kod” nie wygląda na kod; nic nie dodano.',
    });
    const unknown = await postVoucherCodes(t.app, admin.token, { event: 'EV-NIE-MA', batch: 'b', text: 'AB12\n' });
    expect(unknown.json().data.message).toBe('Nie ma wydarzenia EV-NIE-MA.');
  });

  it('refuses a file of 10 MiB of blank lines at once, adding nothing (blank lines count toward the limit)', async () => {
    const event = await newEvent();
    const text = Buffer.concat([Buffer.from('kod\nAB12-BLANK\n'), Buffer.alloc(10 * 1024 * 1024 - 100, 0x0a)]);
    const res = await postVoucherCodes(t.app, admin.token, { event: event.ident, batch: 'puste wiersze', text });
    expect([res.statusCode, res.json().data.error]).toEqual([422, 'E_VOUCHER_IMPORT_INVALID']);
    expect(res.json().data.message).toContain('puste też się liczą');
    expect(await t.db.selectFrom('vouchers').select('id').where('ident', '=', 'AB12-BLANK').execute()).toEqual([]);
  });

  it('refuses a NUL in a form field with a 400 (PostgreSQL cannot compare one: was a 500)', async () => {
    const res = await postVoucherCodes(t.app, admin.token, { event: 'EV\u0000', batch: 'partia', text: 'KOD-12345\n' });
    expect([res.statusCode, res.json().data.error]).toEqual([400, 'E_VALIDATION']);
  });

  it('leaves the import to administrators', async () => {
    const event = await newEvent();
    const res = await postVoucherCodes(t.app, waw.token, { event: event.ident, batch: 'b', text: 'AB12\n' });
    expect(res.statusCode).toBe(403);
  });
});
