import type { RouteBody, RouteData, RouteName } from '@promotor/contract';

// The shapes of the /api/admin calls the back office makes, by path (issue 24). Those in the
// contract's route table come from it, as types only (the web app does not load zod, decision 021).
// STAND-IN: the planning and voucher calls were still being built on another branch; their shapes
// below are written from the issue and are replaced by the contract's in this one file.

export type { StaffRole } from '@promotor/contract/permissions';
export type Staff = RouteData<'adminAuthLogin'>['staff'];
export type Promoter = RouteData<'adminPromotersList'>['promoters'][number];
export type AuditEntry = RouteData<'adminAuditList'>['entries'][number];

export type PlannedPoint = {
  uuid?: string;
  name: string;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  petraId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

export type PlannedAction = {
  uuid: string;
  event: string;
  name: string;
  since: string;
  until: string;
  territory: string;
  status: string;
  points: PlannedPoint[];
  promoters: { uuid: string; name: string; hostessCode?: string | null }[];
};

export type ImportAnswer = { created: number; updated: number; unchanged: number };
export type ImportRowError = { row: number; column: string; message: string };

export type VoucherBatchRow = {
  event: string;
  batch: string;
  promoter: string | null;
  total: number;
  assigned: number;
  redeemed: number;
};

/** Each call: what it sends and what its answer's `data` holds. */
type FromContract<N extends RouteName> = {
  body: RouteBody<N> extends undefined ? Record<string, never> : RouteBody<N>;
  data: RouteData<N>;
};

export type AdminCalls = {
  '/admin/auth/login': FromContract<'adminAuthLogin'>;
  '/admin/auth/session': FromContract<'adminAuthSession'>;
  '/admin/auth/logout': FromContract<'adminAuthLogout'>;
  '/admin/promoters/list': FromContract<'adminPromotersList'>;
  '/admin/promoters/create': FromContract<'adminPromotersCreate'>;
  '/admin/promoters/update': FromContract<'adminPromotersUpdate'>;
  '/admin/promoters/deactivate': FromContract<'adminPromotersDeactivate'>;
  '/admin/promoters/reset-password': FromContract<'adminPromotersResetPassword'>;
  '/admin/audit/list': FromContract<'adminAuditList'>;
  '/admin/actions/list': {
    body: { since: string; until: string; territory?: string; status?: string };
    data: { actions: PlannedAction[] };
  };
  '/admin/actions/cancel': { body: { action: { uuid: string } }; data: unknown };
  '/admin/vouchers/batches': { body: { event?: string }; data: { batches: VoucherBatchRow[] } };
};

export type AdminPath = keyof AdminCalls;
export type AdminBody<P extends AdminPath> = AdminCalls[P]['body'];
export type AdminData<P extends AdminPath> = AdminCalls[P]['data'];

/** The answers to a promoter's login at /biuro (the server refuses a promoter in the back office). */
export const PROMOTER_REFUSED_CODES: readonly string[] = ['E_NOT_STAFF'];
