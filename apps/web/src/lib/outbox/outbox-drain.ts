import { readToken } from '../storage/token.ts';
import { announceRefused, announceSent, reloadView } from './outbox-connection.ts';
import * as db from './outbox-db.ts';
import { backoffMs, sendItem, type SendOutcome } from './outbox-send.ts';
import type { OutboxFailure, OutboxItem } from './outbox-types.ts';

/** A token the server refused (401): nothing is sent with it again until a flush or another token. */
let rejectedToken: string | null = null;

export const resetRejectedToken = (): void => {
  rejectedToken = null;
};

export const tokenUsable = (token: string | null): token is string => token !== null && token !== rejectedToken;

/**
 * Sends the items of one action, oldest first, until one must wait (backoff, no usable token) or none
 * is left. An item leaves the database only with the server's answer: accepted, or refused for good.
 */
export async function drainAction(open: db.OutboxDb, actionUuid: string, force: boolean): Promise<void> {
  for (let ignoreBackoff = force; ; ignoreBackoff = true) {
    const head = await db.headItemOf(open, actionUuid);
    if (!head || (!ignoreBackoff && head.nextAttemptAt > Date.now())) return;
    const token = readToken();
    if (!tokenUsable(token)) return;

    const outcome = await sendItem(head);
    if (outcome.type === 'sent') {
      await db.removeItem(open, head.seq);
      await reloadView();
      announceSent(head, outcome.data);
    } else if (outcome.type === 'final') {
      // spec §4 Start/end flow: the check-in goes "whatever the photo result", so the action's next item follows.
      await db.replaceItemWithFailure(open, head.seq, failureOf(head, outcome));
      await reloadView();
      announceRefused(head, outcome.code);
    } else {
      if (outcome.type === 'auth') rejectedToken = token;
      const attempts = outcome.type === 'retry' ? head.attempts + 1 : head.attempts;
      const nextAttemptAt = outcome.type === 'retry' ? Date.now() + backoffMs(attempts) : Date.now();
      await db.updateItem(open, { ...head, attempts, nextAttemptAt, lastError: outcome.reason });
      await reloadView();
      return;
    }
  }
}

function failureOf(item: OutboxItem, outcome: Extract<SendOutcome, { type: 'final' }>): OutboxFailure | null {
  // spec §4 Location tracking: a failed location send is only logged, never shown.
  if (item.label === 'location') {
    console.warn('outbox: location refused', outcome.code);
    return null;
  }
  // Keyed by the item's seq, so failures come back in the order of their items.
  const id = `failure-${String(item.seq).padStart(12, '0')}`;
  return { id, actionUuid: item.actionUuid, label: item.label, code: outcome.code, ts: outcome.ts, at: new Date().toISOString() };
}
