import { readToken } from '../storage/token.ts';
import { announceRefused, announceSent, reloadView } from './outbox-connection.ts';
import * as db from './outbox-db.ts';
import { belongsTo, currentOwner } from './outbox-owner.ts';
import { backoffMs, sendItem, type SendOutcome } from './outbox-send.ts';
import type { OutboxFailure, OutboxItem, OutboxLabel } from './outbox-types.ts';

/** A token the server refused (401): nothing is sent with it again until a flush or another token. */
let rejectedToken: string | null = null;

export const resetRejectedToken = (): void => {
  rejectedToken = null;
};

export const tokenUsable = (token: string | null): token is string => token !== null && token !== rejectedToken;

/**
 * Status changes reach the server in the order she made them, across actions: the server allows one
 * started action at a time, so B's check-in sent before A's check-out would be refused for good.
 */
export const STATUS_LABELS: ReadonlySet<OutboxLabel> = new Set(['check-in', 'check-out', 'cancel']);

/** How a drain ended: nothing to send now (done, backoff, no token), or held back by another action's older items. */
export type DrainResult = 'idle' | 'blocked';

/**
 * Sends the items of one action that belong to the promoter logged in, oldest first, until one must
 * wait (backoff, no usable token, another action's older items) or none is left. An item leaves the
 * database only with the server's answer: accepted, or refused for good.
 */
export async function drainAction(open: db.OutboxDb, actionUuid: string, force: boolean): Promise<DrainResult> {
  for (let ignoreBackoff = force; ; ignoreBackoff = true) {
    const owner = currentOwner();
    const mine = (item: OutboxItem) => belongsTo(item, owner);
    const head = await db.headItemOf(open, actionUuid, mine);
    if (!head || (!ignoreBackoff && head.nextAttemptAt > Date.now())) return 'idle';
    // Whatever their label: A's end photos, too, go before B's check-in (they precede A's check-out).
    if (STATUS_LABELS.has(head.label) && (await db.hasEarlierItemOfOtherAction(open, head, mine))) return 'blocked';
    const token = readToken();
    if (!tokenUsable(token)) return 'idle';

    const outcome = await sendItem(head);
    if (outcome.type === 'sent') {
      await db.removeItem(open, head.seq);
      await reloadView();
      announceSent(head, outcome.data);
    } else if (outcome.type === 'final') {
      // spec §4 Start/end flow: the check-in goes "whatever the photo result", so the action's next item follows.
      await db.replaceItemWithFailure(open, head.seq, failureOf(head, outcome, owner));
      await reloadView();
      announceRefused(head, outcome.code);
    } else {
      if (outcome.type === 'auth') rejectedToken = token;
      const attempts = outcome.type === 'retry' ? head.attempts + 1 : head.attempts;
      const nextAttemptAt = outcome.type === 'retry' ? Date.now() + backoffMs(attempts) : Date.now();
      await db.updateItem(open, { ...head, attempts, nextAttemptAt, lastError: outcome.reason });
      await reloadView();
      return 'idle';
    }
  }
}

/** `sender`: who sent it; an item without an owner went with her token, so its failure is hers. */
function failureOf(item: OutboxItem, outcome: Extract<SendOutcome, { type: 'final' }>, sender: string | null): OutboxFailure | null {
  // spec §4 Location tracking: a failed location send is only logged, never shown.
  if (item.label === 'location') {
    console.warn('outbox: location refused', outcome.code);
    return null;
  }
  // Keyed by the item's seq, so failures come back in the order of their items.
  const id = `failure-${String(item.seq).padStart(12, '0')}`;
  const at = new Date().toISOString();
  return { id, owner: item.owner ?? sender, actionUuid: item.actionUuid, label: item.label, code: outcome.code, ts: outcome.ts, at };
}
