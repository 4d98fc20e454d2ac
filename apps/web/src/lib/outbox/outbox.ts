import { useMemo, useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '../api-client.ts';
import { readToken } from '../storage/token.ts';
import { closeDb, listenToOtherTabs, openDb, reloadView, stopListeningToOtherTabs } from './outbox-connection.ts';
import * as db from './outbox-db.ts';
import { drainAction, resetRejectedToken, tokenUsable } from './outbox-drain.ts';
import type { OutboxFailure, OutboxItem, OutboxItemInput } from './outbox-types.ts';
import { addRefusedListener, addSentListener, currentView, headsOf, setView, subscribeView } from './outbox-view.ts';

export type { OutboxFailure, OutboxItem, OutboxItemInput, OutboxLabel } from './outbox-types.ts';

// issue 3 "Offline outbox": poll answers, photos, check-ins, check-outs, cancels and location pings
// wait in IndexedDB until the server answers. Each action has its own chain: its items go strictly
// in order (spec §4 Start/end flow: answers, then photos, then the check-in), and a chain that waits
// or hangs never holds up another action's.

const LOCK_PREFIX = 'promotor-outbox:';
/** After the database itself failed (quota, private mode), look again this much later. */
const DB_FAILURE_RETRY_MS = 60_000;

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The chain running for each action in this tab. */
const chains = new Map<string, Promise<void>>();
/** Actions asked for again while their chain ran (true: ignoring backoff). */
const chainAgain = new Map<string, boolean>();
let scanning: Promise<void> | null = null;
let scanAgain: { force: boolean } | null = null;

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
  reloadView(false).catch(logFailure);
  requestSend(true);
}

/** Appends the items in this order in ONE IndexedDB transaction (all or none), each with its own fresh Idempotency-Key, then starts sending. Resolves once they are durably stored. */
export async function enqueue(items: OutboxItemInput[]): Promise<void> {
  start();
  if (items.length === 0) return;
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const stored = items.map((input) => ({ ...input, id: newIdempotencyKey(), idempotencyKey: newIdempotencyKey(), createdAt, attempts: 0, nextAttemptAt: now, lastError: null }));
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

/** React hook: live view. */
export function useOutbox(): {
  pending: OutboxItem[];
  pendingCount: number;
  pendingFor: (actionUuid: string) => OutboxItem[];
  failures: OutboxFailure[];
  dismissFailure: (id: string) => void;
} {
  const view = useSyncExternalStore(subscribe, currentView);
  return useMemo(
    () => ({
      pending: view.pending,
      pendingCount: view.pending.length,
      pendingFor: (actionUuid: string) => view.pending.filter((item) => item.actionUuid === actionUuid),
      failures: view.failures,
      dismissFailure,
    }),
    [view],
  );
}

/** Resolves once this tab's sender has nothing more to do right now (tests, and anyone who must wait). */
export async function outboxSettled(): Promise<void> {
  while (scanning || chains.size > 0) await Promise.all([scanning, ...chains.values()]);
}

/** Starts a chain for every action with waiting items (`force`: their backoff is ignored). */
function requestSend(force: boolean): void {
  if (!started) return;
  if (scanning) {
    scanAgain = { force: force || (scanAgain?.force ?? false) };
    return;
  }
  scanning = scan(force)
    .catch((error: unknown) => {
      logFailure(error);
      clearTimeout(timer);
      timer = setTimeout(() => requestSend(false), DB_FAILURE_RETRY_MS);
    })
    .finally(() => {
      scanning = null;
    });
}

async function scan(force: boolean): Promise<void> {
  for (let next: { force: boolean } | null = { force }; next; next = scanAgain) {
    scanAgain = null;
    const items = await db.allItems(await openDb());
    for (const actionUuid of new Set(items.map((item) => item.actionUuid))) startChain(actionUuid, next.force);
  }
  scheduleNext();
}

function startChain(actionUuid: string, force: boolean): void {
  if (!started) return;
  if (chains.has(actionUuid)) {
    chainAgain.set(actionUuid, force || (chainAgain.get(actionUuid) ?? false));
    return;
  }
  const send = async () => drainAction(await openDb(), actionUuid, force);
  // Only one tab sends an action's items at a time; another waits, then reads what is left.
  const locked: Promise<void> =
    typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK_PREFIX + actionUuid, send).then(() => undefined) : send();
  const chain = locked.catch(logFailure).finally(() => {
    chains.delete(actionUuid);
    const again = chainAgain.get(actionUuid);
    chainAgain.delete(actionUuid);
    if (again !== undefined) startChain(actionUuid, again);
    scheduleNext();
  });
  chains.set(actionUuid, chain);
}

/** Wakes the sender when the first waiting action's backoff ends; not at all while there is no usable token. */
function scheduleNext(): void {
  clearTimeout(timer);
  if (!started || !tokenUsable(readToken())) return;
  const waiting = headsOf(currentView().pending).filter((item) => !chains.has(item.actionUuid));
  const due = Math.min(...waiting.map((item) => item.nextAttemptAt));
  if (Number.isFinite(due)) timer = setTimeout(() => requestSend(false), Math.max(0, due - Date.now()));
}

/** Stops listening and closes the database (tests: a "reload" is a stop plus a fresh module). */
export async function stopOutbox(): Promise<void> {
  started = false;
  await outboxSettled();
  clearTimeout(timer);
  window.removeEventListener('online', flushOutbox);
  document.removeEventListener('visibilitychange', onVisibilityChange);
  stopListeningToOtherTabs();
  resetRejectedToken();
  await closeDb();
  setView({ pending: [], failures: [] });
}
