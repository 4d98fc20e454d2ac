import type { Db } from '../../db/kysely.ts';
import * as repo from './consumers.repository.ts';

// What other modules read of a consumer (decision 084): member-get-member today, the back office next.
// The registry behind the webform is consumers.ts's interface.

/**
 * The consumer with that e-mail (lower-case), with whether the club knows her as a member and her number
 * on record (MGM's code goes there); undefined when there is none.
 */
export async function findConsumer(db: Db, emailAddress: string) {
  const consumer = await repo.findConsumerByEmail(db, emailAddress);
  if (!consumer) return undefined;
  // A member by the registry's own mark, or by the club's list (an entry she has not left), as for the webform.
  return {
    id: consumer.id,
    mobileNumber: consumer.mobile_number,
    clubMember: consumer.inspiration_club_since !== null || (await repo.isClubListed(db, emailAddress)),
  };
}

/** The brand of her first device, else of her first product; undefined when she has none. */
export const findConsumerBrand = (db: Db, consumerId: string): Promise<string | undefined> => repo.findConsumerBrand(db, consumerId);
