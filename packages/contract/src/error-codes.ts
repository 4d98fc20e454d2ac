// Error codes the API answers with (spec §8 plus the ones this server adds), each with its HTTP status.
// The web app maps every code to Polish text in apps/web/src/i18n/pl.ts; an unknown code is shown raw.
export const ERROR_STATUS = {
  // request shape
  E_VALIDATION: 400,
  E_BAD_REQUEST: 400,
  E_UNSUPPORTED_MEDIA_TYPE: 415,
  E_PAYLOAD_TOO_LARGE: 413,
  E_HEADERS_TOO_LARGE: 431,
  E_NOT_FOUND: 404,
  E_METHOD_NOT_ALLOWED: 405,
  // authentication (spec §8)
  E_UNAUTHORIZED: 401,
  E_EXPIRED: 401,
  E_USER_NOT_FOUND: 404,
  E_USER_WRONG_PASSWORD: 401,
  // the back office's login: an unknown username and a wrong password answer alike (decision 107)
  E_WRONG_CREDENTIALS: 401,
  E_TOO_MANY_REQUESTS: 429,
  // password reset
  E_RESET_CODE_INVALID: 422,
  E_RESET_CODE_EXPIRED: 422,
  E_RESET_CODE_TOO_MANY_ATTEMPTS: 429,
  // idempotency
  E_IDEMPOTENCY_KEY_REUSED: 422,
  E_IDEMPOTENCY_IN_PROGRESS: 409,
  // actions, files, vouchers (spec §8; served from the field-actions issue on)
  E_ACTION_NOT_FOUND: 404,
  E_ACTION_POINT_NOT_FOUND: 404,
  E_WRONG_ACTION_STATUS: 409,
  E_ACTION_ALREADY_CHECK_OUT: 409,
  E_FILE_NOT_FOUND: 404,
  E_FILE_ALREADY_EXISTS: 409,
  E_FILE_TOO_LARGE: 413,
  E_TOO_MANY_FILES: 413,
  E_UNSUPPORTED_FILE_TYPE: 415,
  E_INSUFFICIENT_AMOUNT_IN_DB: 409,
  E_MISSING_LEAD_ID: 422,
  // a check-in without the start photos of that action (spec §4: answers, photos, check-in; decision 072)
  E_START_PHOTOS_MISSING: 409,
  // an end 'as planned' (no reason) more than 15 minutes before the planned end (decision 119)
  E_END_REASON_REQUIRED: 422,
  // vouchers (decision 056)
  E_EVENT_NOT_FOUND: 404,
  E_VOUCHER_BATCH_NOT_FOUND: 404,
  E_VOUCHER_NOT_FOUND: 404,
  E_VOUCHER_ALREADY_REDEEMED: 409,
  E_REDEMPTION_IN_FUTURE: 422,
  E_VOUCHERS_LEFT: 409,
  // reports (decision 060)
  E_NOT_YOUR_HOSTESS_CODE: 403,
  E_RECEIPT_NOT_FOUND: 404,
  // the receipt is there (its counts too) but its image was removed by retention or an erasure (decision 099)
  E_RECEIPT_IMAGE_REMOVED: 410,
  // caps a real day never meets (decision 080): final for that lead or action, so 409 (kept by an Idempotency-Key)
  E_LEAD_RECEIPT_LIMIT: 409,
  E_ACTION_RECEIPT_LIMIT: 409,
  // availability (decision 057)
  E_AVAILABILITY_NOT_FOUND: 404,
  E_AVAILABILITY_OUTSIDE_HOURS: 422,
  E_AVAILABILITY_END_NOT_AFTER_START: 422,
  E_AVAILABILITY_SPANS_DAYS: 422,
  E_AVAILABILITY_IN_PAST: 422,
  E_AVAILABILITY_OUTSIDE_WINDOW: 422,
  E_AVAILABILITY_OVERLAP: 409,
  // member-get-member (spec §4)
  E_NO_CONSENTS: 422,
  E_ALREADY_MEMBER: 409,
  E_NO_PRODUCTS: 422,
  E_CONSUMER_NOT_FOUND: 404,
  E_MGM_NOT_ALLOWED: 403,
  E_ALREADY_INVITED: 409,
  E_INVITE_LIMIT: 429,
  // the consumer's confirmation of consents entered through MGM (decision 079)
  E_CONSENTS_OUTDATED: 422,
  E_MGM_CODE_WRONG: 422,
  // consumer registration (spec §8 Registration errors; the registry's own codes are spelt as §8 spells them)
  E_OTP_SEND_LIMIT: 429,
  error_wrong_otp: 422,
  error_wrong_otp_email: 422,
  error_m2_not_found_in_salesforce: 404,
  // /lead/register and /device/burn (spec §8 Registration errors; decision 067 says when each is answered)
  error_consumer_multiple_found: 409,
  error_device_not_found: 422,
  error_device_already_registered: 409,
  error_asset_unavailable: 409,
  error_product_unavailable: 409,
  'ASSET:CREATION_ERROR': 409,
  'PRODUCT_INTEREST:CREATION_ERROR': 409,
  error_unknown_asset_brand_model: 422,
  error_m2_exception: 502,
  // the loyalty club failed but the registration is stored (spec §4: still a success; details carry lead.id, bc).
  // All 4xx: the answer is final and an Idempotency-Key replays it (a 5xx would run the registration again).
  error_ic_registration_failed: 409,
  error_ic_consumer_multiple_found: 409,
  error_ic_consumer_already_exists: 409,
  // the consent text the form showed is no longer the catalogue's: reload it and ask again (decision 067)
  E_CONSENT_TEXT_CHANGED: 409,
  // registrations of one promoter on the exp1707 test action (decision 080)
  E_TEST_LEAD_LIMIT: 409,
  // the back office (issue 24, decision 085)
  E_FORBIDDEN: 403,
  E_NOT_A_PROMOTER: 403,
  E_NOT_STAFF: 403,
  E_ACCOUNT_DEACTIVATED: 403,
  E_PROMOTER_NOT_FOUND: 404,
  E_TERRITORY_NOT_FOUND: 422,
  E_USERNAME_TAKEN: 409,
  E_HOSTESS_CODE_TAKEN: 409,
  // a username or hostess code held outside the caller's territories: names nothing of them (decision 109)
  E_PROMOTER_CONFLICT: 409,
  // staff accounts (issue 34, decision 118): her link to set a password, the last admin, her own account
  E_STAFF_NOT_FOUND: 404,
  E_PASSWORD_LINK_INVALID: 422,
  E_PASSWORD_LINK_EXPIRED: 422,
  E_LAST_ADMIN: 409,
  E_OWN_ACCOUNT: 409,
  E_STAFF_INACTIVE: 409,
  // planning in the back office (issue 24, decision 087)
  E_PLAN_INVALID: 422,
  E_PROMOTER_NOT_OF_TERRITORY: 422,
  // an action of this event, territory, name and times exists already (issue 32, decision 106)
  E_ACTION_EXISTS: 409,
  // a promoter's schedule conflicts and the call did not confirm it; data.conflicts (issue 33, decision 113)
  E_SCHEDULE_CONFLICT: 409,
  // a plan import's write that did not confirm what its dry run listed (past actions, conflicts)
  E_PLAN_NOT_CONFIRMED: 409,
  E_VOUCHER_IMPORT_INVALID: 422,
  // the register of points (issue 34, decisions 124, 125)
  E_POINT_NOT_FOUND: 404,
  // a point of this name and address is in the territory's register already (its code in data.code when the caller sees it)
  E_POINT_EXISTS: 409,
  E_POINT_CODE_TAKEN: 409,
  // an archived point named for a new or changed action: restore it first
  E_POINT_ARCHIVED: 409,
  E_POINTS_INVALID: 422,
  // the promoters' CSV file has errors by row and column (issue 34, decision 121)
  E_PROMOTERS_INVALID: 422,
  // events and territories (issue 34, decision 123): an ident taken by another
  E_EVENT_EXISTS: 409,
  E_TERRITORY_EXISTS: 409,
  // report review, exports, dashboard (issue 25, decisions 090, 092)
  E_REPORT_NOT_FOUND: 404,
  E_REPORT_WRONG_STATE: 409,
  // a plausibility flag not found, or not the caller's to explain (issue 38, decision 138)
  E_FLAG_NOT_FOUND: 404,
  E_PERIOD_TOO_LONG: 422,
  // consumers and consents, the privacy officer (issue 26)
  E_CONSUMER_ERASED: 409,
  E_REQUEST_NOT_FOUND: 404,
  E_REQUEST_WRONG_STATE: 409,
  E_EXTENSION_NOT_ALLOWED: 409,
  // the files' bucket did not confirm a removal (issue 35): the removal is retried, the erasure is not done yet
  E_STORAGE_UNAVAILABLE: 503,
  // Web Push (issue 37, decision 136): an endpoint of no known push service (outside production any https,
  // and http on localhost), an endpoint that is not one of hers, a push's receipt the server never gave,
  // a subscription to a server that sends no pushes (production without VAPID_*)
  E_PUSH_ENDPOINT_NOT_ALLOWED: 422,
  E_PUSH_SUBSCRIPTION_NOT_FOUND: 404,
  E_PUSH_RECEIPT_NOT_FOUND: 404,
  E_PUSH_OFF: 409,
  // anything unexpected; never carries internals
  E_INTERNAL: 500,
  E_SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}
