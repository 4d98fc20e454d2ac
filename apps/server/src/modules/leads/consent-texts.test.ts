import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { buildApp } from '../../app.ts';
import { newId } from '../../lib/crypto.ts';
import { buildPromoter } from '../../test/builders.ts';
import { buildConsumer } from '../../test/consumer-builders.ts';
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
import { insertConsentRecords } from './lead-register.repository.ts';

// Decision 078: a consent record proves what she was shown from the database alone: every consent text
// is stored once, word for word, and each record points at its text.

type CatalogueFile = { consents: { field: string; version: string; text: string }[] };

describe.each(testDatabases)('consent texts (%s)', (dialect) => {
  let t: TestApp;
  let cat: WebformCataloguesResponse;
  beforeAll(async () => void ({ t, cat } = await startRegistrationApp(dialect)));
  afterAll(() => t.close());

  /** The server started again on the same database with the catalogue's newsletter text changed. */
  async function startAgainWithNewsletter(version: string, text: string) {
    const file = JSON.parse(fs.readFileSync(t.config.cataloguesFile, 'utf8')) as CatalogueFile;
    const newsletter = file.consents.find((c) => c.field === 'newsletterCommercialAuthorization')!;
    Object.assign(newsletter, { version, text });
    const cataloguesFile = path.join(t.config.dataDir, `catalogues-${newId()}.json`);
    fs.writeFileSync(cataloguesFile, JSON.stringify(file));
    const app = await buildApp({
      config: { ...t.config, cataloguesFile },
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: false,
    });
    await app.close();
  }

  const storedTexts = () =>
    t.db.selectFrom('consent_texts').select(['field', 'version', 'text', 'text_hash']).orderBy('field').orderBy('version').execute();

  it('the start stores each catalogue text once, word for word, and again finds them there', async () => {
    const ofCatalogue = async () => {
      const stored = await storedTexts();
      return cat.catalogues.consents.map((c) => stored.filter((x) => x.field === c.field && x.version === c.version));
    };
    const expected = cat.catalogues.consents.map((c) => [{ field: c.field, version: c.version, text: c.text, text_hash: c.textHash }]);
    expect(await ofCatalogue()).toEqual(expected);
    const newsletter = textOf('newsletterCommercialAuthorization');
    await startAgainWithNewsletter(newsletter.version, newsletter.text);
    expect(await ofCatalogue()).toEqual(expected);
  });

  const textOf = (field: string) => cat.catalogues.consents.find((c) => c.field === field)!;

  it('each consent record of a registration points at the words she was shown, which outlive a new catalogue', async () => {
    const r = await buildRegistrar(t, { points: 1 });
    const c = newContact();
    const body = registrationBody(t, r, c, cat, { codes: await sendCodes(t, r.token, c), offers: { Glo: gloOffer() } });
    const res = await register(t, r.token, body);
    expect(res.statusCode).toBe(200);
    // The operator words the newsletter consent anew, under a new version, and restarts the server.
    await startAgainWithNewsletter('2027-01', 'Wyrażam zgodę na newsletter (nowe brzmienie).');

    const proofs = await t.db
      .selectFrom('consent_records as r')
      .leftJoin('consent_texts as x', 'x.id', 'r.consent_text_id')
      .select(['r.field', 'r.text_version', 'r.text_hash', 'x.version', 'x.text_hash as stored_hash', 'x.text'])
      .where('r.lead_id', '=', res.json().data.lead.id)
      .execute();
    expect(proofs).toHaveLength(9);
    for (const proof of proofs) {
      // personalDataHandling is given with the registration authorisation's text (decision 067).
      const shown = textOf(proof.field === 'personalDataHandling' ? 'personalDataRegistrationAuthorisation' : proof.field);
      expect(proof).toEqual({ ...proof, version: shown.version, stored_hash: shown.textHash, text: shown.text });
      expect([proof.text_version, proof.text_hash]).toEqual([proof.version, proof.stored_hash]);
    }
    const versions = (await storedTexts()).filter((x) => x.field === 'newsletterCommercialAuthorization').map((x) => x.version);
    expect(versions).toEqual(expect.arrayContaining([textOf('newsletterCommercialAuthorization').version, '2027-01']));
  });

  it('a text changed under a stored version stops the start, naming the field and version, and the stored words stay', async () => {
    const newsletter = textOf('newsletterCommercialAuthorization');
    await expect(startAgainWithNewsletter(newsletter.version, `${newsletter.text} Zmienione.`)).rejects.toThrow(
      new RegExp(`a changed text needs a new version:\\n  newsletterCommercialAuthorization version ${newsletter.version} \\(stored `),
    );
    const kept = (await storedTexts()).find((x) => x.field === newsletter.field && x.version === newsletter.version);
    expect(kept?.text).toBe(newsletter.text);
  });

  it('a record naming a text that is not stored is refused, so none claims words the database cannot show', async () => {
    const promoter = await buildPromoter(t);
    const record = {
      id: newId(),
      consumer_id: await buildConsumer(t, { ...newContact(), firstName: 'Ewa', lastName: 'Nowak' }),
      lead_id: null,
      field: 'mobileOptIn',
      decision: 1 as const,
      text_version: '2020-01',
      text_hash: 'e'.repeat(64),
      recorded_at: t.clock.now().toISOString(),
      user_id: promoter.userId,
      action_id: null,
      action_point_id: null,
      channel: 'mgm' as const,
    };
    await expect(insertConsentRecords(t.db, [record])).rejects.toThrow(/Consent text version 2020-01 .* is not in consent_texts/);
    expect(await t.db.selectFrom('consent_records').select('id').where('id', '=', record.id).execute()).toEqual([]);
  });
});
