import { z } from 'zod';
import { GLO_SOLO_SOURCES, GLO_THREE_PACK_SOURCE } from './rules/webform.rules.ts';

// spec §3 Catalogues (fixed lists), selectedOffers, Asset item, Product interest item; §4 offer rules.
// The webform's lists live in one JSON file an operator can replace without code changes
// (apps/server/catalogues/webform-catalogues.json, env CATALOGUES_FILE). The server checks the file
// with WebformCataloguesFile at start and answers it to the app through /webform/catalogues
// (decision 065). Objects are strict: a misspelt key in a hand-edited file stops the start instead of
// silently dropping a list.

const Name = z.string().trim().min(1).max(120);
const Sku = z
  .string()
  .trim()
  .regex(/^[A-Z0-9][A-Z0-9+_-]{1,39}$/, 'a SKU is 2 to 40 capital letters, digits, +, _ or -');

/** The offers of selectedOffers (spec §3); §4 also names Vype and Epok, which the form does not offer. */
export const WEBFORM_OFFERS = ['Glo', 'Vuse', 'Neo', 'Velo', 'InspirationClub'] as const;
export const WebformOffer = z.enum(WEBFORM_OFFERS);
export type WebformOffer = z.infer<typeof WebformOffer>;

/** The consents of the webform data (spec §3), each shown with the exact text its record proves. */
export const WEBFORM_CONSENTS = [
  'ageVerified',
  'personalDataRegistrationAuthorisation',
  'externalCompaniesAuthorization',
  'newsletterCommercialAuthorization',
  'mobileOptIn',
  'socialMediaOptIn',
  'hypercareOptIn',
  'inspirationClub',
] as const;
export const WebformConsentField = z.enum(WEBFORM_CONSENTS);
export type WebformConsentField = z.infer<typeof WebformConsentField>;

export const DeviceBrand = z.enum(['Glo', 'Vuse']);
export type DeviceBrand = z.infer<typeof DeviceBrand>;

/** A device model and what the consumer picks for it: a colour, or for Vuse Go a flavour (asset item's taste). */
export const DeviceModel = z.strictObject({
  brand: DeviceBrand,
  model: Name,
  variantKind: z.enum(['colour', 'flavour']),
  variants: z.array(Name).min(1),
});
export type DeviceModel = z.infer<typeof DeviceModel>;

/** A product with a SKU: a Velo pouch flavour, a VEO or Neo sampling flavour (product-interest items). */
export const CatalogueProduct = z.strictObject({ name: Name, sku: Sku });
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

/** Where a device came from (asset item's assetSource); some oblige all marketing consents (§5). */
export const AssetSource = z.strictObject({ name: Name, sku: Sku, requireAllConsents: z.boolean() });
export type AssetSource = z.infer<typeof AssetSource>;

export const ConsumerCategory = z.strictObject({
  /** What the dropdown shows. */
  label: Name,
  /** The registration's category (spec §3 Lead registration payload). */
  category: Name,
  /** Its secondaryBrand; null for 'other'. */
  brand: Name.nullable(),
});
export type ConsumerCategory = z.infer<typeof ConsumerCategory>;

export const OfferCard = z.strictObject({ offer: WebformOffer, title: Name, description: z.string().trim().min(1).max(500) });
export type OfferCard = z.infer<typeof OfferCard>;

export const NeoOffer = z.strictObject({ value: z.string().regex(/^\d+$/), label: Name, sku: Sku });
export type NeoOffer = z.infer<typeof NeoOffer>;

export const ConsentText = z.strictObject({
  field: WebformConsentField,
  /** Changes whenever the text does; a consent record keeps it with the text's hash. */
  version: z.string().trim().min(1).max(40),
  text: z.string().trim().min(1).max(4000),
});
export type ConsentText = z.infer<typeof ConsentText>;

const PhonePrefix = z.string().regex(/^\+\d{1,4}$/, 'a prefix is + and 1 to 4 digits');

const cataloguesShape = {
  devices: z.array(DeviceModel).min(1),
  glo: z.strictObject({
    /** The models the Glo offer lets her pick (spec §3 Available models). */
    availableModels: z.array(Name).min(1),
    assetSources: z.array(AssetSource).min(1),
    /** VEO flavours for samplingOne to samplingFour. */
    samplingFlavours: z.array(CatalogueProduct).min(1),
  }),
  vuse: z.strictObject({ availableModels: z.array(Name).min(1), assetSources: z.array(AssetSource).min(1) }),
  velo: z.strictObject({ flavours: z.array(CatalogueProduct).min(1) }),
  neo: z.strictObject({ offers: z.array(NeoOffer).min(1), samplingFlavours: z.array(CatalogueProduct).min(1) }),
  phonePrefixes: z.array(PhonePrefix).min(1),
  consumerCategories: z.array(ConsumerCategory).min(1),
  offerCards: z.array(OfferCard).min(1),
};

/** The file as an operator writes it. */
export const WebformCataloguesFile = z
  .strictObject({ ...cataloguesShape, consents: z.array(ConsentText).min(1) })
  .superRefine((file, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const unique = <T>(list: readonly T[], key: (item: T) => string, path: string[], what: string, field?: string) => {
      const seen = new Map<string, number>();
      list.forEach((item, index) => {
        const value = key(item);
        const first = seen.get(value);
        if (first === undefined) seen.set(value, index);
        else problem([...path, index, ...(field ? [field] : [])], `${what} "${value}" is already at ${[...path, first].join('.')}`);
      });
    };

    unique(file.devices, (d) => `${d.brand} ${d.model}`, ['devices'], 'model', 'model');
    file.devices.forEach((d, i) => unique(d.variants, (v) => v, ['devices', String(i), 'variants'], 'variant'));
    for (const brand of ['glo', 'vuse'] as const) {
      const brandName = brand === 'glo' ? 'Glo' : 'Vuse';
      file[brand].availableModels.forEach((model, i) => {
        if (!file.devices.some((d) => d.brand === brandName && d.model === model)) {
          problem([brand, 'availableModels', i], `"${model}" is not a ${brandName} model of devices`);
        }
      });
      unique(file[brand].assetSources, (s) => s.name, [brand, 'assetSources'], 'asset source', 'name');
    }
    // The §5 sampling rules and the §4 TT/DA rule know these sources by name: renamed, they would silently
    // ask for other samplings.
    for (const name of [...GLO_SOLO_SOURCES, GLO_THREE_PACK_SOURCE]) {
      if (!file.glo.assetSources.some((s) => s.name === name)) problem(['glo', 'assetSources'], `the Glo source "${name}" is missing`);
    }
    unique(file.glo.samplingFlavours, (f) => f.name, ['glo', 'samplingFlavours'], 'flavour', 'name');
    unique(file.velo.flavours, (f) => f.name, ['velo', 'flavours'], 'flavour', 'name');
    unique(file.neo.samplingFlavours, (f) => f.name, ['neo', 'samplingFlavours'], 'flavour', 'name');
    unique(file.neo.offers, (o) => o.value, ['neo', 'offers'], 'Neo offer value', 'value');
    unique(file.phonePrefixes, (p) => p, ['phonePrefixes'], 'prefix');
    unique(file.consumerCategories, (c) => c.label, ['consumerCategories'], 'category label', 'label');
    unique(file.offerCards, (c) => c.offer, ['offerCards'], 'offer card', 'offer');
    unique(file.consents, (c) => c.field, ['consents'], 'consent', 'field');
    for (const field of WEBFORM_CONSENTS) {
      if (!file.consents.some((c) => c.field === field)) problem(['consents'], `the text of consent "${field}" is missing`);
    }

    // A SKU names one product in the brand's systems: the same SKU twice would count two products as one.
    const skus = new Map<string, string>();
    const skuOwners: [string[], readonly { sku: string }[]][] = [
      [['glo', 'assetSources'], file.glo.assetSources],
      [['glo', 'samplingFlavours'], file.glo.samplingFlavours],
      [['vuse', 'assetSources'], file.vuse.assetSources],
      [['velo', 'flavours'], file.velo.flavours],
      [['neo', 'offers'], file.neo.offers],
      [['neo', 'samplingFlavours'], file.neo.samplingFlavours],
    ];
    for (const [path, items] of skuOwners) {
      items.forEach((item, index) => {
        const at = [...path, index].join('.');
        const first = skus.get(item.sku);
        if (first === undefined) skus.set(item.sku, at);
        else problem([...path, index, 'sku'], `SKU "${item.sku}" is already at ${first}`);
      });
    }
  });
export type WebformCataloguesFile = z.infer<typeof WebformCataloguesFile>;

/** A consent as the app gets it: the text and the SHA-256 of it that a consent record stores. */
export const ConsentTextAnswer = z.object({
  field: WebformConsentField,
  version: z.string(),
  text: z.string(),
  textHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ConsentTextAnswer = z.infer<typeof ConsentTextAnswer>;

export const WebformCatalogues = z.object({ ...cataloguesShape, consents: z.array(ConsentTextAnswer) });
export type WebformCatalogues = z.infer<typeof WebformCatalogues>;

/** /webform/catalogues: the same for every promoter; `version` changes whenever the file does. */
export const WebformCataloguesResponse = z.object({
  /** The first 16 hex digits of the SHA-256 of the file: the app keeps its copy while this is unchanged. */
  version: z.string().regex(/^[0-9a-f]{16}$/),
  catalogues: WebformCatalogues,
});
export type WebformCataloguesResponse = z.infer<typeof WebformCataloguesResponse>;
