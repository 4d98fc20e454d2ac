import type { VerificationChecks } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import type { ConsumerItemTable } from '../../db/schema.ts';
import * as repo from './leads.repository.ts';

/** Who the promoter is registering: the e-mail (lower-case) and the number with its prefix. */
export type ConsumerContact = { emailAddress: string; mobileNumber: string };

/** What a known consumer may be offered: per offer a group of checks (spec §4), and the Glo Pro offer. */
export type ConsumerVerification = {
  verification: VerificationChecks;
  gloPro: boolean;
};

/**
 * The consumer registry behind the webform (decision 063). In the original product this was the brand's
 * CRM; here the server keeps its own, and a CRM connector can replace this one implementation without
 * touching the routes or the web app. It never hands out a consumer's name, birth date or phone.
 */
export interface ConsumerRegistry {
  /** The offers' checks for the consumer with that e-mail or that number; null when there is none. */
  verify(contact: ConsumerContact): Promise<ConsumerVerification | null>;
}

type Item = Pick<ConsumerItemTable, 'kind' | 'brand' | 'model'>;

/** The model a Glo owner may move up to: the webform-available-modal (spec §2, Glo_Pro). */
const GLO_PRO_MODEL = 'Hyper Pro';

/**
 * decision 063: a device brand is offered to someone who has no device of it (Vype is Vuse's former
 * name, so either rules out both); a product sample (Neo, Velo, Epok) once; the club to a non-member.
 * Every group also checks that the e-mail and the number lead to one consumer: if they lead to two,
 * /lead/register will refuse with error_consumer_multiple_found, so nothing may be offered.
 */
export function judgeOffers(items: Item[], clubMember: boolean, singleConsumer: boolean): ConsumerVerification {
  const owns = (...brands: string[]) => items.some((i) => i.kind === 'asset' && brands.includes(i.brand));
  const had = (brand: string) => items.some((i) => i.kind === 'product_interest' && i.brand === brand);
  const asset = (available: boolean) => ({ assetAvailable: available, singleConsumer });
  const product = (available: boolean) => ({ productAvailable: available, singleConsumer });
  const groups: VerificationChecks = {
    Glo: asset(!owns('Glo')),
    Vuse: asset(!owns('Vuse', 'Vype')),
    Vype: asset(!owns('Vuse', 'Vype')),
    Neo: product(!had('Neo')),
    Velo: product(!had('Velo')),
    Epok: product(!had('Epok')),
    InspirationClub: { notMember: !clubMember, singleConsumer },
  };
  const olderGlo = items.some((i) => i.kind === 'asset' && i.brand === 'Glo' && i.model !== GLO_PRO_MODEL);
  return { verification: groups, gloPro: singleConsumer && olderGlo };
}

/** The registry in our own database (tables consumers and consumer_items, migration 008). */
export class DatabaseConsumerRegistry implements ConsumerRegistry {
  constructor(private readonly db: Db) {}

  async verify(contact: ConsumerContact): Promise<ConsumerVerification | null> {
    const consumers = await repo.findConsumersByContact(this.db, contact.emailAddress, contact.mobileNumber);
    if (consumers.length === 0) return null;
    const items = await repo.itemsOfConsumers(
      this.db,
      consumers.map((c) => c.id),
    );
    const clubMember = consumers.some((c) => c.inspiration_club_since !== null);
    return judgeOffers(items, clubMember, consumers.length === 1);
  }
}
