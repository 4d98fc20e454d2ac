import type { ConsumerDataExport } from '@promotor/contract';
import type { Db } from '../../db/schema.ts';
import { consentHistoryOf, toAdminConsumer } from './consent-history.ts';
import * as repo from './data-export.repository.ts';
import type { ConsumerRow } from './consumer-privacy.repository.ts';

// Art. 15 and 20 (decision 098): what is held about her, machine-readable. Receipts are listed with
// whether their image is still kept, never attached.

export async function exportOf(db: Db, consumer: ConsumerRow, at: Date): Promise<ConsumerDataExport> {
  const [items, leads, club, invitations, consents] = await Promise.all([
    repo.itemsOf(db, consumer.id),
    repo.registrationsOf(db, consumer.id),
    repo.clubEntriesOf(db, consumer.id, consumer.email_address),
    repo.invitationsOf(db, consumer.id),
    consentHistoryOf(db, consumer.id),
  ]);
  const leadIds = leads.map((l) => l.id);
  const [leadItems, receipts] = await Promise.all([repo.leadItemsOf(db, leadIds), repo.receiptsOf(db, leadIds)]);
  const member = consumer.inspiration_club_since !== null || club.length > 0;
  return {
    exportedAt: at.toISOString(),
    consumer: toAdminConsumer(consumer),
    items: items.map((i) => ({
      kind: i.kind,
      brand: i.brand,
      model: i.model,
      serialNumber: i.serial_number,
      sku: i.sku,
      createdAt: i.created_at,
    })),
    registrations: leads.map((l) => ({
      uuid: l.id,
      createdAt: l.created_at,
      action: l.action_ident ? { ident: l.action_ident, name: l.action_name ?? '' } : null,
      point: l.point_name ? { name: l.point_name, cityName: l.city_name ?? '' } : null,
      items: leadItems.filter((i) => i.lead_id === l.id).map((i) => ({ brand: i.brand, model: i.model, serialNumber: i.serial_number })),
      receipts: receipts
        .filter((r) => r.lead_id === l.id)
        .map((r) => ({ uuid: r.id, createdAt: r.created_at, imageKept: r.image_removed_at === null })),
    })),
    consents,
    inspirationClub: member
      ? {
          since: consumer.inspiration_club_since ?? club[0]?.joined_at ?? null,
          leftAt: club.length > 0 && club.every((c) => c.left_at !== null) ? club[club.length - 1]!.left_at : null,
        }
      : null,
    invitations: invitations.map((i) => ({
      createdAt: i.created_at,
      action: i.action_ident ? { ident: i.action_ident, name: i.action_name ?? '' } : null,
    })),
  };
}
