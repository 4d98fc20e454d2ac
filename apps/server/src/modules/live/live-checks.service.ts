import type { AdminLiveCheckBody, AdminLiveCheckResponse } from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { refusedTry } from '../../lib/app-error.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import * as repo from './live.repository.ts';

// /api/admin/live/check (issue 33 item 10, decision 117): 'Sprawdzone' on a live-day exception is kept
// on the server, one row per exception with who and when, so every coordinator of the territory sees
// the same queue; each check and each undoing is in the audit log.

export type LiveChecksDeps = { db: Db; now: () => Date };

type CheckBody = z.output<typeof AdminLiveCheckBody>;

/** 'Imię Nazwisko' of a check's staff member, or her username. */
export const checkerName = (row: { firstname: string; lastname: string; username: string }) =>
  `${row.firstname} ${row.lastname}`.trim() || row.username;

export async function checkException(deps: LiveChecksDeps, call: StaffCall, body: CheckBody): Promise<AdminLiveCheckResponse> {
  const e = body.exception;
  // Her assignment to an action of the caller's territories; another's is as unknown as none.
  const assigned = await repo.assignmentInScope(deps.db, call.staff.scope, e.action.uuid, e.promoter.uuid);
  if (!assigned) throw refusedTry('E_ACTION_NOT_FOUND', { type: 'action', ids: [e.action.uuid] });
  const key: repo.ExceptionKey = {
    kind: e.kind,
    actionId: assigned.action_id,
    userId: assigned.user_id,
    since: new Date(e.since).toISOString(),
  };
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const changed = body.checked
      ? await repo.insertCheck(trx, key, call.staff.staffId, at.toISOString())
      : await repo.deleteCheck(trx, key);
    // Already so (another coordinator was first): nothing changed, nothing recorded.
    if (!changed) return;
    await recordAudit(trx, at, {
      actor: call.actor,
      verb: 'live.exception_check',
      object: { type: 'action', id: key.actionId },
      details: { kind: key.kind, promoter: assigned.ident, since: key.since, checked: body.checked },
    });
  });
  const row = await repo.findCheck(deps.db, key);
  return { checked: row ? { by: { uuid: row.checked_by, name: checkerName(row) }, at: row.checked_at } : null };
}
