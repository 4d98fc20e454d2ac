import type { WebformCataloguesResponse } from '@promotor/contract';
import { newId } from '../lib/crypto.ts';
import { instantOfWall } from '../lib/wall-instant.ts';
import * as consumers from '../modules/consumers/consumers.repository.ts';
import { storeConsentTexts } from '../modules/leads/consent-texts.repository.ts';
import { insertConsentRecords } from '../modules/leads/lead-register.repository.ts';
import type { Db } from '../db/kysely.ts';
import type { ConsentRecordTable, ConsumerItemTable } from '../db/schema.ts';

// Consumers the registry already knows (decision 063), so that /lead/verify can be tried with the demo
// logins: one per answer the webform shows. The README lists their e-mails.

export type ConsumerSeed = {
  emailAddress: string;
  mobileNumber: string;
  firstName: string;
  lastName: string;
  birthDate?: string;
  clubMember?: boolean;
  items?: (Pick<ConsumerItemTable, 'kind' | 'brand' | 'model'> & Partial<Pick<ConsumerItemTable, 'serial_number' | 'sku'>>)[];
};

/** One consumer with her devices and products, as the registry (or an import) holds her. */
export async function insertConsumer(db: Db, c: ConsumerSeed, now: Date): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  await consumers.insertConsumer(db, {
    id,
    email_address: c.emailAddress.toLowerCase(),
    mobile_number: c.mobileNumber,
    first_name: c.firstName,
    last_name: c.lastName,
    birth_date: c.birthDate ?? null,
    inspiration_club_since: c.clubMember ? at : null,
    created_by_user_id: null,
    created_at: at,
  });
  await consumers.insertItems(
    db,
    (c.items ?? []).map((i) => ({ id: newId(), consumer_id: id, serial_number: null, sku: null, created_at: at, ...i })),
  );
  return id;
}

/**
 * Glo serial numbers the device registry knows, unregistered (a registration may name one), so that a
 * Glo with a serial can be registered with the demo logins; the README lists them.
 */
export const DEMO_GLO_SERIALS = Array.from({ length: 10 }, (_, i) => `GLO${1000001 + i}`);
/** Already registered: Katarzyna's glo (klientka.glo@demo.pl). */
export const DEMO_REGISTERED_GLO_SERIAL = 'GLO1000099';

/** Unregistered serial numbers in the device registry (upper-case); one already there is left as it is. */
export async function insertGloDevices(db: Db, serials: string[], now: Date): Promise<void> {
  const rows = serials.map((serial) => ({
    serial_number: serial.trim().toUpperCase(),
    status: 'unregistered' as const,
    created_at: now.toISOString(),
  }));
  await consumers.insertGloDevices(db, rows);
}

export const DEMO_CONSUMERS: ConsumerSeed[] = [
  // Owns a glo hyper (not Pro) and is in the club: Glo and the club are not offered, the Glo Pro modal is.
  {
    emailAddress: 'klientka.glo@demo.pl',
    mobileNumber: '+48500100101',
    firstName: 'Katarzyna',
    lastName: 'Wiśniewska',
    birthDate: '1990-04-12',
    clubMember: true,
    items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2', serial_number: 'GLO1000099' }],
  },
  // Has a Vuse Go and was given Velo: Vuse, Vype and Velo are not offered.
  {
    emailAddress: 'klient.vuse@demo.pl',
    mobileNumber: '+48500100102',
    firstName: 'Tomasz',
    lastName: 'Zieliński',
    birthDate: '1985-09-30',
    items: [
      { kind: 'asset', brand: 'Vuse', model: 'Vuse Go' },
      { kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' },
    ],
  },
  // Known, with nothing yet: every offer.
  {
    emailAddress: 'klientka.nowa@demo.pl',
    mobileNumber: '+48500100103',
    firstName: 'Magdalena',
    lastName: 'Lewandowska',
    birthDate: '1998-01-20',
  },
];

export async function seedConsumers(db: Db, now: Date): Promise<void> {
  const ids = [];
  for (const c of DEMO_CONSUMERS) ids.push(await insertConsumer(db, c, now));
  await insertGloDevices(db, [...DEMO_GLO_SERIALS, DEMO_REGISTERED_GLO_SERIAL], now);
  await consumers.markGloDeviceRegistered(db, DEMO_REGISTERED_GLO_SERIAL, ids[0]!, now.toISOString());
  // The club's list holds its member Katarzyna too (verify and register read both).
  await consumers.insertClubMember(db, {
    id: newId(),
    email_address: DEMO_CONSUMERS[0]!.emailAddress,
    consumer_id: ids[0]!,
    joined_at: now.toISOString(),
  });
}

/**
 * Katarzyna's decisions at her webform registration (klientka.glo@demo.pl), as the form records them:
 * every consent with the text shown; personalDataHandling on the registration authorisation's text (§5).
 */
const KATARZYNA_CONSENTS: [field: string, decision: boolean, textOf: string][] = [
  ['ageVerified', true, 'ageVerified'],
  ['personalDataRegistrationAuthorisation', true, 'personalDataRegistrationAuthorisation'],
  ['personalDataHandling', true, 'personalDataRegistrationAuthorisation'],
  ['externalCompaniesAuthorization', false, 'externalCompaniesAuthorization'],
  ['newsletterCommercialAuthorization', true, 'newsletterCommercialAuthorization'],
  ['mobileOptIn', true, 'mobileOptIn'],
  ['socialMediaOptIn', false, 'socialMediaOptIn'],
  ['hypercareOptIn', true, 'hypercareOptIn'],
  ['inspirationClub', true, 'inspirationClub'],
];

/**
 * A consent history for the privacy officer's screen (issue 26): Katarzyna registered through the
 * webform by Anna an hour into her finished action three days ago, each record pointing at the
 * catalogue's stored words (decision 078). Run after the actions are seeded.
 */
export async function seedConsumerConsents(
  db: Db,
  o: { anna: string; catalogues: WebformCataloguesResponse; timezone: string; now: Date },
): Promise<void> {
  const texts = o.catalogues.catalogues.consents;
  await storeConsentTexts(db, texts, o.now, 'the demo seed');
  const consumer = await db
    .selectFrom('consumers')
    .select('id')
    .where('email_address', '=', DEMO_CONSUMERS[0]!.emailAddress)
    .executeTakeFirstOrThrow();
  const action = await db
    .selectFrom('actions as a')
    .innerJoin('action_assignments as s', 's.action_id', 'a.id')
    .innerJoin('action_points as p', 'p.action_id', 'a.id')
    .select(['a.id', 'a.since', 'p.id as point_id'])
    .where('s.user_id', '=', o.anna)
    .where('s.status', '=', 'finished')
    .where('a.since', '<', o.now.toISOString().slice(0, 10))
    .orderBy('a.since', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const at = new Date(instantOfWall(action.since, o.timezone).getTime() + 3_600_000).toISOString();
  const rows: ConsentRecordTable[] = KATARZYNA_CONSENTS.map(([field, decision, textOf]) => {
    const text = texts.find((t) => t.field === textOf);
    if (!text) throw new Error(`The catalogue has no text of consent ${textOf}`);
    return {
      id: newId(),
      consumer_id: consumer.id,
      lead_id: null,
      field,
      decision: decision ? 1 : 0,
      text_version: text.version,
      text_hash: text.textHash,
      recorded_at: at,
      user_id: o.anna,
      action_id: action.id,
      action_point_id: action.point_id,
      channel: 'webform',
    };
  });
  await insertConsentRecords(db, rows);
}
