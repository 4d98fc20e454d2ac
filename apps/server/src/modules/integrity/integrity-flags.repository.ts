import type { IntegrityEvidence, IntegrityFlagKind } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { newId } from '../../lib/crypto.ts';

// Issue 38 (decision 138): the one writer of integrity_flags. A signal is raised once per (action,
// promoter, kind, subject): a recomputation as more data arrives finds the row and leaves it (the
// unique key decides, not a read before the write), so evidence is that of the moment it was raised;
// a flag withdrawn by later data (a fix that came late, out of order) is removed while still open.

export type RaisedFlag = {
  actionId: string;
  userId: string;
  kind: IntegrityFlagKind;
  /** '' for a per-action flag; a photo's id; a pair of fixes. */
  subject?: string;
  evidence: IntegrityEvidence;
  /** ISO UTC. */
  raisedAt: string;
};

/** Raises each flag unless one with its natural key exists; answers how many were new. */
export async function raiseFlags(db: Db, flags: readonly RaisedFlag[]): Promise<number> {
  let raised = 0;
  for (const f of flags) {
    const result = await db
      .insertInto('integrity_flags')
      .values({
        id: newId(),
        action_id: f.actionId,
        user_id: f.userId,
        kind: f.kind,
        subject: f.subject ?? '',
        evidence: JSON.stringify(f.evidence),
        raised_at: f.raisedAt,
        explained_at: null,
        explained_by: null,
        explanation: null,
      })
      .onConflict((oc) => oc.columns(['action_id', 'user_id', 'kind', 'subject']).doNothing())
      .executeTakeFirst();
    raised += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return raised;
}

/** Removes open flags of these kinds for her action that the latest computation no longer raises. */
export async function withdrawOpenFlags(
  db: Db,
  actionId: string,
  userId: string,
  kinds: readonly IntegrityFlagKind[],
  keep: readonly { kind: IntegrityFlagKind; subject: string }[],
): Promise<void> {
  if (kinds.length === 0) return;
  const kept = new Set(keep.map((k) => `${k.kind}\u0000${k.subject}`));
  const open = await db
    .selectFrom('integrity_flags')
    .select(['id', 'kind', 'subject'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('explained_at', 'is', null)
    .execute();
  const gone = open.filter((f) => !kept.has(`${f.kind}\u0000${f.subject}`)).map((f) => f.id);
  if (gone.length > 0) await db.deleteFrom('integrity_flags').where('id', 'in', gone).where('explained_at', 'is', null).execute();
}

export function flagsOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('integrity_flags')
    .selectAll()
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('raised_at')
    .orderBy('id')
    .execute();
}
