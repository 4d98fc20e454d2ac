import type { OutboxFailure, OutboxItem } from './outbox-types.ts';

// What the screens show of the outbox: an in-memory copy of the database, replaced as a whole after
// every change (so React's useSyncExternalStore sees a new object), plus the "sent" notifications.

export type OutboxView = { pending: OutboxItem[]; failures: OutboxFailure[] };

let view: OutboxView = { pending: [], failures: [] };
const viewListeners = new Set<() => void>();
const sentListeners = new Set<(item: OutboxItem, data: unknown) => void>();
const refusedListeners = new Set<(item: OutboxItem, code: string | null) => void>();

export const currentView = (): OutboxView => view;

export function setView(next: OutboxView): void {
  view = next;
  viewListeners.forEach((listener) => listener());
}

export function subscribeView(listener: () => void): () => void {
  viewListeners.add(listener);
  return () => viewListeners.delete(listener);
}

export function addSentListener(listener: (item: OutboxItem, data: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function addRefusedListener(listener: (item: OutboxItem, code: string | null) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export function notifyRefused(item: OutboxItem, code: string | null): void {
  for (const listener of refusedListeners) {
    try {
      listener(item, code);
    } catch (error) {
      console.error('outbox: a refused-listener failed', error);
    }
  }
}

export function notifySent(item: OutboxItem, data: unknown): void {
  for (const listener of sentListeners) {
    // One broken listener must not keep the others (or the sender) from running.
    try {
      listener(item, data);
    } catch (error) {
      console.error('outbox: a sent-listener failed', error);
    }
  }
}

/** The oldest item of each group: the ones the sender may try now. */
export function headsOf(items: OutboxItem[]): OutboxItem[] {
  const heads = new Map<string, OutboxItem>();
  for (const item of items) {
    const head = heads.get(item.group);
    if (!head || item.seq < head.seq) heads.set(item.group, item);
  }
  return [...heads.values()];
}
