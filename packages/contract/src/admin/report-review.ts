import { z } from 'zod';
import { DateTimeString } from '../common.ts';
import { SurveyAnswer } from '../actions.ts';
import { ReportReviewState } from '../reports.ts';
import { visibleLength } from '../rules/visible-text.rules.ts';
import { blankTrimmedText } from '../zod-rules.ts';
import { AdminActionState, PageBody, PageInfo, TerritoryIdent, UuidRef } from './common.ts';
import { IntegrityFlag } from './integrity.ts';
import { LiveExceptionKind } from './live.ts';

// The back office's report review (issue 25, decision 090): one report per action and promoter, with
// the states submitted → approved | changes_requested → (she resubmits) resubmitted → approved.

/** Why a coordinator asks for changes; the note says what exactly. */
export const REVIEW_REASONS = ['photos', 'survey', 'times', 'other'] as const;
export const ReviewReason = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof ReviewReason>;

export const REVIEW_NOTE_MAX = 1000;
export const REPORTS_BULK_MAX = 200;

const PromoterIdentRef = z.object({ ident: z.string().trim().min(1).max(64) });
/** A report: the action and one of its promoters. */
export const ReportRef = z.object({ action: UuidRef, promoter: PromoterIdentRef });
export type ReportRef = z.input<typeof ReportRef>;

export const AdminReportsListBody = PageBody.extend({
  /** The period: reports of actions planned to start on these days (YYYY-MM-DD, APP_TIMEZONE), both included. */
  from: z.iso.date(),
  to: z.iso.date(),
  territory: TerritoryIdent.optional(),
  state: ReportReviewState.optional(),
  event: z.string().trim().min(1).max(64).optional(),
  /** Her hostess code. */
  promoter: z.string().trim().min(1).max(64).optional(),
  /** 'Do wyjaśnienia' (issue 38): reports with an open plausibility flag that is not weak evidence. */
  flagged: z.boolean().optional(),
}).refine((f) => f.to >= f.from, { message: 'to must not be before from', path: ['to'] });
export type AdminReportsListBody = z.input<typeof AdminReportsListBody>;

export const AdminReportSummary = z.object({
  action: z.object({
    uuid: z.string(),
    ident: z.string(),
    name: z.string(),
    since: DateTimeString,
    until: DateTimeString,
    /** Derived from what its promoters did and the organiser's cancel (decision 110). */
    status: AdminActionState,
    territory: z.object({ ident: z.string(), name: z.string() }).nullable(),
    event: z.object({ ident: z.string(), name: z.string() }),
  }),
  promoter: z.object({ uuid: z.string(), ident: z.string(), firstname: z.string(), lastname: z.string() }),
  state: ReportReviewState,
  /** Her tapped start and end (wall clock), null without one. */
  start: DateTimeString.nullable(),
  end: DateTimeString.nullable(),
  /** When she finished or last resubmitted (ISO UTC). */
  submittedAt: z.string(),
  registrations: z.number().int().min(0),
  codesHandedOut: z.number().int().min(0),
  flaggedPhotos: z.number().int().min(0),
  /** Plausibility flags (issue 38): how many are open, weak evidence included; 0 for the brand's client. */
  openFlags: z.number().int().min(0),
});
export type AdminReportSummary = z.infer<typeof AdminReportSummary>;

export const AdminReportsListResponse = PageInfo.extend({ reports: z.array(AdminReportSummary) });
export type AdminReportsListResponse = z.infer<typeof AdminReportsListResponse>;

export const AdminReportGetBody = ReportRef;
export type AdminReportGetBody = z.input<typeof AdminReportGetBody>;

const Position = z.object({ latitude: z.number(), longitude: z.number() }).nullable();

export const AdminReportTimelineEntry = z.object({
  kind: z.enum(['planned_start', 'planned_end', 'check_in', 'check_out', 'cancel', 'resubmitted', 'review']),
  /** Wall clock (APP_TIMEZONE). */
  at: DateTimeString,
  point: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  position: Position,
  /** Distance in metres from the position to the nearest point with coordinates. */
  distanceMeters: z.number().nullable(),
  /** For a review: its decision and note. */
  note: z.string().nullable(),
});
export type AdminReportTimelineEntry = z.infer<typeof AdminReportTimelineEntry>;

export const AdminReportPhoto = z.object({
  uuid: z.string(),
  ident: z.enum(['bereal_start', 'bereal_end', 'start', 'end']),
  /** ISO UTC. */
  createdAt: z.string(),
  flagged: z.boolean(),
});
export type AdminReportPhoto = z.infer<typeof AdminReportPhoto>;

export const AdminReviewEntry = z.object({
  decision: z.enum(['approved', 'changes_requested']),
  reason: ReviewReason.nullable(),
  note: z.string().nullable(),
  /** ISO UTC. */
  at: z.string(),
  reviewer: z.object({ name: z.string() }),
});
export type AdminReviewEntry = z.infer<typeof AdminReviewEntry>;

/** An exception of the live day's rules that holds for this report (decision 116): the reviewers' alone. */
export const AdminReportException = z.object({
  kind: LiveExceptionKind,
  /** ISO UTC: since when it holds. */
  since: z.string(),
  distanceMeters: z.number().nullable(),
  minutes: z.number().int().nullable(),
});
export type AdminReportException = z.infer<typeof AdminReportException>;

export const AdminReport = AdminReportSummary.extend({
  timeline: z.array(AdminReportTimelineEntry),
  photos: z.array(AdminReportPhoto),
  receipts: z.array(
    z.object({
      uuid: z.string(),
      /** false once retention or an erasure removed its image (decision 099): the receipt still counts. */
      imageKept: z.boolean(),
      device: z.object({ serial: z.string().nullable(), beacon: z.string().nullable() }),
    }),
  ),
  /** Start checklist and end survey as she sent them. */
  polls: z.array(z.object({ ident: z.enum(['action_start', 'action_end']), content: z.string() })),
  survey: z.object({ chechboxes: z.array(SurveyAnswer), text: z.string().nullable() }).nullable(),
  /** Registrations per brand and model: counts only, never a consumer's data. */
  registrationsByModel: z.array(z.object({ brand: z.string(), model: z.string(), count: z.number().int() })),
  reviews: z.array(AdminReviewEntry),
  /** Her shift against the plan (started early, past the planned end, short): empty for the client. */
  exceptions: z.array(AdminReportException),
  /** Plausibility flags (issue 38), open and explained, oldest first: empty for the client (a tool of the review). */
  flags: z.array(IntegrityFlag),
});
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminReportResponse = z.object({
  report: AdminReport,
  /** The map's tiles (MAP_TILE_URL, as the live map's); null tileUrl: the flags' small map draws points and distances only. */
  map: z.object({ tileUrl: z.string().nullable(), attribution: z.string() }),
});
export type AdminReportResponse = z.infer<typeof AdminReportResponse>;

export const AdminReviewBody = ReportRef.extend({
  decision: z.enum(['approved', 'changes_requested']),
  reason: ReviewReason.optional(),
  note: blankTrimmedText(REVIEW_NOTE_MAX).optional(),
}).refine((b) => b.decision !== 'changes_requested' || visibleLength(b.note ?? '') > 0, {
  message: 'Podaj, co trzeba poprawić',
  path: ['note'],
});
export type AdminReviewBody = z.input<typeof AdminReviewBody>;

/** Bulk approval of a filtered list: every report named, all or nothing. */
export const AdminReviewBulkBody = z.object({ reports: z.array(ReportRef).min(1).max(REPORTS_BULK_MAX) });
export type AdminReviewBulkBody = z.input<typeof AdminReviewBulkBody>;
export const AdminReviewBulkResponse = z.object({ reports: z.array(AdminReportSummary) });
export type AdminReviewBulkResponse = z.infer<typeof AdminReviewBulkResponse>;

export const AdminReportFileBody = z.object({ file: UuidRef });
export type AdminReportFileBody = z.input<typeof AdminReportFileBody>;
export const AdminReportReceiptBody = z.object({ receipt: UuidRef });
export type AdminReportReceiptBody = z.input<typeof AdminReportReceiptBody>;
export const AdminReportFlagBody = z.object({ file: UuidRef, flagged: z.boolean() });
export type AdminReportFlagBody = z.input<typeof AdminReportFlagBody>;
export const AdminReportFlagResponse = z.object({ photo: AdminReportPhoto });
export type AdminReportFlagResponse = z.infer<typeof AdminReportFlagResponse>;
