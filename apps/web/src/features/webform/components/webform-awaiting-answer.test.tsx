import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerAnswer } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys.ts';
import { useAppStore } from '../../../store/app-store.ts';
import {
  atStep3,
  currentStep,
  refusedWith,
  registerButton,
  registered,
  renderWebform,
  setUpWebformTests,
  storedForm,
  useWebformServer,
} from '../test/webform-test-kit.tsx';
import { goToStep, patchData } from '../webform-store.ts';
import { consentText } from '../test/offers-test-kit.ts';

// spec §4 Webform step 3 → 4, §5 Registration, §7 Idempotency-Key, §8 Other (no connection): a
// registration sent without an answer is resent exactly as it was, and until then the step is locked
// (decision 068).

const NOTICE = 'Poprzednia próba rejestracji nie otrzymała odpowiedzi. Wyślij ją ponownie, aby poznać wynik.';
const sendAgainButton = () => screen.findByRole('button', { name: 'Wyślij ponownie' });
const successHeading = () => screen.findByRole('heading', { name: 'Konsument został zarejestrowany' });

/** Closes the error popup ('Wróć'), after checking what it says. */
async function closePopup(user: ReturnType<typeof renderWebform>['user'], says: string) {
  const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
  expect(popup).toHaveTextContent(says);
  await user.click(within(popup).getByRole('button', { name: 'Wróć' }));
}

/** The form at step 3, registered with the connection down: the attempt awaits its answer. */
async function lostFirstAttempt({ vuseGo = false } = {}) {
  await atStep3(
    vuseGo
      ? { selectedOffers: { Vuse: { model: 'Vuse Go', color: 'Mango Ice', assetSource: 'Vuse Go solo / POP' } }, category: 'Inne' }
      : {},
    { receipt: vuseGo },
  );
  const connection = { online: false };
  const server = useWebformServer({ '/lead/register': () => (connection.online ? registered() : 'network-error') });
  const view = renderWebform();
  await view.user.click(await registerButton());
  await closePopup(view.user, 'Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.');
  return { ...view, server, connection };
}

/** Both requests to /lead/register were the same: one key, one body. */
function expectSameRequestTwice(server: ReturnType<typeof useWebformServer>) {
  const [first, second, ...more] = server.to('/lead/register');
  expect(more).toEqual([]);
  expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  expect(second!.body).toEqual(first!.body);
}

setUpWebformTests();
const jsdomScrollIntoView = Element.prototype.scrollIntoView; // none: jsdom does not scroll
afterEach(() => {
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
});

describe('a registration awaiting its answer', () => {
  it('after a lost connection the step is locked with a notice; the retry is the same request with the same key, so it registers once', async () => {
    const { user, server, connection } = await lostFirstAttempt({ vuseGo: true });

    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('textbox', { name: 'Imię' })).toHaveValue('Jan');
    expect(screen.getByRole('textbox', { name: 'Imię' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: consentText('ageVerified') })).toBeDisabled();
    expect(screen.getByRole('button', { name: /zdjęcie paragonu/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Zarejestruj' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cofnij' })).not.toBeInTheDocument();

    connection.online = true;
    await user.click(await sendAgainButton());

    expect(await successHeading()).toBeInTheDocument();
    expectSameRequestTwice(server);
  });

  it('what changed the form after a lost connection anyway (its data, steps walked) is not sent: the retry is the body first sent', async () => {
    const { user, server, connection } = await lostFirstAttempt();
    act(() => {
      patchData({ firstName: 'Janusz', mobileOptIn: false });
      goToStep(2);
      goToStep(3);
    });
    expect(storedForm().trace.steps).toHaveLength(3);

    connection.online = true;
    await user.click(await sendAgainButton());

    await successHeading();
    expectSameRequestTwice(server);
    expect(server.to('/lead/register')[1]!.body).toMatchObject({ lead: { firstName: 'Jan' }, trace: { steps: [{ step: 0 }] } });
  });

  it('after a reload the step is still locked, and the retry is the attempt kept', async () => {
    const { unmount, server, connection } = await lostFirstAttempt();
    unmount();
    // A reload: the store starts afresh and is restored from what localStorage kept.
    const saved = localStorage.getItem(STORAGE_KEYS.appState)!;
    useAppStore.setState({ webform: {} });
    localStorage.setItem(STORAGE_KEYS.appState, saved);
    await useAppStore.persist.rehydrate();
    // Chromium's answers a promise (which the page must not hand to React as an effect's clean-up).
    const scrollIntoView = vi.fn(() => Promise.resolve());
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
    const { user } = renderWebform();

    expect(await screen.findByRole('status')).toHaveTextContent(NOTICE);
    expect(scrollIntoView).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Nazwisko' })).toBeDisabled();
    connection.online = true;
    await user.click(await sendAgainButton());

    await successHeading();
    expectSameRequestTwice(server);
  });

  it("'Zacznij od nowa' warns that the consumer may be registered already; cancelled, the attempt stays; confirmed, a fresh form", async () => {
    const { user, server } = await lostFirstAttempt();
    const question = 'Zacząć od nowa bez wyniku rejestracji?';
    const warning =
      'Poprzednia próba rejestracji nie otrzymała odpowiedzi: konsument mógł już zostać zarejestrowany, a jej wyniku już nie poznasz. Wpisane dane konsumenta zostaną usunięte.';

    await user.click(screen.getByRole('button', { name: 'Zacznij od nowa' }));
    expect(screen.getByRole('dialog', { name: question })).toHaveTextContent(warning);
    await user.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Anuluj' }));
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
    expect(storedForm().pendingRegistration).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Zacznij od nowa' }));
    await user.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Zacznij od nowa' }));

    expect(await screen.findByRole('textbox', { name: 'Adres e-mail' })).toHaveValue('');
    expect(currentStep()).toBe('Krok 1 z 5');
    expect(storedForm().pendingRegistration).toBeNull();
    expect(server.to('/lead/register')).toHaveLength(1);
  });

  it('/webform?empty=true does not empty a form whose registration awaits its answer', async () => {
    const { unmount } = await lostFirstAttempt();
    unmount();

    renderWebform('/webform?empty=true');

    expect(await screen.findByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('textbox', { name: 'Imię' })).toHaveValue('Jan');
    expect(storedForm().pendingRegistration).not.toBeNull();
  });

  it("a gateway's error page (a 5xx that is not the server's answer) keeps the attempt: the retry is the same request", async () => {
    await atStep3();
    let gatewayDown = true;
    const server = useWebformServer({
      '/lead/register': () => (gatewayDown ? { status: 504, body: 'Gateway Time-out' } : registered()),
    });
    const { user } = renderWebform();

    await user.click(await registerButton());
    await closePopup(user, 'Wystąpił błąd podczas wysyłania formularza.');
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);

    gatewayDown = false;
    await user.click(await sendAgainButton());

    await successHeading();
    expectSameRequestTwice(server);
  });

  it('E_IDEMPOTENCY_IN_PROGRESS: the first try still runs, so the same request is sent again a moment later', async () => {
    await atStep3();
    const answers: ServerAnswer[] = [refusedWith('E_IDEMPOTENCY_IN_PROGRESS', 409), registered()];
    const server = useWebformServer({ '/lead/register': () => answers.shift()! });
    const { user } = renderWebform();

    await user.click(await registerButton());

    expect(await successHeading()).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expectSameRequestTwice(server);
  });

  it('still in progress after three tries: she is told to wait, the attempt stays, and sent again later it registers', async () => {
    await atStep3();
    let running = true;
    const server = useWebformServer({
      '/lead/register': () => (running ? refusedWith('E_IDEMPOTENCY_IN_PROGRESS', 409) : registered()),
    });
    const { user } = renderWebform();

    await user.click(await registerButton());
    await closePopup(user, 'Poprzednie zgłoszenie jest jeszcze przetwarzane. Poczekaj chwilę.');
    expect(server.to('/lead/register')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);

    running = false;
    await user.click(await sendAgainButton());

    await successHeading();
    const keys = new Set(server.to('/lead/register').map((request) => request.idempotencyKey));
    expect(keys.size).toBe(1);
  }, 10_000);

  it('E_IDEMPOTENCY_KEY_REUSED: she is told the consumer may be registered already, and the step is no longer locked', async () => {
    await atStep3();
    useWebformServer({ '/lead/register': () => refusedWith('E_IDEMPOTENCY_KEY_REUSED', 422) });
    const { user } = renderWebform();

    await user.click(await registerButton());
    await closePopup(
      user,
      'Nie udało się poznać wyniku poprzedniej próby rejestracji. Konsument mógł już zostać zarejestrowany: sprawdź to, zanim zarejestrujesz go ponownie.',
    );

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Imię' })).toBeEnabled();
    expect(storedForm().pendingRegistration).toBeNull();
  });
});
