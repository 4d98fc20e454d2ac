import { z } from 'zod';
import { TerritoryIdent } from './common.ts';
import { LiveExceptionKind } from './live.ts';

// /api/admin/dashboard (issue 25, decision 092): a period's numbers for the charts.

export const DASHBOARD_DAYS_MAX = 92;

export const AdminDashboardBody = z
  .object({
    /** YYYY-MM-DD (APP_TIMEZONE), both included; at most DASHBOARD_DAYS_MAX days. */
    from: z.iso.date(),
    to: z.iso.date(),
    territory: TerritoryIdent.optional(),
  })
  .refine((b) => b.to >= b.from, { message: 'to must not be before from', path: ['to'] });
export type AdminDashboardBody = z.input<typeof AdminDashboardBody>;

export const AdminDashboardResponse = z.object({
  /** Every day of the period, zeros included. */
  days: z.array(
    z.object({
      date: z.string(),
      registrations: z.object({ Glo: z.number().int(), Vuse: z.number().int(), Velo: z.number().int() }),
      codesHandedOut: z.number().int(),
    }),
  ),
  /** The period's actions by their status (decision 110), each once: the five add up to total. */
  actions: z.object({
    total: z.number().int(),
    planned: z.number().int(),
    started: z.number().int(),
    finished: z.number().int(),
    approved: z.number().int(),
    cancelled: z.number().int(),
  }),
  registrations: z.number().int(),
  codesHandedOut: z.number().int(),
  /** Past exceptions of the period by kind (not started, started far, finished without end photos). */
  exceptions: z.array(z.object({ kind: LiveExceptionKind, count: z.number().int() })),
  /**
   * Issue 38 (decision 138): actions with a plausibility flag (not weak evidence; open or explained) per
   * week of their planned start (its Monday, YYYY-MM-DD) and territory; weeks without any left out;
   * empty for the brand's client (a tool of the review).
   */
  flaggedActions: z.array(
    z.object({
      week: z.iso.date(),
      territory: z.object({ ident: z.string(), name: z.string() }).nullable(),
      actions: z.number().int(),
    }),
  ),
});
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponse>;
