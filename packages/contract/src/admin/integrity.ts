import { z } from 'zod';
import { DateTimeString } from '../common.ts';
import { visibleLength } from '../rules/visible-text.rules.ts';
import { blankTrimmedText } from '../zod-rules.ts';
import { UuidRef } from './common.ts';

// Issue 38 (decision 138): was she there? Signals of plausibility computed on the server as her data
// arrives, stored with their evidence, shown to the people who review her report — never an automatic
// rejection. The web app words each flag from its kind and its numbers (i18n/pl.ts): 'Zameldowanie
// 820 m od punktu, dokładność 35 m'.

export const INTEGRITY_FLAG_KINDS = [
  /** Check-in farther from the action's point than max(150 m, 2 × the reported accuracy). */
  'check_in_far',
  /** Accuracy over 100 m at check-in: weak evidence, shown, not a fault. */
  'weak_fix',
  /** Implied speed over 150 km/h between consecutive fixes of her action day (gaps over 30 min skipped). */
  'teleport',
  /** 5+ identical consecutive coordinates (6 decimals), accuracy exactly 0, or one accuracy all day. */
  'frozen_fixes',
  /** Tap times in the server's future, or device and server time more than 5 min apart online. */
  'clock_skew',
  /** Fixes during the action's hours more than 500 m from the point for more than 30 minutes. */
  'left_point',
  /** The same photo (SHA-256) as an earlier one: a hard flag. */
  'photo_reused',
  /** A perceptual hash within 6 of 64 bits of one of her photos or of the same point's in 90 days. */
  'photo_similar',
  /** An almost uniform photo (a covered camera). */
  'photo_blank',
] as const;
export const IntegrityFlagKind = z.enum(INTEGRITY_FLAG_KINDS);
export type IntegrityFlagKind = z.infer<typeof IntegrityFlagKind>;

/** Kinds shown as weak evidence, not counted as a fault (in 'Do wyjaśnienia' only beside a fault). */
export const WEAK_INTEGRITY_FLAG_KINDS: readonly IntegrityFlagKind[] = ['weak_fix'];

export const IntegrityFix = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  /** When the fix was taken or she tapped (APP_TIMEZONE wall time). */
  at: DateTimeString,
});
export type IntegrityFix = z.infer<typeof IntegrityFix>;

/** A photo a flag names: hers, or the earlier one it matches (with whose, when the reader may see names). */
export const IntegrityPhoto = z.object({
  uuid: z.string(),
  /** bereal_start, bereal_end, start, end (start/end photos) or survey. */
  kind: z.string(),
  takenAt: DateTimeString,
  action: z.object({ uuid: z.string(), name: z.string() }),
  /** Her hostess code; null for a reader who sees no names (the brand's client). */
  promoter: z.string().nullable(),
});
export type IntegrityPhoto = z.infer<typeof IntegrityPhoto>;

/** The numbers and things a flag rests on; which fields are set depends on its kind. */
export const IntegrityEvidence = z.object({
  distanceMeters: z.number().optional(),
  accuracyMeters: z.number().optional(),
  speedKmh: z.number().optional(),
  /** left_point: minutes away; teleport: minutes between the two fixes. */
  minutes: z.number().optional(),
  /** frozen_fixes: how many identical fixes; how the fixes look frozen. */
  count: z.number().int().optional(),
  frozen: z.enum(['identical', 'zero_accuracy', 'same_accuracy', 'replayed']).optional(),
  /** frozen_fixes 'replayed': the earlier action at the same point whose fixes hers repeat exactly. */
  replayOf: z.object({ action: z.object({ uuid: z.string(), name: z.string() }), day: z.iso.date() }).optional(),
  /** clock_skew: device minus server, in seconds (positive: the device is ahead). */
  skewSeconds: z.number().optional(),
  /** photo_similar: bits of 64 that differ. */
  hashDistance: z.number().int().optional(),
  /** The action point (for the small map). */
  point: z.object({ latitude: z.number(), longitude: z.number(), name: z.string() }).optional(),
  /** The fixes concerned, in the order she took them. */
  fixes: z.array(IntegrityFix).optional(),
  photo: IntegrityPhoto.optional(),
  /** The earlier photo it matches. */
  matches: IntegrityPhoto.optional(),
});
export type IntegrityEvidence = z.infer<typeof IntegrityEvidence>;

export const IntegrityFlag = z.object({
  id: z.string(),
  kind: IntegrityFlagKind,
  raisedAt: DateTimeString,
  evidence: IntegrityEvidence,
  /** 'Wyjaśnione' by a coordinator, with her note; null while open. */
  explained: z.object({ at: DateTimeString, by: z.string(), note: z.string() }).nullable(),
});
export type IntegrityFlag = z.infer<typeof IntegrityFlag>;

export const INTEGRITY_NOTE_MAX = 1000;

// --- /admin/reports/explain-flag: a coordinator marks a flag 'Wyjaśnione' with a note (audited).
export const AdminExplainFlagBody = z.object({
  flag: z.object({ id: z.string().min(1).max(64) }),
  // The note is the explanation: an empty one explains nothing (issue 38's review part).
  note: blankTrimmedText(INTEGRITY_NOTE_MAX).refine((note) => visibleLength(note) > 0, 'Napisz, jak to wyjaśniono'),
});
export type AdminExplainFlagBody = z.input<typeof AdminExplainFlagBody>;
export const AdminExplainFlagResponse = z.object({ flag: IntegrityFlag });
export type AdminExplainFlagResponse = z.infer<typeof AdminExplainFlagResponse>;

// --- /admin/photos/list: 'Zdjęcia' — every start, end and survey photo, newest first, filtered.
export const PHOTO_LIBRARY_KINDS = ['start', 'end', 'survey'] as const;
export const AdminPhotosListBody = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    territory: z.string().trim().min(1).max(40).optional(),
    point: UuidRef.optional(),
    /** Her hostess code (not for the client, who sees no names). */
    promoter: z.string().trim().min(1).max(64).optional(),
    event: z.string().trim().min(1).max(64).optional(),
    kind: z.enum(PHOTO_LIBRARY_KINDS).optional(),
    /** Only photos with an open photo flag. */
    flagged: z.boolean().optional(),
    /** Keyset paging: the `next` of the previous page. */
    after: z.string().max(200).optional(),
    pageSize: z.number().int().min(1).max(200).default(100),
  })
  .refine((f) => f.to >= f.from, { message: 'to must not be before from', path: ['to'] });
export type AdminPhotosListBody = z.input<typeof AdminPhotosListBody>;
export const AdminPhotoItem = IntegrityPhoto.extend({
  point: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  territory: z.string().nullable(),
  event: z.object({ ident: z.string(), name: z.string() }),
  /** Open photo flags of this photo. */
  flags: z.array(IntegrityFlagKind),
});
export type AdminPhotoItem = z.infer<typeof AdminPhotoItem>;
export const AdminPhotosListResponse = z.object({ photos: z.array(AdminPhotoItem), next: z.string().nullable() });
export type AdminPhotosListResponse = z.infer<typeof AdminPhotosListResponse>;
