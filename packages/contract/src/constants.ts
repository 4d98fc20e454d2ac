// Business constants and limits (spec §9).
export const ACTIONS_CURRENT_PAGE_SIZE = 200;
export const ACTIONS_HISTORY_PAGE_SIZE = 100;
export const ACTIONS_HISTORY_SINCE = '2020-01-01 00:00:00';
export const CURRENT_ACTION_STATUSES = ['started', 'accepted'] as const;

export const AVAILABILITY_MIN_HOUR = 6;
export const AVAILABILITY_MAX_HOUR = 22;
export const AVAILABILITY_DEFAULT_FROM_HOUR = 9;
export const AVAILABILITY_DEFAULT_TO_HOUR = 18;
export const CALENDAR_PX_PER_HOUR = 40;
export const CALENDAR_SELECTABLE_MONTHS = 3;

// Ours (decision 056): codes a top-up or 'Generuj kody' assigns, codes one redeem call may give.
export const VOUCHER_TOP_UP_SIZE = 10;
export const VOUCHER_REDEEM_MAX = 50;

/**
 * Ours (decision 072): how old a step from the outbox may be and still count at its tap time — as long
 * as the server keeps its Idempotency-Key (a retry older than that could be applied twice anyway).
 */
export const OUTBOX_MAX_AGE_DAYS = 30;

export const RECEIPTS_PAGE_SIZE = 100;
/**
 * spec §7: a survey sent without a current action uses a fixed fallback action id (value not shown).
 * Ours (decision 060): an id no action can have, so the server answers E_ACTION_NOT_FOUND.
 */
export const SURVEY_FALLBACK_ACTION_UUID = '00000000-0000-0000-0000-000000000000';

export const OTP_LENGTH = 5;
export const OTP_VALIDITY_MINUTES = 10;
export const PHONE_MIN_DIGITS = 4;
export const PHONE_MAX_DIGITS = 15;
export const PHONE_PL_DIGITS = 9;
export const MIN_CONSUMER_AGE = 18;
export const MIN_NAME_LENGTH = 2;
export const MIN_BIRTH_DATE = '1904-01-01';
export const CASH_TERMINAL_MIN = 3;
export const CASH_TERMINAL_MAX = 4;

export const WEBFORM_PROCESS = 'TOURPLANNER';
export const WEBFORM_FORM_IDENT = 'glo.pl-tourplanner';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const ACTION_DISPLAY_FORMAT = 'YYYY-MM-DD HH:mm';

export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const LOCATION_SEND_INTERVAL_MS = 5 * 60_000;
export const LOCATION_SEND_ATTEMPTS = 3;
export const LOCATION_RETRY_DELAY_MS = 3_000;

export const ACTION_PHOTO_WIDTH = 1280;
export const ACTION_PHOTO_HEIGHT = 960;
export const SECOND_SHOT_DELAY_MS = 150;

export const TOAST_DISMISS_MS = 8_000;
export const TOAST_ENTER_MS = 500;
export const TOAST_EXIT_MS = 300;

export const SURVEY_ANSWERS = ['tak', 'nie'] as const;
export const PREVIEW_MAX_PX = 300;

// Our own limits (docs/decisions/004-auth-tokens-and-passwords.md)
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const RESET_CODE_LENGTH = 5;
export const RESET_CODE_VALIDITY_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;

// spec §2 Start action checkboxes and End action reasons; idents are ours (docs/decisions/010-poll-idents.md)
export const START_CHECKLIST = ['has_badge', 'has_tablet', 'has_outfit', 'has_product_stock'] as const;
export const END_REASONS = [
  'no_product_at_location',
  'no_product_in_stock',
  'no_traffic',
  'no_sales',
  'location_change',
  'private_reason',
  'other',
] as const;
export type StartChecklistItem = (typeof START_CHECKLIST)[number];
export type EndReason = (typeof END_REASONS)[number];
/**
 * Ours (decision 119): the end poll's answer when she ends on plan without a reason — not one of §2's
 * seven options, which are shown as they are. A reason is asked only when she ends more than
 * PLANNED_END_GRACE_MINUTES before the action's planned end.
 */
export const END_AS_PLANNED = 'as_planned';
export type EndAnswer = EndReason | typeof END_AS_PLANNED;
export const PLANNED_END_GRACE_MINUTES = 15;
export const OTHER_TEXT_MAX = 500;

/** Upload limits (docs/decisions/011-photo-uploads.md). */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 4;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What the browser aims for after compression (spec §9: 1280×960; about 300 KB a photo). */
export const PHOTO_MAX_SIDE_PX = 1280;
export const PHOTO_TARGET_BYTES = 300 * 1024;

/** Her report's review states (issue 25, decision 090): submitted → approved | changes_requested → resubmitted → approved. */
export const REPORT_REVIEW_STATES = ['submitted', 'changes_requested', 'resubmitted', 'approved'] as const;
