import 'fake-indexeddb/auto';
import { LeadRegisterBody } from '@promotor/contract';
import type { WebformValues } from '@promotor/contract/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { outboxSettled } from '../../../lib/outbox/index.ts';
import { ok, type ServerAnswer, type ServerRequest } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys.ts';
import { loadReceipt } from '../receipt/receipt-store.ts';
import {
  atStep3,
  CATALOGUES_VERSION,
  currentStep,
  putForm,
  putStartedAction,
  refusedWith,
  registerButton,
  registered,
  renderWebform,
  setUpWebformTests,
  storedForm,
  twoPointAction,
  putAction,
  useWebformServer,
} from '../test/webform-test-kit.tsx';
import { buildCatalogues, consentText } from '../test/offers-test-kit.ts';

// spec §4 Webform (step 3 → 4), §5 Send rule and Registration, §3 Lead registration payload, §7
// /lead/register, /action/receipt/create, /device/burn, §8 Registration errors and Other.

const GLO_VELO_CLUB: Partial<WebformValues> = {
  selectedOffers: {
    Glo: { model: 'Hyper Pro', color: 'Czarny', serialNumber: 'GLO1000001', assetSource: 'GLO solo / POP' },
    Velo: { sampling: 'VELOFRZ10' },
    InspirationClub: true,
  },
  inspirationClub: true,
  externalCompaniesAuthorization: true,
};

/** What a request to /action/receipt/create carried: its _input and its file's text. */
async function uploadOf(request: ServerRequest) {
  const file = request.form?.get('files[]');
  return { input: JSON.parse(String(request.form?.get('_input'))), file: file instanceof Blob ? await file.text() : null };
}

setUpWebformTests();

describe('webform registration', () => {
  it('registers with the exact §3 payload, shows step 4 per offer, then queues the receipt and the device burn', async () => {
    const { action, form } = await atStep3(GLO_VELO_CLUB, { receipt: true });
    const server = useWebformServer({ '/lead/register': () => registered('lead-1', 'BC-7K2M9QX4PA') });
    const { user } = renderWebform();

    await user.click(await registerButton());

    expect(await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' })).toBeInTheDocument();
    expect(currentStep()).toBe('Krok 5 z 5');
    expect(screen.getByText('Urządzenie glo zostało zarejestrowane na konsumenta.')).toBeInTheDocument();
    expect(screen.getByText('Konsument otrzymał próbkę saszetek Velo.')).toBeInTheDocument();
    expect(screen.getByText('Konsument został zapisany do programu Inspiration Club.')).toBeInTheDocument();
    expect(screen.getByText('Klient otrzyma e-mail z linkiem aktywacyjnym do programu lojalnościowego.')).toBeInTheDocument();

    const [request] = server.to('/lead/register');
    const body = request!.body as LeadRegisterBody;
    const point = action.actionPoints[0]!;
    expect(body.lead).toEqual({
      process: 'TOURPLANNER',
      otp: 'AB3CD',
      otpEmail: 'XY7ZW',
      firstName: 'Jan',
      lastName: 'Kowalski',
      emailAddress: 'jan.kowalski@example.pl',
      mobileNumber: '+48600700800',
      mobileNumberNoPrefix: '600700800',
      tourPlan: 'AKC-7',
      hostessCode: 'anna',
      accountSource: 'Hostess',
      emailVerificationStatus: 'Verified',
      emailVerified: true,
      phoneVerified: true,
      ageVerified: true,
      pointIdent: point.uuid,
      formIdent: 'glo.pl-tourplanner',
      lastModifiedSource: 'Hostess',
      category: 'Oral',
      secondaryBrand: 'VELO',
      deviceName: 'Hyper Pro',
      eventIdent: action.event.ident,
      birthDate: '1990-04-12',
      billingPostalCode: '00-950',
      coordinates: { latitude: null, longitude: null },
      brand: 'Glo',
      isHoreca: false,
      consent: {
        ageVerified: true,
        personalDataRegistrationAuthorisation: true,
        personalDataHandling: true,
        externalCompaniesAuthorization: true,
        newsletterCommercialAuthorization: true,
        mobileOptIn: true,
        socialMediaOptIn: true,
        hypercareOptIn: true,
        inspirationClub: true,
      },
      // Every consent shown, the loyalty club's too (its offer is chosen), as the catalogue answered them.
      consentTexts: buildCatalogues().consents.map(({ field, version, textHash }) => ({ field, version, textHash })),
      selectedOffers: GLO_VELO_CLUB.selectedOffers,
      assetItems: [
        {
          brand: 'Glo',
          colour: 'Czarny',
          status: 'Active',
          purchaseDate: appDay(new Date()),
          model: 'Hyper Pro',
          type: 'Sold',
          storeId: point.point.petraId,
          tourPlan: 'AKC-7',
          assetSource: 'GLOPRO1',
          deviceName: 'Hyper Pro',
          serialNumber: 'GLO1000001',
        },
      ],
      productInterestItems: [
        { sku: 'VELOFRZ10', status: 'Trial', unitOfMeasure: 'Can', name: 'Velo Freeze', tourPlan: 'AKC-7', brand: 'Velo' },
      ],
    });
    expect(body.trace).toEqual(form.trace);
    expect(body.trace).toMatchObject({ uuid: form.trace.uuid, isWebView: false, steps: [{ step: 0, timestamp: expect.any(String) }] });
    // The contract's own schema (strict objects: no field more, none missing) accepts it as sent.
    expect(() => LeadRegisterBody.parse(body)).not.toThrow();
    expect(server.headersOf('/lead/register')).toMatchObject({ 'Sf-Bypassed': 'true', 'Idempotency-Key': request!.idempotencyKey });

    await waitFor(() => expect(server.paths()).toEqual(expect.arrayContaining(['/action/receipt/create', '/device/burn'])));
    expect(await uploadOf(server.to('/action/receipt/create')[0]!)).toEqual({
      input: { action: { uuid: action.uuid }, device: { serial: 'GLO1000001', beacon: 'BC-7K2M9QX4PA' }, lead: { id: 'lead-1' } },
      file: 'receipt photo',
    });
    expect(server.to('/device/burn')[0]!.body).toEqual({ device: { serialNumber: 'GLO1000001' } });
    expect(await loadReceipt(form.data.recieptURL)).toBeNull();
    expect(storedForm()).toMatchObject({
      isSuccess: true,
      lead: { id: 'lead-1', bc: 'BC-7K2M9QX4PA' },
      icError: null,
      icConsentStatus: 'enrolled',
    });
  });

  it("without a receipt or a Glo serial nothing follows the registration; 'Zakończ' starts a new form", async () => {
    const { form } = await atStep3();
    const server = useWebformServer({ '/lead/register': () => registered() });
    const { user } = renderWebform();

    await user.click(await registerButton());
    await user.click(await screen.findByRole('button', { name: 'Zakończ' }));

    expect(await screen.findByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('');
    expect(storedForm().trace.uuid).not.toBe(form.trace.uuid);
    expect(server.paths().filter((path) => path !== '/webform/catalogues')).toEqual(['/lead/register']);
  });

  it('a loyalty-club code still counts as a success: step 4 with the code and its message, the receipt sent with the lead', async () => {
    const { action } = await atStep3(GLO_VELO_CLUB, { receipt: true });
    const server = useWebformServer({
      '/lead/register': () => refusedWith('error_ic_consumer_already_exists', 409, { lead: { id: 'lead-9' }, bc: 'BC-9' }),
    });
    const { user } = renderWebform();

    await user.click(await registerButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nie udało się zapisać konsumenta do programu lojalnościowego.');
    expect(alert).toHaveTextContent('Konsument jest już uczestnikiem programu Inspiration Club.');
    expect(alert).toHaveTextContent('Kod błędu: error_ic_consumer_already_exists');
    expect(screen.getByText('Urządzenie glo zostało zarejestrowane na konsumenta.')).toBeInTheDocument();
    expect(screen.queryByText(/e-mail z linkiem aktywacyjnym/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.to('/action/receipt/create')).toHaveLength(1));
    expect((await uploadOf(server.to('/action/receipt/create')[0]!)).input).toEqual({
      action: { uuid: action.uuid },
      device: { serial: 'GLO1000001', beacon: 'BC-9' },
      lead: { id: 'lead-9' },
    });
    expect(storedForm()).toMatchObject({
      isSuccess: true,
      icConsentStatus: 'failed',
      icError: { code: 'error_ic_consumer_already_exists' },
    });
  });

  it('§5 Send rule: without both codes nothing is sent; the popup says to get new codes and she is back at step 1, unverified', async () => {
    await atStep3({ otp: '', otpEmail: 'XY7ZW' });
    const server = useWebformServer();
    const { user } = renderWebform();

    await user.click(await registerButton());

    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent('Brak kodów weryfikacyjnych. Wyślij nowe kody i wróć do weryfikacji');
    expect(currentStep()).toBe('Krok 2 z 5');
    expect(screen.getByRole('heading', { name: 'Kody weryfikacyjne' })).toBeInTheDocument();
    expect(storedForm()).toMatchObject({ step: 1, verified: false, areOffersChosen: false });
    expect(server.to('/lead/register')).toEqual([]);
  });

  it('a second submit while one is being sent is ignored', async () => {
    await atStep3();
    let answer: (reply: ServerAnswer) => void = () => {};
    const server = useWebformServer({ '/lead/register': () => new Promise<ServerAnswer>((resolve) => (answer = resolve)) });
    const { user } = renderWebform();
    const button = await registerButton();

    await user.click(button);
    const sending = await screen.findByRole('button', { name: 'Wysyłanie' });
    expect(sending).toBeDisabled();
    fireEvent.submit(sending.closest('form')!);
    fireEvent.submit(sending.closest('form')!);
    await waitFor(() => expect(server.to('/lead/register')).toHaveLength(1));
    answer(registered());

    expect(await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' })).toBeInTheDocument();
    expect(server.to('/lead/register')).toHaveLength(1);
  });

  it.each([
    ['error_device_not_found', 'Numer urządzenia jest nieprawidłowy.', 'Krok 4 z 5'],
    ['error_consumer_multiple_found', 'Konsument jest już uczestnikiem programu.', 'Krok 4 z 5'],
    ['error_m2_exception', 'Błąd rejestracji. Sprawdź dane i spróbuj ponownie.', 'Krok 4 z 5'],
    ['E_VALIDATION', 'Wystąpił błąd podczas wysyłania formularza. Sprawdź poprawność wpisanych danych.', 'Krok 4 z 5'],
    ['error_wrong_otp', 'Kod SMS jest błędny lub wygasł. Wróć i pobierz nowy kod.', 'Krok 2 z 5'],
    ['error_wrong_otp_email', 'Kod e-mail jest błędny lub wygasł. Wróć i pobierz nowy kod.', 'Krok 2 z 5'],
  ])('%s opens the error popup ("%s") with meta.ts and leaves her at %s', async (code, message, step) => {
    await atStep3();
    useWebformServer({ '/lead/register': () => refusedWith(code, 422) });
    const { user } = renderWebform();

    await user.click(await registerButton());

    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent(message);
    expect(popup).toHaveTextContent('Kod błędu:');
    expect(within(popup).getByText('2026-03-05T10:15:00.123Z')).toBeInTheDocument();
    expect(currentStep()).toBe(step);
    expect(storedForm().pendingRegistration).toBeNull();
    // Spent by the attempt (decision 067), unless the body's shape was refused before they were judged.
    expect(storedForm().data.otp).toBe(code === 'E_VALIDATION' ? 'AB3CD' : '');
  });

  it('after a refusal the codes are spent: the next try asks for new ones, and its registration is a new request', async () => {
    await atStep3();
    let refuse = true;
    const server = useWebformServer({
      '/lead/register': () => (refuse ? refusedWith('error_device_not_found', 422) : registered()),
      '/lead/verify': () => refusedWith('error_m2_not_found_in_salesforce', 404),
    });
    const { user } = renderWebform();
    await user.click(await registerButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).getByRole('button', { name: 'Wróć' }));
    refuse = false;

    await user.click(await registerButton());
    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent('Brak kodów weryfikacyjnych. Wyślij nowe kody i wróć do weryfikacji');
    await user.click(within(popup).getByRole('button', { name: 'Wróć' }));
    await user.type(await screen.findByRole('textbox', { name: 'Kod SMS' }), 'NEW23');
    await user.type(screen.getByRole('textbox', { name: 'Kod e-mail' }), 'NEW45');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    await user.click(await screen.findByRole('button', { name: 'Dalej' }));
    await user.click(await registerButton());

    await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });
    const [first, second] = server.to('/lead/register');
    expect(server.to('/lead/register')).toHaveLength(2);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(second!.body).toMatchObject({ lead: { otp: 'NEW23', otpEmail: 'NEW45', firstName: 'Jan' } });
  });

  it('E_CONSENT_TEXT_CHANGED loads the consents again, unticks them all and says why', async () => {
    await atStep3();
    const changed = buildCatalogues();
    changed.consents = changed.consents.map((consent) => ({ ...consent, version: '2026-02', text: `${consent.text} (nowa wersja)` }));
    let catalogueLoads = 0;
    useWebformServer({
      '/lead/register': () => refusedWith('E_CONSENT_TEXT_CHANGED'),
      '/webform/catalogues': () =>
        ok({
          version: ++catalogueLoads === 1 ? CATALOGUES_VERSION : 'fedcba9876543210',
          catalogues: catalogueLoads === 1 ? buildCatalogues() : changed,
        }),
    });
    const { user } = renderWebform();
    expect(await screen.findByRole('checkbox', { name: consentText('ageVerified') })).toBeChecked();

    await user.click(await registerButton());

    expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent('Treść zgód została zaktualizowana.');
    const renewed = await screen.findByRole('checkbox', { name: `${consentText('ageVerified')} (nowa wersja)` });
    expect(renewed).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: `${consentText('mobileOptIn')} (nowa wersja)` })).not.toBeChecked();
  });

  it('sends her position when the permission was granted', async () => {
    await atStep3();
    localStorage.setItem(STORAGE_KEYS.geolocationPermission, 'granted');
    const getCurrentPosition = vi.fn((success: PositionCallback, _error?: PositionErrorCallback | null, _options?: PositionOptions) =>
      success({ coords: { latitude: 52.2297, longitude: 21.0122 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { geolocation: { getCurrentPosition } }));
    const server = useWebformServer({ '/lead/register': () => registered() });
    const { user } = renderWebform();

    await user.click(await registerButton());

    await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });
    expect((server.to('/lead/register')[0]!.body as LeadRegisterBody).lead.coordinates).toEqual({ latitude: 52.2297, longitude: 21.0122 });
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  });

  it('on an action with several points she registers at the chosen one (pointIdent, the items’ storeId)', async () => {
    const action = twoPointAction();
    putAction(action);
    await atStep3({ registerLocation: 'point-b' }, { action });
    const server = useWebformServer({ '/lead/register': () => registered() });
    const { user } = renderWebform();
    expect(await screen.findByRole('combobox', { name: 'Lokalizacja rejestracji' })).toHaveTextContent('Lewiatan, Puławska 20');

    await user.click(await registerButton());

    await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });
    const { lead } = server.to('/lead/register')[0]!.body as LeadRegisterBody;
    expect(lead.pointIdent).toBe('point-b');
  });

  it.each([
    ['E_MISSING_LEAD_ID', null],
    ['E_UNSUPPORTED_FILE_TYPE', 'Wystąpił błąd podczas wysyłania paragonu. Nieobsługiwany typ pliku. Wybierz zdjęcie.'],
  ])('a receipt refused with %s: tolerated, or said in the failure popup', async (code, message) => {
    await atStep3(GLO_VELO_CLUB, { receipt: true });
    const server = useWebformServer({ '/lead/register': () => registered(), '/action/receipt/create': () => refusedWith(code, 422) });
    const { user } = renderWebform();

    await user.click(await registerButton());

    await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });
    await waitFor(() => expect(server.to('/device/burn')).toHaveLength(1));
    if (message) expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent(message);
    else expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the special test action (exp1707)', () => {
  const testAction = () => putStartedAction({ name: 'Degustacja glo exp1707' });

  it('says its registrations are not counted, and goes on without codes to a verification without codes', async () => {
    const action = testAction();
    putForm(action, { step: 0 }, { otp: '', otpEmail: '' });
    const server = useWebformServer({ '/lead/verify': () => refusedWith('error_m2_not_found_in_salesforce', 404) });
    const { user } = renderWebform();

    expect(await screen.findByText(/Akcja testowa: rejestracje z tej akcji nie są liczone/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dalej bez kodów' }));
    // Nothing was sent, so step 1 does not say it was (decision 076).
    expect(await screen.findByText(/^Kodów nie wysłano\./)).toBeInTheDocument();
    expect(screen.queryByText(/Kody wysłano/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Zweryfikuj bez kodów' }));

    expect(await screen.findByRole('group', { name: 'Wybierz ofertę' })).toBeInTheDocument();
    expect(server.to('/lead/otp')).toEqual([]);
    expect(server.to('/lead/verify')[0]!.body).toMatchObject({ lead: { otp: '', otpEmail: '' } });
  });

  it("'Zarejestruj bez kodów' registers with empty codes, checked by step 3's rules first", async () => {
    const action = testAction();
    await atStep3({ firstName: '' }, { action });
    const server = useWebformServer({ '/lead/register': () => registered() });
    const { user } = renderWebform();
    const withoutCodes = await screen.findByRole('button', { name: 'Zarejestruj bez kodów' });

    await user.click(withoutCodes);
    expect(screen.getByRole('textbox', { name: 'Imię' })).toHaveAccessibleDescription('Podaj imię konsumenta.');
    expect(server.to('/lead/register')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Imię' }), 'Jan');
    await user.click(withoutCodes);

    await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });
    expect(server.to('/lead/register')[0]!.body).toMatchObject({ lead: { otp: '', otpEmail: '' } });
  });

  it('without codes (a sandbox: the server registers no serial) a Glo registration sends its receipt but no device burn', async () => {
    const action = testAction();
    await atStep3(GLO_VELO_CLUB, { receipt: true, action });
    const server = useWebformServer({ '/lead/register': () => registered('lead-t', '') });
    const { user } = renderWebform();

    await user.click(await screen.findByRole('button', { name: 'Zarejestruj bez kodów' }));

    expect(await screen.findByText('Urządzenie glo zostało zarejestrowane na konsumenta.')).toBeInTheDocument();
    await waitFor(() => expect(server.to('/action/receipt/create')).toHaveLength(1));
    await outboxSettled(); // the burn would follow the receipt in its group
    expect(server.to('/device/burn')).toEqual([]);
  });

  it('with codes a registration on the test action is a real one: its Glo serial is burnt', async () => {
    const action = testAction();
    await atStep3(GLO_VELO_CLUB, { receipt: true, action });
    const server = useWebformServer({ '/lead/register': () => registered('lead-t', '') });
    const { user } = renderWebform();

    await user.click(await registerButton());

    await waitFor(() => expect(server.to('/device/burn')).toHaveLength(1));
    expect(server.to('/lead/register')[0]!.body).toMatchObject({ lead: { otp: 'AB3CD', otpEmail: 'XY7ZW' } });
  });

  it('the send rule does not apply: missing codes are sent empty', async () => {
    const action = testAction();
    await atStep3({ otp: '', otpEmail: '' }, { action });
    const server = useWebformServer({ '/lead/register': () => registered() });
    const { user } = renderWebform();

    await user.click(await registerButton());

    await screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });
    expect(server.to('/lead/register')).toHaveLength(1);
  });
});
