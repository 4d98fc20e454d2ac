import type { Db } from '../../db/kysely.ts';
import type { ActionPointTable } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { PlannedPoint } from './plan-rows.ts';
import * as repo from './planning.repository.ts';

// An action's points written from a plan (the CSV file's rows or the back office's form).

export const pointValues = (p: PlannedPoint, position: number) => ({
  position,
  name: p.name,
  street_address: p.street,
  postal_code: p.postalCode,
  city_name: p.city,
  petra_id: p.petraId,
  latitude: p.latitude,
  longitude: p.longitude,
  // The register's point (decision 125); the columns above are the action's own copy.
  point_id: p.pointId,
});

/**
 * The stored points become the planned ones: the same ids by position (what was done at a point
 * keeps pointing at it), extra ones added or removed. `stored` in the order to reuse them.
 */
export async function replacePoints(trx: Db, actionId: string, stored: readonly ActionPointTable[], planned: readonly PlannedPoint[]) {
  const added = [];
  for (const [i, p] of planned.entries()) {
    const existing = stored[i];
    if (existing) await repo.updatePoint(trx, existing.id, pointValues(p, i));
    else added.push({ id: newId(), action_id: actionId, ...pointValues(p, i) });
  }
  await repo.insertChunked(trx, 'action_points', added);
  await repo.deletePoints(
    trx,
    stored.slice(planned.length).map((p) => p.id),
  );
}
