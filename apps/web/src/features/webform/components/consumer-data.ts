import type { ConsentTextAnswer, ConsumerCategory, WebformCatalogues } from '@promotor/contract';
import type { SelectedOffers } from '@promotor/contract/rules';

// What step 3 shows, for the step and for the registration's body (FLOW builds consentTexts and
// category/secondaryBrand with these, so the body says exactly what the form showed).

/**
 * The consents step 3 shows, in the catalogue's order, each with its exact text: all of them, the
 * loyalty club's only when the InspirationClub offer is chosen (§5 "inspirationClub true when present").
 */
export const shownConsents = (catalogues: Pick<WebformCatalogues, 'consents'>, selected: SelectedOffers): ConsentTextAnswer[] =>
  catalogues.consents.filter((consent) => consent.field !== 'inspirationClub' || selected.InspirationClub === true);

/**
 * The consumer category chosen in step 3: values.category holds the entry's label (labels are unique in
 * the catalogue; the category names are not). The body's category and secondaryBrand are its fields.
 */
export const consumerCategoryOf = (catalogues: Pick<WebformCatalogues, 'consumerCategories'>, value: string): ConsumerCategory | null =>
  catalogues.consumerCategories.find((category) => category.label === value) ?? null;
