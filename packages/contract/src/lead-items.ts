import type { z } from 'zod';
import type { WebformCatalogues } from './catalogues.ts';
import type { LeadAssetItem as AssetItemSchema, LeadProductInterestItem as ProductItemSchema } from './leads.ts';
import { chosenOffers, gloSamplingFields, type SelectedOffers } from './rules/webform.rules.ts';

// Zod-free at run time (the web app imports it as '@promotor/contract/lead-items').
// spec §3 Asset item, Product interest item, Lead registration payload (brand, deviceName); §9 (brand Glo
// when the first offer is Neo; the Vuse Go device name). One pure function turns the chosen offers into
// the payload's items: the web app builds /lead/register's body with it and the server recomputes it
// from the body's selectedOffers and refuses a body whose items differ (decision 067), so the items a
// registration stores are always the catalogue's, never what a client made up.

/** The catalogue lists the items are read from (the file's and the answer's shape share them). */
export type ItemCatalogues = Pick<WebformCatalogues, 'devices' | 'glo' | 'vuse' | 'velo' | 'neo'>;

/** The test action's marker in an action's name (spec §2): verify and register without codes. */
export const TEST_ACTION_MARKER = 'exp1707';
export const isTestActionName = (name: string): boolean => name.includes(TEST_ACTION_MARKER);

/**
 * spec §4, §8: the loyalty-club enrolment failed but the registration is stored. /lead/register answers
 * the error envelope with one of these codes and data.details = LeadIcErrorDetails (leads.ts), so the app
 * shows step 4 with icError and still sends the receipt with the lead's id and beacon.
 */
export const IC_ERROR_CODES = [
  'error_ic_registration_failed',
  'error_ic_consumer_multiple_found',
  'error_ic_consumer_already_exists',
] as const;
export type IcErrorCode = (typeof IC_ERROR_CODES)[number];
export const isIcErrorCode = (code: string): code is IcErrorCode => (IC_ERROR_CODES as readonly string[]).includes(code);

export type LeadAssetItem = z.infer<typeof AssetItemSchema>;
export type LeadProductInterestItem = z.infer<typeof ProductItemSchema>;

export type LeadItemsContext = {
  tourPlan: string;
  storeId: string | null;
  /** 'YYYY-MM-DD'. */
  purchaseDate: string;
  /** The registration's moment in epoch milliseconds: §9's timestamp in a Vuse Go name beside Glo. */
  timestamp: number;
};

export type LeadItems = {
  assetItems: LeadAssetItem[];
  productInterestItems: LeadProductInterestItem[];
  /** The payload's brand: Glo when the first offer is Neo (§9), else the first offer's brand. */
  brand: string;
  /** The payload's deviceName: the Glo model, else the Vuse device name, else ''. */
  deviceName: string;
};

/** A catalogue entry the selection names does not exist: the server answers error_unknown_asset_brand_model. */
export class UnknownCatalogueEntry extends Error {
  constructor(what: string) {
    super(`not in the catalogue: ${what}`);
    this.name = 'UnknownCatalogueEntry';
  }
}

function find<T>(list: readonly T[], match: (item: T) => boolean, what: string): T {
  const found = list.find(match);
  if (found === undefined) throw new UnknownCatalogueEntry(what);
  return found;
}

/** §9: 'Vuse Go' plus the colour (flavour), plus the timestamp when combined with Glo. */
export function vuseDeviceName(model: string, color: string, withGlo: boolean, timestamp: number): string {
  return [model, color, ...(withGlo ? [String(timestamp)] : [])].join(' ');
}

/**
 * The payload's items for the chosen offers. Values in selectedOffers are what the form's dropdowns hold:
 * models, colours and flavours by name, asset sources by name, samplings and Velo by SKU, Neo by its value.
 * Throws UnknownCatalogueEntry when one of them is not in the catalogue.
 */
export function leadItemsFor(selected: SelectedOffers, catalogues: ItemCatalogues, context: LeadItemsContext): LeadItems {
  const assetItems: LeadAssetItem[] = [];
  const productInterestItems: LeadProductInterestItem[] = [];
  const base = {
    status: 'Active' as const,
    type: 'Sold' as const,
    purchaseDate: context.purchaseDate,
    storeId: context.storeId,
    tourPlan: context.tourPlan,
  };
  const product = (brand: LeadProductInterestItem['brand'], sku: string, name: string): LeadProductInterestItem => ({
    sku,
    status: 'Trial',
    unitOfMeasure: 'Can',
    name,
    tourPlan: context.tourPlan,
    brand,
  });
  let gloName = '';
  let vuseName = '';

  const { Glo, Vuse, Velo, Neo } = selected;
  if (Glo) {
    if (!catalogues.glo.availableModels.includes(Glo.model)) throw new UnknownCatalogueEntry(`Glo model ${Glo.model}`);
    const device = find(catalogues.devices, (d) => d.brand === 'Glo' && d.model === Glo.model, `Glo model ${Glo.model}`);
    if (!device.variants.includes(Glo.color)) throw new UnknownCatalogueEntry(`Glo colour ${Glo.color}`);
    const source = find(catalogues.glo.assetSources, (s) => s.name === Glo.assetSource, `Glo source ${Glo.assetSource}`);
    gloName = Glo.model;
    assetItems.push({
      ...base,
      brand: 'Glo',
      colour: Glo.color,
      model: Glo.model,
      assetSource: source.sku,
      deviceName: gloName,
      ...(Glo.serialNumber !== undefined ? { serialNumber: Glo.serialNumber.trim() } : {}),
    });
    for (const field of gloSamplingFields(Glo.assetSource)) {
      const sku = Glo[field] ?? '';
      const flavour = find(catalogues.glo.samplingFlavours, (f) => f.sku === sku, `veo flavour ${sku}`);
      productInterestItems.push(product('Veo', flavour.sku, flavour.name));
    }
  }
  if (Vuse) {
    if (!catalogues.vuse.availableModels.includes(Vuse.model)) throw new UnknownCatalogueEntry(`Vuse model ${Vuse.model}`);
    const device = find(catalogues.devices, (d) => d.brand === 'Vuse' && d.model === Vuse.model, `Vuse model ${Vuse.model}`);
    if (!device.variants.includes(Vuse.color)) throw new UnknownCatalogueEntry(`Vuse variant ${Vuse.color}`);
    const source = find(catalogues.vuse.assetSources, (s) => s.name === Vuse.assetSource, `Vuse source ${Vuse.assetSource}`);
    vuseName = vuseDeviceName(Vuse.model, Vuse.color, Glo !== undefined, context.timestamp);
    assetItems.push({
      ...base,
      brand: 'Vuse',
      colour: Vuse.color,
      ...(device.variantKind === 'flavour' ? { taste: Vuse.color } : {}),
      model: Vuse.model,
      assetSource: source.sku,
      deviceName: vuseName,
    });
  }
  if (Velo) {
    const flavour = find(catalogues.velo.flavours, (f) => f.sku === Velo.sampling, `Velo flavour ${Velo.sampling}`);
    productInterestItems.push(product('Velo', flavour.sku, flavour.name));
  }
  if (Neo) {
    const offer = find(catalogues.neo.offers, (o) => o.value === Neo.neoOffers, `Neo offer ${Neo.neoOffers}`);
    productInterestItems.push(product('Neo', offer.sku, offer.label));
  }

  const first = chosenOffers(selected).find((offer) => offer !== 'InspirationClub');
  const brand = first === undefined || first === 'Neo' ? 'Glo' : first;
  return { assetItems, productInterestItems, brand, deviceName: gloName || vuseName };
}
