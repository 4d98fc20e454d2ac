import { z } from 'zod';
import { DateTimeString } from '../common.ts';
import { UserActionStatus } from '../actions.ts';
import { AdminActionState, TerritoryIdent, UuidRef } from './common.ts';
import { AdminActionPoint } from './planning.ts';

// /api/admin/live (issue 25, decision 091): today's actions in the caller's territories with each
// promoter's last position and what still waits on her phone; the exceptions a coordinator works through.

export const AdminLiveBody = z.object({ territory: TerritoryIdent.optional() });
export type AdminLiveBody = z.input<typeof AdminLiveBody>;

/** What her phone reported with its last call (the X-Outbox header): items waiting, and the oldest one's time. */
export const PhoneOutbox = z.object({
  count: z.number().int().min(0),
  /** ISO UTC; null when nothing waits. */
  oldestAt: z.string().nullable(),
});
export type PhoneOutbox = z.infer<typeof PhoneOutbox>;

export const LivePosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number(),
  /** ISO UTC: when her phone took it. */
  capturedAt: z.string(),
});
export type LivePosition = z.infer<typeof LivePosition>;

export const LivePromoter = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  /** Her status in the action: null not started, started, finished; cancelled: she cancelled it. */
  status: UserActionStatus.nullable(),
  cancelled: z.boolean(),
  /** Her tapped start (wall clock), null before. */
  startedAt: DateTimeString.nullable(),
  lastPosition: LivePosition.nullable(),
  /** Metres from her last position to the nearest point with coordinates; null without either. */
  distanceMeters: z.number().nullable(),
  outbox: PhoneOutbox.nullable(),
  /** ISO UTC: her phone's last call of any kind; null: never seen. */
  lastSeenAt: z.string().nullable(),
});
export type LivePromoter = z.infer<typeof LivePromoter>;

export const LiveAction = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  since: DateTimeString,
  until: DateTimeString,
  /** Derived from what its promoters did and the organiser's cancel (decision 110). */
  status: AdminActionState,
  territory: z.object({ ident: z.string(), name: z.string() }).nullable(),
  points: z.array(AdminActionPoint),
  promoters: z.array(LivePromoter),
});
export type LiveAction = z.infer<typeof LiveAction>;

export const LIVE_EXCEPTION_KINDS = [
  /** Not started 15 minutes after the planned start. */
  'not_started',
  /** Started farther than LIVE_FAR_METERS (default 300) from every point of the action. */
  'started_far',
  /** Running, and no position for 20 minutes. */
  'no_position',
  /** Finished without the end photos (bereal_end). */
  'finished_without_end_photos',
  /** Her phone reports items still waiting to be sent. */
  'data_on_phone',
  /** Started LIVE_EARLY_START_MINUTES (default 60) or more before the planned start (decision 116). */
  'started_early',
  /** Still running, or finished, LIVE_OVERRUN_MINUTES (default 30) or more after the planned end (decision 116). */
  'past_planned_end',
  /** Finished after less than LIVE_SHORT_SHIFT_PERCENT (default 50) % of the planned time (decision 116). */
  'short_shift',
  /** An open plausibility flag (not weak evidence) raised today on her action (issue 38, decision 138): since the first. */
  'integrity_flag',
] as const;
export const LiveExceptionKind = z.enum(LIVE_EXCEPTION_KINDS);
export type LiveExceptionKind = z.infer<typeof LiveExceptionKind>;

export const LiveException = z.object({
  kind: LiveExceptionKind,
  action: z.object({ uuid: z.string(), name: z.string() }),
  promoter: z.object({ uuid: z.string(), ident: z.string(), name: z.string() }),
  /** ISO UTC: since when the exception holds (planned start + 15 min, her start, last position + 20 min, …). */
  since: z.string(),
  /** For started_far: metres from her start to the nearest point. */
  distanceMeters: z.number().nullable(),
  /** started_early: minutes before the planned start; past_planned_end: after the planned end (so far, or at her end); short_shift: minutes worked. */
  minutes: z.number().int().nullable(),
  /** 'Sprawdzone' (decision 117): who of the territory's coordinators checked it, and when (ISO UTC); null: in the queue. */
  checked: z.object({ by: z.object({ uuid: z.string(), name: z.string() }), at: z.string() }).nullable(),
});
export type LiveException = z.infer<typeof LiveException>;

/** 'Sprawdzone' set or taken back on one exception: its identity as the live day answered it. */
export const AdminLiveCheckBody = z.object({
  exception: z.object({
    kind: LiveExceptionKind,
    action: UuidRef,
    promoter: UuidRef,
    since: z.iso.datetime(),
  }),
  checked: z.boolean(),
});
export type AdminLiveCheckBody = z.input<typeof AdminLiveCheckBody>;
export const AdminLiveCheckResponse = z.object({ checked: LiveException.shape.checked });
export type AdminLiveCheckResponse = z.infer<typeof AdminLiveCheckResponse>;

export const AdminLiveResponse = z.object({
  /** ISO UTC: the time the answer describes. */
  at: z.string(),
  /** The map's tiles (configuration MAP_TILE_URL, MAP_ATTRIBUTION); null tileUrl: no tiles, markers only. */
  map: z.object({ tileUrl: z.string().nullable(), attribution: z.string() }),
  actions: z.array(LiveAction),
  exceptions: z.array(LiveException),
  /**
   * Files that wait for the bucket (issue 35, decision 130): how many, and since when the oldest (ISO
   * UTC, null when none). The whole system's, not the caller's territories': the bucket is one. Null
   * when files are not kept in a bucket (BLOB_STORE is not s3).
   */
  pendingFiles: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }).nullable(),
});
export type AdminLiveResponse = z.infer<typeof AdminLiveResponse>;
