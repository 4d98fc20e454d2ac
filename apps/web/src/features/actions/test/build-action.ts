import type { Action, ActionPoint } from '@promotor/contract';

// Test data builders for the actions feature (STYLE.md: builders, not copied literals).

let counter = 0;

export function buildActionPoint(overrides: Partial<ActionPoint> = {}): ActionPoint {
  counter += 1;
  return {
    uuid: `point-${counter}`,
    name: 'Żabka Marszałkowska',
    address: { streetAddress: 'ul. Marszałkowska 104', postalCode: '00-017', cityName: 'Warszawa' },
    point: { petraId: 'P-10231' },
    ...overrides,
  };
}

export type BuildActionOptions = {
  uuid?: string;
  name?: string;
  ident?: string;
  since?: string;
  until?: string;
  points?: ActionPoint[];
  /** Her status (status.user.status). */
  status?: 'started' | 'finished' | null;
  global?: Action['status']['global']['ident'];
  /** The point she checked in at. */
  checkedInAt?: string | null;
};

export function buildAction(options: BuildActionOptions = {}): Action {
  counter += 1;
  const points = options.points ?? [buildActionPoint()];
  return {
    uuid: options.uuid ?? `action-${counter}`,
    ident: options.ident ?? `AKC-${1000 + counter}`,
    name: options.name ?? `Degustacja glo ${counter}`,
    since: { date: options.since ?? '2026-03-05 08:00:00' },
    until: { date: options.until ?? '2026-03-05 22:00:00' },
    actionPoints: points,
    event: { uuid: 'event-1', ident: 'EV-2026-SAMPLING' },
    status: {
      user: {
        status: options.status ?? null,
        actionPoint: options.checkedInAt ? { uuid: options.checkedInAt } : null,
        lastStatusCreated: options.status ? { date: options.since ?? '2026-03-05 08:00:00' } : null,
      },
      global: { ident: options.global ?? (options.status === 'started' ? 'started' : 'accepted') },
    },
  };
}
