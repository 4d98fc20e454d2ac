// STAND-IN: the shapes of the /api/admin calls (issue 24) that the back office uses, written from the
// issue while the contract's schemas (packages/contract/src/admin/) were being built on another branch.
// Every such shape lives in this one file, so it is replaced by types from the contract in one place.
// Types only: the web app does not load zod (decision 021).

export type StaffRole = 'admin' | 'coordinator' | 'client' | 'privacy';

export type Staff = {
  uuid: string;
  username: string;
  firstName?: string;
  lastName?: string;
  roles: StaffRole[];
  territories: string[];
};

export type Promoter = {
  uuid: string;
  username: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  territories: string[];
  active: boolean;
};

export type PromoterInput = Omit<Promoter, 'uuid' | 'active'>;

export type AuditEntry = {
  uuid: string;
  at: string;
  actor: string | null;
  action: string;
  objectType: string | null;
  objectId: string | null;
  address: string | null;
};

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
export type AdminCalls = {
  '/admin/auth/login': { body: { username: string; password: string }; data: { token: string; staff: Staff } };
  '/admin/auth/session': { body: Record<string, never>; data: { staff: Staff } };
  '/admin/auth/logout': { body: Record<string, never>; data: unknown };
  '/admin/promoters/list': {
    body: { search?: string; territory?: string; active?: boolean };
    data: { promoters: Promoter[] };
  };
  '/admin/promoters/create': { body: { promoter: PromoterInput & { password: string } }; data: { promoter: Promoter } };
  '/admin/promoters/update': { body: { promoter: PromoterInput & { uuid: string } }; data: { promoter: Promoter } };
  '/admin/promoters/deactivate': { body: { promoter: { uuid: string } }; data: unknown };
  '/admin/promoters/reset-password': { body: { promoter: { uuid: string }; password: string }; data: unknown };
  '/admin/audit/list': {
    body: { page: number; pageSize: number; actor?: string; action?: string; from?: string; to?: string };
    data: { entries: AuditEntry[]; total: number };
  };
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
export const PROMOTER_REFUSED_CODES: readonly string[] = ['E_NOT_STAFF', 'E_FORBIDDEN'];
