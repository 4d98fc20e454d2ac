import type { z } from 'zod';
import {
  AdminConsumerFindBody,
  AdminConsumerFindResponse,
  AdminConsumerHistoryResponse,
  AdminConsumerProofBody,
  AdminConsumerRefBody,
  AdminConsumerRequestCompleteBody,
  AdminConsumerRequestCompleteResponse,
  AdminConsumerRequestCreateBody,
  AdminConsumerRequestExtendBody,
  AdminConsumerRequestListBody,
  AdminConsumerRequestListResponse,
  AdminConsumerRequestResponse,
  AdminConsumerWithdrawBody,
  AdminConsumerWithdrawResponse,
} from '../admin/consumers.ts';
import {
  ActionResponse,
  CancelActionBody,
  CheckInBody,
  CheckOutBody,
  FileCreateInput,
  FileCreateResponse,
  FileListBody,
  FileListResponse,
  FileServeBody,
  ListActionsBody,
  ListActionsResponse,
  PollAnswerBody,
  RecentActionsResponse,
  SaveLocationBody,
} from '../actions.ts';
import { LoginBody, ResetPasswordBody, ResetTokenBody, SessionResponse, UpdatePasswordBody } from '../auth.ts';
import {
  AvailabilityCreateBody,
  AvailabilityDeleteBody,
  AvailabilityListBody,
  AvailabilityListResponse,
  AvailabilityResponse,
  AvailabilityUpdateBody,
} from '../availability.ts';
import { WebformCataloguesResponse } from '../catalogues.ts';
import { Empty } from '../envelope.ts';
import {
  DeviceBurnBody,
  LeadOtpBody,
  LeadRegisterBody,
  LeadRegisterMeta,
  LeadRegisterResponse,
  LeadVerifyBody,
  LeadVerifyResponse,
} from '../leads.ts';
import {
  ActionReportBody,
  ActionReportResponse,
  ReceiptCreateInput,
  ReceiptListBody,
  ReceiptListResponse,
  ReceiptResponse,
  ReceiptServeBody,
  ReportResubmitBody,
  ReportResubmitResponse,
  ReportsToFixResponse,
  SampleStatsBody,
  SampleStatsResponse,
} from '../reports.ts';
import {
  VoucherBatchesBody,
  VoucherBatchesResponse,
  VoucherRedeemBody,
  VoucherRedeemResponse,
  VouchersBody,
  VouchersResponse,
  VoucherTopUpBody,
  VoucherTopUpResponse,
} from '../vouchers.ts';
import {
  MgmConfirmBody,
  MgmConfirmResponse,
  MgmInviteBody,
  MgmInviteResponse,
  MgmMaybeJoinResponse,
  MgmUpdateBody,
  MgmUpdateResponse,
  MgmValidateBody,
  MgmValidateResponse,
} from '../mgm.ts';
import {
  NotificationListBody,
  NotificationListResponse,
  NotificationReadBody,
  NotificationShownBody,
  NotificationUnreadResponse,
  PushKeyResponse,
  PushSubscribeBody,
  PushUnsubscribeBody,
} from '../notifications.ts';
import {
  AdminNotificationListBody,
  AdminNotificationListResponse,
  AdminNotificationResendBody,
  AdminNotificationResendResponse,
} from '../admin/notifications.ts';
import { AdminExplainFlagBody, AdminExplainFlagResponse, AdminPhotosListBody, AdminPhotosListResponse } from '../admin/integrity.ts';
import {
  AdminPromoterCreateBody,
  AdminPromoterRefBody,
  AdminPromoterResetPasswordBody,
  AdminPromoterResponse,
  AdminPromotersListBody,
  AdminPromotersListResponse,
  AdminPromoterUpdateBody,
  PromotersImportFields,
  PromotersImportResponse,
  AuditListBody,
  AuditListResponse,
  StaffSessionResponse,
  AdminTerritoriesResponse,
  AdminActionCreateBody,
  AdminActionListBody,
  AdminActionListResponse,
  AdminActionRefBody,
  AdminActionResponse,
  AdminActionUpdateBody,
  AdminAssignBody,
  AdminAssignResponse,
  AdminVoucherBatchesBody,
  AdminVoucherBatchesResponse,
  AdminVoucherImportFields,
  AdminVoucherImportResponse,
  PlanImportFields,
  PlanImportResponse,
  AdminDashboardBody,
  AdminDashboardResponse,
  AdminExportQuery,
  AdminLiveBody,
  AdminLiveCheckBody,
  AdminLiveCheckResponse,
  AdminLiveResponse,
  AdminReportFileBody,
  AdminReportFlagBody,
  AdminReportFlagResponse,
  AdminReportGetBody,
  AdminReportReceiptBody,
  AdminReportResponse,
  AdminReportsListBody,
  AdminReportsListResponse,
  AdminReviewBody,
  AdminReviewBulkBody,
  AdminReviewBulkResponse,
  AdminPointArchiveBody,
  AdminPointCreateBody,
  AdminPointResponse,
  AdminPointsListBody,
  AdminPointsListResponse,
  AdminPointUpdateBody,
  PointsImportFields,
  PointsImportResponse,
  AdminEventCreateBody,
  AdminEventResponse,
  AdminEventsListBody,
  AdminEventsListResponse,
  AdminEventUpdateBody,
  AdminTerritoriesListBody,
  AdminTerritoriesListResponse,
  AdminTerritoryCreateBody,
  AdminTerritoryResponse,
  AdminTerritoryUpdateBody,
} from '../admin/index.ts';
import {
  AdminActionCopyBody,
  AdminActionCopyResponse,
  AdminOpenActionsBody,
  AdminOpenActionsResponse,
  AdminSchedulesBody,
  AdminSchedulesResponse,
} from '../admin/planning-schedule.ts';
import {
  AdminStaffCreateBody,
  AdminStaffListBody,
  AdminStaffListResponse,
  AdminStaffRefBody,
  AdminStaffResponse,
  AdminStaffUpdateBody,
  StaffPasswordLinkBody,
  StaffPasswordLinkResponse,
  StaffResetPasswordBody,
  StaffResetTokenBody,
  StaffSetPasswordBody,
  StaffSetPasswordResponse,
} from '../admin/staff-accounts.ts';
import type { Permission } from '../admin/permissions.ts';
import { routePaths, type RouteName, type RoutePath } from './route-paths.ts';

// The schemas of every call of spec §7, keyed by the names of ./route-paths.ts. The server registers
// its routes from this table (body validation, response serialization) and builds the OpenAPI
// document from it; the web app takes only its types (`RouteBody<'actionCheckIn'>`), never zod.

export type RouteSchemas = {
  /** Reachable without a bearer token (login, password reset). */
  readonly public?: true;
  /**
   * false: the server keeps no Idempotency-Key record for it (reads, and calls whose body carries a
   * password, decision 005). Every other call replays its stored answer for a repeated key.
   */
  readonly idempotent: boolean;
  /** What the caller sends: the JSON body, or for a multipart call the `_input` field. None: no body. */
  readonly body?: z.ZodType;
  /** `data` of the success envelope. None for a binary answer. */
  readonly response?: z.ZodType;
  /** `meta` of the success envelope when it carries more than ts (/lead/register's bc). */
  readonly meta?: z.ZodType;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /**
   * A back-office call (every path under /admin/, and only those): the permission a staff member's roles
   * must grant, checked by the server's one guard before anything else (decision 085). A promoter's
   * token is refused with 403.
   */
  readonly permission?: Permission;
};

export const routeSchemas = {
  authLogin: { public: true, idempotent: false, body: LoginBody, response: SessionResponse, summary: 'Log in with username and password' },
  authSession: { idempotent: false, response: SessionResponse, summary: 'Resume the session of the bearer token' },
  authLogout: { idempotent: true, response: Empty, summary: 'End the session of the bearer token' },
  authResetToken: { public: true, idempotent: true, body: ResetTokenBody, response: Empty, summary: 'Send a password reset code by SMS' },
  authResetPassword: {
    public: true,
    idempotent: false,
    body: ResetPasswordBody,
    response: Empty,
    summary: 'Set a new password with the reset code',
  },
  authUpdatePassword: { idempotent: false, body: UpdatePasswordBody, response: Empty, summary: "Change the caller's password" },
  actionList: { idempotent: false, body: ListActionsBody, response: ListActionsResponse, summary: "The caller's actions in a time window" },
  actionRecent: { idempotent: false, response: RecentActionsResponse, summary: "The caller's started action and her last finished one" },
  actionCheckIn: { idempotent: true, body: CheckInBody, response: ActionResponse, summary: 'Start an action at one of its points' },
  actionCheckOut: { idempotent: true, body: CheckOutBody, response: ActionResponse, summary: 'Finish the started action' },
  actionCancel: { idempotent: true, body: CancelActionBody, response: Empty, summary: 'Cancel an accepted action' },
  actionLocationSave: { idempotent: true, body: SaveLocationBody, response: Empty, summary: 'Record her position during a started action' },
  actionFileCreate: {
    idempotent: true,
    body: FileCreateInput,
    response: FileCreateResponse,
    summary: 'Upload photos (multipart: _input and files[])',
  },
  actionFileList: { idempotent: false, body: FileListBody, response: FileListResponse, summary: "An action's photos and survey answers" },
  actionFileServe: { idempotent: false, body: FileServeBody, summary: 'One photo as an image' },
  actionReceiptCreate: {
    idempotent: true,
    body: ReceiptCreateInput,
    response: ReceiptResponse,
    summary: "A registration's receipt photo (multipart: _input and files[])",
  },
  actionReceiptList: { idempotent: false, body: ReceiptListBody, response: ReceiptListResponse, summary: "An action's receipts" },
  actionReceiptServe: { idempotent: false, body: ReceiptServeBody, summary: 'One receipt photo as an image' },
  actionReport: {
    idempotent: false,
    body: ActionReportBody,
    response: ActionReportResponse,
    summary: 'Her report of an action: times, status and points',
  },
  actionReportResubmit: {
    idempotent: true,
    body: ReportResubmitBody,
    response: ReportResubmitResponse,
    summary: 'Send her report back for review after changes were requested (issue 25)',
  },
  actionReportsToFix: {
    idempotent: false,
    response: ReportsToFixResponse,
    summary: 'Her reports sent back for correction, with the note, until she resubmits (issue 33)',
  },

  // issue 37 (decision 135)
  notificationsList: {
    idempotent: false,
    body: NotificationListBody,
    response: NotificationListResponse,
    summary: 'Her notifications, newest first, and how many are unread (issue 37)',
  },
  notificationsRead: {
    idempotent: true,
    body: NotificationReadBody,
    response: NotificationUnreadResponse,
    summary: 'Mark some of her notifications read, or all of them',
  },
  notificationsShown: {
    public: true,
    idempotent: false,
    body: NotificationShownBody,
    response: Empty,
    summary: "Her phone showed a push (the service worker; the push's receipt is the key)",
  },
  pushKey: { idempotent: false, response: PushKeyResponse, summary: "The server's VAPID public key, or null without push" },
  pushSubscribe: {
    idempotent: true,
    body: PushSubscribeBody,
    response: Empty,
    summary: "Keep this device's Web Push subscription for her (renewed at each app start)",
  },
  pushUnsubscribe: { idempotent: true, body: PushUnsubscribeBody, response: Empty, summary: "Drop this device's Web Push subscription" },
  sampleStats: { idempotent: false, body: SampleStatsBody, response: SampleStatsResponse, summary: 'Devices she registered, per period' },
  leadOtp: { idempotent: true, body: LeadOtpBody, response: Empty, summary: 'Send the consumer a code by e-mail and another by SMS' },
  leadVerify: {
    idempotent: false,
    body: LeadVerifyBody,
    response: LeadVerifyResponse,
    summary: 'Check both codes and tell what the consumer may be offered',
  },
  leadRegister: {
    idempotent: true,
    body: LeadRegisterBody,
    response: LeadRegisterResponse,
    meta: LeadRegisterMeta,
    summary: 'Register a consumer: consents, devices and products in one transaction',
  },
  deviceBurn: { idempotent: true, body: DeviceBurnBody, response: Empty, summary: 'Mark a registered Glo device serial number as used' },
  pollAnswer: { idempotent: true, body: PollAnswerBody, response: Empty, summary: 'Answer the start checklist or the end reason' },
  voucherBatches: {
    idempotent: false,
    body: VoucherBatchesBody,
    response: VoucherBatchesResponse,
    summary: 'The voucher batches of an event she works on',
  },
  voucherVouchers: { idempotent: false, body: VouchersBody, response: VouchersResponse, summary: 'Her codes of one batch, given or not' },
  voucherTopUp: {
    idempotent: true,
    body: VoucherTopUpBody,
    response: VoucherTopUpResponse,
    summary: 'Assign her further codes of the batch',
  },
  voucherGenerate: {
    idempotent: true,
    body: VoucherTopUpBody,
    response: VoucherTopUpResponse,
    summary: "'Generuj kody': assign her further codes of the batch",
  },
  voucherRedeem: {
    idempotent: true,
    body: VoucherRedeemBody,
    response: VoucherRedeemResponse,
    summary: 'Give codes to consumers during her started action',
  },
  availabilityList: {
    idempotent: false,
    body: AvailabilityListBody,
    response: AvailabilityListResponse,
    summary: 'Her availability blocks in a time window',
  },
  availabilityCreate: {
    idempotent: true,
    body: AvailabilityCreateBody,
    response: AvailabilityResponse,
    summary: 'Add an availability block',
  },
  availabilityUpdate: {
    idempotent: true,
    body: AvailabilityUpdateBody,
    response: AvailabilityResponse,
    summary: 'Move one of her availability blocks',
  },
  availabilityDelete: { idempotent: true, body: AvailabilityDeleteBody, response: Empty, summary: 'Remove one of her availability blocks' },
  mgmMaybeJoin: {
    idempotent: false,
    response: MgmMaybeJoinResponse,
    summary: 'Whether she may use the referral tool now, with her points and ranking',
  },
  mgmValidateConsumer: {
    idempotent: false,
    body: MgmValidateBody,
    response: MgmValidateResponse,
    summary: 'Check that a consumer can be invited (registry, club, invitations, products, consents); tells no details',
  },
  mgmUpdateConsumer: {
    idempotent: true,
    body: MgmUpdateBody,
    response: MgmUpdateResponse,
    summary: "Enter the consumer's marketing consents; they wait for her confirmation, a code sent to her by SMS",
  },
  mgmConfirmConsumer: {
    idempotent: true,
    body: MgmConfirmBody,
    response: MgmConfirmResponse,
    summary: 'The consumer confirms the consents entered for her with the code she was sent; answers her brand',
  },
  mgmInviteConsumer: {
    idempotent: true,
    body: MgmInviteBody,
    response: MgmInviteResponse,
    summary: 'Invite the consumer by SMS; earns her points',
  },
  webformCatalogues: {
    idempotent: false,
    response: WebformCataloguesResponse,
    summary: "The webform's lists: devices, offers, flavours, sources, consents",
  },
  adminAuthLogin: {
    public: true,
    idempotent: false,
    permission: 'session.own',
    body: LoginBody,
    response: StaffSessionResponse,
    summary: 'Back office: log a staff member in with username and password',
  },
  adminAuthSession: {
    idempotent: false,
    permission: 'session.own',
    response: StaffSessionResponse,
    summary: 'Back office: resume the session of the bearer token',
  },
  adminAuthLogout: { idempotent: true, permission: 'session.own', response: Empty, summary: 'Back office: end the session' },
  adminTerritories: {
    idempotent: false,
    permission: 'session.own',
    response: AdminTerritoriesResponse,
    summary: "Back office: the territories of the caller's scope, for the filters' lists",
  },
  adminPromotersList: {
    idempotent: false,
    permission: 'promoters.read',
    body: AdminPromotersListBody,
    response: AdminPromotersListResponse,
    summary: 'Back office: promoters (search, territory, active), a page at a time',
  },
  adminPromotersCreate: {
    // Idempotent although its body holds her initial password: the key's record leaves it out (decision 085).
    idempotent: true,
    permission: 'promoters.manage',
    body: AdminPromoterCreateBody,
    response: AdminPromoterResponse,
    summary: 'Back office: a new promoter with her territories and initial password',
  },
  adminPromotersUpdate: {
    idempotent: true,
    permission: 'promoters.manage',
    body: AdminPromoterUpdateBody,
    response: AdminPromoterResponse,
    summary: "Back office: change a promoter's names, username, phone or territories",
  },
  adminPromotersDeactivate: {
    idempotent: true,
    permission: 'promoters.manage',
    body: AdminPromoterRefBody,
    response: AdminPromoterResponse,
    summary: 'Back office: deactivate a promoter; her sessions end, her history stays',
  },
  adminPromotersResetPassword: {
    idempotent: false,
    permission: 'promoters.manage',
    body: AdminPromoterResetPasswordBody,
    response: Empty,
    summary: "Back office: set a promoter's password; her sessions end",
  },
  adminPromotersImport: {
    idempotent: true,
    permission: 'promoters.manage',
    body: PromotersImportFields,
    response: PromotersImportResponse,
    summary: 'Back office: add or change promoters of her territories from a CSV file (form: file, dryRun); all or nothing',
  },
  adminAuditList: {
    idempotent: false,
    permission: 'audit.read',
    body: AuditListBody,
    response: AuditListResponse,
    summary: 'Back office: the audit log (actor, verb, object, period), a page at a time',
  },
  adminActionsList: {
    idempotent: false,
    permission: 'actions.read',
    body: AdminActionListBody,
    response: AdminActionListResponse,
    summary: 'Back office: actions in a period (territory, event, status, promoter), a page at a time',
  },
  adminActionsCreate: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminActionCreateBody,
    response: AdminActionResponse,
    summary: 'Back office: plan an action with its points (global status accepted)',
  },
  adminActionsUpdate: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminActionUpdateBody,
    response: AdminActionResponse,
    summary: 'Back office: change a planned action: event, name, times, territory, points',
  },
  adminActionsAssign: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminAssignBody,
    response: AdminAssignResponse,
    summary: "Back office: assign promoters of the action's territory; overlaps and availability are warnings",
  },
  adminActionsUnassign: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminAssignBody,
    response: AdminAssignResponse,
    summary: 'Back office: take promoters off an action they have not started',
  },
  adminActionsCancel: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminActionRefBody,
    response: AdminActionResponse,
    summary: "Back office: cancel a planned action (hst_cancelled: her app shows 'Odwołana')",
  },
  adminActionsImport: {
    idempotent: true,
    permission: 'actions.plan',
    body: PlanImportFields,
    response: PlanImportResponse,
    summary: 'Back office: import a plan from a CSV file (form: file, dryRun); all or nothing (decision 087)',
  },
  // issue 34: scheduling (decisions 126, 127)
  adminActionsSchedules: {
    idempotent: false,
    permission: 'actions.plan',
    body: AdminSchedulesBody,
    response: AdminSchedulesResponse,
    summary: "Back office: a territory's promoters' availability and other actions on the days of an action being planned",
  },
  adminActionsOpen: {
    idempotent: false,
    permission: 'actions.plan',
    body: AdminOpenActionsBody,
    response: AdminOpenActionsResponse,
    summary: 'Back office: planned actions nobody staffs yet, a page at a time, with counts per territory',
  },
  adminActionsCopy: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminActionCopyBody,
    response: AdminActionCopyResponse,
    summary: 'Back office: copy actions to other days or weeks (a repeat: its days), with points and optionally promoters; all or nothing',
  },
  // The register of points (issue 34, decision 124): a planning tool, so the planners' permission.
  adminPointsList: {
    idempotent: false,
    permission: 'actions.plan',
    body: AdminPointsListBody,
    response: AdminPointsListResponse,
    summary: 'Back office: the register of points (search, territory, archive), a page at a time, with the map tiles',
  },
  adminPointsCreate: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminPointCreateBody,
    response: AdminPointResponse,
    summary: "Back office: a new point in a territory's register (its code made when not given)",
  },
  adminPointsUpdate: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminPointUpdateBody,
    response: AdminPointResponse,
    summary: "Back office: change a point's code, name, address, coordinates, chain or notes (actions keep their copy)",
  },
  adminPointsArchive: {
    idempotent: true,
    permission: 'actions.plan',
    body: AdminPointArchiveBody,
    response: AdminPointResponse,
    summary: 'Back office: archive a point (no longer offered for plans) or restore it',
  },
  adminPointsImport: {
    idempotent: true,
    permission: 'actions.plan',
    body: PointsImportFields,
    response: PointsImportResponse,
    summary: 'Back office: add or change points of the register from a CSV file (form: file, dryRun); all or nothing',
  },
  // Events and territories (issue 34, decision 123): the planners read them, the admin makes and renames them.
  adminEventsList: {
    idempotent: false,
    permission: 'actions.plan',
    body: AdminEventsListBody,
    response: AdminEventsListResponse,
    summary: 'Back office: the events (brand campaigns) plans and voucher batches name, a page at a time',
  },
  adminEventsCreate: {
    idempotent: true,
    permission: 'events.manage',
    body: AdminEventCreateBody,
    response: AdminEventResponse,
    summary: 'Back office: a new event (its ident unique)',
  },
  adminEventsUpdate: {
    idempotent: true,
    permission: 'events.manage',
    body: AdminEventUpdateBody,
    response: AdminEventResponse,
    summary: "Back office: change an event's ident or name (its actions and batches follow)",
  },
  adminTerritoriesList: {
    idempotent: false,
    permission: 'actions.plan',
    body: AdminTerritoriesListBody,
    response: AdminTerritoriesListResponse,
    summary: "Back office: the territories of the caller's scope with their promoters, staff and actions, a page at a time",
  },
  adminTerritoriesCreate: {
    idempotent: true,
    permission: 'territories.manage',
    body: AdminTerritoryCreateBody,
    response: AdminTerritoryResponse,
    summary: 'Back office: a new territory (its ident unique)',
  },
  adminTerritoriesUpdate: {
    idempotent: true,
    permission: 'territories.manage',
    body: AdminTerritoryUpdateBody,
    response: AdminTerritoryResponse,
    summary: "Back office: change a territory's ident or name (what is in it stays)",
  },
  adminVouchersBatches: {
    idempotent: false,
    permission: 'vouchers.read',
    body: AdminVoucherBatchesBody,
    response: AdminVoucherBatchesResponse,
    summary: 'Back office: voucher batches per event, codes total, assigned and redeemed per promoter',
  },
  adminVouchersImport: {
    idempotent: true,
    permission: 'vouchers.manage',
    body: AdminVoucherImportFields,
    response: AdminVoucherImportResponse,
    summary: "Back office: add a batch's codes from a CSV file (form: file, event, batch; the admin command's rules)",
  },
  adminLive: {
    idempotent: false,
    permission: 'live.read',
    body: AdminLiveBody,
    response: AdminLiveResponse,
    summary: "Back office: today's actions with promoters' last positions and phones' outboxes; the exceptions",
  },
  adminLiveCheck: {
    idempotent: true,
    permission: 'live.read',
    body: AdminLiveCheckBody,
    response: AdminLiveCheckResponse,
    summary: "Back office: mark a live-day exception 'Sprawdzone' (or put it back), for the territory's coordinators",
  },
  adminReportsList: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminReportsListBody,
    response: AdminReportsListResponse,
    summary: 'Back office: reports (one per action and promoter) by period, territory, state; client: approved only',
  },
  adminReportsGet: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminReportGetBody,
    response: AdminReportResponse,
    summary: 'Back office: one report: timeline, photos, receipts, answers, counts, reviews',
  },
  adminReportsReview: {
    idempotent: true,
    permission: 'reports.review',
    body: AdminReviewBody,
    response: AdminReportResponse,
    summary: 'Back office: approve a report, or request changes with a note (her app shows it)',
  },
  adminReportsApproveMany: {
    idempotent: true,
    permission: 'reports.review',
    body: AdminReviewBulkBody,
    response: AdminReviewBulkResponse,
    summary: 'Back office: approve many reports at once, all or nothing',
  },
  adminReportsFlagPhoto: {
    idempotent: true,
    permission: 'reports.review',
    body: AdminReportFlagBody,
    response: AdminReportFlagResponse,
    summary: 'Back office: flag (or unflag) a photo of a report',
  },
  adminReportsFile: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminReportFileBody,
    summary: "Back office: a report's photo (JPEG)",
  },
  adminReportsReceipt: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminReportReceiptBody,
    summary: "Back office: a report's receipt photo",
  },
  adminReportsFileThumbnail: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminReportFileBody,
    summary: "Back office: a report's photo as a small WebP (about 320 px), served while the bucket is down too",
  },
  adminReportsReceiptThumbnail: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminReportReceiptBody,
    summary: "Back office: a report's receipt photo as a small WebP (about 320 px)",
  },
  adminExportsActions: {
    idempotent: false,
    permission: 'exports.read',
    body: AdminExportQuery,
    summary: 'Back office: actions with times and statuses, one row per action and promoter (CSV)',
  },
  adminExportsRegistrations: {
    idempotent: false,
    permission: 'exports.read',
    body: AdminExportQuery,
    summary: 'Back office: registrations counted per action, brand and model, no personal data (CSV)',
  },
  adminExportsRedemptions: {
    idempotent: false,
    permission: 'exports.read',
    body: AdminExportQuery,
    summary: 'Back office: voucher codes handed out (CSV)',
  },
  // Her hours are a promoter's data (decision 128): whoever reads promoters, not the brand's viewer.
  adminExportsHours: {
    idempotent: false,
    permission: 'promoters.read',
    body: AdminExportQuery,
    summary: 'Back office: hours per promoter and day, planned, worked and approved, with a total per promoter (CSV)',
  },
  adminDashboard: {
    idempotent: false,
    permission: 'dashboard.read',
    body: AdminDashboardBody,
    response: AdminDashboardResponse,
    summary: 'Back office: registrations per day and brand, actions by status, codes, exceptions',
  },
  adminConsumersFind: {
    idempotent: false,
    permission: 'consumers.read',
    body: AdminConsumerFindBody,
    response: AdminConsumerFindResponse,
    summary: 'Privacy officer: find a consumer by exact e-mail or phone number; the reason is audited',
  },
  adminConsumersHistory: {
    idempotent: false,
    permission: 'consumers.read',
    body: AdminConsumerRefBody,
    response: AdminConsumerHistoryResponse,
    summary: "Privacy officer: a consumer's consent history with the texts shown, and her requests",
  },
  adminConsumersProof: {
    idempotent: false,
    permission: 'consumers.read',
    body: AdminConsumerProofBody,
    summary: "Privacy officer: a consumer's consent proof, a signed JSON document or a printable PDF",
  },
  adminConsumersWithdraw: {
    idempotent: true,
    permission: 'consumers.manage',
    body: AdminConsumerWithdrawBody,
    response: AdminConsumerWithdrawResponse,
    summary: 'Privacy officer: record a withdrawal of consents on her request (new records, effective at once)',
  },
  adminConsumerRequestsCreate: {
    idempotent: true,
    permission: 'consumers.manage',
    body: AdminConsumerRequestCreateBody,
    response: AdminConsumerRequestResponse,
    summary: 'Privacy officer: record a data-subject request (access, portability, erasure, rectification), due in a month',
  },
  adminConsumerRequestsList: {
    idempotent: false,
    permission: 'consumers.read',
    body: AdminConsumerRequestListBody,
    response: AdminConsumerRequestListResponse,
    summary: 'Privacy officer: data-subject requests by state, kind, consumer and due date',
  },
  adminConsumerRequestsExtend: {
    idempotent: true,
    permission: 'consumers.manage',
    body: AdminConsumerRequestExtendBody,
    response: AdminConsumerRequestResponse,
    summary: "Privacy officer: extend a request's due date by two months, once, within its first month, with a reason",
  },
  adminConsumerRequestsComplete: {
    idempotent: true,
    permission: 'consumers.manage',
    body: AdminConsumerRequestCompleteBody,
    response: AdminConsumerRequestCompleteResponse,
    summary: 'Privacy officer: carry a request out (an erasure takes effect here) or deny it with a reason',
  },
  // issue 34 (decision 118): staff accounts, the admin's alone
  adminStaffList: {
    idempotent: false,
    permission: 'staff.manage',
    body: AdminStaffListBody,
    response: AdminStaffListResponse,
    summary: 'Back office: staff accounts (search, role, active), a page at a time',
  },
  adminStaffCreate: {
    idempotent: true,
    permission: 'staff.manage',
    body: AdminStaffCreateBody,
    response: AdminStaffResponse,
    summary: 'Back office: a new staff account with roles and territories; she is e-mailed a link to set her password',
  },
  adminStaffUpdate: {
    idempotent: true,
    permission: 'staff.manage',
    body: AdminStaffUpdateBody,
    response: AdminStaffResponse,
    summary: "Back office: change a staff member's names, roles or territories (the last active admin stays one)",
  },
  adminStaffDeactivate: {
    idempotent: true,
    permission: 'staff.manage',
    body: AdminStaffRefBody,
    response: AdminStaffResponse,
    summary: 'Back office: deactivate a staff account (not her own, not the last active admin); her sessions end',
  },
  adminStaffReactivate: {
    idempotent: true,
    permission: 'staff.manage',
    body: AdminStaffRefBody,
    response: AdminStaffResponse,
    summary: 'Back office: reactivate a deactivated staff account',
  },
  adminStaffSendLink: {
    idempotent: true,
    permission: 'staff.manage',
    body: AdminStaffRefBody,
    response: AdminStaffResponse,
    summary: 'Back office: e-mail her a fresh link to set her password (the older ones stop working)',
  },
  // Public (decision 118): the token in her link is the key; the permission is only for the table's rule.
  adminStaffPasswordLink: {
    public: true,
    idempotent: false,
    permission: 'session.own',
    body: StaffPasswordLinkBody,
    response: StaffPasswordLinkResponse,
    summary: 'Back office: whose account a password link opens, and until when',
  },
  adminStaffSetPassword: {
    public: true,
    idempotent: false,
    permission: 'session.own',
    body: StaffSetPasswordBody,
    response: StaffSetPasswordResponse,
    summary: 'Back office: set her password through her link (once); her sessions end',
  },
  // Public (decision 120): the answer never tells whether the account exists.
  adminAuthResetToken: {
    public: true,
    idempotent: true,
    permission: 'session.own',
    body: StaffResetTokenBody,
    response: Empty,
    summary: 'Back office: e-mail a staff member a code to set a new password',
  },
  adminAuthResetPassword: {
    public: true,
    idempotent: false,
    permission: 'session.own',
    body: StaffResetPasswordBody,
    response: Empty,
    summary: 'Back office: set a new password with the e-mailed code; her sessions end',
  },
  // issue 37 (decision 135)
  adminNotificationsList: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminNotificationListBody,
    response: AdminNotificationListResponse,
    summary: 'Back office: what reached her of an action or a report (push shown, read, SMS sent, when)',
  },
  adminNotificationsResend: {
    idempotent: true,
    permission: 'reports.review',
    body: AdminNotificationResendBody,
    response: AdminNotificationResendResponse,
    summary: 'Back office: push a notification to her devices again, and its SMS at once where it has one',
  },
  // issue 38 (decision 138)
  adminReportsExplainFlag: {
    idempotent: true,
    permission: 'reports.review',
    body: AdminExplainFlagBody,
    response: AdminExplainFlagResponse,
    summary: "Back office: mark a report's plausibility flag 'Wyjaśnione' with a note (audited)",
  },
  adminPhotosList: {
    idempotent: false,
    permission: 'reports.read',
    body: AdminPhotosListBody,
    response: AdminPhotosListResponse,
    summary: "Back office: 'Zdjęcia' — start, end and survey photos, filtered, newest first, paged by key",
  },
} as const satisfies Record<RouteName, RouteSchemas>;

export type Routes = typeof routeSchemas;

/** What a call sends: its JSON body, or the `_input` of a multipart call; `undefined` for none. */
export type RouteBody<N extends RouteName> = Routes[N] extends { body: z.ZodType } ? z.input<Routes[N]['body']> : undefined;
/** `data` of a call's success envelope (a binary call answers a Blob). */
export type RouteData<N extends RouteName> = Routes[N] extends { response: z.ZodType } ? z.output<Routes[N]['response']> : Blob;

/** One route with its path and its schemas. */
export type RouteDefinition<N extends RouteName = RouteName> = (typeof routePaths)[N] & Routes[N] & RoutePath & RouteSchemas & { name: N };

export function routeDefinition<N extends RouteName>(name: N): RouteDefinition<N> {
  return { name, ...routePaths[name], ...routeSchemas[name] } as RouteDefinition<N>;
}

export const routeNames = Object.keys(routePaths) as RouteName[];
