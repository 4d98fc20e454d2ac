import type {
  AuditEntry,
  ConsentEntry,
  Consumer,
  ConsumerHistory,
  ConsumerRequest,
  NotificationDelivery,
  PlannedAction,
  Promoter,
  Report,
  ReportSummary,
  Staff,
} from '../api/admin-types.ts';

let sequence = 0;
const next = () => ++sequence;

export const buildStaff = (over: Partial<Staff> = {}): Staff => ({
  uuid: `staff-${next()}`,
  username: 'koordynator.waw@demo.pl',
  firstname: 'Ewa',
  lastname: 'Koordynator',
  roles: ['coordinator'],
  territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'],
  ...over,
});

export const buildPromoter = (over: Partial<Promoter> = {}): Promoter => {
  const n = next();
  return {
    uuid: `promoter-${n}`,
    username: `promotorka${n}@demo.pl`,
    firstname: 'Anna',
    lastname: `Nowak${n}`,
    ident: `HST${1000 + n}`,
    mobilePhone: '+48600100200',
    territories: ['WAW-CENTRUM'],
    active: true,
    ...over,
  };
};

export const buildAuditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  uuid: `audit-${next()}`,
  at: '2026-11-27T08:00:00.000Z',
  actor: { type: 'staff', uuid: 'staff-1', name: 'koordynator.waw@demo.pl', roles: ['coordinator'] },
  verb: 'promoters.update',
  object: { type: 'promoter', uuid: 'promoter-1', name: 'Anna Nowak', day: null },
  address: '127.0.0.1',
  details: null,
  ...over,
});

export const buildPlannedAction = (over: Partial<PlannedAction> = {}): PlannedAction => {
  const n = next();
  return {
    uuid: `action-${n}`,
    ident: `ACT${n}`,
    event: { uuid: 'event-1', ident: 'GLO-2026', name: 'GLO-2026' },
    name: `Akcja ${n}`,
    since: '2026-12-01 10:00:00',
    until: '2026-12-01 18:00:00',
    territory: { uuid: 'territory-1', ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
    status: 'planned',
    points: [
      {
        uuid: `point-${n}`,
        name: 'Galeria Mokotów',
        streetAddress: 'Wołoska 12',
        postalCode: '02-675',
        cityName: 'Warszawa',
        petraId: null,
        latitude: null,
        longitude: null,
      },
    ],
    promoters: [],
    ...over,
  };
};

export const buildReportSummary = (over: Partial<ReportSummary> = {}): ReportSummary => {
  const n = next();
  return {
    action: {
      uuid: `action-${n}`,
      ident: `ACT${n}`,
      name: `Akcja ${n}`,
      since: '2026-12-01 10:00:00',
      until: '2026-12-01 18:00:00',
      status: 'finished',
      territory: { ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
      event: { ident: 'GLO-2026', name: 'GLO-2026' },
    },
    promoter: { uuid: `promoter-${n}`, ident: `HST${1000 + n}`, firstname: 'Anna', lastname: `Nowak${n}` },
    state: 'submitted',
    start: '2026-12-01 10:02:00',
    end: '2026-12-01 17:58:00',
    submittedAt: '2026-12-01T16:58:30.000Z',
    registrations: 3,
    codesHandedOut: 2,
    flaggedPhotos: 0,
    openFlags: 0,
    ...over,
  };
};

/** A report's detail: its summary with a timeline, two start photos, a receipt, her answers and counts. */
export const buildReport = (over: Partial<Report> = {}): Report => {
  const summary = buildReportSummary(over);
  const point = { uuid: 'point-1', name: 'Galeria Mokotów' };
  return {
    ...summary,
    timeline: [
      { kind: 'planned_start', at: summary.action.since, point: null, position: null, distanceMeters: null, note: null },
      {
        kind: 'check_in',
        at: '2026-12-01 10:02:00',
        point,
        position: { latitude: 52.1797, longitude: 21.0033 },
        distanceMeters: 42,
        note: null,
      },
      { kind: 'planned_end', at: summary.action.until, point: null, position: null, distanceMeters: null, note: null },
      {
        kind: 'check_out',
        at: '2026-12-01 17:58:00',
        point,
        position: { latitude: 52.19, longitude: 21.0033 },
        distanceMeters: 1250,
        note: null,
      },
    ],
    photos: [
      { uuid: 'photo-front', ident: 'bereal_start', createdAt: '2026-12-01T09:02:00.000Z', flagged: false },
      { uuid: 'photo-rear', ident: 'bereal_start', createdAt: '2026-12-01T09:02:01.000Z', flagged: false },
    ],
    receipts: [{ uuid: 'receipt-1', imageKept: true, device: { serial: 'SN-123', beacon: null } }],
    polls: [
      { ident: 'action_start', content: JSON.stringify([{ question_ident: 'q0', answer_ident: ['has_badge', 'has_outfit'] }]) },
      { ident: 'action_end', content: JSON.stringify([{ question_ident: 'q0', answer_ident: ['no_traffic'] }]) },
    ],
    survey: { chechboxes: ['tak', 'nie', 'tak'], text: 'Regał przy kasie' },
    registrationsByModel: [
      { brand: 'glo', model: 'hyper', count: 2 },
      { brand: 'velo', model: 'mint', count: 1 },
    ],
    reviews: [],
    exceptions: [],
    flags: [],
    ...over,
  };
};

/** One page of the reports list with all of them. */
export const reportsPage = (reports: ReportSummary[]) => ({ page: 1, pageSize: 50, total: reports.length, reports });

/** One page of the promoters list with all of them. */
export const promotersPage = (promoters: Promoter[]) => ({ page: 1, pageSize: 200, total: promoters.length, promoters });

/** The API's envelope around an answer (spec §7). */
export const ok = (data: unknown) => ({ status: { success: true }, data, meta: { ts: '2026-11-27T08:00:00.000Z' } });
export const failure = (error: string) => ({ status: { success: false }, data: { error }, meta: { ts: '2026-11-27T08:00:00.000Z' } });

export const buildOfficer = (over: Partial<Staff> = {}): Staff =>
  buildStaff({ username: 'rodo@demo.pl', firstname: 'Iga', lastname: 'Inspektor', roles: ['privacy'], territories: [], ...over });

export const buildConsumer = (over: Partial<Consumer> = {}): Consumer => {
  const n = next();
  return {
    uuid: `consumer-${n}-0000-0000`,
    firstName: 'Joanna',
    lastName: 'Kowalczyk',
    emailAddress: `joanna${n}@example.pl`,
    mobileNumber: '+48600123456',
    birthDate: '1991-03-14',
    postalCode: '00-017',
    createdAt: '2026-11-20T10:00:00.000Z',
    erasedAt: null,
    ...over,
  };
};

export const buildConsentEntry = (over: Partial<ConsentEntry> = {}): ConsentEntry => ({
  uuid: `consent-${next()}`,
  field: 'mobileOptIn',
  decision: true,
  recordedAt: '2026-11-20T10:00:00.000Z',
  channel: 'webform',
  text: { version: '2026-01', sha256: 'a'.repeat(64), words: 'Wyrażam zgodę na otrzymywanie informacji handlowych w wiadomościach SMS.' },
  promoter: { uuid: 'promoter-1', ident: 'HST1001', firstname: 'Anna', lastname: 'Nowak' },
  action: { uuid: 'action-1', ident: 'ACT1', name: 'Żabka Marszałkowska' },
  point: { uuid: 'point-1', name: 'Żabka', streetAddress: 'Marszałkowska 1', cityName: 'Warszawa' },
  proof: { kind: 'codes', confirmedAt: null, staff: null, note: null },
  ...over,
});

export const buildConsumerRequest = (over: Partial<ConsumerRequest> = {}): ConsumerRequest => ({
  uuid: `request-${next()}`,
  consumer: { uuid: 'consumer-1' },
  kind: 'access',
  state: 'pending',
  receivedAt: '2026-11-20T10:00:00.000Z',
  dueAt: '2026-12-20T10:00:00.000Z',
  extension: null,
  note: null,
  createdBy: 'rodo@demo.pl',
  completedAt: null,
  completedBy: null,
  outcomeNote: null,
  ...over,
});

export const buildHistory = (consumer: Consumer, over: Partial<ConsumerHistory> = {}): ConsumerHistory => ({
  consumer,
  consents: [],
  current: [],
  requests: [],
  ...over,
});

/** One notification as the back office sees it (issue 37): made at 10:00, pushed to one device, nothing seen yet. */
export const buildNotificationDelivery = (over: Partial<NotificationDelivery> = {}): NotificationDelivery => ({
  id: next(),
  kind: 'report_returned',
  createdAt: '2026-12-02 10:00:00',
  promoter: { ident: 'HST1001', name: 'Anna Nowak' },
  action: { uuid: 'action-1', name: 'Akcja 1' },
  pushDevices: 1,
  pushSentAt: null,
  pushShownAt: null,
  readAt: null,
  sms: 'waiting',
  smsDueAt: null,
  smsSentAt: null,
  resentAt: null,
  resentBy: null,
  ...over,
});
