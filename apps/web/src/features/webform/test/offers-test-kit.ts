import type { ConsentTextAnswer, WebformCatalogues } from '@promotor/contract';
import { WEBFORM_CONSENTS } from '@promotor/contract';
import { CHOOSABLE_OFFERS, type ChoosableOffer, type WebformValues } from '@promotor/contract/rules';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { initialValues } from '../webform-store.ts';

// Builders for the tests of steps 2 and 3: a small catalogue of the shape /webform/catalogues answers
// (every offer with a card, two models a brand so a model can be changed) and the form's values.

/** The consent texts of the built catalogue, by field. */
export const consentText = (field: ConsentTextAnswer['field']) => `Treść zgody ${field} w wersji testowej.`;

export function buildCatalogues(overrides: Partial<WebformCatalogues> = {}): WebformCatalogues {
  return {
    devices: [
      { brand: 'Glo', model: 'Hyper Pro', variantKind: 'colour', variants: ['Czarny', 'Rubinowy'] },
      { brand: 'Glo', model: 'Hyper X2', variantKind: 'colour', variants: ['Biały', 'Turkusowy'] },
      { brand: 'Vuse', model: 'Vuse Go', variantKind: 'flavour', variants: ['Mango Ice', 'Grape Ice'] },
      { brand: 'Vuse', model: 'ePod 2', variantKind: 'colour', variants: ['Srebrny', 'Złoty'] },
    ],
    glo: {
      availableModels: ['Hyper Pro', 'Hyper X2'],
      assetSources: [
        { name: 'GLO solo / POP', sku: 'GLOPRO1', requireAllConsents: false },
        { name: 'GLO solo / KASOTERMINAL', sku: 'GLOPRO2', requireAllConsents: false },
        { name: 'GLO + 2 paczki / POP', sku: 'GLOPROPAC1', requireAllConsents: true },
        { name: '3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis', sku: 'PACZKI3+1', requireAllConsents: true },
      ],
      samplingFlavours: [
        { name: 'veo Arctic Click', sku: 'VEOARC20' },
        { name: 'veo Ruby Fresh', sku: 'VEORUB20' },
      ],
    },
    vuse: {
      availableModels: ['Vuse Go', 'ePod 2'],
      assetSources: [{ name: 'Vuse Go solo / POP', sku: 'VUSEBM21024', requireAllConsents: false }],
    },
    velo: {
      flavours: [
        { name: 'Velo Freeze', sku: 'VELOFRZ10' },
        { name: 'Velo Ruby Berry', sku: 'VELORUB10' },
      ],
    },
    neo: {
      offers: [
        { value: '0', label: 'Próbka neo: 1 paczka', sku: 'CFVEOSAMP1' },
        { value: '1', label: 'Próbka neo: 2 paczki', sku: 'CFVEOSAMP2' },
      ],
      samplingFlavours: [{ name: 'neo Dark Tobacco', sku: 'NEODRK20' }],
    },
    phonePrefixes: ['+48', '+380'],
    consumerCategories: [
      { label: 'Podgrzewacze tytoniu: GLO', category: 'Heated Products', brand: 'GLO' },
      { label: 'Saszetki nikotynowe: VELO', category: 'Oral', brand: 'VELO' },
      { label: 'Inne', category: 'Other', brand: null },
    ],
    offerCards: [
      { offer: 'Glo', title: 'glo', description: 'Urządzenie glo w cenie promocyjnej.' },
      { offer: 'Vuse', title: 'Vuse', description: 'Urządzenie Vuse Go.' },
      { offer: 'Velo', title: 'Velo', description: 'Próbka saszetek Velo.' },
      { offer: 'Neo', title: 'neo', description: 'Próbka wkładów neo.' },
      { offer: 'InspirationClub', title: 'Inspiration Club', description: 'Program lojalnościowy.' },
    ],
    consents: WEBFORM_CONSENTS.map((field, index) => ({
      field,
      version: '2026-01',
      text: consentText(field),
      textHash: String(index).repeat(64).slice(0, 64),
    })),
    ...overrides,
  };
}

/** What the verification allows: everything (a new consumer), but for the offers given false. */
export const allAvailable = (except: Partial<Record<ChoosableOffer, boolean>> = {}): Record<ChoosableOffer, boolean> => ({
  ...(Object.fromEntries(CHOOSABLE_OFFERS.map((offer) => [offer, true])) as Record<ChoosableOffer, boolean>),
  ...except,
});

/** Step 3's values as the webform has them on arrival: her ident and the action's prefilled, nothing ticked. */
export function buildWebformValues(overrides: Partial<WebformValues> = {}): WebformValues {
  return {
    ...initialValues({ ident: 'AKC-7' }, { ident: 'HST1001' }),
    emailAddress: 'jan.kowalski@example.pl',
    mobileNumber: '600700800',
    otp: 'AB3CD',
    otpEmail: 'XY7ZW',
    selectedOffers: { Velo: { sampling: 'VELOFRZ10' } },
    ...overrides,
  };
}

/** Picks `option` in the dropdown named `label` (the kit's select-only combobox). */
export async function choose(user: UserEvent, label: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
}

/** The options a dropdown offers (opened, read, closed again). */
export async function optionsOf(user: UserEvent, label: string): Promise<string[]> {
  const select = screen.getByRole('combobox', { name: label });
  await user.click(select);
  const options = screen.queryAllByRole('option').map((option) => option.textContent ?? '');
  await user.click(select);
  return options;
}
