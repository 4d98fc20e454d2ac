import { z } from 'zod';
import { newPasswordRules } from '../rules/auth.rules.ts';
import { normalisedPhone } from '../rules/promoters-csv.rules.ts';
import { ruledString } from '../zod-rules.ts';
import { PageBody, PageInfo, TerritoryIdent, UuidRef } from './common.ts';

// /api/admin/promoters/*: the agency's promoters as the back office manages them (issue 24).

export { normalisedPhone };

const Name = z.string().trim().min(1).max(100);
const Username = z.email('Oczekiwano adresu e-mail').max(254);
const MobilePhone = z
  .string()
  .transform(normalisedPhone)
  .pipe(z.string().regex(/^\+\d{9,15}$/, 'Podaj numer telefonu, np. 600 123 456 albo +48 600 123 456.'));
/** Her hostess code (users.ident): what the plan's CSV names her by. */
const HostessCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,31}$/, 'Oczekiwano kodu hostessy, np. HST1001');
const Territories = z.array(TerritoryIdent).max(50);
/** An initial or reset password: the password-change rules of the promoter app. */
const NewPassword = ruledString(newPasswordRules);

export const AdminPromoter = z.object({
  uuid: z.string(),
  ident: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  mobilePhone: z.string().nullable(),
  territories: z.array(z.string()),
  active: z.boolean(),
});
export type AdminPromoter = z.infer<typeof AdminPromoter>;

export const AdminPromoterResponse = z.object({ promoter: AdminPromoter });
export type AdminPromoterResponse = z.infer<typeof AdminPromoterResponse>;

export const AdminPromotersListBody = PageBody.extend({
  /** Part of a name, username or hostess code. */
  search: z.string().trim().max(100).optional(),
  territory: TerritoryIdent.optional(),
  active: z.boolean().optional(),
});
export type AdminPromotersListBody = z.input<typeof AdminPromotersListBody>;

export const AdminPromotersListResponse = PageInfo.extend({ promoters: z.array(AdminPromoter) });
export type AdminPromotersListResponse = z.infer<typeof AdminPromotersListResponse>;

export const AdminPromoterCreateBody = z.object({
  promoter: z.object({
    firstname: Name,
    lastname: Name,
    username: Username,
    mobilePhone: MobilePhone.nullable().optional(),
    /** Given when the agency has one; else the server makes one (HST and digits). */
    ident: HostessCode.optional(),
    territories: Territories.min(1),
    password: NewPassword,
  }),
});
export type AdminPromoterCreateBody = z.input<typeof AdminPromoterCreateBody>;

/** Only the fields sent change; `territories` replaces her list. */
export const AdminPromoterUpdateBody = z.object({
  promoter: UuidRef.extend({
    firstname: Name.optional(),
    lastname: Name.optional(),
    username: Username.optional(),
    mobilePhone: MobilePhone.nullable().optional(),
    territories: Territories.min(1).optional(),
  }),
});
export type AdminPromoterUpdateBody = z.input<typeof AdminPromoterUpdateBody>;

export const AdminPromoterRefBody = z.object({ promoter: UuidRef });
export type AdminPromoterRefBody = z.input<typeof AdminPromoterRefBody>;

export const AdminPromoterResetPasswordBody = z.object({ promoter: UuidRef, password: NewPassword });
export type AdminPromoterResetPasswordBody = z.input<typeof AdminPromoterResetPasswordBody>;

// /api/admin/promoters/import (issue 34, decision 121): multipart, the CSV in `file`, `dryRun` a text
// field — the plan and points imports' form: all or nothing, errors by row and column, the same file
// again changes nothing.
export const PromotersImportFields = z.object({ dryRun: z.enum(['true', 'false']).optional() });
export type PromotersImportFields = z.input<typeof PromotersImportFields>;

/** The answer lists this many changes at most (the counts are always complete). */
export const PROMOTERS_IMPORT_MAX_CHANGES = 1000;

export const PromotersImportChange = z.object({
  change: z.enum(['created', 'updated']),
  /** The file's line. */
  row: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** Her hostess code: the file's, hers, or null for a new one the write makes. */
  ident: z.string().nullable(),
  /** Her territories once written (those outside the caller's scope included, as the list shows them). */
  territories: z.array(z.string()),
  /** For an update: what changes (firstname, lastname, mobilePhone, territories). */
  fields: z.array(z.string()),
});
export type PromotersImportChange = z.infer<typeof PromotersImportChange>;

export const PromotersImportResponse = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** In the file's order; the first PROMOTERS_IMPORT_MAX_CHANGES. */
  changes: z.array(PromotersImportChange),
});
export type PromotersImportResponse = z.infer<typeof PromotersImportResponse>;
