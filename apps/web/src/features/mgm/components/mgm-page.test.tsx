import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch, type FakeAnswer } from '../../../test/fake-fetch.ts';
import { useConsentTexts, useMayJoin } from '../mgm-store.ts';
import type { MgmState } from '../mgm.slice.ts';
import { MgmPage } from './mgm-page.tsx';

const MAYBE_JOIN = '/api/mgm/maybe-join';
const VALIDATE = '/api/mgm/validate-consumer';
const UPDATE = '/api/mgm/update-consumer';
const CONFIRM = '/api/mgm/confirm-consumer';
const INVITE = '/api/mgm/invite-consumer';
const CATALOGUES = '/api/webform/catalogues';

const maybeJoin = (mayJoin: boolean, balance = 20, position = 3): FakeAnswer => ({
  body: successEnvelope({ mayJoin, ranking: { balance, position } }),
});
const refused = (code: string, status: number, details?: unknown): FakeAnswer => ({ status, body: failureEnvelope(code, details) });

const consentText = (field: string, text: string) => ({ field, version: '2026-01', text, textHash: 'a'.repeat(64) });
const catalogues: FakeAnswer = {
  body: successEnvelope({
    version: 'v1',
    catalogues: {
      consents: [
        consentText('newsletterCommercialAuthorization', 'Zgoda na informacje handlowe e-mailem.'),
        consentText('mobileOptIn', 'Zgoda na SMS.'),
        consentText('socialMediaOptIn', 'Zgoda na reklamy w mediach społecznościowych.'),
        consentText('hypercareOptIn', 'Zgoda na kontakt telefoniczny.'),
      ],
    },
  }),
};

/** The page with a fake server: `answers` may be changed between steps (the next call reads it). */
function openPage(answers: Record<string, FakeAnswer>) {
  const fake = useFakeFetch(answers);
  const user = userEvent.setup();
  render(<MgmPage />);
  return { ...fake, user, sent: (url: string) => fake.requests.filter((r) => r.url === url) };
}

const mgm = () => useAppStore.getState().mgm;
function setMgm(change: Partial<MgmState>): void {
  act(() => {
    useAppStore.setState((s) => ({ mgm: { ...s.mgm, ...change } }));
  });
}
const step = (name: string) => screen.findByRole('region', { name });

async function checkEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  const field = await screen.findByLabelText('Adres e-mail konsumenta');
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Sprawdź' }));
}

describe('member-get-member (/mgm)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().setSession(buildSession()));
    useMayJoin.setState({ mayJoin: null });
    useConsentTexts.setState({ texts: [] });
  });

  it("shows her points and ranking position from maybe-join, and the e-mail check form (status 'null')", async () => {
    openPage({ [MAYBE_JOIN]: maybeJoin(true, 30, 2) });
    const ranking = await screen.findByRole('region', { name: 'Twój ranking' });
    expect(await within(ranking).findByText('30 pkt')).toBeInTheDocument();
    expect(within(ranking).getByText('2.')).toBeInTheDocument();
    expect(await step('Sprawdź konsumenta')).toBeInTheDocument();
    expect(mgm().ranking).toEqual({ balance: 30, position: 2 });
  });

  it('a promoter who may not join now is told why, with no form', async () => {
    openPage({ [MAYBE_JOIN]: maybeJoin(false, 0, 5) });
    expect(await screen.findByText(/Polecanie jest dostępne tylko w trakcie rozpoczętej akcji/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Adres e-mail konsumenta')).not.toBeInTheDocument();
    expect(screen.getByText('5.')).toBeInTheDocument();
  });

  it("a bad e-mail says 'Nieprawidłowy adres email' and is not sent", async () => {
    const { user, sent } = openPage({ [MAYBE_JOIN]: maybeJoin(true) });
    await checkEmail(user, 'klientka@demo');
    expect(screen.getByText('Nieprawidłowy adres email')).toBeInTheDocument();
    expect(screen.getByLabelText('Adres e-mail konsumenta')).toHaveFocus();
    expect(sent(VALIDATE)).toEqual([]);
  });

  it('a consumer who can be invited: can-invite, then finished with her new points; the next invitation starts blank', async () => {
    const answers = {
      [MAYBE_JOIN]: maybeJoin(true, 20, 3),
      [VALIDATE]: { body: successEnvelope({ uuid: 'check-1' }) },
      [INVITE]: { body: successEnvelope([{ uuid: 'inv-1', points: 10, ranking: { balance: 30, position: 1 } }]) },
    };
    const { user, sent } = openPage(answers);
    await checkEmail(user, ' Klientka@Demo.pl ');

    const canInvite = await step('Zaproszenie');
    expect(within(canInvite).getByText('Konsument Klientka@Demo.pl może otrzymać zaproszenie do programu.')).toBeInTheDocument();
    expect(sent(VALIDATE).map((r) => r.body)).toEqual([{ consumer: { emailAddress: 'Klientka@Demo.pl' } }]);
    expect(mgm()).toMatchObject({
      status: 'can-invite',
      tokenUuid: 'check-1',
      mgmUser: { emailAddress: 'Klientka@Demo.pl', brand: '' },
    });

    await user.click(within(canInvite).getByRole('button', { name: 'Wyślij zaproszenie' }));
    const finished = await step('Zaproszenie wysłane');
    expect(within(finished).getByText('Konsument otrzyma SMS z linkiem do rejestracji w programie.')).toBeInTheDocument();
    expect(sent(INVITE).map((r) => r.body)).toEqual([{ consumer: { emailAddress: 'Klientka@Demo.pl' } }]);
    expect(screen.getByText('30 pkt')).toBeInTheDocument();
    expect(screen.getByText('1.')).toBeInTheDocument();

    await user.click(within(finished).getByRole('button', { name: 'Zaproś kolejną osobę' }));
    expect(await screen.findByLabelText('Adres e-mail konsumenta')).toHaveValue('');
    expect(mgm()).toMatchObject({ status: 'null', tokenUuid: null, mgmUser: { emailAddress: '', brand: '' }, ranking: { balance: 30 } });
  });

  it("processing shows a spinner while the server checks ('Przetwarzanie…')", async () => {
    let answer!: (response: Response) => void;
    const { user } = openPage({ [MAYBE_JOIN]: maybeJoin(true) });
    const fetch = vi.mocked(globalThis.fetch);
    const answered = fetch.getMockImplementation()!;
    fetch.mockImplementation((input, init) =>
      String(input) === VALIDATE ? new Promise<Response>((resolve) => (answer = resolve)) : answered(input, init),
    );
    await checkEmail(user, 'ktos@demo.pl');
    expect(await screen.findByRole('status')).toHaveTextContent('Przetwarzanie…');
    expect(mgm().status).toBe('processing');
    answer(new Response(JSON.stringify(failureEnvelope('E_CONSUMER_NOT_FOUND')), { status: 404 }));
    expect(await step('Nie znaleziono konsumenta')).toBeInTheDocument();
  });

  it("not-found names the e-mail; 'Wróć' (clear) keeps it in the form to correct", async () => {
    const { user } = openPage({ [MAYBE_JOIN]: maybeJoin(true), [VALIDATE]: refused('E_CONSUMER_NOT_FOUND', 404) });
    await checkEmail(user, 'literowka@demo.pl');
    const notFound = await step('Nie znaleziono konsumenta');
    expect(within(notFound).getByText(/Nie znaleziono konsumenta o adresie literowka@demo.pl\./)).toBeInTheDocument();
    await user.click(within(notFound).getByRole('button', { name: 'Wróć' }));
    expect(await screen.findByLabelText('Adres e-mail konsumenta')).toHaveValue('literowka@demo.pl');
    expect(mgm().status).toBe('null');
  });

  it("already-member says the consumer is in the club; 'Anuluj' resets the flow", async () => {
    const { user } = openPage({ [MAYBE_JOIN]: maybeJoin(true), [VALIDATE]: refused('E_ALREADY_MEMBER', 409) });
    await checkEmail(user, 'czlonek@demo.pl');
    const member = await step('Konsument jest już w programie');
    expect(within(member).getByText(/jest już członkiem programu Inspiration Club/)).toBeInTheDocument();
    await user.click(within(member).getByRole('button', { name: 'Anuluj' }));
    expect(await screen.findByLabelText('Adres e-mail konsumenta')).toHaveValue('');
  });

  it('no-products says the consumer has no devices or products', async () => {
    const { user } = openPage({ [MAYBE_JOIN]: maybeJoin(true), [VALIDATE]: refused('E_NO_PRODUCTS', 422) });
    await checkEmail(user, 'bez.produktow@demo.pl');
    const none = await step('Brak zarejestrowanych produktów');
    expect(within(none).getByText(/nie ma zarejestrowanych urządzeń ani produktów/)).toBeInTheDocument();
    expect(mgm().status).toBe('no-products');
  });

  it("no-consents asks to confirm the consents; the form needs the first one ('Zaznacz wymagane zgody'), the consumer confirms them with her code, then she can be invited", async () => {
    const answers = {
      [MAYBE_JOIN]: maybeJoin(true),
      [VALIDATE]: refused('E_NO_CONSENTS', 422),
      [CATALOGUES]: catalogues,
      [UPDATE]: { body: successEnvelope({ uuid: 'check-2' }) },
      [CONFIRM]: { body: successEnvelope({ uuid: 'check-2', brand: 'Vuse' }) },
    };
    const { user, sent } = openPage(answers);
    await checkEmail(user, 'bez.zgod@demo.pl');
    const noConsents = await step('Brak zgód marketingowych');
    expect(within(noConsents).getByText(/Konsument nie wyraził zgód marketingowych/)).toBeInTheDocument();
    await user.click(within(noConsents).getByRole('button', { name: 'Potwierdź zgody' }));

    const form = await step('Zgody marketingowe');
    const required = await within(form).findByRole('checkbox', { name: 'Zgoda na informacje handlowe e-mailem. (zgoda wymagana)' });
    await user.click(within(form).getByRole('checkbox', { name: 'Zgoda na SMS.' }));
    expect(mgm().consents.mobileOptIn).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Wyślij kod do konsumenta' }));
    expect(within(form).getByText('Zaznacz wymagane zgody')).toBeInTheDocument();
    expect(sent(UPDATE)).toEqual([]);

    await user.click(required);
    await user.click(within(form).getByRole('button', { name: 'Wyślij kod do konsumenta' }));
    const awaiting = await step('Potwierdzenie przez konsumenta');
    expect(within(awaiting).getByText(/Konsument otrzymał SMS z zaznaczonymi zgodami i kodem/)).toBeInTheDocument();
    expect(mgm()).toMatchObject({ status: 'awaiting-code', tokenUuid: null });
    expect(sent(UPDATE).map((r) => r.body)).toEqual([
      {
        consumer: {
          newsletterCommercialAuthorization: true,
          mobileOptIn: true,
          socialMediaOptIn: false,
          hypercareOptIn: false,
          emailOptIn: true,
          emailAddress: 'bez.zgod@demo.pl',
          lastModifiedSource: 'HST1001',
        },
      },
    ]);

    await user.click(within(awaiting).getByRole('button', { name: 'Potwierdź' }));
    expect(within(awaiting).getByText('Kod powinien składać się z 5 znaków.')).toBeInTheDocument();
    expect(sent(CONFIRM)).toEqual([]);
    await user.type(within(awaiting).getByLabelText('Kod z SMS-a konsumenta'), 'ab 3de');
    await user.click(within(awaiting).getByRole('button', { name: 'Potwierdź' }));
    expect(await step('Zaproszenie')).toBeInTheDocument();
    expect(sent(CONFIRM).map((r) => r.body)).toEqual([{ consumer: { emailAddress: 'bez.zgod@demo.pl', otp: 'AB3DE' } }]);
    expect(mgm()).toMatchObject({
      status: 'can-invite',
      tokenUuid: 'check-2',
      mgmUser: { emailAddress: 'bez.zgod@demo.pl', brand: 'Vuse' },
    });
  });

  it("awaiting-code: a wrong code is said under the field and she may type it again; 'Wyślij kod ponownie' sends the same consents again", async () => {
    const answers = {
      [MAYBE_JOIN]: maybeJoin(true),
      [UPDATE]: { body: successEnvelope({ uuid: 'check-3' }) },
      [CONFIRM]: refused('E_MGM_CODE_WRONG', 422),
    };
    const { user, sent } = openPage(answers);
    const consents = { newsletterCommercialAuthorization: true, mobileOptIn: false, socialMediaOptIn: true, hypercareOptIn: false };
    setMgm({ status: 'awaiting-code', mgmUser: { emailAddress: 'bez.zgod@demo.pl', brand: '' }, consents });
    const awaiting = await step('Potwierdzenie przez konsumenta');
    await user.type(within(awaiting).getByLabelText('Kod z SMS-a konsumenta'), 'ZZZZZ');
    await user.click(within(awaiting).getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByLabelText('Kod z SMS-a konsumenta')).toHaveAccessibleDescription(
      'Kod jest błędny lub wygasł. Sprawdź kod z SMS-a konsumenta albo wyślij nowy.',
    );
    expect(mgm().status).toBe('awaiting-code');

    await user.click(screen.getByRole('button', { name: 'Wyślij kod ponownie' }));
    expect(await step('Potwierdzenie przez konsumenta')).toBeInTheDocument();
    expect(sent(UPDATE).map((r) => r.body)).toEqual([
      { consumer: { ...consents, emailOptIn: true, emailAddress: 'bez.zgod@demo.pl', lastModifiedSource: 'HST1001' } },
    ]);
    expect(screen.getByLabelText('Kod z SMS-a konsumenta')).not.toHaveAccessibleDescription();
  });

  it('opt-in-request asks to confirm consents given to a text that has changed since', async () => {
    const { user } = openPage({
      [MAYBE_JOIN]: maybeJoin(true),
      [VALIDATE]: refused('E_CONSENTS_OUTDATED', 422),
      [CATALOGUES]: catalogues,
    });
    await checkEmail(user, 'stare.zgody@demo.pl');
    const request = await step('Potwierdź zgody marketingowe');
    expect(within(request).getByText(/Treść zgód marketingowych zmieniła się/)).toBeInTheDocument();
    await user.click(within(request).getByRole('button', { name: 'Potwierdź zgody' }));
    expect(await step('Zgody marketingowe')).toBeInTheDocument();
    expect(mgm().status).toBe('opt-in-form');
  });

  it("the consent texts that cannot be loaded are said, with 'Spróbuj ponownie'", async () => {
    const answers: Record<string, FakeAnswer> = { [MAYBE_JOIN]: maybeJoin(true), [CATALOGUES]: 'network-error' };
    const { user } = openPage(answers);
    setMgm({ status: 'opt-in-form', mgmUser: { emailAddress: 'bez.zgod@demo.pl', brand: 'Vuse' } });
    const form = await step('Zgody marketingowe');
    expect(await within(form).findByText('Nie udało się wczytać treści zgód.')).toBeInTheDocument();
    answers[CATALOGUES] = catalogues;
    await user.click(within(form).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await within(form).findByRole('checkbox', { name: 'Zgoda na SMS.' })).toBeInTheDocument();
  });

  it('the error status shows meta.ts as the error popup does: a local time she can read out, the exact value under it', async () => {
    const ts = '2026-11-23T13:05:09.123Z';
    const { user } = openPage({
      [MAYBE_JOIN]: maybeJoin(true),
      [INVITE]: { status: 409, body: { ...failureEnvelope('E_ALREADY_INVITED'), meta: { ts } } },
    });
    setMgm({ status: 'can-invite', tokenUuid: 'check-3', mgmUser: { emailAddress: 'zaproszona@demo.pl', brand: 'Glo' } });
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    const error = await step('Ups! Coś poszło nie tak...');
    expect(error).toHaveTextContent('Kod błędu: 23.11.2026 14:05:09');
    expect(error).toHaveTextContent(`Dokładny kod: ${ts}`);
  });

  it("a refused invitation is the error status: 'Ups! Coś poszło nie tak...', the reason and the code; 'Wróć', not a retry that would be refused again", async () => {
    const { user } = openPage({ [MAYBE_JOIN]: maybeJoin(true), [INVITE]: refused('E_ALREADY_INVITED', 409) });
    setMgm({ status: 'can-invite', tokenUuid: 'check-3', mgmUser: { emailAddress: 'zaproszona@demo.pl', brand: 'Glo' } });
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    const error = await step('Ups! Coś poszło nie tak...');
    expect(within(error).getByText('Ten konsument otrzymał już zaproszenie.')).toBeInTheDocument();
    expect(error).toHaveTextContent('Kod błędu: 1700000000001');
    expect(within(error).queryByRole('button', { name: 'Spróbuj ponownie' })).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Wróć' }));
    expect(await screen.findByLabelText('Adres e-mail konsumenta')).toHaveValue('zaproszona@demo.pl');
  });

  it('an invitation retried after a lost connection carries the same Idempotency-Key', async () => {
    const answers: Record<string, FakeAnswer> = { [MAYBE_JOIN]: maybeJoin(true), [INVITE]: 'network-error' };
    const { user, sent } = openPage(answers);
    setMgm({ status: 'can-invite', tokenUuid: 'check-4', mgmUser: { emailAddress: 'siec@demo.pl', brand: 'Glo' } });
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    await user.click(within(await step('Ups! Coś poszło nie tak...')).getByRole('button', { name: 'Spróbuj ponownie' }));
    answers[INVITE] = { body: successEnvelope([{ uuid: 'inv-2', points: 10, ranking: { balance: 10, position: 4 } }]) };
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    expect(await step('Zaproszenie wysłane')).toBeInTheDocument();
    const keys = sent(INVITE).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('an invitation whose answer was lost, retried after a reload, carries the same Idempotency-Key (kept in the saved state)', async () => {
    const answers: Record<string, FakeAnswer> = { [MAYBE_JOIN]: maybeJoin(true), [INVITE]: 'network-error' };
    const { user, sent } = openPage(answers);
    setMgm({ status: 'can-invite', tokenUuid: 'check-6', mgmUser: { emailAddress: 'przeladowanie@demo.pl', brand: 'Glo' } });
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    expect(await step('Ups! Coś poszło nie tak...')).toBeInTheDocument();

    // A reload: fresh modules, nothing kept in memory; the store restored from what localStorage kept.
    cleanup();
    vi.resetModules();
    await import('../../../app/store-slices.ts'); // as in main.tsx, before anything loads the store
    const { MgmPage: ReloadedPage } = await import('./mgm-page.tsx');
    answers[INVITE] = { body: successEnvelope([{ uuid: 'inv-3', points: 10, ranking: { balance: 10, position: 2 } }]) };
    render(<ReloadedPage />);
    await user.click(within(await step('Ups! Coś poszło nie tak...')).getByRole('button', { name: 'Spróbuj ponownie' }));
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    expect(await step('Zaproszenie wysłane')).toBeInTheDocument();
    const keys = sent(INVITE).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a retry while the first invitation is still being processed (E_IDEMPOTENCY_IN_PROGRESS) keeps its Idempotency-Key', async () => {
    const answers: Record<string, FakeAnswer> = { [MAYBE_JOIN]: maybeJoin(true), [INVITE]: 'network-error' };
    const { user, sent } = openPage(answers);
    setMgm({ status: 'can-invite', tokenUuid: 'check-7', mgmUser: { emailAddress: 'w.toku@demo.pl', brand: 'Glo' } });
    const sendAgain = async () => {
      await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
      await user.click(within(await step('Ups! Coś poszło nie tak...')).getByRole('button', { name: 'Spróbuj ponownie' }));
    };
    await sendAgain();
    answers[INVITE] = refused('E_IDEMPOTENCY_IN_PROGRESS', 409);
    await sendAgain();
    answers[INVITE] = { body: successEnvelope([{ uuid: 'inv-4', points: 10, ranking: { balance: 10, position: 2 } }]) };
    await user.click(await screen.findByRole('button', { name: 'Wyślij zaproszenie' }));
    expect(await step('Zaproszenie wysłane')).toBeInTheDocument();
    expect(new Set(sent(INVITE).map((r) => r.headers['Idempotency-Key'])).size).toBe(1);
    expect(sent(INVITE)).toHaveLength(3);
  });

  it("E_MGM_NOT_ALLOWED (her action ended meanwhile) goes back to 'null', which says why", async () => {
    const answers: Record<string, FakeAnswer> = { [MAYBE_JOIN]: maybeJoin(true), [VALIDATE]: refused('E_MGM_NOT_ALLOWED', 403) };
    const { user } = openPage(answers);
    await screen.findByLabelText('Adres e-mail konsumenta');
    answers[MAYBE_JOIN] = maybeJoin(false);
    await checkEmail(user, 'ktos@demo.pl');
    expect(await screen.findByText(/Polecanie jest dostępne tylko w trakcie rozpoczętej akcji/)).toBeInTheDocument();
    expect(mgm().status).toBe('null');
  });

  it('a saved state comes back as it was (spec §3)', async () => {
    setMgm({ status: 'already-member', mgmUser: { emailAddress: 'czlonek@demo.pl', brand: '' } });
    openPage({ [MAYBE_JOIN]: maybeJoin(true) });
    expect(await step('Konsument jest już w programie')).toBeInTheDocument();
  });

  it('a saved processing with no call under way (the page was reloaded mid-call) becomes an error', async () => {
    setMgm({ status: 'processing', tokenUuid: 'check-5', mgmUser: { emailAddress: 'ktos@demo.pl', brand: 'Glo' } });
    openPage({ [MAYBE_JOIN]: maybeJoin(true) });
    const error = await step('Ups! Coś poszło nie tak...');
    expect(within(error).getByText(/Przerwano operację przed odpowiedzią serwera/)).toBeInTheDocument();
    expect(mgm().errorDetails).toMatchObject({ kind: 'interrupted', from: 'can-invite' });
  });

  it("a failed maybe-join keeps the saved points and offers 'Spróbuj ponownie'", async () => {
    setMgm({ ranking: { balance: 40, position: 2 } });
    const answers: Record<string, FakeAnswer> = { [MAYBE_JOIN]: 'network-error' };
    const { user } = openPage(answers);
    expect(await screen.findByText('Nie udało się wczytać punktów i rankingu.')).toBeInTheDocument();
    expect(screen.getByText('40 pkt')).toBeInTheDocument();
    answers[MAYBE_JOIN] = maybeJoin(true, 40, 1);
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByLabelText('Adres e-mail konsumenta')).toBeInTheDocument();
    expect(screen.getByText('1.')).toBeInTheDocument();
  });
});
