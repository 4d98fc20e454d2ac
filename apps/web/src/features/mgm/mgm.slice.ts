import type { SliceCreator } from '../../store/slice.ts';

// spec §3 Member-get-member state and §4 status values. Filled by the member-get-member issue;
// 'awaiting-code' is ours: the consents entered wait for the consumer's code (decision 079).
export type MgmStatus =
  | 'null'
  | 'opt-in-request'
  | 'no-consents'
  | 'opt-in-form'
  | 'awaiting-code'
  | 'can-invite'
  | 'finished'
  | 'not-found'
  | 'error'
  | 'processing'
  | 'already-member'
  | 'no-products';

export type MgmState = {
  tokenUuid: string | null;
  /** Initially the string 'null' (spec §3). */
  status: MgmStatus;
  mgmUser: { emailAddress: string; brand: string };
  consents: {
    newsletterCommercialAuthorization: boolean;
    mobileOptIn: boolean;
    socialMediaOptIn: boolean;
    hypercareOptIn: boolean;
  };
  ranking: { balance: number; position: number };
  errorDetails: unknown;
  /**
   * The Idempotency-Key of each intent (these consents, this invitation) not answered yet, saved with
   * the rest: a retry after a lost connection, or after the page was closed mid-call, replays the
   * server's first answer instead of failing E_ALREADY_INVITED (decision 070). Not one of spec §3's
   * fields: the app's own bookkeeping, like the webform's pending registration.
   */
  intentKeys: Record<string, string>;
};

export type MgmSlice = { mgm: MgmState };

const initialMgmState: MgmState = {
  tokenUuid: null,
  status: 'null',
  mgmUser: { emailAddress: '', brand: '' },
  consents: {
    newsletterCommercialAuthorization: false,
    mobileOptIn: false,
    socialMediaOptIn: false,
    hypercareOptIn: false,
  },
  ranking: { balance: 0, position: 0 },
  errorDetails: null,
  intentKeys: {},
};

export const createMgmSlice: SliceCreator<MgmSlice> = () => ({ mgm: initialMgmState });

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    mgm: MgmSlice;
  }
}
