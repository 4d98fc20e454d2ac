import { z } from 'zod';
import { AdminActionState, TerritoryIdent } from './common.ts';

// /api/admin/exports/*.csv (issue 25, decision 092): GET with the bearer token, the filter in the query
// string; UTF-8 with BOM, ';' separated, streamed. No export carries a consumer's personal data.

export const EXPORT_NAMES = ['actions', 'registrations', 'redemptions', 'hours'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

export const AdminExportQuery = z
  .object({
    /** YYYY-MM-DD (APP_TIMEZONE), both included; default: the current month. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    territory: TerritoryIdent.optional(),
    /** An event's ident. */
    event: z.string().trim().min(1).max(64).optional(),
    /** Her hostess code. */
    promoter: z.string().trim().min(1).max(64).optional(),
    /** The action's status (decision 110). */
    status: AdminActionState.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, { message: 'to must not be before from', path: ['to'] });
export type AdminExportQuery = z.input<typeof AdminExportQuery>;
