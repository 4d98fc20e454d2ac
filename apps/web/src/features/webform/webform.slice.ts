import type { LeadRegisterBody, VerificationOffer, WebformCatalogues } from '@promotor/contract';
import type { WebformValues } from '@promotor/contract/rules';
import type { SliceCreator } from '../../store/slice.ts';

// spec §3 Webform state, persisted like the rest of the store (a reload at any step keeps the form;
// cleared at logout). Types only and an empty start: the store is in the entry chunk, which the login
// page's budget pays for, so the initial form (a fresh uuid, the action's ident, her code) is made by
// the lazy webform page when it first opens (webform-store.ts), not here. Decision 068.

export type WebformStep = 0 | 1 | 2 | 3 | 4;

/** spec §3 trace: when she reached each step, the build, the form's uuid, the Android wrapper. */
export type WebformTrace = {
  steps: { step: number; timestamp: string }[];
  buildNumber: string;
  /** One per form, i.e. per consumer registered: also the receipt's key and the Idempotency-Key's seed. */
  uuid: string;
  isWebView: boolean;
};

export type Coordinates = { latitude: number | null; longitude: number | null };

/**
 * A registration sent but not answered (the connection dropped, a gateway's error page, the first try
 * still running): its Idempotency-Key and the very body sent, its moment and position within. Until an
 * answer arrives a retry sends exactly this body under this key, so the server registers her once or
 * replays what it did, and the form is locked: an edit would not be what the server got (decision 068).
 */
export type PendingRegistration = { idempotencyKey: string; body: LeadRegisterBody };

/** What became of the loyalty-club enrolment (spec §3 icConsentStatus; our values, decision 068). */
export type IcConsentStatus = 'not-chosen' | 'enrolled' | 'failed';

export type WebformForm = {
  /** The shape of this record: a form saved in another shape is started afresh (2: the pending body kept). */
  version: 2;
  /** The started action the form belongs to: another action gets a fresh form. */
  actionUuid: string;
  step: WebformStep;
  verified: boolean;
  data: WebformValues;
  newUser: boolean;
  areOffersChosen: boolean;
  isSuccess: boolean;
  /** null until the registration is answered. */
  icConsentStatus: IcConsentStatus | null;
  /** A loyalty-club code of a registration that still succeeded (spec §4), with its Polish message. */
  icError: { code: string; message: string } | null;
  sfVerificationBypassed: boolean;
  trace: WebformTrace;
  /** The verification's groups of flags, each collapsed to one (spec §4); null before a verification. */
  verification: Record<VerificationOffer, boolean> | null;
  /** The verification's Glo_Pro (the webform-available-modal). */
  gloPro: boolean;
  /** The last verification's error code (spec §4 "with the error stored"). */
  verifyError: string | null;
  /** The registration's answer: data.lead.id and meta.bc. */
  lead: { id: string; bc: string } | null;
  pendingRegistration: PendingRegistration | null;
  /**
   * The test action's 'Dalej bez kodów' reached step 1 without sending codes (until codes are sent):
   * step 1 must not say they were sent. Optional: a form saved before it had codes sent (decision 076).
   */
  codesSkipped?: boolean;
};

/** The catalogues as last answered by /webform/catalogues, kept by their version (decision 065). */
export type StoredCatalogues = { version: string; catalogues: WebformCatalogues };

export type WebformState = { form?: WebformForm; catalogues?: StoredCatalogues };

export type WebformSlice = { webform: WebformState };

export const createWebformSlice: SliceCreator<WebformSlice> = () => ({ webform: {} });

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    webform: WebformSlice;
  }
}
