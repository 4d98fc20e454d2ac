import type { Db } from '../../db/kysely.ts';
import { newId } from '../../lib/crypto.ts';
import { insertChunked, pointsOf } from './planning.repository.ts';

// The SQL of /api/admin/actions/copy (issue 34, decision 127) beyond what planning.repository.ts has.

/**
 * Each copy's points: every column of its source's points but the id and the action, so a column a
 * later migration adds to a point travels with its copies.
 */
export async function copyPoints(db: Db, copies: readonly { id: string; sourceId: string }[]) {
  const points = await pointsOf(db, [...new Set(copies.map((c) => c.sourceId))]);
  const rows = copies.flatMap((copy) =>
    points
      .filter((p) => p.action_id === copy.sourceId)
      .map(({ id: _id, action_id: _action, ...rest }) => ({ ...rest, id: newId(), action_id: copy.id })),
  );
  await insertChunked(db, 'action_points', rows);
}

/** Which of these action ids are written (a copy whose natural key was taken is not: migration 026). */
export async function writtenIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectFrom('actions')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}
