import type { RouteBody, RouteData, RouteName } from '@promotor/contract';

// The shapes of the /api/admin calls the back office makes, by path (issue 24), from the contract's
// route table as types only (the web app does not load zod, decision 021). The multipart import's
// refusal (data.errors) is the one shape written here: the route table types success answers only.

export type { StaffRole } from '@promotor/contract/permissions';
export type Staff = RouteData<'adminAuthLogin'>['staff'];
export type Promoter = RouteData<'adminPromotersList'>['promoters'][number];
export type AuditEntry = RouteData<'adminAuditList'>['entries'][number];

export type PlannedAction = RouteData<'adminActionsList'>['actions'][number];
export type PlannedPoint = PlannedAction['points'][number];
export type PlanPointInput = AdminBody<'/admin/actions/create'>['action']['points'][number];
export type AssignmentWarning = RouteData<'adminActionsAssign'>['warnings'][number];
export type ImportAnswer = RouteData<'adminActionsImport'>;
export type PromoterSchedule = RouteData<'adminActionsSchedules'>['promoters'][number];
export type ActionCopyConflict = RouteData<'adminActionsCopy'>['warnings'][number];
export type RegisterPoint = RouteData<'adminPointsList'>['points'][number];
export type CatalogueEvent = RouteData<'adminEventsList'>['events'][number];
export type CatalogueTerritory = RouteData<'adminTerritoriesList'>['territories'][number];
export type PointsMap = RouteData<'adminPointsList'>['map'];
export type PointsImportAnswer = RouteData<'adminPointsImport'>;
export type ImportChange = ImportAnswer['changes'][number];
/** A refused import's `data.errors` (422 E_PLAN_INVALID): the file's line, the header's column, why. */
export type ImportRowError = { row: number; column: string | null; message: string };
export type VoucherEvent = RouteData<'adminVouchersBatches'>['events'][number];
export type ReportSummary = RouteData<'adminReportsList'>['reports'][number];
export type Report = RouteData<'adminReportsGet'>['report'];
export type ReportFlag = Report['flags'][number];
export type ReportMapTiles = RouteData<'adminReportsGet'>['map'];
export type ReportPhoto = Report['photos'][number];
export type ReportState = ReportSummary['state'];
export type ExportQuery = RouteBody<'adminExportsActions'>;
export type LiveAnswer = RouteData<'adminLive'>;
export type DashboardAnswer = RouteData<'adminDashboard'>;
export type Consumer = RouteData<'adminConsumersFind'>['consumers'][number];
export type ConsumerHistory = RouteData<'adminConsumersHistory'>;
export type ConsentEntry = ConsumerHistory['consents'][number];
export type ConsentField = ConsentEntry['field'];
export type ConsumerRequest = RouteData<'adminConsumerRequestsList'>['requests'][number];
export type ConsumerRequestKind = ConsumerRequest['kind'];
export type ConsumerRequestState = ConsumerRequest['state'];
export type ConsumerDataExport = NonNullable<RouteData<'adminConsumerRequestsComplete'>['export']>;
export type ConsumerRectification = NonNullable<RouteBody<'adminConsumerRequestsComplete'>['rectification']>;
export type StaffMember = RouteData<'adminStaffList'>['staff'][number];
export type NotificationDelivery = RouteData<'adminNotificationsList'>['notifications'][number];

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
  '/admin/actions/list': FromContract<'adminActionsList'>;
  '/admin/actions/create': FromContract<'adminActionsCreate'>;
  '/admin/actions/update': FromContract<'adminActionsUpdate'>;
  '/admin/actions/assign': FromContract<'adminActionsAssign'>;
  '/admin/actions/unassign': FromContract<'adminActionsUnassign'>;
  '/admin/actions/cancel': FromContract<'adminActionsCancel'>;
  '/admin/actions/schedules': FromContract<'adminActionsSchedules'>;
  '/admin/actions/open': FromContract<'adminActionsOpen'>;
  '/admin/actions/copy': FromContract<'adminActionsCopy'>;
  '/admin/points/list': FromContract<'adminPointsList'>;
  '/admin/points/create': FromContract<'adminPointsCreate'>;
  '/admin/points/update': FromContract<'adminPointsUpdate'>;
  '/admin/points/archive': FromContract<'adminPointsArchive'>;
  '/admin/events/list': FromContract<'adminEventsList'>;
  '/admin/events/create': FromContract<'adminEventsCreate'>;
  '/admin/events/update': FromContract<'adminEventsUpdate'>;
  '/admin/territories/list': FromContract<'adminTerritoriesList'>;
  '/admin/territories/create': FromContract<'adminTerritoriesCreate'>;
  '/admin/territories/update': FromContract<'adminTerritoriesUpdate'>;
  '/admin/vouchers/batches': FromContract<'adminVouchersBatches'>;
  '/admin/reports/list': FromContract<'adminReportsList'>;
  '/admin/reports/get': FromContract<'adminReportsGet'>;
  '/admin/reports/review': FromContract<'adminReportsReview'>;
  '/admin/reports/approve-many': FromContract<'adminReportsApproveMany'>;
  '/admin/reports/flag-photo': FromContract<'adminReportsFlagPhoto'>;
  '/admin/reports/explain-flag': FromContract<'adminReportsExplainFlag'>;
  '/admin/live': FromContract<'adminLive'>;
  '/admin/territories': FromContract<'adminTerritories'>;
  '/admin/live/check': FromContract<'adminLiveCheck'>;
  '/admin/dashboard': FromContract<'adminDashboard'>;
  '/admin/consumers/find': FromContract<'adminConsumersFind'>;
  '/admin/consumers/history': FromContract<'adminConsumersHistory'>;
  '/admin/consumers/withdraw': FromContract<'adminConsumersWithdraw'>;
  '/admin/consumers/requests/create': FromContract<'adminConsumerRequestsCreate'>;
  '/admin/consumers/requests/list': FromContract<'adminConsumerRequestsList'>;
  '/admin/consumers/requests/extend': FromContract<'adminConsumerRequestsExtend'>;
  '/admin/consumers/requests/complete': FromContract<'adminConsumerRequestsComplete'>;
  '/admin/staff/list': FromContract<'adminStaffList'>;
  '/admin/staff/create': FromContract<'adminStaffCreate'>;
  '/admin/staff/update': FromContract<'adminStaffUpdate'>;
  '/admin/staff/deactivate': FromContract<'adminStaffDeactivate'>;
  '/admin/staff/reactivate': FromContract<'adminStaffReactivate'>;
  '/admin/staff/send-link': FromContract<'adminStaffSendLink'>;
  '/admin/staff/password-link': FromContract<'adminStaffPasswordLink'>;
  '/admin/staff/set-password': FromContract<'adminStaffSetPassword'>;
  '/admin/auth/reset-token': FromContract<'adminAuthResetToken'>;
  '/admin/auth/reset-password': FromContract<'adminAuthResetPassword'>;
  '/admin/notifications/list': FromContract<'adminNotificationsList'>;
  '/admin/notifications/resend': FromContract<'adminNotificationsResend'>;
  '/admin/photos/list': FromContract<'adminPhotosList'>;
};

/** The binary calls (a report's photo, a receipt, and their thumbnails): answered by the file, decisions 095 and 130. */
export type AdminFilePath =
  '/admin/reports/file' | '/admin/reports/receipt' | '/admin/reports/file-thumbnail' | '/admin/reports/receipt-thumbnail';
/** A consumer's consent proof (issue 26): the file itself, JSON or PDF, kept under the name the server gives. */
export type AdminProofPath = '/admin/consumers/proof';
/** The CSV exports (route kind 'csv'): GET with the filter in the query string. */
export type AdminCsvPath =
  '/admin/exports/actions.csv' | '/admin/exports/registrations.csv' | '/admin/exports/redemptions.csv' | '/admin/exports/hours.csv';

export type AdminPath = keyof AdminCalls;
export type AdminBody<P extends AdminPath> = AdminCalls[P]['body'];
export type AdminData<P extends AdminPath> = AdminCalls[P]['data'];

/** The answers to a promoter's login at /biuro (the server refuses a promoter in the back office). */
export const PROMOTER_REFUSED_CODES: readonly string[] = ['E_NOT_STAFF'];
export type PromotersImportAnswer = RouteData<'adminPromotersImport'>;
