import type { Action, WebformCatalogues } from '@promotor/contract';
import type { WebformValues } from '@promotor/contract/rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { OutboxFailures } from '../../../app/outbox-failures.tsx';
import { successEnvelope } from '../../../test/builders.ts';
import { stopOutbox } from '../../../lib/outbox/outbox.ts';
import {
  logIn,
  ok,
  useFakeServer,
  useFreshIndexedDb,
  type ServerAnswer,
  type ServerRequest,
} from '../../../lib/outbox/test/outbox-test-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { buildAction, buildActionPoint, type BuildActionOptions } from '../../actions/test/build-action.ts';
import { buildCatalogues, buildWebformValues } from './offers-test-kit.ts';
import { WebformPage } from '../components/webform-page.tsx';
import type { ReceiptCameraProps } from '../receipt/receipt-camera-props.ts';
import { closeReceiptDb, saveReceipt } from '../receipt/receipt-store.ts';
import type { WebformForm } from '../webform.slice.ts';
import { newForm } from '../webform-store.ts';

// The webform page in the tests: her started action in the store, a scripted API (the outbox kit's
// fake fetch: every request recorded), the page in a router with /akcje beside it, and the outbox's
// failure popup as the app shows it.

export const CATALOGUES_VERSION = '0123456789abcdef';

/** Each test: a fresh IndexedDB (outbox and receipts), Anna logged in; afterwards both databases closed. */
export function setUpWebformTests(): void {
  beforeEach(async () => {
    useFreshIndexedDb();
    await logIn('anna');
  });
  afterEach(async () => {
    await stopOutbox();
    await closeReceiptDb();
  });
}

/** Her started action (spec §4 "the current action"). */
export function startedAction(options: BuildActionOptions = {}): Action {
  return buildAction({ status: 'started', name: 'Degustacja glo Rynek', ident: 'AKC-7', ...options });
}

export const twoPointAction = () =>
  startedAction({
    points: [
      buildActionPoint({ uuid: 'point-a', name: 'Żabka, Marszałkowska 1', point: { petraId: 'P-1' } }),
      buildActionPoint({ uuid: 'point-b', name: 'Lewiatan, Puławska 20', point: { petraId: 'P-2' } }),
    ],
  });

export function putAction(action: Action | null): void {
  useAppStore.setState({ actions: { list: action ? [action] : [], currentAction: action } });
}

/** Her started action, put in the store. */
export function putStartedAction(options: BuildActionOptions = {}): Action {
  const action = startedAction(options);
  putAction(action);
  return action;
}

/** A form of the action already at `step` with these values (what a reload mid-form finds). */
export function putForm(action: Action, change: Partial<WebformForm> = {}, values: Partial<WebformValues> = {}): WebformForm {
  const ident = useAppStore.getState().user.profile?.ident ?? 'anna';
  const base = newForm(action, { ident });
  const form: WebformForm = {
    ...base,
    ...change,
    data: { ...base.data, ...buildWebformValues({ tourPlan: action.ident, hostessCode: ident }), ...values },
  };
  useAppStore.setState({ webform: { ...useAppStore.getState().webform, form } });
  return form;
}

export const storedForm = (): WebformForm => {
  const { form } = useAppStore.getState().webform;
  if (!form) throw new Error('no form stored');
  return form;
};

/** A consumer's step 3, filled in and valid for Velo alone (no receipt needed, the three opt-ins ticked). */
export const filledConsumer = (overrides: Partial<WebformValues> = {}): Partial<WebformValues> => ({
  firstName: 'Jan',
  lastName: 'Kowalski',
  birthDate: '1990-04-12',
  billingPostalCode: '00-950',
  category: 'Saszetki nikotynowe: VELO',
  ageVerified: true,
  personalDataRegistrationAuthorisation: true,
  newsletterCommercialAuthorization: true,
  mobileOptIn: true,
  socialMediaOptIn: true,
  hypercareOptIn: true,
  selectedOffers: { Velo: { sampling: 'VELOFRZ10' } },
  ...overrides,
});

/** Step 3 of a verified consumer, filled in; with a receipt photo kept in the phone when `receipt`. */
export async function atStep3(values: Partial<WebformValues> = {}, { receipt = false, action = putStartedAction() } = {}) {
  const form = putForm(action, { step: 3, verified: true, areOffersChosen: true }, filledConsumer(values));
  if (receipt)
    putForm(action, form, {
      ...form.data,
      recieptURL: await saveReceipt(form.trace.uuid, new Blob(['receipt photo'], { type: 'image/jpeg' })),
    });
  return { action, form: storedForm() };
}

export const registerButton = () => screen.findByRole('button', { name: 'Zarejestruj' });

/** /lead/register's success: data.lead.id and meta.bc (spec §7). */
export const registered = (id = 'lead-1', bc = 'BC-7K2M9QX4PA'): ServerAnswer => ({
  body: { status: { success: true }, data: { lead: { id } }, meta: { ts: '2026-03-05T10:15:00.000Z', bc } },
});

/** A refusal as the API answers it, with meta.ts (shown as 'Kod błędu:'). */
export const refusedWith = (error: string, status = 409, details?: unknown): ServerAnswer => ({
  status,
  body: {
    status: { success: false },
    data: details === undefined ? { error } : { error, details },
    meta: { ts: '2026-03-05T10:15:00.123Z' },
  },
});

type Answers = Partial<Record<string, (request: ServerRequest) => ServerAnswer | Promise<ServerAnswer>>>;

/** The API: the catalogues answer, anything else `{}` unless `answers` says otherwise (by path). */
export function useWebformServer(answers: Answers = {}, catalogues: WebformCatalogues = buildCatalogues()) {
  const server = useFakeServer((request) => {
    const answer = answers[request.path];
    if (answer) return answer(request);
    if (request.path === '/webform/catalogues') return ok({ version: CATALOGUES_VERSION, catalogues });
    return { body: successEnvelope({}) };
  });
  return {
    ...server,
    /** The requests to one path. */
    to: (path: string) => server.requests.filter((request) => request.path === path),
    /** The headers of the nth request to a path. */
    headersOf: (path: string, index = 0) =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([url]) => String(url).endsWith(path))
        .map(([, init]) => (init?.headers ?? {}) as Record<string, string>)[index],
  };
}

/** The receipt camera stands in as one button that "takes" a photo. */
export function ButtonCamera({ open, onAccept }: ReceiptCameraProps) {
  return open ? (
    <button type="button" onClick={() => onAccept(new Blob(['receipt photo'], { type: 'image/jpeg' }))}>
      Zrób zdjęcie testowe
    </button>
  ) : null;
}

/** /webform (or another address of it) as the phone shows it. */
export function renderWebform(path = '/webform') {
  const router = createMemoryRouter(
    [
      { path: '/webform', element: <WebformPage Camera={ButtonCamera} /> },
      { path: '/akcje', element: <h1>Akcje</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <>
      <RouterProvider router={router} />
      <OutboxFailures />
    </>,
  );
  return { ...view, router, user: userEvent.setup() };
}

/** The step shown: the stepper's current item ('Krok 2 z 5'). */
export const currentStep = () => screen.getByRole('listitem', { current: 'step' }).getAttribute('aria-label');
