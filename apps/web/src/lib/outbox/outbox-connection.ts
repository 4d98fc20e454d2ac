import * as db from './outbox-db.ts';
import type { OutboxItem } from './outbox-types.ts';
import { notifyRefused, notifySent, setView } from './outbox-view.ts';

// The open database of this tab, and what tells the other tabs of the same app that it changed
// (BroadcastChannel), so every tab's header and popups show the same outbox.

const CHANNEL_NAME = 'promotor-outbox';

type TabMessage =
  { type: 'changed' } | { type: 'sent'; item: OutboxItem; data: unknown } | { type: 'refused'; item: OutboxItem; code: string | null };

let database: Promise<db.OutboxDb> | null = null;
let channel: BroadcastChannel | null = null;
let reloadCount = 0;

export function openDb(): Promise<db.OutboxDb> {
  database ??= db
    .openOutboxDb(() => void closeDb())
    .catch((error: unknown) => {
      database = null;
      throw error;
    });
  return database;
}

export async function closeDb(): Promise<void> {
  const open = database;
  database = null;
  (await open?.catch(() => null))?.close();
}

/** Reads the database into the view; with `tellOtherTabs`, the other tabs re-read theirs too. */
export async function reloadView(tellOtherTabs = true): Promise<void> {
  const mine = ++reloadCount;
  const open = await openDb();
  const [pending, failures] = await Promise.all([db.allItems(open), db.allFailures(open)]);
  // An older reload that finishes late must not overwrite a newer one.
  if (mine === reloadCount) setView({ pending, failures });
  if (tellOtherTabs) channel?.postMessage({ type: 'changed' } satisfies TabMessage);
}

/** Announces an accepted item in this tab and the others. */
export function announceSent(item: OutboxItem, data: unknown): void {
  notifySent(item, data);
  channel?.postMessage({ type: 'sent', item, data } satisfies TabMessage);
}

export function announceRefused(item: OutboxItem, code: string | null): void {
  notifyRefused(item, code);
  channel?.postMessage({ type: 'refused', item, code } satisfies TabMessage);
}

export function listenToOtherTabs(): void {
  if (channel || typeof BroadcastChannel !== 'function') return;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    if (event.data.type === 'sent') notifySent(event.data.item, event.data.data);
    if (event.data.type === 'refused') notifyRefused(event.data.item, event.data.code);
    reloadView(false).catch((error: unknown) => console.warn('outbox:', error));
  };
}

export function stopListeningToOtherTabs(): void {
  channel?.close();
  channel = null;
}
