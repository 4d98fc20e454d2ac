import { newId } from '../../lib/crypto.ts';
import type { Db } from '../kysely.ts';
import type { ConsumerItemTable } from '../schema.ts';

// Consumers the registry already knows (decision 063), so that /lead/verify can be tried with the demo
// logins: one per answer the webform shows. The README lists their e-mails.

export type ConsumerSeed = {
  emailAddress: string;
  mobileNumber: string;
  firstName: string;
  lastName: string;
  birthDate?: string;
  clubMember?: boolean;
  items?: Pick<ConsumerItemTable, 'kind' | 'brand' | 'model'>[];
};

/** One consumer with her devices and products, as the registry (or an import) holds her. */
export async function insertConsumer(db: Db, c: ConsumerSeed, now: Date): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  await db
    .insertInto('consumers')
    .values({
      id,
      email_address: c.emailAddress.toLowerCase(),
      mobile_number: c.mobileNumber,
      first_name: c.firstName,
      last_name: c.lastName,
      birth_date: c.birthDate ?? null,
      inspiration_club_since: c.clubMember ? at : null,
      created_by_user_id: null,
      created_at: at,
    })
    .execute();
  const items = (c.items ?? []).map((i) => ({ id: newId(), consumer_id: id, serial_number: null, sku: null, created_at: at, ...i }));
  if (items.length > 0) await db.insertInto('consumer_items').values(items).execute();
  return id;
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
    items: [{ kind: 'asset', brand: 'Glo', model: 'Hyper X2' }],
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
  for (const c of DEMO_CONSUMERS) await insertConsumer(db, c, now);
}
