import { toWallClock } from '@promotor/contract/wall-clock';
import { newId } from '../lib/crypto.ts';
import type { Db } from '../db/kysely.ts';
import type { LeadItemTable } from '../db/schema.ts';

// Writes a registration's leads and lead_items rows the way /lead/register does (decision 067), without
// a consumer: the report seed and the report tests go through here, so the stats read the same rows.

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
  await db
    .insertInto('leads')
    .values({
      id,
      user_id: l.userId,
      action_id: l.actionId,
      action_point_id: l.actionPointId ?? null,
      hostess_code: l.hostessCode,
      email_address: null,
      created_at: l.at.toISOString(),
      wall_time: toWallClock(l.at, l.timezone),
    })
    .execute();
  if (l.items.length > 0) {
    await db
      .insertInto('lead_items')
      .values(
        l.items.map((item, position) => ({
          id: newId(),
          lead_id: id,
          kind: item.brand === 'Glo' || item.brand === 'Vuse' ? ('asset' as const) : ('product_interest' as const),
          position,
          brand: item.brand,
          model: item.model,
          colour: item.colour ?? null,
          serial_number: item.serial_number ?? null,
          asset_source: item.asset_source ?? null,
          sku: item.sku ?? null,
        })),
      )
      .execute();
  }
  return id;
}
