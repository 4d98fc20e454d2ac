import type { Action, SessionUser } from '@promotor/contract';
import type { WebformValues } from '@promotor/contract/rules';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { isAndroidWrapper } from '../../lib/android/android-bridge.ts';
import { APP_BUILD_ID } from '../../lib/pwa/build-time.ts';
import { useAppStore } from '../../store/app-store.ts';
import { deleteReceipt } from './receipt/receipt-store.ts';
import type { StoredCatalogues, WebformForm, WebformState, WebformStep } from './webform.slice.ts';

// The webform slice's writers (spec §3 Webform state, §4 Webform). The page reads the slice; every
// change of the form goes through here, so it is saved at once and a reload finds it (decision 068).

/** The consents of step 3, none ticked: never pre-ticked (spec §3), and unticked again when their texts change. */
export const UNTICKED_CONSENTS = {
  ageVerified: false,
  inspirationClub: false,
  personalDataRegistrationAuthorisation: false,
  externalCompaniesAuthorization: false,
  mobileOptIn: false,
  socialMediaOptIn: false,
  newsletterCommercialAuthorization: false,
  hypercareOptIn: false,
} as const satisfies Partial<WebformValues>;

/** spec §3 Webform data as a fresh form has it: her code and the action's ident pre-filled, +48, nothing ticked. */
export function initialValues(action: Pick<Action, 'ident'>, user: Pick<SessionUser, 'ident'>): WebformValues {
  return {
    emailAddress: '',
    numberPrefix: '+48',
    mobileNumber: '',
    otp: '',
    otpEmail: '',
    firstName: '',
    lastName: '',
    tourPlan: action.ident,
    hostessCode: user.ident,
    registerLocation: '',
    category: '',
    deviceName: '',
    birthDate: '',
    billingPostalCode: '',
    ...UNTICKED_CONSENTS,
    recieptURL: '',
    isHoreca: false,
    selectedOffers: {},
  };
}

const stepReached = (step: WebformStep) => ({ step, timestamp: new Date().toISOString() });

/** The action a form is made for: its point lists and her check-in point preset 'Lokalizacja rejestracji'. */
export type FormAction = Pick<Action, 'uuid' | 'ident' | 'actionPoints' | 'status'>;

/**
 * 'Lokalizacja rejestracji' of a multi-point action starts at the point she checked in at (the consumer
 * is registered where she stands; decision 076); '' when the action has one point or that point is gone.
 */
export function checkedInPoint(action: Pick<Action, 'actionPoints' | 'status'>): string {
  const uuid = action.status.user.actionPoint?.uuid;
  return action.actionPoints.length > 1 && action.actionPoints.some((point) => point.uuid === uuid) ? (uuid ?? '') : '';
}

/** A new form for the action: step 0, a new uuid (spec §3 trace). */
export function newForm(action: FormAction, user: Pick<SessionUser, 'ident'>): WebformForm {
  return {
    version: 2,
    actionUuid: action.uuid,
    step: 0,
    verified: false,
    data: { ...initialValues(action, user), registerLocation: checkedInPoint(action) },
    newUser: false,
    areOffersChosen: false,
    isSuccess: false,
    icConsentStatus: null,
    icError: null,
    sfVerificationBypassed: false,
    trace: { steps: [stepReached(0)], buildNumber: APP_BUILD_ID, uuid: newIdempotencyKey(), isWebView: isAndroidWrapper() },
    verification: null,
    gloPro: false,
    verifyError: null,
    lead: null,
    pendingRegistration: null,
  };
}

const setWebform = (change: Partial<WebformState>) => useAppStore.setState((state) => ({ webform: { ...state.webform, ...change } }));

/** The stored form when it is one of this shape for this action, else null. */
export function formFor(state: WebformState, actionUuid: string): WebformForm | null {
  const { form } = state;
  return form && form.version === 2 && form.actionUuid === actionUuid ? form : null;
}

export const currentForm = (): WebformForm | undefined => useAppStore.getState().webform.form;

/** Changes the stored form (nothing when there is none: she logged out meanwhile). */
export function updateForm(change: Partial<WebformForm> | ((form: WebformForm) => Partial<WebformForm>)): void {
  const form = currentForm();
  if (!form) return;
  setWebform({ form: { ...form, ...(typeof change === 'function' ? change(form) : change) } });
}

/** Changes some of the form's data (spec §3 Webform data). */
export function patchData(patch: Partial<WebformValues>): void {
  updateForm((form) => ({ data: { ...form.data, ...patch } }));
}

/** Moves to a step and records when (spec §3 trace.steps). */
export function goToStep(step: WebformStep, change: Partial<WebformForm> = {}): void {
  updateForm((form) => ({ ...change, step, trace: { ...form.trace, steps: [...form.trace.steps, stepReached(step)] } }));
}

/**
 * Starts a fresh form for the action (spec §4 "Reset returns to the initial state", 'Zakończ',
 * /webform?empty=true, another action started). The old form's receipt photo is deleted from the phone;
 * the catalogues stay.
 */
export function startForm(action: FormAction, user: Pick<SessionUser, 'ident'>): void {
  forgetReceipt();
  setWebform({ form: newForm(action, user) });
}

/** No form at all (/webform?empty=true without a started action): the next action starts a fresh one. */
export function discardForm(): void {
  forgetReceipt();
  setWebform({ form: undefined });
}

function forgetReceipt(): void {
  const receipt = currentForm()?.data?.recieptURL;
  if (receipt) deleteReceipt(receipt).catch((error: unknown) => console.warn('webform: receipt not deleted', error));
}

export function storeCatalogues(catalogues: StoredCatalogues): void {
  setWebform({ catalogues });
}
