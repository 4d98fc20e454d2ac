import type { IntegrityEvidence, IntegrityFlagKind } from '@promotor/contract';
import { raiseFlags } from '../modules/integrity/integrity-flags.repository.ts';
import type { TestApp } from './test-app.ts';

// Issue 38's flags as the signals raise them, written through the one writer (raiseFlags), so the
// review's tests do not depend on how a signal is computed.

export const FAR_EVIDENCE: IntegrityEvidence = {
  distanceMeters: 820,
  accuracyMeters: 35,
  point: { latitude: 52.2297, longitude: 21.0122, name: 'Żabka Marszałkowska' },
  fixes: [{ latitude: 52.2371, longitude: 21.0122, accuracy: 35, at: '2031-03-04 10:02:00' }],
};

/** A flag of her report (or her assignment to an action), raised now (or `raisedAt`); answers its id. */
export async function buildFlag(
  t: TestApp,
  report: { action: { uuid: string }; promoter: { userId: string } },
  kind: IntegrityFlagKind = 'check_in_far',
  o: { evidence?: IntegrityEvidence; subject?: string; raisedAt?: string } = {},
): Promise<string> {
  const subject = o.subject ?? '';
  await raiseFlags(t.db, [
    {
      actionId: report.action.uuid,
      userId: report.promoter.userId,
      kind,
      subject,
      evidence: o.evidence ?? FAR_EVIDENCE,
      raisedAt: o.raisedAt ?? t.clock.now().toISOString(),
    },
  ]);
  const row = await t.db
    .selectFrom('integrity_flags')
    .select('id')
    .where('action_id', '=', report.action.uuid)
    .where('user_id', '=', report.promoter.userId)
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return row.id;
}
