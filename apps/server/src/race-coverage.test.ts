import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeNames, routeSchemas, type RouteName } from '@promotor/contract';

// Issue 32: concurrency is a tested property of every write path, not of the ones someone thought of.
// Every call of the route table (packages/contract/src/api/routes.ts) is named below: a read, or a
// write with the race test that covers it (N calls at once, both databases; test/races.ts is the
// harness), or a write listed as not yet covered. A new route is in none of these lists, so this file
// fails until its author says which it is, and a reviewer sees the choice in the diff.

/** A race test: its file under apps/server/src and (a part of) its title, as the file spells it. */
type RaceTest = { file: string; title: string };

const GRID: RaceTest = {
  file: 'modules/actions/staff-promoter-races.test.ts',
  title: "the office's $staff and her $promoter at once",
};

const PHONE = 'modules/actions/phone-writes-races.test.ts';
const REVIEWS = 'modules/reviews/reviews-races.test.ts';
const AVAILABILITY = 'modules/availability/availability-races.test.ts';
const AUTH = 'modules/auth/auth-races.test.ts';
const PRIVACY = 'modules/privacy/privacy-races.test.ts';
const STAFF = 'modules/staff/staff-races.test.ts';
const POINTS = 'modules/points/points-races.test.ts';
const CATALOGUE = 'modules/events-territories/events-territories-races.test.ts';
const PUSH = 'modules/push/push.test.ts';
const NOTIFICATIONS = 'modules/notifications/notifications-races.test.ts';

/** Write routes and the race test that covers each. */
const RACE_TESTS: Partial<Record<RouteName, RaceTest>> = {
  authLogin: { file: 'plugins/rate-counters.test.ts', title: '30 parallel wrong passwords for one username' },
  authResetPassword: { file: 'plugins/hardening.test.ts', title: 'parallel wrong reset codes cannot use more than the 5 tries' },
  actionCheckIn: GRID,
  actionCheckOut: GRID,
  actionCancel: GRID,
  // The end photos against the office's writes; one ident's photos twice at once in phone-writes-races.
  actionFileCreate: GRID,
  actionLocationSave: { file: PHONE, title: 'pings at once (her outbox flushing)' },
  pollAnswer: { file: PHONE, title: 'her start checklist sent' },
  actionReceiptCreate: { file: 'modules/receipts/receipts.test.ts', title: 'parallel uploads cannot pass the cap of a registration' },
  leadVerify: { file: 'modules/leads/leads.test.ts', title: 'parallel wrong guesses cannot pass the 5 tries' },
  leadRegister: { file: 'modules/leads/lead-register-registry.test.ts', title: 'two registrations of one serial at once' },
  voucherTopUp: { file: 'modules/vouchers/vouchers.test.ts', title: 'concurrent top-ups never hand one code to two promoters' },
  voucherGenerate: { file: 'modules/vouchers/vouchers.test.ts', title: 'two top-ups of hers at once' },
  voucherRedeem: { file: 'modules/vouchers/vouchers.test.ts', title: '20 concurrent redemptions of one code' },
  availabilityCreate: {
    file: 'modules/availability/availability.test.ts',
    title: 'of overlapping blocks sent at once, exactly one is saved',
  },
  availabilityUpdate: { file: AVAILABILITY, title: 'two blocks moved into one free time at once' },
  availabilityDelete: { file: AVAILABILITY, title: 'one block moved and deleted at once' },
  mgmUpdateConsumer: { file: 'modules/mgm/mgm-consent-proof.test.ts', title: 'two sends at once leave one request waiting' },
  mgmConfirmConsumer: { file: 'modules/mgm/mgm-consent-proof.test.ts', title: 'the same code confirmed twice at once' },
  mgmInviteConsumer: { file: 'modules/mgm/mgm.test.ts', title: 'invite: two promoters inviting one consumer at once' },
  adminPromotersCreate: { file: 'modules/promoters-admin/promoters-admin.test.ts', title: 'two creates of one username at once' },
  adminActionsUpdate: GRID,
  adminActionsUnassign: GRID,
  adminActionsCancel: GRID,
  adminActionsCreate: { file: 'modules/planning/planning.test.ts', title: 'creates naming one event at once all answer 200' },
  adminActionsAssign: { file: 'modules/planning/planning.test.ts', title: 'assigns of one promoter at once all answer 200' },
  actionReportResubmit: { file: REVIEWS, title: 'her resubmission sent from two phones at once' },
  adminReportsApproveMany: { file: REVIEWS, title: 'approve-many and a request for changes of one report at once' },
  adminReportsFlagPhoto: { file: REVIEWS, title: 'one photo flagged by two reviewers at once' },
  adminReportsExplainFlag: { file: 'modules/reviews/report-flags.test.ts', title: 'one flag explained by 6 calls at once' },
  adminLiveCheck: { file: 'modules/live/live-checks.test.ts', title: 'ten coordinators tick one exception at once' },
  adminReportsReview: { file: 'modules/reviews/reviews.test.ts', title: 'two reviewers at once: exactly one decision wins' },
  adminActionsImport: { file: 'modules/planning/plan-import-races.test.ts', title: '20 imports of one file at once' },
  adminActionsCopy: { file: 'modules/planning/action-copy.test.ts', title: 'copies of one week sent at once' },
  adminPromotersUpdate: { file: 'modules/promoters-admin/promoters-races.test.ts', title: '50 changes of her territories at once' },
  adminVouchersImport: { file: 'modules/vouchers/vouchers-import-races.test.ts', title: '20 imports of one file into a new batch at once' },
  // The register of points (issue 34).
  adminPointsCreate: { file: POINTS, title: 'ten creates of one point at once' },
  adminPointsUpdate: { file: POINTS, title: 'twenty edits of one point at once' },
  adminPointsArchive: { file: POINTS, title: 'ten archives and ten restores of one point at once' },
  adminPointsImport: { file: POINTS, title: '20 imports of one file at once' },
  adminPromotersImport: { file: 'modules/promoters-admin/promoters-import.test.ts', title: 'ten imports of one file at once' },
  // Events and territories (issue 34, decision 123).
  adminEventsCreate: { file: CATALOGUE, title: 'ten creates of one %s ident at once' },
  adminEventsUpdate: { file: CATALOGUE, title: 'twenty renames of one %s at once' },
  adminTerritoriesCreate: { file: CATALOGUE, title: 'ten creates of one %s ident at once' },
  adminTerritoriesUpdate: { file: CATALOGUE, title: 'twenty renames of one %s at once' },
  // Her session and password.
  authLogout: { file: AUTH, title: 'one session ended from two tabs at once' },
  authResetToken: { file: AUTH, title: 'reset codes asked for three times at once' },
  authUpdatePassword: { file: AUTH, title: 'her two phones change the password at once' },
  adminPromotersResetPassword: { file: AUTH, title: 'the office sets her password while she logs in with the old one' },
  adminPromotersDeactivate: { file: AUTH, title: 'the office deactivates her while she logs in' },
  // Her phone, during an action.
  leadOtp: { file: 'modules/leads/leads.test.ts', title: 'codes sent at once for one consumer' },
  deviceBurn: { file: 'modules/leads/device-burn.test.ts', title: 'one serial burnt from her outbox and her hand at once' },
  // The back office.
  adminAuthLogin: {
    file: 'plugins/rate-counters.test.ts',
    title: "30 parallel wrong passwords for one staff member at the back office's door",
  },
  adminAuthLogout: { file: 'modules/staff/staff-auth.test.ts', title: 'one staff session ended from two tabs at once' },
  adminConsumersWithdraw: { file: PRIVACY, title: 'a withdrawal and a new request sent twice at once' },
  adminConsumerRequestsCreate: { file: PRIVACY, title: 'a withdrawal and a new request sent twice at once' },
  adminConsumerRequestsExtend: { file: PRIVACY, title: 'two officers extend one request at once' },
  adminConsumerRequestsComplete: { file: PRIVACY, title: 'one request carried out and denied at once' },
  // Staff accounts and their passwords (issue 34, decisions 118 and 120).
  adminStaffCreate: { file: STAFF, title: 'five creates of one username at once' },
  adminStaffUpdate: { file: STAFF, title: 'twenty changes of her roles and territories at once' },
  adminStaffDeactivate: { file: STAFF, title: 'two admins, the only active ones, deactivate each other at once' },
  adminStaffReactivate: { file: STAFF, title: 'ten deactivations and then ten reactivations of one account at once' },
  adminStaffSendLink: { file: STAFF, title: 'eight fresh links asked for at once' },
  adminStaffSetPassword: { file: STAFF, title: 'one link used from five tabs at once' },
  adminAuthResetToken: { file: STAFF, title: 'staff reset codes asked for three times at once' },
  adminAuthResetPassword: { file: STAFF, title: 'one staff reset code used from five tabs at once' },
  // Her devices' Web Push subscriptions and the service worker's 'shown' (issue 37, decision 136).
  pushSubscribe: { file: PUSH, title: 'one endpoint subscribed ten times at once' },
  pushUnsubscribe: { file: PUSH, title: 'one endpoint unsubscribed five times at once' },
  notificationsShown: { file: PUSH, title: 'one receipt reported shown ten times at once' },
  // Her inbox and the back office's resend (issue 37, decision 135).
  notificationsRead: { file: NOTIFICATIONS, title: 'her two phones mark her notifications read at once' },
  adminNotificationsResend: { file: NOTIFICATIONS, title: 'ten staff resend one notification at once' },
};

/**
 * Write routes without a race test yet, each with what one would have to show. Shrink this list; a
 * route added here is a decision a reviewer must accept.
 */
const NOT_YET_COVERED: Partial<Record<RouteName, string>> = {};

/** Calls sent as POST (or GET for CSV) that keep nothing: no race to test. The table marks none of them idempotent. */
const READS: readonly RouteName[] = [
  'authSession',
  'actionList',
  'actionRecent',
  'actionFileList',
  'actionFileServe',
  'actionReceiptList',
  'actionReceiptServe',
  'actionReport',
  'actionReportsToFix',
  'sampleStats',
  'voucherBatches',
  'voucherVouchers',
  'availabilityList',
  'mgmMaybeJoin',
  'mgmValidateConsumer',
  'webformCatalogues',
  'adminAuthSession',
  'adminTerritories',
  'adminPromotersList',
  'adminAuditList',
  'adminActionsList',
  'adminActionsSchedules',
  'adminActionsOpen',
  'adminPointsList',
  'adminEventsList',
  'adminTerritoriesList',
  'adminVouchersBatches',
  'adminLive',
  'adminReportsList',
  'adminReportsGet',
  'adminReportsFile',
  'adminReportsReceipt',
  'adminReportsFileThumbnail',
  'adminReportsReceiptThumbnail',
  'adminExportsActions',
  'adminExportsRegistrations',
  'adminExportsRedemptions',
  'adminExportsHours',
  'adminDashboard',
  // Audited (the officer's look-ups, decision 097), but they change nothing another call could race.
  'adminConsumersFind',
  'adminConsumersHistory',
  'adminConsumersProof',
  'adminConsumerRequestsList',
  'adminStaffList',
  // Whose account a password link opens: changes nothing.
  'adminStaffPasswordLink',
  // The server's VAPID public key (issue 37).
  'pushKey',
  // Her inbox and what reached her (issue 37).
  'notificationsList',
  'adminNotificationsList',
  // 'Zdjęcia' (issue 38).
  'adminPhotosList',
];

const serverSrc = import.meta.dirname;
const read = (file: string) => fs.readFileSync(path.join(serverSrc, file), 'utf8');
const lists = { RACE_TESTS, NOT_YET_COVERED } as const;

describe('every write route has a race test (issue 32)', () => {
  it('each call of the route table is a read, or a write listed once: with its race test, or not yet covered', () => {
    const unlisted = routeNames.filter((name) => !READS.includes(name) && !Object.values(lists).some((list) => name in list));
    expect(unlisted, 'write routes with no race test listed (add one, or say why in NOT_YET_COVERED)').toEqual([]);
    const twice = routeNames.filter(
      (name) => [READS.includes(name), ...Object.values(lists).map((l) => name in l)].filter(Boolean).length > 1,
    );
    expect(twice).toEqual([]);
    const stale = [...READS, ...Object.values(lists).flatMap((l) => Object.keys(l))].filter(
      (name) => !routeNames.includes(name as RouteName),
    );
    expect(stale).toEqual([]);
  });

  it('no call the table marks idempotent (a write, decision 005) is listed as a read', () => {
    expect(READS.filter((name) => routeSchemas[name].idempotent)).toEqual([]);
  });

  it.each(Object.entries(RACE_TESTS) as [RouteName, RaceTest][])('%s: its race test is there and sends calls at once', (_, race) => {
    const text = read(race.file);
    expect(text, race.file).toContain(race.title);
    expect(text, race.file).toMatch(/Promise\.all|raceSame\(|race\(/);
  });
});
