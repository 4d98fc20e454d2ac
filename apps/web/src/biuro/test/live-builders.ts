import type { DashboardAnswer, LiveAnswer } from '../api/admin-types.ts';

// Answers of /api/admin/live and /api/admin/dashboard for the back office's tests (issue 25). Times
// are relative to now, so the ages on screen ('5 min temu') are the ones the test names.

type LiveAction = LiveAnswer['actions'][number];
type LivePromoter = LiveAction['promoters'][number];
type LiveException = LiveAnswer['exceptions'][number];

let sequence = 0;
const next = () => ++sequence;

/** An ISO instant `minutes` before now. */
export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

export const buildLivePromoter = (over: Partial<LivePromoter> = {}): LivePromoter => {
  const n = next();
  return {
    uuid: `promoter-${n}`,
    ident: `HST${1000 + n}`,
    name: `Anna Nowak${n}`,
    status: 'started',
    cancelled: false,
    startedAt: '2026-12-01 10:02:00',
    lastPosition: { latitude: 52.2319, longitude: 21.0067, accuracy: 18, capturedAt: minutesAgo(5) },
    distanceMeters: 120,
    outbox: { count: 0, oldestAt: null },
    lastSeenAt: minutesAgo(2),
    ...over,
  };
};

export const buildLiveAction = (over: Partial<LiveAction> = {}): LiveAction => {
  const n = next();
  return {
    uuid: `action-${n}`,
    ident: `ACT${n}`,
    name: `Akcja ${n}`,
    since: '2026-12-01 10:00:00',
    until: '2026-12-01 18:00:00',
    status: 'started',
    territory: { ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
    points: [
      {
        uuid: `point-${n}`,
        name: 'Galeria Mokotów',
        streetAddress: 'Wołoska 12',
        postalCode: '02-675',
        cityName: 'Warszawa',
        petraId: null,
        latitude: 52.2297,
        longitude: 21.0122,
      },
    ],
    promoters: [buildLivePromoter()],
    ...over,
  };
};

export const buildLiveException = (action: LiveAction, promoter: LivePromoter, over: Partial<LiveException> = {}): LiveException => ({
  kind: 'no_position',
  action: { uuid: action.uuid, name: action.name },
  promoter: { uuid: promoter.uuid, ident: promoter.ident, name: promoter.name },
  since: minutesAgo(10),
  distanceMeters: null,
  minutes: null,
  checked: null,
  ...over,
});

export const buildLiveAnswer = (over: Partial<LiveAnswer> = {}): LiveAnswer => ({
  at: new Date().toISOString(),
  map: { tileUrl: null, attribution: '© autorzy OpenStreetMap' },
  actions: [],
  exceptions: [],
  pendingFiles: null,
  ...over,
});

/** A dashboard answer over `dates`, each day with the numbers `perDay` gives it. */
export function buildDashboard(
  dates: string[],
  perDay: (date: string, index: number) => { Glo?: number; Vuse?: number; Velo?: number; codes?: number } = () => ({}),
  over: Partial<DashboardAnswer> = {},
): DashboardAnswer {
  const days = dates.map((date, index) => {
    const values = perDay(date, index);
    return {
      date,
      registrations: { Glo: values.Glo ?? 0, Vuse: values.Vuse ?? 0, Velo: values.Velo ?? 0 },
      codesHandedOut: values.codes ?? 0,
    };
  });
  const registrations = days.reduce((sum, day) => sum + day.registrations.Glo + day.registrations.Vuse + day.registrations.Velo, 0);
  return {
    days,
    actions: { total: 0, planned: 0, started: 0, finished: 0, approved: 0, cancelled: 0 },
    registrations,
    codesHandedOut: days.reduce((sum, day) => sum + day.codesHandedOut, 0),
    exceptions: [],
    flaggedActions: [],
    ...over,
  };
}
