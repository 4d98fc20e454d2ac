import { toWallClock } from '@promotor/contract/wall-clock';
import { newId } from '../lib/crypto.ts';
import type { Db } from '../db/kysely.ts';
import type { LeadItemTable } from '../db/schema.ts';
import * as leadRepo from '../modules/leads/lead-register.repository.ts';

// A registration's leads and lead_items rows as /lead/register leaves them (decision 067), without a
// consumer: the report seed writes them through the registration's repository, as the tests' buildLead
// does, so the stats read the same rows.

export type LeadItemSeed = Pick<LeadItemTable, 'brand' | 'model'> &
  Partial<Pick<LeadItemTable, 'colour' | 'serial_number' | 'asset_source' | 'sku'>>;

export type LeadSeed = {
  userId: string;
  hostessCode: string;
  actionId: string | null;
  actionPointId?: string | null;
  /** When she registered the consumer; stored as ISO UTC and as her wall clock in `timezone`. */
  at: Date;
  timezone: string;
  /** Glo and Vuse devices are asset items; Velo, Veo and Neo products product-interest items (decision 060). */
  items: LeadItemSeed[];
};

export async function insertLead(db: Db, l: LeadSeed): Promise<string> {
  const id = newId();
  await leadRepo.insertLead(
    db,
    {
      id,
      user_id: l.userId,
      action_id: l.actionId,
      action_point_id: l.actionPointId ?? null,
      hostess_code: l.hostessCode,
      email_address: null,
      created_at: l.at.toISOString(),
      wall_time: toWallClock(l.at, l.timezone),
    },
    l.items.map((item, position) => ({
      id: newId(),
      kind: item.brand === 'Glo' || item.brand === 'Vuse' ? ('asset' as const) : ('product_interest' as const),
      position,
      brand: item.brand,
      model: item.model,
      colour: item.colour ?? null,
      serial_number: item.serial_number ?? null,
      asset_source: item.asset_source ?? null,
      sku: item.sku ?? null,
    })),
  );
  return id;
}
