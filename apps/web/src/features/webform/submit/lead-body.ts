import type { Action, LeadConsent, LeadRegisterBody, WebformCatalogues } from '@promotor/contract';
import { leadItemsFor } from '@promotor/contract/lead-items';
import type { SelectedOffers, WebformValues } from '@promotor/contract/rules';
import { PROCESS } from '../api/webform.api.ts';
import { consumerCategoryOf, shownConsents } from '../components/consumer-data.ts';
import type { Coordinates, WebformForm } from '../webform.slice.ts';

// spec §3 Lead registration payload, §5 Registration, §9: the body of /lead/register, built exactly as the
// contract's LeadRegisterBody (decision 067 adds selectedOffers and the consent texts shown). The items,
// brand and device name come from the contract's leadItemsFor, which the server runs again.

/** The action's point she registers at: the chosen one on a multi-point action, else its only one. */
export function registrationPoint(action: Pick<Action, 'actionPoints'>, registerLocation: string) {
  const points = action.actionPoints;
  return points.length > 1 ? points.find((point) => point.uuid === registerLocation) : points[0];
}

/** The chosen Glo or Vuse source is one that asks for every consent (spec §5 Consumer form). */
export function sourceRequiresAllConsents(catalogues: Pick<WebformCatalogues, 'glo' | 'vuse'>, selected: SelectedOffers): boolean {
  const glo = catalogues.glo.assetSources.find((source) => source.name === selected.Glo?.assetSource);
  const vuse = catalogues.vuse.assetSources.find((source) => source.name === selected.Vuse?.assetSource);
  return Boolean(glo?.requireAllConsents || vuse?.requireAllConsents);
}

/** spec §3 consent object; §5 Registration: the personal-data ones are always sent true. */
function consentOf(data: WebformValues): LeadConsent {
  return {
    ageVerified: data.ageVerified,
    personalDataRegistrationAuthorisation: true,
    personalDataHandling: true,
    externalCompaniesAuthorization: data.externalCompaniesAuthorization,
    newsletterCommercialAuthorization: data.newsletterCommercialAuthorization,
    mobileOptIn: data.mobileOptIn,
    socialMediaOptIn: data.socialMediaOptIn,
    hypercareOptIn: data.hypercareOptIn,
    inspirationClub: data.selectedOffers.InspirationClub === true && data.inspirationClub,
  };
}

export type LeadBodyInput = {
  form: Pick<WebformForm, 'data' | 'verified' | 'trace'>;
  action: Pick<Action, 'actionPoints' | 'event'>;
  catalogues: WebformCatalogues;
  /** The moment (epoch ms) and position of this registration. */
  registration: { timestamp: number; coordinates: Coordinates };
  /** 'YYYY-MM-DD' in the app's zone: the devices' purchase date. */
  today: string;
  /** The special test action registers without codes (spec §2). */
  withoutCodes: boolean;
};

/** The whole body of /lead/register. Throws the contract's UnknownCatalogueEntry for a choice the catalogue lacks. */
export function leadRegisterBody({ form, action, catalogues, registration, today, withoutCodes }: LeadBodyInput): LeadRegisterBody {
  const { data } = form;
  const point = registrationPoint(action, data.registerLocation);
  const items = leadItemsFor(data.selectedOffers, catalogues, {
    tourPlan: data.tourPlan,
    storeId: point?.point.petraId ?? null,
    purchaseDate: today,
    timestamp: registration.timestamp,
  });
  const category = consumerCategoryOf(catalogues, data.category);
  return {
    lead: {
      process: PROCESS,
      otp: withoutCodes ? '' : data.otp,
      otpEmail: withoutCodes ? '' : data.otpEmail,
      firstName: data.firstName.trim(),
      lastName: data.lastName.trim(),
      emailAddress: data.emailAddress.trim(),
      mobileNumber: `${data.numberPrefix}${data.mobileNumber}`,
      mobileNumberNoPrefix: data.mobileNumber,
      tourPlan: data.tourPlan,
      hostessCode: data.hostessCode,
      accountSource: 'Hostess',
      emailVerificationStatus: 'Verified',
      emailVerified: form.verified,
      phoneVerified: form.verified,
      ageVerified: true,
      pointIdent: point?.uuid ?? '',
      // spec §9 (a literal, like PROCESS: the contract's type checks it).
      formIdent: 'glo.pl-tourplanner',
      lastModifiedSource: 'Hostess',
      category: category?.category ?? '',
      secondaryBrand: category ? category.brand : null,
      deviceName: items.deviceName,
      eventIdent: action.event.ident,
      // spec §5 Registration: the date only.
      birthDate: data.birthDate.slice(0, 10),
      billingPostalCode: data.billingPostalCode,
      coordinates: registration.coordinates,
      brand: items.brand,
      isHoreca: data.isHoreca,
      consent: consentOf(data),
      consentTexts: shownConsents(catalogues, data.selectedOffers).map(({ field, version, textHash }) => ({ field, version, textHash })),
      selectedOffers: data.selectedOffers,
      assetItems: items.assetItems,
      productInterestItems: items.productInterestItems,
    },
    trace: form.trace,
  };
}
