import type { WebformCataloguesResponse } from '@promotor/contract';
import { newId, sha256 } from '../lib/crypto.ts';
import { storeConsentTexts } from '../modules/leads/consent-texts.repository.ts';
import { insertConsentRecords } from '../modules/leads/lead-register.repository.ts';
import { insertInvitation } from '../modules/mgm/mgm.repository.ts';
import { MGM_INVITATION_POINTS } from '../modules/mgm/mgm.service.ts';
import type { Db } from '../db/kysely.ts';
import { insertConsumer, type ConsumerSeed } from './consumer-seed.ts';

// Consumers for the member-get-member flow (decision 070): one per answer of /mgm/validate-consumer, so
// a person with the demo logins can walk every branch of §4 (any other e-mail is 'not found'). The
// README lists their e-mails. Their marketing consents are consent records as a registration leaves
// them, given to the catalogue's texts; the one already invited was invited by Piotr.

type MgmConsumerSeed = ConsumerSeed & {
  /** newsletterCommercialAuthorization on record: to the catalogue's text, to an older one, or none. */
  consents: 'current' | 'outdated' | 'none';
  /** Invited already (by Piotr, during his running action). */
  invited?: boolean;
};

export const MGM_DEMO_CONSUMERS: MgmConsumerSeed[] = [
  // can-invite at once
  {
    emailAddress: 'polecenie.mozliwe@demo.pl',
    mobileNumber: '+48500200101',
    firstName: 'Joanna',
    lastName: 'Mazur',
    items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2' }],
    consents: 'current',
  },
  // E_ALREADY_MEMBER
  {
    emailAddress: 'polecenie.klub@demo.pl',
    mobileNumber: '+48500200102',
    firstName: 'Paweł',
    lastName: 'Krawczyk',
    clubMember: true,
    items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }],
    consents: 'current',
  },
  // E_NO_CONSENTS (no-consents): the consents entered, confirmed with her code (decision 079), then invite
  {
    emailAddress: 'polecenie.bez.zgod@demo.pl',
    mobileNumber: '+48500200103',
    firstName: 'Marta',
    lastName: 'Wójcik',
    items: [{ kind: 'asset', brand: 'Vuse', model: 'Vuse Go' }],
    consents: 'none',
  },
  // E_CONSENTS_OUTDATED (opt-in-request): given to a text the catalogue has replaced since
  {
    emailAddress: 'polecenie.stare.zgody@demo.pl',
    mobileNumber: '+48500200104',
    firstName: 'Krzysztof',
    lastName: 'Kamiński',
    items: [{ kind: 'product_interest', brand: 'Velo', model: 'Velo Freeze' }],
    consents: 'outdated',
  },
  // E_NO_PRODUCTS
  {
    emailAddress: 'polecenie.bez.produktow@demo.pl',
    mobileNumber: '+48500200105',
    firstName: 'Agnieszka',
    lastName: 'Dąbrowska',
    consents: 'current',
  },
  // E_ALREADY_INVITED (the error status)
  {
    emailAddress: 'polecenie.zaproszona@demo.pl',
    mobileNumber: '+48500200106',
    firstName: 'Ewelina',
    lastName: 'Zając',
    items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper Air' }],
    consents: 'current',
    invited: true,
  },
];

/** The text an 'outdated' consent was given to: the newsletter consent before the catalogue's current version. */
const OLDER_WORDS = 'Wyrażam zgodę na otrzymywanie informacji handlowych.';
const OLDER_TEXT = { version: '2025-01', hash: sha256(OLDER_WORDS) };

/**
 * The member-get-member consumers, their consent records (channel 'webform', as a registration by Piotr
 * leaves them) and one invitation of Piotr's. `catalogues`: the texts the consents were given to.
 */
export async function seedMgm(db: Db, o: { piotr: string; catalogues: WebformCataloguesResponse; now: Date }): Promise<void> {
  const at = o.now.toISOString();
  const action = await db
    .selectFrom('action_assignments')
    .select(['action_id', 'action_point_id'])
    .where('user_id', '=', o.piotr)
    .where('status', '=', 'started')
    .executeTakeFirstOrThrow();
  const newsletter = o.catalogues.catalogues.consents.find((c) => c.field === 'newsletterCommercialAuthorization');
  if (!newsletter) throw new Error('The catalogue has no newsletterCommercialAuthorization text');

  // The words each record was given to are stored (decision 078): the catalogue's, and the older text.
  const older = { field: newsletter.field, version: OLDER_TEXT.version, text: OLDER_WORDS, textHash: OLDER_TEXT.hash };
  await storeConsentTexts(db, [...o.catalogues.catalogues.consents, older], o.now, 'the demo seed');

  for (const seed of MGM_DEMO_CONSUMERS) {
    const consumerId = await insertConsumer(db, seed, o.now);
    if (seed.consents !== 'none') {
      const text = seed.consents === 'current' ? { version: newsletter.version, hash: newsletter.textHash } : OLDER_TEXT;
      await insertConsentRecords(db, [
        {
          id: newId(),
          consumer_id: consumerId,
          lead_id: null,
          field: 'newsletterCommercialAuthorization',
          decision: 1,
          text_version: text.version,
          text_hash: text.hash,
          recorded_at: at,
          user_id: o.piotr,
          action_id: action.action_id,
          action_point_id: action.action_point_id,
          channel: 'webform',
        },
      ]);
    }
    if (seed.invited) {
      await insertInvitation(db, {
        id: newId(),
        user_id: o.piotr,
        consumer_id: consumerId,
        action_id: action.action_id,
        points: MGM_INVITATION_POINTS,
        created_at: at,
      });
    }
  }
}
