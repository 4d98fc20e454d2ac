import { vi } from 'vitest';
import type { OutboxItem } from '../../../lib/outbox/index.ts';

// A stand-in for lib/outbox in the unit tests of this feature (the outbox has its own tests):
//   vi.mock('../../../lib/outbox/index.ts', () => import('./outbox-mock.ts'));
// `pendingItems` is what useOutbox() reports as pending; `sentListeners` and `refusedListeners` let a
// test fire onOutboxSent and onOutboxRefused.

export const pendingItems: Pick<OutboxItem, 'group' | 'kind'>[] = [];
export const sentListeners = new Set<(item: OutboxItem, data: unknown) => void>();
export const refusedListeners = new Set<(item: OutboxItem, code: string | null) => void>();

// The real registry: the feature's kinds register and build their items as in the app.
export { outboxKind, registerOutboxKind } from '../../../lib/outbox/outbox-kinds.ts';

export const enqueue = vi.fn(async (_items: unknown[]) => {});
export const flushOutbox = vi.fn();
export const outboxSettled = vi.fn(async () => {});

export function onOutboxSent(listener: (item: OutboxItem, data: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function onOutboxRefused(listener: (item: OutboxItem, code: string | null) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export function useOutbox() {
  const pending = pendingItems as OutboxItem[];
  return {
    pending,
    pendingCount: pending.length,
    pendingFor: (group: string) => pending.filter((item) => item.group === group),
    failures: [],
    dismissFailure: () => {},
  };
}

/** Forget what the last test left behind. */
export function resetOutboxMock(): void {
  pendingItems.length = 0;
  sentListeners.clear();
  refusedListeners.clear();
  enqueue.mockReset();
  enqueue.mockImplementation(async () => {});
}
