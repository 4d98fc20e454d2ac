import type { z } from 'zod';
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
  MgmInviteBody,
  MgmInviteResponse,
  MgmMaybeJoinResponse,
  MgmUpdateBody,
  MgmUpdateResponse,
  MgmValidateBody,
  MgmValidateResponse,
} from '../mgm.ts';
import { routePaths, type RouteName, type RoutePath } from './route-paths.ts';

// The schemas of every call of spec §7, keyed by the names of ./route-paths.ts. The server registers
// its routes from this table (body validation, response serialization) and builds the OpenAPI
// document from it; the web app takes only its types (`RouteBody<'actionCheckIn'>`), never zod.

export type RouteSchemas = {
  /** What the caller sends: the JSON body, or for a multipart call the `_input` field. None: no body. */
  readonly body?: z.ZodType;
  /** `data` of the success envelope. None for a binary answer. */
  readonly response?: z.ZodType;
  /** `meta` of the success envelope when it carries more than ts (/lead/register's bc). */
  readonly meta?: z.ZodType;
  /** One line for the OpenAPI document. */
  readonly summary: string;
};

export const routeSchemas = {
  authLogin: { body: LoginBody, response: SessionResponse, summary: 'Log in with username and password' },
  authSession: { response: SessionResponse, summary: 'Resume the session of the bearer token' },
  authLogout: { response: Empty, summary: 'End the session of the bearer token' },
  authResetToken: { body: ResetTokenBody, response: Empty, summary: 'Send a password reset code by SMS' },
  authResetPassword: { body: ResetPasswordBody, response: Empty, summary: 'Set a new password with the reset code' },
  authUpdatePassword: { body: UpdatePasswordBody, response: Empty, summary: "Change the caller's password" },
  actionList: { body: ListActionsBody, response: ListActionsResponse, summary: "The caller's actions in a time window" },
  actionRecent: { response: RecentActionsResponse, summary: "The caller's started action and her last finished one" },
  actionCheckIn: { body: CheckInBody, response: ActionResponse, summary: 'Start an action at one of its points' },
  actionCheckOut: { body: CheckOutBody, response: ActionResponse, summary: 'Finish the started action' },
  actionCancel: { body: CancelActionBody, response: Empty, summary: 'Cancel an accepted action' },
  actionLocationSave: { body: SaveLocationBody, response: Empty, summary: 'Record her position during a started action' },
  actionFileCreate: { body: FileCreateInput, response: FileCreateResponse, summary: 'Upload photos (multipart: _input and files[])' },
  actionFileList: { body: FileListBody, response: FileListResponse, summary: "An action's photos and survey answers" },
  actionFileServe: { body: FileServeBody, summary: 'One photo as an image' },
  actionReceiptCreate: {
    body: ReceiptCreateInput,
    response: ReceiptResponse,
    summary: "A registration's receipt photo (multipart: _input and files[])",
  },
  actionReceiptList: { body: ReceiptListBody, response: ReceiptListResponse, summary: "An action's receipts" },
  actionReceiptServe: { body: ReceiptServeBody, summary: 'One receipt photo as an image' },
  actionReport: { body: ActionReportBody, response: ActionReportResponse, summary: 'Her report of an action: times, status and points' },
  sampleStats: { body: SampleStatsBody, response: SampleStatsResponse, summary: 'Devices she registered, per period' },
  leadOtp: { body: LeadOtpBody, response: Empty, summary: 'Send the consumer a code by e-mail and another by SMS' },
  leadVerify: { body: LeadVerifyBody, response: LeadVerifyResponse, summary: 'Check both codes and tell what the consumer may be offered' },
  leadRegister: {
    body: LeadRegisterBody,
    response: LeadRegisterResponse,
    meta: LeadRegisterMeta,
    summary: 'Register a consumer: consents, devices and products in one transaction',
  },
  deviceBurn: { body: DeviceBurnBody, response: Empty, summary: 'Mark a registered Glo device serial number as used' },
  pollAnswer: { body: PollAnswerBody, response: Empty, summary: 'Answer the start checklist or the end reason' },
  voucherBatches: { body: VoucherBatchesBody, response: VoucherBatchesResponse, summary: 'The voucher batches of an event she works on' },
  voucherVouchers: { body: VouchersBody, response: VouchersResponse, summary: 'Her codes of one batch, given or not' },
  voucherTopUp: { body: VoucherTopUpBody, response: VoucherTopUpResponse, summary: 'Assign her further codes of the batch' },
  voucherGenerate: {
    body: VoucherTopUpBody,
    response: VoucherTopUpResponse,
    summary: "'Generuj kody': assign her further codes of the batch",
  },
  voucherRedeem: { body: VoucherRedeemBody, response: VoucherRedeemResponse, summary: 'Give codes to consumers during her started action' },
  availabilityList: { body: AvailabilityListBody, response: AvailabilityListResponse, summary: 'Her availability blocks in a time window' },
  availabilityCreate: { body: AvailabilityCreateBody, response: AvailabilityResponse, summary: 'Add an availability block' },
  availabilityUpdate: { body: AvailabilityUpdateBody, response: AvailabilityResponse, summary: 'Move one of her availability blocks' },
  availabilityDelete: { body: AvailabilityDeleteBody, response: Empty, summary: 'Remove one of her availability blocks' },
  mgmMaybeJoin: { response: MgmMaybeJoinResponse, summary: 'Whether she may use the referral tool now, with her points and ranking' },
  mgmValidateConsumer: {
    body: MgmValidateBody,
    response: MgmValidateResponse,
    summary: 'Check that a consumer can be invited (registry, club, products, consents)',
  },
  mgmUpdateConsumer: { body: MgmUpdateBody, response: MgmUpdateResponse, summary: "Record the consumer's marketing consents" },
  mgmInviteConsumer: { body: MgmInviteBody, response: MgmInviteResponse, summary: 'Invite the consumer by SMS; earns her points' },
  webformCatalogues: { response: WebformCataloguesResponse, summary: "The webform's lists: devices, offers, flavours, sources, consents" },
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
