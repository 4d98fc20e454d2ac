// The API's calls (spec §7) by name, without schemas: what a client needs to send one — its path and
// how it travels. zod-free, so the web app's entry chunk can use it; the schemas of each call are in
// ./routes.ts, keyed by the same names (the type checker keeps the two tables in step).

export type RouteKind =
  /** JSON body (possibly empty), JSON envelope answer. */
  | 'json'
  /** multipart/form-data: `_input` (JSON) and `files[]`; JSON envelope answer. */
  | 'multipart'
  /** JSON body; the answer is a file (an image), not an envelope. */
  | 'binary';

export type RoutePath = {
  /** Below the API's base ('/api'), e.g. '/action/check-in'. */
  readonly path: `/${string}`;
  readonly kind: RouteKind;
  /** Reachable without a bearer token (login, password reset). */
  readonly public?: true;
  /**
   * false: the server keeps no Idempotency-Key record for it (reads, and calls whose body carries a
   * password, decision 005). Every other call replays its stored answer for a repeated key.
   */
  readonly idempotent: boolean;
};

export const routePaths = {
  // spec §7 /auth/*
  authLogin: { path: '/auth/login', kind: 'json', public: true, idempotent: false },
  authSession: { path: '/auth/session', kind: 'json', idempotent: false },
  authLogout: { path: '/auth/logout', kind: 'json', idempotent: true },
  authResetToken: { path: '/auth/reset-token', kind: 'json', public: true, idempotent: true },
  authResetPassword: { path: '/auth/reset-password', kind: 'json', public: true, idempotent: false },
  authUpdatePassword: { path: '/auth/update-password', kind: 'json', idempotent: false },
  // spec §7 /action/*
  actionList: { path: '/action/list', kind: 'json', idempotent: false },
  actionRecent: { path: '/action/recent', kind: 'json', idempotent: false },
  actionCheckIn: { path: '/action/check-in', kind: 'json', idempotent: true },
  actionCheckOut: { path: '/action/check-out', kind: 'json', idempotent: true },
  actionCancel: { path: '/action/cancel', kind: 'json', idempotent: true },
  actionLocationSave: { path: '/action/location/save', kind: 'json', idempotent: true },
  actionFileCreate: { path: '/action/file/create', kind: 'multipart', idempotent: true },
  actionFileList: { path: '/action/file/list', kind: 'json', idempotent: false },
  actionFileServe: { path: '/action/file/serve', kind: 'binary', idempotent: false },
  // spec §7 /action/receipt/*, /sample/stats; /action/report is ours (decision 060)
  actionReceiptCreate: { path: '/action/receipt/create', kind: 'multipart', idempotent: true },
  actionReceiptList: { path: '/action/receipt/list', kind: 'json', idempotent: false },
  actionReceiptServe: { path: '/action/receipt/serve', kind: 'binary', idempotent: false },
  actionReport: { path: '/action/report', kind: 'json', idempotent: false },
  sampleStats: { path: '/sample/stats', kind: 'json', idempotent: false },
  // spec §7 Webform API and /device/burn (issue 11)
  leadOtp: { path: '/lead/otp', kind: 'json', idempotent: true },
  leadVerify: { path: '/lead/verify', kind: 'json', idempotent: false },
  leadRegister: { path: '/lead/register', kind: 'json', idempotent: true },
  deviceBurn: { path: '/device/burn', kind: 'json', idempotent: true },
  // spec §7 /poll/answer
  pollAnswer: { path: '/poll/answer', kind: 'json', idempotent: true },
  // spec §7 /voucher/* ('generate codes' has no path in the spec: decision 056)
  voucherBatches: { path: '/voucher/batches', kind: 'json', idempotent: false },
  voucherVouchers: { path: '/voucher/vouchers', kind: 'json', idempotent: false },
  voucherTopUp: { path: '/voucher/top-up', kind: 'json', idempotent: true },
  voucherGenerate: { path: '/voucher/generate', kind: 'json', idempotent: true },
  voucherRedeem: { path: '/voucher/redeem', kind: 'json', idempotent: true },
  // spec §7 /availability/* (update is ours: decision 057)
  availabilityList: { path: '/availability/list', kind: 'json', idempotent: false },
  availabilityCreate: { path: '/availability/create', kind: 'json', idempotent: true },
  availabilityUpdate: { path: '/availability/update', kind: 'json', idempotent: true },
  availabilityDelete: { path: '/availability/delete', kind: 'json', idempotent: true },
  // spec §7 /mgm/* (issue 12, decision 070)
  mgmMaybeJoin: { path: '/mgm/maybe-join', kind: 'json', idempotent: false },
  mgmValidateConsumer: { path: '/mgm/validate-consumer', kind: 'json', idempotent: false },
  mgmUpdateConsumer: { path: '/mgm/update-consumer', kind: 'json', idempotent: true },
  mgmInviteConsumer: { path: '/mgm/invite-consumer', kind: 'json', idempotent: true },
  // spec §7 'an event-data call … path not shown': the webform's catalogues (decision 065)
  webformCatalogues: { path: '/webform/catalogues', kind: 'json', idempotent: false },
} as const satisfies Record<string, RoutePath>;

export type RouteName = keyof typeof routePaths;

/** Where the calls live below the server's origin (the web app's VITE_API_BASE_URL defaults to it). */
export const API_BASE = '/api';

/**
 * GET endpoints below API_BASE that are not calls of the app: for monitors and for people reading the
 * API. Public; the call table above and these are every route the server has under API_BASE.
 */
export const apiServicePaths = {
  /** 200 while the database answers, 503 when it does not (load balancers, e2e). */
  health: '/health',
  /** The OpenAPI 3.1 document of the call table. */
  openapi: '/openapi.json',
} as const satisfies Record<string, `/${string}`>;
