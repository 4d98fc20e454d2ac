import { z } from 'zod';
import { UserActionStatus } from '../actions.ts';
import { DateTimeString } from '../common.ts';
import {
  PLAN_LIMITS,
  actionNameRules,
  cityRules,
  eventIdentRules,
  petraIdRules,
  planMessages,
  pointNameRules,
  postalCodeRules,
  streetRules,
  territoryIdentRules,
} from '../rules/planning.rules.ts';
import { ruledString } from '../zod-rules.ts';
import { AdminActionState, PageBody, PageInfo, TerritoryIdent, UuidRef } from './common.ts';
import { PointCode } from './points.ts';

// The back office's planning of actions (issue 24): /api/admin/actions/*. Field rules and their Polish
// messages are the contract's planning rules, shared with the CSV import (decision 087).

const Ref = UuidRef;
const IdentRef = z.object({ ident: ruledString(territoryIdentRules) });
/** An optional text: absent, null or '' all mean none. */
const optional = (schema: z.ZodType<string>) =>
  z
    .union([schema, z.null()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v));

export const PLAN_POINTS_MAX = 50;
export const PLAN_ASSIGN_MAX = 50;

export const PlanPointInput = z
  .object({
    /** An existing point of the action (kept, with its check-ins); none: a new point. */
    uuid: z.string().min(1).max(64).optional(),
    /**
     * The register's point it is (issue 34, decision 125): its name and address must be the register's.
     * None: the register's point of this name and address, added to the register when there is none.
     */
    code: z.union([PointCode, z.null()]).optional(),
    name: ruledString(pointNameRules),
    streetAddress: ruledString(streetRules),
    postalCode: optional(ruledString(postalCodeRules)),
    cityName: ruledString(cityRules),
    petraId: optional(ruledString(petraIdRules)),
    latitude: z.number().min(-90, planMessages.latitude).max(90, planMessages.latitude).nullable().default(null),
    longitude: z.number().min(-180, planMessages.longitude).max(180, planMessages.longitude).nullable().default(null),
  })
  .refine((p) => (p.latitude === null) === (p.longitude === null), { message: planMessages.coordinatesBoth, path: ['longitude'] });
export type PlanPointInput = z.output<typeof PlanPointInput>;

export const PlanActionInput = z
  .object({
    event: z.object({ ident: ruledString(eventIdentRules) }),
    name: ruledString(actionNameRules),
    since: DateTimeString,
    until: DateTimeString,
    territory: IdentRef,
    points: z.array(PlanPointInput).min(1).max(PLAN_POINTS_MAX),
  })
  .refine((a) => a.until > a.since, { message: planMessages.endNotAfterStart, path: ['until'] });

/**
 * Going on although promoters' schedules conflict (an overlap with another of her actions, a time outside
 * the availability she declared that day): without it such a call is refused with 409
 * E_SCHEDULE_CONFLICT and the list of conflicts, and nothing is written (issue 33, decision 113).
 */
const Confirm = z.boolean().default(false);

/** The action, and the promoters of its territory assigned with it (as the import assigns them). */
export const AdminActionCreateBody = z.object({
  action: PlanActionInput,
  promoters: z.array(Ref).max(PLAN_ASSIGN_MAX).default([]),
  confirm: Confirm,
});
export type AdminActionCreateBody = z.input<typeof AdminActionCreateBody>;

/** New times are checked against the schedules of the promoters already assigned. */
export const AdminActionUpdateBody = z.object({ action: z.intersection(Ref, PlanActionInput), confirm: Confirm });
export type AdminActionUpdateBody = z.input<typeof AdminActionUpdateBody>;

export const AdminActionRefBody = z.object({ action: Ref });
export type AdminActionRefBody = z.input<typeof AdminActionRefBody>;

export const AdminAssignBody = z.object({
  action: Ref,
  promoters: z.array(Ref).min(1).max(PLAN_ASSIGN_MAX),
  confirm: Confirm,
});
export type AdminAssignBody = z.input<typeof AdminAssignBody>;

export const AdminActionListBody = PageBody.extend({
  /** The period: actions that share some time with it (wall clock in APP_TIMEZONE). */
  since: DateTimeString,
  until: DateTimeString,
  territory: TerritoryIdent.optional(),
  event: z.string().trim().min(1).max(PLAN_LIMITS.eventIdent).optional(),
  /** The action's status (decision 110). */
  status: AdminActionState.optional(),
  /** Actions she is assigned to. */
  promoter: z.string().min(1).max(64).optional(),
}).refine((f) => f.until > f.since, { message: 'until must be after since', path: ['until'] });
export type AdminActionListBody = z.input<typeof AdminActionListBody>;

export const AdminActionPoint = z.object({
  uuid: z.string(),
  name: z.string(),
  streetAddress: z.string(),
  postalCode: z.string().nullable(),
  cityName: z.string(),
  petraId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type AdminActionPoint = z.infer<typeof AdminActionPoint>;

export const AdminActionPromoter = z.object({
  uuid: z.string(),
  /** Her hostess code. */
  ident: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Her own status in the action (spec §3 status.user); cancelled: she cancelled it in her app. */
  status: UserActionStatus.nullable(),
  cancelled: z.boolean(),
});

export const AdminAction = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  since: DateTimeString,
  until: DateTimeString,
  /** Derived from what its promoters did and the organiser's cancel (decision 110). */
  status: AdminActionState,
  event: z.object({ uuid: z.string(), ident: z.string(), name: z.string() }),
  /** Null only for actions made before the back office (migration 015), which no coordinator sees. */
  territory: z.object({ uuid: z.string(), ident: z.string(), name: z.string() }).nullable(),
  points: z.array(AdminActionPoint),
  promoters: z.array(AdminActionPromoter),
});
export type AdminAction = z.infer<typeof AdminAction>;

export const AdminActionListResponse = PageInfo.extend({ actions: z.array(AdminAction) });
export type AdminActionListResponse = z.infer<typeof AdminActionListResponse>;

export const AdminActionResponse = z.object({ action: AdminAction });
export type AdminActionResponse = z.infer<typeof AdminActionResponse>;

/**
 * Why an assignment may be a mistake. Without `confirm` a call meeting one is refused with 409
 * E_SCHEDULE_CONFLICT and `data.conflicts` (a list of these); with it, it is made and the answer lists
 * them as `warnings` (issue 33, decision 113). 'outside_availability': she declared availability on
 * that day and the action is not within it.
 */
export const ASSIGNMENT_WARNINGS = ['overlap', 'outside_availability'] as const;
export const AssignmentWarning = z.object({
  promoter: Ref,
  kind: z.enum(ASSIGNMENT_WARNINGS),
  /** For an overlap: her other actions at that time. */
  actions: z.array(z.object({ uuid: z.string(), name: z.string(), since: DateTimeString, until: DateTimeString })),
  /** For outside_availability: the blocks she declared on the action's days (what a confirmation overrides, decision 126). */
  availability: z.array(z.object({ since: DateTimeString, until: DateTimeString })).optional(),
});
export type AssignmentWarning = z.infer<typeof AssignmentWarning>;

export const AdminAssignResponse = z.object({ action: AdminAction, warnings: z.array(AssignmentWarning) });
export type AdminAssignResponse = z.infer<typeof AdminAssignResponse>;

/** data of a 409 E_SCHEDULE_CONFLICT. */
export const ScheduleConflicts = z.object({ conflicts: z.array(AssignmentWarning) });
export type ScheduleConflicts = z.infer<typeof ScheduleConflicts>;

// /api/admin/actions/import (decision 087): multipart, the CSV in `file`, `dryRun` a text field.
// What a write must confirm (issue 33, decision 113), each 'true' when the coordinator saw it in the dry
// run's answer and goes on: actions starting in the past, promoters' schedule conflicts. A write missing
// one it needs is 409 E_PLAN_NOT_CONFIRMED. An event the file names must exist (decision 123: an unknown
// one is an error of its rows); an older form's `confirmNewEvents` is dropped as any unknown field is.
const Flag = z.enum(['true', 'false']).optional();
export const PlanImportFields = z.object({ dryRun: Flag, confirmPast: Flag, confirmConflicts: Flag });
export type PlanImportFields = z.input<typeof PlanImportFields>;

export const PLAN_IMPORT_MAX_ERRORS = 500;
/** The answer lists this many changes at most (the counts are always complete). */
export const PLAN_IMPORT_MAX_CHANGES = 1000;

export const PlanImportError = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type PlanImportError = z.infer<typeof PlanImportError>;

export const PlanImportChange = z.object({
  change: z.enum(['created', 'updated']),
  /** The file's first line of the action. */
  row: z.number().int(),
  event: z.string(),
  name: z.string(),
  territory: z.string(),
  since: DateTimeString,
  until: DateTimeString,
  points: z.number().int(),
  /** Hostess codes the import assigns to it. */
  assigned: z.array(z.string()),
});
export type PlanImportChange = z.infer<typeof PlanImportChange>;

/** An action of the file that starts before now (APP_TIMEZONE's wall clock). */
export const PlanImportPast = z.object({ row: z.number().int(), since: DateTimeString });

/** A promoter the file assigns whose schedule conflicts: by the row naming her. */
export const PlanImportConflict = z.object({
  row: z.number().int(),
  /** Her hostess code. */
  promoter: z.string(),
  kind: z.enum(ASSIGNMENT_WARNINGS),
  /** For an overlap: her other actions then; `row` the file's line of one the file plans, null for one planned already. */
  actions: z.array(z.object({ name: z.string(), since: DateTimeString, until: DateTimeString, row: z.number().int().nullable() })),
});
export type PlanImportConflict = z.infer<typeof PlanImportConflict>;

/** What a write must confirm; each list the first PLAN_IMPORT_MAX_CHANGES, each count complete. */
export const PlanImportConfirmations = z.object({
  past: z.array(PlanImportPast),
  pastCount: z.number().int(),
  conflicts: z.array(PlanImportConflict),
  conflictCount: z.number().int(),
});
export type PlanImportConfirmations = z.infer<typeof PlanImportConfirmations>;

/**
 * A point the file names that the register does not have (by code, or by name and address): the write
 * adds it to the register of its territory (issue 34, decision 125).
 */
export const PlanImportNewPoint = z.object({
  /** The file's first line naming it. */
  row: z.number().int(),
  territory: z.string(),
  name: z.string(),
  streetAddress: z.string(),
  postalCode: z.string().nullable(),
  cityName: z.string(),
});
export type PlanImportNewPoint = z.infer<typeof PlanImportNewPoint>;

export const PlanImportResponse = PlanImportConfirmations.extend({
  dryRun: z.boolean(),
  /** The first PLAN_IMPORT_MAX_CHANGES new points, and how many. */
  newPoints: z.array(PlanImportNewPoint),
  newPointCount: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** What the import creates or changes (unchanged actions left out), in the file's order; the first PLAN_IMPORT_MAX_CHANGES. */
  changes: z.array(PlanImportChange),
});
export type PlanImportResponse = z.infer<typeof PlanImportResponse>;
