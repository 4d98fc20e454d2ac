import type { WebformCatalogues } from '@promotor/contract';
import {
  chosenOffers,
  GLO_THREE_PACK_SOURCE,
  gloSamplingFields,
  offerFieldErrors,
  offerSelectionError,
  offersDisabledBy,
  showsThreePackSource,
  withNeoRule,
  type ChoosableOffer,
  type GloSelection,
  type SelectedOffers,
  type VuseSelection,
  type WebformErrors,
} from '@promotor/contract/rules';
import * as pl from '../../../i18n/pl.ts';

// Step 2's pure half: what ticking an offer or changing one of its fields does to selectedOffers, and
// why a card cannot be ticked. The rules themselves are the contract's (spec §4 Webform, §5 Offers).

const t = pl.webformSteps.offers;

/** The step's messages by path: the choice as a whole ('selectedOffers') and each chosen offer's fields. */
export function offersProblems(selected: SelectedOffers): WebformErrors {
  const selection = offerSelectionError(selected);
  return { ...(selection === null ? {} : { selectedOffers: selection }), ...offerFieldErrors(selected) };
}

export type OfferCardState = { chosen: boolean; disabled: boolean; reason: string | null };

/**
 * A card's state: a chosen offer can always be unticked; one the verification does not allow, one Neo
 * excludes, and InspirationClub before any other offer cannot be ticked, each saying why.
 */
export function offerCardState(
  offer: ChoosableOffer,
  selected: SelectedOffers,
  available: Record<ChoosableOffer, boolean>,
): OfferCardState {
  const chosen = chosenOffers(selected);
  if (chosen.includes(offer)) return { chosen: true, disabled: false, reason: null };
  if (!available[offer]) return { chosen: false, disabled: true, reason: t.unavailable };
  if (!offersDisabledBy(selected).includes(offer)) return { chosen: false, disabled: false, reason: null };
  const reason = offer === 'InspirationClub' && chosen.length === 0 ? t.chooseAnotherFirst : t.notWithNeo;
  return { chosen: false, disabled: true, reason };
}

/** The one model there is, picked for her; '' when she has to choose. */
const onlyModel = (models: readonly string[]): string => (models.length === 1 ? (models[0] ?? '') : '');

/** Ticks or unticks an offer; ticking Neo drops Glo and Vuse (§4 "resets Glo or Vuse to Neo only"). */
export function toggleOffer(selected: SelectedOffers, offer: ChoosableOffer, on: boolean, catalogues: WebformCatalogues): SelectedOffers {
  if (!on) {
    const { [offer]: _dropped, ...rest } = selected;
    return rest;
  }
  switch (offer) {
    case 'Glo':
      return { ...selected, Glo: { model: onlyModel(catalogues.glo.availableModels), color: '', assetSource: '' } };
    case 'Vuse':
      return { ...selected, Vuse: { model: onlyModel(catalogues.vuse.availableModels), color: '', assetSource: '' } };
    case 'Velo':
      return { ...selected, Velo: { sampling: '' } };
    case 'Neo':
      return withNeoRule({ ...selected, Neo: { neoOffers: '' } });
    case 'InspirationClub':
      return { ...selected, InspirationClub: true };
  }
}

/** A changed model clears its colour (the colours are the model's). */
function withModel<S extends { model: string; color: string }>(current: S, patch: Partial<S>): S {
  const next = { ...current, ...patch };
  return patch.model !== undefined && patch.model !== current.model ? { ...next, color: '' } : next;
}

/** Changes Glo's fields; a new source drops the samplings it does not ask for (§5 Offers). */
export function updateGlo(current: GloSelection, patch: Partial<GloSelection>): GloSelection {
  const next = withModel(current, patch);
  if (patch.assetSource === undefined) return next;
  const needed = gloSamplingFields(patch.assetSource);
  const kept = { ...next };
  for (const field of ['samplingOne', 'samplingTwo', 'samplingThree', 'samplingFour'] as const) {
    if (!needed.includes(field)) delete kept[field];
  }
  return kept;
}

export const updateVuse = (current: VuseSelection, patch: Partial<VuseSelection>): VuseSelection => withModel(current, patch);

/** The Glo sources this action offers: the three-pack one only on TT/DA actions (§4). */
export const gloSourcesFor = (catalogues: WebformCatalogues, actionName: string) =>
  catalogues.glo.assetSources.filter((source) => source.name !== GLO_THREE_PACK_SOURCE || showsThreePackSource(actionName));

/** The model's entry in the catalogue's devices (its colours or flavours). */
export const deviceOf = (catalogues: WebformCatalogues, brand: 'Glo' | 'Vuse', model: string) =>
  catalogues.devices.find((device) => device.brand === brand && device.model === model);
