import { IntegrityEvidence, type AdminExplainFlagBody, type AdminExplainFlagResponse, type IntegrityFlag } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { refusedTry } from '../../lib/app-error.ts';
import { clientView } from '../../lib/client-view.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import * as repo from './report-flags.repository.ts';

// A report's plausibility flags in the review (issue 38, decision 138): read with the report, each
// closed by a coordinator's 'Wyjaśnione' with a note. Never an automatic rejection: she may still send
// the report back as before.

const staffNameOf = (row: repo.ReportFlagRow) => `${row.by_firstname ?? ''} ${row.by_lastname ?? ''}`.trim() || (row.by_username ?? '');

/** A stored flag as the contract says it; evidence parsed with its schema (a field it does not know is dropped). */
export function toFlag(row: repo.ReportFlagRow, timezone: string): IntegrityFlag {
  const parsed = IntegrityEvidence.safeParse(JSON.parse(row.evidence));
  return {
    id: row.id,
    kind: row.kind,
    raisedAt: toWallClock(new Date(row.raised_at), timezone),
    evidence: parsed.success ? parsed.data : {},
    explained:
      row.explained_at === null
        ? null
        : { at: toWallClock(new Date(row.explained_at), timezone), by: staffNameOf(row), note: row.explanation ?? '' },
  };
}

export async function flagsOfReport(db: Db, actionId: string, userId: string, timezone: string): Promise<IntegrityFlag[]> {
  return (await repo.reportFlags(db, actionId, userId)).map((row) => toFlag(row, timezone));
}

type ExplainBody = z.output<typeof AdminExplainFlagBody>;
/** What the explanation needs of the review's deps (not imported: reviews.service.ts imports this module's reader). */
type FlagsDeps = { db: Db; now: () => Date; timezone: string };

/**
 * 'Wyjaśnione' with her note (the route's permission is reports.review). A flag outside the caller's
 * territories is not found and recorded as tried; one already explained is answered as it stands
 * (the first explanation stays; the call is idempotent, a retry or a second coordinator changes nothing).
 */
export async function explainFlag(deps: FlagsDeps, call: StaffCall, body: ExplainBody): Promise<AdminExplainFlagResponse> {
  const flag = await repo.findFlagInScope(deps.db, call.staff.scope, body.flag.id);
  if (!flag || clientView(call.actor).approvedOnly) throw refusedTry('E_FLAG_NOT_FOUND', { type: 'integrity_flag', ids: [body.flag.id] });
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const explained = await repo.explainOpenFlag(trx, flag.id, { at: at.toISOString(), by: call.staff.staffId, note: body.note });
    if (!explained) return;
    await recordAudit(trx, at, {
      actor: call.actor,
      verb: 'reports.explain_flag',
      object: { type: 'integrity_flag', id: flag.id },
      details: { action: flag.action_id, promoter: flag.user_ident, kind: flag.kind, note: body.note },
    });
  });
  return { flag: toFlag(await repo.flagRow(deps.db, flag.id), deps.timezone) };
}
