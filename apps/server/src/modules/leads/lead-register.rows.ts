import type { LeadItems, LeadPayload } from '@promotor/contract';
import type { ConsentRecordTable, LeadItemTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { Registration } from '../consumers/consumers.ts';
import type { ConsentDecision } from './lead-register.checks.ts';
import { contactOf } from './leads.service.ts';

// The rows /lead/register writes of its own beside the registry (decision 067): the registration the
// registry is handed, the lead's items (the stats count them) and the consent records.

const upper = (serial: string | undefined) => (serial === undefined ? null : serial.trim().toUpperCase());

/** What the registry is handed: the consumer form's person, and the items recomputed from the catalogue. */
export function registrationOf(lead: LeadPayload, items: LeadItems, registeredBy: string, at: string): Registration {
  const gloSerial = upper(lead.selectedOffers.Glo?.serialNumber);
  return {
    contact: contactOf(lead),
    person: {
      firstName: lead.firstName,
      lastName: lead.lastName,
      birthDate: lead.birthDate,
      postalCode: lead.billingPostalCode,
      category: lead.category,
      secondaryBrand: lead.secondaryBrand,
    },
    assets: items.assetItems.map((a) => ({
      brand: a.brand,
      model: a.model,
      serialNumber: a.brand === 'Glo' ? gloSerial : null,
      sku: a.assetSource,
    })),
    products: items.productInterestItems.map((p) => ({ brand: p.brand, name: p.name, sku: p.sku })),
    registeredBy,
    at,
  };
}

/** The lead's items, the stats' rows: devices with their model, samples with their name as model. */
export function leadItemRows(lead: LeadPayload, r: Registration): Omit<LeadItemTable, 'lead_id'>[] {
  const sourceName = { Glo: lead.selectedOffers.Glo?.assetSource ?? null, Vuse: lead.selectedOffers.Vuse?.assetSource ?? null };
  const colour = { Glo: lead.selectedOffers.Glo?.color ?? null, Vuse: lead.selectedOffers.Vuse?.color ?? null };
  const assets = r.assets.map((a) => ({
    kind: 'asset' as const,
    brand: a.brand,
    model: a.model,
    colour: colour[a.brand],
    serial_number: a.serialNumber,
    asset_source: sourceName[a.brand],
    sku: a.sku,
  }));
  const products = r.products.map((p) => ({
    kind: 'product_interest' as const,
    brand: p.brand,
    model: p.name,
    colour: null,
    serial_number: null,
    asset_source: null,
    sku: p.sku,
  }));
  return [...assets, ...products].map((item, position) => ({ ...item, id: newId(), position }));
}

/** One append-only record per consent of the payload (GDPR art. 7(1)), channel 'webform'. */
export function consentRows(
  decisions: ConsentDecision[],
  common: Omit<ConsentRecordTable, 'id' | 'field' | 'decision' | 'text_version' | 'text_hash' | 'channel'>,
): ConsentRecordTable[] {
  return decisions.map((d) => ({
    ...common,
    id: newId(),
    field: d.field,
    decision: d.decision ? 1 : 0,
    text_version: d.text?.version ?? null,
    text_hash: d.text?.textHash ?? null,
    channel: 'webform',
  }));
}
