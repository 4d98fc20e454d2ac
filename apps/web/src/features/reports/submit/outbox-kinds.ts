import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The outbox kind of the reports feature (issue 25, decision 093): her report sent back for review
// goes like her other writes — stored first, sent with one Idempotency-Key until the server answers.
// Its group is the action's, after the end photos she sent again; and it waits for her older items
// of other groups, so the survey she sent again reaches the coordinator before the report does.
// app/outbox-kinds.ts imports this module; its texts are the outbox's (pl.outbox), so the failure popup's
// chunk does not bring the reports' texts.

export const reportResubmitKind = registerOutboxKind('report-resubmit', {
  route: 'actionReportResubmit',
  failureMessage: pl.outbox.failed['report-resubmit'],
  waitsForOtherGroups: true,
});

/** The item of her report sent back for review; the failure popup names the action (decision 072). */
export const resubmitItem = (report: { uuid: string; name: string }) =>
  reportResubmitKind.item(report.uuid, { action: { uuid: report.uuid } }, { subject: pl.outbox.subject(report.name) });
