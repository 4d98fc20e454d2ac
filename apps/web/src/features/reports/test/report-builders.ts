import type { Action, ActionReport, ReportReviewMark, ReportReviewState, SampleStatsResponse } from '@promotor/contract';

// Builders of what the reports' calls answer, for the component tests.

/** `review`: the state of her report's review as the history list carries it (issue 25). */
export function buildFinishedAction(uuid: string, name: string, since: string, review: ReportReviewState | null = null): Action {
  return {
    uuid,
    ident: `A-${uuid}`,
    name,
    since: { date: since },
    until: { date: since.replace(/\d{2}:\d{2}:\d{2}$/, '18:00:00') },
    actionPoints: [],
    event: { uuid: 'event-1', ident: 'GLO' },
    status: { user: { status: 'finished', actionPoint: null, lastStatusCreated: null }, global: { ident: 'finished' } },
    review: review ? { state: review } : null,
  };
}

/** Her report's review as /action/report answers it; a request for changes carries its reason and note. */
export function buildReview(state: ReportReviewState, overrides: Partial<ReportReviewMark> = {}): ReportReviewMark {
  const requested = state === 'changes_requested';
  return {
    state,
    note: requested ? 'Brakuje zdjęcia ekspozycji po ułożeniu. Dodaj je, proszę.' : null,
    reason: requested ? 'photos' : null,
    ...overrides,
  };
}

export const emptyStats = (): SampleStatsResponse => ({ currentAction: [], lastAction: [], currentMonth: [], lastMonth: [] });

export function buildReport(overrides: Partial<ActionReport> = {}): ActionReport {
  return {
    uuid: 'action-7',
    ident: 'GLO-2026-007',
    name: 'Degustacja glo — Żabka Marszałkowska',
    since: '2026-03-05 10:00:00',
    territory: 'Warszawa',
    hostess: { firstname: 'Anna', lastname: 'Nowak', ident: 'HST1001' },
    start: '2026-03-05 10:02:03',
    end: '2026-03-05 13:05:09',
    locationChange: null,
    durationSeconds: 3 * 3600 + 3 * 60 + 6,
    status: 'finished',
    locations: [
      {
        uuid: 'point-1',
        name: 'Żabka Marszałkowska',
        address: { streetAddress: 'Marszałkowska 10', postalCode: '00-001', cityName: 'Warszawa' },
        point: { petraId: 'P-1' },
      },
    ],
    review: null,
    ...overrides,
  };
}
