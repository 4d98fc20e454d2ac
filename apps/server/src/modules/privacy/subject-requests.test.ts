import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { STAFF_ROLES } from '@promotor/contract/permissions';
import { auditEntries, buildSignedInStaff } from '../../test/admin-builders.ts';
import { buildConsumer } from '../../test/consumer-builders.ts';
import { startRegistrationApp } from '../../test/registrations.ts';
import { officer, promoterCounts, registerConsumer, requestsApi } from '../../test/subject-requests.ts';
import { testDatabases, type TestApp } from '../../test/test-app.ts';
import { monthsLater } from './subject-requests.service.ts';

// Data-subject requests (issue 26, decision 098): recorded with a due date, extended once within the
// first month, carried out (access, portability, rectification, erasure) or denied with a reason.

const DAY = 86_400_000;
type Res = { statusCode: number; json: () => { data: Record<string, unknown> & { error?: string; details?: unknown } } };
const errorOf = (res: Res) => [res.statusCode, res.json().data.error];

describe('the due date: the same date a month later, to the end of that day in Warsaw', () => {
  const zone = 'Europe/Warsaw';
  it.each([
    ['2026-03-10T09:15:00Z', 1, '2026-04-10T21:59:59.999Z'],
    // 31 January has no 31 February: the month's last day
    ['2026-01-31T10:00:00Z', 1, '2026-02-28T22:59:59.999Z'],
    ['2028-01-31T10:00:00Z', 1, '2028-02-29T22:59:59.999Z'],
    // 23:30 UTC on 31 October is already 1 November in Warsaw
    ['2026-10-31T23:30:00Z', 1, '2026-12-01T22:59:59.999Z'],
    // extended: three months from receipt
    ['2026-01-31T10:00:00Z', 3, '2026-04-30T21:59:59.999Z'],
    ['2026-11-15T12:00:00Z', 3, '2027-02-15T22:59:59.999Z'],
  ])('received %s, %i month(s): due %s', (received, months, due) => {
    expect(monthsLater(new Date(received), months, zone).toISOString()).toBe(due);
  });
});

describe.each(testDatabases)('data-subject requests (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());
  const api = () => requestsApi(t);
  const due = (receivedAt: string, months = 1) => monthsLater(new Date(receivedAt), months, t.config.timezone).toISOString();

  async function pending(token: string, consumer: string, kind = 'access', extra: Record<string, unknown> = {}) {
    const res = await api().create(token, { consumer: { uuid: consumer }, kind, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.request as { uuid: string; receivedAt: string; dueAt: string };
  }

  it('a request is recorded as pending, received now, due a month later, with who recorded it; audited without her data', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t, { firstName: 'Zofia', emailAddress: 'zofia.wnioskujaca@test.pl' });
    const res = await api().create(o.token, { consumer: { uuid: consumer }, kind: 'access', note: 'E-mail z adresu w rejestrze' });
    expect(res.statusCode, res.body).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.json().data.request).toEqual({
      uuid: expect.any(String),
      consumer: { uuid: consumer },
      kind: 'access',
      state: 'pending',
      receivedAt: now,
      dueAt: due(now),
      extension: null,
      note: 'E-mail z adresu w rejestrze',
      createdBy: 'Beata Biurowa',
      completedAt: null,
      completedBy: null,
      outcomeNote: null,
    });
    const [entry] = (await auditEntries(t, 'consumers.request_create')).filter((e) => e.actor_id === o.staffId);
    expect(entry).toMatchObject({ object_type: 'consumer', object_id: consumer });
    expect(JSON.parse(entry!.details!)).toEqual({ request: res.json().data.request.uuid, kind: 'access', receivedAt: now });
    expect(entry!.details).not.toMatch(/zofia/i);
  });

  it('receivedAt: an earlier instant counts from then; the future or more than a month ago is refused with the field', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t);
    const earlier = new Date(t.clock.now().getTime() - 10 * DAY).toISOString();
    const request = await pending(o.token, consumer, 'portability', { receivedAt: earlier });
    expect(request).toMatchObject({ receivedAt: earlier, dueAt: due(earlier) });
    for (const receivedAt of [
      new Date(t.clock.now().getTime() + 60_000).toISOString(),
      new Date(t.clock.now().getTime() - 40 * DAY).toISOString(),
    ]) {
      const res = await api().create(o.token, { consumer: { uuid: consumer }, kind: 'access', receivedAt });
      expect(errorOf(res)).toEqual([400, 'E_VALIDATION']);
      expect(res.json().data.details).toEqual([{ path: 'body.receivedAt', message: expect.any(String) }]);
    }
  });

  it('an unknown consumer is 404; an unknown request is 404 for extend and complete', async () => {
    const o = await officer(t);
    expect(errorOf(await api().create(o.token, { consumer: { uuid: 'no-such' }, kind: 'access' }))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
    expect(errorOf(await api().extend(o.token, 'no-such'))).toEqual([404, 'E_REQUEST_NOT_FOUND']);
    expect(errorOf(await api().complete(o.token, 'no-such'))).toEqual([404, 'E_REQUEST_NOT_FOUND']);
  });

  it('extension: once, within the first month, with its reason — due three months after receipt; a second is 409', async () => {
    let o = await officer(t);
    const request = await pending(o.token, await buildConsumer(t));
    t.clock.advance(20 * DAY);
    o = await officer(t);
    const res = await api().extend(o.token, request.uuid, 'Wiele rejestracji do zebrania');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({
      state: 'pending',
      dueAt: due(request.receivedAt, 3),
      extension: { reason: 'Wiele rejestracji do zebrania', at: t.clock.now().toISOString(), by: 'Beata Biurowa' },
    });
    expect(errorOf(await api().extend(o.token, request.uuid))).toEqual([409, 'E_EXTENSION_NOT_ALLOWED']);
    expect(
      (await auditEntries(t, 'consumers.request_extend')).filter((e) => e.object_id === request.uuid || e.details?.includes(request.uuid)),
    ).toHaveLength(1);
  });

  it('an extension reason that shows nothing is 400, and the due date stays', async () => {
    const o = await officer(t);
    const request = await pending(o.token, await buildConsumer(t));
    const res = await api().extend(o.token, request.uuid, '\u200b\u200b\u200b');
    expect(errorOf(res)).toEqual([400, 'E_VALIDATION']);
    expect(res.json().data.details).toEqual([{ path: 'body.reason', message: expect.any(String) }]);
    expect((await api().extend(o.token, request.uuid, 'Wiele rejestracji')).statusCode).toBe(200);
  });

  it('extension after the first month is 409, and of a closed request 409 E_REQUEST_WRONG_STATE', async () => {
    let o = await officer(t);
    const late = await pending(o.token, await buildConsumer(t));
    const closed = await pending(o.token, await buildConsumer(t));
    expect((await api().complete(o.token, closed.uuid, { outcome: 'denied', note: 'Tożsamość niepotwierdzona' })).statusCode).toBe(200);
    expect(errorOf(await api().extend(o.token, closed.uuid))).toEqual([409, 'E_REQUEST_WRONG_STATE']);
    t.clock.advance(32 * DAY);
    o = await officer(t);
    expect(errorOf(await api().extend(o.token, late.uuid))).toEqual([409, 'E_EXTENSION_NOT_ALLOWED']);
  });

  it('a denial needs its reason (400); with it the request is denied, and closed for good', async () => {
    const o = await officer(t);
    const request = await pending(o.token, await buildConsumer(t), 'erasure');
    const bare = await api().complete(o.token, request.uuid, { outcome: 'denied' });
    expect(errorOf(bare)).toEqual([400, 'E_VALIDATION']);
    const invisible = await api().complete(o.token, request.uuid, { outcome: 'denied', note: '\u200b\u2060\u00a0' });
    expect(errorOf(invisible)).toEqual([400, 'E_VALIDATION']);
    const denied = await api().complete(o.token, request.uuid, { outcome: 'denied', note: 'Dane potrzebne do toczącej się reklamacji' });
    expect(denied.json().data).toEqual({
      request: expect.objectContaining({
        state: 'denied',
        outcomeNote: 'Dane potrzebne do toczącej się reklamacji',
        completedAt: t.clock.now().toISOString(),
        completedBy: 'Beata Biurowa',
      }),
      export: null,
    });
    expect(errorOf(await api().complete(o.token, request.uuid))).toEqual([409, 'E_REQUEST_WRONG_STATE']);
  });

  it('access and portability answer the export of what is held: her row, items, registrations with receipts, consents, the club', async () => {
    const o = await officer(t);
    const her = await registerConsumer(t, cat);
    for (const kind of ['access', 'portability']) {
      const request = await pending(o.token, her.id, kind);
      const res = await api().complete(o.token, request.uuid);
      expect(res.statusCode, res.body).toBe(200);
      const { request: done, export: data } = res.json().data;
      expect(done).toMatchObject({ state: 'completed', completedBy: 'Beata Biurowa' });
      expect(data.consumer).toMatchObject({
        uuid: her.id,
        firstName: her.firstName,
        lastName: her.lastName,
        emailAddress: her.contact.emailAddress,
        mobileNumber: her.contact.mobileNumber,
        birthDate: '1991-03-14',
        postalCode: '02-495',
        erasedAt: null,
      });
      expect(data.items).toEqual([expect.objectContaining({ kind: 'asset', brand: 'Glo', serialNumber: her.serial })]);
      expect(data.registrations).toEqual([
        {
          uuid: her.leadId,
          createdAt: expect.any(String),
          action: { ident: her.registrar.action.ident, name: her.registrar.action.name },
          point: { name: expect.any(String), cityName: expect.any(String) },
          items: [{ brand: 'Glo', model: 'Hyper Pro', serialNumber: her.serial }],
          receipts: [{ uuid: her.receiptId, createdAt: expect.any(String), imageKept: true }],
        },
      ]);
      expect(data.consents.length).toBeGreaterThan(0);
      expect(data.consents[0]).toMatchObject({ channel: 'webform', proof: { kind: 'codes' }, promoter: { ident: her.registrar.ident } });
      expect(data.inspirationClub).toEqual({ since: expect.any(String), leftAt: null });
      expect(data.invitations).toEqual([]);
    }
  });

  it('rectification: the fields given replace hers (e-mail lower-cased); none given is 400; another consumer’s e-mail is 400', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t, { lastName: 'Kowalska' });
    const taken = await buildConsumer(t, { emailAddress: 'zajety.adres@test.pl' });
    const request = await pending(o.token, consumer, 'rectification');
    expect(errorOf(await api().complete(o.token, request.uuid))).toEqual([400, 'E_VALIDATION']);
    const clash = await api().complete(o.token, request.uuid, { rectification: { emailAddress: 'Zajety.Adres@test.pl' } });
    expect(errorOf(clash)).toEqual([400, 'E_VALIDATION']);
    expect(clash.json().data.details).toEqual([{ path: 'body.rectification.emailAddress', message: expect.any(String) }]);
    const res = await api().complete(o.token, request.uuid, {
      rectification: { lastName: 'Nowak-Kowalska', emailAddress: 'Nowy.Adres@Test.pl', postalCode: '00-950' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('consumers').selectAll().where('id', '=', consumer).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_name: 'Nowak-Kowalska', email_address: 'nowy.adres@test.pl', postal_code: '00-950' });
    expect(taken).not.toBe(consumer);
    const [entry] = (await auditEntries(t, 'consumers.rectify')).filter((e) => e.object_id === consumer);
    expect(JSON.parse(entry!.details!)).toEqual({
      request: request.uuid,
      kind: 'rectification',
      fields: ['last_name', 'email_address', 'postal_code'],
    });
  });

  it("an erasure takes effect on completion, audited without her data; the promoter's counts stay; afterwards only access may be asked", async () => {
    const o = await officer(t);
    const her = await registerConsumer(t, cat);
    const before = await promoterCounts(t, her.registrar);
    const request = await pending(o.token, her.id, 'erasure');
    const res = await api().complete(o.token, request.uuid, { note: 'Usunięto na jej wniosek' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ request: { state: 'completed' }, export: null });
    expect(await promoterCounts(t, her.registrar)).toEqual(before);

    const row = await t.db.selectFrom('consumers').selectAll().where('id', '=', her.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email_address: `erased-${her.id}@invalid`,
      first_name: '',
      last_name: '',
      erased_at: t.clock.now().toISOString(),
    });
    const [entry] = (await auditEntries(t, 'consumers.erase')).filter((e) => e.object_id === her.id);
    expect(JSON.parse(entry!.details!)).toEqual({ request: request.uuid, kind: 'erasure', receiptImages: 1 });

    for (const kind of ['erasure', 'rectification', 'portability'])
      expect(errorOf(await api().create(o.token, { consumer: { uuid: her.id }, kind }))).toEqual([409, 'E_CONSUMER_ERASED']);
    const access = await pending(o.token, her.id, 'access');
    const answer = (await api().complete(o.token, access.uuid)).json().data.export;
    expect(answer.consumer).toMatchObject({ firstName: null, emailAddress: null, mobileNumber: null, erasedAt: row.erased_at });
    expect(answer.registrations[0]).toMatchObject({ items: [{ serialNumber: null }], receipts: [{ imageKept: false }] });
  });

  it('the list: pending first by due date, then the closed; filters by consumer, state, kind and due date; paged', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t);
    const now = t.clock.now().getTime();
    const a = await pending(o.token, consumer, 'access', { receivedAt: new Date(now - 5 * DAY).toISOString() });
    const b = await pending(o.token, consumer, 'erasure', { receivedAt: new Date(now - 20 * DAY).toISOString() });
    const c = await pending(o.token, consumer, 'portability');
    await api().complete(o.token, c.uuid, { outcome: 'denied', note: 'Brak potwierdzenia tożsamości' });
    const ids = async (body: Record<string, unknown>) => {
      const res = await api().list(o.token, { consumer: { uuid: consumer }, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.requests as { uuid: string }[]).map((r) => r.uuid);
    };
    expect(await ids({})).toEqual([b.uuid, a.uuid, c.uuid]);
    expect(await ids({ state: 'pending' })).toEqual([b.uuid, a.uuid]);
    expect(await ids({ kind: 'portability' })).toEqual([c.uuid]);
    expect(await ids({ dueBefore: new Date(now + 15 * DAY).toISOString() })).toEqual([b.uuid]);
    const page = await api().list(o.token, { consumer: { uuid: consumer }, page: 2, pageSize: 2 });
    expect(page.json().data).toMatchObject({ page: 2, pageSize: 2, total: 3, requests: [{ uuid: c.uuid }] });
  });

  it('every other role, admin included, is refused each request call (403)', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t);
    const request = await pending(o.token, consumer);
    for (const role of STAFF_ROLES.filter((r) => r !== 'privacy')) {
      const { token } = await buildSignedInStaff(t, { roles: [role] });
      const calls = [
        api().create(token, { consumer: { uuid: consumer }, kind: 'access' }),
        api().list(token),
        api().extend(token, request.uuid),
        api().complete(token, request.uuid),
      ];
      for (const res of await Promise.all(calls)) expect(errorOf(res)).toEqual([403, 'E_FORBIDDEN']);
    }
    expect((await api().list(o.token, { consumer: { uuid: consumer } })).json().data.requests).toEqual([
      expect.objectContaining({ uuid: request.uuid, state: 'pending', extension: null }),
    ]);
  });
});
