import { newId } from '../lib/crypto.ts';
import { loadCatalogues } from '../modules/catalogues/catalogues.service.ts';
import { insertConsentRecords } from '../modules/leads/lead-register.repository.ts';
import { buildAction, buildPromoter, type BuiltAction, type BuiltPromoter } from './builders.ts';
import { buildConsumer, type ConsumerOptions } from './consumer-builders.ts';
import type { TestApp } from './test-app.ts';

// A consumer registered through the webform (issue 26): her consent records as /lead/register leaves
// them, each with the catalogue's text shown, by a promoter of her own at an action of hers.

/** The catalogue's consent text of a field (version, words, SHA-256), as the app stored it at start. */
export function catalogueText(t: TestApp, field: string) {
  const text = loadCatalogues(t.config.cataloguesFile).catalogues.consents.find((c) => c.field === field);
  if (!text) throw new Error(`no catalogue text of ${field}`);
  return text;
}

/** Records of these fields carry another's text (§5 and §7), as the form and MGM write them. */
const RIDES_ON: Record<string, string> = {
  emailOptIn: 'newsletterCommercialAuthorization',
  personalDataHandling: 'personalDataRegistrationAuthorisation',
};

export type RegisteredConsumer = { id: string; emailAddress: string; mobileNumber: string; promoter: BuiltPromoter; action: BuiltAction };

/**
 * A consumer with the webform's records of `decisions` (field → decision; the newsletter and SMS given,
 * external companies refused by default), recorded `at` (the test clock's now by default).
 */
export async function buildRegisteredConsumer(
  t: TestApp,
  o: ConsumerOptions & { decisions?: Record<string, boolean>; at?: string } = {},
): Promise<RegisteredConsumer> {
  const id = await buildConsumer(t, o);
  const consumer = await t.db
    .selectFrom('consumers')
    .select(['email_address', 'mobile_number'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const promoter = await buildPromoter(t);
  const action = await buildAction(t, promoter, { status: 'finished' });
  const decisions = o.decisions ?? { newsletterCommercialAuthorization: true, mobileOptIn: true, externalCompaniesAuthorization: false };
  await insertConsentRecords(
    t.db,
    Object.entries(decisions).map(([field, decision]) => {
      const text = catalogueText(t, RIDES_ON[field] ?? field);
      return {
        id: newId(),
        consumer_id: id,
        lead_id: null,
        field,
        decision: decision ? 1 : 0,
        text_version: text.version,
        text_hash: text.textHash,
        recorded_at: o.at ?? t.clock.now().toISOString(),
        user_id: promoter.userId,
        action_id: action.uuid,
        action_point_id: action.points[0]!,
        channel: 'webform' as const,
      };
    }),
  );
  return { id, emailAddress: consumer.email_address, mobileNumber: consumer.mobile_number, promoter, action };
}
