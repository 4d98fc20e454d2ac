import { z } from 'zod';
import { DateTimeString } from '../common.ts';
import {
  daysBetween,
  PLAN_COPY_MAX,
  PLAN_COPY_SHIFT_MAX_DAYS,
  PLAN_COPY_SOURCES_MAX,
  SCHEDULE_DAYS_MAX,
} from '../rules/plan-copy.rules.ts';
import { PageBody, PageInfo, TerritoryIdent, UuidRef } from './common.ts';
import { AdminAction, ASSIGNMENT_WARNINGS, AssignmentWarning } from './planning.ts';

// Scheduling in the back office (issue 34): promoters' schedules next to an action being planned and
// the actions nobody staffs yet (decision 126), copies and repeats of actions (decision 127).

const Span = z.object({ since: DateTimeString, until: DateTimeString });

/**
 * The schedules of a territory's promoters on the days of since–until (an action being planned): her
 * availability blocks (spec §2), her other actions, and what an assignment to since–until would meet.
 */
export const AdminSchedulesBody = z
  .object({
    territory: TerritoryIdent,
    since: DateTimeString,
    until: DateTimeString,
    /** The action being planned, when it exists: not one of her other actions, and who is on it. */
    action: UuidRef.optional(),
  })
  .refine((b) => b.until > b.since, { message: 'until must be after since', path: ['until'] })
  .refine((b) => daysBetween(b.since, b.until) < SCHEDULE_DAYS_MAX, {
    message: `at most ${SCHEDULE_DAYS_MAX} days`,
    path: ['until'],
  });
export type AdminSchedulesBody = z.input<typeof AdminSchedulesBody>;

export const PromoterSchedule = z.object({
  promoter: z.object({ uuid: z.string(), ident: z.string(), firstname: z.string(), lastname: z.string() }),
  /** Assigned to `action` (and not cancelled by her). */
  assigned: z.boolean(),
  /** The blocks she declared on those days, in time order; none: she declared none. */
  availability: z.array(Span),
  /** Her other actions on those days (not cancelled by anyone), in time order; of any territory, by name and time. */
  actions: z.array(Span.extend({ uuid: z.string(), name: z.string() })),
  /** What an assignment to since–until meets (decision 113's rule); none: she is free then. */
  conflicts: z.array(z.enum(ASSIGNMENT_WARNINGS)),
});
export type PromoterSchedule = z.infer<typeof PromoterSchedule>;

export const AdminSchedulesResponse = z.object({
  /** The days read: from the first one's 00:00:00 to the last one's 23:59:59. */
  days: Span,
  /** The territory's active promoters and those on `action`, by last and first name. */
  promoters: z.array(PromoterSchedule),
});
export type AdminSchedulesResponse = z.infer<typeof AdminSchedulesResponse>;

/**
 * Open actions: still planned, not over, and nobody on them (no promoter assigned, or every one cancelled
 * it in her app), sharing some time with since–until.
 */
export const AdminOpenActionsBody = PageBody.extend({
  since: DateTimeString,
  until: DateTimeString,
  territory: TerritoryIdent.optional(),
}).refine((f) => f.until > f.since, { message: 'until must be after since', path: ['until'] });
export type AdminOpenActionsBody = z.input<typeof AdminOpenActionsBody>;

export const AdminOpenActionsResponse = PageInfo.extend({
  actions: z.array(AdminAction),
  /** How many open actions each territory has in the period (all pages), by ident. */
  territories: z.array(z.object({ ident: z.string(), name: z.string(), count: z.number().int() })),
});
export type AdminOpenActionsResponse = z.infer<typeof AdminOpenActionsResponse>;

/**
 * Copies of actions, each a new action with its own ident and points: every action moves by the days
 * between `from` and each day of `to` (one action to other days: `from` its day; a week to other
 * weeks: `from` its Monday, `to` theirs; a repeat: the days the web app lists). With `promoters`, the
 * promoters on each action (not cancelled) are assigned to its copies, their schedules checked as
 * /assign checks them. All or nothing.
 */
export const AdminActionCopyBody = z
  .object({
    actions: z.array(UuidRef).min(1).max(PLAN_COPY_SOURCES_MAX),
    from: z.iso.date(),
    to: z.array(z.iso.date()).min(1).max(PLAN_COPY_MAX),
    promoters: z.boolean().default(false),
    confirm: z.boolean().default(false),
  })
  .refine((b) => !b.to.includes(b.from), { message: 'a copy onto the day it is copied from', path: ['to'] })
  .refine((b) => b.to.every((day) => Math.abs(daysBetween(b.from, day)) <= PLAN_COPY_SHIFT_MAX_DAYS), {
    message: `at most ${PLAN_COPY_SHIFT_MAX_DAYS} days away`,
    path: ['to'],
  })
  .refine((b) => new Set(b.actions.map((a) => a.uuid)).size * new Set(b.to).size <= PLAN_COPY_MAX, {
    message: `at most ${PLAN_COPY_MAX} copies at once`,
    path: ['to'],
  });
export type AdminActionCopyBody = z.input<typeof AdminActionCopyBody>;

/** A promoter's schedule conflict with one copy (decision 113's kinds). */
export const ActionCopyConflict = AssignmentWarning.extend({
  copy: z.object({ source: UuidRef, name: z.string(), since: DateTimeString, until: DateTimeString }),
});
export type ActionCopyConflict = z.infer<typeof ActionCopyConflict>;

/** The answer lists this many conflicts at most (the count is complete). */
export const PLAN_COPY_CONFLICTS_SHOWN = 500;

/** data of a copy's 409 E_SCHEDULE_CONFLICT. */
export const ActionCopyConflicts = z.object({ conflicts: z.array(ActionCopyConflict), conflictCount: z.number().int() });
export type ActionCopyConflicts = z.infer<typeof ActionCopyConflicts>;

export const AdminActionCopyResponse = z.object({
  /** The copies, action by action and day by day. */
  actions: z.array(AdminAction),
  /** The conflicts confirmed (the first PLAN_COPY_CONFLICTS_SHOWN). */
  warnings: z.array(ActionCopyConflict),
  /** Promoters of an action not assigned to its copies: no longer active, or no longer of its territory. */
  promotersLeft: z.array(
    z.object({ action: UuidRef, promoter: z.object({ uuid: z.string(), ident: z.string(), firstname: z.string(), lastname: z.string() }) }),
  ),
});
export type AdminActionCopyResponse = z.infer<typeof AdminActionCopyResponse>;
