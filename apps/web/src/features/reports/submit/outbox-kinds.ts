import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The outbox kind of the reports feature (issue 25, decision 093): her report sent back for review
// goes like her other writes — stored first, sent with one Idempotency-Key until the server answers.
// Its group is the action's, after the end photos she sent again; and it waits for her older items
// of other groups, so the survey she sent again reaches the coordinator before the report does.
// app/outbox-kinds.ts imports this module.

export const reportResubmitKind = registerOutboxKind('report-resubmit', {
  route: 'actionReportResubmit',
  failureMessage: pl.reports.review.failed,
  waitsForOtherGroups: true,
});
