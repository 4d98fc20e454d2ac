import type { ReportReviewTable } from '../db/schema.ts';
import type { Db } from '../db/kysely.ts';
import { newId } from '../lib/crypto.ts';
import { recordAudit } from '../plugins/audit-trail.ts';
import * as reviews from '../modules/reviews/reviews.repository.ts';

// The report review's demo data (issue 25, decision 090): Anna's finished actions in Warsaw in each
// state, reviewed by the Warsaw coordinator, so the back office's reports are not empty. Her newest
// report (yesterday's) stays submitted; the next ones: changes requested (with a note her app shows),
// resubmitted, and two approved.

export const DEMO_REVIEW_NOTE = 'Zdjęcie ekspozycji jest nieostre — zrób nowe i uzupełnij ankietę.';
const EARLIER_NOTE = 'Brakuje zdjęcia półki z produktami velo.';

type Step = { kind: 'changes_requested' | 'resubmitted' | 'approved'; note?: string; hoursAfter: number };

/** What happens to her reports, newest first after yesterday's. */
const STORIES: Step[][] = [
  [{ kind: 'changes_requested', note: DEMO_REVIEW_NOTE, hoursAfter: 18 }],
  [
    { kind: 'changes_requested', note: EARLIER_NOTE, hoursAfter: 18 },
    { kind: 'resubmitted', hoursAfter: 30 },
  ],
  [{ kind: 'approved', hoursAfter: 20 }],
  [{ kind: 'approved', hoursAfter: 20 }],
];

const plusHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000);

export async function seedReportReviews(trx: Db, o: { promoterUsername: string; reviewerUsername: string }): Promise<void> {
  const reviewer = await trx
    .selectFrom('staff')
    .select(['id', 'username', 'firstname', 'lastname'])
    .where('username', '=', o.reviewerUsername)
    .executeTakeFirstOrThrow();
  const finished = await trx
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['a.id', 's.user_id', 'u.ident'])
    .select((eb) =>
      eb
        .selectFrom('action_status_events as ev')
        .select((e) => e.fn.max('ev.created_at').as('v'))
        .whereRef('ev.action_id', '=', 'a.id')
        .whereRef('ev.user_id', '=', 's.user_id')
        .where('ev.kind', '=', 'check_out')
        .as('checked_out_at'),
    )
    .where('u.username', '=', o.promoterUsername)
    .where('s.status', '=', 'finished')
    .orderBy('a.since', 'desc')
    .execute();
  const actor = { type: 'staff' as const, id: reviewer.id, name: reviewer.username, roles: ['coordinator'], address: null };
  const staffName = `${reviewer.firstname} ${reviewer.lastname}`;
  // The newest stays submitted: no row.
  for (const [i, steps] of STORIES.entries()) {
    const report = finished[i + 1];
    if (!report?.checked_out_at) continue;
    const submittedAt = report.checked_out_at;
    await reviews.ensureReview(trx, { action_id: report.id, user_id: report.user_id, submitted_at: submittedAt, updated_at: submittedAt });
    let state: ReportReviewTable['state'] = 'submitted';
    for (const step of steps) {
      const at = plusHours(submittedAt, step.hoursAfter);
      const iso = at.toISOString();
      const byStaff = step.kind !== 'resubmitted';
      const note = step.kind === 'changes_requested' ? (step.note ?? null) : null;
      const reason = step.kind === 'changes_requested' ? 'photos' : null;
      await reviews.moveReview(
        trx,
        { actionId: report.id, userId: report.user_id, from: state },
        byStaff
          ? { state: step.kind, reason, note, reviewed_at: iso, reviewed_by: reviewer.id, updated_at: iso }
          : { state: step.kind, submitted_at: iso, updated_at: iso },
      );
      await reviews.insertReviewEvent(trx, {
        id: newId(),
        action_id: report.id,
        user_id: report.user_id,
        kind: step.kind,
        reason,
        note,
        staff_id: byStaff ? reviewer.id : null,
        staff_name: byStaff ? staffName : null,
        at: iso,
      });
      if (byStaff) {
        const details = { promoter: report.ident, from: state, decision: step.kind, ...(note ? { reason, note } : {}) };
        await recordAudit(trx, at, { actor, verb: 'reports.review', object: { type: 'action', id: report.id }, details });
      }
      state = step.kind;
    }
  }
}
