import * as db from './outbox-db.ts';
import { outboxKind } from './outbox-kinds.ts';
import type { OutboxItem } from './outbox-types.ts';

// Issue 20 item 1 (decision 072): what a queued step waits for. A kind with waitsForOtherGroups must
// not overtake any older item of her other groups (an item that depends on its own action's items goes
// in that action's group instead: a redemption, decision 074).
// The items queued together in one group form a step, and the step waits, from its first item on, for
// what any of its items waits for: a start is its answers, photos and check-in, and B's start photos
// sent before A's check-out would be refused (one started action at a time) — so the whole start of
// B waits for the finish of A, not only its check-in.

/** The items still queued of `head`'s step (head first); `head` alone when it has no step. */
async function stepOf(open: db.OutboxDb, head: OutboxItem, mine: (item: OutboxItem) => boolean): Promise<OutboxItem[]> {
  if (head.step === undefined) return [head];
  return (await db.groupItems(open, head.group, mine)).filter((item) => item.step === head.step);
}

/**
 * Whether the head of a group must wait: an older item of her other groups that its step waits for
 * is still queued. It is never older than the outbox's oldest item, so the outbox cannot lock itself.
 */
export async function mustWait(open: db.OutboxDb, head: OutboxItem, mine: (item: OutboxItem) => boolean): Promise<boolean> {
  const step = await stepOf(open, head, mine);
  if (!step.some((item) => outboxKind(item.kind)?.waitsForOtherGroups === true)) return false;
  return (await db.itemsOfOtherGroupsBefore(open, head, mine)).length > 0;
}
