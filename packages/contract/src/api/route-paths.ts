// The API's calls (spec §7) by name, without schemas: what a client needs to send one — its path and
// how it travels. zod-free, so the web app's entry chunk can use it; the schemas of each call and what
// only the server needs (public, idempotent) are in ./routes.ts, keyed by the same names (the type
// checker keeps the two tables in step).

export type RouteKind =
  /** JSON body (possibly empty), JSON envelope answer. */
  | 'json'
  /** multipart/form-data: `_input` (JSON) and `files[]`; JSON envelope answer. */
  | 'multipart'
  /** multipart/form-data: one file in `file` and text fields (the body schema's, e.g. `dryRun`); JSON envelope answer. */
  | 'form'
  /** JSON body; the answer is a file (an image), not an envelope. */
  | 'binary'
  /** GET, the body schema's fields in the query string; the answer is a streamed CSV file (UTF-8 with BOM, ';'), not an envelope. */
  | 'csv';

export type RoutePath = {
  /** Below the API's base ('/api'), e.g. '/action/check-in'. */
  readonly path: `/${string}`;
  readonly kind: RouteKind;
};

export const routePaths = {
  // spec §7 /auth/*
  authLogin: { path: '/auth/login', kind: 'json' },
  authSession: { path: '/auth/session', kind: 'json' },
  authLogout: { path: '/auth/logout', kind: 'json' },
  authResetToken: { path: '/auth/reset-token', kind: 'json' },
  authResetPassword: { path: '/auth/reset-password', kind: 'json' },
  authUpdatePassword: { path: '/auth/update-password', kind: 'json' },
  // spec §7 /action/*
  actionList: { path: '/action/list', kind: 'json' },
  actionRecent: { path: '/action/recent', kind: 'json' },
  actionCheckIn: { path: '/action/check-in', kind: 'json' },
  actionCheckOut: { path: '/action/check-out', kind: 'json' },
  actionCancel: { path: '/action/cancel', kind: 'json' },
  actionLocationSave: { path: '/action/location/save', kind: 'json' },
  actionFileCreate: { path: '/action/file/create', kind: 'multipart' },
  actionFileList: { path: '/action/file/list', kind: 'json' },
  actionFileServe: { path: '/action/file/serve', kind: 'binary' },
  // spec §7 /action/receipt/*, /sample/stats; /action/report is ours (decision 060)
  actionReceiptCreate: { path: '/action/receipt/create', kind: 'multipart' },
  actionReceiptList: { path: '/action/receipt/list', kind: 'json' },
  actionReceiptServe: { path: '/action/receipt/serve', kind: 'binary' },
  actionReport: { path: '/action/report', kind: 'json' },
  actionReportResubmit: { path: '/action/report/resubmit', kind: 'json' },
  actionReportsToFix: { path: '/action/report/to-fix', kind: 'json' },
  sampleStats: { path: '/sample/stats', kind: 'json' },
  // spec §7 Webform API and /device/burn (issue 11)
  leadOtp: { path: '/lead/otp', kind: 'json' },
  leadVerify: { path: '/lead/verify', kind: 'json' },
  leadRegister: { path: '/lead/register', kind: 'json' },
  deviceBurn: { path: '/device/burn', kind: 'json' },
  // spec §7 /poll/answer
  pollAnswer: { path: '/poll/answer', kind: 'json' },
  // spec §7 /voucher/* ('generate codes' has no path in the spec: decision 056)
  voucherBatches: { path: '/voucher/batches', kind: 'json' },
  voucherVouchers: { path: '/voucher/vouchers', kind: 'json' },
  voucherTopUp: { path: '/voucher/top-up', kind: 'json' },
  voucherGenerate: { path: '/voucher/generate', kind: 'json' },
  voucherRedeem: { path: '/voucher/redeem', kind: 'json' },
  // spec §7 /availability/* (update is ours: decision 057)
  availabilityList: { path: '/availability/list', kind: 'json' },
  availabilityCreate: { path: '/availability/create', kind: 'json' },
  availabilityUpdate: { path: '/availability/update', kind: 'json' },
  availabilityDelete: { path: '/availability/delete', kind: 'json' },
  // spec §7 /mgm/* (issue 12, decision 070; confirm-consumer is ours: decision 079)
  mgmMaybeJoin: { path: '/mgm/maybe-join', kind: 'json' },
  mgmValidateConsumer: { path: '/mgm/validate-consumer', kind: 'json' },
  mgmUpdateConsumer: { path: '/mgm/update-consumer', kind: 'json' },
  mgmConfirmConsumer: { path: '/mgm/confirm-consumer', kind: 'json' },
  mgmInviteConsumer: { path: '/mgm/invite-consumer', kind: 'json' },
  // spec §7 'an event-data call … path not shown': the webform's catalogues (decision 065)
  webformCatalogues: { path: '/webform/catalogues', kind: 'json' },
  // issue 37: her inbox and Web Push (ours, decision 135); shown is public (the push's receipt is the key)
  notificationsList: { path: '/notifications/list', kind: 'json' },
  notificationsRead: { path: '/notifications/read', kind: 'json' },
  notificationsShown: { path: '/notifications/shown', kind: 'json' },
  pushKey: { path: '/push/key', kind: 'json' },
  pushSubscribe: { path: '/push/subscribe', kind: 'json' },
  pushUnsubscribe: { path: '/push/unsubscribe', kind: 'json' },
  // the back office (issue 24): staff only, each call's permission in ./routes.ts (decision 085)
  adminAuthLogin: { path: '/admin/auth/login', kind: 'json' },
  adminAuthSession: { path: '/admin/auth/session', kind: 'json' },
  adminAuthLogout: { path: '/admin/auth/logout', kind: 'json' },
  adminTerritories: { path: '/admin/territories', kind: 'json' },
  adminPromotersList: { path: '/admin/promoters/list', kind: 'json' },
  adminPromotersCreate: { path: '/admin/promoters/create', kind: 'json' },
  adminPromotersUpdate: { path: '/admin/promoters/update', kind: 'json' },
  adminPromotersDeactivate: { path: '/admin/promoters/deactivate', kind: 'json' },
  adminPromotersResetPassword: { path: '/admin/promoters/reset-password', kind: 'json' },
  adminPromotersImport: { path: '/admin/promoters/import', kind: 'form' },
  adminAuditList: { path: '/admin/audit/list', kind: 'json' },
  adminActionsList: { path: '/admin/actions/list', kind: 'json' },
  adminActionsCreate: { path: '/admin/actions/create', kind: 'json' },
  adminActionsUpdate: { path: '/admin/actions/update', kind: 'json' },
  adminActionsAssign: { path: '/admin/actions/assign', kind: 'json' },
  adminActionsUnassign: { path: '/admin/actions/unassign', kind: 'json' },
  adminActionsCancel: { path: '/admin/actions/cancel', kind: 'json' },
  adminActionsImport: { path: '/admin/actions/import', kind: 'form' },
  // issue 34: scheduling
  adminActionsSchedules: { path: '/admin/actions/schedules', kind: 'json' },
  adminActionsOpen: { path: '/admin/actions/open', kind: 'json' },
  adminActionsCopy: { path: '/admin/actions/copy', kind: 'json' },
  // issue 34: the register of points
  adminPointsList: { path: '/admin/points/list', kind: 'json' },
  adminPointsCreate: { path: '/admin/points/create', kind: 'json' },
  adminPointsUpdate: { path: '/admin/points/update', kind: 'json' },
  adminPointsArchive: { path: '/admin/points/archive', kind: 'json' },
  adminPointsImport: { path: '/admin/points/import', kind: 'form' },
  // issue 34: events and territories (decision 123)
  adminEventsList: { path: '/admin/events/list', kind: 'json' },
  adminEventsCreate: { path: '/admin/events/create', kind: 'json' },
  adminEventsUpdate: { path: '/admin/events/update', kind: 'json' },
  adminTerritoriesList: { path: '/admin/territories/list', kind: 'json' },
  adminTerritoriesCreate: { path: '/admin/territories/create', kind: 'json' },
  adminTerritoriesUpdate: { path: '/admin/territories/update', kind: 'json' },
  adminVouchersBatches: { path: '/admin/vouchers/batches', kind: 'json' },
  adminVouchersImport: { path: '/admin/vouchers/import', kind: 'form' },
  // issue 25: the live day, the report review, exports and the dashboard
  adminLive: { path: '/admin/live', kind: 'json' },
  adminLiveCheck: { path: '/admin/live/check', kind: 'json' },
  adminReportsList: { path: '/admin/reports/list', kind: 'json' },
  adminReportsGet: { path: '/admin/reports/get', kind: 'json' },
  adminReportsReview: { path: '/admin/reports/review', kind: 'json' },
  adminReportsApproveMany: { path: '/admin/reports/approve-many', kind: 'json' },
  adminReportsFlagPhoto: { path: '/admin/reports/flag-photo', kind: 'json' },
  adminReportsFile: { path: '/admin/reports/file', kind: 'binary' },
  adminReportsReceipt: { path: '/admin/reports/receipt', kind: 'binary' },
  // issue 35: the small WebP of each, kept beside its row (decision 130)
  adminReportsFileThumbnail: { path: '/admin/reports/file-thumbnail', kind: 'binary' },
  adminReportsReceiptThumbnail: { path: '/admin/reports/receipt-thumbnail', kind: 'binary' },
  adminExportsActions: { path: '/admin/exports/actions.csv', kind: 'csv' },
  adminExportsRegistrations: { path: '/admin/exports/registrations.csv', kind: 'csv' },
  adminExportsRedemptions: { path: '/admin/exports/redemptions.csv', kind: 'csv' },
  // issue 34: her hours per day for payroll (decision 128)
  adminExportsHours: { path: '/admin/exports/hours.csv', kind: 'csv' },
  adminDashboard: { path: '/admin/dashboard', kind: 'json' },
  // issue 26: consumers and consents, the privacy role's alone
  adminConsumersFind: { path: '/admin/consumers/find', kind: 'json' },
  adminConsumersHistory: { path: '/admin/consumers/history', kind: 'json' },
  adminConsumersProof: { path: '/admin/consumers/proof', kind: 'binary' },
  adminConsumersWithdraw: { path: '/admin/consumers/withdraw', kind: 'json' },
  adminConsumerRequestsCreate: { path: '/admin/consumers/requests/create', kind: 'json' },
  adminConsumerRequestsList: { path: '/admin/consumers/requests/list', kind: 'json' },
  adminConsumerRequestsExtend: { path: '/admin/consumers/requests/extend', kind: 'json' },
  adminConsumerRequestsComplete: { path: '/admin/consumers/requests/complete', kind: 'json' },
  // issue 34: staff accounts, the admin's (decision 118); her link and her forgotten password (public, decision 120)
  adminStaffList: { path: '/admin/staff/list', kind: 'json' },
  adminStaffCreate: { path: '/admin/staff/create', kind: 'json' },
  adminStaffUpdate: { path: '/admin/staff/update', kind: 'json' },
  adminStaffDeactivate: { path: '/admin/staff/deactivate', kind: 'json' },
  adminStaffReactivate: { path: '/admin/staff/reactivate', kind: 'json' },
  adminStaffSendLink: { path: '/admin/staff/send-link', kind: 'json' },
  adminStaffPasswordLink: { path: '/admin/staff/password-link', kind: 'json' },
  adminStaffSetPassword: { path: '/admin/staff/set-password', kind: 'json' },
  adminAuthResetToken: { path: '/admin/auth/reset-token', kind: 'json' },
  adminAuthResetPassword: { path: '/admin/auth/reset-password', kind: 'json' },
  // issue 37: what reached her, and a resend (decision 135)
  adminNotificationsList: { path: '/admin/notifications/list', kind: 'json' },
  adminNotificationsResend: { path: '/admin/notifications/resend', kind: 'json' },
  // issue 38: was she there? (decision 138)
  adminReportsExplainFlag: { path: '/admin/reports/explain-flag', kind: 'json' },
  adminPhotosList: { path: '/admin/photos/list', kind: 'json' },
} as const satisfies Record<string, RoutePath>;

export type RouteName = keyof typeof routePaths;

/** The back office's calls live below API_BASE + ADMIN_PATH_PREFIX; every one of them is for staff only. */
export const ADMIN_PATH_PREFIX = '/admin/';

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

/**
 * GET endpoints at the server's root, outside API_BASE, for load balancers and orchestrators (decision
 * 131): `live` while the process answers, `ready` while it should be sent requests. Public, never cached.
 */
export const probePaths = {
  live: '/livez',
  ready: '/readyz',
} as const satisfies Record<string, `/${string}`>;
