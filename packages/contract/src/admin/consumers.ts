import { z } from 'zod';
import { WEBFORM_CONSENTS } from '../catalogues.ts';
import { requiredText } from '../zod-rules.ts';
import { PageBody, PageInfo, UuidRef } from './common.ts';

// The data-protection officer's calls (issue 26): find a consumer, her consent history and its proof,
// a withdrawal on her request, and data-subject requests (GDPR art. 7, 12, 15, 17, 20). The `privacy`
// role's alone: every other role, admin included, is refused (permissions consumers.read/manage).

export const CONSUMER_REQUEST_KINDS = ['access', 'portability', 'erasure', 'rectification'] as const;
export const ConsumerRequestKind = z.enum(CONSUMER_REQUEST_KINDS);
export type ConsumerRequestKind = z.infer<typeof ConsumerRequestKind>;

/** pending → completed (carried out) | denied (with a reason); the due date may be extended once while pending. */
export const CONSUMER_REQUEST_STATES = ['pending', 'completed', 'denied'] as const;
export const ConsumerRequestState = z.enum(CONSUMER_REQUEST_STATES);
export type ConsumerRequestState = z.infer<typeof ConsumerRequestState>;

/** How the decision was given: at a registration (webform), by MGM, or withdrawn through the officer. */
export const CONSENT_CHANNELS = ['webform', 'mgm', 'withdrawal'] as const;
export const ConsentChannel = z.enum(CONSENT_CHANNELS);
export type ConsentChannel = z.infer<typeof ConsentChannel>;

export const PRIVACY_REASON_MAX = 500;
export const PRIVACY_NOTE_MAX = 1000;

/** Why the officer looks her up (every look-up is in the audit log with it). */
// Counted in characters that show (decision 107): "\u200b\u200b\u200b" is no reason.
const Reason = requiredText(3, PRIVACY_REASON_MAX);
const Note = requiredText(1, PRIVACY_NOTE_MAX);

/** Exact match, as stored: an e-mail address (compared in lower case) or a number with its prefix (+48600123456). */
export const AdminConsumerFindBody = z.union([
  z.strictObject({ emailAddress: z.string().trim().min(3).max(254), reason: Reason }),
  z.strictObject({
    mobileNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/, 'Oczekiwano numeru telefonu z prefiksem'),
    reason: Reason,
  }),
]);
export type AdminConsumerFindBody = z.input<typeof AdminConsumerFindBody>;

/** Her personal data as held; after an erasure the fields are gone (null) and erasedAt says when. */
export const AdminConsumer = z.object({
  uuid: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  /** YYYY-MM-DD */
  birthDate: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** ISO UTC */
  createdAt: z.string(),
  erasedAt: z.string().nullable(),
});
export type AdminConsumer = z.infer<typeof AdminConsumer>;

export const AdminConsumerFindResponse = z.object({ consumers: z.array(AdminConsumer) });
export type AdminConsumerFindResponse = z.infer<typeof AdminConsumerFindResponse>;

export const AdminConsumerRefBody = z.strictObject({ consumer: UuidRef });
export type AdminConsumerRefBody = z.input<typeof AdminConsumerRefBody>;

/**
 * The fields a consent record may hold: the webform's consents, and two that ride on another's text
 * (§5 personalDataHandling on the registration authorisation's, §7 MGM's emailOptIn on the newsletter's).
 */
export const RECORDED_CONSENT_FIELDS = [...WEBFORM_CONSENTS, 'personalDataHandling', 'emailOptIn'] as const;
export const RecordedConsentField = z.enum(RECORDED_CONSENT_FIELDS);
export type RecordedConsentField = z.infer<typeof RecordedConsentField>;

/** One decision on one consent, with the exact words she was shown and how it is proven. */
export const ConsentHistoryEntry = z.object({
  uuid: z.string(),
  field: RecordedConsentField,
  /** true: given; false: refused or withdrawn. */
  decision: z.boolean(),
  /** ISO UTC */
  recordedAt: z.string(),
  channel: ConsentChannel,
  /** The text shown, word for word, with its version and SHA-256; null when none was stored (old records, withdrawals). */
  text: z.object({ version: z.string(), sha256: z.string(), words: z.string().nullable() }).nullable(),
  /** The promoter who registered her; null for a withdrawal. */
  promoter: z.object({ uuid: z.string(), ident: z.string(), firstname: z.string(), lastname: z.string() }).nullable(),
  action: z.object({ uuid: z.string(), ident: z.string(), name: z.string() }).nullable(),
  point: z.object({ uuid: z.string(), name: z.string(), streetAddress: z.string(), cityName: z.string() }).nullable(),
  /**
   * How it is proven: 'codes' (the webform's e-mail and SMS codes she typed), 'mgm-confirmed' (she
   * confirmed with an SMS code, with when), 'officer' (a withdrawal the officer recorded, with who and the note).
   */
  proof: z.object({
    kind: z.enum(['codes', 'mgm-confirmed', 'officer']),
    confirmedAt: z.string().nullable(),
    staff: z.string().nullable(),
    note: z.string().nullable(),
  }),
});
export type ConsentHistoryEntry = z.infer<typeof ConsentHistoryEntry>;

export const ConsumerRequest = z.object({
  uuid: z.string(),
  consumer: z.object({ uuid: z.string() }),
  kind: ConsumerRequestKind,
  state: ConsumerRequestState,
  /** ISO UTC: when she asked (the month runs from here). */
  receivedAt: z.string(),
  /** ISO UTC: one month after receivedAt, or the extended date. */
  dueAt: z.string(),
  extension: z.object({ reason: z.string(), at: z.string(), by: z.string() }).nullable(),
  note: z.string().nullable(),
  createdBy: z.string(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  outcomeNote: z.string().nullable(),
});
export type ConsumerRequest = z.infer<typeof ConsumerRequest>;

export const AdminConsumerHistoryResponse = z.object({
  consumer: AdminConsumer,
  /** Newest first. */
  consents: z.array(ConsentHistoryEntry),
  /** Each consent's decision now: the newest record of its field. */
  current: z.array(z.object({ field: RecordedConsentField, decision: z.boolean(), since: z.string() })),
  requests: z.array(ConsumerRequest),
});
export type AdminConsumerHistoryResponse = z.infer<typeof AdminConsumerHistoryResponse>;

/** The answer is a file: JSON (the history, its SHA-256 and signature) or a printable PDF. */
export const AdminConsumerProofBody = z.strictObject({ consumer: UuidRef, format: z.enum(['json', 'pdf']) });
export type AdminConsumerProofBody = z.input<typeof AdminConsumerProofBody>;

export const AdminConsumerWithdrawBody = z.strictObject({
  consumer: UuidRef,
  /** The consents she withdraws; each gets a new record (decision false), effective at once. */
  consents: z.array(RecordedConsentField).min(1).max(RECORDED_CONSENT_FIELDS.length),
  /** How she asked (e-mail of …, phone call of …). */
  note: Note,
});
export type AdminConsumerWithdrawBody = z.input<typeof AdminConsumerWithdrawBody>;

export const AdminConsumerWithdrawResponse = z.object({ consents: z.array(ConsentHistoryEntry) });
export type AdminConsumerWithdrawResponse = z.infer<typeof AdminConsumerWithdrawResponse>;

export const AdminConsumerRequestCreateBody = z.strictObject({
  consumer: UuidRef,
  kind: ConsumerRequestKind,
  /** ISO instant she asked; defaults to now. Not in the future, not older than a month. */
  receivedAt: z.iso.datetime({ offset: true }).optional(),
  /** How she asked and how her identity was checked. */
  note: Note.optional(),
});
export type AdminConsumerRequestCreateBody = z.input<typeof AdminConsumerRequestCreateBody>;

export const AdminConsumerRequestResponse = z.object({ request: ConsumerRequest });
export type AdminConsumerRequestResponse = z.infer<typeof AdminConsumerRequestResponse>;

export const AdminConsumerRequestListBody = PageBody.extend({
  consumer: UuidRef.optional(),
  state: ConsumerRequestState.optional(),
  kind: ConsumerRequestKind.optional(),
  /** Only pending requests due before this instant (the officer's "due soon"). */
  dueBefore: z.iso.datetime({ offset: true }).optional(),
});
export type AdminConsumerRequestListBody = z.input<typeof AdminConsumerRequestListBody>;

export const AdminConsumerRequestListResponse = PageInfo.extend({ requests: z.array(ConsumerRequest) });
export type AdminConsumerRequestListResponse = z.infer<typeof AdminConsumerRequestListResponse>;

/** Extend the due date by up to two months (art. 12(3)); only once, only within the first month, with a reason. */
export const AdminConsumerRequestExtendBody = z.strictObject({ request: UuidRef, reason: Reason });
export type AdminConsumerRequestExtendBody = z.input<typeof AdminConsumerRequestExtendBody>;

/** The fields a rectification may correct (at least one). */
export const ConsumerRectification = z
  .strictObject({
    firstName: z.string().trim().min(1).max(80).optional(),
    lastName: z.string().trim().min(1).max(80).optional(),
    emailAddress: z.email().max(254).optional(),
    mobileNumber: z
      .string()
      .trim()
      .regex(/^\+[0-9]{6,15}$/, 'Oczekiwano numeru z prefiksem, np. +48600123456')
      .optional(),
    birthDate: z.iso.date().optional(),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{2}-\d{3}$/, 'Oczekiwano kodu pocztowego NN-NNN')
      .optional(),
  })
  .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'Podaj co najmniej jedno pole do poprawienia' });
export type ConsumerRectification = z.input<typeof ConsumerRectification>;

/**
 * Carry the request out: access and portability answer the export; an erasure removes or pseudonymises
 * her personal fields everywhere (her consent records stay, pointing at no one identifiable); a
 * rectification applies `rectification`. `outcome: 'denied'` closes it without acting (the note says why).
 */
export const AdminConsumerRequestCompleteBody = z
  .strictObject({
    request: UuidRef,
    outcome: z.enum(['completed', 'denied']).default('completed'),
    note: Note.optional(),
    rectification: ConsumerRectification.optional(),
  })
  .refine((b) => b.outcome !== 'denied' || b.note !== undefined, { message: 'Podaj powód odmowy', path: ['note'] });
export type AdminConsumerRequestCompleteBody = z.input<typeof AdminConsumerRequestCompleteBody>;

/** Art. 15/20: what is held about her, machine-readable (no images: receipts are listed, not attached). */
export const ConsumerDataExport = z.object({
  /** ISO UTC */
  exportedAt: z.string(),
  consumer: AdminConsumer,
  items: z.array(
    z.object({
      kind: z.string(),
      brand: z.string(),
      model: z.string().nullable(),
      serialNumber: z.string().nullable(),
      sku: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  registrations: z.array(
    z.object({
      uuid: z.string(),
      createdAt: z.string(),
      action: z.object({ ident: z.string(), name: z.string() }).nullable(),
      point: z.object({ name: z.string(), cityName: z.string() }).nullable(),
      items: z.array(z.object({ brand: z.string(), model: z.string(), serialNumber: z.string().nullable() })),
      receipts: z.array(z.object({ uuid: z.string(), createdAt: z.string(), imageKept: z.boolean() })),
    }),
  ),
  consents: z.array(ConsentHistoryEntry),
  inspirationClub: z.object({ since: z.string().nullable(), leftAt: z.string().nullable() }).nullable(),
  invitations: z.array(z.object({ createdAt: z.string(), action: z.object({ ident: z.string(), name: z.string() }).nullable() })),
});
export type ConsumerDataExport = z.infer<typeof ConsumerDataExport>;

export const AdminConsumerRequestCompleteResponse = z.object({
  request: ConsumerRequest,
  /** access and portability: the export; null otherwise. */
  export: ConsumerDataExport.nullable(),
});
export type AdminConsumerRequestCompleteResponse = z.infer<typeof AdminConsumerRequestCompleteResponse>;
