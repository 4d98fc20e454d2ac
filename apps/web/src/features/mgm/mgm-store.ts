import { create } from 'zustand';
import { ApiError, endsSession, newIdempotencyKey } from '../../lib/api-client.ts';
import { createRequest, withKeptIntent, type IntentKeeping } from '../../lib/requests/index.ts';
import { useAppStore } from '../../store/app-store.ts';
import { confirmConsumer, inviteConsumer, loadConsentTexts, maybeJoin, updateConsumer, validateConsumer } from './api/mgm.api.ts';
import type { MgmState, MgmStatus } from './mgm.slice.ts';

// The member-get-member flow (spec §4 status values; decision 070): each step shows 'processing', calls
// the server and sets the status its answer leads to. The state is the mgm slice (spec §3, persisted);
// whether she may join now is not part of it and lives here, as long as the page does.

/** What the error status keeps of a failure: the call's answer, and the status 'Spróbuj ponownie' returns to. */
export type MgmErrorDetails = {
  kind: ApiError['kind'] | 'interrupted';
  code: string | null;
  ts: string | null;
  details?: unknown;
  from: MgmStatus;
};

const setMgm = (change: Partial<MgmState>) => useAppStore.setState((state) => ({ mgm: { ...state.mgm, ...change } }));
const mgmNow = () => useAppStore.getState().mgm;

/** maybe-join's answer of this page's life: null until it came (spec §4: the form shows only if she may join). */
export const useMayJoin = create<{ mayJoin: boolean | null }>(() => ({ mayJoin: null }));

/** spec §2: the points balance and the ranking position, refreshed each time the page opens. */
export const maybeJoinRequest = createRequest({
  call: maybeJoin,
  onSuccess: ({ mayJoin, ranking }) => {
    useMayJoin.setState({ mayJoin });
    setMgm({ ranking });
  },
});

/** The consent texts of the opt-in form (the webform catalogue's), loaded when the form opens. */
export const useConsentTexts = create<{ texts: Awaited<ReturnType<typeof loadConsentTexts>> }>(() => ({ texts: [] }));
export const consentTextsRequest = createRequest({ call: loadConsentTexts, onSuccess: (texts) => useConsentTexts.setState({ texts }) });

/**
 * One Idempotency-Key per intent (the same consents, the same invitation), kept in the saved slice
 * (lib/requests/kept-intent.ts): a retry after a lost connection or a reload replays the server's first
 * answer instead of inviting twice.
 */
function withIntentKey<T>(intent: unknown, call: (key: string) => Promise<T>): Promise<T> {
  const id = JSON.stringify(intent);
  const keeping: IntentKeeping<string> = {
    kept: () => mgmNow().intentKeys[id],
    keep: (key) => setMgm({ intentKeys: { ...mgmNow().intentKeys, [id]: key } }),
    forget: () => {
      const { [id]: _answered, ...unanswered } = mgmNow().intentKeys;
      setMgm({ intentKeys: unanswered });
    },
  };
  return withKeptIntent(keeping, newIdempotencyKey, call);
}

/** spec §4: the status a refusal leads to; anything else is the error status (decision 070). */
function refusal(error: unknown, from: MgmStatus): Partial<MgmState> {
  // Her session is over: the slice has been cleared with it, and stays so.
  if (endsSession(error)) return {};
  const code = error instanceof ApiError ? error.code : null;
  switch (code) {
    case 'E_CONSUMER_NOT_FOUND':
      return { status: 'not-found' };
    case 'E_ALREADY_MEMBER':
      return { status: 'already-member' };
    case 'E_NO_PRODUCTS':
      return { status: 'no-products' };
    case 'E_NO_CONSENTS':
      return { status: 'no-consents' };
    case 'E_CONSENTS_OUTDATED':
      return { status: 'opt-in-request' };
    case 'E_MGM_CODE_WRONG':
      // Said under the code field, where she types it again or asks for a new one (decision 079).
      return { status: 'awaiting-code', errorDetails: apiErrorDetails(error, 'awaiting-code') };
    case 'E_MGM_NOT_ALLOWED':
      // Her action ended meanwhile: the page says why she cannot invite now.
      void maybeJoinRequest.refresh();
      return { status: 'null' };
  }
  return { status: 'error', errorDetails: apiErrorDetails(error, from) };
}

function apiErrorDetails(error: unknown, from: MgmStatus): MgmErrorDetails {
  return error instanceof ApiError
    ? { kind: error.kind, code: error.code, ts: error.ts, details: error.details, from }
    : { kind: 'unexpected', code: null, ts: null, from };
}

let running = false;

/** spec §4 processing: a spinner while the call runs; one step at a time. */
async function step(from: MgmStatus, call: () => Promise<Partial<MgmState>>): Promise<void> {
  if (running) return;
  running = true;
  setMgm({ status: 'processing', errorDetails: null });
  try {
    setMgm(await call());
  } catch (error) {
    setMgm(refusal(error, from));
  } finally {
    running = false;
  }
}

/** null → can-invite, or the status of a refusal: the consumer by e-mail (§7 /mgm/validate-consumer). */
export function checkConsumer(emailAddress: string): Promise<void> {
  setMgm({ mgmUser: { emailAddress, brand: '' }, tokenUuid: null });
  return step('null', async () => {
    // Her brand is told only after she confirmed with a code (decision 079).
    const { uuid } = await validateConsumer(emailAddress);
    return { status: 'can-invite', tokenUuid: uuid };
  });
}

/** no-consents / opt-in-request → opt-in-form. */
export const openConsentForm = () => setMgm({ status: 'opt-in-form' });

/** The form's ticks, kept in the slice as she makes them. */
export const setConsents = (consents: MgmState['consents']) => setMgm({ consents });

/**
 * opt-in-form → awaiting-code: the consents entered (§7 /mgm/update-consumer; emailOptIn always true, the
 * hostess as source) wait for the consumer's confirmation; the server sends her the code by SMS. The
 * brand is not sent: the app does not know it before her code (decision 079). From awaiting-code the
 * same call sends a new code ('Wyślij kod ponownie').
 */
export function saveConsents(consents: MgmState['consents'], from: MgmStatus = 'opt-in-form'): Promise<void> {
  const ident = useAppStore.getState().user.profile?.ident ?? '';
  // The form sends only with newsletterCommercialAuthorization ticked (spec §5 MGM).
  const consumer = {
    ...consents,
    newsletterCommercialAuthorization: true as const,
    emailOptIn: true as const,
    emailAddress: mgmNow().mgmUser.emailAddress,
    lastModifiedSource: ident,
  };
  setMgm({ consents });
  return step(from, async () => {
    await withIntentKey(['update', consumer], (key) => updateConsumer(consumer, key));
    return { status: 'awaiting-code' };
  });
}

/** awaiting-code: a new code for the same consents (the previous one stops working). */
export const resendCode = () => saveConsents(mgmNow().consents, 'awaiting-code');

/** awaiting-code → can-invite: the code the consumer read out confirms her consents; her brand is told now. */
export function confirmCode(otp: string): Promise<void> {
  const { emailAddress } = mgmNow().mgmUser;
  return step('awaiting-code', async () => {
    const { uuid, brand } = await withIntentKey(['confirm', emailAddress, otp], (key) => confirmConsumer(emailAddress, otp, key));
    return { status: 'can-invite', tokenUuid: uuid, mgmUser: { emailAddress, brand } };
  });
}

/** can-invite → finished: the SMS with a link (§7 /mgm/invite-consumer, data[0]); her new points and place. */
export function invite(): Promise<void> {
  const { emailAddress } = mgmNow().mgmUser;
  return step('can-invite', async () => {
    const invitation = await withIntentKey(['invite', emailAddress], (key) => inviteConsumer(emailAddress, key));
    return { status: 'finished', tokenUuid: invitation.uuid, ranking: invitation.ranking };
  });
}

/** spec §4: cancel resets the flow (her points and place stay, and the keys of calls not answered yet). */
export function cancel(): void {
  const initial = useAppStore.getInitialState().mgm;
  const { ranking, intentKeys } = mgmNow();
  setMgm({ ...initial, ranking, intentKeys });
}

/** spec §4: clear resets the status; the e-mail stays in the form to be corrected. */
export const clear = () => setMgm({ status: 'null', errorDetails: null });

/** The error status's 'Spróbuj ponownie': back to the step that failed. */
export function retry(): void {
  const details = mgmNow().errorDetails as MgmErrorDetails | null;
  setMgm({ status: details?.from ?? 'null', errorDetails: null });
}

/**
 * The page opened with 'processing' restored (it was closed or reloaded mid-call): nothing will answer
 * that call here, so it is said as an error from the step that was under way.
 */
export function recoverInterrupted(): void {
  const { status, tokenUuid } = mgmNow();
  if (status !== 'processing' || running) return;
  const from: MgmStatus = tokenUuid ? 'can-invite' : 'null';
  setMgm({ status: 'error', errorDetails: { kind: 'interrupted', code: null, ts: null, from } satisfies MgmErrorDetails });
}
