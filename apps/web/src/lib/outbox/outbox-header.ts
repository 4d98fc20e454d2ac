import { reportOutboxWith } from '../api-client.ts';
import { belongsTo, currentOwner } from './outbox-owner.ts';
import type { OutboxItem } from './outbox-types.ts';
import { currentView } from './outbox-view.ts';

// issue 25 "What is still on the phones" (decision 093): every call she makes says what waits in her
// outbox, `X-Outbox: <count>; <ISO time of the oldest item>`, or `X-Outbox: 0`. Read from the view
// the screens already keep in memory (no IndexedDB read per call), and only once it was read from
// the database: before that nothing is said rather than a false 0. Counted: her items (those that
// would go with her token), never the refused ones; a call of the outbox itself leaves out the item
// it carries, so the last item's own call already says 0.

let known = false;
/** Her items of the last view read, and the header they give (one filter per change of the outbox). */
let memo: { pending: OutboxItem[]; owner: string | null; mine: OutboxItem[]; header: string } | null = null;

function headerOf(items: readonly OutboxItem[]): string {
  if (items.length === 0) return '0';
  let oldest = items[0]!.createdAt;
  for (const item of items) if (item.createdAt < oldest) oldest = item.createdAt;
  return `${items.length}; ${oldest}`;
}

/** The X-Outbox value now; `sending`: the item of this call, not counted. Null before the outbox was read. */
export function outboxHeader(sending?: OutboxItem): string | null {
  if (!known) return null;
  const { pending } = currentView();
  const owner = currentOwner();
  if (memo?.pending !== pending || memo.owner !== owner) {
    const mine = pending.filter((item) => belongsTo(item, owner));
    memo = { pending, owner, mine, header: headerOf(mine) };
  }
  if (!sending || !memo.mine.some((item) => item.id === sending.id)) return memo.header;
  return headerOf(memo.mine.filter((item) => item.id !== sending.id));
}

/** Called once the outbox's view holds what the database holds: from now on every call says it. */
export function startOutboxHeader(): void {
  known = true;
  reportOutboxWith(() => outboxHeader());
}

export function stopOutboxHeader(): void {
  known = false;
  memo = null;
  reportOutboxWith(() => null);
}
