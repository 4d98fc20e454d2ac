import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

// Table types. System timestamps are ISO-8601 UTC text ('…Z'); action and availability times are the
// API's wall-clock text 'YYYY-MM-DD HH:mm:ss' in APP_TIMEZONE. Both sort correctly as text on SQLite
// and PostgreSQL alike (docs/decisions/003-portable-storage.md).

export interface UserTable {
  id: string;
  ident: string;
  username: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  email_address: string | null;
  mobile_phone: string | null;
  created_at: string;
  /** ISO UTC; set by the back office's deactivation: no login, no session, her history stays (decision 085). */
  deactivated_at: string | null;
}

export interface TerritoryTable {
  id: string;
  ident: string;
  name: string;
}

export interface UserTerritoryTable {
  user_id: string;
  territory_id: string;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

export interface OutboxMessageTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  state: 'pending' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export interface BlobTable {
  key: string;
  size: number;
  data: Buffer;
  created_at: string;
}

/** The register of stored files (migration 033, decision 130): where each one's bytes are. */
export interface BlobObjectTable {
  key: string;
  sha256: string;
  size: number;
  content_type: string;
  location: 'local' | 's3';
  created_at: string;
  stored_at: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  thumbnail: Buffer | null;
}

/** A bucket object to remove, until the bucket confirms it. */
export interface BlobDeletionTable {
  key: string;
  requested_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
}

/** The fingerprint of a key every instance must share, as the first instance recorded it (decision 133). */
export interface SharedKeyTable {
  name: string;
  fingerprint: string;
  recorded_at: string;
}

export interface EventTable {
  id: string;
  ident: string;
  name: string;
}

export interface ActionTable {
  id: string;
  ident: string;
  name: string;
  event_id: string;
  since: string;
  until: string;
  global_status: 'started' | 'accepted' | 'finished' | 'hst_cancelled';
  created_at: string;
  /** Receipts of the action, capped (decision 080). */
  receipt_count: Generated<number>;
  /** Where it is planned (the back office scopes coordinators by it); null on actions made before migration 015. */
  territory_id: string | null;
}

export interface ActionPointTable {
  id: string;
  action_id: string;
  position: number;
  name: string;
  street_address: string;
  postal_code: string | null;
  city_name: string;
  petra_id: string | null;
  /** Optional WGS84 coordinates, given by the back office's planning. */
  latitude: number | null;
  longitude: number | null;
  /**
   * The register's point it is (issue 34, decision 124); the columns above are the action's own copy,
   * what her phone and the reports read. Null only for actions without a territory (before the back
   * office) and points written outside the planning (the builders of tests).
   */
  point_id?: string | null;
}

/** A store of a territory's register (issue 34, decision 124): what plans name by its code. */
export interface PointTable {
  id: string;
  territory_id: string;
  /** Unique within the territory, in capitals. */
  code: string;
  name: string;
  street_address: string;
  /** '' for none: the unique key of territory, name and address compares it (two nulls would be distinct). */
  postal_code: string;
  city_name: string;
  latitude: number | null;
  longitude: number | null;
  chain: string | null;
  notes: string | null;
  /** db/point-register.ts pointSearchText: what a search compares, in lower case. */
  search_text: string;
  created_at: string;
  updated_at: string;
  /** Set: archived (kept for the actions at it, not offered for new plans). */
  archived_at: string | null;
}

/** A promoter's participation in an action (spec §3 status.user). */
export interface ActionAssignmentTable {
  action_id: string;
  user_id: string;
  status: 'started' | 'finished' | null;
  action_point_id: string | null;
  last_status_at: string | null;
  cancelled_at: string | null;
  /** Her registrations on this action when it is an exp1707 test action, capped (decision 080). */
  test_lead_count: Generated<number>;
  /** Her newest ping of the action, written with it (decision 096); null before her first. */
  last_ping_latitude: number | null;
  last_ping_longitude: number | null;
  last_ping_accuracy: number | null;
  /** ISO UTC: when her phone took that ping (its capture time, never later than its arrival). */
  last_ping_at: string | null;
  /** Her check-in, written with its status event (decision 101): its created_at (ISO UTC), wall time, position. */
  checked_in_at: string | null;
  checked_in_wall_time: string | null;
  check_in_latitude: number | null;
  check_in_longitude: number | null;
  /** ISO UTC: when her end photos (bereal_end) were first stored; a re-send keeps it (decision 101). */
  end_photos_at: string | null;
}

export interface VoucherBatchTable {
  id: string;
  event_id: string;
  ident: string;
}

export interface VoucherTable {
  id: string;
  batch_id: string;
  ident: string;
  /** The promoter the code was handed to from the batch's pool; null while in the pool. */
  assigned_to: string | null;
  /** ISO UTC. */
  assigned_at: string | null;
  /** ISO UTC: when the server received the redemption. */
  redeemed_at: string | null;
  redeemed_by: string | null;
  /** The redemption's dateTime as sent: wall clock 'YYYY-MM-DD HH:mm:ss' in APP_TIMEZONE. */
  redeemed_date_time: string | null;
  /** Her action that was running at redeemed_date_time. */
  redeemed_action_id: string | null;
}

export interface AvailabilityTable {
  id: string;
  user_id: string;
  since: string;
  until: string;
  created_at: string;
}

export interface ActionStatusEventTable {
  id: string;
  action_id: string;
  user_id: string;
  kind: 'check_in' | 'check_out' | 'cancel';
  action_point_id: string | null;
  latitude: number | null;
  longitude: number | null;
  cash_terminal_id: string | null;
  /** When she tapped (ISO UTC; the body's tappedAt within its bounds, else the receipt time, decision 072). */
  created_at: string;
  /** created_at on the wall clock of APP_TIMEZONE: what the reports and redemptions read. */
  wall_time: string;
  /** When the server received it (ISO UTC); null never written since migration 011. */
  received_at: string | null;
  /** The check-in's reported accuracy in metres (migration 036); null when the phone did not say. */
  accuracy: number | null;
}

export interface ActionLocationTable {
  id: string;
  action_id: string;
  user_id: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  /** When the phone took the position (ISO, as sent); null when the client did not say. */
  captured_at: string | null;
  created_at: string;
  wall_time: string;
}

export interface PollAnswerTable {
  id: string;
  action_id: string;
  user_id: string;
  ident: 'action_start' | 'action_end';
  /** JSON text of the poll content as the client sent it. */
  content: string;
  /** When she answered (ISO UTC; tappedAt within its bounds, decision 072). */
  created_at: string;
  /** When the server received it (ISO UTC). */
  received_at: string | null;
}

export interface ActionFileTable {
  id: string;
  action_id: string;
  user_id: string;
  ident: 'bereal_start' | 'bereal_end' | 'start' | 'end';
  position: number;
  blob_key: string;
  content_type: string;
  size: number;
  created_at: string;
  /** A reviewer flagged it (migration 016): ISO UTC and her staff id. */
  flagged_at: ColumnType<string | null, string | null | undefined, string | null>;
  flagged_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Fingerprints made at ingest (migration 036, decision 138); null for photos stored before. */
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** 64-bit perceptual hash (a DCT pHash, decision 138), 16 hex digits. */
  dhash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The pHashes of its centre at the zooms of photo-fingerprints.ts CROP_SHARES, space-separated (migration 039). */
  dhash_crops: ColumnType<string | null, string | null | undefined, string | null>;
  /** Standard deviation of the luminance (0–128); near 0: a blank photo. */
  spread: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ActionSurveyTable {
  action_id: string;
  user_id: string;
  /** JSON text: three 'tak'/'nie' answers (the spec's spelling). */
  chechboxes: string;
  text: string | null;
  created_at: string;
}

/** A consumer registered by a promoter (spec §3 Lead registration payload; issue 11 adds its fields). */
export interface LeadTable {
  id: string;
  /** The hostess who registered the consumer. */
  user_id: string;
  action_id: string | null;
  action_point_id: string | null;
  hostess_code: string;
  /** Not filled: the consumer is consumer_id's (the registry's), never a lead's column (decision 067). */
  email_address: string | null;
  created_at: string;
  /** 'YYYY-MM-DD HH:mm:ss' in APP_TIMEZONE: the stats' months are ranges of it. */
  wall_time: string;
  /** The consumer registered; null for rows written before /lead/register (the report seed). */
  consumer_id: string | null;
  /** The registration's beacon (meta.bc, 'BC-' and 10 base32 characters); null for seeded rows. */
  bc: string | null;
  /** 1: made on the exp1707 test action (spec §2), left out of the stats. */
  is_test: Generated<0 | 1>;
  latitude: number | null;
  longitude: number | null;
  /** JSON: the form's trace (steps, buildNumber, uuid, isWebView). */
  trace: string | null;
  /** Receipts of the lead, capped (decision 080). */
  receipt_count: Generated<number>;
}

/** spec §3 Asset item (a Glo or Vuse device) or Product interest item (Velo): one counted device each. */
export interface LeadItemTable {
  id: string;
  lead_id: string;
  kind: 'asset' | 'product_interest';
  position: number;
  /** The stats count Glo, Vuse and Velo; Veo and Neo samples are stored, not counted. */
  brand: 'Glo' | 'Vuse' | 'Velo' | 'Veo' | 'Neo';
  /** The device model, or the product interest's name. */
  model: string;
  colour: string | null;
  serial_number: string | null;
  asset_source: string | null;
  sku: string | null;
}

export interface ActionReceiptTable {
  id: string;
  action_id: string;
  user_id: string;
  lead_id: string | null;
  device_serial: string | null;
  device_beacon: string | null;
  blob_key: string;
  content_type: string;
  size: number;
  created_at: string;
  /** ISO UTC: its image was removed by retention or an erasure (migration 020); the row stays for the counts. */
  image_removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A consumer in our registry (decision 063): personal data, never returned to the app. */
export interface ConsumerTable {
  id: string;
  /** Lower-case. */
  email_address: string;
  /** Prefix and number, e.g. '+48600123456'. */
  mobile_number: string;
  first_name: string;
  last_name: string;
  /** 'YYYY-MM-DD' */
  birth_date: string | null;
  /** Inspiration Club member since (ISO UTC); null: not a member. */
  inspiration_club_since: string | null;
  created_by_user_id: string | null;
  created_at: string;
  /** 'NN-NNN' */
  postal_code: string | null;
  /** The consumer form's category and its brand (catalogue consumerCategories). */
  category: string | null;
  secondary_brand: string | null;
  updated_at: string | null;
  /** ISO UTC: her personal fields were erased (migration 020, issue 26); null while held. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A device she owns (asset) or a product she was given (product interest). */
export interface ConsumerItemTable {
  id: string;
  consumer_id: string;
  kind: 'asset' | 'product_interest';
  brand: 'Glo' | 'Vuse' | 'Vype' | 'Neo' | 'Velo' | 'Epok' | 'Veo';
  model: string | null;
  serial_number: string | null;
  sku: string | null;
  created_at: string;
}

/** The codes of one /lead/otp send (hashed), per promoter and e-mail and number (hashed too). */
export interface LeadOtpTable {
  id: string;
  recipient_hash: string;
  user_id: string;
  email_code_hash: string;
  sms_code_hash: string;
  email_wrong_tries: Generated<number>;
  sms_wrong_tries: Generated<number>;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

/** A Glo device serial number the brand has made (upper-case), as the device registry knows it. */
export interface GloDeviceTable {
  serial_number: string;
  status: 'unregistered' | 'registered';
  registered_at: string | null;
  consumer_id: string | null;
  /** Marked as used by /device/burn. */
  burnt_at: string | null;
  created_at: string;
}

/** The loyalty club's member list (Inspiration Club); an e-mail may be listed twice (old imports). */
export interface InspirationClubMemberTable {
  id: string;
  email_address: string;
  consumer_id: string | null;
  joined_at: string;
  /** She left the club: a promoter cannot enrol her again. */
  left_at: string | null;
}

/** GDPR art. 7(1): one consent's decision at one registration, with the text shown. Append-only. */
export interface ConsentRecordTable {
  id: string;
  consumer_id: string;
  lead_id: string | null;
  field: string;
  decision: 0 | 1;
  text_version: string | null;
  text_hash: string | null;
  recorded_at: string;
  user_id: string;
  action_id: string | null;
  action_point_id: string | null;
  channel: 'webform' | 'mgm';
  /** MGM's proof: the consumer's confirmation with a code (migration 013, decision 079); null for the webform's. */
  mgm_confirmation_id?: string | null;
}

/** Consents a promoter entered through MGM, pending until the consumer confirms them with a code (decision 079). */
export interface MgmConsentConfirmationTable {
  id: string;
  user_id: string;
  consumer_id: string;
  action_id: string;
  action_point_id: string | null;
  /** JSON: [{ field, decision, text_version, text_hash }]. */
  consents: string;
  channel: 'sms';
  recipient: string;
  code_hash: string;
  wrong_tries: Generated<number>;
  sent_at: string;
  expires_at: string;
  confirmed_at: string | null;
}

/** One MGM call that looked a consumer up by e-mail (decision 079): the back office's view of probing. */
export interface MgmLookupTable {
  id: string;
  user_id: string;
  action_id: string;
  email_hash: string;
  call: 'validate' | 'update' | 'confirm' | 'invite';
  /** 'ok' or the error code it answered. */
  outcome: string;
  counted: 0 | 1;
  looked_up_at: string;
}

/** A stored consent record: the record and the text shown (migration 012, decision 078). */
export interface StoredConsentRecordTable extends ConsentRecordTable {
  /** consent_texts.id; null when no text was shown, and on records made before migration 012 */
  consent_text_id: string | null;
}

/** Each consent text the form or MGM showed, once, word for word (decision 078). Append-only. */
export interface ConsentTextTable {
  id: string;
  /** the catalogue's consent field the text belongs to */
  field: string;
  version: string;
  /** SHA-256 of text */
  text_hash: string;
  text: string;
  created_at: string;
}

/** A member-get-member invitation (decision 070): one per consumer; its points are the promoter's. */
export interface MgmInvitationTable {
  id: string;
  user_id: string;
  consumer_id: string;
  action_id: string;
  points: number;
  created_at: string;
}

/** A fixed-window counter: requests per address, failed guesses per username (plugins/rate-counters.ts). */
export interface RateCounterTable {
  key: string;
  count: number;
  /** ISO UTC: the end of the current window. */
  expires_at: string;
}

/** A back-office account (decision 085): never a promoter, never in users. */
export interface StaffTable {
  id: string;
  username: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  created_at: string;
  deactivated_at: string | null;
  /** When she last set her password (migration 030); null: an account made on the page, before she used her link. */
  password_set_at: string | null;
}

/** A one-time link to set a staff member's password (migration 030, decision 118): its token's hash only. */
export interface StaffPasswordLinkTable {
  id: string;
  staff_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Used, or voided (a newer link, a password set another way, her deactivation). */
  used_at: string | null;
}

/** A staff member's password reset code sent by e-mail (migration 030, decision 120): PasswordResetTable's twin. */
export interface StaffPasswordResetTable {
  id: string;
  staff_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

export interface StaffRoleTable {
  staff_id: string;
  role: string;
}

export interface StaffTerritoryTable {
  staff_id: string;
  territory_id: string;
}

export interface StaffSessionTable {
  id: string;
  staff_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Append-only (decision 086): who did or was refused what under /api/admin, and from where. */
export interface AuditLogTable {
  /**
   * The order the entries were written in (migration 024): given by the database, never reused. A
   * bigint, which PostgreSQL's driver hands over as a string; only ever ordered by.
   */
  seq: Generated<number | string>;
  id: string;
  at: string;
  actor_type: 'staff' | 'promoter' | 'anonymous' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  actor_roles: string;
  verb: string;
  object_type: string | null;
  object_id: string | null;
  address: string | null;
  /** JSON text. */
  details: string | null;
}

/** Her report of an action under review (migration 016, decision 090); none: submitted once she finished. */
/** 'Sprawdzone' on a live-day exception (decision 117): who checked it and when. */
export interface LiveExceptionCheckTable {
  kind: string;
  action_id: string;
  user_id: string;
  /** ISO UTC, the exception's since. */
  since: string;
  checked_by: string;
  checked_at: string;
}

export interface ReportReviewTable {
  action_id: string;
  user_id: string;
  state: 'submitted' | 'changes_requested' | 'resubmitted' | 'approved';
  reason: string | null;
  note: string | null;
  submitted_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  updated_at: string;
}

export interface ReportReviewEventTable {
  id: string;
  action_id: string;
  user_id: string;
  kind: 'approved' | 'changes_requested' | 'resubmitted';
  reason: string | null;
  note: string | null;
  staff_id: string | null;
  staff_name: string | null;
  at: string;
}

/** Her phone's last X-Outbox report and last call (migration 017, decision 091). */
export interface PromoterPhoneTable {
  user_id: string;
  outbox_count: number;
  outbox_oldest_at: string | null;
  last_seen_at: string;
  outbox_reported_at: string | null;
}

/** A withdrawal the privacy officer recorded on her request (migration 020): a new record, never an edit. Append-only. */
export interface ConsentWithdrawalTable {
  id: string;
  consumer_id: string;
  field: string;
  recorded_at: string;
  staff_id: string;
  staff_name: string;
  note: string;
  request_id: string | null;
}

/** A data-subject request (migration 020): access, portability, erasure or rectification, due in a month. */
export interface ConsumerRequestTable {
  id: string;
  consumer_id: string;
  kind: 'access' | 'portability' | 'erasure' | 'rectification';
  state: 'pending' | 'completed' | 'denied';
  received_at: string;
  due_at: string;
  extension_reason: string | null;
  extended_at: string | null;
  extended_by: string | null;
  note: string | null;
  created_by: string;
  created_at: string;
  completed_at: string | null;
  completed_by: string | null;
  outcome_note: string | null;
}

/** A scheduled job's lock (migration 020): one server instance at a time runs it. */
export interface JobLockTable {
  name: string;
  holder: string;
  locked_until: string;
}

/** Her inbox (migration 035, decision 135): one row per event for one promoter. */
export interface NotificationTable {
  id: Generated<number>;
  user_id: string;
  kind: 'report_returned' | 'action_cancelled' | 'action_moved' | 'action_assigned' | 'plan_changed';
  action_id: string | null;
  /** JSON: the contract's NotificationDetails, as it was when the event happened. */
  details: string;
  topic: string;
  /** 1: Urgency high (a send-back, a same-day cancellation). */
  urgent: number;
  created_at: string;
  read_at: string | null;
  push_devices: number;
  push_sent_at: string | null;
  push_shown_at: string | null;
  sms_state: 'not_needed' | 'waiting' | 'quiet_hours' | 'sent' | 'failed';
  sms_due_at: string | null;
  sms_sent_at: string | null;
  sms_attempts: number;
  /**
   * The random token of the sender that claimed the SMS (migration 037): only it writes the outcome; a
   * resend clears it. Null while no claim stands.
   */
  sms_claim?: string | null;
  resent_at: string | null;
  resent_by: string | null;
}

/** One Web Push subscription per device/session (migration 035). */
export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  session_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  renewed_at: string;
  last_success_at: string | null;
  failures: number;
}

/** The push sender's queue: one row per notification × subscription (migration 035). */
export interface PushSendTable {
  id: string;
  notification_id: number;
  subscription_id: string;
  topic: string;
  receipt: string;
  state: 'pending' | 'sent' | 'superseded' | 'failed' | 'gone';
  created_at: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  shown_at: string | null;
}

/** A plausibility signal of a report, with its evidence (migration 036, decision 138). */
export interface IntegrityFlagTable {
  id: string;
  action_id: string;
  user_id: string;
  kind:
    | 'check_in_far'
    | 'weak_fix'
    | 'teleport'
    | 'frozen_fixes'
    | 'clock_skew'
    | 'left_point'
    | 'photo_reused'
    | 'photo_similar'
    | 'photo_blank';
  /** What tells two flags of one kind apart: '' per action, a photo's id, a pair of fixes. */
  subject: string;
  /** JSON: the contract's IntegrityEvidence. */
  evidence: string;
  raised_at: string;
  explained_at: string | null;
  explained_by: string | null;
  explanation: string | null;
}

export interface Database {
  users: UserTable;
  territories: TerritoryTable;
  user_territories: UserTerritoryTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  outbox_messages: OutboxMessageTable;
  idempotency_keys: IdempotencyKeyTable;
  blobs: BlobTable;
  blob_objects: BlobObjectTable;
  blob_deletions: BlobDeletionTable;
  shared_keys: SharedKeyTable;
  events: EventTable;
  actions: ActionTable;
  action_points: ActionPointTable;
  points: PointTable;
  action_assignments: ActionAssignmentTable;
  voucher_batches: VoucherBatchTable;
  vouchers: VoucherTable;
  availability: AvailabilityTable;
  action_status_events: ActionStatusEventTable;
  action_locations: ActionLocationTable;
  poll_answers: PollAnswerTable;
  action_files: ActionFileTable;
  action_surveys: ActionSurveyTable;
  rate_counters: RateCounterTable;
  leads: LeadTable;
  lead_items: LeadItemTable;
  action_receipts: ActionReceiptTable;
  consumers: ConsumerTable;
  consumer_items: ConsumerItemTable;
  lead_otps: LeadOtpTable;
  glo_devices: GloDeviceTable;
  inspiration_club_members: InspirationClubMemberTable;
  consent_records: StoredConsentRecordTable;
  consent_texts: ConsentTextTable;
  mgm_invitations: MgmInvitationTable;
  mgm_consent_confirmations: MgmConsentConfirmationTable;
  mgm_lookups: MgmLookupTable;
  staff: StaffTable;
  staff_roles: StaffRoleTable;
  staff_territories: StaffTerritoryTable;
  staff_sessions: StaffSessionTable;
  staff_password_links: StaffPasswordLinkTable;
  staff_password_resets: StaffPasswordResetTable;
  audit_log: AuditLogTable;
  report_reviews: ReportReviewTable;
  live_exception_checks: LiveExceptionCheckTable;
  report_review_events: ReportReviewEventTable;
  promoter_phones: PromoterPhoneTable;
  consent_withdrawals: ConsentWithdrawalTable;
  consumer_requests: ConsumerRequestTable;
  job_locks: JobLockTable;
  notifications: NotificationTable;
  push_subscriptions: PushSubscriptionTable;
  push_sends: PushSendTable;
  integrity_flags: IntegrityFlagTable;
}

/**
 * The handle every query goes through. Declared with the tables rather than in kysely.ts, which opens
 * the database: prepared-query.ts needs the type and kysely.ts needs prepared-query.ts (no cycle).
 */
export type Db = Kysely<Database>;

export type User = Selectable<UserTable>;
export type Session = Selectable<SessionTable>;
