import type { AdminReport } from '@promotor/contract';
import { isStaffRole, permissionReach, type Permission } from '@promotor/contract/permissions';

// What the brand's viewer (the `client` role) sees, in one place (issue 33 item 3, decision 112).
// Whoever may not review reports (`reports.review`) gets the approved results only, everywhere:
//  - Raporty: approved reports only; an unapproved one, its photos and receipts are 404;
//  - a report's panel: planned and tapped times and the points, never where she was (no GPS positions,
//    no distances), never the coordinators' notes or reasons (the timeline has no review entries, the
//    history only approvals without note), no device identifiers of a receipt, no exceptions of her
//    shift (a tool of the review, decision 116), no plausibility flags (decision 138);
//  - actions.csv: the plan of every action, but her tapped times, report state, 'Rejestracje' and
//    'Wydane kody' only once her report is approved;
//  - registrations.csv, redemptions.csv and the dashboard's registrations and codes: only those of
//    approved reports (a code handed out outside an action has no report: not counted for her).
// Admin and coordinators (who review) see everything of their scope. Each client-facing answer asks
// `clientView(actor)` and passes `approvedOnly` to its query or shapes its answer with these functions.

export type ClientView = {
  /** True: only approved reports' results, no internal notes, no positions. */
  readonly approvedOnly: boolean;
};

const holds = (roles: readonly string[], permission: Permission) => permissionReach(roles.filter(isStaffRole), permission) !== null;

export function clientView(actor: { roles: readonly string[] }): ClientView {
  return { approvedOnly: !holds(actor.roles, 'reports.review') };
}

/** A report's detail as the viewer may read it (see above); unchanged for those who review. */
export function reportDetailFor(view: ClientView, report: AdminReport): AdminReport {
  if (!view.approvedOnly) return report;
  return {
    ...report,
    timeline: report.timeline
      .filter((e) => e.kind !== 'review' && e.kind !== 'resubmitted')
      .map((e) => ({ ...e, position: null, distanceMeters: null, note: null })),
    receipts: report.receipts.map((r) => ({ ...r, device: { serial: null, beacon: null } })),
    exceptions: [],
    // Plausibility flags (decision 138): a tool of the review, with her positions and other promoters' photos.
    flags: [],
    reviews: report.reviews
      .filter((r) => r.decision === 'approved')
      .map((r) => ({ ...r, reason: null, note: null, reviewer: { name: '' } })),
  };
}

/** A cell of a report's own results (her times, its state, its counts): empty for the viewer until approved. */
export function approvedCell<R extends { review_state: string | null }, V>(view: ClientView, cell: (row: R) => V) {
  return (row: R): V | null => (!view.approvedOnly || row.review_state === 'approved' ? cell(row) : null);
}
