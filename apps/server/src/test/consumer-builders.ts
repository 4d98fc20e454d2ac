import { randomBytes } from 'node:crypto';
import type { ConsumerItemTable } from '../db/schema.ts';
import { newId } from '../lib/crypto.ts';
import * as consumers from '../modules/consumers/consumers.repository.ts';
import type { TestApp } from './test-app.ts';

// Consumers the registry already knows, built through the consumers module's repository (the one write
// path the registry and the seed use too), never from the demo seed.

export type ConsumerOptions = {
  emailAddress?: string;
  mobileNumber?: string;
  firstName?: string;
  lastName?: string;
  /** 'YYYY-MM-DD' */
  birthDate?: string;
  /** Marked a loyalty-club member since the test clock's now (the registry's own mark, not the club's list). */
  clubMember?: boolean;
  /** Her devices and products. */
  items?: (Pick<ConsumerItemTable, 'kind' | 'brand' | 'model'> & Partial<Pick<ConsumerItemTable, 'serial_number' | 'sku'>>)[];
};

/** A consumer with her items (none by default), created at the test clock's now; her id. */
export async function buildConsumer(t: TestApp, o: ConsumerOptions = {}): Promise<string> {
  const id = newId();
  const at = t.clock.now().toISOString();
  await consumers.insertConsumer(t.db, {
    id,
    email_address: (o.emailAddress ?? `konsument-${randomBytes(4).toString('hex')}@test.pl`).toLowerCase(),
    mobile_number: o.mobileNumber ?? `+48${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '7')}`,
    first_name: o.firstName ?? 'Jan',
    last_name: o.lastName ?? 'Konsument',
    birth_date: o.birthDate ?? null,
    inspiration_club_since: o.clubMember ? at : null,
    created_by_user_id: null,
    created_at: at,
  });
  await consumers.insertItems(
    t.db,
    (o.items ?? []).map((i) => ({ id: newId(), consumer_id: id, serial_number: null, sku: null, created_at: at, ...i })),
  );
  return id;
}

/** Serial numbers the device registry knows, unregistered, unique to the test. */
export async function buildGloSerials(t: TestApp, count = 1): Promise<string[]> {
  const serials = Array.from({ length: count }, () => `GLO${randomBytes(5).toString('hex').toUpperCase()}`);
  const at = t.clock.now().toISOString();
  await consumers.insertGloDevices(
    t.db,
    serials.map((serial_number) => ({ serial_number, status: 'unregistered' as const, created_at: at })),
  );
  return serials;
}
