import { readToken } from '../storage/token.ts';
import { announceRefused, announceSent, reloadView } from './outbox-connection.ts';
import * as db from './outbox-db.ts';
import { belongsTo, currentOwner } from './outbox-owner.ts';
import { backoffMs, sendItem, type SendOutcome } from './outbox-send.ts';
import { outboxKind, type OutboxKind } from './outbox-kinds.ts';
import { mustWait } from './outbox-order.ts';
import type { OutboxFailure, OutboxItem } from './outbox-types.ts';

/** A token the server refused (401): nothing is sent with it again until a flush or another token. */
let rejectedToken: string | null = null;

export const resetRejectedToken = (): void => {
  rejectedToken = null;
};

export const tokenUsable = (token: string | null): token is string => token !== null && token !== rejectedToken;

/**
 * How a drain ended: nothing to send now (done, backoff, no token); held back by another group's
 * older items; or its next item is of a kind not registered yet (both wait for a change, not a timer).
 */
export type DrainResult = 'idle' | 'blocked';

/**
 * Sends the items of one group that belong to the promoter logged in, oldest first, until one must
 * wait (backoff, no usable token, another group's older items, its kind not registered yet) or none
 * is left. An item leaves the database only with the server's answer: accepted, or refused for good.
 */
export async function drainGroup(open: db.OutboxDb, group: string, force: boolean): Promise<DrainResult> {
  for (let ignoreBackoff = force; ; ignoreBackoff = true) {
    const owner = currentOwner();
    const mine = (item: OutboxItem) => belongsTo(item, owner);
    const head = await db.headItemOf(open, group, mine);
    if (!head || (!ignoreBackoff && head.nextAttemptAt > Date.now())) return 'idle';
    // Its feature's module is not loaded yet: sent once it registers the kind (outbox-sender.ts).
    const kind = outboxKind(head.kind);
    if (!kind) return 'blocked';
    // What its step waits for (outbox-order.ts): B's whole start, answers and photos too, after A's finish.
    if (await mustWait(open, head, mine)) return 'blocked';
    const token = readToken();
    if (!tokenUsable(token)) return 'idle';

    const outcome = await sendItem(head);
    if (outcome.type === 'sent') {
      await db.removeItem(open, head.seq);
      await reloadView();
      announceSent(head, outcome.data);
    } else if (outcome.type === 'final') {
      // spec §4 Start/end flow: the check-in goes "whatever the photo result", so the action's next item
      // follows — unless the kind says its refusal ends the group (the photo survey's second photo).
      await db.replaceItemWithFailure(open, head.seq, failureOf(head, kind, outcome, owner));
      if (kind.refusalEndsGroup) await db.removeGroupItems(open, group, mine);
      await reloadView();
      announceRefused(head, outcome.code);
    } else {
      if (outcome.type === 'auth') rejectedToken = token;
      const attempts = outcome.type === 'retry' ? head.attempts + 1 : head.attempts;
      const nextAttemptAt = outcome.type === 'retry' ? Date.now() + backoffMs(attempts) : Date.now();
      // Once sent with her token it is hers, even if it had no owner (an item of the outbox's first
      // version): the server may have done it already (the answer lost, or come after she logged
      // out), and sent with the next promoter's token it would be run again as hers, not replayed —
      // the Idempotency-Key is the user's (decision 071).
      await db.updateItem(open, { ...head, owner: head.owner ?? owner, attempts, nextAttemptAt, lastError: outcome.reason });
      await reloadView();
      return 'idle';
    }
  }
}

/** `sender`: who sent it; an item without an owner went with her token, so its failure is hers. */
function failureOf(
  item: OutboxItem,
  kind: OutboxKind,
  outcome: Extract<SendOutcome, { type: 'final' }>,
  sender: string | null,
): OutboxFailure | null {
  // A kind without a failure message is only logged, never shown (e.g. spec §4 Location tracking);
  // so is a code the kind tolerates.
  if (kind.failureMessage === null || kind.toleratedCodes?.includes(outcome.code ?? '')) {
    console.warn(`outbox: ${item.kind} refused`, outcome.code);
    return null;
  }
  // Keyed by the item's seq, so failures come back in the order of their items.
  const id = `failure-${String(item.seq).padStart(12, '0')}`;
  const at = new Date().toISOString();
  const subject = item.subject === undefined ? {} : { subject: item.subject };
  return { id, owner: item.owner ?? sender, group: item.group, kind: item.kind, ...subject, code: outcome.code, ts: outcome.ts, at };
}
