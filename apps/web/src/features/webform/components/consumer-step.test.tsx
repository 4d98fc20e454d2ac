import 'fake-indexeddb/auto';
import type { WebformCatalogues } from '@promotor/contract';
import type { WebformContext, WebformValues } from '@promotor/contract/rules';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeObjectUrls } from '../../dual-camera/test/fake-camera.ts';
import { useFreshIndexedDb } from '../../../lib/outbox/test/outbox-test-kit.ts';
import type { ReceiptCameraProps } from '../receipt/receipt-camera-props.ts';
import { closeReceiptDb, loadReceipt } from '../receipt/receipt-store.ts';
import { ConsumerStep } from './consumer-step.tsx';
import { buildCatalogues, buildWebformValues, choose, consentText } from '../test/offers-test-kit.ts';

/** A camera that "takes" one photo with a button, for the tests that are not about the camera. */
function ButtonCamera({ open, onAccept }: ReceiptCameraProps) {
  return open ? (
    <button type="button" onClick={() => onAccept(new Blob(['receipt photo'], { type: 'image/jpeg' }))}>
      Zrób zdjęcie testowe
    </button>
  ) : null;
}

type Options = {
  values?: Partial<WebformValues>;
  context?: Partial<WebformContext>;
  catalogues?: WebformCatalogues;
  submitting?: boolean;
  Camera?: (props: ReceiptCameraProps) => React.JSX.Element | null;
};

/** Step 3 as the page holds it: the values in state, changed only through onChange's patches. */
function renderConsumer({
  values = {},
  context = {},
  catalogues = buildCatalogues(),
  submitting = false,
  Camera = ButtonCamera,
}: Options = {}) {
  const onSubmit = vi.fn();
  const onBack = vi.fn();
  const current = { values: buildWebformValues(values) };
  function Page() {
    const [state, setState] = useState(current.values);
    current.values = state;
    return (
      <ConsumerStep
        catalogues={catalogues}
        values={state}
        context={{ today: '2026-03-05', multiLocation: false, sourceRequiresAllConsents: false, ...context }}
        actionPoints={[
          { uuid: 'point-1', name: 'Żabka, Marszałkowska 1' },
          { uuid: 'point-2', name: 'Lewiatan, Puławska 20' },
        ]}
        formUuid="form-1"
        onChange={(patch) => setState((previous) => ({ ...previous, ...patch }))}
        onSubmit={onSubmit}
        submitting={submitting}
        onBack={onBack}
        Camera={Camera}
      />
    );
  }
  render(<Page />);
  return { user: userEvent.setup(), onSubmit, onBack, current };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const consent = (field: Parameters<typeof consentText>[0]) => screen.getByRole('checkbox', { name: consentText(field) });
const register = () => screen.getByRole('button', { name: 'Zarejestruj' });

/** What a valid step 3 needs besides a receipt, typed and ticked as she would. */
async function fillConsumer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(textbox('Imię'), 'Jan');
  await user.type(textbox('Nazwisko'), 'Kowalski');
  await user.type(screen.getByLabelText('Data urodzenia'), '1990-04-12');
  await user.type(textbox('Kod pocztowy'), '00950');
  await choose(user, 'Kategoria konsumenta', 'Saszetki nikotynowe: VELO');
  // Velo brings the three opt-ins (§5).
  const required = [
    'ageVerified',
    'personalDataRegistrationAuthorisation',
    'newsletterCommercialAuthorization',
    'mobileOptIn',
    'socialMediaOptIn',
    'hypercareOptIn',
  ] as const;
  for (const field of required) await user.click(consent(field));
}

beforeEach(() => {
  useFreshIndexedDb();
  installFakeObjectUrls();
});
afterEach(() => closeReceiptDb());

describe('webform step 3: consumer data, consents, receipt', () => {
  it("Zarejestruj shows every rule's message under its field and focuses the first; nothing is sent", async () => {
    const { user, onSubmit } = renderConsumer({
      values: {
        hostessCode: '',
        tourPlan: '',
        selectedOffers: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP' } },
      },
      context: { multiLocation: true },
    });

    await user.click(register());

    expect(textbox('Kod HST')).toHaveAccessibleDescription('Niepoprawny kod HST.');
    expect(textbox('Numer akcji')).toHaveAccessibleDescription('Niepoprawny numer akcji.');
    expect(screen.getByRole('combobox', { name: 'Lokalizacja rejestracji' })).toHaveAccessibleDescription('Lokalizacja wymagana');
    expect(textbox('Imię')).toHaveAccessibleDescription('Podaj imię konsumenta.');
    expect(textbox('Nazwisko')).toHaveAccessibleDescription('Podaj nazwisko konsumenta.');
    expect(screen.getByLabelText('Data urodzenia')).toHaveAccessibleDescription('Podaj datę urodzenia.');
    expect(textbox('Kod pocztowy')).toHaveAccessibleDescription('Kod pocztowy powinien składać się z 5 cyfr.');
    expect(screen.getByRole('combobox', { name: 'Kategoria konsumenta' })).toHaveAccessibleDescription('To pole jest wymagane.');
    for (const field of ['ageVerified', 'personalDataRegistrationAuthorisation', 'newsletterCommercialAuthorization'] as const) {
      expect(consent(field)).toHaveAccessibleDescription('Zgoda wymagana.');
    }
    expect(consent('externalCompaniesAuthorization')).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Dodaj zdjęcie paragonu' })).toHaveAccessibleDescription('Zdjęcie paragonu wymagane');
    expect(textbox('Kod HST')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    // §2: the submit button is disabled while the form is invalid (once she has seen why).
    expect(register()).toBeDisabled();
  });

  it('checks each field when it is left: names, age, postal code', async () => {
    const { user } = renderConsumer();
    await user.type(textbox('Imię'), 'J');
    await user.tab();
    expect(textbox('Imię')).toHaveAccessibleDescription('Imię jest zbyt krótkie (min. to 2 znaki).');
    expect(textbox('Nazwisko')).not.toHaveAccessibleDescription();
    await user.type(textbox('Imię'), 'a');
    expect(textbox('Imię')).not.toHaveAccessibleDescription();

    await user.type(textbox('Nazwisko'), ' K ');
    await user.tab();
    expect(textbox('Nazwisko')).toHaveAccessibleDescription('Nazwisko jest zbyt krótkie (min. to 2 znaki).');

    const birthDate = screen.getByLabelText('Data urodzenia');
    expect(birthDate).toHaveAttribute('type', 'date');
    expect(birthDate).toHaveAttribute('min', '1904-01-01');
    await user.type(birthDate, '2008-03-06');
    await user.tab();
    expect(birthDate).toHaveAccessibleDescription('Konsument nie ma 18 lat. Sprawdź poprawność daty.');
    await user.clear(birthDate);
    await user.type(birthDate, '2008-03-05');
    expect(birthDate).not.toHaveAccessibleDescription();

    const postal = textbox('Kod pocztowy');
    expect(postal).toHaveAttribute('placeholder', 'xx-xxx');
    await user.type(postal, '0095');
    await user.tab();
    expect(postal).toHaveValue('00-95');
    expect(postal).toHaveAccessibleDescription('Kod pocztowy powinien składać się z 5 cyfr.');
  });

  it('her code and the action number are shown prefilled, read-only; the location is asked only on a multi-point action', async () => {
    renderConsumer();
    expect(textbox('Kod HST')).toHaveValue('HST1001');
    expect(textbox('Kod HST')).toHaveAttribute('readonly');
    expect(textbox('Numer akcji')).toHaveValue('AKC-7');
    expect(screen.queryByRole('combobox', { name: 'Lokalizacja rejestracji' })).not.toBeInTheDocument();
  });

  it("the registration location lists the action's points and keeps the chosen point's uuid", async () => {
    const { user, current } = renderConsumer({ context: { multiLocation: true } });
    await choose(user, 'Lokalizacja rejestracji', 'Lewiatan, Puławska 20');
    expect(current.values.registerLocation).toBe('point-2');
  });

  it("the category keeps the catalogue entry's label; HoReCa is a checkbox left unticked", async () => {
    const { user, current } = renderConsumer();
    expect(
      screen.getByRole('checkbox', { name: 'Konsument pracuje w branży HoReCa (hotel, restauracja, kawiarnia, bar)' }),
    ).not.toBeChecked();
    await choose(user, 'Kategoria konsumenta', 'Inne');
    expect(current.values.category).toBe('Inne');
  });

  it("shows each consent with exactly the catalogue's text, none ticked; the loyalty club's only with its offer", () => {
    renderConsumer({ values: { selectedOffers: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP' } } } });
    const group = within(screen.getByRole('group', { name: 'Zgody' }));
    const boxes = group.getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('name'))).toEqual([
      'ageVerified',
      'personalDataRegistrationAuthorisation',
      'externalCompaniesAuthorization',
      'newsletterCommercialAuthorization',
      'mobileOptIn',
      'socialMediaOptIn',
      'hypercareOptIn',
    ]);
    for (const box of boxes) {
      expect(box).not.toBeChecked();
      expect(box).toHaveAccessibleName(consentText(box.getAttribute('name') as Parameters<typeof consentText>[0]));
    }
  });

  it.each([
    {
      offers: 'Glo from a source without requireAllConsents',
      sourceRequiresAllConsents: false,
      optInsRequired: false,
      selectedOffers: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP' } },
    },
    {
      offers: 'Glo from a source with requireAllConsents',
      sourceRequiresAllConsents: true,
      optInsRequired: true,
      selectedOffers: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO + 2 paczki / POP' } },
    },
    { offers: 'Velo', sourceRequiresAllConsents: false, optInsRequired: true, selectedOffers: { Velo: { sampling: 'VELOFRZ10' } } },
    { offers: 'Neo alone', sourceRequiresAllConsents: false, optInsRequired: false, selectedOffers: { Neo: { neoOffers: '0' } } },
  ])('$offers: the three opt-ins required: $optInsRequired', async ({ selectedOffers, sourceRequiresAllConsents, optInsRequired }) => {
    const { user } = renderConsumer({ values: { selectedOffers }, context: { sourceRequiresAllConsents } });
    await user.click(register());
    for (const field of ['mobileOptIn', 'socialMediaOptIn', 'hypercareOptIn'] as const) {
      const box = consent(field);
      if (optInsRequired) {
        expect(box).toHaveAttribute('aria-required', 'true');
        expect(box).toHaveAccessibleDescription('Zgoda wymagana.');
      } else {
        expect(box).not.toHaveAttribute('aria-required');
        expect(box).not.toHaveAccessibleDescription();
      }
    }
    expect(consent('ageVerified')).toHaveAttribute('aria-required', 'true');
    expect(consent('externalCompaniesAuthorization')).not.toHaveAttribute('aria-required');
  });

  it('with InspirationClub its consent is shown and required', async () => {
    const { user } = renderConsumer({ values: { selectedOffers: { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true } } });
    await user.click(register());
    expect(consent('inspirationClub')).toHaveAttribute('aria-required', 'true');
    expect(consent('inspirationClub')).toHaveAccessibleDescription('Zgoda wymagana.');
  });

  it('a loyalty-club consent ticked before its offer was dropped is not kept', async () => {
    const { current } = renderConsumer({ values: { inspirationClub: true, selectedOffers: { Velo: { sampling: 'VELOFRZ10' } } } });
    await waitFor(() => expect(current.values.inspirationClub).toBe(false));
    expect(screen.queryByRole('checkbox', { name: consentText('inspirationClub') })).not.toBeInTheDocument();
  });

  it.each([
    { offers: 'Velo alone', required: false, selectedOffers: { Velo: { sampling: 'VELOFRZ10' } } },
    { offers: 'Velo and InspirationClub', required: false, selectedOffers: { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true } },
    { offers: 'Velo and Neo', required: true, selectedOffers: { Velo: { sampling: 'VELOFRZ10' }, Neo: { neoOffers: '0' } } },
    { offers: 'Neo', required: true, selectedOffers: { Neo: { neoOffers: '0' } } },
  ])('$offers: a receipt photo required: $required', async ({ selectedOffers, required }) => {
    const { user } = renderConsumer({ values: { selectedOffers, inspirationClub: 'InspirationClub' in selectedOffers } });
    await user.click(register());
    const receipt = screen.getByRole('button', { name: 'Dodaj zdjęcie paragonu' });
    if (required) {
      expect(receipt).toHaveAccessibleDescription('Zdjęcie paragonu wymagane');
      expect(screen.queryByText('Dla wybranych ofert zdjęcie paragonu nie jest wymagane.')).not.toBeInTheDocument();
    } else {
      expect(receipt).not.toHaveAccessibleDescription();
      expect(screen.getByText('Dla wybranych ofert zdjęcie paragonu nie jest wymagane.')).toBeInTheDocument();
    }
  });

  it('a complete form is registered with Zarejestruj (Velo alone: no receipt needed)', async () => {
    const { user, onSubmit, current } = renderConsumer();
    await fillConsumer(user);
    await user.click(register());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(current.values).toMatchObject({
      firstName: 'Jan',
      lastName: 'Kowalski',
      birthDate: '1990-04-12',
      billingPostalCode: '00-950',
      category: 'Saszetki nikotynowe: VELO',
      ageVerified: true,
      externalCompaniesAuthorization: false,
      isHoreca: false,
    });
  });

  it('with a device the receipt is asked for; once photographed the message goes and the form is registered', async () => {
    const { user, onSubmit, current } = renderConsumer({
      values: {
        selectedOffers: { Velo: { sampling: 'VELOFRZ10' }, Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP' } },
      },
    });
    await fillConsumer(user);
    await user.click(register());
    const receipt = screen.getByRole('button', { name: 'Dodaj zdjęcie paragonu' });
    expect(receipt).toHaveAccessibleDescription('Zdjęcie paragonu wymagane');
    expect(receipt).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(receipt);
    await user.click(screen.getByRole('button', { name: 'Aparat' }));
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcie testowe' }));

    const retake = await screen.findByRole('button', { name: 'Zrób ponownie zdjęcie paragonu' });
    expect(retake).not.toHaveAccessibleDescription();
    expect(current.values.recieptURL).toBe('receipt:form-1');
    expect(await (await loadReceipt('receipt:form-1'))?.text()).toBe('receipt photo');
    await user.click(register());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("while a registration is sent the button says 'Wysyłanie' and another press does nothing", async () => {
    const { user, onSubmit, onBack } = renderConsumer({ submitting: true });
    const sending = screen.getByRole('button', { name: 'Wysyłanie' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cofnij' })).toBeDisabled();
    expect(onBack).not.toHaveBeenCalled();
  });

  it('Cofnij goes back', async () => {
    const { user, onBack } = renderConsumer();
    await user.click(screen.getByRole('button', { name: 'Cofnij' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
