import type { InboxNotification, NotificationDetails } from '@promotor/contract';
import { ok, type ServerAnswer, type ServerRequest } from '../../../lib/outbox/test/outbox-test-kit.ts';

let nextId = 100;

const noDetails: NotificationDetails = {
  actionUuid: null,
  actionName: null,
  since: null,
  place: null,
  previousSince: null,
  previousPlace: null,
  note: null,
  changedActions: null,
};

/** One notification of her inbox; by default an unread report sent back, with a fresh id. */
export function buildNotification(
  overrides: Partial<Omit<InboxNotification, 'details'>> & { details?: Partial<NotificationDetails> } = {},
): InboxNotification {
  const { details, ...rest } = overrides;
  return {
    id: nextId++,
    kind: 'report_returned',
    createdAt: '2026-03-05 09:30:00',
    readAt: null,
    ...rest,
    details: {
      ...noDetails,
      actionUuid: 'action-7',
      actionName: 'Degustacja glo',
      since: '2026-03-04 10:00:00',
      note: 'Brakuje zdjęcia ekspozycji.',
      ...details,
    },
  };
}

/** The details of an action notification (cancelled, assigned): the action, its start and its point. */
export const actionDetails = (overrides: Partial<NotificationDetails> = {}): Partial<NotificationDetails> => ({
  actionUuid: 'action-9',
  actionName: 'Degustacja velo',
  since: '2026-03-06 08:00:00',
  place: 'Żabka, Marszałkowska 1',
  note: null,
  ...overrides,
});

/** The inbox's answer: newest first, unread counted from them unless told. */
export const inboxAnswer = (notifications: InboxNotification[], unread = notifications.filter((n) => n.readAt === null).length) =>
  ok({ notifications, unread });

/** A fake server's answers with an empty inbox in front: for tests of pages under the header, which asks for it. */
export const withEmptyInbox =
  (answer: (request: ServerRequest) => ServerAnswer | Promise<ServerAnswer>) =>
  (request: ServerRequest): ServerAnswer | Promise<ServerAnswer> =>
    request.path === '/notifications/list' ? inboxAnswer([]) : answer(request);
