import { useMemo, useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '../api-client.ts';
import { closeDb, listenToOtherTabs, openDb, reloadView, stopListeningToOtherTabs } from './outbox-connection.ts';
import * as db from './outbox-db.ts';
import { resetRejectedToken } from './outbox-drain.ts';
import { startOutboxHeader, stopOutboxHeader } from './outbox-header.ts';
import { belongsTo, currentOwner, useCurrentOwner } from './outbox-owner.ts';
import { requestSend, startSender, stopSender } from './outbox-sender.ts';
import type { OutboxFailure, OutboxItem, OutboxItemInput } from './outbox-types.ts';
import { addRefusedListener, addSentListener, currentView, setView, subscribeView } from './outbox-view.ts';

export type { OutboxFailure, OutboxItem, OutboxItemInput } from './outbox-types.ts';
export { outboxKind, registerOutboxKind, type OutboxKindHandle, type OutboxKindOptions } from './outbox-kinds.ts';
export { outboxSettled } from './outbox-sender.ts';

// issue 3 "Offline outbox", issue 7 "A generic outbox": calls of the route table wait in IndexedDB
// until the server answers. Features register the kinds of items they queue (outbox-kinds.ts: the
// route, what a refusal says, the order it keeps); the outbox knows none of them. Each group (e.g.
// one action) has its own chain: its items go strictly in order, and a chain that waits or hangs
// never holds up another group's — except that a step (the items of a group queued together) waits
// for the older items of her other groups that any of its kinds waits for (outbox-order.ts). Items
// belong to the promoter who made them (outbox-owner.ts).

let started = false;

const logFailure = (error: unknown) => console.warn('outbox:', error);

const onVisibilityChange = () => {
  if (document.visibilityState === 'visible') flushOutbox();
};

/** Listens for the moments worth a try (online, back to the tab), reads what was left last time and sends it. */
function start(): void {
  // Without IndexedDB (an old or locked-down browser, unit tests without fake-indexeddb) there is
  // nothing to send; enqueue() then rejects, so the caller can tell the promoter.
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  window.addEventListener('online', flushOutbox);
  document.addEventListener('visibilitychange', onVisibilityChange);
  listenToOtherTabs();
  startSender();
  // Once read, every call says what waits (X-Outbox, decision 093).
  reloadView(false).then(startOutboxHeader).catch(logFailure);
  requestSend(true);
}

/**
 * Appends the items (built by their kinds' handles) in this order in ONE IndexedDB transaction (all
 * or none), each with its own Idempotency-Key (the caller's `idempotencyKey`, else a fresh one) and
 * owned by the promoter logged in, then starts sending. Resolves once they are durably stored.
 */
export async function enqueue(items: readonly OutboxItemInput[]): Promise<void> {
  start();
  if (items.length === 0) return;
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const owner = currentOwner();
  // One step per call (outbox-order.ts): the items of a group queued together wait together.
  const step = newIdempotencyKey();
  const stored = items.map((input) => ({
    ...input,
    step,
    id: newIdempotencyKey(),
    owner,
    idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
    createdAt,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
  }));
  await db.addItems(await openDb(), stored);
  await reloadView().catch(logFailure);
  requestSend(false);
}

/** Kick the sender now, backoff or not (also done on enqueue, on 'online', on page visibility, on app start and after login). */
export function flushOutbox(): void {
  resetRejectedToken();
  if (started) requestSend(true);
  else start();
}

/** Called after an item was accepted by the server (with the response data), in this tab or another. Returns an unsubscribe function. */
export function onOutboxSent(listener: (item: OutboxItem, data: unknown) => void): () => void {
  return addSentListener(listener);
}

/** Called after the server refused an item for good (its failure is shown by the overlay). Returns an unsubscribe function. */
export function onOutboxRefused(listener: (item: OutboxItem, code: string | null) => void): () => void {
  return addRefusedListener(listener);
}

function subscribe(listener: () => void): () => void {
  start();
  return subscribeView(listener);
}

function dismissFailure(id: string): void {
  openDb()
    .then((open) => db.removeFailure(open, id))
    .then(() => reloadView())
    .catch(logFailure);
}

/** React hook: live view of what belongs to the promoter logged in (another's items wait unseen). */
export function useOutbox(): {
  pending: OutboxItem[];
  pendingCount: number;
  /** The waiting items of one group, oldest first. */
  pendingFor: (group: string) => OutboxItem[];
  failures: OutboxFailure[];
  dismissFailure: (id: string) => void;
} {
  const view = useSyncExternalStore(subscribe, currentView);
  const owner = useCurrentOwner();
  return useMemo(() => {
    const pending = view.pending.filter((item) => belongsTo(item, owner));
    return {
      pending,
      pendingCount: pending.length,
      pendingFor: (group: string) => pending.filter((item) => item.group === group),
      failures: view.failures.filter((failure) => belongsTo(failure, owner)),
      dismissFailure,
    };
  }, [view, owner]);
}

/** Stops listening and closes the database (tests: a "reload" is a stop plus a fresh module). */
export async function stopOutbox(): Promise<void> {
  started = false;
  await stopSender();
  window.removeEventListener('online', flushOutbox);
  document.removeEventListener('visibilitychange', onVisibilityChange);
  stopListeningToOtherTabs();
  resetRejectedToken();
  stopOutboxHeader();
  await closeDb();
  setView({ pending: [], failures: [] });
}
