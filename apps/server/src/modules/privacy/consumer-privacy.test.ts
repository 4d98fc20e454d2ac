import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConsumerHistoryResponse, ConsentHistoryEntry } from '@promotor/contract';
import { newId } from '../../lib/crypto.ts';
import { auditEntries, buildSignedInStaff } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { buildRegisteredConsumer, catalogueText } from '../../test/consent-builders.ts';
import { buildConsumer } from '../../test/consumer-builders.ts';
import { errorOf, mgmKit } from '../../test/mgm.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { canonicalJson, verifyConsentProof, type ProofFile } from './consent-proof.ts';
import { pdfText } from '../../test/pdf-text.ts';

// The privacy officer's calls on one consumer (issue 26, decision 097): find, history, proof, withdrawal.

describe.each(testDatabases)('the privacy officer and one consumer (%s)', (dialect) => {
  let t: TestApp;
  let officer: Awaited<ReturnType<typeof buildSignedInStaff>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    officer = await buildSignedInStaff(t, { roles: ['privacy'] });
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown, token = officer.token, headers: Record<string, string> = {}) =>
    post(t.app, `/admin/consumers/${path}`, body, token, headers);
  const historyOf = async (uuid: string) => {
    const res = await call('history', { consumer: { uuid } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AdminConsumerHistoryResponse;
  };
  const reason = 'Wniosek z e-maila z 3 marca';

  describe('find', () => {
    it('finds her by e-mail in any case, and the audit log has the reason and the id, never the e-mail', async () => {
      const her = await buildRegisteredConsumer(t, { firstName: 'Zofia', lastName: 'Gęślak' });
      const res = await call('find', { emailAddress: `  ${her.emailAddress.toUpperCase()} `, reason });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.consumers).toEqual([
        expect.objectContaining({ uuid: her.id, firstName: 'Zofia', lastName: 'Gęślak', emailAddress: her.emailAddress, erasedAt: null }),
      ]);
      const entry = (await auditEntries(t, 'consumers.find')).find((e) => e.object_id === her.id)!;
      expect(entry).toMatchObject({ actor_id: officer.staffId, object_type: 'consumer' });
      expect(JSON.parse(entry.details!)).toEqual({ reason, key: 'emailAddress', found: [her.id] });
      expect(JSON.stringify(entry)).not.toContain(her.emailAddress.split('@')[0]);
    });

    it('finds her by number with spaces, or nine digits read as +48; the audit log holds no number', async () => {
      const digits = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
      const her = await buildRegisteredConsumer(t, { mobileNumber: `+48${digits}` });
      const spaced = `+48 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
      for (const mobileNumber of [spaced, digits]) {
        const res = await call('find', { mobileNumber, reason });
        expect(res.json().data.consumers.map((c: { uuid: string }) => c.uuid)).toEqual([her.id]);
      }
      const entries = (await auditEntries(t, 'consumers.find')).filter((e) => e.object_id === her.id);
      expect(entries).toHaveLength(2);
      for (const e of entries) {
        expect(JSON.parse(e.details!)).toEqual({ reason, key: 'mobileNumber', found: [her.id] });
        expect(JSON.stringify(e)).not.toContain(digits.slice(3));
      }
    });

    it('no match answers an empty list, audited with nothing found', async () => {
      const res = await call('find', { emailAddress: 'nikt-taki@test.pl', reason: 'Sprawdzenie zgłoszenia' });
      expect([res.statusCode, res.json().data]).toEqual([200, { consumers: [] }]);
      const entry = (await auditEntries(t, 'consumers.find')).find((e) => JSON.parse(e.details!).reason === 'Sprawdzenie zgłoszenia');
      expect(JSON.parse(entry!.details!)).toEqual({ reason: 'Sprawdzenie zgłoszenia', key: 'emailAddress', found: [] });
      expect(JSON.stringify(entry)).not.toContain('nikt-taki');
    });

    it('a look-up without a reason, or with both keys, is 400', async () => {
      for (const body of [{ emailAddress: 'a@test.pl' }, { emailAddress: 'a@test.pl', reason: ' ' }, { mobileNumber: 'abc', reason }]) {
        expect(errorOf(await call('find', body))).toEqual([400, 'E_VALIDATION']);
      }
    });

    it('a reason that shows nothing (zero-width or no-break spaces) is 400 at body.reason; blank ends are not audited', async () => {
      for (const blank of ['\u200b\u200b\u200b', '\u00a0\u2003\u00a0', 'a\u200b\u200b']) {
        const res = await call('find', { emailAddress: 'a@test.pl', reason: blank });
        expect(errorOf(res)).toEqual([400, 'E_VALIDATION']);
        expect(res.json().data.details).toEqual([{ path: 'body.reason', message: 'Wprowadź co najmniej 3 znaki.' }]);
      }
      const res = await call('find', { emailAddress: 'nikt-inny@test.pl', reason: '\u200b\u00a0Telefon od klientki\u200e' });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await auditEntries(t, 'consumers.find');
      expect(JSON.parse(entry!.details!)).toMatchObject({ reason: 'Telefon od klientki' });
    });

    it('an erased consumer is found by nobody; her history stays readable and a withdrawal is 409', async () => {
      const her = await buildRegisteredConsumer(t);
      await t.db.updateTable('consumers').set({ erased_at: t.clock.now().toISOString() }).where('id', '=', her.id).execute();
      expect((await call('find', { emailAddress: her.emailAddress, reason })).json().data.consumers).toEqual([]);
      const history = await historyOf(her.id);
      expect(history.consumer).toMatchObject({ uuid: her.id, firstName: null, emailAddress: null, mobileNumber: null });
      expect(history.consents).toHaveLength(3);
      const res = await call('withdraw', { consumer: { uuid: her.id }, consents: ['mobileOptIn'], note: 'Telefon' }, officer.token, {
        'idempotency-key': newId(),
      });
      expect(errorOf(res)).toEqual([409, 'E_CONSUMER_ERASED']);
    });
  });

  describe('history', () => {
    it('lists each decision with the exact words, the promoter, the action and point, and the proof of codes', async () => {
      const her = await buildRegisteredConsumer(t);
      const history = await historyOf(her.id);
      const newsletter = history.consents.find((c) => c.field === 'newsletterCommercialAuthorization')!;
      const text = catalogueText(t, 'newsletterCommercialAuthorization');
      expect(newsletter).toMatchObject({
        decision: true,
        channel: 'webform',
        recordedAt: t.clock.now().toISOString(),
        text: { version: text.version, sha256: text.textHash, words: text.text },
        promoter: { uuid: her.promoter.userId, ident: her.promoter.ident },
        action: { uuid: her.action.uuid, name: her.action.name },
        point: { uuid: her.action.points[0], name: 'Punkt 1', streetAddress: 'ul. Testowa 1', cityName: 'Warszawa' },
        proof: { kind: 'codes', confirmedAt: null, staff: null, note: null },
      });
      expect(history.current).toEqual([
        { field: 'externalCompaniesAuthorization', decision: false, since: t.clock.now().toISOString() },
        { field: 'newsletterCommercialAuthorization', decision: true, since: t.clock.now().toISOString() },
        { field: 'mobileOptIn', decision: true, since: t.clock.now().toISOString() },
      ]);
      expect(history.requests).toEqual([]);
      const entry = (await auditEntries(t, 'consumers.history')).find((e) => e.object_id === her.id);
      expect(entry).toMatchObject({ actor_id: officer.staffId, object_type: 'consumer' });
    });

    it('shows consents given through MGM as confirmed by her code, with when, newest first', async () => {
      const kit = mgmKit(() => t);
      const promoter = await kit.promoter();
      const her = await kit.consumer({ consents: 'none' });
      t.clock.advance(60_000);
      expect((await kit.updateAndConfirm(promoter, her)).statusCode).toBe(200);
      const history = await historyOf(her.id);
      const mgm = history.consents.filter((c) => c.channel === 'mgm');
      expect(mgm.map((c) => c.field)).toEqual(
        expect.arrayContaining(['newsletterCommercialAuthorization', 'mobileOptIn', 'socialMediaOptIn', 'hypercareOptIn', 'emailOptIn']),
      );
      const { confirmed_at } = await t.db
        .selectFrom('mgm_consent_confirmations')
        .select('confirmed_at')
        .where('consumer_id', '=', her.id)
        .executeTakeFirstOrThrow();
      expect(mgm[0]).toMatchObject({
        promoter: { uuid: promoter.userId },
        action: { uuid: promoter.actionId },
        proof: { kind: 'mgm-confirmed', confirmedAt: confirmed_at },
      });
      expect(mgm[0]!.text!.words).toBe(
        catalogueText(t, mgm[0]!.field === 'emailOptIn' ? 'newsletterCommercialAuthorization' : mgm[0]!.field).text,
      );
    });

    it('answers her requests', async () => {
      const her = await buildRegisteredConsumer(t);
      const at = t.clock.now().toISOString();
      const id = newId();
      await t.db
        .insertInto('consumer_requests')
        .values({
          id,
          consumer_id: her.id,
          kind: 'access',
          state: 'pending',
          received_at: at,
          due_at: at,
          created_by: officer.staffId,
          created_at: at,
        })
        .execute();
      expect((await historyOf(her.id)).requests).toEqual([
        expect.objectContaining({ uuid: id, consumer: { uuid: her.id }, kind: 'access', state: 'pending', extension: null }),
      ]);
    });

    it('an unknown consumer is 404 on every call', async () => {
      const uuid = newId();
      expect(errorOf(await call('history', { consumer: { uuid } }))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
      expect(errorOf(await call('proof', { consumer: { uuid }, format: 'json' }))).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
      const withdraw = await call('withdraw', { consumer: { uuid }, consents: ['mobileOptIn'], note: 'x' }, officer.token, {
        'idempotency-key': newId(),
      });
      expect(errorOf(withdraw)).toEqual([404, 'E_CONSUMER_NOT_FOUND']);
    });
  });

  describe('proof', () => {
    it('the JSON file is signed: its SHA-256 recomputes, the signature verifies, and a changed word fails it', async () => {
      const her = await buildRegisteredConsumer(t, { firstName: 'Łucja' });
      const res = await call('proof', { consumer: { uuid: her.id }, format: 'json' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="dowod-zgod-${her.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
      );
      const file = res.json() as ProofFile;
      expect(file.document.consumer).toMatchObject({ uuid: her.id, firstName: 'Łucja', emailAddress: her.emailAddress });
      expect(file.document.consents).toEqual((await historyOf(her.id)).consents);
      expect(file.document.generatedBy).toEqual({ uuid: officer.staffId, name: 'Beata Biurowa' });
      expect(file.sha256).toBe(createHash('sha256').update(canonicalJson(file.document), 'utf8').digest('hex'));
      expect(file.signature).toMatchObject({ algorithm: 'Ed25519', keyId: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(verifyConsentProof(file)).toEqual({ sha256: true, signature: true });
      const changed = structuredClone(file);
      changed.document.consents[0]!.decision = !changed.document.consents[0]!.decision;
      expect(verifyConsentProof(changed)).toEqual({ sha256: false, signature: false });
      const entry = (await auditEntries(t, 'consumers.proof')).find((e) => e.object_id === her.id)!;
      expect(JSON.parse(entry.details!)).toEqual({ format: 'json', sha256: file.sha256, keyId: file.signature.keyId });
    });

    it("the PDF names her (Polish letters and all), each decision's exact words, and the JSON's SHA-256", async () => {
      const her = await buildRegisteredConsumer(t, { firstName: 'Małgorzata', lastName: 'Źdźbło-Wiśniewska' });
      const res = await call('proof', { consumer: { uuid: her.id }, format: 'pdf' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dowod-zgod-.+\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Małgorzata Źdźbło-Wiśniewska');
      expect(text).toContain(her.emailAddress);
      expect(text.replace(/\s+/g, ' ')).toContain(catalogueText(t, 'mobileOptIn').text.replace(/\s+/g, ' '));
      expect(text).toContain(her.promoter.ident);
      const entry = (await auditEntries(t, 'consumers.proof')).find((e) => e.object_id === her.id)!;
      expect(text).toContain(JSON.parse(entry.details!).sha256);
    });

    it('the PDF names each consent in Polish, never by its field name (issue 33)', async () => {
      const her = await buildRegisteredConsumer(t);
      const res = await call('proof', { consumer: { uuid: her.id }, format: 'pdf' });
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Informacje handlowe SMS-em: UDZIELONA');
      expect(text).toContain('Informacje handlowe e-mailem: UDZIELONA');
      expect(text).toContain('Udostępnianie danych partnerom: NIEUDZIELONA');
      for (const field of ['mobileOptIn', 'newsletterCommercialAuthorization', 'externalCompaniesAuthorization'])
        expect(text).not.toContain(field);
    });

    // Issue 33: 00:10 in Warsaw is yesterday in UTC; 23:30 is the same day in both, in winter and in summer time.
    it.each([
      ['00:10 in winter time', '2026-11-28T23:10:00Z', '2026-11-29'],
      ['23:30 in winter time', '2026-11-29T22:30:00Z', '2026-11-29'],
      ['00:10 in summer time', '2026-07-14T22:10:00Z', '2026-07-15'],
      ['23:30 in summer time', '2026-07-15T21:30:00Z', '2026-07-15'],
    ])('a proof made at %s in Warsaw is named by the Warsaw day', async (_when, instant, day) => {
      const her = await buildRegisteredConsumer(t);
      const back = t.clock.now().getTime();
      t.clock.advance(Date.parse(instant) - back);
      try {
        for (const format of ['json', 'pdf'] as const) {
          const res = await call('proof', { consumer: { uuid: her.id }, format });
          expect(res.headers['content-disposition']).toBe(`attachment; filename="dowod-zgod-${her.id}-${day}.${format}"`);
        }
      } finally {
        t.clock.advance(back - t.clock.now().getTime());
      }
    });

    it('a name of emoji, Cyrillic, right-to-left text and bidi controls, a name of 5,000 letters and a long RTL note still make a PDF and a JSON that verifies', async () => {
      const firstName = '😀👩‍👩‍👧 Олена שלום مرحبا 漢字 \u202Eevil\u202C\t';
      const her = await buildRegisteredConsumer(t, { firstName, lastName: 'Ł'.repeat(5000) });
      const note = `🙂 ${'ע'.repeat(990)}`;
      const withdrawn = await call('withdraw', { consumer: { uuid: her.id }, consents: ['mobileOptIn'], note }, officer.token, {
        'idempotency-key': newId(),
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const pdf = await call('proof', { consumer: { uuid: her.id }, format: 'pdf' });
      expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdf.rawPayload)).toContain('Олена');
      const json = await call('proof', { consumer: { uuid: her.id }, format: 'json' });
      const file = json.json() as ProofFile;
      expect(file.document.consumer.firstName).toBe(firstName);
      expect(verifyConsentProof(file)).toEqual({ sha256: true, signature: true });
    });
  });

  describe('refused bodies', () => {
    // Issue 33: zod's English ('Invalid input: expected object, received undefined') reached her screen.
    it('say what is wrong in Polish, naming no type', async () => {
      const missing = await call('history', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().data.details).toEqual([{ path: 'body.consumer', message: 'To pole jest wymagane' }]);
      const wrong = await call('withdraw', { consumer: { uuid: 42 }, consents: [], note: 'x'.repeat(1001) }, officer.token, {
        'idempotency-key': newId(),
      });
      expect(wrong.statusCode).toBe(400);
      const messages = (wrong.json().data.details as { message: string }[]).map((d) => d.message);
      expect(messages.length).toBeGreaterThanOrEqual(3);
      for (const message of messages) expect(message).not.toMatch(/invalid|expected|received|string|object|number|array/i);
      expect(messages).toContain('Wybierz co najmniej jedną pozycję.');
    });
  });

  describe('withdrawal', () => {
    const withdraw = (uuid: string, consents: string[], note = 'Prośba telefoniczna z 3 marca', key = newId()) =>
      call('withdraw', { consumer: { uuid }, consents, note }, officer.token, { 'idempotency-key': key });

    it('records a new row per consent (the newsletter takes emailOptIn along), shown in her history; current flips at once', async () => {
      const her = await buildRegisteredConsumer(t, {
        decisions: { newsletterCommercialAuthorization: true, mobileOptIn: true, emailOptIn: true },
      });
      t.clock.advance(60_000);
      const key = newId();
      const res = await withdraw(her.id, ['newsletterCommercialAuthorization', 'mobileOptIn'], undefined, key);
      expect(res.statusCode, res.body).toBe(200);
      const entries = res.json().data.consents as ConsentHistoryEntry[];
      expect(entries.map((e) => e.field).sort()).toEqual(['emailOptIn', 'mobileOptIn', 'newsletterCommercialAuthorization']);
      expect(entries[0]).toMatchObject({
        decision: false,
        channel: 'withdrawal',
        text: null,
        promoter: null,
        proof: { kind: 'officer', staff: 'Beata Biurowa', note: 'Prośba telefoniczna z 3 marca' },
      });
      const rows = await t.db.selectFrom('consent_withdrawals').selectAll().where('consumer_id', '=', her.id).execute();
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.staff_id === officer.staffId && r.recorded_at === t.clock.now().toISOString())).toBe(true);
      // The same call again (same key) is the same answer, no new rows.
      expect((await withdraw(her.id, ['newsletterCommercialAuthorization', 'mobileOptIn'], undefined, key)).json().data).toEqual(
        res.json().data,
      );
      expect(await t.db.selectFrom('consent_withdrawals').select('id').where('consumer_id', '=', her.id).execute()).toHaveLength(3);

      const history = await historyOf(her.id);
      expect(history.consents.slice(0, 3).every((c) => c.channel === 'withdrawal')).toBe(true);
      expect(history.current).toEqual([
        { field: 'newsletterCommercialAuthorization', decision: false, since: t.clock.now().toISOString() },
        { field: 'mobileOptIn', decision: false, since: t.clock.now().toISOString() },
        { field: 'emailOptIn', decision: false, since: t.clock.now().toISOString() },
      ]);
      const entry = (await auditEntries(t, 'consumers.withdraw')).find((e) => e.object_id === her.id)!;
      expect(JSON.parse(entry.details!).consents.sort()).toEqual(['emailOptIn', 'mobileOptIn', 'newsletterCommercialAuthorization']);
    });

    it('MGM sees it at once: a consumer who could be invited has no consents after the withdrawal, until she gives them again', async () => {
      const kit = mgmKit(() => t);
      const promoter = await kit.promoter();
      const her = await kit.consumer();
      expect((await kit.validate(promoter, her.emailAddress)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await withdraw(her.id, ['newsletterCommercialAuthorization'])).statusCode).toBe(200);
      expect(errorOf(await kit.validate(promoter, her.emailAddress))).toEqual([422, 'E_NO_CONSENTS']);
      // Her own new decision, confirmed with her code, stands again.
      t.clock.advance(1000);
      expect((await kit.updateAndConfirm(promoter, her)).statusCode).toBe(200);
      expect((await kit.validate(promoter, her.emailAddress)).statusCode).toBe(200);
    });
  });

  it.each(['admin', 'coordinator', 'client'] as const)('%s gets 403 on every call', async (role) => {
    const staff = await buildSignedInStaff(t, { roles: [role] });
    const uuid = await buildConsumer(t);
    const calls: [string, unknown][] = [
      ['find', { emailAddress: 'x@test.pl', reason }],
      ['history', { consumer: { uuid } }],
      ['proof', { consumer: { uuid }, format: 'pdf' }],
      ['withdraw', { consumer: { uuid }, consents: ['mobileOptIn'], note: 'x' }],
    ];
    for (const [path, body] of calls)
      expect(errorOf(await call(path, body, staff.token, { 'idempotency-key': newId() }))).toEqual([403, 'E_FORBIDDEN']);
  });

  it('a promoter gets 403', async () => {
    const promoter = await buildSignedInPromoter(t);
    expect(errorOf(await call('history', { consumer: { uuid: await buildConsumer(t) } }, promoter.token))).toEqual([403, 'E_FORBIDDEN']);
  });
});
