import type { VerificationChecks, VerificationOffer } from '@promotor/contract';
import type { ChoosableOffer } from '@promotor/contract/rules';

// spec §4 Webform: "Verification data has each group of flags collapsed to true only if all are true";
// a new consumer (error_m2_not_found_in_salesforce) gets every offer enabled.

const VERIFICATION_OFFERS: readonly VerificationOffer[] = ['Glo', 'Vuse', 'Vype', 'Neo', 'Velo', 'Epok', 'InspirationClub'];

/** Each offer's group of checks as one flag: true only if every check of the group is true. */
export function collapseChecks(checks: VerificationChecks): Record<VerificationOffer, boolean> {
  const flags = {} as Record<VerificationOffer, boolean>;
  for (const offer of VERIFICATION_OFFERS) flags[offer] = Object.values(checks[offer]).every((check) => check === true);
  return flags;
}

/** A new consumer: all offers enabled (spec §4 lists them). */
export const allOffersEnabled = (): Record<VerificationOffer, boolean> =>
  Object.fromEntries(VERIFICATION_OFFERS.map((offer) => [offer, true])) as Record<VerificationOffer, boolean>;

/** The offers step's `available`: the choosable offers' flags (none before a verification). */
export function availableOffers(flags: Record<VerificationOffer, boolean> | null): Record<ChoosableOffer, boolean> {
  return {
    Glo: flags?.Glo ?? false,
    Vuse: flags?.Vuse ?? false,
    Velo: flags?.Velo ?? false,
    Neo: flags?.Neo ?? false,
    InspirationClub: flags?.InspirationClub ?? false,
  };
}
