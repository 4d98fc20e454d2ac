import type { Action, ActionReport, SampleStatsResponse } from '@promotor/contract';

// Builders of what the reports' calls answer, for the component tests.

export function buildFinishedAction(uuid: string, name: string, since: string): Action {
  return {
    uuid,
    ident: `A-${uuid}`,
    name,
    since: { date: since },
    until: { date: since.replace(/\d{2}:\d{2}:\d{2}$/, '18:00:00') },
    actionPoints: [],
    event: { uuid: 'event-1', ident: 'GLO' },
    status: { user: { status: 'finished', actionPoint: null, lastStatusCreated: null }, global: { ident: 'finished' } },
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
