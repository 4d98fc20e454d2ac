import type { Database } from '../../db/schema.ts';

// The inventory of personal data (issue 26, decision 098): every column of every table, classified.
// A column either holds no personal data, or holds someone's — a consumer's (what an erasure reaches),
// a promoter's or a staff member's (their own accounts and work records, which a consumer's erasure
// never touches) — with its rule:
//   'erase'         the value is removed (null) or the row deleted;
//   'pseudonymise'  the value is replaced by one that names no one (NOT NULL or UNIQUE columns);
//   'keep: <why>'   the law lets it stay, and why.
// The type below makes tsc refuse a table or column of schema.ts without a class; personal-data.test.ts
// compares it with the migrated database's own tables and columns, on both databases, so a migration's
// new column without a rule fails too. erasure.ts carries the consumer's rules out.

export type ErasureRule = 'erase' | 'pseudonymise' | `keep: ${string}`;
export type DataSubject = 'consumer' | 'promoter' | 'staff';
export type ColumnClass = { personal: false } | { personal: DataSubject; rule: ErasureRule };

type Inventory = { [T in keyof Database]: { [C in keyof Database[T]]-?: ColumnClass } };

const no: ColumnClass = { personal: false };
const hers = (rule: ErasureRule): ColumnClass => ({ personal: 'consumer', rule });
/** A promoter's own data: her account and her work, kept under her employment, never by a consumer's erasure. */
const promoter: ColumnClass = { personal: 'promoter', rule: "keep: the promoter's own account and work record" };
const staff: ColumnClass = { personal: 'staff', rule: "keep: the staff member's own account and accountability (art. 5(2))" };

/** The registration counts read these rows: they stay, pointing at the pseudonymised consumer row. */
const COUNTS = 'keep: points at the erased consumer row, which names no one; the counts read it';
const PROOF = 'keep: the consent proof (art. 7(1)) and the record that her request was answered (art. 5(2))';

export const PERSONAL_DATA = {
  users: {
    id: no,
    ident: no,
    username: promoter,
    password_hash: no,
    firstname: promoter,
    lastname: promoter,
    email_address: promoter,
    mobile_phone: promoter,
    created_at: no,
    deactivated_at: no,
  },
  territories: { id: no, ident: no, name: no },
  user_territories: { user_id: no, territory_id: no },
  sessions: { id: no, user_id: no, token_hash: no, created_at: no, expires_at: no, revoked_at: no },
  password_resets: { id: no, user_id: no, code_hash: no, created_at: no, expires_at: no, used_at: no, attempts: no },
  // The dev outbox (and any message kept for sending): the messages sent to her are deleted.
  outbox_messages: { id: no, channel: no, recipient: hers('erase'), subject: no, body: hers('erase'), created_at: no },
  // Stored answers for replays: an answer naming her (the officer's export) is deleted; one holding her
  // device's serial (/action/receipt/create) has it made null, so the retry still replays (decision 108). The request's
  // hash is keyed (decision 102): of a body that holds little besides her e-mail (/mgm/invite-consumer),
  // yet without the server's key, which is not in the database, no guess of her e-mail can be checked
  // against it. Rows written before decision 102 hold a plain SHA-256 until the sweep removes them.
  idempotency_keys: {
    scope: no,
    key: no,
    request_hash: hers(
      'keep: HMAC-SHA256 of the whole request under a key not in the database; gone with the row after OUTBOX_MAX_AGE_DAYS',
    ),
    state: no,
    response_status: no,
    response_body: hers('erase'),
    created_at: no,
  },
  // Receipts' images (and promoters' photos) on PostgreSQL; her receipts' bytes go (removeReceiptImages).
  blobs: { key: no, size: no, data: hers('erase'), created_at: no },
  // The register of files (decision 130): a receipt's thumbnail is a small copy of her receipt's image;
  // the row goes with the file (BlobStore.delete).
  blob_objects: {
    key: no,
    sha256: no,
    size: no,
    content_type: no,
    location: no,
    created_at: no,
    stored_at: no,
    attempts: no,
    next_attempt_at: no,
    last_error: no,
    claimed_by: no,
    claimed_until: no,
    thumbnail: hers('erase'),
  },
  blob_deletions: { key: no, requested_at: no, attempts: no, next_attempt_at: no, last_error: no },
  events: { id: no, ident: no, name: no },
  actions: {
    id: no,
    ident: no,
    name: no,
    event_id: no,
    since: no,
    until: no,
    global_status: no,
    created_at: no,
    receipt_count: no,
    territory_id: no,
  },
  action_points: {
    id: no,
    action_id: no,
    position: no,
    name: no,
    street_address: no,
    postal_code: no,
    city_name: no,
    petra_id: no,
    latitude: no,
    longitude: no,
    point_id: no,
  },
  // The register of points (issue 34): stores and their addresses. Its notes are the office's words about
  // a store (the entrance, the stand); the page asks for no one's personal data there.
  points: {
    id: no,
    territory_id: no,
    code: no,
    name: no,
    street_address: no,
    postal_code: no,
    city_name: no,
    latitude: no,
    longitude: no,
    chain: no,
    notes: no,
    search_text: no,
    created_at: no,
    updated_at: no,
    archived_at: no,
  },
  action_assignments: {
    action_id: no,
    user_id: no,
    status: no,
    action_point_id: no,
    last_status_at: no,
    cancelled_at: no,
    test_lead_count: no,
    last_ping_latitude: promoter,
    last_ping_longitude: promoter,
    last_ping_accuracy: no,
    last_ping_at: no,
    checked_in_at: no,
    checked_in_wall_time: no,
    check_in_latitude: promoter,
    check_in_longitude: promoter,
    end_photos_at: no,
  },
  voucher_batches: { id: no, event_id: no, ident: no },
  vouchers: {
    id: no,
    batch_id: no,
    ident: no,
    assigned_to: no,
    assigned_at: no,
    redeemed_at: no,
    redeemed_by: no,
    redeemed_date_time: no,
    redeemed_action_id: no,
  },
  availability: { id: no, user_id: no, since: no, until: no, created_at: no },
  action_status_events: {
    id: no,
    action_id: no,
    user_id: no,
    kind: no,
    action_point_id: no,
    latitude: promoter,
    longitude: promoter,
    cash_terminal_id: no,
    created_at: no,
    wall_time: no,
    received_at: no,
    accuracy: no,
  },
  action_locations: {
    id: no,
    action_id: no,
    user_id: no,
    latitude: promoter,
    longitude: promoter,
    accuracy: no,
    captured_at: no,
    created_at: no,
    wall_time: no,
  },
  poll_answers: { id: no, action_id: no, user_id: no, ident: no, content: promoter, created_at: no, received_at: no },
  action_files: {
    id: no,
    action_id: no,
    user_id: no,
    ident: no,
    position: no,
    blob_key: no,
    content_type: no,
    size: no,
    created_at: no,
    flagged_at: no,
    flagged_by: no,
    // fingerprints of the photo's pixels (decision 138): they name no one
    sha256: no,
    dhash: no,
    dhash_crops: no,
    spread: no,
  },
  action_surveys: { action_id: no, user_id: no, chechboxes: no, text: promoter, created_at: no },
  rate_counters: {
    // /lead/otp's counters carry SHA-256 of her e-mail and number (decision 080): deleted.
    key: hers('erase'),
    count: no,
    expires_at: no,
  },
  leads: {
    id: no,
    user_id: no,
    action_id: no,
    action_point_id: no,
    hostess_code: no,
    // never filled since /lead/register (decision 067); cleared all the same
    email_address: hers('erase'),
    created_at: no,
    wall_time: no,
    consumer_id: hers(COUNTS),
    // a random beacon of the registration (its receipts name it), not of her
    bc: no,
    is_test: no,
    // where she registered
    latitude: hers('erase'),
    longitude: hers('erase'),
    // the form's steps and the phone's form id: nothing of hers, cleared anyway as part of her visit
    trace: hers('erase'),
    receipt_count: no,
  },
  lead_items: {
    id: no,
    lead_id: no,
    kind: no,
    position: no,
    brand: no,
    model: no,
    colour: no,
    serial_number: hers('erase'),
    asset_source: no,
    sku: no,
  },
  action_receipts: {
    id: no,
    action_id: no,
    user_id: no,
    lead_id: no,
    // shown to the report's reviewers masked (GLO12…78), to the brand's client not at all (decision 108)
    device_serial: hers('erase'),
    device_beacon: no,
    // names bytes that are gone once image_removed_at is set
    blob_key: no,
    content_type: no,
    size: no,
    created_at: no,
    image_removed_at: no,
  },
  consumers: {
    id: no,
    // NOT NULL UNIQUE: 'erased-<id>@invalid' (RFC 2606's reserved top-level domain: delivers nowhere)
    email_address: hers('pseudonymise'),
    // NOT NULL: ''
    mobile_number: hers('pseudonymise'),
    first_name: hers('pseudonymise'),
    last_name: hers('pseudonymise'),
    birth_date: hers('erase'),
    inspiration_club_since: hers('erase'),
    created_by_user_id: no,
    created_at: no,
    postal_code: hers('erase'),
    category: hers('erase'),
    secondary_brand: hers('erase'),
    updated_at: no,
    erased_at: no,
  },
  consumer_items: {
    id: no,
    consumer_id: no,
    kind: no,
    brand: no,
    model: no,
    serial_number: hers('erase'),
    sku: no,
    created_at: no,
  },
  // Deleted: SHA-256 of her e-mail and number.
  lead_otps: {
    id: no,
    recipient_hash: hers('erase'),
    user_id: no,
    email_code_hash: no,
    sms_code_hash: no,
    email_wrong_tries: no,
    sms_wrong_tries: no,
    created_at: no,
    expires_at: no,
    consumed_at: no,
  },
  // The brand's device registry: a serial number is the brand's; the link to her goes.
  glo_devices: { serial_number: no, status: no, registered_at: no, consumer_id: hers('erase'), burnt_at: no, created_at: no },
  inspiration_club_members: {
    id: no,
    // NOT NULL: the consumer row's pseudonym; left_at set (she is no longer a member)
    email_address: hers('pseudonymise'),
    consumer_id: hers(COUNTS),
    joined_at: no,
    left_at: no,
  },
  consent_records: {
    id: no,
    consumer_id: hers(PROOF),
    lead_id: no,
    field: no,
    decision: no,
    text_version: no,
    text_hash: no,
    recorded_at: no,
    user_id: no,
    action_id: no,
    action_point_id: no,
    channel: no,
    consent_text_id: no,
    mgm_confirmation_id: no,
  },
  consent_texts: { id: no, field: no, version: no, text_hash: no, text: no, created_at: no },
  mgm_invitations: { id: no, user_id: no, consumer_id: hers(COUNTS), action_id: no, points: no, created_at: no },
  mgm_consent_confirmations: {
    id: no,
    user_id: no,
    consumer_id: hers(PROOF),
    action_id: no,
    action_point_id: no,
    consents: no,
    channel: no,
    // her number: 'erased' (migration 021 lets a confirmed row take exactly this one change)
    recipient: hers('pseudonymise'),
    code_hash: no,
    wrong_tries: no,
    sent_at: no,
    expires_at: no,
    confirmed_at: no,
  },
  mgm_lookups: {
    id: no,
    user_id: no,
    action_id: no,
    // SHA-256 of her e-mail: replaced by a digest of nothing of hers (the probing counts stay)
    email_hash: hers('pseudonymise'),
    call: no,
    outcome: no,
    counted: no,
    looked_up_at: no,
  },
  staff: {
    id: no,
    username: staff,
    password_hash: no,
    firstname: staff,
    lastname: staff,
    created_at: no,
    deactivated_at: no,
    password_set_at: no,
  },
  staff_roles: { staff_id: no, role: no },
  staff_territories: { staff_id: no, territory_id: no },
  staff_sessions: { id: no, staff_id: no, token_hash: no, created_at: no, expires_at: no, revoked_at: no },
  staff_password_links: { id: no, staff_id: no, token_hash: no, created_at: no, expires_at: no, used_at: no },
  staff_password_resets: { id: no, staff_id: no, code_hash: no, created_at: no, expires_at: no, used_at: no, attempts: no },
  audit_log: {
    seq: no,
    id: no,
    at: no,
    actor_type: no,
    actor_id: no,
    actor_name: staff,
    actor_roles: no,
    verb: no,
    object_type: no,
    object_id: no,
    address: staff,
    // Append-only; entries about a consumer carry ids and the officer's reasons, never her fields.
    details: hers('keep: accountability (art. 5(2)); written with ids, never her personal fields'),
  },
  report_reviews: {
    action_id: no,
    user_id: no,
    state: no,
    reason: no,
    note: promoter,
    submitted_at: no,
    reviewed_at: no,
    reviewed_by: no,
    updated_at: no,
  },
  // Who checked which exception of the live day (decision 117): ids and times, no one's data.
  live_exception_checks: {
    kind: no,
    action_id: no,
    user_id: no,
    since: no,
    checked_by: no,
    checked_at: no,
  },
  report_review_events: {
    id: no,
    action_id: no,
    user_id: no,
    kind: no,
    reason: no,
    note: promoter,
    staff_id: no,
    staff_name: staff,
    at: no,
  },
  promoter_phones: { user_id: no, outbox_count: no, outbox_oldest_at: no, last_seen_at: no, outbox_reported_at: no },
  consent_withdrawals: {
    id: no,
    consumer_id: hers(PROOF),
    field: no,
    recorded_at: no,
    staff_id: no,
    staff_name: staff,
    // how she asked, in the officer's words: append-only, the withdrawal's proof (art. 7(3))
    note: hers(PROOF),
    request_id: no,
  },
  consumer_requests: {
    id: no,
    consumer_id: hers(PROOF),
    kind: no,
    state: no,
    received_at: no,
    due_at: no,
    extension_reason: hers(PROOF),
    extended_at: no,
    extended_by: staff,
    note: hers(PROOF),
    created_by: staff,
    created_at: no,
    completed_at: no,
    completed_by: staff,
    outcome_note: hers(PROOF),
  },
  job_locks: { name: no, holder: no, locked_until: no },
  shared_keys: { name: no, fingerprint: no, recorded_at: no },
  // Issue 37 (decision 135): her inbox and her devices' push subscriptions are her own work data; the
  // coordinator's note of a send-back is in `details`, as it is in report_reviews.
  notifications: {
    id: no,
    user_id: no,
    kind: no,
    action_id: no,
    details: promoter,
    topic: no,
    urgent: no,
    created_at: no,
    read_at: no,
    push_devices: no,
    push_sent_at: no,
    push_shown_at: no,
    sms_state: no,
    sms_due_at: no,
    sms_sent_at: no,
    sms_attempts: no,
    sms_claim: no,
    resent_at: no,
    resent_by: no,
  },
  // A push endpoint identifies her phone to its push service.
  push_subscriptions: {
    id: no,
    user_id: no,
    session_id: no,
    endpoint: promoter,
    p256dh: no,
    auth: no,
    created_at: no,
    renewed_at: no,
    last_success_at: no,
    failures: no,
  },
  // Issue 38 (decision 138): the plausibility signals of her report and a coordinator's explanation —
  // her work record; the evidence holds her fixes (as action_locations does).
  integrity_flags: {
    id: no,
    action_id: no,
    user_id: no,
    kind: no,
    subject: no,
    evidence: promoter,
    raised_at: no,
    explained_at: no,
    explained_by: no,
    explanation: promoter,
  },
  push_sends: {
    id: no,
    notification_id: no,
    subscription_id: no,
    topic: no,
    receipt: no,
    state: no,
    created_at: no,
    attempts: no,
    next_attempt_at: no,
    last_error: no,
    claimed_by: no,
    claimed_until: no,
    sent_at: no,
    shown_at: no,
  },
} as const satisfies Inventory;

/** Tables of the database that are no one's data: the migrator's own, and SQLite's. */
export const BOOKKEEPING_TABLES = ['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence'] as const;

export type InventoryTable = keyof typeof PERSONAL_DATA;

/** Every column holding a consumer's data, with its rule: what erasure.ts must reach. */
export function consumerColumns(): { table: InventoryTable; column: string; rule: ErasureRule }[] {
  return Object.entries(PERSONAL_DATA).flatMap(([table, columns]) =>
    Object.entries(columns as Record<string, ColumnClass>).flatMap(([column, c]) =>
      c.personal === 'consumer' ? [{ table: table as InventoryTable, column, rule: c.rule }] : [],
    ),
  );
}

/**
 * The tables an erasure changes (a consumer's column with `erase` or `pseudonymise`), by name: where
 * PostgreSQL keeps dead versions of her rows until the owner's VACUUM (README, Deploying; decision 108).
 */
export function erasedTables(): InventoryTable[] {
  return [...new Set(consumerColumns().flatMap((c) => (c.rule.startsWith('keep') ? [] : [c.table])))].sort();
}
