import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { buildCatalogues } from '../test/offers-test-kit.ts';
import {
  currentStep,
  putAction,
  putStartedAction,
  putForm,
  refusedWith,
  renderWebform,
  setUpWebformTests,
  startedAction,
  storedForm,
  useWebformServer,
} from '../test/webform-test-kit.tsx';

// spec §2 Webform, §4 Webform (steps 0 → 1 → 2, verification outcomes), §5 step 0 and step 1, §8 Other.

const sendCodesButton = () => screen.getByRole('button', { name: 'Wyślij kody' });

setUpWebformTests();

describe('webform page', () => {
  it("without a started action says 'Brak aktywnych akcji' and links to the actions", async () => {
    putAction(startedAction({ status: 'finished' }));
    useWebformServer();
    renderWebform();

    expect(await screen.findByRole('heading', { level: 1, name: 'Webform' })).toBeInTheDocument();
    expect(screen.getByText('Brak aktywnych akcji')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przejdź do akcji' })).toHaveAttribute('href', '/akcje');
    expect(screen.queryByRole('button', { name: 'Wyślij kody' })).not.toBeInTheDocument();
  });

  it('says when the form cannot be loaded, and loads it on a retry', async () => {
    putAction(startedAction());
    let online = false;
    useWebformServer({
      '/webform/catalogues': () => (online ? ok({ version: 'fedcba9876543210', catalogues: buildCatalogues() }) : 'network-error'),
    });
    const { user } = renderWebform();

    expect(await screen.findByText('Nie udało się wczytać danych formularza.')).toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));

    expect(await screen.findByRole('heading', { name: 'Dane kontaktowe konsumenta' })).toBeInTheDocument();
    expect(currentStep()).toBe('Krok 1 z 5');
  });

  it('step 0 checks the e-mail and the phone on blur and sends nothing while they are wrong', async () => {
    putAction(startedAction());
    const server = useWebformServer();
    const { user } = renderWebform();
    const email = await screen.findByRole('textbox', { name: 'Adres e-mail' });
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('combobox', { name: 'Prefiks' })).toHaveValue('+48');

    await user.type(email, 'jan@example');
    await user.tab();
    expect(email).toHaveAccessibleDescription('Podany adres e-mail jest nieprawidłowy.');
    await user.type(screen.getByRole('textbox', { name: 'Numer telefonu' }), '60070080');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).toHaveAccessibleDescription(
      'Numer telefonu musi mieć dokładnie 9 cyfr.',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Prefiks' }), '+380');
    expect(screen.getByRole('textbox', { name: 'Numer telefonu' })).not.toHaveAccessibleDescription();
    await user.click(sendCodesButton());
    expect(server.to('/lead/otp')).toEqual([]);
    expect(email).toHaveFocus();
  });

  it("'Wyślij kody' sends both codes and moves to step 1; 'Cofnij' goes back with what was typed", async () => {
    putAction(startedAction());
    const server = useWebformServer();
    const { user } = renderWebform();
    await user.type(await screen.findByRole('textbox', { name: 'Adres e-mail' }), 'jan.kowalski@example.pl');
    await user.type(screen.getByRole('textbox', { name: 'Numer telefonu' }), '600700800');

    await user.click(sendCodesButton());

    expect(await screen.findByRole('heading', { name: 'Kody weryfikacyjne' })).toBeInTheDocument();
    expect(screen.getByText('Kody wysłano na adres jan.kowalski@example.pl i numer +48600700800.')).toBeInTheDocument();
    expect(currentStep()).toBe('Krok 2 z 5');
    expect(server.to('/lead/otp').map((request) => request.body)).toEqual([
      {
        lead: {
          process: 'TOURPLANNER',
          emailAddress: 'jan.kowalski@example.pl',
          mobileNumber: '+48600700800',
          consent: { inspirationClub: false },
        },
      },
    ]);
    expect(storedForm().trace.steps.map((entry) => entry.step)).toEqual([0, 1]);

    await user.click(screen.getByRole('button', { name: 'Cofnij' }));
    expect(await screen.findByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('jan.kowalski@example.pl');
    expect(currentStep()).toBe('Krok 1 z 5');
  });

  it.each([
    ['E_OTP_SEND_LIMIT', 'Wysłano już zbyt wiele kodów na ten adres e-mail lub numer telefonu. Spróbuj ponownie później.'],
    ['E_EVENT_NOT_FOUND', 'Wydarzenie nie istnieje.'],
  ])('a refused send (%s) opens the error popup with its message and meta.ts; step 0 stays', async (code, message) => {
    putForm(putStartedAction(), { step: 0 });
    useWebformServer({ '/lead/otp': () => refusedWith(code, 429) });
    const { user } = renderWebform();

    await user.click(await screen.findByRole('button', { name: 'Wyślij kody' }));

    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent(message);
    expect(popup).toHaveTextContent('Kod błędu:');
    expect(within(popup).getByText('2026-03-05T10:15:00.123Z')).toBeInTheDocument();
    expect(currentStep()).toBe('Krok 1 z 5');
  });

  it('without a connection the send asks to check it and nothing typed is lost', async () => {
    putForm(putStartedAction(), { step: 0 });
    useWebformServer({ '/lead/otp': () => 'network-error' });
    const { user } = renderWebform();

    await user.click(await screen.findByRole('button', { name: 'Wyślij kody' }));

    expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent(
      'Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.',
    );
    expect(screen.getByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('jan.kowalski@example.pl');
  });
});

describe('webform verification (step 1)', () => {
  const verification = (overrides: Record<string, Record<string, boolean>> = {}) => ({
    Glo: { assetAvailable: true, singleConsumer: true },
    Vuse: { assetAvailable: true, singleConsumer: true },
    Vype: { assetAvailable: true, singleConsumer: true },
    Neo: { productAvailable: true, singleConsumer: true },
    Velo: { productAvailable: true, singleConsumer: true },
    Epok: { productAvailable: true, singleConsumer: true },
    InspirationClub: { notMember: true, singleConsumer: true },
    ...overrides,
  });

  async function verifyWithCodes(user: ReturnType<typeof renderWebform>['user']) {
    await user.type(await screen.findByRole('textbox', { name: 'Kod SMS' }), 'ab3cd');
    await user.type(screen.getByRole('textbox', { name: 'Kod e-mail' }), 'XY7ZW');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
  }

  it('a known consumer: both codes with Sf-Bypassed, each group of flags collapsed, step 2 with only what she may get', async () => {
    const action = startedAction();
    putAction(action);
    putForm(action, { step: 1 }, { otp: '', otpEmail: '' });
    const server = useWebformServer({
      '/lead/verify': () =>
        ok({
          verification: verification({ Glo: { assetAvailable: false, singleConsumer: true } }),
          Glo_Pro: false,
          sfVerificationBypassed: false,
        }),
    });
    const { user } = renderWebform();

    await verifyWithCodes(user);

    expect(await screen.findByRole('group', { name: 'Wybierz ofertę' })).toBeInTheDocument();
    expect(currentStep()).toBe('Krok 3 z 5');
    expect(screen.getByRole('checkbox', { name: 'glo' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Velo' })).toBeEnabled();
    expect(server.headersOf('/lead/verify')).toMatchObject({ 'Sf-Bypassed': 'true' });
    expect(server.to('/lead/verify')[0]!.body).toEqual({
      lead: {
        process: 'TOURPLANNER',
        emailAddress: 'jan.kowalski@example.pl',
        otpEmail: 'XY7ZW',
        mobileNumber: '+48600700800',
        mobileNumberNoPrefix: '600700800',
        otp: 'AB3CD',
        eventIdent: action.event.ident,
        phoneVerified: false,
        consent: { inspirationClub: false },
      },
    });
    expect(storedForm()).toMatchObject({ verified: true, newUser: false, verification: { Glo: false, Velo: true, InspirationClub: true } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Glo_Pro opens the webform-available-modal', async () => {
    putForm(putStartedAction(), { step: 1 }, { otp: '', otpEmail: '' });
    useWebformServer({ '/lead/verify': () => ok({ verification: verification(), Glo_Pro: true, sfVerificationBypassed: false }) });
    const { user } = renderWebform();

    await verifyWithCodes(user);

    const modal = await screen.findByRole('dialog', { name: 'Oferta Glo Pro' });
    expect(modal).toHaveTextContent('wymiany na glo Hyper Pro');
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('group', { name: 'Wybierz ofertę' })).toBeInTheDocument();
  });

  it('a consumer the registry does not know is new: verified, every offer enabled, step 2', async () => {
    putForm(putStartedAction(), { step: 1 }, { otp: '', otpEmail: '' });
    useWebformServer({ '/lead/verify': () => refusedWith('error_m2_not_found_in_salesforce', 404) });
    const { user } = renderWebform();

    await verifyWithCodes(user);

    expect(await screen.findByRole('group', { name: 'Wybierz ofertę' })).toBeInTheDocument();
    for (const offer of ['glo', 'Vuse', 'Velo', 'neo']) expect(screen.getByRole('checkbox', { name: offer })).toBeEnabled();
    expect(storedForm()).toMatchObject({ verified: true, newUser: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['error_wrong_otp', 'Błędny kod OTP telefonu'],
    ['error_wrong_otp_email', 'Błędny kod OTP e-mail'],
    ['E_EVENT_NOT_FOUND', 'Błąd weryfikacji'],
  ])('%s keeps step 1, stores the error and opens the OTP error popup "%s"', async (code, title) => {
    putForm(putStartedAction(), { step: 1 }, { otp: '', otpEmail: '' });
    useWebformServer({ '/lead/verify': () => refusedWith(code, 422) });
    const { user } = renderWebform();

    await verifyWithCodes(user);

    const popup = await screen.findByRole('dialog', { name: title });
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(currentStep()).toBe('Krok 2 z 5');
    expect(storedForm()).toMatchObject({ verified: false, verifyError: code });
  });

  it('step 1 asks for 5 characters in each code before verifying', async () => {
    putForm(putStartedAction(), { step: 1 }, { otp: '', otpEmail: '' });
    const server = useWebformServer();
    const { user } = renderWebform();
    await user.type(await screen.findByRole('textbox', { name: 'Kod SMS' }), 'AB3');

    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));

    expect(screen.getByRole('textbox', { name: 'Kod SMS' })).toHaveAccessibleDescription('Kod powinien składać się z 5 znaków.');
    expect(screen.getByRole('textbox', { name: 'Kod e-mail' })).toHaveAccessibleDescription('Kod powinien składać się z 5 znaków.');
    expect(server.to('/lead/verify')).toEqual([]);
  });

  it("'Wyślij ponownie' sends new codes and empties the fields", async () => {
    putForm(putStartedAction(), { step: 1 }, { otp: 'AB3CD', otpEmail: '' });
    const server = useWebformServer();
    const { user } = renderWebform();
    expect(await screen.findByRole('textbox', { name: 'Kod SMS' })).toHaveValue('AB3CD');

    await user.click(screen.getByRole('button', { name: 'Wyślij ponownie' }));

    expect(await screen.findByText('Wysłano nowe kody.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Kod SMS' })).toHaveValue('');
    expect(server.to('/lead/otp')).toHaveLength(1);
    expect(storedForm().data.otp).toBe('');
  });
});

describe('webform state', () => {
  it('a reload at step 1 finds the form where she left it (the slice is saved)', async () => {
    putAction(startedAction());
    useWebformServer();
    const first = renderWebform();
    await first.user.type(await screen.findByRole('textbox', { name: 'Adres e-mail' }), 'jan.kowalski@example.pl');
    await first.user.type(screen.getByRole('textbox', { name: 'Numer telefonu' }), '600700800');
    await first.user.click(sendCodesButton());
    await first.user.type(await screen.findByRole('textbox', { name: 'Kod SMS' }), 'AB3CD');
    const uuid = storedForm().trace.uuid;
    first.unmount();

    // A reload: the store starts afresh and is restored from what localStorage kept.
    const saved = localStorage.getItem(STORAGE_KEYS.appState)!;
    useAppStore.setState({ webform: {} });
    localStorage.setItem(STORAGE_KEYS.appState, saved);
    await useAppStore.persist.rehydrate();
    renderWebform();

    expect(await screen.findByRole('textbox', { name: 'Kod SMS' })).toHaveValue('AB3CD');
    expect(screen.getByText('Kody wysłano na adres jan.kowalski@example.pl i numer +48600700800.')).toBeInTheDocument();
    expect(storedForm().trace.uuid).toBe(uuid);
  });

  it("'Zacznij od nowa' asks first, then starts an empty form with a new uuid", async () => {
    const old = putForm(putStartedAction(), { step: 1 });
    useWebformServer();
    const { user } = renderWebform();

    await user.click(await screen.findByRole('button', { name: 'Zacznij od nowa' }));
    const sheet = screen.getByRole('dialog', { name: 'Zacząć od nowa? Wpisane dane konsumenta zostaną usunięte.' });
    await user.click(within(sheet).getByRole('button', { name: 'Zacznij od nowa' }));

    expect(await screen.findByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('');
    expect(storedForm().trace.uuid).not.toBe(old.trace.uuid);
    expect(storedForm().data).toMatchObject({ hostessCode: 'anna', tourPlan: 'AKC-7', numberPrefix: '+48' });
  });

  it('/webform?empty=true opens an empty form at step 0 and drops the parameter', async () => {
    putForm(putStartedAction(), { step: 2, verified: true });
    useWebformServer();
    const { router } = renderWebform('/webform?empty=true');

    expect(await screen.findByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('');
    expect(currentStep()).toBe('Krok 1 z 5');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a form of another action is not continued: the started action gets a fresh one', async () => {
    putForm(startedAction({ uuid: 'action-old' }), { step: 3 });
    const action = startedAction({ uuid: 'action-new', ident: 'AKC-8' });
    putAction(action);
    useWebformServer();
    renderWebform();

    expect(await screen.findByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('');
    expect(storedForm()).toMatchObject({ actionUuid: 'action-new', step: 0, data: { tourPlan: 'AKC-8' } });
  });

  it('logging out clears the form', async () => {
    putForm(putStartedAction(), { step: 2 });
    useAppStore.getState().clearSessionData();
    expect(useAppStore.getState().webform).toEqual({});
  });
});
