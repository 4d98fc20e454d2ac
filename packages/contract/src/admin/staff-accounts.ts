import { z } from 'zod';
import { newPasswordRules, usernameRules } from '../rules/auth.rules.ts';
import { staffResetCodeRules, staffRolesProblem } from '../rules/staff-accounts.rules.ts';
import { ruledString } from '../zod-rules.ts';
import { PageBody, PageInfo, TerritoryIdent, UuidRef } from './common.ts';
import { StaffRoleName } from './staff-auth.ts';

// /api/admin/staff/*: the back office's own accounts, the admin's alone (issue 34, decision 118), and
// /api/admin/auth/reset-*: a staff member's forgotten password (decision 120).

/** A new account's link to set her password, and an admin's fresh one: valid this long, once. */
export const STAFF_PASSWORD_LINK_VALIDITY_HOURS = 72;
/** Links sent for one account in an hour at most (a fresh one voids the one before). */
export const STAFF_PASSWORD_LINKS_PER_HOUR = 5;

const Name = z.string().trim().min(1).max(100);
const Username = z.email('Oczekiwano adresu e-mail').max(254);
const Roles = z.array(StaffRoleName).min(1, 'Wybierz co najmniej jedną rolę.').max(4);
const Territories = z.array(TerritoryIdent).max(50);
const NewPassword = ruledString(newPasswordRules);
/** A link's token as the e-mail carries it (base64url, 43 characters). */
const LinkToken = z.string().trim().min(1).max(200);

export const AdminStaffMember = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  roles: z.array(StaffRoleName),
  /** Idents of her territories (what a coordinator's roles reach). */
  territories: z.array(z.string()),
  active: z.boolean(),
  /** False until she sets one through her link (an account made on the page starts without). */
  passwordSet: z.boolean(),
  /** Her link not yet used: when it expires (ISO UTC); null when none is open. */
  linkExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMember>;

export const AdminStaffResponse = z.object({ staff: AdminStaffMember });
export type AdminStaffResponse = z.infer<typeof AdminStaffResponse>;

export const AdminStaffListBody = PageBody.extend({
  /** Part of a name or username. */
  search: z.string().trim().max(100).optional(),
  role: StaffRoleName.optional(),
  active: z.boolean().optional(),
});
export type AdminStaffListBody = z.input<typeof AdminStaffListBody>;

export const AdminStaffListResponse = PageInfo.extend({ staff: z.array(AdminStaffMember) });
export type AdminStaffListResponse = z.infer<typeof AdminStaffListResponse>;

/** Roles and territories together: a coordinator needs a territory (the form's rule). */
function checkRoles(value: { roles?: string[] | undefined; territories?: string[] | undefined }, ctx: z.RefinementCtx) {
  if (!value.roles || !value.territories) return;
  const problem = staffRolesProblem(value.roles, value.territories);
  if (problem) ctx.addIssue({ code: 'custom', path: [value.roles.length ? 'territories' : 'roles'], message: problem });
}

/** A new account: no password; she sets it through the link she is sent (decision 118). */
export const AdminStaffCreateBody = z.object({
  staff: z.object({ firstname: Name, lastname: Name, username: Username, roles: Roles, territories: Territories }).superRefine(checkRoles),
});
export type AdminStaffCreateBody = z.input<typeof AdminStaffCreateBody>;

/** Only the fields sent change; `roles` and `territories` replace hers. Her username stays. */
export const AdminStaffUpdateBody = z.object({
  staff: UuidRef.extend({
    firstname: Name.optional(),
    lastname: Name.optional(),
    roles: Roles.optional(),
    territories: Territories.optional(),
  }).superRefine(checkRoles),
});
export type AdminStaffUpdateBody = z.input<typeof AdminStaffUpdateBody>;

export const AdminStaffRefBody = z.object({ staff: UuidRef });
export type AdminStaffRefBody = z.input<typeof AdminStaffRefBody>;

/** The set-password page opening her link: whose account, and until when (public: the token is the key). */
export const StaffPasswordLinkBody = z.object({ token: LinkToken });
export type StaffPasswordLinkBody = z.input<typeof StaffPasswordLinkBody>;

export const StaffPasswordLinkResponse = z.object({
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  expiresAt: z.string(),
});
export type StaffPasswordLinkResponse = z.infer<typeof StaffPasswordLinkResponse>;

export const StaffSetPasswordBody = z.object({ token: LinkToken, password: NewPassword });
export type StaffSetPasswordBody = z.input<typeof StaffSetPasswordBody>;

/** Her username, for the login page the set-password page sends her to. */
export const StaffSetPasswordResponse = z.object({ username: z.string() });
export type StaffSetPasswordResponse = z.infer<typeof StaffSetPasswordResponse>;

// 'Nie pamiętasz hasła?' at /biuro (decision 120): the promoter app's two steps (spec §2 Password
// reminder), the code sent by e-mail.
const LoginName = ruledString(usernameRules).pipe(z.string().max(254));

export const StaffResetTokenBody = z.object({ username: LoginName });
export type StaffResetTokenBody = z.input<typeof StaffResetTokenBody>;

export const StaffResetPasswordBody = z.object({
  username: LoginName,
  otp: ruledString(staffResetCodeRules).pipe(z.string().max(20)),
  password: NewPassword,
});
export type StaffResetPasswordBody = z.input<typeof StaffResetPasswordBody>;
