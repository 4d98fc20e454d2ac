import type { AdminActionUpdateBody } from '@promotor/contract';
import type { z } from 'zod';
import type { ActionPointTable } from '../../db/schema.ts';
import { toPoint } from './planning.mapper.ts';
import type { PlannedActionRow } from './planning.repository.ts';

// What an update of an action changes, for its audit entry (decision 109): each field from → to, the
// points as a whole (in order, with their ids; a new one has none). Pure: tested without a database.

type ActionInput = z.output<typeof AdminActionUpdateBody>['action'];
type Change = { from: unknown; to: unknown };

const inputPoint = (p: ActionInput['points'][number]) => ({
  uuid: p.uuid ?? null,
  name: p.name,
  streetAddress: p.streetAddress,
  postalCode: p.postalCode,
  cityName: p.cityName,
  petraId: p.petraId,
  latitude: p.latitude,
  longitude: p.longitude,
});

/** Each field the input changes, from → to; null when it changes nothing. */
export function actionChanges(
  row: Pick<PlannedActionRow, 'name' | 'since' | 'until' | 'event_ident' | 'territory_ident'>,
  points: readonly ActionPointTable[],
  input: ActionInput,
): Record<string, Change> | null {
  const changes: Record<string, Change> = {};
  const compare = (key: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  };
  compare('name', row.name, input.name);
  compare('event', row.event_ident, input.event.ident);
  compare('territory', row.territory_ident, input.territory.ident);
  compare('since', row.since, input.since);
  compare('until', row.until, input.until);
  compare('points', points.map(toPoint), input.points.map(inputPoint));
  return Object.keys(changes).length > 0 ? changes : null;
}
