import { z } from 'zod';
import { RECEIPTS_PAGE_SIZE, REPORT_REVIEW_STATES } from './constants.ts';
import { DateTimeString } from './common.ts';
import { ActionPoint, GlobalActionStatus } from './actions.ts';

// spec §3 Sample stats, Receipt; §7 /sample/stats, /action/receipt/*; the report detail's own call
// (/action/report, decision 060). Field names as the spec spells them.
const Ref = z.object({ uuid: z.string().min(1).max(64) });

// --- /sample/stats: devices registered by this promoter, per period (spec §2 Reports list)
export const SAMPLE_BRANDS = ['Glo', 'Vuse', 'Velo'] as const;
export const SampleBrand = z.enum(SAMPLE_BRANDS);
export type SampleBrand = z.infer<typeof SampleBrand>;

export const SampleStatsBody = z.object({
  sample: z.object({
    /** Her own ID (user.ident); anyone else's is refused. */
    hostessCode: z.string().min(1).max(64),
    /** The uuid of her current (started) action, or null without one. */
    currentAction: z.string().min(1).max(64).nullable(),
    /** The uuid of her last finished action, or null. */
    lastAction: z.string().min(1).max(64).nullable(),
  }),
});
export type SampleStatsBody = z.infer<typeof SampleStatsBody>;

export const SampleStatEntry = z.object({ brand: SampleBrand, model: z.string(), count: z.number().int().min(0) });
export type SampleStatEntry = z.infer<typeof SampleStatEntry>;

export const SAMPLE_PERIODS = ['currentAction', 'lastAction', 'currentMonth', 'lastMonth'] as const;
export type SamplePeriod = (typeof SAMPLE_PERIODS)[number];
export const SampleStatsResponse = z.object({
  currentAction: z.array(SampleStatEntry),
  lastAction: z.array(SampleStatEntry),
  currentMonth: z.array(SampleStatEntry),
  lastMonth: z.array(SampleStatEntry),
});
export type SampleStatsResponse = z.infer<typeof SampleStatsResponse>;

// --- /action/receipt/*: a receipt photo of a registration (spec §7; the webform sends it)
const DeviceField = z.string().trim().min(1).max(64).nullable().optional();
export const ReceiptCreateInput = z.object({
  action: Ref,
  device: z.object({ serial: DeviceField, beacon: DeviceField }).optional(),
  /** The registration it belongs to; without it the server answers E_MISSING_LEAD_ID (the webform tolerates it, §8). */
  lead: z.object({ id: z.string().trim().min(1).max(64).nullable().optional() }).optional(),
});
export type ReceiptCreateInput = z.infer<typeof ReceiptCreateInput>;

export const Receipt = z.object({
  uuid: z.string(),
  device: z.object({ serial: z.string().nullable(), beacon: z.string().nullable() }),
});
export type Receipt = z.infer<typeof Receipt>;
export const ReceiptResponse = z.object({ receipt: Receipt });
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

export const ReceiptListBody = z.object({
  action: Ref,
  pagination: z
    .object({ limit: z.number().int().min(1).max(RECEIPTS_PAGE_SIZE), offset: z.number().int().min(0).max(1_000_000) })
    .optional(),
});
export type ReceiptListBody = z.infer<typeof ReceiptListBody>;
export const ReceiptListResponse = z.object({ receipts: z.array(Receipt) });
export type ReceiptListResponse = z.infer<typeof ReceiptListResponse>;

export const ReceiptServeBody = z.object({ receipt: Ref });
export type ReceiptServeBody = z.infer<typeof ReceiptServeBody>;

// --- Her report's review by the back office (issue 25, decision 090): one per action and promoter.
export const ReportReviewState = z.enum(REPORT_REVIEW_STATES);
export type ReportReviewState = z.infer<typeof ReportReviewState>;

/** What her app shows of the review: the state, and while changes are requested what to change. */
export const ReportReviewMark = z.object({
  state: ReportReviewState,
  /** The coordinator's note with the last request for changes; null otherwise. */
  note: z.string().nullable(),
  /** Why: 'photos' | 'survey' | 'times' | 'other' (the back office's REVIEW_REASONS), null without a request. */
  reason: z.string().nullable(),
});
export type ReportReviewMark = z.infer<typeof ReportReviewMark>;

// --- /action/report/resubmit (issue 25): she sends her report back for review after changes were requested.
export const ReportResubmitBody = z.object({ action: Ref });
export type ReportResubmitBody = z.infer<typeof ReportResubmitBody>;
export const ReportResubmitResponse = z.object({ review: ReportReviewMark });
export type ReportResubmitResponse = z.infer<typeof ReportResubmitResponse>;

// --- /action/report/to-fix (ours, issue 33 item 18): her reports sent back for correction, shown on
// top of her action list until she resubmits each.
export const ReportToFix = z.object({
  /** The action's uuid (her report is the action's, decision 060). */
  uuid: z.string(),
  name: z.string(),
  /** The action's planned start (its date is the report's date). */
  since: DateTimeString,
  /** The coordinator's reason and note of the last request for changes. */
  review: ReportReviewMark,
});
export type ReportToFix = z.infer<typeof ReportToFix>;
export const ReportsToFixResponse = z.object({ reports: z.array(ReportToFix) });
export type ReportsToFixResponse = z.infer<typeof ReportsToFixResponse>;

// --- /action/report (ours, decision 060): what the report detail shows beyond the action itself,
// derived from her recorded check-in, check-out and location changes.
export const ActionReportBody = z.object({ action: Ref });
export type ActionReportBody = z.infer<typeof ActionReportBody>;

export const ActionReport = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  /** The action's planned start (its date is the report's date). */
  since: DateTimeString,
  /** City of the first action point (spec §2), null without points. */
  territory: z.string().nullable(),
  hostess: z.object({ firstname: z.string(), lastname: z.string(), ident: z.string() }),
  /** Her first check-in, her last check-out, her first change of point after the start (wall clock). */
  start: DateTimeString.nullable(),
  end: DateTimeString.nullable(),
  locationChange: DateTimeString.nullable(),
  /** Seconds from start to end (or to now while it runs), null before a start. */
  durationSeconds: z.number().int().min(0).nullable(),
  status: GlobalActionStatus,
  /** The points she worked at, in the order she checked in at them; the action's points without a check-in. */
  locations: z.array(ActionPoint),
  /** Her report's review (issue 25): null before she finished. */
  review: ReportReviewMark.nullable(),
});
export type ActionReport = z.infer<typeof ActionReport>;
export const ActionReportResponse = z.object({ report: ActionReport });
export type ActionReportResponse = z.infer<typeof ActionReportResponse>;
