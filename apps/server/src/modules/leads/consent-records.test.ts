import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { clearAllData } from '../../db/clear-all-data.ts';
import {
  buildRegistrar,
  gloOffer,
  newContact,
  register,
  registrationBody,
  sendCodes,
  startRegistrationApp,
} from '../../test/registrations.ts';
import { testDatabases, type TestApp } from '../../test/test-app.ts';

// GDPR art. 7(1): the controller must be able to show that the consumer consented (decision 067).

describe.each(testDatabases)('consent records (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  /** A registration by a new promoter, with these consents. */
  async function registered(consent: Record<string, boolean> = {}) {
    const r = await buildRegistrar(t, { points: 2 });
    const c = newContact();
    const codes = await sendCodes(t, r.token, c);
    const body = registrationBody(t, r, c, cat, { codes, offers: { Glo: gloOffer() }, point: 1 });
    body.lead.consent = { ...body.lead.consent, ...consent };
    const res = await register(t, r.token, body);
    expect(res.statusCode).toBe(200);
    const records = await t.db
      .selectFrom('consent_records')
      .selectAll()
      .where('lead_id', '=', res.json().data.lead.id)
      .orderBy('field')
      .execute();
    return { r, records };
  }
  const textOf = (field: string) => cat.catalogues.consents.find((c) => c.field === field)!;

  it('one record per consent of the registration: the decision, the text version and hash shown, who, where, when and how', async () => {
    const { r, records } = await registered({ externalCompaniesAuthorization: false, socialMediaOptIn: false });
    expect(records.map((x) => x.field)).toEqual([
      'ageVerified',
      'externalCompaniesAuthorization',
      'hypercareOptIn',
      'inspirationClub',
      'mobileOptIn',
      'newsletterCommercialAuthorization',
      'personalDataHandling',
      'personalDataRegistrationAuthorisation',
      'socialMediaOptIn',
    ]);
    const consumer = await t.db.selectFrom('leads').select('consumer_id').where('user_id', '=', r.userId).executeTakeFirstOrThrow();
    for (const record of records) {
      // personalDataHandling is given with the registration authorisation's text (it has none of its own).
      const shown = textOf(record.field === 'personalDataHandling' ? 'personalDataRegistrationAuthorisation' : record.field);
      expect(record).toMatchObject({
        consumer_id: consumer.consumer_id,
        text_version: shown.version,
        text_hash: shown.textHash,
        user_id: r.userId,
        action_id: r.action.uuid,
        action_point_id: r.action.points[1]!.uuid,
        channel: 'webform',
        recorded_at: t.clock.now().toISOString(),
      });
    }
    const decisions = Object.fromEntries(records.map((x) => [x.field, x.decision]));
    expect(decisions).toMatchObject({
      externalCompaniesAuthorization: 0,
      socialMediaOptIn: 0,
      inspirationClub: 0,
      ageVerified: 1,
      personalDataHandling: 1,
    });
  });

  // On PostgreSQL the app's role may not even try (decision 077); its triggers stop the owner (db/append-only.test.ts).
  const refused = /append-only|permission denied/;

  it('the database refuses to change or delete a record; the code has no path that would', async () => {
    const { records } = await registered();
    const id = records[0]!.id;
    await expect(t.db.updateTable('consent_records').set({ decision: 0 }).where('id', '=', id).execute()).rejects.toThrow(refused);
    await expect(t.db.deleteFrom('consent_records').where('id', '=', id).execute()).rejects.toThrow(refused);
    await expect(sql`update consent_records set text_hash = 'x'`.execute(t.db)).rejects.toThrow(refused);
    const still = await t.db.selectFrom('consent_records').select(['decision', 'text_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(still).toEqual({ decision: records[0]!.decision, text_hash: records[0]!.text_hash });
  });

  it('only the demo reset empties them, and the guard is back afterwards', async () => {
    await registered();
    await t.asOwner(clearAllData);
    expect(await t.db.selectFrom('consent_records').select('id').execute()).toEqual([]);
    const { records } = await registered();
    await expect(t.asOwner((db) => db.deleteFrom('consent_records').where('id', '=', records[0]!.id).execute())).rejects.toThrow(
      /append-only/,
    );
  });
});
