// Every feature that queues work in the offline outbox registers its item kinds in a module of its
// own; the app loads them all here, with the outbox's failure popup (app/outbox-failures.tsx), so an
// item left from an earlier visit is sent and its refusal explained even before the feature's page is
// opened. A new feature that queues adds one line.
import '../features/actions/submit/outbox-kinds.ts';
import '../features/vouchers/submit/outbox-kinds.ts';
import '../features/photo-survey/submit/outbox-kinds.ts';
import '../features/webform/submit/outbox-kinds.ts';
import '../features/reports/submit/outbox-kinds.ts';
import '../features/notifications/submit/outbox-kinds.ts';
